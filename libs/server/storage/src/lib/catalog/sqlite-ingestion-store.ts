import { retryBusy, withBusyRetries } from '../db/busy';
import { createBulkWriter, createInlineBulkWriter, type BulkOp } from './bulk-writer';

import { batchesAtOnce, type BulkBatch, type BulkPath, type IngestionOps, type IngestionStore, type MatcherReads, runSync } from '@pricehunt/catalog-core';
import { offerItemsOf, offerRefsOfProducts } from './offers/sqlite';
import type { SearchIndex } from './search-index';
import { BULK_SQL, bulkOfferParams, bulkProductParams, importRunAdvanceParams } from './sqlite/bulk-sql';
import type { CatalogStore } from './sqlite/store';

/** Removes offers (their price history and index entries with them). */
const DELETE_OFFERS = 'DELETE FROM offers WHERE id IN (SELECT value FROM json_each(?))';

/** Offers a staged run writes from which its one transaction runs on a writer thread. */
const WRITER_THREAD_FROM = 5000;

/** `MatcherReads` on SQLite: the catalog store and the FTS5 index of one connection. */
export function sqliteMatcherReads(store: CatalogStore, index: SearchIndex): MatcherReads {
  return {
    offersWithGtin: (gtin, limit) => store.offersWithGtin(gtin, limit),
    offersWithModelKey: (modelKey, limit) => store.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: (productIds, limit) => offerRefsOfProducts(store, productIds, limit),
    offerItems: (ids) => offerItemsOf(store, ids),
    offersAtAmong: (retailerId, offerIds) => store.offersAtAmong(retailerId, offerIds),
    productsWithOfferAt: (retailerId, productIds) => store.productsWithOfferAt(retailerId, productIds),
    candidates: (words, options) => index.candidates(words, options),
    leadingCandidates: (words, options) => index.leadingCandidates(words, options),
    documentFrequencies: (words) => new Map(words.map((word) => [word, index.documentFrequency(word)])),
    documentCount: () => index.documentCount(),
  };
}

/**
 * `IngestionStore` on SQLite: a unit of work is one IMMEDIATE transaction of the connection (the write lock from its
 * start), and its step runs synchronously inside it: nothing else runs on the connection meanwhile. A unit the database
 * refuses as busy (another process held the write lock past the busy timeout) was refused at its BEGIN, before its step
 * ran, and runs again after a jittered wait (`withBusyRetries`), as the API's ports do.
 */
export function createSqliteIngestionStore(store: CatalogStore, index: SearchIndex): IngestionStore {
  const ops: IngestionOps = {
    ...sqliteMatcherReads(store, index),
    findOfferByExternalId: (retailerId, externalId) => store.findOfferByExternalId(retailerId, externalId),
    findOfferByCanonicalUrl: (canonicalUrl) => store.findOfferByCanonicalUrl(canonicalUrl),
    feedOffersUnderUrl: (prefix, limit) => store.feedOffersUnderUrl(prefix, limit),
    getOffer: (id) => store.getOffer(id),
    productExists: (id) => store.getProduct(id) !== null,
    ensureRetailer: (retailer) => store.ensureRetailer(retailer),
    insertOffer: (offer, now) => store.insertOffer(offer, now),
    insertPricePoint: (offerId, priceCents, shippingCents, currency, now) => store.insertPricePoint(offerId, priceCents, shippingCents, currency, now),
    updateOffer: (id, record, textChanged, now) => store.updateOffer(id, record, textChanged, now),
    createProduct: (product, now) => store.createProduct(product, now),
    setOfferProduct: (offerId, productId) => store.setOfferProduct(offerId, productId),
    refreshProducts: (ids, now) => store.refreshProducts(ids, now),
    mergeProducts: (from, into, now) => store.mergeProducts(from, into, now),
    advanceImportRun: (runId, delta) => store.advanceImportRun(runId, delta),
    offersOfRetailer: (retailerId) => store.offersOfRetailer(retailerId),
    markOffersMissing: (ids, now) => store.markOffersMissing(ids, now),
    clearOffersMissing: (ids) => store.clearOffersMissing(ids),
    deleteOffers: (ids) => store.deleteOffers(ids),
    offerOrigin: (offerId) => store.offerOrigin(offerId),
    markPageOffer: (offerId) => store.markPageOffer(offerId),
    markFeedOffers: (ids) => store.markFeedOffers(ids),
    reclusterOffersToPlace: (after, limit) => store.reclusterOffersToPlace(after, limit),
  };
  return withBusyRetries({
    unitOfWork: async (work) => store.transaction(() => runSync(work(), ops), { immediate: true }),
    startImportRun: async (run) => store.startImportRun(run),
    finishImportRun: async (run) => store.finishImportRun(run),
    async importRunCounts(id) {
      const run = store.getImportRun(id);
      return run && { totalRows: run.totalRows, inserted: run.inserted, updated: run.updated, unchanged: run.unchanged, skipped: run.skipped, productsCreated: run.productsCreated };
    },
    productsSharingModelKeys: async (keys) => store.productsSharingModelKeys(keys),
    loneOffersWithoutModelNumber: async (productIds) => store.loneOffersWithoutModelNumber(productIds),
    retitleProducts: async (ids) => store.transaction(() => store.retitleProducts(ids)),
    offerProducts: async (order) => (order === 'by-id' ? store.offerProducts() : store.offerProductsUnordered()),
    refreshSearchViews: async () => undefined,
    beginRecluster: async () => store.beginRecluster(),
    reclusterProgress: async () => store.reclusterProgress(),
    reclusterOutcome: async () => store.reclusterOutcome(),
    finishRecluster: async (redirects, now) => store.finishRecluster(redirects, now),
    bulk: sqliteBulkPath(store, ops),
  });
}

/** A bulk batch as the statements of BULK_SQL (in the batch's order), for the writer thread's connection. */
export function sqliteBulkOps(batch: BulkBatch): BulkOp[] {
  const { now } = batch;
  const range = batch.newOffers ? [[batch.newOffers.first, batch.newOffers.last]] : [];
  const ids = JSON.stringify(batch.refreshed);
  const refreshed = batch.refreshed.length > 0;
  const ops: BulkOp[] = [
    { sql: DELETE_OFFERS, rows: batch.removed?.length ? [[JSON.stringify(batch.removed)]] : [] },
    { sql: BULK_SQL.insertRetailer, rows: batch.retailers.map((retailer) => ({ ...retailer, domains: JSON.stringify(retailer.domains) })) },
    { sql: BULK_SQL.updateOfferAll, rows: batch.updates.filter((update) => update.textChanged).map((update) => ({ ...update.record, id: update.id, now })) },
    {
      sql: BULK_SQL.updateOfferCommerce,
      rows: batch.updates
        .filter((update) => !update.textChanged)
        .map(({ id, record: { title: _t, brand: _b, model: _m, category: _c, ...commerce } }) => ({ ...commerce, id, now })),
    },
    { sql: BULK_SQL.insertPricePoint, rows: batch.pricePoints.map((point) => [point.offerId, point.priceCents, point.shippingCents, point.currency, now]) },
    { sql: BULK_SQL.insertProduct, rows: batch.products.map((row) => bulkProductParams(row.id, row.product, now)) },
    { sql: BULK_SQL.insertOffer, rows: batch.offers.map((row) => bulkOfferParams(row.id, row.retailerId, row.externalId, row.productId, row.record, now)) },
    { sql: BULK_SQL.indexOfferRange, rows: range },
    { sql: BULK_SQL.firstPricePoints, rows: range },
    // Offers far below the others of their product are held for review before the figures count them.
    { sql: BULK_SQL.holdPriceOutliers, rows: refreshed ? [{ ids }] : [] },
  ].filter((op) => op.rows.length > 0);
  if (refreshed) ops.push({ productFigures: { ids: [...batch.refreshed], now } });
  ops.push(
    ...[
      { sql: BULK_SQL.bumpPriceSummaries, rows: refreshed ? [{ ids }] : [] },
      { sql: BULK_SQL.deleteEmptyProducts, rows: refreshed ? [[ids]] : [] },
      { sql: BULK_SQL.setProductTitle, rows: batch.titles.map((row) => [row.title, row.productId, row.title]) },
    ].filter((op) => op.rows.length > 0),
  );
  ops.push({ sql: BULK_SQL.advanceImportRun, rows: [importRunAdvanceParams(batch.run.id, batch.run.delta)] });
  return ops;
}

/**
 * SQLite's bulk path: the index loaded from the connection, ids reserved through the table's sequence, reads answered
 * synchronously, and batches committed by a writer thread on a connection of its own (`createBulkWriter`).
 */
function sqliteBulkPath(store: CatalogStore, ops: IngestionOps): BulkPath {
  return {
    offerKeys: async () => store.iterateOfferKeys(),
    reserveIds: (table, count) => retryBusy(async () => store.reserveIds(table, count)),
    decide: async (step) => runSync(step, ops),
    openWriter() {
      const writer = createBulkWriter(store.sqlite);
      return { write: (batch) => writer.write(sqliteBulkOps(batch)), drain: () => writer.drain(), close: () => writer.close() };
    },
    writeAtOnce: (batches) => retryBusy(() => writeAtOnce(store, batches)),
    tune: () => store.tuneForBulkImport(),
  };
}

/**
 * A staged run's batches in one transaction: a small run's on this connection, a large one's on a writer thread (the
 * connection's other work goes on meanwhile).
 */
async function writeAtOnce(store: CatalogStore, batches: readonly BulkBatch[]): Promise<void> {
  if (batches.length === 0) return;
  const rows = batches.reduce((sum, batch) => sum + batch.offers.length + batch.updates.length, 0);
  const writer = rows < WRITER_THREAD_FROM ? createInlineBulkWriter(store.sqlite) : createBulkWriter(store.sqlite);
  try {
    await writer.write(batchesAtOnce(batches).flatMap(sqliteBulkOps));
  } finally {
    await writer.close();
  }
}
