import type { OfferCandidateReads, OfferItem, OfferReads, OfferRef } from '@pricehunt/catalog-core';
import type { CatalogStore } from '../sqlite/store';

/** What the offers among `ids` that exist say about themselves, for ranking (read one by one, in the order asked). */
export function offerItemsOf(store: Pick<CatalogStore, 'getOffer'>, ids: readonly number[]): Map<number, OfferItem> {
  const items = new Map<number, OfferItem>();
  for (const id of ids) {
    const row = store.getOffer(id);
    if (row) items.set(id, { id: row.id, updatedAt: row.updatedAt, title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents });
  }
  return items;
}

/** The first `limit` offers (oldest first) of each of the products. */
export const offerRefsOfProducts = (store: Pick<CatalogStore, 'offerRefsOfProduct'>, productIds: readonly number[], limit: number): Map<number, OfferRef[]> =>
  new Map(productIds.map((id) => [id, store.offerRefsOfProduct(id, limit)]));

/** `OfferReads` on SQLite, over the catalog store. */
export function createSqliteOfferReads(store: CatalogStore): OfferReads {
  return {
    findOfferByCanonicalUrl: async (canonicalUrl) => store.findOfferByCanonicalUrl(canonicalUrl),
    findOfferByExternalId: async (retailerId, externalId) => store.findOfferByExternalId(retailerId, externalId),
    getOfferWithRetailer: async (id) => store.getOfferWithRetailer(id),
    offersOfProduct: async (productId) => store.offersOfProduct(productId),
    allOffersOfProduct: async (productId) => store.allOffersOfProduct(productId),
    lowestPricesIn: async (condition, productIds) => store.lowestPricesIn(condition, productIds),
  };
}

/** `OfferCandidateReads` on SQLite, over the catalog store. */
export function createSqliteOfferCandidateReads(store: CatalogStore): OfferCandidateReads {
  return {
    offersWithGtin: async (gtin, limit) => store.offersWithGtin(gtin, limit),
    offersWithModelKey: async (modelKey, limit) => store.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: async (productIds, limit) => offerRefsOfProducts(store, productIds, limit),
    offerItems: async (ids) => offerItemsOf(store, ids),
    offersAtAmong: async (retailerId, offerIds) => store.offersAtAmong(retailerId, offerIds),
    productsWithOfferAt: async (retailerId, productIds) => store.productsWithOfferAt(retailerId, productIds),
  };
}
