import type { IngestionOps, IngestionStore } from './ingestion-store';
import type { MatcherReads } from './matching';
import type { OfferItem } from './repository';
import type { SearchIndex } from './search-index';
import type { CatalogStore } from './sqlite-repository';
import { runSync } from './steps';

/** `MatcherReads` on SQLite: the catalog store and the FTS5 index of one connection. */
export function sqliteMatcherReads(store: CatalogStore, index: SearchIndex): MatcherReads {
  return {
    offersWithGtin: (gtin, limit) => store.offersWithGtin(gtin, limit),
    offersWithModelKey: (modelKey, limit) => store.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: (productIds, limit) => new Map(productIds.map((id) => [id, store.offerRefsOfProduct(id, limit)])),
    offerItems(ids) {
      const items = new Map<number, OfferItem>();
      for (const id of ids) {
        const row = store.getOffer(id);
        if (row) items.set(id, { id: row.id, updatedAt: row.updatedAt, title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents });
      }
      return items;
    },
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
 * start), and its step runs synchronously inside it: nothing else runs on the connection meanwhile.
 */
export function createSqliteIngestionStore(store: CatalogStore, index: SearchIndex): IngestionStore {
  const ops: IngestionOps = {
    ...sqliteMatcherReads(store, index),
    findOfferByExternalId: (retailerId, externalId) => store.findOfferByExternalId(retailerId, externalId),
    findOfferByCanonicalUrl: (canonicalUrl) => store.findOfferByCanonicalUrl(canonicalUrl),
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
  };
  return {
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
    unclusterAll: async () => store.unclusterAll(),
    redirectProducts: async (pairs, now) => store.transaction(() => store.redirectProducts(pairs, now)),
    bulk: { store, ops },
  };
}
