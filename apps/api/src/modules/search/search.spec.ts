import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { GTIN_MATCH_FLOOR } from '@pricehunt/catalog-matching';
import { present, searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { matchThreshold } from '@pricehunt/catalog-core';
import { createPageReadPool } from '@pricehunt/catalog-identity';
import { createPageReader } from '@pricehunt/catalog-search';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { rows, run } from '../../testing/db';

const HEADPHONES = [
  offer({ externalId: 'B0863TXGM3', url: 'https://www.amazon.com/Sony-WH-1000XM4-Canceling-Headphones/dp/B0863TXGM3', title: 'Sony WH-1000XM4 Wireless Noise Canceling Overhead Headphones, Black', brand: 'Sony', mpn: 'WH1000XM4/B', gtin: '0027242919419', priceCents: 34_800, category: 'Electronics > Headphones' }),
  offer({ externalId: '6408356', url: 'https://www.bestbuy.com/site/sony-wh-1000xm4/6408356.p?skuId=6408356', title: 'Sony - WH-1000XM4 Wireless Noise-Cancelling Over-the-Ear Headphones - Black', brand: 'Sony', mpn: 'WH1000XM4/B', gtin: '0027242919419', priceCents: 29_999, shippingCents: 0, category: 'Electronics > Headphones' }),
  offer({ externalId: '390632993', url: 'https://www.walmart.com/ip/Sony-WH-1000XM4-Headphones/390632993', title: 'Sony WH-1000XM4 Wireless Industry Leading Noise Canceling Headphones Black', brand: 'Sony', mpn: 'WH1000XM4/B', priceCents: 27_800, shippingCents: 599, category: 'Electronics > Headphones' }),
];
const OTHERS = [
  offer({ externalId: 'B09JQMJHXY', url: 'https://www.amazon.com/dp/B09JQMJHXY', title: 'Bose QuietComfort 45 Bluetooth Wireless Noise Cancelling Headphones, Triple Black', brand: 'Bose', mpn: '866724-0100', priceCents: 32_900, category: 'Electronics > Headphones' }),
  offer({ externalId: 'B07PXGQC1Q', url: 'https://www.amazon.com/dp/B07PXGQC1Q', title: 'Apple AirPods with Charging Case (2nd Generation)', brand: 'Apple', mpn: 'MV7N2AM/A', priceCents: 12_900, category: 'Electronics > Earbuds' }),
  offer({ externalId: '5591112', url: 'https://www.walmart.com/ip/Instant-Pot-Duo-7-in-1/5591112', title: 'Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Quart', brand: 'Instant Pot', mpn: 'IP-DUO60', priceCents: 8_900, category: 'Home > Kitchen' }),
];

const PRODUCT_PAGE = `<!doctype html><html><head><title>Headphones</title>
<meta property="og:title" content="WH-1000XM4 Noise Cancelling Headphones">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Sony WH-1000XM4 Noise Cancelling Wireless Headphones","brand":{"@type":"Brand","name":"Sony"},"gtin13":"0027242919419","mpn":"WH1000XM4/B","offers":{"@type":"Offer","price":"329.00","priceCurrency":"USD"}}</script>
</head><body><h1>Sony WH-1000XM4</h1></body></html>`;

/** The same headphones, sold refurbished below every new offer, with the delivery cost the page states. */
const REFURBISHED_PAGE = `<!doctype html><html><head><title>Headphones (Refurbished)</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Sony WH-1000XM4 Noise Cancelling Wireless Headphones (Refurbished)","brand":{"@type":"Brand","name":"Sony"},"gtin13":"0027242919419","mpn":"WH1000XM4/B","offers":{"@type":"Offer","price":"189.00","priceCurrency":"USD","availability":"https://schema.org/LimitedAvailability","itemCondition":"https://schema.org/RefurbishedCondition","shippingDetails":{"@type":"OfferShippingDetails","shippingRate":{"@type":"MonetaryAmount","value":"7.50","currency":"USD"}}}}</script>
</head><body><h1>Sony WH-1000XM4 (Refurbished)</h1></body></html>`;

const JACKET_PAGE = `<!doctype html><html><head><title>Patagonia Men's Nano Puff Jacket | Outfitters</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Patagonia Men's Nano Puff Jacket","brand":{"@type":"Brand","name":"Patagonia"},"sku":"84212-BLK","offers":{"@type":"Offer","price":"229.00","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Patagonia Men's Nano Puff Jacket</h1></body></html>`;

/** A pressure washer, whose name shares one word ("Full") with a monitor of the catalog's and nothing else. */
const WASHER_PAGE = `<!doctype html><html><head><title>Hochdruckreiniger</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"KÄRCHER Hochdruckreiniger »K 3 Full Control«","brand":{"@type":"Brand","name":"KÄRCHER"},"sku":"1.602-600.0","offers":{"@type":"Offer","price":"119.01","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>KÄRCHER Hochdruckreiniger »K 3 Full Control«</h1></body></html>`;

const KEYBOARD_PAGE = `<!doctype html><html><head><title>Lumetra K7</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lumetra K7 Mechanical Keyboard","brand":"Lumetra","sku":"LK7-BRN","offers":{"@type":"Offer","price":"89.50","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Lumetra K7 Mechanical Keyboard</h1></body></html>`;

/**
 * For the describe block it is called in: a test app whose catalog holds `offers` (imported as one GMC feed before the
 * block's tests, closed after them). Answers a getter for the app.
 */
function catalogOf(offers: FeedOffer[], source: string, ready?: (t: TestApp) => Promise<void>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source });
    await ready?.(t);
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the test app is built before the tests run');
    return t;
  };
}

/** POST /api/search under a new request id: answers 200 with a result of the contract's shape. */
async function searchOn(t: TestApp, body: { url: string } | { query: string }): Promise<SearchResult> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), ...body } });
  expect(res.statusCode).toBe(200);
  return searchResultSchema.parse(res.json());
}

describe('search API', () => {
  let t: TestApp;
  let server: http.Server;
  let origin: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/shop/sony-headphones-page' || req.url === '/shop/patagonia-nano-puff-jacket' || req.url === '/shop/k3-full-control') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(req.url.includes('jacket') ? JACKET_PAGE : req.url.includes('k3') ? WASHER_PAGE : PRODUCT_PAGE);
      } else if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nDisallow: /cart\n\nUser-agent: PriceHuntBot\nDisallow: /private/\n');
      } else if (req.url?.startsWith('/blocked/')) {
        res.writeHead(403, { 'content-type': 'text/html' });
        res.end('<html><head><title>Access denied</title></head><body>Are you a robot?</body></html>');
      } else if (req.url?.startsWith('/wall/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>');
      } else if (req.url?.startsWith('/feed/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><head><title>Not found</title></head></html>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true' });
    await t.app.catalog.ingestion.importOffers([...HEADPHONES, ...OTHERS], { format: 'gmc', source: 'search fixtures' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = async (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/search', payload: body });
  const search = (body: { url: string } | { query: string }) => searchOn(t, body);

  it('answers a known offer URL directly with every offer of its product, cheapest total first', async () => {
    const result = await search({ url: 'https://www.amazon.com/Sony-WH-1000XM4/dp/B0863TXGM3/ref=sr_1_1?tag=someone-20&th=1' });

    expect(result.identifiedBy).toBe('known-offer');
    expect(result.source).toMatchObject({ retailer: { id: 'amazon', name: 'Amazon' }, externalId: 'B0863TXGM3', priceCents: 34_800 });
    expect(result.product).toMatchObject({ offerCount: 3, bestPriceCents: 28_399, confidence: 1 });
    expect(result.offers.map((o) => [o.retailer.id, o.totalCents])).toEqual([
      ['walmart', 28_399],
      ['bestbuy', 29_999],
      ['amazon', 34_800],
    ]);
    const [cheapest, , pasted] = result.offers;
    expect(cheapest).toMatchObject({ isBestPrice: true, savingsCents: 34_800 - 28_399, isSource: false, isShopify: false, businessDomain: null });
    expect(pasted).toMatchObject({ isSource: true, savingsCents: 0, isBestPrice: false });
    const redirect = new URL(present(cheapest).redirectUrl, 'http://localhost');
    expect(redirect.pathname).toBe('/api/redirect');
    expect(redirect.searchParams.get('to')).toBe(present(cheapest).url);
    expect(redirect.searchParams.get('source')).toBe('product_suggestion');
    expect(Number(redirect.searchParams.get('timestamp'))).toBe(Date.parse(result.createdAt));
    expect(result.similarProducts).toEqual([]);
  });

  it('reads an unknown page’s product metadata, places it as its shop’s offer of the matching product, and answers the link from the catalog after', async () => {
    const result = await search({ url: `${origin}/shop/sony-headphones-page` });

    expect(result.identifiedBy).toBe('page-metadata');
    expect(result.source).toMatchObject({ title: 'Sony WH-1000XM4 Noise Cancelling Wireless Headphones', brand: 'Sony', gtin: '00027242919419', priceCents: 32_900 });
    expect(result.source.offerId).not.toBeNull();
    expect(result.product?.offerCount).toBe(4);
    // Placed by its barcode: as sure as an equal GTIN makes a pair.
    expect(present(result.product).confidence).toBeGreaterThanOrEqual(GTIN_MATCH_FLOOR);
    expect(result.offers[0]).toMatchObject({ retailer: { id: 'walmart' }, savingsCents: 32_900 - 28_399, isBestPrice: true });
    const pasted = result.offers.find((entry) => entry.isSource);
    expect(pasted).toMatchObject({ id: result.source.offerId, retailer: { id: '127.0.0.1', name: '127.0.0.1' }, priceCents: 32_900, url: `${origin}/shop/sony-headphones-page`, savingsCents: 0 });

    // The same link again is the catalog's offer: the page is not fetched again.
    const fetched = requests.filter((path) => path === '/shop/sony-headphones-page').length;
    const again = await search({ url: `${origin}/shop/sony-headphones-page` });
    expect(again).toMatchObject({ identifiedBy: 'known-offer', source: { offerId: result.source.offerId }, product: { id: present(result.product).id, offerCount: 4, confidence: present(result.product).confidence } });
    expect(requests.filter((path) => path === '/shop/sony-headphones-page')).toHaveLength(fetched);
  });

  it('says why a page could not be read, names its shop, and searches the words of its link written as a name', async () => {
    const blocked = await search({ url: `${origin}/blocked/lumetra-k7-mechanical-keyboard` });
    expect(blocked).toMatchObject({ identifiedBy: 'url-slug', unreadPage: { reason: 'blocked', shop: '127.0.0.1' }, product: null });
    expect(blocked.source.title).toBe('Lumetra K7 Mechanical Keyboard');
    expect((await search({ url: `${origin}/wall/lumetra-k7-mechanical-keyboard` })).unreadPage).toEqual({ reason: 'no-product', shop: '127.0.0.1' });
    expect((await search({ url: `${origin}/feed/lumetra-k7-mechanical-keyboard` })).unreadPage).toEqual({ reason: 'not-a-page', shop: '127.0.0.1' });
    expect((await search({ url: `${origin}/gone/lumetra-k7-mechanical-keyboard` })).unreadPage).toEqual({ reason: 'not-found', shop: '127.0.0.1' });
    // A dead link whose address says only what became of the page names no product to search for.
    expect(await search({ url: `${origin}/gone/missing.html` })).toMatchObject({ unreadPage: { reason: 'not-found' }, source: { title: null }, product: null, matches: [] });
    // A page the shop's robots.txt keeps PriceHunt's crawler from is not fetched; the file is asked for once.
    expect((await search({ url: `${origin}/private/lumetra-k7-mechanical-keyboard` })).unreadPage).toEqual({ reason: 'robots', shop: '127.0.0.1' });
    expect(requests).not.toContain('/private/lumetra-k7-mechanical-keyboard');
    expect(requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
    // A shop that does not answer at all (not even for its robots.txt) did not answer: it refused nothing.
    expect((await search({ url: 'http://127.0.0.1:9/lumetra-k7-mechanical-keyboard' })).unreadPage).toEqual({ reason: 'unreachable', shop: '127.0.0.1' });
    // A page read or a known offer is no unread page.
    expect((await search({ url: `${origin}/shop/sony-headphones-page` })).unreadPage).toBeNull();
    expect((await search({ url: 'https://www.amazon.com/dp/B0863TXGM3' })).unreadPage).toBeNull();
  });

  it('falls back to the words of the URL when the page says nothing', async () => {
    const result = await search({ url: `${origin}/products/sony-wh-1000xm4-wireless-noise-canceling-headphones` });

    expect(requests).toContain('/products/sony-wh-1000xm4-wireless-noise-canceling-headphones');
    expect(result.identifiedBy).toBe('url-slug');
    expect(result.source.title).toMatch(/sony wh 1000xm4/i);
    // Three feeds' offers and the page pasted above.
    expect(result.product?.offerCount).toBe(4);
    expect(result.offers[0]?.retailer.id).toBe('walmart');
    expect(result.offers.every((o) => o.savingsCents === null)).toBe(true);
  });

  it('answers a text query with the best product and weaker ones as similar products', async () => {
    const result = await search({ query: 'sony wh-1000xm4 headphones' });

    expect(result.identifiedBy).toBe('query');
    expect(result.product?.title).toMatch(/WH-1000XM4/);
    expect(result.similarProducts.map((p) => p.brand)).toContain('Bose');
    expect(result.similarProducts.every((p) => p.confidence < present(result.product).confidence)).toBe(true);
  });

  it('answers words that are exactly a product’s name with that product (a product card’s “Compare prices”)', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/api/browse?sort=name&pageSize=100' })).json().items as Array<{ id: number; title: string }>;
    expect(products.length).toBeGreaterThanOrEqual(4);
    for (const product of products) {
      const result = await search({ query: product.title });
      expect(result.product).toMatchObject({ id: product.id, confidence: 1 });
      expect(result.similarProducts.map((p) => p.id)).not.toContain(product.id);
    }
  });

  it('answers a model the catalog lacks with no product, and products sharing its words as similar ones', async () => {
    const result = await search({ query: 'sony wh-1000xm9 noise canceling headphones' });

    expect(result).toMatchObject({ identifiedBy: 'query', product: null, offers: [] });
    expect(result.similarProducts[0]?.title).toMatch(/WH-1000XM4/);
    expect(result.similarProducts.map((p) => p.brand)).toContain('Bose');
    expect(result.similarProducts.map((p) => p.brand)).not.toContain('Instant Pot');
    expect(result.similarProducts.every((p) => p.confidence < matchThreshold())).toBe(true);
  });

  it('offers no similar product that shares no word nor maker with a pasted page', async () => {
    // A console whose model number holds an "S", as the "s" of the page's "Men's" does: a candidate by that word alone.
    const consoles = [offer({ externalId: '6257148', url: 'https://www.bestbuy.com/site/x/6257148.p', title: 'Nintendo Switch Lite Console - Turquoise', brand: 'Nintendo', mpn: 'HDH-S-BAZAA', priceCents: 19_999 })];
    await t.app.catalog.ingestion.importOffers(consoles, { format: 'gmc', source: 'search fixtures' });
    const result = await search({ url: `${origin}/shop/patagonia-nano-puff-jacket` });
    expect(result).toMatchObject({ identifiedBy: 'page-metadata', product: { title: "Patagonia Men's Nano Puff Jacket", offerCount: 1 } });
    expect(result.similarProducts.map((p) => p.title)).toEqual([]);
  });

  it('offers no similar product that shares one chance word of a pasted page’s name, and one that shares its kind', async () => {
    const monitor = offer({ externalId: '6530411', url: 'https://www.bestbuy.com/site/x/6530411.p', title: 'Acer SB242Y Ebi Full HD Monitor (24")', brand: 'Acer', mpn: 'UM.QS2AA.E01', priceCents: 9_718, category: 'Computers > Monitors' });
    await t.app.catalog.ingestion.importOffers([monitor], { format: 'gmc', source: 'search fixtures' });
    const washer = await search({ url: `${origin}/shop/k3-full-control` });
    expect(washer).toMatchObject({ identifiedBy: 'page-metadata', product: { title: 'KÄRCHER Hochdruckreiniger »K 3 Full Control«' } });
    expect(washer.similarProducts.map((p) => p.title)).toEqual([]);
    // The Sony page's headphones share their kind with the Bose ones: those stay similar.
    const sony = await search({ url: `${origin}/shop/sony-headphones-page` });
    expect(sony.product?.title).toMatch(/WH-1000XM4/);
    expect(sony.similarProducts.map((p) => p.brand)).toContain('Bose');
  });

  it('answers a URL nothing matches with an honest empty result', async () => {
    const result = await search({ url: `${origin}/p/zzqx-unobtainium-widget` });
    expect(result).toMatchObject({ identifiedBy: 'url-slug', product: null, offers: [], similarProducts: [] });
  });

  it('stores each answer under its request id', async () => {
    const requestId = randomUUID();
    const first = await post({ requestId, query: 'instant pot duo' });
    expect(first.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'GET', url: `/api/search/${requestId}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const repeated = await post({ requestId, query: 'instant pot duo' });
    expect(repeated.json()).toEqual(first.json());

    const reused = await post({ requestId, query: 'something else' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ success: false, field: 'requestId' });

    const unknown = await t.app.inject({ method: 'GET', url: `/api/search/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each([
    [{ requestId: 'not-a-uuid', query: 'sony' }, 'requestId'],
    [{ query: 'sony' }, 'requestId'],
    [{ requestId: randomUUID(), url: 'not a url' }, 'url'],
    [{ requestId: randomUUID(), url: 'ftp://example.com/file' }, 'url'],
    [{ requestId: randomUUID(), query: '   ' }, 'query'],
    [{ requestId: randomUUID() }, 'url'],
    [{ requestId: randomUUID(), url: 'https://www.amazon.com/dp/B0863TXGM3', query: 'sony' }, 'query'],
  ])('rejects %j naming the field %s', async (body, field) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
  });

  it('rejects a bad request id on GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'requestId' });
  });
});

describe('search API: words that fit several products', () => {
  const WATCHES = [
    offer({ externalId: 'B0DGHYDZR9', url: 'https://www.amazon.com/dp/B0DGHYDZR9', title: 'Apple Watch Series 10 GPS 42mm Jet Black Aluminum Case with Black Sport Band', brand: 'Apple', mpn: 'MWWE3LL/A', priceCents: 39_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: '6580000', url: 'https://www.bestbuy.com/site/apple-watch-series-10/6580000.p?skuId=6580000', title: 'Apple Watch Series 10 GPS 42mm Jet Black Aluminum Case Black Sport Band', brand: 'Apple', mpn: 'MWWE3LL/A', priceCents: 37_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: 'B0DGJ7R1WY', url: 'https://www.amazon.com/dp/B0DGJ7R1WY', title: 'Apple Watch Series 10 GPS 46mm Silver Aluminum Case with Denim Sport Band', brand: 'Apple', mpn: 'MWWP3LL/A', priceCents: 42_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: '6580001', url: 'https://www.bestbuy.com/site/apple-watch-series-10-silver/6580001.p?skuId=6580001', title: 'Apple Watch Series 10 GPS 46mm Silver Aluminum Case Denim Sport Band', brand: 'Apple', mpn: 'MWWP3LL/A', priceCents: 41_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: 'B0DGJ2X5HX', url: 'https://www.amazon.com/dp/B0DGJ2X5HX', title: 'Apple Watch Series 10 GPS + Cellular 46mm Rose Gold Aluminum Case with Light Blush Sport Band', brand: 'Apple', mpn: 'MWY83LL/A', priceCents: 52_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: 'B0DGJ736JM', url: 'https://www.amazon.com/dp/B0DGJ736JM', title: 'Apple Watch Ultra 2 GPS + Cellular 49mm Black Titanium Case with Black Trail Loop', brand: 'Apple', mpn: 'MX4V3LL/A', priceCents: 79_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: '6584000', url: 'https://www.bestbuy.com/site/apple-watch-ultra-2/6584000.p?skuId=6584000', title: 'Apple Watch Ultra 2 (GPS + Cellular) 49mm Black Titanium Case Black Trail Loop', brand: 'Apple', mpn: 'MX4V3LL/A', priceCents: 77_900, category: 'Electronics > Smartwatches' }),
    offer({ externalId: 'B0CSTKDF6L', url: 'https://www.amazon.com/dp/B0CSTKDF6L', title: 'Garmin Forerunner 265 Running Smartwatch, Black', brand: 'Garmin', mpn: '010-02810-00', priceCents: 34_999, category: 'Electronics > Smartwatches' }),
    offer({ externalId: 'B0CHWRXH8B', url: 'https://www.amazon.com/dp/B0CHWRXH8B', title: 'Apple AirPods Pro 2 Wireless Earbuds with USB-C Charging', brand: 'Apple', mpn: 'MTJV3AM/A', priceCents: 18_900, category: 'Electronics > Earbuds' }),
  ];

  const app = catalogOf(WATCHES, 'watch fixtures', (t) => t.app.catalog.spelling.ready());
  const search = (query: string) => searchOn(app(), { query });

  it('lists the products the words fit, best first, instead of picking one', async () => {
    const result = await search('apple watch series 10');

    expect(result).toMatchObject({ identifiedBy: 'query', product: null, offers: [] });
    // The Ultra 2 holds neither "series" nor "10".
    expect(result.matches.map((p) => p.model).sort()).toEqual(['MWWE3LL/A', 'MWWP3LL/A', 'MWY83LL/A']);
    expect(result.matches.every((p) => p.confidence >= matchThreshold())).toBe(true);
    const confidences = result.matches.map((p) => p.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    // Garmin's watch and the earbuds are no Apple Watch: at most weaker candidates, never a match.
    expect(result.matches.map((p) => p.brand)).not.toContain('Garmin');
    const listed = result.matches.map((p) => p.id);
    expect(result.similarProducts.some((p) => listed.includes(p.id))).toBe(false);
  });

  it('lists, below the best fits, the products that hold every word without the matcher’s confidence', async () => {
    const result = await search('apple watch');

    expect(result.product).toBeNull();
    const models = result.matches.map((p) => p.model);
    expect(models.slice(0, 3).sort()).toEqual(['MWWE3LL/A', 'MWWP3LL/A', 'MWY83LL/A']);
    // Another line than the Series the words fit best, but an Apple Watch: in the list, last.
    expect(models.at(-1)).toBe('MX4V3LL/A');
    expect(models).toHaveLength(4);
    expect(result.matches.map((p) => p.brand)).not.toContain('Garmin');
    expect(result.similarProducts.map((p) => p.model)).not.toContain('MX4V3LL/A');
  });

  it('tells each listed product’s line, for the site to show a line’s versions as one; a pasted link’s lists tell none', async () => {
    const result = await search('apple watch series 10');
    // A name closed by brackets is a version of a line, written with the name's words: a watch's case size leads its variant.
    const words = (text: string) => text.split(/[\s(),]+/).filter(Boolean).sort();
    const written = (p: (typeof result.matches)[number]) => (p.line ? words(`${p.line.name} ${p.line.variant}`) : null);
    expect(result.matches.map(written)).toEqual(result.matches.map((p) => (/\)$/.test(p.title) ? words(p.title) : null)));
    expect(result.matches.flatMap((p) => (p.line ? [p.line.variant] : []))).toContain('46mm, Silver');
    expect(result.matches.filter((p) => p.line).length).toBeGreaterThan(1);
    const pasted = await searchOn(app(), { url: 'https://www.amazon.com/dp/B0DGJ736JM' });
    expect([...pasted.matches, ...pasted.similarProducts].map((p) => p.line)).toEqual([...pasted.matches, ...pasted.similarProducts].map(() => undefined));
  });

  it('searches misspelt words as the catalog words they most likely meant, and says so', async () => {
    const result = await search('Appel wacth series 10');

    expect(result.input.query).toBe('Appel wacth series 10');
    expect(result.correctedQuery).toBe('Apple watch series 10');
    expect(result.source.title).toBe('Apple watch series 10');
    expect(result.matches.map((p) => p.model).sort()).toEqual(['MWWE3LL/A', 'MWWP3LL/A', 'MWY83LL/A']);

    const typedRight = await search('apple watch series 10');
    expect(typedRight.correctedQuery).toBeNull();
    // A model number the catalog lacks is not corrected into another model.
    expect((await search('MWWE4LL/A')).correctedQuery).toBeNull();
  });

  it('still answers words that fit one product clearly better with that product and its offers', async () => {
    const result = await search('apple watch series 10 46mm silver gps');

    expect(result.product).toMatchObject({ model: 'MWWP3LL/A', offerCount: 2 });
    expect(result.offers.map((o) => o.totalCents)).toEqual([41_900, 42_900]);
    expect(result.matches).toEqual([]);
  });

  it('stores the list with the answer, and reads answers stored before lists existed', async () => {
    const t = app();
    const requestId = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId, query: 'apple watch series 10' } });
    const again = await t.app.inject({ method: 'GET', url: `/api/search/${requestId}` });
    expect(again.json()).toEqual(first.json());
    expect(again.json().matches.length).toBe(3);

    const older = randomUUID();
    const { matches: _unused, ...withoutMatches } = first.json<SearchResult>();
    await run(t.app, "INSERT INTO search_requests (request_id, input_url, query, identified_by, product_id, result_json, created_at) VALUES (?, NULL, 'apple watch', 'query', NULL, ?, ?)", [
      older,
      JSON.stringify({ ...withoutMatches, requestId: older }),
      withoutMatches.createdAt,
    ]);
    const legacy = await t.app.inject({ method: 'GET', url: `/api/search/${older}` });
    expect(legacy.statusCode).toBe(200);
    expect(searchResultSchema.parse(legacy.json())).toMatchObject({ requestId: older, matches: [], product: null });
  });
});

describe('search API: words that name no line', () => {
  const speaker = (externalId: string, title: string, mpn: string) =>
    offer({ externalId, url: `https://www.bestbuy.com/site/x/${externalId}.p?skuId=${externalId}`, title, brand: 'Bose', mpn, category: 'Electronics > Speakers' });
  const SPEAKERS = [
    speaker('7000001', 'Bose SoundLink Max Portable Bluetooth Speaker, Black', '885062-0400'),
    speaker('7000002', 'Bose - SoundLink Max 885062-0400 Portable Bluetooth Speaker - Black', '885062-0400'),
    speaker('7000003', 'Bose SoundLink Flex Portable Bluetooth Speaker, Black', '865983-0100'),
    speaker('7000004', 'Bose - SoundLink Flex 865983-0100 Portable Bluetooth Speaker - Black', '865983-0100'),
    speaker('7000005', 'Bose SoundLink Micro Portable Bluetooth Speaker, Squad Camo', '783342-0900'),
    speaker('7000006', 'Bose - SoundLink Micro 783342-0900 Portable Bluetooth Speaker - Squad Camo', '783342-0900'),
    speaker('7000007', 'Bose SoundLink Flex Portable Bluetooth Speaker, White Smoke', '865983-0200'),
  ];

  const app = catalogOf(SPEAKERS, 'speaker fixtures');

  it('lists the products of the colour asked for, whatever their line and edition ("SoundLink Max"), and none of another colour', async () => {
    const result = await searchOn(app(), { query: 'bose speaker black' });

    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.model).sort()).toEqual(['865983-0100', '885062-0400']);
    // Squad Camo is a colour too: those speakers are no match, at most similar.
    expect(result.similarProducts.map((p) => p.model)).not.toContain('885062-0400');
  });
});

describe('search API: words that fit more products than a list holds', () => {
  // 30 kettles of one line, each sold by two retailers: "acme kettle" fits them all alike.
  const KETTLES = Array.from({ length: 30 }, (_, i) => {
    const model = `KT-${1200 + i * 7}`;
    const fields = { brand: 'Acme', mpn: model, priceCents: 3_000 + i * 100, category: 'Home > Kitchen' };
    return [
      offer({ ...fields, externalId: `A${1000 + i}`, url: `https://www.amazon.com/dp/B0ACME${1000 + i}`, title: `Acme Electric Kettle ${model} 1.7L Stainless Steel` }),
      offer({ ...fields, externalId: `${5000 + i}`, url: `https://www.walmart.com/ip/acme-kettle/${5000 + i}`, title: `Acme ${model} Electric Kettle, 1.7 Liter, Stainless` }),
    ];
  }).flat();

  const app = catalogOf(KETTLES, 'kettle fixtures');

  it('lists as many as it holds and shows the rest under similar products instead of dropping them', async () => {
    const result = await searchOn(app(), { query: 'acme electric kettle' });

    expect(result.product).toBeNull();
    expect(result.matches).toHaveLength(24);
    const listed = new Set(result.matches.map((p) => p.id));
    expect(result.similarProducts.length).toBeGreaterThan(0);
    expect(result.similarProducts.some((p) => listed.has(p.id))).toBe(false);
    expect(result.similarProducts.every((p) => p.brand === 'Acme')).toBe(true);
  });
});

describe('search API: stock and the best price', () => {
  const CAMERA = { title: 'Canon EOS R8 Mirrorless Camera Body', brand: 'Canon', mpn: '5803C002', category: 'Electronics > Cameras' };
  const OFFERS = [
    offer({ ...CAMERA, externalId: 'B0BRIT3MVN', url: 'https://www.amazon.com/dp/B0BRIT3MVN', priceCents: 139_900 }),
    offer({ ...CAMERA, externalId: '6531694', url: 'https://www.bestbuy.com/site/canon-eos-r8/6531694.p?skuId=6531694', priceCents: 119_900, availability: 'out_of_stock' }),
    offer({ ...CAMERA, externalId: '2236458101', url: 'https://www.walmart.com/ip/canon-eos-r8/2236458101', priceCents: 129_900, shippingCents: 500 }),
  ];

  const app = catalogOf(OFFERS, 'stock fixtures');
  const search = (url: string) => searchOn(app(), { url });

  it('marks the cheapest offer one can buy as the best price, and lists the cheaper sold-out one after those one can buy, without a saving', async () => {
    const result = await search('https://www.amazon.com/dp/B0BRIT3MVN');
    expect(result.product).toMatchObject({ offerCount: 3, bestPriceCents: 130_400, bestPriceShippingKnown: true });
    expect(result.offers.map((o) => [o.retailer.id, o.availability, o.section, o.isBestPrice, o.savingsCents])).toEqual([
      ['walmart', 'in_stock', 'new', true, 139_900 - 130_400],
      ['amazon', 'in_stock', 'new', false, 0],
      ['bestbuy', 'out_of_stock', 'out_of_stock', false, null],
    ]);
  });

  it('has no best price when every offer is sold out', async () => {
    await app().app.catalog.ingestion.importOffers(
      OFFERS.map((o) => ({ ...o, availability: 'out_of_stock' as const })),
      { format: 'gmc', source: 'sold out' },
    );
    const result = await search('https://www.amazon.com/dp/B0BRIT3MVN');
    expect(result.product).toMatchObject({ bestPriceCents: null });
    expect(result.offers.filter((o) => o.isBestPrice)).toEqual([]);
    expect(result.offers.every((o) => o.section === 'out_of_stock' && o.savingsCents === null)).toBe(true);
  });
});

describe('search API: condition and bundles', () => {
  const LENS = { title: 'Sony FE 24-70mm F2.8 GM II Lens', brand: 'Sony', mpn: 'SEL2470GM2', category: 'Electronics > Cameras' };
  const OFFERS = [
    offer({ ...LENS, externalId: 'B0B8TPJ4XV', url: 'https://www.amazon.com/dp/B0B8TPJ4XV', priceCents: 229_800 }),
    offer({ ...LENS, externalId: '6510312', url: 'https://www.bestbuy.com/site/sony-fe-24-70/6510312.p?skuId=6510312', priceCents: 219_800 }),
    offer({ ...LENS, title: 'Sony FE 24-70mm F2.8 GM II Lens (Renewed)', externalId: '1000211', url: 'https://www.walmart.com/ip/sony-fe-24-70-renewed/1000211', priceCents: 179_900, condition: 'refurbished' }),
    offer({ ...LENS, title: 'Sony FE 24-70mm F2.8 GM II Lens with Lens Cleaning Kit Bundle', externalId: '2000322', url: 'https://www.walmart.com/ip/sony-fe-24-70-bundle/2000322', priceCents: 214_900 }),
  ];

  const app = catalogOf(OFFERS, 'condition fixtures');

  it('marks the cheapest new offer of the product alone as the best price and tells savings against a pasted new offer for new offers alone only', async () => {
    const result = await searchOn(app(), { url: 'https://www.amazon.com/dp/B0B8TPJ4XV' });
    expect(result.product).toMatchObject({ offerCount: 4 });
    const byId = new Map(result.offers.map((o) => [o.url, o]));
    expect(byId.get(present(OFFERS[1]).url)).toMatchObject({ condition: 'new', isBundle: false, isBestPrice: true, savingsCents: 10_000 });
    expect(byId.get(present(OFFERS[2]).url)).toMatchObject({ condition: 'refurbished', isBundle: false, isBestPrice: false, savingsCents: null });
    expect(byId.get(present(OFFERS[3]).url)).toMatchObject({ condition: 'new', isBundle: true, isBestPrice: false, savingsCents: null });
    expect(byId.get(present(OFFERS[0]).url)).toMatchObject({ isSource: true, savingsCents: 0, isBestPrice: false });
  });

  it('compares a pasted refurbished offer with refurbished ones', async () => {
    const result = await searchOn(app(), { url: present(OFFERS[2]).url });
    expect(result.offers.filter((o) => o.savingsCents !== null).map((o) => [o.condition, o.savingsCents])).toEqual([['refurbished', 0]]);
    expect(result.offers.filter((o) => o.isBestPrice).map((o) => o.retailer.id)).toEqual(['bestbuy']);
  });

  it('marks bundles on the product page too', async () => {
    const { product } = await searchOn(app(), { url: present(OFFERS[1]).url });
    const res = await app().app.inject({ method: 'GET', url: `/api/products/${present(product).id}` });
    expect(res.statusCode).toBe(200);
    const offers = res.json().offers as Array<{ url: string; isBundle: boolean }>;
    expect(offers.filter((o) => o.isBundle).map((o) => o.url)).toEqual([present(OFFERS[3]).url]);
  });
});

describe('search API: a typed model number', () => {
  const OFFERS = [
    offer({ externalId: 'B0CPHONE01', url: 'https://www.amazon.com/dp/B0CPHONE01', title: 'Panasonic DECT 6.0 Expandable Cordless Phone System, 2 Handsets', brand: 'Panasonic', mpn: 'KX-TG6512B', priceCents: 5_999, category: 'Electronics > Phones' }),
    offer({ externalId: '7001001', url: 'https://www.walmart.com/ip/Panasonic-Cordless-Phone/7001001', title: 'Panasonic Cordless Phone with 2 Handsets, Black', brand: 'Panasonic', mpn: 'KXTG6512B', priceCents: 5_499, category: 'Electronics > Phones' }),
    offer({ externalId: 'B0CKETTLRD', url: 'https://www.amazon.com/dp/B0CKETTLRD', title: 'Smeg 50s Style Electric Kettle, Red', brand: 'Smeg', mpn: 'KLF03RDUS', priceCents: 17_995, category: 'Home > Kitchen' }),
    offer({ externalId: 'B0CKETTLCR', url: 'https://www.amazon.com/dp/B0CKETTLCR', title: 'Smeg 50s Style Electric Kettle, Cream', brand: 'Smeg', mpn: 'KLF03CRUS', priceCents: 17_995, category: 'Home > Kitchen' }),
    offer({ externalId: 'B0CHWRXH8B', url: 'https://www.amazon.com/dp/B0CHWRXH8B', title: 'Apple AirPods Pro 2 Wireless Earbuds with USB-C Charging', brand: 'Apple', mpn: 'MTJV3AM/A', priceCents: 18_900, category: 'Electronics > Earbuds' }),
    // No part number stated: the catalog keys it by the one its title holds.
    offer({ externalId: '7001002', url: 'https://www.walmart.com/ip/Uniden-Phone/7001002', title: 'uniden dect 6.0 cordless phone d1680-2 black', priceCents: 4_999, category: 'Electronics > Phones' }),
    offer({ externalId: '7001003', url: 'https://www.walmart.com/ip/Sony-TV/7001003', title: 'Sony KD-55X80K 55 Inch 4K Ultra HD Smart LED TV', brand: 'Sony', priceCents: 69_999, category: 'Electronics > TVs' }),
  ];

  const app = catalogOf(OFFERS, 'model fixtures');
  const search = (query: string) => searchOn(app(), { query });

  it('answers the product whose offers state it, however few words of its title it shares', async () => {
    for (const query of ['KX-TG6512B', 'kxtg6512b']) {
      const result = await search(query);
      expect(result.product).toMatchObject({ model: expect.stringMatching(/KX-?TG6512B/), offerCount: 2 });
      expect(present(result.product).confidence).toBeGreaterThanOrEqual(matchThreshold());
      expect(result.offers.map((o) => o.retailer.id)).toEqual(['walmart', 'amazon']);
    }
  });

  it('answers it typed without the colour or region code the offers add, and with words of the product’s name', async () => {
    const [alone, named, titled, branded] = await Promise.all([search('KLF03RD'), search('smeg klf03rd'), search('D1680'), search('kd55x80')]);
    expect(alone.product?.model).toBe('KLF03RDUS');
    expect(named.product?.model).toBe('KLF03RDUS');
    expect(titled.product?.title).toMatch(/d1680-2/);
    // Read from a title that begins with the brand: the number is not taken for "SONYKD55X80K".
    expect(branded.product?.title).toMatch(/KD-55X80K/);
  });

  it('lists every product of a number that several carry (its colours)', async () => {
    const result = await search('klf03');
    expect(result.product).toBeNull();
    expect(result.matches.map((p) => p.model).sort()).toEqual(['KLF03CRUS', 'KLF03RDUS']);
  });

  it('does not answer with the product when the other words are not its own ("battery for …")', async () => {
    const result = await search('replacement battery for kx-tg6512b');
    expect(result.product).toBeNull();
    expect(result.matches).toEqual([]);
  });
});

describe('search API: a product and the accessories made for it', () => {
  const OFFERS = [
    // The camera's listings run its model number on into a colour code; the case names the model in full, with others.
    offer({ externalId: '8001001', url: 'https://www.bestbuy.com/site/x/8001001.p', title: 'Canon Pink 8.0 Megapixel PowerShot Digital Camera SD1100ISP', brand: 'Canon', priceCents: 19_999 }),
    offer({ externalId: '800100101', url: 'https://www.walmart.com/ip/x/800100101', title: 'Canon PowerShot Digital Camera, 8.0 Megapixel, Pink SD1100ISP', brand: 'Canon', priceCents: 18_999 }),
    offer({ externalId: 'B0DICAPAC1', url: 'https://www.amazon.com/dp/B0DICAPAC1', title: 'Dicapac Underwater Housing Case for Canon PowerShot SD1100 SD1000 SD890IS SD850IS Digital Cameras', brand: 'Dicapac', priceCents: 2_477 }),
    offer({ externalId: '8001002', url: 'https://www.bestbuy.com/site/x/8001002.p', title: 'Canon PowerShot G7 X Mark II Digital Camera - Black', brand: 'Canon', priceCents: 69_999 }),
    offer({ externalId: '8001003', url: 'https://www.bestbuy.com/site/x/8001003.p', title: 'Canon PSC-3100 PowerShot Case for Canon SX200IS Digital Cameras', brand: 'Canon', priceCents: 1_999 }),
  ];
  const app = catalogOf(OFFERS, 'accessory fixtures');
  const search = (query: string) => searchOn(app(), { query });

  it('answers words naming a product with the product, not with a case made for it that holds every word', async () => {
    const result = await search('canon powershot sd1100');
    expect(result.product?.title).toMatch(/SD1100ISP/);
    expect(result.similarProducts.map((p) => p.title)).toContainEqual(expect.stringMatching(/^Dicapac Underwater Housing Case/));
  });

  it('reads a model number typed alone as held by the listings whose number only adds a colour code of letters', async () => {
    const result = await search('sd1100');
    expect((result.product ?? result.matches[0])?.title).toMatch(/SD1100ISP/);
  });

  it('still answers words that ask for the accessory with it', async () => {
    const result = await search('dicapac underwater housing case canon powershot sd1100');
    expect(result.product?.title).toMatch(/^Dicapac Underwater Housing Case/);
  });
});

describe('search API: politeness towards a shop', () => {
  let server: http.Server;
  let origin = '';
  let first: TestApp;
  let second: TestApp;
  const pageRequests: number[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url !== '/robots.txt') pageRequests.push(Date.now());
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PRODUCT_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Two instances of the API on one database: the host's turns are shared.
    first = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', PAGE_HOST_SPACING_MS: '700' });
    second = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', PAGE_HOST_SPACING_MS: '700', DATABASE_URL: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends one request to a host every spacing, whichever instance reads its pages', async () => {
    const started = Date.now();
    await Promise.all([
      searchOn(first, { url: `${origin}/p/one` }),
      searchOn(second, { url: `${origin}/p/two` }),
      searchOn(first, { url: `${origin}/p/three` }),
    ]);
    expect(pageRequests).toHaveLength(3);
    // The turns are 700 ms apart from the first: the k-th request cannot reach the shop before k turns have passed. A
    // request leaves when its process gets to it after its turn, so on a loaded machine one may leave late, and the gap
    // to the next be shorter; never earlier than its turn.
    const sinceStart = pageRequests.map((at) => at - started).sort((a, b) => a - b);
    expect(sinceStart[1]).toBeGreaterThanOrEqual(690);
    expect(sinceStart[2]).toBeGreaterThanOrEqual(1390);
  });
});

describe('search API: a pasted page’s offer', () => {
  let server: http.Server;
  let t: TestApp;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (req.url?.includes('keyboard')) return void res.end(KEYBOARD_PAGE);
      if (req.url?.includes('refurbished')) return void res.end(REFURBISHED_PAGE);
      res.end(PRODUCT_PAGE.replace('<title>', '<meta property="og:site_name" content="Lumetra Audio"><title>'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `shop.lumetra.example=http://127.0.0.1:${port}` });
    await t.app.catalog.ingestion.importOffers(HEADPHONES, { format: 'gmc', source: 'search fixtures' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is its host’s shop under the page’s own name, and its link is a redirect target only as the signed link the API shows', async () => {
    const result = await searchOn(t, { url: 'https://shop.lumetra.example/p/sony-wh-1000xm4' });
    const pasted = result.offers.find((entry) => entry.isSource);
    expect(pasted).toMatchObject({ retailer: { id: 'shop.lumetra.example', name: 'Lumetra Audio' }, url: 'https://shop.lumetra.example/p/sony-wh-1000xm4' });
    // Anyone can paste a link: a page's link is no redirect target on its own.
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/redirect?to=${encodeURIComponent(present(pasted).url)}` });
    expect(unsigned.statusCode).toBe(400);
    // Followed as the signed link the API showed, it records the click and names the shop before linking on: a link
    // PriceHunt showed is never a way to send someone to a page anyone pasted unasked.
    const clicks = Number(present((await rows<{ n: number }>(t.app, 'SELECT count(*) AS n FROM clicks'))[0]).n);
    const signed = await t.app.inject({ method: 'GET', url: present(pasted).redirectUrl });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toMatch(/^text\/html/);
    expect(signed.headers.location).toBeUndefined();
    expect(signed.body).toContain('You are leaving PriceHunt for shop.lumetra.example');
    expect(signed.body).toMatch(/<a href="https:\/\/shop\.lumetra\.example\/p\/sony-wh-1000xm4[^"]*" rel="nofollow noopener noreferrer">Continue to shop\.lumetra\.example<\/a>/);
    expect(Number(present((await rows<{ n: number }>(t.app, 'SELECT count(*) AS n FROM clicks'))[0]).n)).toBe(clicks + 1);
    // The same link on the product's page is signed too; the feeds' links are the allow-list's and stay unsigned.
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${present(result.product).id}` })).json<{ offers: Array<{ id: number; redirectUrl: string }> }>();
    expect(new URL(present(page.offers.find((entry) => entry.id === present(pasted).id)).redirectUrl, 'http://localhost').searchParams.get('sig')).toBeTruthy();
    expect(page.offers.filter((entry) => entry.id !== present(pasted).id).every((entry) => new URL(entry.redirectUrl, 'http://localhost').searchParams.get('sig') === null)).toBe(true);
  });

  it('begins a product of its own when the catalog has none like it', async () => {
    const result = await searchOn(t, { url: 'https://shop.lumetra.example/p/lumetra-k7-keyboard' });
    expect(result).toMatchObject({ identifiedBy: 'page-metadata', unreadPage: null, product: { offerCount: 1, bestPriceCents: 8_950 } });
    expect(present(result.product).title).toMatch(/Lumetra K7/);
    expect(result.offers).toEqual([expect.objectContaining({ isSource: true, priceCents: 8_950, availability: 'in_stock', retailer: { id: 'shop.lumetra.example', name: 'Lumetra Audio' } })]);
    // The catalog's headphones share no word nor maker with a keyboard: none is offered as a similar product.
    expect(result.similarProducts).toEqual([]);
  });

  it('is marked refurbished with the delivery cost its page states, and is no best price among new offers', async () => {
    const url = 'https://shop.lumetra.example/p/sony-wh-1000xm4-refurbished';
    const result = await searchOn(t, { url });
    expect(result.source).toMatchObject({ condition: 'refurbished', availability: 'in_stock', shippingCents: 750 });
    const pasted = result.offers.find((entry) => entry.isSource);
    expect(pasted).toMatchObject({ condition: 'refurbished', priceCents: 18_900, shippingCents: 750, isBestPrice: false });
    expect(result.offers.filter((entry) => entry.isBestPrice).map((entry) => entry.condition)).toEqual(['new']);
    const stored = await rows<{ condition: string; shipping_cents: number }>(t.app, `SELECT condition, shipping_cents FROM offers WHERE url = '${url}'`);
    expect(stored).toEqual([{ condition: 'refurbished', shipping_cents: 750 }]);
  });

  it('gives way to a feed that lists its link: the feed’s offer takes its place', async () => {
    const before = await searchOn(t, { url: 'https://shop.lumetra.example/p/sony-wh-1000xm4' });
    expect(before.identifiedBy).toBe('known-offer');
    const summary = await t.app.catalog.ingestion.importOffers(
      [offer({ externalId: 'LUM-XM4', url: 'https://shop.lumetra.example/p/sony-wh-1000xm4', title: 'Sony WH-1000XM4 Headphones', brand: 'Sony', mpn: 'WH1000XM4/B', priceCents: 31_000 })],
      { format: 'gmc', source: 'lumetra feed', retailer: { name: 'Lumetra Audio' } },
    );
    expect(summary).toMatchObject({ inserted: 1, skipped: 0 });
    const after = await searchOn(t, { url: 'https://shop.lumetra.example/p/sony-wh-1000xm4' });
    expect(after.source).toMatchObject({ externalId: 'LUM-XM4', priceCents: 31_000 });
    expect(after.offers.filter((entry) => entry.url === 'https://shop.lumetra.example/p/sony-wh-1000xm4')).toHaveLength(1);
  });
});

describe('search API: a page read again (a watch’s re-read)', () => {
  let server: http.Server;
  let origin = '';
  const answers: Array<{ status: number; ifNoneMatch: string | null; ifModifiedSince: string | null }> = [];
  const pool = createPageReadPool({ size: 1 });
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      const ifNoneMatch = req.headers['if-none-match'] ?? null;
      const ifModifiedSince = req.headers['if-modified-since'] ?? null;
      const unchanged = ifNoneMatch === '"page-v1"';
      answers.push({ status: unchanged ? 304 : 200, ifNoneMatch, ifModifiedSince });
      if (unchanged) return void res.writeHead(304, { etag: '"page-v1"' }).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"page-v1"', 'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT' });
      res.end(PRODUCT_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await pool.close();
  });

  it('asks with the validators it was given, and reads an unchanged page (304) as it read it before', async () => {
    const reader = createPageReader({ allowLoopback: true, pool });
    const first = await reader.read(`${origin}/shop/sony-headphones-page`);
    const again = await reader.read(`${origin}/shop/sony-headphones-page`);
    expect(answers).toEqual([
      { status: 200, ifNoneMatch: null, ifModifiedSince: null },
      { status: 304, ifNoneMatch: '"page-v1"', ifModifiedSince: 'Tue, 24 Nov 2026 10:00:00 GMT' },
    ]);
    expect(first).toMatchObject({ title: 'Sony WH-1000XM4 Noise Cancelling Wireless Headphones', priceCents: 32_900 });
    expect(again).toEqual(first);
  });
});

describe('search API: a known shop’s page that refuses to be read', () => {
  let server: http.Server;
  let t: TestApp;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<html><head><title>Access denied</title></head></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Best Buy's pages are served by the refusing server on this machine.
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `www.bestbuy.com=http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('names the shop as the catalog names it', async () => {
    const result = await searchOn(t, { url: 'https://www.bestbuy.com/site/lumetra-k7-mechanical-keyboard/6501234.p?skuId=6501234' });
    expect(result.unreadPage).toEqual({ reason: 'blocked', shop: 'Best Buy' });
    expect(result.source).toMatchObject({ retailer: { id: 'bestbuy', name: 'Best Buy' }, title: 'Lumetra K7 Mechanical Keyboard' });
  });
});

describe('search API: a page whose wording another brand’s listing shares', () => {
  const PAGE = `<!doctype html><html><head><title>Earbuds</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Beats Studio Buds + Wireless Headphones, Up to 30-Hour Battery Life, Industry Leading Noise Canceling, White","brand":{"@type":"Brand","name":"Beats"},"offers":{"@type":"Offer","price":"169.99","priceCurrency":"USD"}}</script>
</head><body></body></html>`;
  let server: http.Server;
  let origin = '';
  let t: TestApp;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true' });
    await t.app.catalog.ingestion.importOffers(
      [
        offer({ externalId: 'B0SONY0694', url: 'https://www.amazon.com/dp/B0SONY0694', title: 'Sony WH-CH694 Wireless Noise Canceling Over-Ear Headphones, Industry Leading Noise Canceling, Up to 30-Hour Battery Life, White', brand: 'Sony', gtin: '0027242926615', priceCents: 14_999 }),
        offer({ externalId: '6694001', url: 'https://www.bestbuy.com/site/x/6694001.p', title: 'Sony - WH-CH694 Wireless Noise Canceling Over-Ear Headphones - White', brand: 'Sony', gtin: '0027242926615', priceCents: 14_999 }),
        offer({ externalId: '6694002', url: 'https://www.bestbuy.com/site/x/6694002.p', title: 'Beats - Studio Buds + MYV90LL/A Wireless Headphones - White', brand: 'Beats', gtin: '0194253920029', priceCents: 16_999 }),
        offer({ externalId: 'N82E6694002', url: 'https://www.newegg.com/p/N82E6694002', title: 'BEATS Studio Buds + MYV90LL/A Wireless Headphones White Up to 30-Hour Battery Life', brand: 'Beats', gtin: '0194253920029', priceCents: 16_499 }),
        offer({ externalId: '6694003', url: 'https://www.bestbuy.com/site/x/6694003.p', title: 'JBL - Tune 510BT Wireless Headphones - Black', brand: 'JBL', priceCents: 4_999 }),
      ],
      { format: 'gmc', source: 'brands' },
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never answers with a product of another brand than the page states', async () => {
    const result = await searchOn(t, { url: `${origin}/shop/beats-studio-buds` });
    expect(result.identifiedBy).toBe('page-metadata');
    const sony = (await t.app.storage.catalog.findOfferByExternalId('bestbuy', '6694001'))?.productId;
    expect(sony).toBeDefined();
    expect(result.product?.id).not.toBe(sony);
    expect(result.product?.brand).toBe('Beats');
  });
});

describe('search API: a page that two products fit alike', () => {
  // Two editions, each sold at two shops: their titles name editions that differ, so they are two products.
  const SLIM = [
    offer({ externalId: 'B0CL5KNB9M', url: 'https://www.amazon.com/dp/B0CL5KNB9M', title: 'PlayStation®5 Console – Slim Disc Edition', brand: 'Sony', priceCents: 49_999, category: 'Gaming > Consoles' }),
    offer({ externalId: '6566039', url: 'https://www.bestbuy.com/site/6566039.p?skuId=6566039', title: 'Sony - PlayStation 5 Slim Console Disc Edition - White', brand: 'Sony', priceCents: 47_999, category: 'Gaming > Consoles' }),
    offer({ externalId: 'B0CL61F39H', url: 'https://www.amazon.com/dp/B0CL61F39H', title: 'PlayStation®5 Console – Slim Digital Edition', brand: 'Sony', priceCents: 44_999, category: 'Gaming > Consoles' }),
    offer({ externalId: '6566040', url: 'https://www.bestbuy.com/site/6566040.p?skuId=6566040', title: 'Sony - PlayStation 5 Slim Console Digital Edition - White', brand: 'Sony', priceCents: 44_999, category: 'Gaming > Consoles' }),
  ];
  const page = (name: string, price: string) =>
    `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${name}","brand":{"@type":"Brand","name":"Sony"},"offers":{"@type":"Offer","price":"${price}","priceCurrency":"USD"}}</script></head><body><h1>${name}</h1></body></html>`;
  let server: http.Server;
  let origin: string;
  let t: TestApp;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url?.includes('digital') ? page('PlayStation 5 Slim Console Digital Edition', '449.99') : page('PlayStation®5 Console', '499.99'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true' });
    await t.app.catalog.ingestion.importOffers(SLIM, { format: 'gmc', source: 'console fixtures' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the short name shoppers type for the line as the name its listings write', async () => {
    const both = await searchOn(t, { query: 'ps5 slim' });
    expect(both).toMatchObject({ correctedQuery: 'playstation 5 slim', product: null });
    expect(both.matches.map((entry) => entry.title)).toEqual(expect.arrayContaining([expect.stringMatching(/Disc Edition/), expect.stringMatching(/Digital Edition/)]));
    const digital = await searchOn(t, { query: 'PS5 Slim digital' });
    expect(digital.correctedQuery).toBe('playstation 5 slim digital');
    expect(present(digital.product).title).toMatch(/Digital Edition/);
    // The search box suggests them for it too.
    const suggested = await t.app.inject({ method: 'GET', url: '/api/suggest?q=ps5' });
    expect(suggested.statusCode).toBe(200);
    const titles = suggested.json<{ suggestions: Array<{ title: string }> }>().suggestions.map((entry) => entry.title);
    expect(titles).toEqual(expect.arrayContaining([expect.stringMatching(/Disc Edition/), expect.stringMatching(/Digital Edition/)]));
  });

  it('joins neither when it states none of the words that tell them apart, and shows both as similar products', async () => {
    const result = await searchOn(t, { url: `${origin}/ps5-console` });
    expect(result).toMatchObject({ identifiedBy: 'page-metadata', product: { offerCount: 1, confidence: 1 } });
    expect(result.similarProducts.map((entry) => entry.title)).toEqual(expect.arrayContaining([expect.stringMatching(/Disc Edition/), expect.stringMatching(/Digital Edition/)]));
    // The shop's second page of it, whose own product the shop lists already, is no edition of the Slim either.
    const again = await searchOn(t, { url: `${origin}/ps5-console-bundle` });
    expect(present(again.product).title).not.toMatch(/Slim/);
  });

  it('joins the product its page names, answered with the matcher’s fit rather than a certainty', async () => {
    const result = await searchOn(t, { url: `${origin}/ps5-slim-digital` });
    expect(result.product).toMatchObject({ offerCount: 3, bestPriceCents: 44_999 });
    expect(present(result.product).title).toMatch(/Digital Edition/);
    expect(present(result.product).confidence).toBeGreaterThanOrEqual(matchThreshold());
    expect(present(result.product).confidence).toBeLessThan(1);
    // Pasted again, the link is the catalog's offer, in its product as surely as before.
    const again = await searchOn(t, { url: `${origin}/ps5-slim-digital` });
    expect(again).toMatchObject({ identifiedBy: 'known-offer', product: { id: present(result.product).id, confidence: present(result.product).confidence } });
  });

  it('scores a page against its product’s other offers one by one where the ranking does not reach them, and not at all where it began the product', async () => {
    const digital = await searchOn(t, { url: `${origin}/ps5-slim-digital` });
    const item = { title: 'PlayStation 5 Slim Console Digital Edition', brand: 'Sony', priceCents: 44_999, currency: 'USD' };
    const fit = await t.app.catalog.matcher.fitAsync(item, present(digital.product).id, present(digital.source.offerId));
    expect(fit).toBeGreaterThanOrEqual(matchThreshold());
    expect(fit).toBeLessThan(1);
    const lone = await searchOn(t, { url: `${origin}/ps5-console` });
    expect(await t.app.catalog.matcher.fitAsync({ title: 'PlayStation®5 Console', brand: 'Sony' }, present(lone.product).id, present(lone.source.offerId))).toBeNull();
  });
});
