import type { MatcherReads } from './matching';
import type { ImportRunDelta, ImportRunOwner, ImportRunRow, NewOffer, NewProduct, OfferRow, RetailerRow } from './ports';
import { perform, type Step } from './steps';

/** An offer as a row of a feed describes it, before it has a retailer id, an external id and a product. */
export type OfferRecord = Omit<NewOffer, 'retailerId' | 'externalId' | 'productId'>;

/**
 * What one unit of work of an import reads and writes. The engine answers each operation on the unit's own
 * transaction, so a row sees the rows written before it in the same batch (synchronously on SQLite, as promises on
 * PostgreSQL: see steps.ts). The matcher's reads are among them: placing an offer ranks products inside the batch.
 */
export interface IngestionOps extends MatcherReads {
  findOfferByExternalId(retailerId: string, externalId: string): OfferRow | null;
  findOfferByCanonicalUrl(canonicalUrl: string): OfferRow | null;
  /** The offers a feed brought whose canonical URL begins with `prefix` (an address and the start of its query), oldest first; at most `limit`. */
  feedOffersUnderUrl(prefix: string, limit: number): OfferRow[];
  getOffer(id: number): OfferRow | null;
  productExists(id: number): boolean;
  /** Adds the retailer unless its id is known. */
  ensureRetailer(retailer: RetailerRow): void;
  /** Adds an offer (held for its store as the store's trust says) and answers its id; it is searchable at once. */
  insertOffer(offer: NewOffer, now: string): number;
  insertPricePoint(offerId: number, priceCents: number, shippingCents: number | null, currency: string, now: string): void;
  /** Updates an offer; `textChanged` false: only its commerce columns changed (price, stock, link). */
  updateOffer(id: number, record: OfferRecord, textChanged: boolean, now: string): void;
  /** Adds a product under the next id, or under `id` (a retired product's, taken back by re-clustering). */
  createProduct(product: NewProduct & { id?: number }, now: string): number;
  setOfferProduct(offerId: number, productId: number): void;
  /** Price reviews, figures and titles of the products; those left without offers are removed. */
  refreshProducts(ids: readonly number[], now: string): void;
  /** Every offer of the products `from` joins `into`; retired ids lead to it; figures refreshed. Answers the offers moved. */
  mergeProducts(from: readonly number[], into: number, now: string): number;
  /** Adds to a run's counts and marks it alive, with the writes it counts. */
  advanceImportRun(runId: string, delta: Partial<ImportRunDelta>): void;
  /** Every offer of a retailer, where it came from, and the refreshes in a row of its feed that did not list it. */
  offersOfRetailer(retailerId: string): SourcedOffer[];
  /** Offers their feed no longer lists: out of stock, one more refresh missing. */
  markOffersMissing(ids: readonly number[], now: string): void;
  /** Offers their feed lists again: no longer counted missing. */
  clearOffersMissing(ids: readonly number[]): void;
  /** Removes offers (their price history with them); their products are left to `refreshProducts`. */
  deleteOffers(ids: readonly number[]): void;
  /** Where the offer came from (`offers.origin`): a feed, or a product page read for a shopper; null when there is no such offer. */
  offerOrigin(offerId: number): 'feed' | 'page' | null;
  /** Marks an offer just inserted as read from a product page (`origin` `page`). */
  markPageOffer(offerId: number): void;
  /** Marks offers read from product pages as their shop's feed's, now that it lists them (`origin` `feed`). */
  markFeedOffers(ids: readonly number[]): void;
  /** Offers of the re-clustering under way still without a product, with the product each was in before: ids above `after`, at most `limit`, in id order. */
  reclusterOffersToPlace(after: number, limit: number): ReclusterOffer[];
}

/** A re-clustering under way: its offers, those it has yet to place, and the products they were in when it began. */
export interface ReclusterProgress {
  offers: number;
  unplaced: number;
  productsBefore: number;
}

/** An offer a re-clustering took off its product, with that product (null: it had none). */
export interface ReclusterOffer {
  id: number;
  productBefore: number | null;
}

/** The columns of an offer that a feed row states (what `changeOf` compares). */
export const STATED_COLUMNS = ['title', 'brand', 'model', 'category', 'priceCents', 'shippingCents', 'currency', 'canonicalUrl', 'url', 'gtin', 'availability', 'condition', 'imageUrl', 'businessId', 'modelKey'] as const;
export type StatedOffer = Pick<OfferRow, (typeof STATED_COLUMNS)[number]>;

/** An offer as a refresh of its retailer's feed sees it: what a row states of it, and the refreshes it was missing from. */
export interface SourcedOffer extends StatedOffer {
  id: number;
  externalId: string;
  productId: number | null;
  missingRuns: number;
  /** `page` for a product page a shopper pasted or watches, which no feed listed yet. */
  origin: 'feed' | 'page';
}

/** A unit of work of an import: a step over `IngestionOps`. */
export type IngestionStep<T> = Step<IngestionOps, T>;

/** Asks for one operation of an import's unit of work (`yield* op(...)` answers it). */
export const op = <K extends keyof IngestionOps>(method: K, ...args: Parameters<IngestionOps[K]>) => perform<IngestionOps, K>(method, ...args);

/** The counts a run's committed batches added up to. */
export type ImportRunCounts = Pick<ImportRunRow, 'totalRows' | 'inserted' | 'updated' | 'unchanged' | 'skipped' | 'productsCreated'>;

/**
 * The catalog as an import and a re-clustering see it, on one engine. `unitOfWork` runs a step in one transaction
 * that holds the engine's import lock from its start (SQLite: the write lock; PostgreSQL: a transaction-level advisory
 * lock every import takes), so the steps of imports in any process run one at a time and each decides on what the
 * others committed; it commits when the step returns and rolls back when it throws. The other methods are each one
 * unit of work of their own.
 */
export interface IngestionStore {
  /** Runs the step `work` makes; an engine may run it again, from a new step, when its transaction had to be retried. */
  unitOfWork<T>(work: () => IngestionStep<T>): Promise<T>;
  startImportRun(run: { id: string; format: ImportRunRow['format']; source: string; retailerId: string | null; businessId: string | null; owner: ImportRunOwner }): Promise<void>;
  /** Ends a run: its status, report and retailers (its counts are those its batches committed). */
  finishImportRun(run: { id: string; status: 'succeeded' | 'failed'; report: unknown; retailerIds: string[] }): Promise<void>;
  importRunCounts(id: string): Promise<ImportRunCounts | null>;
  /**
   * Groups of products with offers that state one part number in their part-number field (not only in their titles),
   * each group's ids ascending: for the given model keys, or for every key of the catalog.
   */
  productsSharingModelKeys(keys?: readonly string[]): Promise<number[][]>;
  /** Products of a single offer that states no model number, with that offer: among the given products, or all. */
  loneOffersWithoutModelNumber(productIds?: readonly number[]): Promise<Array<{ productId: number; offerId: number }>>;
  /** Gives the products the representative title of their offers. */
  retitleProducts(ids: readonly number[]): Promise<void>;
  /** Every offer's id and product: in id order, or in whatever order the engine reads them fastest. */
  offerProducts(order: 'by-id' | 'any'): Promise<Array<{ id: number; productId: number | null }>>;
  /**
   * Brings what searches read beside the offers up to date with them (PostgreSQL: the vocabulary view; SQLite's FTS5
   * tables are current at every commit). An import does it before it ends, so an instance that sees the run end reads
   * the words it added.
   */
  refreshSearchViews(): Promise<void>;
  /**
   * Begins a re-clustering, in one unit of work: records every offer with its product (what `reclusterOffersToPlace`
   * and `reclusterOutcome` read), takes every offer off its product and removes every product. False, with nothing
   * done, when a re-clustering is under way already (begun by any process, and not finished).
   */
  beginRecluster(): Promise<boolean>;
  /**
   * The re-clustering under way: the offers it took off their products, how many of those have none yet, and the
   * products they were in when it began; null when none is.
   */
  reclusterProgress(): Promise<ReclusterProgress | null>;
  /** Every offer of the re-clustering under way (still in the catalog), in id order: its product now and before. */
  reclusterOutcome(): Promise<Array<ReclusterOffer & { productId: number | null }>>;
  /**
   * Ends the re-clustering under way, in one unit of work: records that retired products' offers went to others
   * (`[from, to]` pairs, in order: links and favorites follow) and forgets its offers. False, with nothing done, when
   * none is under way (another process ended it).
   */
  finishRecluster(redirects: ReadonlyArray<readonly [number, number]>, now: string): Promise<boolean>;
  /** The bulk path for large imports (see `BulkPath`). */
  readonly bulk: BulkPath;
}

/** What a bulk import's in-memory index of the catalog is loaded from: each offer's keys. */
export interface OfferKeyRow {
  id: number;
  retailerId: string;
  externalId: string;
  canonicalUrl: string;
  productId: number | null;
  updatedAt: string;
  gtin: string | null;
  modelKey: string | null;
  brand: string | null;
}

/**
 * What one hand-over of a bulk import writes, in one transaction and in this order: new retailers, changed offers and
 * their price points, new products, new offers (ids reserved beforehand; `newOffers` is their id range, whose first
 * price points come from the offers themselves), the figures of the products it touched (price reviews first,
 * products left empty removed), titles, and the run's counts.
 */
export interface BulkBatch {
  now: string;
  retailers: RetailerRow[];
  updates: Array<{ id: number; record: OfferRecord; textChanged: boolean }>;
  pricePoints: Array<{ offerId: number; priceCents: number; shippingCents: number | null; currency: string }>;
  products: Array<{ id: number; product: NewProduct }>;
  offers: Array<{ id: number; retailerId: string; externalId: string; productId: number; record: OfferRecord }>;
  newOffers: { first: number; last: number } | null;
  refreshed: number[];
  titles: Array<{ productId: number; title: string }>;
  run: { id: string; delta: Partial<ImportRunDelta> };
  /** Offers read from shoppers' pages whose links rows of the batch take (a feed speaks for its shop): removed first. */
  removed?: number[];
}

/**
 * A staged run's batches as `BulkPath.writeAtOnce` writes them: each without its figures, then one batch that writes the
 * figures of every product they touched (the batches are committed together: the figures are worked out once).
 */
export function batchesAtOnce(batches: readonly BulkBatch[]): BulkBatch[] {
  const last = batches.at(-1);
  if (!last) return [];
  const refreshed = [...new Set(batches.flatMap((batch) => batch.refreshed))];
  const figures: BulkBatch = { now: last.now, retailers: [], updates: [], pricePoints: [], products: [], offers: [], newOffers: null, refreshed, titles: [], run: { id: last.run.id, delta: {} } };
  return [...batches.map((batch) => ({ ...batch, refreshed: [] })), figures];
}

/** Commits a bulk import's batches in the order they are handed over, while the next ones are decided. */
export interface BulkBatchWriter {
  /** Resolves once the batch is committed; rejects with the database's error (the batch is then wholly rolled back). */
  write(batch: BulkBatch): Promise<void>;
  /** Resolves when every batch handed over so far is committed (or has failed). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The bulk path of an engine: rows are decided in memory against an index of the catalog loaded once (`offerKeys`),
 * under ids reserved beforehand, reading what the index cannot answer through `decide` (outside any transaction), and
 * written batch by batch by a writer that runs beside the deciding.
 */
export interface BulkPath {
  offerKeys(): Promise<Iterable<OfferKeyRow>>;
  /** Reserves `count` ids of the table for the import alone and answers the first. */
  reserveIds(table: 'offers' | 'products', count: number): Promise<number>;
  /** Runs a step of reads (no writes) on the engine's own connection. */
  decide<T>(step: IngestionStep<T>): Promise<T>;
  openWriter(): BulkBatchWriter;
  /**
   * Writes batches in one transaction, in their order, all or nothing (a staged run's end: see `ImportOptions.atomic`);
   * the figures of the products they touched are written once, after the last batch.
   */
  writeAtOnce(batches: readonly BulkBatch[]): Promise<void>;
  /** Engine settings for the length of a large import; answers what restores them. */
  tune(): { restore(): void };
}
