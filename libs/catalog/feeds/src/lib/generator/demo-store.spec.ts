import { slugify } from '../slug';
import { demoProducts, generateDemoCatalog } from './demo-catalog';
import { DEMO_STORE, DEMO_STORE_PRICE_FACTOR, demoStoreProducts, demoStoreRange } from './demo-store';

const SEEDS = [42, 1, 2024];
const cents = (price: string) => Math.round(Number(price) * 100);

describe('demo store products', () => {
  it('names the store', () => {
    expect(DEMO_STORE).toEqual({ domain: 'demo-store.localhost', name: 'Demo Store' });
  });

  it('are deterministic in the seed, and another seed chooses and prices otherwise', () => {
    expect(demoStoreProducts(42)).toEqual(demoStoreProducts(42));
    expect(demoStoreProducts(7)).not.toEqual(demoStoreProducts(42));
    expect(() => demoStoreProducts(1.5)).toThrow(RangeError);
  });

  it.each(SEEDS)('hold about 36 audio and wearables products with unique handles (seed %i)', (seed) => {
    const products = demoStoreProducts(seed);
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(products.length).toBeLessThanOrEqual(40);
    expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
    for (const p of products) {
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.price).toMatch(/^\d+\.\d\d$/);
      if (p.compareAtPrice !== undefined) expect(cents(p.compareAtPrice)).toBeGreaterThan(cents(p.price));
    }
    const types = products.map((p) => p.productType);
    const count = (type: string) => types.filter((t) => t === type).length;
    expect(new Set(types)).toEqual(new Set(['Headphones', 'Speakers', 'Smartwatches', 'Accessories', 'Storage']));
    expect(count('Headphones') + count('Speakers') + count('Smartwatches')).toBeGreaterThanOrEqual(30);
  });

  it.each(SEEDS)('are products of the demo catalog offered by two retailers or more, in their own words (seed %i)', (seed) => {
    const retailers = new Map<string, Set<string>>();
    for (const offer of generateDemoCatalog({ seed })) retailers.set(offer.productKey, (retailers.get(offer.productKey) ?? new Set()).add(offer.retailer));
    const known = new Map(demoProducts(seed).map((p) => [p.productKey, p]));
    for (const { product, item } of demoStoreRange(seed)) {
      expect(known.get(product.productKey)).toEqual(product);
      expect({ title: item.title, atTwoOrMore: (retailers.get(product.productKey)?.size ?? 0) >= 2 }).toEqual({ title: item.title, atTwoOrMore: true });
      expect(item.vendor).toBe(product.brand);
      expect(item.productType).toBe(product.categoryLabel);
      expect(item.sku).toBe(product.mpn || product.model);
      expect(item.barcode).toBe(product.gtin);
      expect(item.handle).toBe(slugify(item.title, 120));
      if (product.colour) expect(item.title.endsWith(` - ${product.colour}`)).toBe(true);
      expect(item.title.replace(' - ', ' ')).toBe(product.title);
    }
  });

  it('writes titles as a Shopify shop does, with the GTIN and part number the data gives', () => {
    expect(demoStoreProducts(42)).toContainEqual(
      expect.objectContaining({
        handle: 'sony-wh-1000xm5-wireless-noise-canceling-over-ear-headphones-black',
        title: 'Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones - Black',
        vendor: 'Sony',
        productType: 'Headphones',
        sku: 'WH1000XM5/B',
        barcode: '027242923232',
      }),
    );
  });

  it.each(SEEDS)('price each product at the median of its catalog offers times 0.93–1.05: the cheapest for some, not for others (seed %i)', (seed) => {
    const offers = generateDemoCatalog({ seed });
    let cheapest = 0;
    let dearer = 0;
    for (const { product, item } of demoStoreRange(seed)) {
      const prices = offers
        .filter((offer) => offer.productKey === product.productKey)
        .map((offer) => Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents))
        .sort((a, b) => a - b);
      const middle = prices.length >> 1;
      const median = prices.length % 2 ? (prices[middle] as number) : ((prices[middle - 1] as number) + (prices[middle] as number)) / 2;
      const price = cents(item.price);
      expect({ title: item.title, price, low: price >= median * DEMO_STORE_PRICE_FACTOR.min - 0.5 }).toEqual({ title: item.title, price, low: true });
      expect({ title: item.title, price, high: price <= median * DEMO_STORE_PRICE_FACTOR.max + 0.5 }).toEqual({ title: item.title, price, high: true });
      if (price < (prices[0] as number)) cheapest++;
      else dearer++;
    }
    expect(cheapest).toBeGreaterThan(0);
    expect(dearer).toBeGreaterThan(0);
  });

  it('show a product’s picture when the demo’s table holds one, and none otherwise', () => {
    const [first] = demoStoreRange(42);
    if (!first) throw new Error('the Demo Store sells nothing');
    expect(demoStoreProducts(42, {}).every((item) => item.images === undefined)).toBe(true);
    const image = 'https://images.example.com/store-first.jpg';
    const entries = demoStoreRange(42, { [first.product.productKey]: { image, from: 'https://www.example.com/first' } });
    expect(entries.map((entry) => entry.item.images)).toEqual(entries.map((entry, index) => (index === 0 ? [image] : undefined)));
    expect(entries[0]?.offers.every((offer) => offer.imageUrl === image)).toBe(true);
  });
});
