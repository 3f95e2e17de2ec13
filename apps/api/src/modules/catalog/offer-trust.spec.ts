import { startDnsServer, type DnsFixture } from '../../testing/dns-server';
import { APP_ORIGIN, call, cookieFrom, registerBusiness, STRONG_PASSWORD, verifyStoreDomain } from '../../testing/http';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { rows, value } from '../../testing/db';
import { present } from '@pricehunt/contracts';

jest.setTimeout(60_000);

const GTIN = '0195949036163';
const RETAILERS = [
  { id: 'amazon', url: 'https://www.amazon.com/dp/B0CHX1W1XY', price: 79_900 },
  { id: 'walmart', url: 'https://www.walmart.com/ip/Apple-iPhone-15/5113183757', price: 72_900 },
  { id: 'bestbuy', url: 'https://www.bestbuy.com/site/apple-iphone-15/6525410.p?skuId=6525410', price: 71_699 },
];
const ADMIN_ORIGIN = 'http://localhost:4400';

interface SearchOfferBody {
  retailer: { id: string; name: string };
  totalCents: number;
  isBestPrice: boolean;
  url: string;
}

/**
 * Only trusted offers compete: a merchant's offers reach shoppers only while its store domain is verified and the
 * business active, and an offer far below the others of its product waits for an admin's review.
 */
describe('offers shoppers see', () => {
  let t: TestApp;
  let dns: DnsFixture;
  let productId: number;
  let adminCookie: string;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await buildTestApp({ DNS_SERVERS: dns.server });
    await t.app.catalog.ingestion.importOffers(
      RETAILERS.map((r) => feedOffer({ externalId: `${r.id}-1`, retailer: r.id, url: r.url, title: 'Apple iPhone 15 128GB Black', brand: 'Apple', gtin: GTIN, priceCents: r.price })),
      { format: 'gmc', source: 'retailer feeds' },
    );
    productId = await value<number>(t.app, "SELECT product_id FROM offers WHERE external_id = 'amazon-1'");
    await t.app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    adminCookie = present(cookieFrom(await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: ADMIN_ORIGIN })));
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const product = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<{ product: { bestPriceCents: number; offerCount: number }; offers: SearchOfferBody[] }>();
  const searchByUrl = async (url: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: crypto.randomUUID(), url } })).json<{ product: { bestPriceCents: number } | null; offers: SearchOfferBody[] }>();
  const upload = (cookie: string, rows: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/business/products/feed?format=tsv',
      headers: { cookie, origin: APP_ORIGIN, 'content-type': 'text/tab-separated-values' },
      payload: ['id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition', ...rows].join('\n'),
    });
  const adminCall = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie: adminCookie, origin: ADMIN_ORIGIN } });

  it("keeps an unverified business's offer out of the comparison: a claimed bestbuy.com at $99 is no best price", async () => {
    const fake = await registerBusiness(t.app, 'deals@fake-bestbuy.example', undefined, { storeDomain: 'bestbuy.com' });
    const res = await upload(fake.cookie, [`FAKE-1\tApple iPhone 15 128GB Black\thttps://www.bestbuy.com/site/iphone-15-deal\t99.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect(res.json()).toMatchObject({ inserted: 1 });
    const shown = await product();
    expect(shown.product).toMatchObject({ bestPriceCents: 71_699, offerCount: 3 });
    expect(shown.offers.map((o) => o.totalCents)).not.toContain(9900);
    const answer = await searchByUrl(present(RETAILERS[0]).url);
    expect(answer.product?.bestPriceCents).toBe(71_699);
    expect(answer.offers.find((o) => o.isBestPrice)?.retailer.id).toBe('bestbuy');
    expect(answer.offers.map((o) => o.totalCents)).not.toContain(9900);
    // The merchant sees why: its offer waits for the store to be verified.
    const mine = (await call(t.app, 'GET', '/api/business/products', { cookie: fake.cookie })).json();
    expect(mine.items[0]).toMatchObject({ externalId: 'FAKE-1', held: 'store', priceRank: null });
    expect((await call(t.app, 'GET', '/api/business/integration', { cookie: fake.cookie })).json()).toMatchObject({ verified: false, hiddenOffers: 1 });
  });

  it("shows a verified store's offer under the shop's name, and hides it at once when the business is suspended", async () => {
    const shop = await registerBusiness(t.app, 'owner@phone-corner.example', undefined, { storeDomain: 'phone-corner.example' });
    const res = await upload(shop.cookie, [`PC-1\tApple iPhone 15 128GB Black\thttps://phone-corner.example/iphone-15\t699.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect(res.json()).toMatchObject({ inserted: 1 });
    expect((await product()).product.bestPriceCents).toBe(71_699);

    await verifyStoreDomain(t.app, shop.cookie, dns);
    let shown = await product();
    expect(shown.product).toMatchObject({ bestPriceCents: 69_900, offerCount: 4 });
    const offer = shown.offers.find((o) => o.url === 'https://phone-corner.example/iphone-15');
    expect(offer).toMatchObject({ retailer: { name: 'Phone Corner' } });

    const suspend = await adminCall('POST', `/api/admin/businesses/${shop.business.id}/suspend`);
    expect(suspend.statusCode).toBe(200);
    shown = await product();
    expect(shown.product).toMatchObject({ bestPriceCents: 71_699, offerCount: 3 });
    expect(shown.offers.map((o) => o.url)).not.toContain('https://phone-corner.example/iphone-15');
    expect((await t.app.inject({ method: 'GET', url: '/api/redirect', query: { to: 'https://phone-corner.example/iphone-15' } })).statusCode).toBe(400);

    expect((await adminCall('POST', `/api/admin/businesses/${shop.business.id}/reactivate`)).statusCode).toBe(200);
    expect((await product()).product.bestPriceCents).toBe(69_900);

    // Renamed in Settings, the shop's offers carry the new name (suspension ended its sessions: it signs in again).
    const login = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'owner@phone-corner.example', password: STRONG_PASSWORD } });
    const renamed = await call(t.app, 'PATCH', '/api/business/settings', { cookie: cookieFrom(login), body: { storeName: 'The Phone Corner' } });
    expect(renamed.json()).toMatchObject({ storeName: 'The Phone Corner' });
    expect((await product()).offers.find((o) => o.url === 'https://phone-corner.example/iphone-15')?.retailer.name).toBe('The Phone Corner');
  });

  it('holds an offer priced under a third of the others for review, lists it for admins, and shows it once approved', async () => {
    const shop = await registerBusiness(t.app, 'owner@cheap-phones.example', undefined, { storeDomain: 'cheap-phones.example', storeName: 'Cheap Phones' });
    await verifyStoreDomain(t.app, shop.cookie, dns);
    const res = await upload(shop.cookie, [`CP-1\tApple iPhone 15 128GB Black\thttps://cheap-phones.example/iphone-15\t99.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect(res.json()).toMatchObject({ inserted: 1 });
    const shown = await product();
    expect(shown.product.bestPriceCents).toBe(69_900);
    expect(shown.offers.map((o) => o.totalCents)).not.toContain(9900);

    const reviews = (await adminCall('GET', '/api/admin/price-reviews')).json();
    expect(reviews.total).toBe(1);
    expect(reviews.items[0]).toMatchObject({
      offer: { externalId: 'CP-1', priceCents: 9900, held: 'price', retailer: { name: 'Cheap Phones' } },
      product: { id: productId },
      othersCount: 4,
      othersMedianCents: 72_300,
    });
    const offerId = reviews.items[0].offer.id as number;

    // Another import at the same price keeps it held; an admin's approval shows it, as the best price.
    await upload(shop.cookie, [`CP-1\tApple iPhone 15 128GB Black\thttps://cheap-phones.example/iphone-15\t99.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect((await product()).product.bestPriceCents).toBe(69_900);
    const approved = await adminCall('POST', `/api/admin/price-reviews/${offerId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await product()).product.bestPriceCents).toBe(9900);
    expect((await adminCall('GET', '/api/admin/price-reviews')).json().total).toBe(0);
    expect((await adminCall('POST', `/api/admin/price-reviews/${offerId}/approve`)).statusCode).toBe(409);
    const audit = (await adminCall('GET', '/api/admin/audit')).json();
    expect(audit.items[0]).toMatchObject({ action: 'catalog.approve_price' });

    // Dropping further below the approved price is held again.
    await upload(shop.cookie, [`CP-1\tApple iPhone 15 128GB Black\thttps://cheap-phones.example/iphone-15\t49.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect((await product()).product.bestPriceCents).toBe(69_900);
  });

  it('holds an outlier on the bulk import path too', async () => {
    const gtin = '0194253401070';
    const prices = [129_900, 124_900, 119_900, 29_900];
    await t.app.catalog.ingestion.importOffers(
      prices.map((price, i) =>
        feedOffer({ externalId: `bulk-${i}`, retailer: present(['amazon', 'walmart', 'bestbuy', 'target'][i]), url: `https://www.example-${i}.com/p/${i}`, title: 'Apple MacBook Air 13 M3 256GB Midnight', brand: 'Apple', gtin, priceCents: price }),
      ),
      { format: 'gmc', source: 'bulk feed', bulk: true },
    );
    const held = await rows(t.app, "SELECT external_id AS id, held FROM offers WHERE external_id LIKE 'bulk-%' ORDER BY external_id");
    expect(held).toEqual([
      { id: 'bulk-0', held: null },
      { id: 'bulk-1', held: null },
      { id: 'bulk-2', held: null },
      { id: 'bulk-3', held: 'price' },
    ]);
    const productOf = await value<number>(t.app, "SELECT product_id FROM offers WHERE external_id = 'bulk-0'");
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${productOf}` })).json().product.bestPriceCents).toBe(119_900);
  });

  it("flags in the admin's match review a product whose offers are more than 2x apart or that a retailer lists twice", async () => {
    // A feed's item group puts two monitors and a second offer of one retailer into one product.
    const monitors = [
      { externalId: 'grp-0', retailer: 'amazon', title: 'Asus TUF Gaming VG348QL1A 34" Gaming Monitor', priceCents: 43_999 },
      { externalId: 'grp-1', retailer: 'bestbuy', title: 'Asus TUF Gaming VG249BL1A 24-Inch Gaming Monitor', priceCents: 19_999 },
      { externalId: 'grp-2', retailer: 'amazon', title: 'ASUS VG348QL1A 34in Curved Monitor', priceCents: 41_999 },
    ];
    await t.app.catalog.ingestion.importOffers(
      monitors.map((m, i) => feedOffer({ ...m, url: `https://www.example-grp-${i}.com/p/${i}`, brand: 'Asus' })),
      { format: 'gmc', source: 'grouped feed', productGroupKey: () => 'asus-group' },
    );
    const productOf = await value<number>(t.app, "SELECT product_id FROM offers WHERE external_id = 'grp-0'");
    const res = await adminCall('GET', '/api/admin/suspect-products');
    expect(res.statusCode).toBe(200);
    const flagged = res.json().items.find((item: { product: { id: number } }) => item.product.id === productOf);
    expect(flagged).toEqual({
      product: { id: productOf, title: expect.any(String) },
      offerCount: 3,
      retailerCount: 2,
      lowestCents: 19_999,
      highestCents: 43_999,
      flags: ['price-spread', 'retailer-twice'],
    });
  });

  it('gives up a proof missing from three re-checks in a row, hiding the offers and freeing the domain', async () => {
    const shop = await registerBusiness(t.app, 'owner@sold-shop.example', undefined, { storeDomain: 'sold-shop.example', storeName: 'Sold Shop' });
    await verifyStoreDomain(t.app, shop.cookie, dns);
    await upload(shop.cookie, [`SS-1\tApple iPhone 15 128GB Black\thttps://sold-shop.example/iphone-15\t689.00 USD\tin stock\tApple\t${GTIN}\tnew`]);
    expect((await product()).offers.map((o) => o.url)).toContain('https://sold-shop.example/iphone-15');
    const recheck = () => t.app.merchant.recheckProofs(Date.now() + 1, 'http://127.0.0.1/t.js');
    // A missed check, then a found one: the count of misses starts again.
    const record = (await call(t.app, 'GET', '/api/business/integration', { cookie: shop.cookie })).json().dnsRecord;
    dns.setTxt('sold-shop.example', []);
    expect(await recheck()).toEqual([]);
    dns.setTxt('sold-shop.example', [record.value]);
    expect(await recheck()).toEqual([]);
    dns.setTxt('sold-shop.example', []);
    expect(await recheck()).toEqual([]);
    expect(await recheck()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/business/integration', { cookie: shop.cookie })).json()).toMatchObject({ verified: true, proofMisses: 2 });
    expect(await recheck()).toEqual(['sold-shop.example']);
    expect((await call(t.app, 'GET', '/api/business/integration', { cookie: shop.cookie })).json()).toMatchObject({ verified: false, hiddenOffers: 1 });
    expect((await product()).offers.map((o) => o.url)).not.toContain('https://sold-shop.example/iphone-15');
    expect((await t.app.inject({ method: 'GET', url: '/api/redirect', query: { to: 'https://sold-shop.example/iphone-15' } })).statusCode).toBe(400);
    // The domain's new owner can prove it.
    const buyer = await registerBusiness(t.app, 'owner@new-owner.example', undefined, { storeDomain: 'sold-shop.example' });
    expect(await verifyStoreDomain(t.app, buyer.cookie, dns)).toMatchObject({ verified: true, method: 'dns' });
  });
});
