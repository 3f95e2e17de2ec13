import type { CatalogRepository } from '@pricehunt/catalog-core';

/** For unit tests: a catalog whose products' listings are the titles given by product id (offer ids are id * 100 + place). */
export function listingsCatalog(listings: Record<number, readonly string[]>): Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'> {
  return {
    offerRefsOfProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, (listings[id] ?? []).map((_, at) => ({ id: id * 100 + at, productId: id, updatedAt: '' }))])),
    offerItems: async (ids: readonly number[]) =>
      new Map(ids.map((id) => [id, { id, updatedAt: '', title: listings[Math.floor(id / 100)]?.[id % 100] ?? '', brand: null, model: null, gtin: null, priceCents: 0 }])),
  };
}
