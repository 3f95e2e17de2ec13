import type { CatalogRepository, ProductRow } from '@pricehunt/catalog-core';

/** For unit tests: a product with no brand, model, category or prices, but for the fields given. */
export const productRow = (id: number, fields: Partial<ProductRow> = {}): ProductRow => ({
  id,
  title: '',
  brand: null,
  model: null,
  modelKey: null,
  gtin: null,
  category: null,
  categorySlug: null,
  imageUrl: null,
  offerCount: 0,
  bestPriceCents: null,
  bestPriceCondition: null,
  bestOfferId: null,
  bestShippingKnown: null,
  currency: null,
  createdAt: '',
  updatedAt: '',
  ...fields,
});

/**
 * For unit tests: a catalog whose products' listings are the titles given by product id (offer ids are id * 100 +
 * place), and whose products are named, made and filed as `names`, `brands` and `categories` say (else their names are
 * empty, and they have no brand and no category).
 */
export function listingsCatalog(
  listings: Record<number, readonly string[]>,
  names: Record<number, string> = {},
  brands: Record<number, string> = {},
  categories: Record<number, string> = {},
): Pick<CatalogRepository, 'getProducts' | 'offerRefsOfProducts' | 'offerItems'> {
  const product = (id: number) => productRow(id, { title: names[id] ?? '', brand: brands[id] ?? null, category: categories[id] ?? null, offerCount: listings[id]?.length ?? 0 });
  return {
    getProducts: async (ids: readonly number[]) => new Map(ids.filter((id) => listings[id] !== undefined).map((id) => [id, product(id)])),
    offerRefsOfProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, (listings[id] ?? []).map((_, at) => ({ id: id * 100 + at, productId: id, updatedAt: '' }))])),
    offerItems: async (ids: readonly number[]) =>
      new Map(ids.map((id) => [id, { id, updatedAt: '', title: listings[Math.floor(id / 100)]?.[id % 100] ?? '', brand: null, model: null, gtin: null, priceCents: 0 }])),
  };
}
