import { randomUUID } from 'node:crypto';
import { present, browseResponseSchema, categoriesResponseSchema, productDetailResponseSchema, searchResultSchema, SITEMAP_PAGE_SIZE, sitemapProductsResponseSchema, sitemapResponseSchema } from '@pricehunt/contracts';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';

describe('catalog routes', () => {
  let t: TestApp;
  let tvId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const ingest = t.app.catalog.ingestion;
    await ingest.importOffers(
      [
        offer({ externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', priceCents: 149_999, category: 'Electronics > TVs' }),
        offer({ externalId: '6535495', url: 'https://www.bestbuy.com/site/lg-55-oled/6535495.p', title: 'LG - 55" Class C3 Series OLED evo 4K UHD Smart webOS TV OLED55C3PUA', brand: 'LG', mpn: 'OLED55C3PUA', priceCents: 139_999, category: 'Electronics > TVs' }),
        offer({ externalId: 'TV3', url: 'https://www.amazon.com/dp/B0C1J2H8XQ', title: 'Samsung QN65Q80C 65 inch QLED 4K TV', brand: 'Samsung', mpn: 'QN65Q80CAFXZA', priceCents: 99_999, category: 'Electronics > TVs' }),
        offer({ externalId: 'K1', url: 'https://www.walmart.com/ip/KitchenAid-Mixer/55555555', title: 'KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', brand: 'KitchenAid', mpn: 'KSM150PSER', priceCents: 37_999, category: 'Home > Kitchen & Dining' }),
      ],
      { format: 'gmc', source: 'fixtures' },
    );
    // A later import lowers a price: the history keeps both.
    await ingest.importOffers(
      [offer({ externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', priceCents: 129_999, category: 'Electronics > TVs' })],
      { format: 'gmc', source: 'price drop' },
    );
    tvId = present(present(await t.app.storage.catalog.findOfferByExternalId('amazon', 'TV1')).productId);
  });
  afterAll(async () => t.close());

  it('answers a product with its offers cheapest first and their price history', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${tvId}` });
    expect(res.statusCode).toBe(200);
    const body = productDetailResponseSchema.parse(res.json());
    expect(body.product).toMatchObject({ id: tvId, offerCount: 2, bestPriceCents: 129_999, category: 'TVs', categorySlug: 'tvs' });
    expect(body.offers.map((o) => [o.retailer.name, o.priceCents])).toEqual([
      ['Amazon', 129_999],
      ['Best Buy', 139_999],
    ]);
    expect(body.offers[0]?.redirectUrl).toMatch(/^\/api\/redirect\?to=https%3A%2F%2Fwww\.amazon\.com%2Fdp%2FB0BVXHT3MY&source=product_suggestion&timestamp=\d+$/);
    expect(body.priceHistory.filter((p) => p.retailerId === 'amazon').map((p) => p.priceCents)).toEqual([149_999, 129_999]);
    // Its specifications: what it is known by, the size both listings state, where it is offered.
    expect(body.specs).toEqual(
      expect.arrayContaining([
        { name: 'Brand', value: 'LG' },
        { name: 'Category', value: 'TVs' },
        { name: 'Size', value: '55"' },
        { name: 'Offered', value: 'New' },
        { name: 'Stores', value: '2 stores' },
      ]),
    );
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'id' });
  });

  it('lists every product shoppers may see for the sitemap, page by page, with when it changed', async () => {
    const index = sitemapResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/sitemap' })).json());
    expect(index.products).toMatchObject({ count: 3, pageSize: SITEMAP_PAGE_SIZE, pages: 1 });
    expect(Date.parse(index.products.updatedAt ?? '')).toBeGreaterThan(0);
    expect(index.categories.map((category) => category.slug)).toEqual(['tvs', 'kitchen-and-dining']);
    const page = sitemapProductsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/sitemap/products?page=1' })).json());
    expect(page.items.map((item) => item.id)).toContain(tvId);
    expect(page.items).toHaveLength(3);
    expect(page.items.map((item) => item.id)).toEqual([...page.items.map((item) => item.id)].sort((a, b) => a - b));
    expect((await t.app.inject({ method: 'GET', url: '/api/sitemap/products?page=2' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/sitemap/products?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'page' });
  });

  it('lists categories with their product counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const body = categoriesResponseSchema.parse(res.json());
    expect(body.categories).toEqual([
      { name: 'TVs', slug: 'tvs', productCount: 2, entryCount: 2 },
      { name: 'Kitchen & Dining', slug: 'kitchen-and-dining', productCount: 1, entryCount: 1 },
    ]);
  });

  it('browses a category in each order, page by page', async () => {
    const page = async (query: string) => browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/browse?${query}` })).json());
    const byPrice = await page('category=tvs&sort=price_asc');
    expect(byPrice.items.map((p) => p.bestPriceCents)).toEqual([99_999, 129_999]);
    expect(byPrice).toMatchObject({ total: 2, page: 1, category: { slug: 'tvs', name: 'TVs' } });
    expect((await page('category=tvs&sort=price_desc')).items.map((p) => p.bestPriceCents)).toEqual([129_999, 99_999]);
    expect((await page('category=tvs&sort=offers')).items[0]?.offerCount).toBe(2);
    expect((await page('sort=name')).items.map((p) => p.brand)).toEqual(['KitchenAid', 'LG', 'Samsung']);
    const second = await page('sort=price_asc&page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((p) => p.bestPriceCents)).toEqual([129_999]);
  });

  it('filters by brand (any letter case) and best-price range, with the brands the other filters leave', async () => {
    const page = async (query: string) => browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/browse?${query}` })).json());
    const all = await page('sort=name');
    expect(all.brands).toEqual([
      { name: 'KitchenAid', count: 1 },
      { name: 'LG', count: 1 },
      { name: 'Samsung', count: 1 },
    ]);
    expect(all).toMatchObject({ brand: null, minPrice: null, maxPrice: null });

    const lg = await page('brand=lg');
    expect(lg.items.map((p) => p.brand)).toEqual(['LG']);
    expect(lg).toMatchObject({ total: 1, brand: 'LG' });

    const range = await page('category=tvs&minPrice=999.99&maxPrice=1200&sort=price_asc');
    expect(range.items.map((p) => p.bestPriceCents)).toEqual([99_999]);
    expect(range).toMatchObject({ total: 1, minPrice: 999.99, maxPrice: 1200 });
    // The brand list follows the category and the price range, not the brand filter.
    expect(range.brands).toEqual([{ name: 'Samsung', count: 1 }]);
    expect((await page('category=tvs&brand=Samsung&minPrice=1000')).total).toBe(0);
    expect((await page('brand=Nobody')).items).toEqual([]);
  });

  it("filters a category by its products' attributes, with the values each one takes", async () => {
    const page = async (query: string) => browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/browse?${query}` })).json());
    const tvs = await page('category=tvs&sort=name');
    expect(tvs.attributes).toEqual([
      {
        key: 'size',
        name: 'Size',
        selected: null,
        values: [
          { value: '55"', count: 1 },
          { value: '65"', count: 1 },
        ],
      },
    ]);
    const large = await page(`category=tvs&size=${encodeURIComponent('65"')}`);
    expect(large.items.map((product) => product.brand)).toEqual(['Samsung']);
    expect(large.attributes[0]).toMatchObject({ key: 'size', selected: '65"', values: [{ value: '55"', count: 1 }, { value: '65"', count: 1 }] });
    expect((await page('category=tvs&colour=Black')).total).toBe(0);
    // Without a category, no attributes are counted.
    expect((await page('sort=name')).attributes).toEqual([]);
  });

  it('filters by what an offer of the product is: its store, its condition, in stock, shipped free', async () => {
    const filtered = await buildTestApp();
    try {
      await filtered.app.catalog.ingestion.importOffers(
        [
          // A blender: new at Walmart (free shipping, in stock), refurbished at eBay.
          offer({ externalId: '11111111', url: 'https://www.walmart.com/ip/Vitamix-E310/11111111', title: 'Vitamix E310 Explorian Blender 48 oz', brand: 'Vitamix', mpn: 'E310', priceCents: 29_999, shippingCents: 0, category: 'Home > Kitchen & Dining' }),
          offer({ externalId: '222222222222', url: 'https://www.ebay.com/itm/222222222222', title: 'Vitamix E310 Explorian Blender 48 oz Refurbished', brand: 'Vitamix', mpn: 'E310', priceCents: 19_999, shippingCents: 1_500, condition: 'refurbished', category: 'Home > Kitchen & Dining' }),
          // A toaster: new at Target, out of stock, its shipping unknown.
          offer({ externalId: '33333333', url: 'https://www.target.com/p/cuisinart-toaster/-/A-33333333', title: 'Cuisinart CPT-122 Compact 2-Slice Toaster', brand: 'Cuisinart', mpn: 'CPT-122', priceCents: 3_999, availability: 'out_of_stock', category: 'Home > Kitchen & Dining' }),
          // A kettle: new at Walmart and Target, shipping $5.99 at both.
          offer({ externalId: '44444444', url: 'https://www.walmart.com/ip/OXO-Kettle/44444444', title: 'OXO Brew Cordless Electric Kettle 1.7 L', brand: 'OXO', mpn: '8710200', priceCents: 7_999, shippingCents: 599, category: 'Home > Kitchen & Dining' }),
          offer({ externalId: '55555555', url: 'https://www.target.com/p/oxo-kettle/-/A-55555555', title: 'OXO Brew Cordless Electric Kettle 1.7 Liter', brand: 'OXO', mpn: '8710200', priceCents: 8_499, shippingCents: 599, category: 'Home > Kitchen & Dining' }),
        ],
        { format: 'gmc', source: 'fixtures' },
      );
      const page = async (query: string) => {
        const res = await filtered.app.inject({ method: 'GET', url: `/api/browse?sort=name&${query}` });
        expect(res.statusCode).toBe(200);
        return browseResponseSchema.parse(res.json());
      };
      const brands = async (query: string) => (await page(query)).items.map((product) => product.brand);
      expect(await brands('')).toEqual(['Cuisinart', 'OXO', 'Vitamix']);
      expect((await page('')).stores).toEqual([
        { id: 'target', name: 'Target', count: 2 },
        { id: 'walmart', name: 'Walmart', count: 2 },
        { id: 'ebay', name: 'eBay', count: 1 },
      ]);
      expect(await brands('store=ebay')).toEqual(['Vitamix']);
      expect(await brands('store=target')).toEqual(['Cuisinart', 'OXO']);
      expect(await brands('condition=refurbished')).toEqual(['Vitamix']);
      expect(await brands('condition=used')).toEqual([]);
      // New: a new offer of the product alone one can buy (the toaster is out of stock).
      expect(await brands('condition=new')).toEqual(['OXO', 'Vitamix']);
      expect(await brands('inStock=true')).toEqual(['OXO', 'Vitamix']);
      expect(await brands('freeShipping=1')).toEqual(['Vitamix']);
      // One offer must be all that is asked: eBay's refurbished blender does not ship free.
      expect(await brands('store=ebay&freeShipping=true')).toEqual([]);
      // The store list leaves the store filter out and keeps the others; the brand list keeps the offer filters.
      const inStock = await page('inStock=true&store=target');
      expect(inStock).toMatchObject({ store: 'target', inStock: true, freeShipping: false, condition: null, total: 1 });
      expect(inStock.stores.map((store) => [store.id, store.count])).toEqual([
        ['walmart', 2],
        ['target', 1],
        ['ebay', 1],
      ]);
      expect(inStock.brands).toEqual([{ name: 'OXO', count: 1 }]);
    } finally {
      await filtered.close();
    }
  });

  it.each([
    ['condition=broken', 'condition'],
    ['store=Best%20Buy', 'store'],
    ['inStock=yes', 'inStock'],
    ['freeShipping=2', 'freeShipping'],
    ['colour=%20', 'colour'],
    [`size=${'9'.repeat(61)}`, 'size'],
    ['sort=cheapest', 'sort'],
    ['page=0', 'page'],
    ['pageSize=500', 'pageSize'],
    ['category=Not%20A%20Slug', 'category'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=cheap', 'maxPrice'],
    ['minPrice=500&maxPrice=100', 'maxPrice'],
    ['brand=%20%20', 'brand'],
  ])('rejects browse query %s naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/browse?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });

  it('answers 404 for an unknown category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/browse?category=nothing-here' });
    expect(res.statusCode).toBe(404);
  });
});

describe('a product’s line', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // Each variant with its own part number, as Apple's and the shops' feeds give it.
    const phone = (storage: string, colour: string, prices: [number, number], mpn: string) => [
      offer({ externalId: `A-${storage}-${colour}`, url: `https://www.amazon.com/dp/B0DHJ${storage}${colour.slice(0, 2)}`.toUpperCase(), title: `Apple iPhone 16 Pro ${storage} ${colour} Titanium`, brand: 'Apple', mpn, priceCents: prices[0], category: 'Electronics > Smartphones' }),
      offer({ externalId: `W-${storage}-${colour}`, url: `https://www.walmart.com/ip/iphone-16-pro/${storage.length}${colour.length}${prices[1]}`, title: `Apple iPhone 16 Pro, ${storage}, ${colour} Titanium`, brand: 'Apple', mpn, priceCents: prices[1], category: 'Electronics > Smartphones' }),
    ];
    await t.app.catalog.ingestion.importOffers(
      [...phone('1TB', 'Black', [149_999, 147_999], 'MYNN3LL/A'), ...phone('128GB', 'Black', [99_999, 97_999], 'MYMG3LL/A'), ...phone('256GB', 'Desert', [109_999, 108_999], 'MYMW3LL/A'), ...phone('128GB', 'White', [99_999, 98_999], 'MYMH3LL/A')],
      { format: 'gmc', source: 'line fixtures' },
    );
  });
  afterAll(async () => t.close());

  it('is one product of its category and of each brand, store and size that holds it, read after the import', async () => {
    await t.app.productLines.idle();
    const categories = categoriesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/categories' })).json()).categories;
    expect(categories).toEqual([{ name: 'Smartphones', slug: 'smartphones', productCount: 4, entryCount: 1 }]);
    const phones = browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/browse?category=smartphones' })).json());
    expect([phones.total, phones.productCount]).toEqual([1, 4]);
    expect(phones.brands).toEqual([{ name: 'Apple', count: 1 }]);
    expect(phones.stores.map((store) => [store.id, store.count])).toEqual([
      ['amazon', 1],
      ['walmart', 1],
    ]);
    expect(phones.attributes.find((attribute) => attribute.key === 'storage')?.values).toEqual([
      { value: '1 TB', count: 1 },
      { value: '128 GB', count: 1 },
      { value: '256 GB', count: 1 },
    ]);
  });

  it('lists its sizes and colours on each of its products, smallest first, and none on a product of no line', async () => {
    const listed = browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/browse?pageSize=50' })).json());
    const titles = listed.items.map((item) => item.title).sort();
    expect(titles).toEqual([
      'Apple iPhone 16 Pro (128GB, Black Titanium)',
      'Apple iPhone 16 Pro (128GB, White Titanium)',
      'Apple iPhone 16 Pro (1TB, Black Titanium)',
      'Apple iPhone 16 Pro (256GB, Desert Titanium)',
    ]);
    const terabyte = present(listed.items.find((item) => item.title.includes('1TB')));
    const body = productDetailResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${terabyte.id}` })).json());
    expect(body.variants.map((line) => [line.variant, line.product.bestPriceCents])).toEqual([
      ['128GB, Black Titanium', 97_999],
      ['128GB, White Titanium', 98_999],
      ['256GB, Desert Titanium', 108_999],
      ['1TB, Black Titanium', 147_999],
    ]);
    expect(body.variants.find((line) => line.product.id === terabyte.id)?.variant).toBe('1TB, Black Titanium');

    const lone = await t.app.catalog.ingestion.importOffers(
      [offer({ externalId: 'K1', url: 'https://www.walmart.com/ip/KitchenAid-Mixer/55555555', title: 'KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', brand: 'KitchenAid', mpn: 'KSM150PSER', priceCents: 37_999, category: 'Home > Kitchen & Dining' })],
      { format: 'gmc', source: 'a mixer' },
    );
    expect(lone.inserted).toBe(1);
    const mixer = present(present(await t.app.storage.catalog.findOfferByExternalId('walmart', 'K1')).productId);
    expect(productDetailResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${mixer}` })).json()).variants).toEqual([]);
  });

  it('is one entry of a browse page: its versions one after another, smallest first, each with its line', async () => {
    const browse = async (query: string) => browseResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/browse?${query}` })).json());
    const first = await browse('sort=price_desc&pageSize=1');
    // The phone's four versions and the mixer are two entries; the phone's lowest price ($979.99) is the higher.
    expect([first.total, first.productCount]).toEqual([2, 5]);
    expect(first.items.map((item) => [item.line?.name, item.line?.variant, item.bestPriceCents])).toEqual([
      ['Apple iPhone 16 Pro', '128GB, Black Titanium', 97_999],
      ['Apple iPhone 16 Pro', '128GB, White Titanium', 98_999],
      ['Apple iPhone 16 Pro', '256GB, Desert Titanium', 108_999],
      ['Apple iPhone 16 Pro', '1TB, Black Titanium', 147_999],
    ]);
    expect(new Set(first.items.map((item) => item.line?.key)).size).toBe(1);
    const second = await browse('sort=price_desc&pageSize=1&page=2');
    expect(second.items.map((item) => [item.title, item.line])).toEqual([['KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', null]]);
    // Filtered, the line holds the versions the filters leave.
    const cheap = await browse('category=smartphones&maxPrice=1000');
    expect([cheap.total, cheap.productCount, cheap.items.map((item) => item.line?.variant)]).toEqual([1, 2, ['128GB, Black Titanium', '128GB, White Titanium']]);
  });

  it('holds the versions whose shops spell the name another way ("Cancelling", "Canceling")', async () => {
    const pair = (colour: string, spelled: string, mpn: string, at: number) => [
      offer({ externalId: `SA-${colour}`, url: `https://www.amazon.com/dp/B0XM5${at}AAAA`, title: `Sony WH-1000XM5 Wireless Noise ${spelled} Headphones, ${colour}`, brand: 'Sony', mpn, priceCents: 32_999 + at, category: 'Electronics > Headphones' }),
      offer({ externalId: `SW-${colour}`, url: `https://www.walmart.com/ip/sony-wh-1000xm5/77${at}`, title: `Sony WH-1000XM5 Wireless Noise ${spelled} Headphones - ${colour}`, brand: 'Sony', mpn, priceCents: 31_999 + at, category: 'Electronics > Headphones' }),
    ];
    await t.app.catalog.ingestion.importOffers([...pair('Black', 'Cancelling', 'WH1000XM5/B', 1), ...pair('Silver', 'Canceling', 'WH1000XM5/S', 2)], { format: 'gmc', source: 'two spellings' });
    const black = present(present(await t.app.storage.catalog.findOfferByExternalId('walmart', 'SW-Black')).productId);
    const body = productDetailResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${black}` })).json());
    expect(body.product.title).toContain('Cancelling');
    expect(body.variants.map((line) => line.variant)).toEqual(['Black', 'Silver']);
  });

  it('lists them on the comparison of a pasted link of one of its products, and none on a pasted link of no line', async () => {
    const paste = async (url: string) => searchResultSchema.parse((await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), url } })).json());
    const pasted = await paste('https://www.walmart.com/ip/iphone-16-pro/5598999');
    expect(pasted.product?.title).toBe('Apple iPhone 16 Pro (128GB, White Titanium)');
    expect(pasted.variants.map((line) => [line.variant, line.product.bestPriceCents])).toEqual([
      ['128GB, Black Titanium', 97_999],
      ['128GB, White Titanium', 98_999],
      ['256GB, Desert Titanium', 108_999],
      ['1TB, Black Titanium', 147_999],
    ]);
    expect((await paste('https://www.walmart.com/ip/KitchenAid-Mixer/55555555')).variants).toEqual([]);
  });
});
