import { randomUUID } from 'node:crypto';
import { type CatalogRepository, matchThreshold, type ProductMatcher, type ProductRow, type RankedProduct } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from './ports';
import { createSearchService, type PageReader } from './service';

/**
 * How typed words choose between one product and a list, with the matcher's ranking given (a stand-in matcher: the
 * real one is covered by search.spec.ts on a real catalog).
 */
const product = (id: number, offerCount = 1): ProductRow => ({
  id,
  title: `Product ${id}`,
  brand: 'Brand',
  model: null,
  modelKey: null,
  gtin: null,
  category: null,
  categorySlug: null,
  imageUrl: null,
  offerCount,
  bestPriceCents: null,
  bestPriceCondition: null,
  bestOfferId: null,
  bestShippingKnown: null,
  currency: 'USD',
  createdAt: '2026-11-21T00:00:00.000Z',
  updatedAt: '2026-11-21T00:00:00.000Z',
});

function serviceRanking(first: RankedProduct[], wider: RankedProduct[], hidden: readonly number[] = []) {
  const rank = jest.fn(async (_item: unknown, options: { indexLimit?: number }) => (options.indexLimit ? wider : first));
  const service = createSearchService({
    catalog: {
      productIdByExactTitle: async () => null,
      getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, product(id, hidden.includes(id) ? 0 : 1)])),
      offersOfProduct: async () => [],
      priceHistoryOfProduct: async () => [],
    } as unknown as CatalogRepository,
    matcher: { rankAsync: rank, relatedAsync: async () => [] } as unknown as ProductMatcher,
    requests: { get: async () => null, save: async () => true } satisfies SearchRequestRepository,
    pages: {} as PageReader,
  });
  return { rank, search: (query: string) => service.search({ requestId: randomUUID(), query }) };
}

describe('text search answers', () => {
  const above = matchThreshold() + 0.1;

  it('answers one product when its score leads the next above the threshold clearly', async () => {
    const { search, rank } = serviceRanking([{ productId: 1, score: above + 0.25 }, { productId: 2, score: above }], []);
    const result = await search('words');
    expect(result.product?.id).toBe(1);
    expect(result.matches).toEqual([]);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('passes over a product shoppers may see no offer of (all held): the next one is the answer', async () => {
    const { search } = serviceRanking([{ productId: 1, score: above + 0.5 }, { productId: 2, score: above }], [], [1]);
    const result = await search('words');
    expect(result.product?.id).toBe(2);
    expect(result.similarProducts.map((p) => p.id)).not.toContain(1);
  });

  it('lists the products from the wider ranking when the lead is small', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [...close, { productId: 3, score: above - 0.01 }, { productId: 4, score: matchThreshold() / 2 }]);
    const result = await search('words');
    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([4]);
  });

  it('answers the one product left above the threshold when the wider ranking leaves only one', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [{ productId: 2, score: above + 0.1 }, { productId: 1, score: matchThreshold() / 2 }]);
    const result = await search('words');
    expect(result.product?.id).toBe(2);
    expect(result.matches).toEqual([]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([1]);
  });

  it('lists only the products holding every word when some that fit do; the others are similar products', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const wider = [
      { productId: 1, score: above + 0.05, holdsAllWords: true },
      { productId: 2, score: above, holdsAllWords: false },
      { productId: 3, score: above - 0.02, holdsAllWords: true },
      { productId: 4, score: matchThreshold() - 0.05, holdsAllWords: true },
    ];
    const { search } = serviceRanking(close, wider);
    const result = await search('words');
    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.id)).toEqual([1, 3, 4]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([2]);
  });

  it('answers the one product holding every word when the others that fit lack one', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [
      { productId: 2, score: above + 0.05, holdsAllWords: false },
      { productId: 1, score: above, holdsAllWords: true },
    ]);
    const result = await search('words');
    expect(result.product?.id).toBe(1);
    expect(result.matches).toEqual([]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([2]);
  });

  it('lists every product that fits when none holds every word', async () => {
    const close = [{ productId: 1, score: above + 0.05 }, { productId: 2, score: above }];
    const { search } = serviceRanking(close, [...close, { productId: 3, score: matchThreshold() - 0.05 }]);
    const result = await search('words');
    expect(result.matches.map((p) => p.id)).toEqual([1, 2]);
    expect(result.similarProducts.map((p) => p.id)).toEqual([3]);
  });
});
