import { productRow } from './testing/listings-catalog';
import { gtinFound, productsWithGtin, typedGtin } from './gtin-words';

describe('typedGtin', () => {
  it('reads a UPC, an EAN or a GTIN-14 with a valid check digit, grouped as printed or not', () => {
    expect(typedGtin('027242923232')).toBe('00027242923232');
    expect(typedGtin(' 0 27242 92323 2 ')).toBe('00027242923232');
    expect(typedGtin('4-006381-333931')).toBe('04006381333931');
  });

  it('reads no number with a wrong check digit or length, nor words', () => {
    expect(typedGtin('027242923233')).toBeNull();
    expect(typedGtin('12345')).toBeNull();
    expect(typedGtin('sony 027242923232')).toBeNull();
    expect(typedGtin('')).toBeNull();
  });
});

describe('productsWithGtin and gtinFound', () => {
  // Product 9's offers are all held (an unverified store's): shoppers may not see it.
  const catalog = {
    offersWithGtin: async (gtin: string) =>
      gtin === '00027242923232' ? [{ id: 1, productId: 7, updatedAt: '' }, { id: 2, productId: 7, updatedAt: '' }, { id: 3, productId: null, updatedAt: '' }, { id: 4, productId: 9, updatedAt: '' }] : [],
    getProducts: async (ids: readonly number[]) => new Map(ids.map((id) => [id, productRow(id, { offerCount: id === 9 ? 0 : 2 })])),
  };

  it('names the one product whose offers state it that shoppers may see, and lists several', async () => {
    expect(await productsWithGtin(catalog, '00027242923232')).toEqual([7]);
    expect(gtinFound('027242923232', [7])).toMatchObject({ productId: 7, confidence: 1, matchIds: [], complete: true });
    expect(gtinFound('027242923232', [7, 8])).toMatchObject({ productId: null, confidence: 0, matchIds: [7, 8] });
  });
});
