/**
 * What an import is asked to do and what it answers: the types the ingestion service and its paths (`feed-import.ts`,
 * `row-path.ts`, `bulk-path.ts`) share, so that the paths need not import the service that runs them.
 */
import type { FeedOffer, RowError } from '@pricehunt/catalog-feeds';
import type { ImportRunRow } from './ports';

export type ImportFormat = ImportRunRow['format'];

export interface ImportProgress {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export interface ImportOptions {
  format: ImportFormat;
  /** File path, URL or label of where the rows came from (kept on the import run). */
  source: string;
  /** The retailer every row belongs to (`--retailer`, a merchant's store); otherwise each row's own retailer or its URL's host. */
  retailer?: { id?: string; name: string; domains?: string[] } | null;
  /** Merchant account that owns the offers. */
  businessId?: string | null;
  /** The store domain every row's link must be on (or under): a merchant's feed links count only on its own store. */
  linkDomain?: string;
  /** Rows per batch (default 2000): a bulk batch is one transaction; the row path commits a batch in units of work of about ROW_TRANSACTION_MS. */
  batchSize?: number;
  /**
   * Bulk path for large imports: candidates come from GTIN and model-number lookups only, without the full-text
   * index. Default: on when the import is a synthetic catalog or `expectedRows` is 50,000 or more.
   */
  bulk?: boolean;
  expectedRows?: number;
  /**
   * The run becomes visible all at once or not at all: its rows are decided on the bulk path without writing, and
   * written in one transaction at its end. A run cut short (a killed process, a failure) leaves the catalog as it was,
   * and the next run applies the whole feed. Feed refreshes and uploads take it.
   */
  atomic?: boolean;
  /** Offers known to be the same item (labelled match pairs) share a key; the first one's product takes the rest. */
  knownMatchKey?: (offer: FeedOffer, line: number) => string | undefined;
  /**
   * The product an offer is a listing of, when the feed says (an item group): offers of one key are one product, and
   * an offer whose key the import has not met begins a product of its own, without matching. Products so made are
   * left out of the joins at the end of the import (they are whole). Offers without a key are matched as usual.
   */
  productGroupKey?: (offer: FeedOffer, line: number) => string | undefined;
  onProgress?: (progress: ImportProgress) => void;
  /** Rows between progress calls (default: every batch). */
  now?: () => string;
}

export interface ImportSummary extends ImportProgress {
  runId: string;
  status: 'succeeded' | 'failed';
  productsCreated: number;
  /** Row errors (the first 1000); `errorCount` has them all. */
  errors: RowError[];
  errorCount: number;
  /** Values good rows were imported without, each named like an error (the first 1000); `warningCount` has them all. */
  warnings: RowError[];
  warningCount: number;
  failure?: string;
  durationMs: number;
  offersPerSecond: number;
}
