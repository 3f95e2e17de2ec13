import { randomUUID } from 'node:crypto';
import type { FeedOffer, FeedRow, RowError } from '@pricehunt/catalog-feeds';
import { representativeTitle, type ItemIdentity } from '@pricehunt/catalog-matching';
import { canonicalizeUrl, getRetailer, retailerForHost, RETAILER_LIST } from '@pricehunt/marketplace';
import { categoryName } from './category';
import { gtinOf, matchThreshold, modelKeysOf, type MatchOptions, type ProductMatcher, type RankedProduct } from './matching';
import { createBulkCatalogIndex } from './bulk-index';
import { holdImportRun, thisProcess } from './import-runs';
import { op, type BulkBatch, type IngestionStep, type IngestionStore, type OfferRecord } from './ingestion-store';
import { productOf, type ImportRunRow, type OfferRow, type RetailerRow } from './ports';

export { productOf };

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

/**
 * Up to this many model keys (or products), what the end of an import joins is found key by key (product by product)
 * instead of by a pass over the whole catalog.
 */
const LOOKED_UP_ONE_BY_ONE = 20_000;

/**
 * The joins at the end of an import commit in transactions of about this many milliseconds: one per join would sync
 * the disk thousands of times on a large import, one for all would keep other writers waiting for seconds.
 */
const JOIN_TRANSACTION_MS = 50;

/** How close behind the best product another must score to be taken instead, when the retailer already sells the best. */
const LISTED_AT_RETAILER_MARGIN = 0.8;

/** The products ranked close enough to the best to be taken instead of it (the best first), or none below the threshold. */
function contenders(ranked: readonly RankedProduct[], threshold: number): RankedProduct[] {
  const [best] = ranked;
  if (!best || best.score < threshold) return [];
  return ranked.filter((entry) => entry.score >= threshold && entry.score >= best.score * LISTED_AT_RETAILER_MARGIN);
}

/**
 * The product an offer joins: the best ranked one that passes the threshold. A retailer sells a product under one id
 * as a rule, so when it already has an offer in the best product, a product nearly as good (within
 * LISTED_AT_RETAILER_MARGIN) that it does not sell yet is taken instead: an offer that states little (no colour, no
 * part number) then joins the twin that lacks that retailer, not the one that has it.
 */
export function productForOffer(
  ranked: ReadonlyArray<{ productId: number; score: number }>,
  threshold: number,
  withOfferAtRetailer: (productIds: readonly number[]) => ReadonlySet<number>,
): number | null {
  const close = contenders(ranked, threshold);
  if (close.length === 0) return null;
  if (close.length < 2) return close[0]!.productId;
  const listed = withOfferAtRetailer(close.map((entry) => entry.productId));
  return (close.find((entry) => !listed.has(entry.productId)) ?? close[0]!).productId;
}

/**
 * The one rule that places an offer in a product, on every path (row by row, bulk, re-clustering): the product of
 * a labelled match (`known`, still there), else the product of an offer with the same valid GTIN, else (`statedModel`)
 * the one product whose offers state the offer's model number under its brand, else the best ranked product that
 * passes the threshold (`productForOffer`). Null: the offer begins a product of its own. A step of the import's unit
 * of work: it reads through the unit's transaction, or through `match.lookup` and `withOfferAtRetailer` where the bulk
 * path answers from memory.
 */
export function* placeOffer(
  matcher: Pick<ProductMatcher, 'steps' | 'productWithModel'>,
  item: ItemIdentity,
  options: {
    known?: number | null;
    /** The model key and brand the offer states in its own fields (the bulk path's shortcut). */
    statedModel?: { modelKey: string | null; brand: string | null } | null;
    /** How candidates are found and ranked (`lookup`, `useIndex`, `excludeOfferId`…); the offer is always joining. */
    match: Omit<MatchOptions, 'joining'>;
    /** The offer's retailer (its products are read in the unit of work), or what answers which products it sells. */
    withOfferAtRetailer: string | ((productIds: readonly number[]) => ReadonlySet<number>);
  },
): IngestionStep<number | null> {
  if (options.known != null) return options.known;
  const byGtin = yield* matcher.steps.productWithGtin(item.gtin ?? null, options.match.excludeOfferId, options.match.lookup);
  if (byGtin !== null) return byGtin;
  if (options.statedModel && options.match.lookup) {
    const byModel = matcher.productWithModel(options.statedModel.modelKey, options.statedModel.brand, options.match.lookup);
    if (byModel !== null) return byModel;
  }
  const ranked = yield* matcher.steps.rank(item, { ...options.match, joining: true });
  const threshold = matchThreshold();
  const close = contenders(ranked, threshold);
  const at = options.withOfferAtRetailer;
  const ids = close.map((entry) => entry.productId);
  const listed = close.length < 2 ? new Set<number>() : typeof at === 'string' ? yield* op('productsWithOfferAt', at, ids) : at(ids);
  return productForOffer(ranked, threshold, () => listed);
}

interface Described {
  retailer: RetailerRow;
  modelKeys: string[];
  record: OfferRecord;
}

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

/** The host of a canonical URL (`https://host[:port]/…`), read without parsing the URL again. */
function hostOf(canonicalUrl: string): string {
  const start = canonicalUrl.indexOf('//') + 2;
  let end = canonicalUrl[start] === '[' ? canonicalUrl.indexOf(']', start) + 1 : start;
  while (end < canonicalUrl.length && !'/:?#'.includes(canonicalUrl[end]!)) end++;
  return canonicalUrl.slice(start, end);
}

/** What a row changes of the offer the catalog has: nothing, or its text (indexed columns), price and other columns. */
function changeOf(existing: OfferRow, record: OfferRecord): 'unchanged' | { text: boolean; price: boolean } {
  const text = existing.title !== record.title || existing.brand !== record.brand || existing.model !== record.model || existing.category !== record.category;
  const price = existing.priceCents !== record.priceCents || existing.shippingCents !== record.shippingCents || existing.currency !== record.currency;
  const other = (['canonicalUrl', 'url', 'gtin', 'availability', 'condition', 'imageUrl', 'businessId', 'modelKey'] as const).some(
    (key) => existing[key] !== record[key],
  );
  return text || price || other ? { text, price } : 'unchanged';
}

/** A bulk batch that writes nothing yet. */
const emptyBatch = (now: string): Omit<BulkBatch, 'run'> => ({
  now,
  retailers: [],
  updates: [],
  pricePoints: [],
  products: [],
  offers: [],
  newOffers: null,
  refreshed: [],
  titles: [],
});

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
export function createIngestionService(deps: { store: IngestionStore; matcher: ProductMatcher; index?: { changed(): void } }) {
  const { store, matcher, index: searchIndex } = deps;
  const nowIso = () => new Date().toISOString();

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

  /**
   * Runs `step` for each item in turn, in units of work that end once they have been open for JOIN_TRANSACTION_MS
   * (each step sees what the earlier ones wrote), each taking the products its steps retired (their answers) off the
   * run's count of products created as it commits them. Answers how many were retired.
   */
  async function retiringInShortTransactions<T>(runId: string, items: readonly T[], step: (item: T) => IngestionStep<number>): Promise<number> {
    let retired = 0;
    let next = 0;
    do {
      const from = next;
      const done = await store.unitOfWork(function* () {
        const started = performance.now();
        let at = from;
        let count = 0;
        while (at < items.length) {
          count += yield* step(items[at++]!);
          if (performance.now() - started >= JOIN_TRANSACTION_MS) break;
        }
        yield* op('advanceImportRun', runId, { productsCreated: -count });
        return { at, count };
      });
      next = done.at;
      retired += done.count;
    } while (next < items.length);
    return retired;
  }

  /**
   * Products whose offers state one part number (model key) are one product when nothing else tells them apart: an
   * offer with only a GTIN and one with only the part number each start a product before an offer with both shows
   * that they are the same (the bulk path finds candidates by GTIN and part number alone). The products of such a group
   * that the import created are joined into the group's oldest product, whose id they lead to; products that existed
   * before stay as they were. Answers how many products were retired.
   */
  async function joinProductsSharingPartNumbers(runId: string, keys: ReadonlySet<string>, created: ReadonlySet<number>): Promise<number> {
    // A few keys are looked up one by one; for many, one pass over the catalog's keys costs less.
    const groups = await store.productsSharingModelKeys(keys.size <= LOOKED_UP_ONE_BY_ONE ? [...keys] : undefined);
    return retiringInShortTransactions(runId, groups, function* (ids) {
      const [keep, ...others] = ids;
      if (keep === undefined) return 0;
      const joined: number[] = [];
      for (const other of others) if (created.has(other) && (yield* matcher.steps.mayBeOneProduct(keep, other))) joined.push(other);
      if (joined.length === 0) return 0;
      yield* op('mergeProducts', joined, keep, nowIso());
      return joined.length;
    });
  }

  /**
   * Joins the lone offers of the products the import created into the products they belong to (see
   * `matcher.steps.productForLoneOffer`): an offer that states no model number, and no GTIN another offer shares,
   * begins a product of its own on the bulk path, which finds candidates by those alone, and one that came before its
   * product's other offers stays apart on either path. Answers how many products were retired.
   */
  async function joinLoneOffers(runId: string, created: ReadonlySet<number>): Promise<number> {
    searchIndex?.changed();
    const lones = await store.loneOffersWithoutModelNumber(created.size <= LOOKED_UP_ONE_BY_ONE ? [...created] : undefined);
    return retiringInShortTransactions(runId, lones, function* (lone) {
      if (!created.has(lone.productId)) return 0;
      const offer = yield* op('getOffer', lone.offerId);
      // An earlier join in this pass may have moved it.
      if (!offer || offer.productId !== lone.productId) return 0;
      const into = yield* matcher.steps.productForLoneOffer({ ...offer, productId: lone.productId });
      if (into === null) return 0;
      yield* op('mergeProducts', [lone.productId], into, nowIso());
      return 1;
    });
  }

  async function importRows(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions, runId: string): Promise<ImportSummary> {
    const started = Date.now();
    const now = options.now ?? nowIso;
    const bulk = options.bulk ?? (options.format === 'synthetic' || (options.expectedRows ?? 0) >= 50_000);
    const batchSize = options.batchSize ?? 2000;
    const retailerCache = new Map<string, RetailerRow>();
    const knownMatches = new Map<string, number>();
    const progress: ImportProgress = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
    const errors: RowError[] = [];
    let errorCount = 0;
    let productsCreated = 0;
    // The model keys the rows state: products sharing one of them are joined at the end (see joinProductsSharingPartNumbers).
    const importedKeys = new Set<string>();
    // Products this import created (the bulk path writes them with their batch; only these are joined into others at the
    // end: what existed before, an admin's corrections among them, is left as it was).
    const createdProducts = new Set<number>();
    let failure: string | undefined;

    const fixedRetailerId = options.retailer ? (options.retailer.id ?? getRetailer(options.retailer.name.toLowerCase())?.id ?? slugId(options.retailer.name)) : null;
    await store.startImportRun({
      id: runId,
      format: options.format,
      source: options.source,
      retailerId: fixedRetailerId,
      businessId: options.businessId ?? null,
      owner: thisProcess(),
    });

    const reject = (rowErrors: RowError[]) => {
      progress.skipped++;
      errorCount += rowErrors.length;
      for (const error of rowErrors) if (errors.length < REPORT_LIMIT) errors.push(error);
    };

    /** The retailer of a row: known to the import, or resolved now and kept in `fresh` (written with the row's batch). */
    const retailerFor = (offer: FeedOffer, host: string, fresh: Map<string, RetailerRow>): RetailerRow => {
      const key = `${options.retailer?.name ?? offer.retailer ?? ''}|${options.retailer || offer.retailer ? '' : host}`;
      let retailer = retailerCache.get(key) ?? fresh.get(key);
      if (!retailer) {
        retailer = resolveRetailer(options, offer, host);
        fresh.set(key, retailer);
      }
      return retailer;
    };

    /** Reads a row into the record the catalog stores; throws RowRejected when its URL is unusable. */
    const describe = (offer: FeedOffer, fresh: Map<string, RetailerRow>): Described => {
      let canonicalUrl: string;
      try {
        canonicalUrl = canonicalizeUrl(offer.url);
      } catch (error) {
        throw new RowRejected('url', `is not a usable product URL (${(error as Error).message})`);
      }
      const host = hostOf(canonicalUrl);
      if (options.linkDomain !== undefined && host !== options.linkDomain && !host.endsWith(`.${options.linkDomain}`)) {
        throw new RowRejected(options.format === 'gmc' ? 'link' : 'url', `must be on your store domain ${options.linkDomain} (it is on ${host})`);
      }
      const retailer = retailerFor(offer, host, fresh);
      const modelKeys = modelKeysOf({ title: offer.title, model: offer.mpn });
      const priceCents = offer.salePriceCents !== undefined && offer.salePriceCents < offer.priceCents ? offer.salePriceCents : offer.priceCents;
      const record: OfferRecord = {
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
      if (record.modelKey) importedKeys.add(record.modelKey);
      return { retailer, modelKeys, record };
    };

    const linkTaken = (owner: OfferRow) =>
      new RowRejected(options.format === 'gmc' ? 'link' : 'url', `is already the link of offer ${owner.externalId} of ${owner.retailerId}`);

    /**
     * What a batch of the row path wrote besides its offers, kept apart until it commits: the retailers it added, the
     * labelled matches it placed and the products it created.
     */
    interface BatchState {
      retailers: Map<string, RetailerRow>;
      known: Map<string, number>;
      created: number[];
      dirty: Set<number>;
    }

    /** Validates a row against the catalog and writes it; throws RowRejected before any write when it cannot be taken. */
    function* writeRow(offer: FeedOffer, line: number, batch: BatchState, stamp: string): IngestionStep<'inserted' | 'updated' | 'unchanged'> {
      const retailersBefore = batch.retailers.size;
      const { retailer, modelKeys, record } = describe(offer, batch.retailers);
      if (batch.retailers.size > retailersBefore) yield* op('ensureRetailer', retailer);
      const existing = yield* op('findOfferByExternalId', retailer.id, offer.externalId);
      const owner = yield* op('findOfferByCanonicalUrl', record.canonicalUrl);
      if (owner && owner.id !== existing?.id) throw linkTaken(owner);
      if (existing) return yield* updateExisting(existing, record, batch.dirty, stamp);

      const productId = yield* productFor(offer, line, record, retailer.id, modelKeys, batch, stamp);
      const offerId = yield* op('insertOffer', { ...record, retailerId: retailer.id, externalId: offer.externalId, productId }, stamp);
      yield* op('insertPricePoint', offerId, record.priceCents, record.shippingCents, record.currency, stamp);
      batch.dirty.add(productId);
      return 'inserted';
    }

    function* updateExisting(existing: OfferRow, record: OfferRecord, dirty: Set<number>, stamp: string): IngestionStep<'updated' | 'unchanged'> {
      const change = changeOf(existing, record);
      if (change === 'unchanged') return 'unchanged';
      yield* op('updateOffer', existing.id, record, change.text, stamp);
      if (change.price) yield* op('insertPricePoint', existing.id, record.priceCents, record.shippingCents, record.currency, stamp);
      if (existing.productId != null) dirty.add(existing.productId);
      return 'updated';
    }

    function* productFor(offer: FeedOffer, line: number, record: OfferRecord, retailerId: string, modelKeys: string[], batch: BatchState, stamp: string): IngestionStep<number> {
      const knownKey = options.knownMatchKey?.(offer, line);
      const known = knownKey !== undefined ? (batch.known.get(knownKey) ?? knownMatches.get(knownKey)) : undefined;
      let productId = yield* placeOffer(
        matcher,
        { title: record.title, brand: record.brand, model: record.model, gtin: record.gtin, priceCents: record.priceCents },
        {
          known: known !== undefined && (yield* op('productExists', known)) ? known : null,
          match: { useIndex: true, indexLimit: 20, modelKeys },
          withOfferAtRetailer: retailerId,
        },
      );
      if (productId === null) {
        productId = yield* op('createProduct', productOf(record), stamp);
        batch.created.push(productId);
      }
      if (knownKey !== undefined) batch.known.set(knownKey, productId);
      batch.dirty.add(productId);
      return productId;
    }

    /** Adds a stored batch to the progress: its counts, its refused rows, its size; then reports. */
    const countBatch = (counts: { inserted: number; updated: number; unchanged: number }, rejected: RowError[][], size: number) => {
      // The next rows' candidates are looked up by words whose counts this batch changed.
      if (counts.inserted + counts.updated > 0) searchIndex?.changed();
      progress.inserted += counts.inserted;
      progress.updated += counts.updated;
      progress.unchanged += counts.unchanged;
      for (const rowErrors of rejected) reject(rowErrors);
      progress.rows += size;
      options.onProgress?.({ ...progress });
    };

    /** A batch of the row path as one unit of work: its rows, its products' figures and its run's counts. */
    function* writeBatch(rowsOfBatch: readonly FeedRow[], stamp: string) {
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const rejected: RowError[][] = [];
      const batch: BatchState = { retailers: new Map(), known: new Map(), created: [], dirty: new Set() };
      for (const row of rowsOfBatch) {
        if (row.errors) {
          rejected.push(row.errors);
          continue;
        }
        try {
          counts[yield* writeRow(row.offer, row.line, batch, stamp)]++;
        } catch (error) {
          if (!(error instanceof RowRejected)) throw error;
          rejected.push([{ line: row.line, field: error.field, reason: error.reason }]);
        }
      }
      if (batch.dirty.size > 0) yield* op('refreshProducts', [...batch.dirty], stamp);
      // The run's counts move with the batch they count.
      yield* op('advanceImportRun', runId, { rows: rowsOfBatch.length, ...counts, skipped: rejected.length, productsCreated: batch.created.length });
      return { counts, rejected, batch };
    }

    const flush = async (rowsOfBatch: FeedRow[]) => {
      if (rowsOfBatch.length === 0) return;
      const stamp = now();
      const { counts, rejected, batch } = await store.unitOfWork(() => writeBatch(rowsOfBatch, stamp));
      for (const [key, retailer] of batch.retailers) retailerCache.set(key, retailer);
      for (const [key, productId] of batch.known) knownMatches.set(key, productId);
      for (const productId of batch.created) createdProducts.add(productId);
      productsCreated += batch.created.length;
      countBatch(counts, rejected, rowsOfBatch.length);
    };

    // Bulk path: every row is decided in memory (existence, GTIN and model-number candidates come from an index of
    // the catalog loaded once) under ids reserved beforehand, and each batch is written by a writer thread in one
    // transaction (a few statements per batch), while the next batch is decided.
    const bulkPath = store.bulk;
    const bulkIndex = bulk ? createBulkCatalogIndex(await bulkPath.offerKeys()) : null;
    const writer = bulk ? bulkPath.openWriter() : null;
    /** Retailers the bulk path met first in the batch being decided (written with it). */
    const newRetailers: RetailerRow[] = [];
    /**
     * Offers on their way to the disk, per batch handed to the writer: the first new offer id (ids grow batch by
     * batch) and the ids of the existing offers it updates. Batches commit in order.
     */
    const uncommitted: Array<{ firstOfferId: number; updated: Set<number> }> = [];
    const isUncommitted = (id: number) => uncommitted.some((batch) => id >= batch.firstOfferId || batch.updated.has(id));
    /** Batches handed to the writer; each settles the progress of its rows when it is committed. */
    const inFlight: Array<Promise<void>> = [];
    /** Products the bulk path changed: their titles are brought up to date once the import is written. */
    const touched = new Set<number>();
    /**
     * Titles (with brands, in offer order) of the offers of each product this import created: their representative
     * titles are worked out from these, without reading the offers back. A product one of whose offers the import
     * changed again is retitled from the database instead.
     */
    const titlesOfNewProducts = new Map<number, Array<{ title: string; brand: string | null }>>();
    const retitleFromDatabase = new Set<number>();
    const reserved = { offers: { next: 0, end: 0 }, products: { next: 0, end: 0 } };
    /** Rows of the feed the bulk path has taken so far. */
    let rowsDecided = 0;
    const reserve = async (table: 'offers' | 'products', rows: number): Promise<number> => {
      const range = reserved[table];
      if (range.next + rows > range.end) {
        // Whole blocks at a time: reserving takes the write lock, which the writer thread holds while it commits
        // (back to back while batches queue), so the thread is let finish first. Each such wait empties the
        // pipeline, so an import of known size reserves for all its rows at once.
        await writer!.drain();
        const block = Math.max(rows, 50_000, (options.expectedRows ?? 0) - rowsDecided);
        range.next = await bulkPath.reserveIds(table, block);
        range.end = range.next + block;
      }
      const first = range.next;
      range.next += rows;
      return first;
    };

    /**
     * Gives the products this import created their representative titles, worked out from the titles the import
     * kept, and has the writer store them (a few thousand per transaction). Products left out are retitled from the
     * database at the end.
     */
    const retitleNewProducts = async () => {
      const CHUNK = 5000;
      let titles: BulkBatch['titles'] = [];
      let ids: number[] = [];
      const writing: Array<Promise<void>> = [];
      const send = async () => {
        const chunk = { titles, ids };
        titles = [];
        ids = [];
        const written =
          chunk.titles.length > 0
            ? // The run is still alive (its counts do not move).
              writer!.write({ ...emptyBatch(now()), titles: chunk.titles, run: { id: runId, delta: {} } })
            : Promise.resolve();
        const settled = written.then(() => chunk.ids.forEach((id) => touched.delete(id)));
        // Awaited below; a failure that comes while an earlier chunk is awaited is not left unhandled meanwhile.
        settled.catch(() => undefined);
        writing.push(settled);
        // The next chunk's titles are worked out while this one is written.
        while (writing.length > 1) await writing.shift();
      };
      for (const [productId, offerTitles] of titlesOfNewProducts) {
        if (retitleFromDatabase.has(productId)) continue;
        const title = representativeTitle(offerTitles);
        if (title) titles.push({ productId, title });
        ids.push(productId);
        if (ids.length >= CHUNK) await send();
      }
      await send();
      for (const settled of writing.splice(0)) await settled;
    };

    const flushBulk = async (batch: FeedRow[]) => {
      if (batch.length === 0) return;
      const index = bulkIndex!;
      const stamp = now();
      const counts = { inserted: 0, updated: 0, unchanged: 0 };
      const rejected: RowError[][] = [];
      let nextOfferId = await reserve('offers', batch.length);
      let nextProductId = await reserve('products', batch.length);
      rowsDecided += batch.length;
      const firstOfferId = nextOfferId;
      const mine = { firstOfferId, updated: new Set<number>() };
      uncommitted.push(mine);

      const productRows: BulkBatch['products'] = [];
      const offerRows: BulkBatch['offers'] = [];
      const updates: BulkBatch['updates'] = [];
      const pricePoints: BulkBatch['pricePoints'] = [];
      const dirty = new Set<number>();
      /** What the rows decided since the last hand-over add to the run's counts: committed with their writes. */
      const unsent = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };

      /** Whether an offer id is one this batch inserts or updates. */
      const inMine = (id: number | null) => id !== null && (id >= firstOfferId || mine.updated.has(id));
      const bulkRow = async (offer: FeedOffer, line: number): Promise<'inserted' | 'updated' | 'unchanged'> => {
        const fresh = new Map<string, RetailerRow>();
        const { retailer, modelKeys, record } = describe(offer, fresh);
        // The bulk path writes only through its writer thread (a write on this connection would wait for the
        // thread's transactions): a new retailer goes into the next batch, ahead of its offers.
        for (const [key, added] of fresh) {
          retailerCache.set(key, added);
          newRetailers.push(added);
        }
        const byExternal = index.offerIdByExternalId(retailer.id, offer.externalId);
        const byUrl = index.offerIdByCanonicalUrl(record.canonicalUrl);
        // A row naming an offer that is still on its way to the disk (the same link or id twice in a feed) waits
        // for it, so the lookups below see it.
        if (inMine(byExternal) || inMine(byUrl)) await handOver();
        if ((byExternal !== null && isUncommitted(byExternal)) || (byUrl !== null && isUncommitted(byUrl))) await writer!.drain();
        // A hash hit may be a collision: the catalog itself answers exactly.
        const existing = byExternal !== null ? await bulkPath.decide(op('findOfferByExternalId', retailer.id, offer.externalId)) : null;
        const owner = byUrl !== null ? await bulkPath.decide(op('findOfferByCanonicalUrl', record.canonicalUrl)) : null;
        if (owner && owner.id !== existing?.id) throw linkTaken(owner);
        if (existing) {
          const change = changeOf(existing, record);
          if (change === 'unchanged') return 'unchanged';
          updates.push({ id: existing.id, record, textChanged: change.text });
          if (change.price) pricePoints.push({ offerId: existing.id, priceCents: record.priceCents, shippingCents: record.shippingCents, currency: record.currency });
          if (existing.productId != null) {
            dirty.add(existing.productId);
            if (titlesOfNewProducts.has(existing.productId)) retitleFromDatabase.add(existing.productId);
            index.add(existing.id, existing.productId, stamp, record, retailer.id, offer.externalId, modelKeys);
            matcher.remember(existing.id, stamp, record);
          }
          mine.updated.add(existing.id);
          return 'updated';
        }

        const item = { title: record.title, brand: record.brand, model: record.model, gtin: record.gtin, priceCents: record.priceCents };
        const knownKey = options.knownMatchKey?.(offer, line);
        const known = knownKey !== undefined ? knownMatches.get(knownKey) : undefined;
        const knownLive = known !== undefined && (createdProducts.has(known) || (await bulkPath.decide(op('productExists', known))));
        let productId = await bulkPath.decide(
          placeOffer(matcher, item, {
            known: knownLive ? known : null,
            // A stated model number under the same brand names the product without scoring.
            statedModel: offer.mpn ? { modelKey: modelKeys[0] ?? null, brand: record.brand } : null,
            match: { useIndex: false, modelKeys, lookup: index.lookup },
            withOfferAtRetailer: (ids) => index.productsWithOfferAt(retailer.id, ids),
          }),
        );
        if (productId === null) {
          productId = nextProductId++;
          productRows.push({ id: productId, product: productOf(record) });
          createdProducts.add(productId);
          productsCreated++;
        }
        if (knownKey !== undefined) knownMatches.set(knownKey, productId);
        const id = nextOfferId++;
        offerRows.push({ id, retailerId: retailer.id, externalId: offer.externalId, productId, record });
        if (createdProducts.has(productId)) {
          const titles = titlesOfNewProducts.get(productId);
          if (titles) titles.push({ title: record.title, brand: record.brand });
          else titlesOfNewProducts.set(productId, [{ title: record.title, brand: record.brand }]);
        }
        index.add(id, productId, stamp, record, retailer.id, offer.externalId, modelKeys);
        matcher.remember(id, stamp, item);
        dirty.add(productId);
        return 'inserted';
      };

      // Hands what the batch has decided so far to the writer: one transaction, in this order (products before
      // the offers that name them, offers before their index entries and price history).
      let handedFrom = firstOfferId;
      const handOver = (): Promise<void> => {
        const lastOfferId = nextOfferId - 1;
        const products = productRows.splice(0);
        const written = writer!.write({
          now: stamp,
          retailers: newRetailers.splice(0),
          updates: updates.splice(0),
          pricePoints: pricePoints.splice(0),
          products,
          offers: offerRows.splice(0),
          newOffers: lastOfferId >= handedFrom ? { first: handedFrom, last: lastOfferId } : null,
          refreshed: [...dirty],
          titles: [],
          // The run's counts move in the same transaction as the rows they count (the products too: one per row).
          run: { id: runId, delta: { ...unsent, productsCreated: products.length } },
        });
        Object.assign(unsent, { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 });
        handedFrom = nextOfferId;
        for (const productId of dirty) touched.add(productId);
        dirty.clear();
        inFlight.push(written);
        return written;
      };

      const createdBefore = productsCreated;
      for (const row of batch) {
        // A row counts with the hand-over after it is decided (deciding it may hand over the rows before it).
        if (row.errors) {
          rejected.push(row.errors);
          unsent.skipped++;
        } else {
          try {
            const outcome = await bulkRow(row.offer, row.line);
            counts[outcome]++;
            unsent[outcome]++;
          } catch (error) {
            if (!(error instanceof RowRejected)) throw error;
            rejected.push([{ line: row.line, field: error.field, reason: error.reason }]);
            unsent.skipped++;
          }
        }
        unsent.rows++;
      }
      const written = handOver();
      // The batch's rows count once they are on disk.
      written.then(
        () => {
          uncommitted.splice(uncommitted.indexOf(mine), 1);
          countBatch(counts, rejected, batch.length);
        },
        () => {
          productsCreated = createdBefore;
        },
      );
      // At most two batches on their way: deciding runs ahead of the disk by one batch.
      while (inFlight.length > 2) await inFlight.shift();
    };

    // Large imports touch index pages all over the file: they get a bigger page cache while they run, and the writer
    // thread checkpoints as the WAL grows (this connection's few commits leave that to it).
    const tuned = bulk ? bulkPath.tune() : null;
    let batch: FeedRow[] = [];
    try {
      for await (const row of rows as AsyncIterable<FeedRow>) {
        batch.push(row);
        if (batch.length >= batchSize) {
          if (bulk) await flushBulk(batch);
          else await flush(batch);
          batch = [];
          // Let other work (HTTP requests of the API, a progress bar) run between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (bulk) await flushBulk(batch);
      else await flush(batch);
      // Everything handed to the writer is committed before the import reports.
      for (const written of inFlight.splice(0)) await written;
      if (bulk) await retitleNewProducts();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      if (writer) {
        await Promise.allSettled(inFlight);
        await writer.close();
      }
      tuned?.restore();
    }

    try {
      // Every batch the writer committed counts, also when a later one failed (then every product is retitled from
      // what the database holds).
      if (touched.size > 0) await store.retitleProducts([...touched]);
      // Products the import began and then joined into others are not counted as created.
      if (!failure && progress.inserted + progress.updated > 0) {
        const joined = await joinProductsSharingPartNumbers(runId, importedKeys, createdProducts);
        productsCreated = Math.max(0, productsCreated - joined - (await joinLoneOffers(runId, createdProducts)));
      }
      if (progress.inserted + progress.updated > 0) await store.refreshSearchViews();
    } catch (error) {
      failure ??= error instanceof Error ? error.message : String(error);
    }
    const status = failure ? 'failed' : 'succeeded';
    const report = { errors, errorCount, truncated: errorCount > errors.length, ...(failure ? { failure } : {}) };
    const retailerIds = [...new Set([...(fixedRetailerId ? [fixedRetailerId] : []), ...[...retailerCache.values()].map((retailer) => retailer.id)])].sort();
    await store.finishImportRun({ id: runId, status, report, retailerIds });
    // The counts are those the run's batches committed with them: what is on disk.
    const stored = await store.importRunCounts(runId);
    const counts = stored
      ? { rows: stored.totalRows, inserted: stored.inserted, updated: stored.updated, unchanged: stored.unchanged, skipped: stored.skipped, productsCreated: stored.productsCreated }
      : { ...progress, productsCreated };
    const durationMs = Date.now() - started;
    return {
      runId,
      status,
      ...counts,
      errors,
      errorCount,
      ...(failure ? { failure } : {}),
      durationMs,
      offersPerSecond: durationMs > 0 ? Math.round(((counts.inserted + counts.updated + counts.unchanged) * 1000) / durationMs) : 0,
    };
  }

  // Told after every import that wrote something (price alerts compare the new prices).
  const listeners = new Set<(summary: ImportSummary) => void>();
  async function importAndTell(rows: Iterable<FeedRow> | AsyncIterable<FeedRow>, options: ImportOptions): Promise<ImportSummary> {
    const runId = randomUUID();
    // While it goes on, a start of the API or of a command in this process leaves the run alone.
    const release = holdImportRun(runId);
    let summary: ImportSummary;
    try {
      summary = await importRows(rows, options, runId);
    } finally {
      release();
    }
    if (summary.inserted + summary.updated > 0) {
      for (const listener of listeners) {
        try {
          listener(summary);
        } catch {
          // A listener's failure is its own; the import stands.
        }
      }
    }
    return summary;
  }

  return {
    importRows: importAndTell,
    /** Imports already-parsed offers (line numbers are their 1-based positions). */
    importOffers(offers: readonly FeedOffer[], options: ImportOptions) {
      return importAndTell(
        offers.map((offer, index) => ({ line: index + 1, offer })),
        options,
      );
    },

    /** Calls `listener` after each import that inserted or updated offers; answers a function that stops it. */
    onImported(listener: (summary: ImportSummary) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Re-clusters the whole catalog with the current matcher: every offer is taken off its product and put back
     * in id order, as ingest would. Runs in batches of transactions; products left without offers are removed.
     * A new product takes back the id of the product its first offer was in, unless another new product already
     * has: a product the matcher leaves whole keeps its id, so favorites, price alerts and links to it still find it.
     */
    async recluster(options: { batchSize?: number; bulk?: boolean; onProgress?: (done: number) => void } = {}) {
      const batchSize = options.batchSize ?? 2000;
      const before = await store.offerProducts('by-id');
      const ids = before.map((row) => row.id);
      const productBefore = new Map(before.map((row) => [row.id, row.productId]));
      const reused = new Set<number>();
      await store.unclusterAll();
      let productsCreated = 0;
      for (let start = 0; start < ids.length; start += batchSize) {
        const done = await store.unitOfWork(function* () {
          const dirty = new Set<number>();
          // Ids taken back in this unit of work count once it commits.
          const taken = new Set<number>();
          let created = 0;
          for (const id of ids.slice(start, start + batchSize)) {
            const offer = yield* op('getOffer', id);
            if (!offer) continue;
            let productId = yield* placeOffer(
              matcher,
              { title: offer.title, brand: offer.brand, model: offer.model, gtin: offer.gtin, priceCents: offer.priceCents },
              {
                match: { useIndex: !options.bulk, excludeOfferId: offer.id, indexLimit: 20 },
                withOfferAtRetailer: offer.retailerId,
              },
            );
            if (productId === null) {
              const previous = productBefore.get(offer.id);
              const id = previous != null && !reused.has(previous) && !taken.has(previous) ? previous : undefined;
              if (id !== undefined) taken.add(id);
              productId = yield* op('createProduct', { ...productOf(offer), id }, nowIso());
              created++;
            }
            yield* op('setOfferProduct', offer.id, productId);
            dirty.add(productId);
          }
          if (dirty.size > 0) yield* op('refreshProducts', [...dirty], nowIso());
          return { taken, created };
        });
        for (const id of done.taken) reused.add(id);
        productsCreated += done.created;
        options.onProgress?.(Math.min(ids.length, start + batchSize));
      }
      // Every other old id is retired: it leads to the new product that holds most of its offers.
      const moved = new Map<number, Map<number, number>>();
      for (const row of await store.offerProducts('any')) {
        const previous = productBefore.get(row.id);
        if (previous == null || row.productId === null || reused.has(previous)) continue;
        let targets = moved.get(previous);
        if (!targets) moved.set(previous, (targets = new Map()));
        targets.set(row.productId, (targets.get(row.productId) ?? 0) + 1);
      }
      const redirects: Array<[number, number]> = [];
      for (const [previous, targets] of moved) {
        let best: [number, number] | null = null;
        for (const [target, count] of targets) if (!best || count > best[1] || (count === best[1] && target < best[0])) best = [target, count];
        if (best) redirects.push([previous, best[0]]);
      }
      await store.redirectProducts(redirects, nowIso());
      return { offers: ids.length, productsCreated, productsKept: reused.size };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
