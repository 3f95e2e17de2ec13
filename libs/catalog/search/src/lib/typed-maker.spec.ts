import type { ProductRow } from '@pricehunt/catalog-core';
import { makersTyped, ofTypedMakers, type TypedMakerReads, withoutMakersTyped } from './typed-maker';

const PRODUCTS: Array<Pick<ProductRow, 'id' | 'title' | 'brand'>> = [
  { id: 1, title: 'Apple iPad Air M2 (11", 128GB, Blue)', brand: 'Apple' },
  { id: 2, title: 'Samsung QLED 4K QN65Q80C Smart TV (65")', brand: 'Samsung' },
  { id: 3, title: 'LG UHD 75UR9000PUA 4K Smart TV (75")', brand: 'LG' },
  { id: 4, title: 'Elite Screens Maxwhite 92" Projection Screen', brand: 'Elite Screens' },
  { id: 5, title: 'Smart TV Remote for Apple TV 4K', brand: 'Generic Remotes' },
  { id: 6, title: '4K HDMI Cable', brand: null },
  { id: 7, title: 'Kingston 1GB DDR PC 3200 Memory', brand: 'Kingston' },
  { id: 8, title: 'Corsair 2GB DDR PC 3200 Memory', brand: 'Corsair' },
  { id: 9, title: 'PC Treasures USB Mouse', brand: 'PC Treasures' },
];
const byId = new Map(PRODUCTS.map((product) => [product.id, product as ProductRow]));
/** The index: the products whose title or brand holds the word. */
const reads: TypedMakerReads = {
  index: {
    productsCarrying: async ([word]) =>
      PRODUCTS.filter((product) => `${product.title} ${product.brand ?? ''}`.toLowerCase().split(/[^a-z0-9]+/).includes(word ?? '')).map((product) => ({ productId: product.id, title: product.title, offerCount: 1 })),
  },
  catalog: { getProducts: async (ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id) as ProductRow] as const] : []))) },
};

describe('typed makers', () => {
  it('reads a typed word as a maker when products carrying it have it as their brand, or as its first word', async () => {
    expect(await makersTyped(reads, 'apple tv 4k')).toEqual(['apple']);
    expect(await makersTyped(reads, 'elite projector')).toEqual(['elite']);
    expect(await makersTyped(reads, 'smart tv 4k')).toEqual([]);
    // Most products carrying "pc" are other makers' memory.
    expect(await makersTyped(reads, 'kingston 1gb ddr pc 3200')).toEqual(['kingston']);
  });

  it('keeps of the products found those of the maker typed, named in their title, or of an unknown maker', async () => {
    expect(await ofTypedMakers(reads, 'apple tv 4k', [2, 3, 5, 6])).toEqual([5, 6]);
    expect(await ofTypedMakers(reads, 'samsung tv 4k', [2, 3])).toEqual([2]);
    expect(await ofTypedMakers(reads, 'smart tv 4k', [2, 3])).toBeNull();
  });

  it('leaves the kind typed with a maker, not a model', async () => {
    expect(await withoutMakersTyped(reads, 'lg soundbar')).toBe('soundbar');
    expect(await withoutMakersTyped(reads, 'samsung smart tv')).toBe('smart tv');
    expect(await withoutMakersTyped(reads, 'smart tv')).toBeNull();
    expect(await withoutMakersTyped(reads, 'apple')).toBeNull();
    expect(await withoutMakersTyped(reads, 'apple tv 4k')).toBeNull();
  });
});
