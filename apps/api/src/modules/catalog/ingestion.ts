import { randomUUID } from 'node:crypto';
import type { FeedOffer, FeedRow, RowError } from '@pricehunt/catalog-feeds';
import { canonicalizeUrl, getRetailer, retailerForHost, RETAILER_LIST } from '@pricehunt/marketplace';
import { categorySlug, categoryName } from './category';
import { gtinOf, matchThreshold, modelKeysOf, type ProductMatcher } from './matching';
import type { CatalogRepository, ImportRunRow, NewOffer, OfferRow, RetailerRow } from './repository';

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
  /** Rows per transaction (default 2000). */
  batchSize?: number;
  /**
   * Bulk path for large imports: candidates come from GTIN and model-number lookups only, without the full-text
   * index. Default: on when the import is a synthetic catalog or `expectedRows` is 50,000 or more.
   */
  bulk?: boolean;
  expectedRows?: number;
  /** Offers known to be the same item (labelled match pairs) share a key; the first one's product takes the rest. */
  knownMatchKey?: (offer: FeedOffer, line: number) => string | undefined;
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
  failure?: string;
  durationMs: number;
  offersPerSecond: number;
}

const REPORT_LIMIT = 1000;

class RowRejected extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const slugId = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

const hostOf = (canonicalUrl: string) => new URL(canonicalUrl).hostname;

/** Names a retailer the registry does not know after its host: `abt.com` → `Abt`. */
function nameFromHost(host: string): string {
  const label = host.split('.').slice(-2, -1)[0] ?? host;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * Puts feed rows into the catalog. Rows are taken in batches, each batch in one transaction: a row the parser
 * rejected, or that conflicts with the catalog, is reported with its line, field and reason and skipped; the good
 * rows of the batch are kept; a failure of the database itself rolls the whole batch back, so no offer is ever
 * half-written. Each new offer is put into a product cluster by the matcher; product figures (offer count, best
 * price) and price history are kept in the same transaction.
 */
export function createIngestionService(deps: { repository: CatalogRepository; matcher: ProductMatcher }) {
  const { repository, matcher } = deps;

  function resolveRetailer(options: ImportOptions, offer: FeedOffer, host: string): RetailerRow {
    const named = options.retailer?.name ?? offer.retailer;
    if (named) {
      const known =
        getRetailer(options.retailer?.id ?? named.toLowerCase()) ??
        RETAILER_LIST.find((retailer) => retailer.name.toLowerCase() === named.toLowerCase()) ??
        null;
      if (known) return { id: known.id, name: known.name, domains: [...known.domains], affiliateParam: null };
      // A bare retailer id from a feed (`abt`, `google-shopping`) is shown in title case.
      const name = /^[a-z0-9-]+$/.test(named) ? named.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') : named;
      return { id: options.retailer?.id ?? slugId(named), name, domains: options.retailer?.domains ?? [host], affiliateParam: null };
    }
    const registered = retailerForHost(host);
    if (registered) return { id: registered.id, name: registered.name, domains: [...registered.domains], affiliateParam: null };
    return { id: slugId(host), name: nameFromHost(host), domains: [host], affiliateParam: null };
  }

  async function importRows(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions): Promise<ImportSummary> {
    const started = Date.now();
    const now = options.now ?? (() => new Date().toISOString());
    const runId = randomUUID();
    const bulk = options.bulk ?? (options.format === 'synthetic' || (options.expectedRows ?? 0) >= 50_000);
    const batchSize = options.batchSize ?? 2000;
    const retailerCache = new Map<string, RetailerRow>();
    const knownMatches = new Map<string, number>();
    const threshold = matchThreshold();
    const progress: ImportProgress = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
    const errors: RowError[] = [];
    let errorCount = 0;
    let productsCreated = 0;
    let failure: string | undefined;

    const fixedRetailerId = options.retailer ? (options.retailer.id ?? getRetailer(options.retailer.name.toLowerCase())?.id ?? slugId(options.retailer.name)) : null;
    repository.startImportRun({ id: runId, format: options.format, source: options.source, retailerId: fixedRetailerId, businessId: options.businessId ?? null });

    const reject = (rowErrors: RowError[]) => {
      progress.skipped++;
      errorCount += rowErrors.length;
      for (const error of rowErrors) if (errors.length < REPORT_LIMIT) errors.push(error);
    };

    const retailerFor = (offer: FeedOffer, host: string): RetailerRow => {
      const key = `${options.retailer?.name ?? offer.retailer ?? ''}|${options.retailer || offer.retailer ? '' : host}`;
      let retailer = retailerCache.get(key);
      if (!retailer) {
        retailer = resolveRetailer(options, offer, host);
        repository.ensureRetailer(retailer);
        retailerCache.set(key, retailer);
      }
      return retailer;
    };

    /** Validates a row against the catalog and writes it; throws RowRejected before any write when it cannot be taken. */
    const writeRow = (offer: FeedOffer, line: number, dirty: Set<number>, stamp: string): 'inserted' | 'updated' | 'unchanged' => {
      let canonicalUrl: string;
      try {
        canonicalUrl = canonicalizeUrl(offer.url);
      } catch (error) {
        throw new RowRejected('url', `is not a usable product URL (${(error as Error).message})`);
      }
      const host = hostOf(canonicalUrl);
      const retailer = retailerFor(offer, host);
      const modelKeys = modelKeysOf({ title: offer.title, model: offer.mpn });
      const priceCents = offer.salePriceCents !== undefined && offer.salePriceCents < offer.priceCents ? offer.salePriceCents : offer.priceCents;
      const record: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'> = {
        canonicalUrl,
        url: offer.url,
        host,
        title: offer.title,
        brand: offer.brand ?? null,
        model: offer.mpn ?? null,
        modelKey: modelKeys[0] ?? null,
        gtin: gtinOf(offer.gtin),
        priceCents,
        currency: offer.currency,
        shippingCents: offer.shippingCents ?? null,
        availability: offer.availability,
        condition: offer.condition,
        imageUrl: offer.imageUrl ?? null,
        category: offer.category ? categoryName(offer.category) : null,
        businessId: options.businessId ?? null,
      };

      const existing = repository.findOfferByExternalId(retailer.id, offer.externalId);
      const owner = repository.findOfferByCanonicalUrl(canonicalUrl);
      if (owner && owner.id !== existing?.id) {
        throw new RowRejected(options.format === 'gmc' ? 'link' : 'url', `is already the link of offer ${owner.externalId} of ${owner.retailerId}`);
      }
      if (existing) return updateExisting(existing, record, dirty, stamp);

      const productId = productFor(offer, line, record, modelKeys, dirty, stamp);
      const offerId = repository.insertOffer({ ...record, retailerId: retailer.id, externalId: offer.externalId, productId }, stamp, bulk);
      repository.insertPricePoint(offerId, record.priceCents, record.shippingCents, record.currency, stamp);
      dirty.add(productId);
      return 'inserted';
    };

    const updateExisting = (
      existing: OfferRow,
      record: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>,
      dirty: Set<number>,
      stamp: string,
    ): 'updated' | 'unchanged' => {
      const textChanged =
        existing.title !== record.title || existing.brand !== record.brand || existing.model !== record.model || existing.category !== record.category;
      const priceChanged =
        existing.priceCents !== record.priceCents || existing.shippingCents !== record.shippingCents || existing.currency !== record.currency;
      const otherChanged = (['canonicalUrl', 'url', 'gtin', 'availability', 'condition', 'imageUrl', 'businessId', 'modelKey'] as const).some(
        (key) => existing[key] !== record[key],
      );
      if (!textChanged && !priceChanged && !otherChanged) return 'unchanged';
      repository.updateOffer(existing.id, record, textChanged, stamp);
      if (priceChanged) repository.insertPricePoint(existing.id, record.priceCents, record.shippingCents, record.currency, stamp);
      if (existing.productId != null) dirty.add(existing.productId);
      return 'updated';
    };

    const productFor = (
      offer: FeedOffer,
      line: number,
      record: Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>,
      modelKeys: string[],
      dirty: Set<number>,
      stamp: string,
    ): number => {
      const knownKey = options.knownMatchKey?.(offer, line);
      const known = knownKey !== undefined ? knownMatches.get(knownKey) : undefined;
      let productId: number | null = known !== undefined && repository.getProduct(known) ? known : null;
      if (productId === null) productId = matcher.productWithGtin(record.gtin);
      // Bulk path: a stated model number under the same brand names the product without scoring.
      if (productId === null && bulk && offer.mpn) productId = matcher.productWithModel(modelKeys[0] ?? null, record.brand);
      if (productId === null) {
        const best = matcher.rank(
          { title: record.title, brand: record.brand, model: record.model, gtin: record.gtin, priceCents: record.priceCents },
          { useIndex: !bulk, indexLimit: 20, modelKeys },
        )[0];
        if (best && best.score >= threshold) productId = best.productId;
      }
      if (productId === null) {
        productId = repository.createProduct(
          {
            title: record.title,
            brand: record.brand,
            model: record.model,
            modelKey: record.modelKey,
            gtin: record.gtin,
            category: record.category,
            categorySlug: record.category ? categorySlug(record.category) : null,
            imageUrl: record.imageUrl,
          },
          stamp,
        );
        productsCreated++;
      }
      if (knownKey !== undefined) knownMatches.set(knownKey, productId);
      dirty.add(productId);
      return productId;
    };

    const flush = (batch: FeedRow[]) => {
      if (batch.length === 0) return;
      const stamp = now();
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const rejected: RowError[][] = [];
      const createdBefore = productsCreated;
      try {
        repository.transaction(() => {
          const dirty = new Set<number>();
          // The bulk path indexes the batch's new offers with one statement at the end of the same transaction.
          const firstNewId = repository.maxOfferId() + 1;
          for (const row of batch) {
            if (row.errors) {
              rejected.push(row.errors);
              continue;
            }
            try {
              counts[writeRow(row.offer, row.line, dirty, stamp)]++;
            } catch (error) {
              if (!(error instanceof RowRejected)) throw error;
              rejected.push([{ line: row.line, field: error.field, reason: error.reason }]);
            }
          }
          if (bulk) repository.indexOffersFrom(firstNewId);
          for (const productId of dirty) repository.refreshProduct(productId, stamp);
        });
      } catch (error) {
        productsCreated = createdBefore;
        throw error;
      }
      progress.inserted += counts.inserted;
      progress.updated += counts.updated;
      progress.unchanged += counts.unchanged;
      for (const rowErrors of rejected) reject(rowErrors);
      progress.rows += batch.length;
      options.onProgress?.({ ...progress });
    };

    // Large imports touch index pages all over the file: give them a bigger page cache (256 MB) while they run.
    const previousCacheSize = bulk ? (repository.sqlite.pragma('cache_size', { simple: true }) as number) : null;
    if (bulk) repository.sqlite.pragma('cache_size = -262144');
    let batch: FeedRow[] = [];
    try {
      for await (const row of rows as AsyncIterable<FeedRow>) {
        batch.push(row);
        if (batch.length >= batchSize) {
          flush(batch);
          batch = [];
          // Let other work (HTTP requests of the API, a progress bar) run between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      flush(batch);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      if (previousCacheSize !== null) repository.sqlite.pragma(`cache_size = ${Number(previousCacheSize)}`);
    }

    const status = failure ? 'failed' : 'succeeded';
    const report = { errors, errorCount, truncated: errorCount > errors.length, ...(failure ? { failure } : {}) };
    repository.finishImportRun({ id: runId, status, totalRows: progress.rows, ...progress, productsCreated, report });
    const durationMs = Date.now() - started;
    return {
      runId,
      status,
      ...progress,
      productsCreated,
      errors,
      errorCount,
      ...(failure ? { failure } : {}),
      durationMs,
      offersPerSecond: durationMs > 0 ? Math.round(((progress.inserted + progress.updated + progress.unchanged) * 1000) / durationMs) : 0,
    };
  }

  return {
    importRows,
    /** Imports already-parsed offers (line numbers are their 1-based positions). */
    importOffers(offers: readonly FeedOffer[], options: ImportOptions) {
      return importRows(
        offers.map((offer, index) => ({ line: index + 1, offer })),
        options,
      );
    },

    /**
     * Re-clusters the whole catalog with the current matcher: every offer is taken off its product and put back
     * in id order, as ingest would. Runs in batches of transactions; products left without offers are removed.
     */
    recluster(options: { batchSize?: number; bulk?: boolean; onProgress?: (done: number) => void } = {}) {
      const batchSize = options.batchSize ?? 2000;
      const sqlite = repository.sqlite;
      const threshold = matchThreshold();
      const ids = (sqlite.prepare('SELECT id FROM offers ORDER BY id').pluck().all() as number[]) ?? [];
      repository.transaction(() => {
        sqlite.prepare('UPDATE offers SET product_id = NULL').run();
        sqlite.prepare('DELETE FROM products').run();
      });
      let productsCreated = 0;
      for (let start = 0; start < ids.length; start += batchSize) {
        repository.transaction(() => {
          const dirty = new Set<number>();
          for (const id of ids.slice(start, start + batchSize)) {
            const offer = repository.getOffer(id);
            if (!offer) continue;
            let productId = matcher.productWithGtin(offer.gtin, offer.id);
            if (productId === null) {
              const best = matcher.rank(
                { title: offer.title, brand: offer.brand, model: offer.model, gtin: offer.gtin, priceCents: offer.priceCents },
                { useIndex: !options.bulk, excludeOfferId: offer.id, indexLimit: 20 },
              )[0];
              if (best && best.score >= threshold) productId = best.productId;
            }
            if (productId === null) {
              productId = repository.createProduct({
                title: offer.title,
                brand: offer.brand,
                model: offer.model,
                modelKey: offer.modelKey,
                gtin: offer.gtin,
                category: offer.category,
                categorySlug: offer.category ? categorySlug(offer.category) : null,
                imageUrl: offer.imageUrl,
              });
              productsCreated++;
            }
            repository.setOfferProduct(offer.id, productId);
            dirty.add(productId);
          }
          for (const productId of dirty) repository.refreshProduct(productId);
        });
        options.onProgress?.(Math.min(ids.length, start + batchSize));
      }
      return { offers: ids.length, productsCreated };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
