import type { FeedOffer, FeedRow, RowError } from '@pricehunt/catalog-feeds';
import { changeOf, RowRejected, type FeedImport } from './feed-import';
import { op, type IngestionStep, type IngestionStore, type OfferRecord } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { productOf, type OfferRow, type RetailerRow } from './ports';

/**
 * What a batch of the row path wrote besides its offers, kept apart until it commits: the retailers it added, the
 * labelled matches it placed and the products it created.
 */
interface BatchState {
  retailers: Map<string, RetailerRow>;
  known: Map<string, number>;
  created: number[];
  dirty: Set<number>;
  /** Products of the feed's item groups (`productGroupKey`) this batch made, by key, and how many. */
  groups: Map<string, number>;
  grouped: number;
}

/**
 * A unit of work of the row path ends after the row that kept it open this long (the rest of the batch goes on in the
 * next one): the write lock it holds on SQLite keeps every other writer waiting meanwhile, and 2,000 rows row by row held
 * it 4 to 10 s.
 */
export const ROW_TRANSACTION_MS = 200;

function* updateExisting(existing: OfferRow, record: OfferRecord, dirty: Set<number>, stamp: string): IngestionStep<'updated' | 'unchanged'> {
  const change = changeOf(existing, record);
  if (change === 'unchanged') return 'unchanged';
  yield* op('updateOffer', existing.id, record, change.text, stamp);
  if (change.price) yield* op('insertPricePoint', existing.id, record.priceCents, record.shippingCents, record.currency, stamp);
  if (existing.productId != null) dirty.add(existing.productId);
  return 'updated';
}

/** What a row of the row path places: its offer, the offer's record and where it comes from. */
interface Placing {
  offer: FeedOffer;
  line: number;
  record: OfferRecord;
  retailerId: string;
  modelKeys: string[];
}

/**
 * The product a new offer goes into: its item group's (made by the group's first offer, without matching), the one a
 * labelled match names, or the matcher's choice; a new product when none fits.
 */
function* productFor(run: FeedImport, matcher: ProductMatcher, row: Placing, batch: BatchState, stamp: string): IngestionStep<number> {
  const { offer, line, record, retailerId, modelKeys } = row;
  const groupKey = run.options.productGroupKey?.(offer, line);
  if (groupKey !== undefined) {
    const group = batch.groups.get(groupKey) ?? run.productGroups.get(groupKey);
    if (group !== undefined && (yield* op('productExists', group))) return group;
    const productId = yield* op('createProduct', productOf(record), stamp);
    batch.groups.set(groupKey, productId);
    batch.grouped++;
    return productId;
  }
  const knownKey = run.options.knownMatchKey?.(offer, line);
  const known = knownKey !== undefined ? (batch.known.get(knownKey) ?? run.knownMatches.get(knownKey)) : undefined;
  let productId = yield* placeOffer(matcher, record, {
    known: known !== undefined && (yield* op('productExists', known)) ? known : null,
    match: { useIndex: true, indexLimit: 20, modelKeys },
    withOfferAtRetailer: retailerId,
    displace: (offerId, from) => displace(matcher, retailerId, offerId, from, batch, stamp),
  });
  if (productId === null) {
    productId = yield* op('createProduct', productOf(record), stamp);
    batch.created.push(productId);
  }
  if (knownKey !== undefined) batch.known.set(knownKey, productId);
  batch.dirty.add(productId);
  return productId;
}

/** The offer that gives way to a new one is placed again as if it came now, anywhere but the product it leaves. */
function* displace(matcher: ProductMatcher, retailerId: string, offerId: number, from: number, batch: BatchState, stamp: string): IngestionStep<void> {
  const moved = yield* op('getOffer', offerId);
  if (!moved) return;
  const item = { title: moved.title, brand: moved.brand, model: moved.model, gtin: moved.gtin, priceCents: moved.priceCents };
  let into = yield* placeOffer(matcher, item, {
    match: { useIndex: true, indexLimit: 20, excludeOfferId: offerId },
    withOfferAtRetailer: retailerId,
    notInto: from,
  });
  if (into === null || into === from) {
    into = yield* op('createProduct', productOf(moved), stamp);
    batch.created.push(into);
  }
  yield* op('setOfferProduct', offerId, into);
  batch.dirty.add(from);
  batch.dirty.add(into);
}

/**
 * The row path of an import: each batch is written in units of work of the engine's store (each ending after
 * ROW_TRANSACTION_MS), in which every row is decided
 * against the catalog as it is, the rows before it in the batch included (candidates from GTIN, model-key and
 * full-text lookups). A refused row is reported and skipped; a failure of the database rolls the batch back.
 */
export function createRowPath(run: FeedImport, store: IngestionStore, matcher: ProductMatcher) {
  const { runId } = run;

  /** Validates a row against the catalog and writes it; throws RowRejected before any write when it cannot be taken. */
  function* writeRow(offer: FeedOffer, line: number, batch: BatchState, stamp: string): IngestionStep<'inserted' | 'updated' | 'unchanged'> {
    const retailersBefore = batch.retailers.size;
    const { retailer, modelKeys, record } = run.describe(offer, batch.retailers);
    if (batch.retailers.size > retailersBefore) yield* op('ensureRetailer', retailer);
    const existing = yield* op('findOfferByExternalId', retailer.id, offer.externalId);
    const owner = yield* op('findOfferByCanonicalUrl', record.canonicalUrl);
    if (owner && owner.id !== existing?.id) {
      // A page a shopper pasted gives way to the feed that lists its link: the feed speaks for the shop.
      if ((yield* op('offerOrigin', owner.id)) !== 'page') throw run.linkTaken(owner);
      yield* op('deleteOffers', [owner.id]);
      if (owner.productId !== null) batch.dirty.add(owner.productId);
    }
    if (existing) return yield* updateExisting(existing, record, batch.dirty, stamp);

    const productId = yield* productFor(run, matcher, { offer, line, record, retailerId: retailer.id, modelKeys }, batch, stamp);
    const offerId = yield* op('insertOffer', { ...record, retailerId: retailer.id, externalId: offer.externalId, productId }, stamp);
    yield* op('insertPricePoint', offerId, record.priceCents, record.shippingCents, record.currency, stamp);
    batch.dirty.add(productId);
    return 'inserted';
  }

  /**
   * Rows of a batch from `from` as one unit of work, up to the row that kept it open ROW_TRANSACTION_MS: their offers,
   * their products' figures and their run's counts. Answers how many rows it took, with what they did.
   */
  function* writeBatch(rowsOfBatch: readonly FeedRow[], from: number, stamp: string) {
    const started = performance.now();
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const rejected: RowError[][] = [];
    const batch: BatchState = { retailers: new Map(), known: new Map(), created: [], dirty: new Set(), groups: new Map(), grouped: 0 };
    let at = from;
    while (at < rowsOfBatch.length && (at === from || performance.now() - started < ROW_TRANSACTION_MS)) {
      const row = rowsOfBatch[at++] as FeedRow;
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
    yield* op('advanceImportRun', runId, { rows: at - from, ...counts, skipped: rejected.length, productsCreated: batch.created.length + batch.grouped });
    return { taken: at - from, counts, rejected, batch };
  }

  return {
    /** Writes a batch of rows; what it learnt (retailers, labelled matches, products) is kept once it committed. */
    async flush(rowsOfBatch: FeedRow[]): Promise<void> {
      const stamp = run.now();
      for (let from = 0; from < rowsOfBatch.length; ) {
        const { taken, counts, rejected, batch } = await store.unitOfWork(() => writeBatch(rowsOfBatch, from, stamp));
        for (const [key, retailer] of batch.retailers) run.retailerCache.set(key, retailer);
        for (const [key, productId] of batch.known) run.knownMatches.set(key, productId);
        for (const [key, productId] of batch.groups) run.productGroups.set(key, productId);
        for (const productId of batch.created) run.createdProducts.add(productId);
        run.productsCreated += batch.created.length + batch.grouped;
        run.countBatch(counts, rejected, taken);
        from += taken;
      }
    },
  };
}
