import { REAL_PRODUCTS, realProductsFrom } from './real-products';

describe('real products', () => {
  const product = { brand: 'Sony', category: 'headphones', family: '', name: '', model: 'WH-1000XM5', noun: 'Headphones', variants: [{ price: 399.99, colour: 'Black' }] };

  it('loads every product of real-products.json with its variants', () => {
    expect(REAL_PRODUCTS.length).toBeGreaterThan(300);
    expect(REAL_PRODUCTS.every((entry) => entry.variants.length > 0)).toBe(true);
    expect(REAL_PRODUCTS.find((entry) => entry.model === 'WH-1000XM5')?.variants[0]).toEqual({ price: 399.99, colour: 'Black', mpn: 'WH1000XM5/B', gtin: '027242923232' });
  });

  it('takes a product whose fields are all right as it is', () => {
    expect(realProductsFrom({ products: [product] })).toEqual([product]);
  });

  it('names the product and the field that is missing, unknown or wrong', () => {
    expect(() => realProductsFrom({ products: [product, { ...product, category: 'toasters' }] })).toThrow('product 2: field category is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, noun: undefined }] })).toThrow('product 1: field noun is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, colour: 'Black' }] })).toThrow('product 1: field colour is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, sizeUnit: 'cm' }] })).toThrow('field sizeUnit');
    expect(() => realProductsFrom({ products: ['Sony'] })).toThrow('product 1: not an object');
    expect(realProductsFrom({ products: [{ ...product, claims: ['Bluetooth', 'Foldable'] }] })[0]?.claims).toEqual(['Bluetooth', 'Foldable']);
    for (const claims of [['Bluetooth'], ['Bluetooth', 'Bluetooth'], ['Bluetooth', ''], ['Bluetooth', ' Foldable'], 'Bluetooth']) {
      expect(() => realProductsFrom({ products: [{ ...product, claims }] })).toThrow('product 1: field claims is missing or wrong');
    }
    // Bundles may be none (sold alone), never a repeated or an empty one.
    expect(realProductsFrom({ products: [{ ...product, bundles: [] }] })[0]?.bundles).toEqual([]);
    for (const bundles of [['with Case', 'with Case'], [''], [' with Case'], 'with Case']) {
      expect(() => realProductsFrom({ products: [{ ...product, bundles }] })).toThrow('product 1: field bundles is missing or wrong');
    }
  });

  it('names the variant and its field', () => {
    expect(() => realProductsFrom({ products: [{ ...product, variants: [{ price: 1 }, { colour: 'Black' }] }] })).toThrow('variant 2: field price is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, variants: [{ price: -5 }] }] })).toThrow('variant 1: field price is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, variants: [{ price: 5, gtin: 'none' }] }] })).toThrow('variant 1: field gtin is missing or wrong');
    expect(() => realProductsFrom({ products: [{ ...product, variants: [] }] })).toThrow('field variants is missing or wrong');
  });
});
