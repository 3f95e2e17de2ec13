import { representativeTitle } from '@pricehunt/catalog-matching';
import { at, seedOffers, seedProducts, seedRetailersAndBusiness, type SeedOffer } from '../../testing/catalog-seed';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing/port-engines';
import { createPgCatalogRepository, createSqliteCatalogRepository } from '@pricehunt/storage';
import type { CatalogRepository } from '@pricehunt/catalog-core';

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
    expectExactly(await s.catalog.priceHistoryOfProduct(1), [
      { offerId: 11, retailerId: 'amazon', priceCents: 29_999, shippingCents: null, currency: 'USD', recordedAt: at(1) },
      { offerId: 12, retailerId: 'bestbuy', priceCents: 29_999, shippingCents: 500, currency: 'USD', recordedAt: at(1) },
      { offerId: 11, retailerId: 'amazon', priceCents: 27_999, shippingCents: null, currency: 'USD', recordedAt: at(5) },
    ]);
    // Offer 17 is held: its points are left out.
    expect((await s.catalog.priceHistoryOfProduct(3)).map((point) => point.offerId)).toEqual([15]);
  });

  it('lists categories with products that have offers, most products first, and one by slug', async () => {
    expectExactly(await s.catalog.listCategories(), [
      { name: 'Headphones', slug: 'headphones', productCount: 3 },
      { name: 'Storage', slug: 'storage', productCount: 1 },
      { name: 'TVs', slug: 'tvs', productCount: 1 },
    ]);
    expectExactly(await s.catalog.getCategory('tvs'), { name: 'TVs', slug: 'tvs', productCount: 1 });
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
    // The spelling a brand of several letter cases is named by: SQLite's bare column in GROUP BY … COLLATE NOCASE is
    // one of the group's spellings, by no documented rule; PostgreSQL's the least in byte order (upper case first).
    // They agree here; they may not where the least spelling is not the one SQLite happens to read.
    expectExactly(all.brands, [
      { name: 'BOSE', count: 2 },
      { name: 'Sony', count: 2 },
      { name: 'Samsung', count: 1 },
    ]);
    expect((await s.catalog.browse({ ...page, sort: 'price_desc' })).items.map((p) => p.id)).toEqual([3, 2, 7, 1, 5]);
    expect((await s.catalog.browse({ ...page, sort: 'offers' })).items.map((p) => p.id)).toEqual([1, 3, 7, 2, 5]);
    expect((await s.catalog.browse({ ...page, sort: 'name' })).items.map((p) => p.id)).toEqual([2, 7, 5, 3, 1]);
    const bose = await s.catalog.browse({ ...page, categorySlug: 'headphones', brand: 'bOsE' });
    expect([bose.total, bose.items.map((p) => p.id)]).toEqual([2, [7, 2]]);
    expect(bose.brands.map((b) => b.count)).toEqual([2, 1]);
    const priced = await s.catalog.browse({ ...page, minPriceCents: 27_999, maxPriceCents: 32_900, pageSize: 2, page: 2 });
    expect([priced.total, priced.items.map((p) => p.id)]).toEqual([3, [2]]);
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
      [20, 2, 3, 59_999],
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
    expect((await s.catalog.businessOffers('b2', query)).items.map((o) => [o.id, o.priceRank])).toEqual([[22, 4]]);
    expectExactly(await s.catalog.businessOffer('b1', 19), page.items[0]);
    expect(await s.catalog.businessOffer('b2', 19)).toBeNull();
  });

  it("changes a business's offer in one transaction: price point, product figures and price review", async () => {
    expect(await s.catalog.updateBusinessOffer('b2', 13, { priceCents: 1 }, at(50))).toBeNull();
    const cheaper = await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 25_000 }, at(50));
    expect(cheaper).toMatchObject({ id: 13, priceCents: 25_000, availability: 'in_stock', priceRank: 1, held: null, updatedAt: at(50) });
    expect(Object.keys(cheaper!)).toEqual(Object.keys((await s.catalog.businessOffer('b1', 19))!));
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 3, bestPriceCents: 25_000, currency: 'USD', updatedAt: at(50) });
    const titles = OFFERS.filter((o) => o.product === 1).map((o) => ({ title: o.title, brand: o.brand ?? null }));
    expect((await s.catalog.getProduct(1))!.title).toBe(representativeTitle(titles) ?? HEADPHONES);
    expect(await run('SELECT price_cents AS "price", recorded_at AS "at" FROM price_points WHERE offer_id = 13')).toHaveLength(1);

    // Availability alone records no price point.
    expect(await s.catalog.updateBusinessOffer('b1', 13, { availability: 'out_of_stock' }, at(51))).toMatchObject({ availability: 'out_of_stock', priceCents: 25_000 });
    expect(await run('SELECT price_cents FROM price_points WHERE offer_id = 13')).toHaveLength(1);
    expect(await s.catalog.getProduct(1)).toMatchObject({ bestPriceCents: 27_999 });

    // Under a third of the others' median: held for a price review; the product's figures leave it out.
    const outlier = await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 1_000, availability: 'in_stock' }, at(52));
    expect(outlier).toMatchObject({ held: 'price', priceRank: null, priceCents: 1_000 });
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 2, bestPriceCents: 27_999 });
    expect((await s.catalog.priceHeldOffers(10)).ids).toEqual([13, 21, 17]);
    await s.catalog.updateBusinessOffer('b1', 13, { priceCents: 31_000 }, at(53));
    expect(await s.catalog.getProduct(1)).toMatchObject({ offerCount: 3, bestPriceCents: 27_999 });
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
