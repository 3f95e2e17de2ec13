import { productName } from '@pricehunt/catalog-matching';
import { at, seedOffers, seedProducts, seedRetailersAndBusiness, type SeedOffer } from '../../testing';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing';
import { createPgCatalogRepository, createSqliteCatalogRepository } from '../../index';
import type { CatalogRepository, DuePriceSummary, PriceSummaryRow } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';

interface Subject {
  db: PortEngine;
  catalog: CatalogRepository;
  /** The port on another connection (pool) to the same database, as another API process has it. */
  another(): Promise<CatalogRepository>;
}

const port = (connection: EngineConnection): CatalogRepository =>
  connection.engine === 'sqlite' ? createSqliteCatalogRepository(connection.handle) : createPgCatalogRepository(connection.handle);

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  return { db, catalog: port(db), another: async () => port(await db.connect()) };
}

/** Equal, and with the keys in the same order: the API answers these objects as JSON. */
function expectExactly(actual: unknown, expected: unknown) {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const HEADPHONES = 'Sony WH-1000XM5 Wireless Noise Canceling Headphones';
const OFFERS: SeedOffer[] = [
  { id: 11, retailer: 'amazon', product: 1, title: `${HEADPHONES} Black`, brand: 'Sony', model: 'WH-1000XM5', modelKey: 'WH1000XM5', gtin: '027242923782', price: 27_999, category: 'Headphones' },
  { id: 12, retailer: 'bestbuy', product: 1, title: `${HEADPHONES}`, brand: 'Sony', model: 'WH-1000XM5/B', modelKey: 'WH1000XM5B', gtin: '027242923782', price: 29_999, shipping: 500, category: 'Headphones' },
  { id: 13, retailer: 'shop', product: 1, title: `Sony WH-1000XM5 headphones (open box)`, brand: 'Sony', modelKey: 'WH1000XM5', price: 31_000, business: 'b1', category: 'Headphones' },
  { id: 14, retailer: 'walmart', product: 2, title: 'Bose QuietComfort 45 Bluetooth Headphones', brand: 'Bose', model: 'QC45', modelKey: 'QC45', price: 32_900, category: 'Headphones' },
  { id: 15, retailer: 'amazon', product: 3, title: 'Sony KD-55X80K 55" 4K Ultra HD Smart TV', brand: 'Sony', model: 'KD-55X80K', modelKey: 'KD55X80K', price: 59_999, category: 'TVs' },
  { id: 16, retailer: 'bestbuy', product: 3, title: 'Sony BRAVIA KD-55X80K', brand: 'SONY', model: 'KD55X80KB', modelKey: 'KD55X80KB', price: 64_999, availability: 'out_of_stock', category: 'TVs' },
  { id: 17, retailer: 'walmart', product: 3, title: 'Sony KD55X80K television', brand: 'sony', modelKey: 'KD55X80K', price: 9_999, held: 'price', category: 'TVs', minute: 40 },
  { id: 18, retailer: 'amazon', product: 5, title: 'Samsung T7 Portable SSD 1.5 TB', brand: 'Samsung', model: 'MU-PC1T5', modelKey: 'MUPC1T5', price: 12_900, shipping: 0, currency: 'EUR', category: 'Storage' },
  { id: 19, retailer: 'shop', product: null, title: 'Café Crème Nespresso Pods', brand: 'Nespresso', price: 5_000, business: 'b1' },
  { id: 20, retailer: 'shop', product: 3, title: 'Sony KD-55X80K (shop)', brand: 'Sony', modelKey: 'KD55X80K', price: 61_000, business: 'b1', category: 'TVs' },
  { id: 22, retailer: 'walmart', product: 3, title: 'Sony 55 inch TV', brand: 'Sony', price: 70_000, business: 'b2', category: 'TVs' },
  { id: 21, retailer: 'walmart', product: 6, title: 'Sony WH-1000XM5 case', brand: 'Sony', modelKey: 'WH1000XM5', price: 1_999, held: 'price', category: 'Headphones', minute: 40 },
];

describe.each(ENGINES)('catalog port on %s', (engine) => {
  let s: Subject;
  let run: PortEngine['query'];

  beforeAll(async () => {
    s = await open(engine);
    run = s.db.query;
    await seedRetailersAndBusiness(run);
    await seedProducts(run, [
      { id: 1, title: HEADPHONES, brand: 'Sony', modelKey: 'WH1000XM5', category: 'Headphones', slug: 'headphones', offers: 3, best: 27_999 },
      { id: 2, title: 'Bose QuietComfort 45', brand: 'BOSE', category: 'Headphones', slug: 'headphones', offers: 1, best: 32_900 },
      { id: 3, title: 'Sony KD-55X80K', brand: 'sony', category: 'TVs', slug: 'tvs', offers: 3, best: 59_999 },
      { id: 4, title: 'Gone', offers: 0, best: null },
      { id: 5, title: 'Samsung T7 1.5 TB', brand: 'Samsung', category: 'Storage', slug: 'storage', offers: 1, best: 12_900, currency: 'EUR' },
      { id: 6, title: 'Sony WH-1000XM5 case', brand: 'Sony', category: 'Headphones', slug: 'headphones', offers: 0, best: null },
      { id: 7, title: 'Bose QuietComfort 45', brand: 'bose', category: 'Headphones', slug: 'headphones', offers: 2, best: 30_000 },
    ]);
    await seedOffers(run, OFFERS);
    await run(`INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES
      (11, 29999, NULL, 'USD', ?), (12, 29999, 500, 'USD', ?), (11, 27999, NULL, 'USD', ?), (17, 9999, NULL, 'USD', ?), (15, 59999, NULL, 'USD', ?)`,
      [at(1), at(1), at(5), at(2), at(3)]);
    await run(`INSERT INTO product_redirects (from_id, to_id, created_at) VALUES (9, 1, ?)`, [at(0)]);
  });
  afterAll(async () => s.db.close());

  it('tells when an import last committed to the catalog, in any process', async () => {
    expect(await s.catalog.lastImportAt()).toBeNull();
    await run(`INSERT INTO import_runs (id, format, source, status, started_at, heartbeat_at, finished_at) VALUES
      ('r1', 'gmc', 'a.xml', 'succeeded', ?, ?, ?), ('r2', 'gmc', 'b.xml', 'running', ?, ?, NULL), ('r3', 'gmc', 'c.xml', 'running', ?, NULL, NULL)`,
      [at(1), at(3), at(4), at(2), at(6), at(5)]);
    expect(await (await s.another()).lastImportAt()).toBe(at(6));
    await run('DELETE FROM import_runs');
  });

  it('finds offers by canonical URL and by retailer product id, with their instants as ISO strings', async () => {
    const expected = {
      id: 18,
      retailerId: 'amazon',
      externalId: 'X18',
      canonicalUrl: 'https://amazon.example/p/18',
      url: 'https://amazon.example/p/18?ref=feed',
      host: 'amazon.example',
      title: 'Samsung T7 Portable SSD 1.5 TB',
      brand: 'Samsung',
      model: 'MU-PC1T5',
      modelKey: 'MUPC1T5',
      gtin: null,
      priceCents: 12_900,
      currency: 'EUR',
      shippingCents: 0,
      availability: 'in_stock',
      condition: 'new',
      imageUrl: null,
      category: 'Storage',
      businessId: null,
      productId: 5,
      createdAt: at(0),
      updatedAt: at(18),
    };
    expectExactly(await s.catalog.findOfferByCanonicalUrl('https://amazon.example/p/18'), expected);
    expectExactly(await s.catalog.findOfferByExternalId('amazon', 'X18'), expected);
    expect(await s.catalog.findOfferByCanonicalUrl('https://amazon.example/p/99')).toBeNull();
    expect(await s.catalog.findOfferByExternalId('walmart', 'X18')).toBeNull();
  });

  it('reads an offer with its retailer, its business store and whether that store is synced from Shopify (0 or 1)', async () => {
    expectExactly(await s.catalog.getOfferWithRetailer(19), {
      ...(await s.catalog.findOfferByExternalId('shop', 'X19')),
      held: null,
      priceGroup: 'new',
      origin: 'feed',
      retailerName: 'Shop Example',
      businessDomain: 'shop.example',
      shopifyStore: 1,
    });
    expect(await s.catalog.getOfferWithRetailer(19)).toMatchObject({ id: 19, productId: null, title: 'Café Crème Nespresso Pods', createdAt: at(0), updatedAt: at(19) });
    expect(await s.catalog.getOfferWithRetailer(17)).toMatchObject({ held: 'price', retailerName: 'Walmart', businessDomain: null, shopifyStore: 0 });
    expect(await s.catalog.getOfferWithRetailer(99)).toBeNull();
  });

  it('reads products one at a time and by id lists, and successors of retired ids', async () => {
    expectExactly(await s.catalog.getProduct(5), {
      id: 5,
      title: 'Samsung T7 1.5 TB',
      brand: 'Samsung',
      model: null,
      modelKey: null,
      gtin: null,
      category: 'Storage',
      categorySlug: 'storage',
      imageUrl: null,
      offerCount: 1,
      bestPriceCents: 12_900,
      bestPriceCondition: 'new',
      bestOfferId: null,
      bestShippingKnown: null,
      currency: 'EUR',
      createdAt: at(0),
      updatedAt: at(5),
    });
    expect(await s.catalog.getProduct(99)).toBeNull();
    expect([...(await s.catalog.getProducts([3, 99, 1])).keys()].sort()).toEqual([1, 3]);
    expect((await s.catalog.getProducts([4])).get(4)).toMatchObject({ title: 'Gone', bestPriceCents: null, currency: null });
    expect((await s.catalog.getProducts([])).size).toBe(0);
    expect(await s.catalog.successorOf(9)).toBe(1);
    expect(await s.catalog.successorOf(1)).toBeNull();
  });

  it('reads a product price history (offers shown), oldest first, ties by insertion', async () => {
    expectExactly(await s.catalog.priceHistoryOfProduct(1, { since: at(0), limit: 100 }), [
      { offerId: 11, retailerId: 'amazon', priceCents: 29_999, shippingCents: null, currency: 'USD', recordedAt: at(1), condition: 'new', priceGroup: 'new' },
      { offerId: 12, retailerId: 'bestbuy', priceCents: 29_999, shippingCents: 500, currency: 'USD', recordedAt: at(1), condition: 'new', priceGroup: 'new' },
      { offerId: 11, retailerId: 'amazon', priceCents: 27_999, shippingCents: null, currency: 'USD', recordedAt: at(5), condition: 'new', priceGroup: 'new' },
    ]);
    // Offer 17 is held: its points are left out.
    expect((await s.catalog.priceHistoryOfProduct(3, { since: at(0), limit: 100 })).map((point) => point.offerId)).toEqual([15]);
  });

  it('lists categories with products that have offers, most products first, and one by slug', async () => {
    expectExactly(await s.catalog.listCategories(), [
      { name: 'Headphones', slug: 'headphones', productCount: 3, entryCount: 3 },
      { name: 'Storage', slug: 'storage', productCount: 1, entryCount: 1 },
      { name: 'TVs', slug: 'tvs', productCount: 1, entryCount: 1 },
    ]);
    expectExactly(await s.catalog.getCategory('tvs'), { name: 'TVs', slug: 'tvs', productCount: 1, entryCount: 1 });
    expect(await s.catalog.getCategory('none')).toBeNull();
  });

  it('browses by category, brand in any letter case and price, in each order, with brand facets', async () => {
    const page = { sort: 'price_asc' as const, page: 1, pageSize: 10 };
    const all = await s.catalog.browse(page);
    expect(all.total).toBe(5);
    expect(all.items.map((p) => p.id)).toEqual([5, 1, 7, 2, 3]);
    expect(all.items[0]).toEqual(await s.catalog.getProduct(5));
    // "Bose"/"BOSE"/"bose" are one brand; named here by one spelling.
    expect(all.brands.map((b) => [b.name.toLowerCase(), b.count])).toEqual([
      ['bose', 2],
      ['sony', 2],
      ['samsung', 1],
    ]);
    // A brand of several letter cases is named by the spelling most of its products write, the least in byte order
    // (upper case first) among those as many write: "BOSE" and "bose" one each here.
    expectExactly(all.brands, [
      { name: 'BOSE', count: 2 },
      { name: 'Sony', count: 2 },
      { name: 'Samsung', count: 1 },
    ]);
    await run(`UPDATE products SET brand = 'bose' WHERE id = 5`);
    try {
      expectExactly((await s.catalog.browse(page)).brands, [
        { name: 'bose', count: 3 },
        { name: 'Sony', count: 2 },
      ]);
    } finally {
      await run(`UPDATE products SET brand = 'Samsung' WHERE id = 5`);
    }
    expect((await s.catalog.browse({ ...page, sort: 'price_desc' })).items.map((p) => p.id)).toEqual([3, 2, 7, 1, 5]);
    expect((await s.catalog.browse({ ...page, sort: 'offers' })).items.map((p) => p.id)).toEqual([1, 3, 7, 2, 5]);
    expect((await s.catalog.browse({ ...page, sort: 'name' })).items.map((p) => p.id)).toEqual([2, 7, 5, 3, 1]);
    const bose = await s.catalog.browse({ ...page, categorySlug: 'headphones', brand: 'bOsE' });
    expect([bose.total, bose.items.map((p) => p.id)]).toEqual([2, [7, 2]]);
    expect(bose.brands.map((b) => b.count)).toEqual([2, 1]);
    const priced = await s.catalog.browse({ ...page, minPriceCents: 27_999, maxPriceCents: 32_900, pageSize: 2, page: 2 });
    expect([priced.total, priced.items.map((p) => p.id)]).toEqual([3, [2]]);
  });

  it('browses by a second-hand condition at the lowest total of each product in it: shown, filtered and sorted by it', async () => {
    await run(`UPDATE offers SET condition = 'used' WHERE id IN (12, 13, 14, 16)`);
    try {
      const page = { sort: 'price_asc' as const, page: 1, pageSize: 10, condition: 'used' as const };
      // Product 1 used: 299.99 + 5.00 shipping (12) and 310.00 (13); product 2: 329.00 (14); product 3's is out of stock.
      const used = await s.catalog.browse(page);
      expect(used.items.map((p) => [p.id, p.bestPriceCents, p.bestPriceCondition, Boolean(p.bestShippingKnown)])).toEqual([
        [1, 30_499, 'used', true],
        [2, 32_900, 'used', false],
      ]);
      expect((await s.catalog.browse({ ...page, sort: 'price_desc' })).items.map((p) => p.id)).toEqual([2, 1]);
      expect((await s.catalog.browse({ ...page, maxPriceCents: 31_000 })).items.map((p) => p.id)).toEqual([1]);
      // New, the best price stays the catalog's.
      expect((await s.catalog.browse({ ...page, condition: 'new' })).items.find((p) => p.id === 1)?.bestPriceCents).toBe(27_999);
    } finally {
      await run(`UPDATE offers SET condition = 'new' WHERE id IN (12, 13, 14, 16)`);
    }
  });

  it('browses a line’s versions as one entry, ordered by its lowest price, once their lines are read', async () => {
    const page = { sort: 'price_asc' as const, page: 1, pageSize: 10, categorySlug: 'headphones' };
    try {
      expect((await s.catalog.unreadLines(page, 10)).map((p) => p.id)).toEqual([1, 2, 7]);
      // By id, after the one given: a whole catalog is read a batch at a time.
      expect((await s.catalog.unreadLines(page, 1)).map((p) => p.id)).toEqual([1]);
      expect((await s.catalog.unreadLines(page, 10, 1)).map((p) => p.id)).toEqual([2, 7]);
      await s.catalog.setLines([
        { id: 1, title: HEADPHONES, lineKey: null },
        { id: 2, title: 'Bose QuietComfort 45', lineKey: 'bose quietcomfort 45' },
        { id: 7, title: 'Bose QuietComfort 45', lineKey: 'bose quietcomfort 45' },
      ]);
      expect(await s.catalog.unreadLines(page, 10)).toEqual([]);
      // The line's lowest price (7's 300.00) places it after 1's 279.99; its versions follow one another by id.
      const lines = await s.catalog.browse(page);
      expect([lines.total, lines.productCount, lines.items.map((p) => p.id)]).toEqual([2, 3, [1, 2, 7]]);
      expect((await s.catalog.browse({ ...page, sort: 'price_desc' })).items.map((p) => p.id)).toEqual([2, 7, 1]);
      expect((await s.catalog.browse({ ...page, sort: 'offers' })).items.map((p) => p.id)).toEqual([1, 2, 7]);
      // A page counts entries: the second of one entry each is the line, both its versions.
      const second = await s.catalog.browse({ ...page, pageSize: 1, page: 2 });
      expect([second.total, second.items.map((p) => p.id)]).toEqual([2, [2, 7]]);
      // Filters leave a line the versions they fit.
      expect((await s.catalog.browse({ ...page, maxPriceCents: 31_000 })).items.map((p) => p.id)).toEqual([1, 7]);
      // Every count a shopper reads counts entries: the category, its brands, its stores.
      expect(await s.catalog.getCategory('headphones')).toMatchObject({ productCount: 3, entryCount: 2 });
      // Categories come most entries first: TVs' three products without a line outnumber Headphones' two entries.
      await run(`UPDATE products SET category = 'TVs', category_slug = 'tvs' WHERE id = 5`);
      await run(`UPDATE products SET offer_count = 1 WHERE id = 4`);
      await run(`UPDATE products SET category = 'TVs', category_slug = 'tvs' WHERE id = 4`);
      expect((await s.catalog.listCategories()).map((category) => [category.slug, category.productCount, category.entryCount])).toEqual([
        ['tvs', 3, 3],
        ['headphones', 3, 2],
      ]);
      expect(lines.brands.map((b) => [b.name.toLowerCase(), b.count])).toEqual([
        ['bose', 1],
        ['sony', 1],
      ]);
      // Walmart offers both versions of the line: one entry, as a browse of its offers heads its page.
      await run('UPDATE offers SET product_id = 7 WHERE id = 22');
      const stores = (await s.catalog.browse(page)).stores;
      expect(stores.find((store) => store.id === 'walmart')?.count).toBe(1);
      for (const store of stores) expect((await s.catalog.browse({ ...page, retailerId: store.id })).total).toBe(store.count);

      // A product renamed since its line was read is read again; a line read from its former name is not kept.
      await run(`UPDATE products SET title = 'Bose QuietComfort 45 (White)' WHERE id = 7`);
      expect(await s.catalog.unreadLines(page, 10)).toEqual([{ id: 7, title: 'Bose QuietComfort 45 (White)' }]);
      await s.catalog.setLines([{ id: 7, title: 'Bose QuietComfort 45', lineKey: 'bose quietcomfort 45' }]);
      expect((await s.catalog.unreadLines(page, 10)).map((p) => p.id)).toEqual([7]);
    } finally {
      await run('UPDATE offers SET product_id = 3 WHERE id = 22');
      await run(`UPDATE products SET category = 'Storage', category_slug = 'storage' WHERE id = 5`);
      await run(`UPDATE products SET category = NULL, category_slug = NULL, offer_count = 0 WHERE id = 4`);
      await run(`UPDATE products SET title = 'Bose QuietComfort 45' WHERE id = 7`);
      await run(`UPDATE products SET line_key = NULL, line_of_title = NULL WHERE id IN (1, 2, 7)`);
    }
  });

  it('finds the one product with offers of an exact title, by model code, and by title words', async () => {
    expect(await s.catalog.productIdByExactTitle('Sony KD-55X80K')).toBe(3);
    expect(await s.catalog.productIdByExactTitle('Bose QuietComfort 45')).toBeNull(); // two have it
    expect(await s.catalog.productIdByExactTitle('Gone')).toBeNull(); // no offers
    expect(await s.catalog.productsByModelCode('KD55X80K', { suffix: 1, limit: 5 })).toEqual([3]);
    expect(await s.catalog.productsByModelCode('WH1000XM5', { suffix: 1, limit: 5 })).toEqual([1, 6]);
    expect(await s.catalog.productsByModelCode('WH1000XM5', { suffix: 0, limit: 1 })).toEqual([1]);
    expect(await s.catalog.productsWithTitleWords(['sony', 'KD-55'], 10)).toEqual([3]);
    expect(await s.catalog.productsWithTitleWords(['wh-1000xm5'], 10)).toEqual([1, 6]);
    expect(await s.catalog.productsWithTitleWords(['1.5'], 10)).toEqual([5]);
    expect(await s.catalog.productsWithTitleWords(['%'], 10)).toEqual([]);
  });

  it('lists the offers of a product, cheapest total first, without held offers or with them', async () => {
    expect((await s.catalog.offersOfProduct(3)).map((o) => o.id)).toEqual([15, 20, 16, 22]);
    expect((await s.catalog.allOffersOfProduct(3)).map((o) => o.id)).toEqual([17, 15, 20, 16, 22]);
    expect((await s.catalog.offersOfProduct(1)).map((o) => [o.id, o.shopifyStore])).toEqual([
      [11, 0],
      [12, 0],
      [13, 1],
    ]);
  });

  it('answers the matcher batch reads', async () => {
    expectExactly(await s.catalog.offersWithGtin('027242923782', 10), [
      { id: 11, productId: 1, updatedAt: at(11) },
      { id: 12, productId: 1, updatedAt: at(12) },
    ]);
    expect(await s.catalog.offersWithGtin('027242923782', 1)).toEqual([{ id: 11, productId: 1, updatedAt: at(11) }]);
    // Keys starting with WH1000XM5 (key order, then id), then shorter keys it extends.
    expect((await s.catalog.offersWithModelKey('WH1000XM5', 10)).map((o) => o.id)).toEqual([11, 13, 21, 12]);
    expect((await s.catalog.offersWithModelKey('KD55X80KB', 10)).map((o) => o.id)).toEqual([16, 15, 17, 20]);
    expect((await s.catalog.offersWithModelKey('KD55X80KB', 2)).map((o) => o.id)).toEqual([16, 15]);
    const refs = await s.catalog.offerRefsOfProducts([3, 4, 1], 2);
    expect([...refs.entries()]).toEqual([
      [3, [{ id: 15, productId: 3, updatedAt: at(15) }, { id: 16, productId: 3, updatedAt: at(16) }]],
      [4, []],
      [1, [{ id: 11, productId: 1, updatedAt: at(11) }, { id: 12, productId: 1, updatedAt: at(12) }]],
    ]);
    const items = await s.catalog.offerItems([18, 99, 12]);
    expect([...items.keys()]).toEqual([18, 12]);
    expectExactly(items.get(18), { id: 18, updatedAt: at(18), title: 'Samsung T7 Portable SSD 1.5 TB', brand: 'Samsung', model: 'MU-PC1T5', gtin: null, priceCents: 12_900 });
    expect([...(await s.catalog.offersAtAmong('amazon', [18, 12, 11, 99]))]).toEqual([18, 11]);
    expect((await s.catalog.offersAtAmong('amazon', [])).size).toBe(0);
    expect([...(await s.catalog.productsWithOfferAt('bestbuy', [5, 3, 1, 99]))]).toEqual([3, 1]);
    expect((await s.catalog.productsWithOfferAt('bestbuy', [])).size).toBe(0);
  });

  it('gives the lowest total of the offers shoppers see in a condition that are not out of stock, per product', async () => {
    await run(`UPDATE offers SET condition = 'used' WHERE id IN (12, 13, 16, 17)`);
    await run(`UPDATE offers SET condition = 'refurbished' WHERE id = 14`);
    try {
      // Product 1's used offers: 12 at 299.99 + 5.00 shipping, 13 at 310.00 with shipping unstated; product 3's are
      // out of stock (16) or held (17).
      expect([...(await s.catalog.lowestPricesIn('used', [3, 1, 2, 99]))]).toEqual([[1, { totalCents: 30_499, shippingKnown: true }]]);
      await run(`UPDATE offers SET shipping_cents = 2000 WHERE id = 12`);
      expect((await s.catalog.lowestPricesIn('used', [1])).get(1)).toEqual({ totalCents: 31_000, shippingKnown: false });
      expect([...(await s.catalog.lowestPricesIn('refurbished', [1, 2]))]).toEqual([[2, { totalCents: 32_900, shippingKnown: false }]]);
      expect((await s.catalog.lowestPricesIn('used', [])).size).toBe(0);
    } finally {
      await run(`UPDATE offers SET condition = 'new' WHERE id IN (12, 13, 14, 16, 17)`);
      await run(`UPDATE offers SET shipping_cents = 500 WHERE id = 12`);
    }
  });

  it('suggests products with offers among offers whose model key begins with a prefix', async () => {
    expectExactly(await s.catalog.productsWithModelKeyPrefix('WH1000', 10), [{ productId: 1, title: HEADPHONES, offerCount: 3 }]);
    expect(await s.catalog.productsWithModelKeyPrefix('KD55', 10)).toEqual([{ productId: 3, title: 'Sony KD-55X80K', offerCount: 3 }]);
    expect(await s.catalog.productsWithModelKeyPrefix('ZZ', 10)).toEqual([]);
  });

  it('lists offers held for a price review, newest first (ties by id), with their count', async () => {
    expect(await s.catalog.priceHeldOffers(10)).toEqual({ ids: [21, 17], total: 2 });
    expect(await s.catalog.priceHeldOffers(1)).toEqual({ ids: [21], total: 2 });
  });

  it("pages a business's offers with their rank against other retailers' shown offers", async () => {
    const query = { sort: 'title' as const, page: 1, pageSize: 25 };
    const page = await s.catalog.businessOffers('b1', query);
    expect(page.total).toBe(3);
    expectExactly(page.items[0], {
      id: 19,
      externalId: 'X19',
      title: 'Café Crème Nespresso Pods',
      url: 'https://shop.example/p/19?ref=feed',
      priceCents: 5_000,
      currency: 'USD',
      availability: 'in_stock',
      productId: null,
      held: null,
      updatedAt: at(19),
      competitorCount: 0,
      bestCompetitorPriceCents: null,
      priceRank: null,
    });
    expect(page.items.map((o) => [o.id, o.priceRank, o.competitorCount, o.bestCompetitorPriceCents])).toEqual([
      [19, null, 0, null],
      [20, 2, 2, 59_999],
      [13, 3, 2, 27_999],
    ]);
    expect((await s.catalog.businessOffers('b1', { ...query, sort: 'rank' })).items.map((o) => o.id)).toEqual([20, 13, 19]);
    expect((await s.catalog.businessOffers('b1', { ...query, sort: 'price' })).items.map((o) => o.id)).toEqual([19, 13, 20]);
    expect((await s.catalog.businessOffers('b1', { ...query, sort: '-price' })).items.map((o) => o.id)).toEqual([20, 13, 19]);
    expect((await s.catalog.businessOffers('b1', { ...query, sort: 'updated' })).items.map((o) => o.id)).toEqual([20, 19, 13]);
    expect(await s.catalog.businessOffers('b1', { ...query, q: 'KD-55X80K', pageSize: 1 })).toMatchObject({ total: 1, items: [{ id: 20 }] });
    expect((await s.catalog.businessOffers('b1', { ...query, q: 'X19' })).items.map((o) => o.id)).toEqual([19]);
    expect((await s.catalog.businessOffers('b1', { ...query, q: 'crème' })).items.map((o) => o.id)).toEqual([19]);
    expect(await s.catalog.businessOffers('b1', { ...query, q: '100%' })).toEqual({ items: [], total: 0 });
    expect((await s.catalog.businessOffers('b2', query)).items.map((o) => [o.id, o.priceRank])).toEqual([[22, 3]]);
    expectExactly(await s.catalog.businessOffer('b1', 19), page.items[0]);
    expect(await s.catalog.businessOffer('b2', 19)).toBeNull();
  });

  it("changes a business's offer in one transaction: price point, product figures and price review", async () => {
    expect(await s.catalog.updateBusinessOffer('b2', 13, { priceCents: 1 }, at(50))).toBeNull();
    const cheaper = await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 25_000 }, at(50));
    expect(cheaper).toMatchObject({ id: 13, priceCents: 25_000, availability: 'in_stock', priceRank: 1, held: null, updatedAt: at(50) });
    expect(Object.keys(present(cheaper))).toEqual(Object.keys(present(await s.catalog.businessOffer('b1', 19))));
    // Only Best Buy states its shipping: its known total is the best price, however low the others' prices.
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 3, bestPriceCents: 30_499, bestOfferId: 12, currency: 'USD', updatedAt: at(50) });
    const titles = OFFERS.filter((o) => o.product === 1).map((o) => ({ title: o.title, brand: o.brand ?? null, retailerId: o.retailer }));
    expect(present(await s.catalog.getProduct(1)).title).toBe(productName(titles) ?? HEADPHONES);
    expect(await run('SELECT price_cents AS "price", recorded_at AS "at" FROM price_points WHERE offer_id = 13')).toHaveLength(1);

    // Availability alone records no price point.
    expect(await s.catalog.updateBusinessOffer('b1', 13, { availability: 'out_of_stock' }, at(51))).toMatchObject({ availability: 'out_of_stock', priceCents: 25_000 });
    expect(await run('SELECT price_cents FROM price_points WHERE offer_id = 13')).toHaveLength(1);
    expect(await s.catalog.getProduct(1)).toMatchObject({ bestPriceCents: 30_499 });

    // Under a third of the others' median: held for a price review; the product's figures leave it out.
    const outlier = await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 1_000, availability: 'in_stock' }, at(52));
    expect(outlier).toMatchObject({ held: 'price', priceRank: null, priceCents: 1_000 });
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 2, bestPriceCents: 30_499 });
    expect((await s.catalog.priceHeldOffers(10)).ids).toEqual([13, 21, 17]);
    await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 31_000 }, at(53));
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 3, bestPriceCents: 30_499 });
  });

  it('two processes changing offers of one product at once: the figures count both changes', async () => {
    const other = await s.another();
    for (let round = 0; round < 8; round++) {
      await Promise.all([
        s.catalog.updateBusinessOffer('b1', 20, { priceCents: 30_000 + round }, at(54)),
        other.updateBusinessOffer('b2', 22, { priceCents: 29_000 + round }, at(54)),
      ]);
      expect(await s.catalog.getProduct(3)).toMatchObject({ bestPriceCents: 29_000 + round, offerCount: 4 });
      await Promise.all([
        s.catalog.updateBusinessOffer('b1', 20, { priceCents: 28_000 + round }, at(55)),
        other.updateBusinessOffer('b2', 22, { priceCents: 70_000 }, at(55)),
      ]);
      expect(await s.catalog.getProduct(3)).toMatchObject({ bestPriceCents: 28_000 + round, offerCount: 4 });
    }
  });
});

describe.each(ENGINES)('catalog port on %s: price history, price summaries and deals', (engine) => {
  let s: Subject;
  let run: PortEngine['query'];
  const due = (staleBefore: string, after = 0, limit = 20) => s.catalog.productsDueForPriceSummary({ staleBefore, after, limit });
  const summary = (product: DuePriceSummary, figures: Partial<PriceSummaryRow> = {}): PriceSummaryRow => ({
    productId: product.productId,
    currency: product.currency,
    typicalCents: null,
    lowCents: null,
    highCents: null,
    historySince: null,
    bestCents: product.bestCents,
    categorySlug: product.categorySlug,
    dealBasisPoints: null,
    dealRetailerId: null,
    computedAt: at(60),
    version: product.version,
    ...figures,
  });
  const point = (offerId: number, retailerId: string, priceCents: number, minute: number, shippingCents: number | null = null) => ({
    offerId,
    retailerId,
    priceCents,
    shippingCents,
    currency: 'USD',
    recordedAt: at(minute),
    condition: 'new',
    priceGroup: 'new',
  });

  beforeAll(async () => {
    s = await open(engine);
    run = s.db.query;
    await seedRetailersAndBusiness(run);
    await seedProducts(run, [
      { id: 1, title: HEADPHONES, brand: 'Sony', category: 'Headphones', slug: 'headphones', offers: 2, best: 27_999 },
      { id: 2, title: 'Bose QuietComfort 45', brand: 'Bose', category: 'Headphones', slug: 'headphones', offers: 1, best: 32_900 },
      { id: 3, title: 'Sony KD-55X80K', brand: 'Sony', category: 'TVs', slug: 'tvs', offers: 2, best: 59_999 },
      { id: 5, title: 'Samsung T7 1.5 TB', brand: 'Samsung', category: 'Storage', slug: 'storage', offers: 1, best: 12_900, currency: 'EUR' },
      { id: 7, title: 'Sold out headphones', category: 'Headphones', slug: 'headphones', offers: 1, best: 30_000 },
      { id: 8, title: 'JBL Flip 6', brand: 'JBL', category: 'Speakers', slug: 'speakers', offers: 1, best: 5_000 },
      { id: 9, title: 'JBL Go 4', brand: 'JBL', category: 'Speakers', slug: 'speakers', offers: 1, best: 4_000 },
      { id: 10, title: 'Gone', offers: 0, best: null },
    ]);
    await seedOffers(run, [
      { id: 11, retailer: 'amazon', product: 1, title: `${HEADPHONES} Black`, price: 27_999, category: 'Headphones' },
      { id: 12, retailer: 'bestbuy', product: 1, title: HEADPHONES, price: 29_999, shipping: 500, category: 'Headphones' },
      { id: 14, retailer: 'walmart', product: 2, title: 'Bose QuietComfort 45', price: 32_900, category: 'Headphones' },
      { id: 15, retailer: 'amazon', product: 3, title: 'Sony KD-55X80K 55" TV', price: 59_999, category: 'TVs' },
      { id: 16, retailer: 'bestbuy', product: 3, title: 'Sony BRAVIA KD-55X80K', price: 64_999, availability: 'out_of_stock', category: 'TVs' },
      { id: 17, retailer: 'walmart', product: 3, title: 'Sony KD55X80K television', price: 9_999, held: 'price', category: 'TVs' },
      { id: 18, retailer: 'amazon', product: 5, title: 'Samsung T7 Portable SSD 1.5 TB', price: 12_900, currency: 'EUR', category: 'Storage' },
      { id: 23, retailer: 'walmart', product: 7, title: 'Sold out headphones', price: 30_000, availability: 'out_of_stock', category: 'Headphones' },
      { id: 24, retailer: 'amazon', product: 8, title: 'JBL Flip 6 speaker', price: 5_000, category: 'Speakers' },
      { id: 25, retailer: 'walmart', product: 9, title: 'JBL Go 4 speaker', price: 4_000, category: 'Speakers' },
    ]);
    // The offer each best price is, as a refresh of the figures writes it.
    await run('UPDATE products SET best_offer_id = CASE id WHEN 1 THEN 11 WHEN 2 THEN 14 WHEN 3 THEN 15 WHEN 5 THEN 18 WHEN 7 THEN 23 WHEN 8 THEN 24 WHEN 9 THEN 25 END');
    await run(`INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES
      (11, 29999, NULL, 'USD', ?), (12, 29999, 500, 'USD', ?), (17, 9999, NULL, 'USD', ?), (15, 59999, NULL, 'USD', ?), (11, 27999, NULL, 'USD', ?),
      (14, 33000, NULL, 'USD', ?), (14, 32900, NULL, 'USD', ?), (14, 31000, NULL, 'USD', ?), (14, 32900, NULL, 'USD', ?)`,
      [at(1), at(1), at(2), at(3), at(5), at(10), at(20), at(30), at(40)]);
  });
  afterAll(async () => s.db.close());

  it('reads a price history from an instant: the newest points up to a limit, and each offer\'s price when it begins, oldest first', async () => {
    expectExactly(await s.catalog.priceHistoryOfProduct(2, { since: at(25), limit: 10 }), [
      point(14, 'walmart', 32_900, 20),
      point(14, 'walmart', 31_000, 30),
      point(14, 'walmart', 32_900, 40),
    ]);
    expect((await s.catalog.priceHistoryOfProduct(2, { since: at(25), limit: 1 })).map((p) => p.recordedAt)).toEqual([at(20), at(40)]);
    expect((await s.catalog.priceHistoryOfProduct(2, { since: at(50), limit: 10 })).map((p) => p.recordedAt)).toEqual([at(40)]);
    // Offers 11 and 12 begin at the prices they had; ties in the order recorded.
    expectExactly(await s.catalog.priceHistoryOfProduct(1, { since: at(3), limit: 10 }), [
      point(11, 'amazon', 29_999, 1),
      point(12, 'bestbuy', 29_999, 1, 500),
      point(11, 'amazon', 27_999, 5),
    ]);
    // Offer 17 is held: its points are left out.
    expect((await s.catalog.priceHistoryOfProduct(3, { since: at(0), limit: 10 })).map((p) => p.offerId)).toEqual([15]);

    const histories = await s.catalog.pricePointsOfProducts([3, 1, 2, 10], at(25));
    expectExactly([...histories.entries()], [
      [1, [point(12, 'bestbuy', 29_999, 1, 500), point(11, 'amazon', 27_999, 5)]],
      [2, [point(14, 'walmart', 32_900, 20), point(14, 'walmart', 31_000, 30), point(14, 'walmart', 32_900, 40)]],
      [3, [point(15, 'amazon', 59_999, 3)]],
    ]);
    expect((await s.catalog.pricePointsOfProducts([], at(0))).size).toBe(0);
  });

  it('lists the products whose price summary is due, as they are now: missing, a day old, or behind a refresh of their figures', async () => {
    const all = await due(at(0));
    const product = (productId: number, currency: string, bestCents: number, categorySlug: string, inStockRetailerId: string | null) => ({
      productId,
      currency,
      bestCents,
      categorySlug,
      inStockRetailerId,
      version: 0,
    });
    expectExactly(all, [
      product(1, 'USD', 27_999, 'headphones', 'amazon'),
      product(2, 'USD', 32_900, 'headphones', 'walmart'),
      product(3, 'USD', 59_999, 'tvs', 'amazon'),
      product(5, 'EUR', 12_900, 'storage', 'amazon'),
      // Its only offer is out of stock: no retailer sells it at its best price.
      product(7, 'USD', 30_000, 'headphones', null),
      product(8, 'USD', 5_000, 'speakers', 'amazon'),
      product(9, 'USD', 4_000, 'speakers', 'walmart'),
    ]);
    expect((await due(at(0), 2, 2)).map((each) => each.productId)).toEqual([3, 5]);

    await s.catalog.savePriceSummaries(all.map((each) => summary(each)));
    expect(await due(at(0))).toEqual([]);
    // Computed at minute 60: due again once that is too old.
    expect(await due(at(61))).toHaveLength(7);

    // Any refresh of a product's figures moves its version on (here through another connection, as another process).
    await (await s.another()).refreshProduct(2, at(61));
    expectExactly(await due(at(0)), [{ ...product(2, 'USD', 32_900, 'headphones', 'walmart'), version: 1 }]);
  });

  it('never lets a summary of an older version overwrite a newer one, whichever is written last', async () => {
    const other = await s.another();
    const [current] = await due(at(0));
    expect(current).toMatchObject({ productId: 2, version: 1 });
    await Promise.all([
      s.catalog.savePriceSummaries([summary({ ...present(current), version: 0 }, { typicalCents: 1 })]),
      other.savePriceSummaries([summary(present(current), { typicalCents: 33_000, historySince: at(0) })]),
    ]);
    await s.catalog.savePriceSummaries([summary({ ...present(current), version: 0 }, { typicalCents: 2 })]);
    expect(await due(at(0))).toEqual([]);
    expect(await run('SELECT typical_cents AS "typicalCents", computed_version AS "computedVersion" FROM product_price_summaries WHERE product_id = 2')).toEqual([
      { typicalCents: 33_000, computedVersion: 1 },
    ]);
  });

  it('lists the deals of the summaries whose product still has the best price they saw, biggest drop first, page by page', async () => {
    const products = new Map((await due(at(99))).map((product) => [product.productId, product]));
    const deals: Array<[number, number | null, string | null, Partial<PriceSummaryRow>?]> = [
      [1, 2000, 'amazon'],
      [2, 30, 'walmart'], // 0.30 %: too small a drop
      [3, 769, 'amazon'],
      [5, 1000, 'amazon', { currency: 'USD' }], // another currency than the product's now
      [7, null, null], // no deal
      [8, 2000, 'amazon'], // 20.00 %, as product 1: the higher id first
      [9, 5000, 'walmart', { bestCents: 3_999 }], // its best price has changed since
    ];
    await s.catalog.savePriceSummaries(
      deals.map(([id, dealBasisPoints, dealRetailerId, more]) =>
        summary(present(products.get(id)), { typicalCents: 35_000, historySince: at(0), dealBasisPoints, dealRetailerId, ...more }),
      ),
    );
    const query = { minDropBasisPoints: 500, limit: 10 };
    const found = await s.catalog.deals(query);
    expect(found.items.map((deal) => [deal.id, deal.dropBasisPoints, deal.retailerName])).toEqual([
      [8, 2000, 'Amazon'],
      [1, 2000, 'Amazon'],
      [3, 769, 'Amazon'],
    ]);
    expectExactly(found.items[1], { ...(await s.catalog.getProduct(1)), typicalCents: 35_000, dropBasisPoints: 2000, historySince: at(0), retailerId: 'amazon', retailerName: 'Amazon' });
    expectExactly(found.categories, [
      { name: 'Headphones', slug: 'headphones', count: 1 },
      { name: 'Speakers', slug: 'speakers', count: 1 },
      { name: 'TVs', slug: 'tvs', count: 1 },
    ]);

    const ids = async (more: { categorySlug?: string; limit?: number; minDropBasisPoints?: number; after?: { dropBasisPoints: number; productId: number } }) =>
      (await s.catalog.deals({ ...query, ...more })).items.map((deal) => deal.id);
    expect(await ids({ categorySlug: 'tvs' })).toEqual([3]);
    expect(await ids({ categorySlug: 'speakers' })).toEqual([8]);
    expect((await s.catalog.deals({ ...query, categorySlug: 'tvs' })).categories).toHaveLength(3);
    expect(await ids({ categorySlug: 'storage' })).toEqual([]);
    expect(await ids({ limit: 1 })).toEqual([8]);
    expect(await ids({ limit: 1, after: { dropBasisPoints: 2000, productId: 8 } })).toEqual([1]);
    expect(await ids({ after: { dropBasisPoints: 2000, productId: 1 } })).toEqual([3]);
    expect(await ids({ categorySlug: 'headphones', after: { dropBasisPoints: 2000, productId: 1 } })).toEqual([]);
    expect(await ids({ after: { dropBasisPoints: 769, productId: 3 } })).toEqual([]);
    expect(await ids({ minDropBasisPoints: 2001 })).toEqual([]);

    // Product 9's best price is the one its summary saw again: its deal is back, first.
    await run('UPDATE products SET best_price_cents = 3999 WHERE id = 9');
    expect(await ids({})).toEqual([9, 8, 1, 3]);
    expect((await s.catalog.deals(query)).categories.find((category) => category.slug === 'speakers')?.count).toBe(2);
  });
});

describe.each(ENGINES)('catalog port on %s: the match review', (engine) => {
  let s: Subject;

  beforeAll(async () => {
    s = await open(engine);
    await seedRetailersAndBusiness(s.db.query);
    await seedProducts(s.db.query, [
      { id: 1, title: HEADPHONES, brand: 'Sony', category: 'Headphones', slug: 'headphones', offers: 2, best: 27_999 },
      { id: 2, title: 'Bose QuietComfort 45', brand: 'Bose', category: 'Headphones', slug: 'headphones', offers: 3, best: 30_000 },
      { id: 3, title: 'Asus TUF Gaming VG348QL1A 34" Monitor', brand: 'Asus', category: 'Monitors', slug: 'monitors', offers: 3, best: 13_999 },
    ]);
    await seedOffers(s.db.query, [
      { id: 11, retailer: 'amazon', product: 1, title: `${HEADPHONES} Black`, brand: 'Sony', price: 27_999 },
      { id: 12, retailer: 'bestbuy', product: 1, title: HEADPHONES, brand: 'Sony', price: 29_999 },
      { id: 13, retailer: 'walmart', product: 1, title: 'Sony WH-1000XM5 case', brand: 'Sony', price: 1_999, held: 'price' },
      { id: 21, retailer: 'amazon', product: 2, title: 'Bose QuietComfort 45', brand: 'Bose', price: 30_000 },
      { id: 22, retailer: 'amazon', product: 2, title: 'Bose QuietComfort 45 Black', brand: 'Bose', price: 31_000 },
      { id: 23, retailer: 'walmart', product: 2, title: 'Bose QuietComfort 45 (used)', brand: 'Bose', price: 9_000 },
      { id: 31, retailer: 'amazon', product: 3, title: 'Asus TUF Gaming VG348QL1A 34" Monitor', brand: 'Asus', price: 43_999 },
      { id: 32, retailer: 'bestbuy', product: 3, title: 'Asus TUF Gaming VG249BL1A 24-Inch Monitor', brand: 'Asus', price: 13_999 },
      { id: 33, retailer: 'walmart', product: 3, title: 'ASUS VG348QL1A 34in Monitor', brand: 'Asus', price: 41_999 },
    ]);
    // A used offer far below the new ones is no reason to flag a product: conditions are compared apart.
    await s.db.query("UPDATE offers SET condition = 'used' WHERE id = 23");
  });
  afterAll(async () => {
    await s.db.close();
  });

  it('flags the products whose shown new offers are more than 2x apart or that a retailer lists twice, widest spread first', async () => {
    expectExactly(await s.catalog.suspectProducts(10), {
      items: [
        { productId: 3, title: 'Asus TUF Gaming VG348QL1A 34" Monitor', offerCount: 3, retailerCount: 3, lowestCents: 13_999, highestCents: 43_999 },
        { productId: 2, title: 'Bose QuietComfort 45', offerCount: 3, retailerCount: 2, lowestCents: 30_000, highestCents: 31_000 },
      ],
      total: 2,
    });
    expect((await s.catalog.suspectProducts(1)).items.map((row) => row.productId)).toEqual([3]);
  });
});

describe.each(ENGINES)("catalog port on %s: a product's best price compares new with new", (engine) => {
  let s: Subject;
  const page = { sort: 'price_asc' as const, page: 1, pageSize: 10 };
  const best = async (id: number) => {
    const product = await s.catalog.getProduct(id);
    return product && [product.bestPriceCents, product.bestPriceCondition, product.currency];
  };

  beforeAll(async () => {
    s = await open(engine);
    await seedRetailersAndBusiness(s.db.query);
    // Figures as a refresh before conditions counted left them: the cheapest offer of any condition.
    await seedProducts(s.db.query, [
      { id: 1, title: 'Asus TUF Gaming VG249Q1A 24" Monitor', category: 'Monitors', slug: 'monitors', offers: 5, best: 9_000 },
      { id: 2, title: 'Asus VG248QE 24" Monitor', category: 'Monitors', slug: 'monitors', offers: 2, best: 12_000, condition: 'new' },
      { id: 3, title: 'Asus VG245H 24" Monitor', category: 'Monitors', slug: 'monitors', offers: 1, best: 11_000 },
    ]);
    await seedOffers(s.db.query, [
      // A used offer in stock at the new best price, older than the new one: the deal's retailer is the new offer's.
      { id: 10, retailer: 'walmart', product: 1, title: 'Asus VG249Q1A (used)', price: 16_000, condition: 'used' },
      { id: 11, retailer: 'amazon', product: 1, title: 'Asus TUF Gaming VG249Q1A', price: 15_000, shipping: 1_000 },
      { id: 12, retailer: 'bestbuy', product: 1, title: 'Asus VG249Q1A refurbished', price: 10_000, condition: 'refurbished' },
      { id: 13, retailer: 'walmart', product: 1, title: 'Asus VG249Q1A monitor', price: 14_000, availability: 'out_of_stock' },
      { id: 14, retailer: 'shop', product: 1, title: 'Asus VG249Q1A', price: 9_000, condition: 'used', business: 'b1' },
      { id: 21, retailer: 'amazon', product: 2, title: 'Asus VG248QE (renewed)', price: 13_000, condition: 'refurbished' },
      { id: 22, retailer: 'walmart', product: 2, title: 'Asus VG248QE pre-owned', price: 12_000, condition: 'used', availability: 'out_of_stock' },
      { id: 31, retailer: 'amazon', product: 3, title: 'Asus VG245H (used)', price: 11_000, condition: 'used' },
      { id: 32, retailer: 'bestbuy', product: 3, title: 'Asus VG245H refurbished', price: 11_000, condition: 'refurbished' },
    ]);
    for (const id of [1, 2, 3]) await s.catalog.refreshProduct(id, at(60));
  });
  afterAll(async () => {
    await s.db.close();
  });

  it('is the cheapest new offer one can buy while the product has one, whatever used and refurbished offers cost', async () => {
    expect(await best(1)).toEqual([16_000, 'new', 'USD']);
    expect((await s.catalog.getProduct(1))?.bestOfferId).toBe(11);
    // Every new offer sold out: the cheapest second-hand offer one can buy, told as such.
    await s.db.query("UPDATE offers SET availability = 'out_of_stock' WHERE id = 11");
    await (await s.another()).refreshProduct(1, at(61));
    expect(await best(1)).toEqual([9_000, 'used', 'USD']);
    await s.db.query("UPDATE offers SET availability = 'in_stock' WHERE id = 11");
    await s.catalog.refreshProduct(1, at(62));
    expect(await best(1)).toEqual([16_000, 'new', 'USD']);
  });

  it('is a used or refurbished offer only when the product has no new one, says which, and none when nothing can be bought', async () => {
    expect(await best(2)).toEqual([13_000, 'refurbished', 'USD']);
    // At one total, the older offer.
    expect(await best(3)).toEqual([11_000, 'used', 'USD']);
    await s.db.query("UPDATE offers SET availability = 'out_of_stock' WHERE id = 21");
    await s.catalog.refreshProduct(2, at(63));
    expect(await best(2)).toEqual([null, null, 'USD']);
    expect((await s.catalog.getProduct(2))?.bestOfferId).toBeNull();
    await s.db.query("UPDATE offers SET availability = 'in_stock' WHERE id = 21");
    await s.catalog.refreshProduct(2, at(64));
  });

  it('is what browsing sorts and filters by, and the product as every read answers it', async () => {
    expect((await s.catalog.browse(page)).items.map((p) => [p.id, p.bestPriceCents, p.bestPriceCondition])).toEqual([
      [3, 11_000, 'used'],
      [2, 13_000, 'refurbished'],
      [1, 16_000, 'new'],
    ]);
    expect((await s.catalog.browse({ ...page, maxPriceCents: 15_000 })).items.map((p) => p.id)).toEqual([3, 2]);
    expect((await s.catalog.getProducts([1])).get(1)).toEqual(await s.catalog.getProduct(1));
  });

  it("names the new offer's retailer as the one selling at the best price, and tells each price point's condition", async () => {
    const [due] = await s.catalog.productsDueForPriceSummary({ staleBefore: at(0), after: 0, limit: 1 });
    expect(due).toMatchObject({ productId: 1, bestCents: 16_000, inStockRetailerId: 'amazon' });
    await s.db.query(`INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES (10, 16000, NULL, 'USD', ?), (11, 15000, 1000, 'USD', ?)`, [at(1), at(2)]);
    expect((await s.catalog.priceHistoryOfProduct(1, { since: at(0), limit: 10 })).map((p) => [p.offerId, p.condition])).toEqual([
      [10, 'used'],
      [11, 'new'],
    ]);
    expect((await s.catalog.pricePointsOfProducts([1], at(0))).get(1)?.map((p) => p.condition)).toEqual(['used', 'new']);
  });
});
