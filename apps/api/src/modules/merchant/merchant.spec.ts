import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startDnsServer, type DnsFixture } from '../../testing/dns-server';
import { registerBusiness, verifyStoreDomain } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { rows, run, value, values } from '../../testing/db';

// Password hashing (scrypt) is deliberately slow; on a busy machine a test with several logins takes seconds.
jest.setTimeout(60_000);

const PASSWORD = 'correct-horse-42';

interface Merchant {
  id: string;
  cookie: string;
  domain: string;
  apiKey: string;
}


/** Registers a business and proves its store domain with the DNS record (`dns` answers for it). */
async function register(app: FastifyInstance, email: string, storeDomain: string, dns: DnsFixture): Promise<Merchant> {
  const { cookie, business } = await registerBusiness(app, email, PASSWORD, { storeDomain });
  await verifyStoreDomain(app, cookie, dns);
  const key = await app.inject({ method: 'POST', url: '/api/business/settings/api-key', headers: { origin: 'http://localhost:4300', cookie } });
  expect(key.statusCode).toBe(200);
  return { id: business.id, cookie, domain: storeDomain, apiKey: key.json().apiKey };
}

const at = (iso: string) => Date.parse(iso);

async function insertClick(app: FastifyInstance, businessId: string, iso: string, extra: { referrer?: string; target?: string; url?: string } = {}) {
  const url = extra.url ?? 'https://shop-a.example.com/products/kettle';
  await run(app, `INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, referrer, business_id) VALUES (?, ?, ?, ?, ?, 'product_suggestion', ?, ?)`, [
    randomUUID(),
    at(iso),
    url,
    extra.target ?? url,
    new URL(url).hostname,
    extra.referrer ?? null,
    businessId,
  ]);
}

async function insertReferral(
  app: FastifyInstance,
  businessId: string,
  iso: string,
  fields: { referralId?: string; product?: string; campaign?: string; source?: string; sourceUrl?: string; url?: string } = {},
) {
  const referralId = fields.referralId ?? `ref_${randomUUID()}`;
  const url = fields.url ?? 'https://shop-a.example.com/p';
  await run(
    app,
    `INSERT INTO referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url, source_url, product_name, utm_source, utm_medium, utm_campaign)
     VALUES (?, ?, ?, 'shop-a.example.com', ?, ?, ?, ?, ?, ?, 'price_comparison', ?)`,
    [randomUUID(), referralId, at(iso), businessId, url, `${url}${url.includes('?') ? '&' : '?'}ref=${referralId}`, fields.sourceUrl ?? null, fields.product ?? null, fields.source ?? 'pricehunt', fields.campaign ?? 'product_referral'],
  );
  return referralId;
}

async function convert(app: FastifyInstance, m: Merchant, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/merchant/conversions', headers: { authorization: `Bearer ${m.apiKey}` }, payload: body });
}

describe('merchant dashboard API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let a: Merchant;
  let b: Merchant;
  const get = (m: Merchant | null, url: string) => app.inject({ method: 'GET', url, headers: m ? { cookie: m.cookie } : {} });

  let dns: DnsFixture;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await buildTestApp({ DNS_SERVERS: dns.server });
    app = t.app;
    a = await register(app, 'a@example.com', 'shop-a.example.com', dns);
    b = await register(app, 'b@example.com', 'shop-b.example.com', dns);

    // Business A, March 2026 (UTC). 2026-03-10T23:30Z is the 10th in UTC and New York, the 11th in Berlin.
    await insertClick(app, a.id, '2026-03-10T12:00:00Z', { referrer: 'https://www.amazon.com/dp/B0TEST', target: 'https://shop-a.example.com/p?utm_source=pricehunt&utm_campaign=spring' });
    await insertClick(app, a.id, '2026-03-10T23:30:00Z');
    await insertClick(app, a.id, '2026-03-12T08:00:00Z');
    const r1 = await insertReferral(app, a.id, '2026-03-10T10:00:00Z', { referralId: 'ref_kettle', product: 'Kettle', campaign: 'spring', sourceUrl: 'https://www.walmart.com/ip/1' });
    await insertReferral(app, a.id, '2026-03-10T23:45:00Z', { product: 'Toaster', campaign: 'spring' });
    await insertReferral(app, a.id, '2026-03-11T09:00:00Z', { product: 'Kettle', campaign: 'summer' });
    const old = await insertReferral(app, a.id, '2026-01-20T09:00:00Z', { referralId: 'ref_old', product: 'Toaster' });
    // Previous period (2026-03-03..2026-03-09 for a 7-day range 03-10..03-16): one click, two referrals.
    await insertClick(app, a.id, '2026-03-05T12:00:00Z');
    await insertReferral(app, a.id, '2026-03-05T12:00:00Z', { referralId: 'ref_prev', product: 'Kettle' });
    await insertReferral(app, a.id, '2026-03-06T12:00:00Z', { product: 'Kettle' });
    // Business B has its own figures that A must never see.
    await insertClick(app, b.id, '2026-03-10T12:00:00Z', { url: 'https://shop-b.example.com/x' });
    await insertReferral(app, b.id, '2026-03-10T12:00:00Z', { referralId: 'ref_b' });

    expect((await convert(app, a, { orderId: '1001', value: 49.99, currency: 'USD', referralId: r1, occurredAt: '2026-03-11T12:00:00Z' })).statusCode).toBe(201);
    // Same order again: counts once.
    const dup = await convert(app, a, { orderId: '1001', value: 49.99, currency: 'USD', referralId: r1, occurredAt: '2026-03-11T12:00:00Z' });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toMatchObject({ duplicate: true, attributed: true });
    // 49 days after its referral: outside the 30-day window.
    const late = await convert(app, a, { orderId: '1002', value: 20, referralId: old, occurredAt: '2026-03-10T09:00:00Z' });
    expect(late.json()).toMatchObject({ duplicate: false, attributed: false });
    // No referral at all.
    await convert(app, a, { orderId: '1003', value: 10, occurredAt: '2026-03-12T09:00:00Z' });
    // Another business's referral id does not attribute to A.
    expect((await convert(app, a, { orderId: '1004', value: 15, referralId: 'ref_b', occurredAt: '2026-03-12T10:00:00Z' })).json().attributed).toBe(false);
    // Previous-period attributed order.
    await convert(app, a, { orderId: '0999', value: 5, referralId: 'ref_prev', occurredAt: '2026-03-05T13:00:00Z' });
    // Attributed, but in another currency: an order, not revenue in USD.
    await convert(app, a, { orderId: '1005', value: 30, currency: 'EUR', referralId: 'ref_kettle', occurredAt: '2026-03-13T10:00:00Z' });
  });

  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  describe('summary', () => {
    it('sums the period and compares it with the one before', async () => {
      const res = await get(a, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-16&tz=UTC');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.current).toEqual({ clicks: 3, referrals: 3, conversions: 2, revenueCents: 4999, conversionRate: 0.6667 });
      expect(body.previousRange).toEqual({ from: '2026-03-03', to: '2026-03-09' });
      expect(body.previous).toEqual({ clicks: 1, referrals: 2, conversions: 1, revenueCents: 500, conversionRate: 0.5 });
      expect(body.change.clicks).toBe(2);
      expect(body.change.referrals).toBe(0.5);
      expect(body.change.revenueCents).toBe(8.998);
      expect(body.trend).toHaveLength(7);
      expect(body.trend[0]).toMatchObject({ period: '2026-03-10', clicks: 2, referrals: 2 });
      expect(body.trend[1]).toMatchObject({ period: '2026-03-11', referrals: 1, conversions: 1, revenueCents: 4999 });
    });

    it('cuts days at midnight of the requested time zone', async () => {
      const berlin = (await get(a, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-10&tz=Europe/Berlin')).json();
      // In Berlin the 23:30Z click and the 23:45Z referral are on the 11th.
      expect(berlin.current).toMatchObject({ clicks: 1, referrals: 1 });
      const utc = (await get(a, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-10&tz=UTC')).json();
      expect(utc.current).toMatchObject({ clicks: 2, referrals: 2 });
      const newYork = (await get(a, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-10&tz=America/New_York')).json();
      // New York is UTC-4 after 8 March 2026: 10:00Z referral (06:00), 12:00Z and 23:30Z clicks, 23:45Z referral all on the 10th.
      expect(newYork.current).toMatchObject({ clicks: 2, referrals: 2 });
    });

    it('answers zeros, not another business’s figures', async () => {
      const res = await get(b, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-16&tz=UTC');
      expect(res.json().current).toEqual({ clicks: 1, referrals: 1, conversions: 0, revenueCents: 0, conversionRate: 0 });
    });

    it('refuses bad ranges, naming the field', async () => {
      const reversed = await get(a, '/api/business/dashboard/summary?from=2026-03-16&to=2026-03-10');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ success: false, field: 'from' });
      const zone = await get(a, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-16&tz=Mars/Olympus');
      expect(zone.statusCode).toBe(400);
      expect(zone.json().field).toBe('tz');
      const date = await get(a, '/api/business/dashboard/summary?from=2026-02-30&to=2026-03-16');
      expect(date.statusCode).toBe(400);
      expect(date.json().field).toBe('from');
      const missing = await get(a, '/api/business/dashboard/summary');
      expect(missing.statusCode).toBe(400);
      const long = await get(a, '/api/business/dashboard/summary?from=2020-01-01&to=2026-01-01');
      expect(long.statusCode).toBe(400);
      expect(long.json().field).toBe('to');
    });

    it('needs a signed-in business', async () => {
      const res = await get(null, '/api/business/dashboard/summary?from=2026-03-10&to=2026-03-16');
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    });
  });

  describe('analytics', () => {
    it('groups by week and breaks down by product', async () => {
      const res = await get(a, '/api/business/analytics?from=2026-03-01&to=2026-03-16&tz=UTC&interval=week&dimension=product');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // Weeks start on Monday: 2026-03-01 is a Sunday (week of 02-23, clipped), then 03-02, 03-09, 03-16.
      expect(body.series.map((p: { period: string }) => p.period)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16']);
      expect(body.series[2]).toMatchObject({ clicks: 3, referrals: 3, conversions: 2, revenueCents: 4999 });
      expect(body.series[1]).toMatchObject({ clicks: 1, referrals: 2, conversions: 1, revenueCents: 500 });
      expect(body.totals).toMatchObject({ clicks: 4, referrals: 5, conversions: 3, revenueCents: 5499 });
      const kettle = body.breakdown.find((r: { key: string }) => r.key === 'Kettle');
      expect(kettle).toMatchObject({ referrals: 4, conversions: 3, revenueCents: 5499 });
      expect(body.breakdown.find((r: { key: string }) => r.key === 'Toaster')).toMatchObject({ referrals: 1, conversions: 0 });
    });

    it('breaks down by campaign, source and the retailer where the click started', async () => {
      const campaign = (await get(a, '/api/business/analytics?from=2026-03-10&to=2026-03-16&dimension=utm_campaign')).json();
      expect(campaign.breakdown.find((r: { key: string }) => r.key === 'spring')).toMatchObject({ clicks: 1, referrals: 2, conversions: 2, revenueCents: 4999 });
      expect(campaign.breakdown.find((r: { key: string }) => r.key === 'summer')).toMatchObject({ referrals: 1 });
      const retailer = (await get(a, '/api/business/analytics?from=2026-03-10&to=2026-03-16&dimension=retailer')).json();
      expect(retailer.breakdown.find((r: { key: string }) => r.key === 'amazon.com')).toMatchObject({ clicks: 1 });
      expect(retailer.breakdown.find((r: { key: string }) => r.key === 'walmart.com')).toMatchObject({ referrals: 1, conversions: 2 });
    });

    it('counts a click that led to a referral under that referral’s product and retailer', async () => {
      await insertReferral(app, a.id, '2026-04-02T10:00:00Z', { referralId: 'ref_apr', product: 'Blender', sourceUrl: 'https://www.bestbuy.com/site/blender/1.p' });
      await insertClick(app, a.id, '2026-04-02T10:00:01Z', { url: 'https://shop-a.example.com/blender?ref=ref_apr&utm_source=pricehunt' });
      const retailer = (await get(a, '/api/business/analytics?from=2026-04-01&to=2026-04-03&dimension=retailer')).json();
      expect(retailer.breakdown).toEqual([expect.objectContaining({ key: 'bestbuy.com', clicks: 1, referrals: 1 })]);
      const product = (await get(a, '/api/business/analytics?from=2026-04-01&to=2026-04-03&dimension=product')).json();
      expect(product.breakdown).toEqual([expect.objectContaining({ key: 'Blender', clicks: 1, referrals: 1 })]);
    });

    it('refuses an unknown dimension or interval', async () => {
      const res = await get(a, '/api/business/analytics?from=2026-03-10&to=2026-03-16&dimension=color');
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('dimension');
      expect((await get(a, '/api/business/analytics?from=2026-03-10&to=2026-03-16&interval=hour')).json().field).toBe('interval');
    });
  });

  describe('products and order lines', () => {
    let c: Merchant;
    // The store's two products in the catalog, each a listing of one product whose title is not the listing's.
    beforeAll(async () => {
      c = await register(app, 'lines@example.com', 'shop-lines.example.com', dns);
      await run(app, `INSERT INTO retailers (id, name, domains) VALUES ('shop-lines.example.com', 'Shop Lines', '["shop-lines.example.com"]')`);
      await run(app, `INSERT INTO products (id, title) VALUES (9101, 'Acme Kettle 1.7 L'), (9102, 'Acme Mug 300 ml')`);
      const offer = (id: number, externalId: string, handle: string, title: string, model: string | null, productId: number) =>
        run(
          app,
          `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, model, price_cents, currency, product_id, business_id)
           VALUES (?, 'shop-lines.example.com', ?, ?, ?, 'shop-lines.example.com', ?, ?, 100, 'USD', ?, ?)`,
          [id, externalId, `https://shop-lines.example.com/products/${handle}?variant=${externalId}`, `https://shop-lines.example.com/products/${handle}?variant=${externalId}`, title, model, productId, c.id],
        );
      await offer(9201, '4201', 'kettle', 'Acme Kettle 1.7 L - Steel', null, 9101);
      await offer(9202, '4202', 'mug', 'Acme Mug 300 ml - White', 'MUG-300', 9102);
      // A shopper searched "acme kettle stainless": the referral carries the search's title.
      await insertReferral(app, c.id, '2026-05-02T10:00:00Z', { referralId: 'ref_may', product: 'Acme Kettle 1.7 L Stainless', url: 'https://shop-lines.example.com/products/kettle?variant=4201' });
      // A click straight to the listing (no referral): it names the listing's own title.
      await insertClick(app, c.id, '2026-05-02T11:00:00Z', { url: 'https://shop-lines.example.com/products/kettle?variant=4201' });
      // One basket: the kettle and two mugs.
      const basket = await convert(app, c, {
        orderId: 'M-1',
        value: 99,
        referralId: 'ref_may',
        occurredAt: '2026-05-02T12:00:00Z',
        items: [
          { productId: '4201', name: 'Kettle', price: 59, quantity: 1 },
          { sku: 'MUG-300', name: 'Mug', price: 20, quantity: 2 },
        ],
      });
      expect(basket.statusCode).toBe(201);
      // Lines that add up to less than the order (shipping): split in proportion; one that names no product of the store keeps its name.
      await convert(app, c, {
        orderId: 'M-2',
        value: 25,
        referralId: 'ref_may',
        occurredAt: '2026-05-03T12:00:00Z',
        items: [
          { url: 'https://shop-lines.example.com/products/mug', price: 10 },
          { url: 'https://shop-lines.example.com/products/gift-card', name: 'Gift card', price: 10 },
        ],
      });
    });

    it('keeps one row per catalog product and splits a basket by line', async () => {
      const body = (await get(c, '/api/business/analytics?from=2026-05-01&to=2026-05-03&tz=UTC&dimension=product')).json();
      expect(body.totals).toMatchObject({ clicks: 1, referrals: 1, conversions: 2, revenueCents: 12_400 });
      expect(body.breakdown).toEqual([
        expect.objectContaining({ key: 'Acme Kettle 1.7 L', clicks: 1, referrals: 1, conversions: 2, revenueCents: 5_900 }),
        expect.objectContaining({ key: 'Acme Mug 300 ml', clicks: 0, referrals: 0, conversions: 0, revenueCents: 4_000 + 1_250 }),
        expect.objectContaining({ key: 'Gift card', conversions: 0, revenueCents: 1_250 }),
      ]);
      const attribution = (await get(c, '/api/business/attribution?from=2026-05-01&to=2026-05-03&tz=UTC')).json();
      expect(attribution.byProduct).toEqual([
        { key: 'Acme Kettle 1.7 L', orders: 2, revenueCents: 5_900 },
        { key: 'Acme Mug 300 ml', orders: 0, revenueCents: 5_250 },
        { key: 'Gift card', orders: 0, revenueCents: 1_250 },
      ]);
      expect(attribution.orders.map((o: { productName: string }) => o.productName)).toEqual(['Acme Kettle 1.7 L', 'Acme Kettle 1.7 L']);
      // By campaign, an order is one whole (the straight click has no campaign).
      const campaign = (await get(c, '/api/business/analytics?from=2026-05-01&to=2026-05-03&tz=UTC&dimension=utm_campaign')).json();
      expect(campaign.breakdown).toEqual([
        expect.objectContaining({ key: 'product_referral', conversions: 2, revenueCents: 12_400 }),
        expect.objectContaining({ key: '(none)', clicks: 1, conversions: 0, revenueCents: 0 }),
      ]);
    });

    it('keeps an order’s lines, from the conversions API and from a purchase event, and names a bad line’s field', async () => {
      const lines = await value<string | object>(app, `SELECT lines FROM conversions WHERE business_id = ? AND order_id = 'M-1'`, [c.id]);
      expect(typeof lines === 'string' ? JSON.parse(lines) : lines).toEqual([
        { productId: '4201', sku: null, url: null, name: 'Kettle', priceCents: 5900, quantity: 1 },
        { productId: null, sku: 'MUG-300', url: null, name: 'Mug', priceCents: 2000, quantity: 2 },
      ]);
      const purchase = {
        eventType: 'purchase',
        businessDomain: 'shop-lines.example.com',
        eventData: { orderId: 'M-3', value: 59, currency: 'USD', items: [{ productId: 4201, name: 'Kettle', price: 59 }] },
      };
      expect((await app.inject({ method: 'POST', url: '/api/track-event', payload: purchase })).statusCode).toBe(201);
      const stored = await value<string | object>(app, `SELECT lines FROM conversions WHERE business_id = ? AND order_id = 'M-3'`, [c.id]);
      expect(typeof stored === 'string' ? JSON.parse(stored) : stored).toEqual([{ productId: '4201', sku: null, url: null, name: 'Kettle', priceCents: 5900, quantity: 1 }]);

      const bad = await app.inject({ method: 'POST', url: '/api/track-event', payload: { ...purchase, eventData: { ...purchase.eventData, orderId: 'M-4', items: [{ productId: 1, price: -1 }] } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('eventData.items.0.price');
      const nameless = await convert(app, c, { orderId: 'M-5', value: 5, items: [{ name: 'Something', price: 5 }] });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json().field).toBe('items.0.productId');
      // Other eventData keys still hold scalars only.
      const nested = await app.inject({ method: 'POST', url: '/api/track-event', payload: { eventType: 'page_view', eventData: { other: [{ a: 1 }] } } });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().field).toBe('eventData.other');
    });
  });

  describe('attribution', () => {
    it('joins orders to the last referral inside the window', async () => {
      const body = (await get(a, '/api/business/attribution?from=2026-03-10&to=2026-03-16&tz=UTC')).json();
      expect(body.windowDays).toBe(30);
      expect(body.reportedOrders).toBe(5);
      expect(body.attributedOrders).toBe(2);
      expect(body.attributedRevenueCents).toBe(4999);
      expect(body.byProduct).toEqual([{ key: 'Kettle', orders: 2, revenueCents: 4999 }]);
      expect(body.byCampaign).toEqual([{ key: 'spring', orders: 2, revenueCents: 4999 }]);
      expect(body.byDay).toEqual([
        { key: '2026-03-11', orders: 1, revenueCents: 4999 },
        { key: '2026-03-13', orders: 1, revenueCents: 0 },
      ]);
      expect(body.orders.map((o: { orderId: string }) => o.orderId)).toEqual(['1005', '1001']);
    });

    it('follows the attribution window of the settings', async () => {
      const patch = await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { attributionWindowDays: 60 } });
      expect(patch.statusCode).toBe(200);
      const body = (await get(a, '/api/business/attribution?from=2026-03-10&to=2026-03-16')).json();
      expect(body.attributedOrders).toBe(3);
      expect(body.attributedRevenueCents).toBe(6999);
      await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { attributionWindowDays: 30 } });
    });
  });

  describe('activity', () => {
    it('lists only the business’s own stream, newest first, with filters and pages', async () => {
      const all = (await get(a, '/api/business/activity?pageSize=5')).json();
      expect(all.total).toBe(5 + 7 + 6);
      expect(all.items).toHaveLength(5);
      expect(all.items[0].at >= all.items[1].at).toBe(true);
      const page4 = (await get(a, '/api/business/activity?pageSize=5&page=4')).json();
      expect(page4.items).toHaveLength(3);
      const conversions = (await get(a, '/api/business/activity?type=conversion')).json();
      expect(conversions.total).toBe(6);
      const search = (await get(a, '/api/business/activity?q=ref_kettle')).json();
      expect(search.items.every((i: { referralId: string | null }) => i.referralId === 'ref_kettle')).toBe(true);
      expect(search.total).toBe(3);
      const other = (await get(b, '/api/business/activity')).json();
      expect(other.total).toBe(2);
      expect((await get(a, '/api/business/activity?page=0')).json().field).toBe('page');
      expect((await get(a, '/api/business/activity?type=spam')).statusCode).toBe(400);
    });
  });

  describe('conversions webhook', () => {
    it('needs the business’s API key', async () => {
      const none = await app.inject({ method: 'POST', url: '/api/merchant/conversions', payload: { orderId: 'x', value: 1 } });
      expect(none.statusCode).toBe(401);
      const wrong = await app.inject({ method: 'POST', url: '/api/merchant/conversions', headers: { authorization: 'Bearer phk_nope' }, payload: { orderId: 'x', value: 1 } });
      expect(wrong.statusCode).toBe(401);
    });

    it('names the bad field', async () => {
      const res = await convert(app, a, { orderId: '', value: -1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('orderId');
      expect((await convert(app, a, { orderId: 'x', value: 'ten' })).json().field).toBe('value');
      expect((await convert(app, a, { orderId: 'x', value: 1, currency: 'dollars' })).json().field).toBe('currency');
    });

    it('stops accepting a rotated key', async () => {
      const old = b.apiKey;
      const rotated = await app.inject({ method: 'POST', url: '/api/business/settings/api-key', headers: { origin: 'http://localhost:4300', cookie: b.cookie } });
      b.apiKey = rotated.json().apiKey;
      expect(b.apiKey).not.toBe(old);
      const res = await app.inject({ method: 'POST', url: '/api/merchant/conversions', headers: { authorization: `Bearer ${old}` }, payload: { orderId: 'x', value: 1 } });
      expect(res.statusCode).toBe(401);
      expect((await convert(app, b, { orderId: 'b-1', value: 1 })).statusCode).toBe(201);
      const settings = (await get(b, '/api/business/settings')).json();
      expect(settings.apiKeyPrefix).toBe(b.apiKey.slice(0, 10));
      expect(JSON.stringify(settings)).not.toContain(b.apiKey);
    });
  });

  describe('settings', () => {
    it('validates and stores settings', async () => {
      const bad = await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { attributionWindowDays: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('attributionWindowDays');
      const currency = await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { currency: 'usd1' } });
      expect(currency.json().field).toBe('currency');
      const taken = await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { storeDomain: 'shop-b.example.com' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().field).toBe('storeDomain');
      const ok = await app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { storeName: 'Shop A', timeZone: 'Europe/Berlin' } });
      expect(ok.json()).toMatchObject({ storeName: 'Shop A', timeZone: 'Europe/Berlin', currency: 'USD', storeDomain: 'shop-a.example.com' });
    });

    it('changes the password only with the current one', async () => {
      const wrong = await app.inject({ method: 'POST', url: '/api/business/settings/password', headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: { currentPassword: 'nope', newPassword: 'another-pass-77' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().field).toBe('currentPassword');
      const weak = await app.inject({ method: 'POST', url: '/api/business/settings/password', headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: { currentPassword: PASSWORD, newPassword: 'short' } });
      expect(weak.json().field).toBe('newPassword');
      for (const [newPassword, error] of [
        ['password1234', 'This password is among the most commonly used passwords; choose another'],
        ['B@Example.com', 'The password must not be your email address'],
        ['          1a', 'The password repeats one character too much; choose another'],
      ]) {
        const refused = await app.inject({ method: 'POST', url: '/api/business/settings/password', headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: { currentPassword: PASSWORD, newPassword } });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().field).toBe('newPassword');
        expect(refused.json().error).toContain(error);
      }
      const ok = await app.inject({ method: 'POST', url: '/api/business/settings/password', headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: { currentPassword: PASSWORD, newPassword: 'another-pass-77' } });
      expect(ok.statusCode).toBe(200);
      const login = await app.inject({ method: 'POST', url: '/api/business/auth/login', headers: { origin: 'http://localhost:4300' }, payload: { email: 'b@example.com', password: 'another-pass-77' } });
      expect(login.statusCode).toBe(200);
    });
  });


  describe('purchases reported by the tracking script', () => {
    it('become conversions once per order id, attributed through the stored referral', async () => {
      await insertReferral(app, a.id, new Date(Date.now() - 3_600_000).toISOString(), { referralId: 'ref_live', product: 'Grinder', campaign: 'product_referral' });
      const purchase = {
        eventType: 'purchase',
        businessDomain: 'www.shop-a.example.com',
        eventData: { orderId: 'T-1', value: 12.5, currency: 'USD', referralId: 'ref_live', sessionId: 's-1', url: 'https://shop-a.example.com/thanks' },
      };
      const first = await app.inject({ method: 'POST', url: '/api/track-event', headers: { origin: 'https://shop-a.example.com' }, payload: purchase });
      expect(first.statusCode).toBe(201);
      const again = await app.inject({ method: 'POST', url: '/api/track-event', payload: purchase });
      expect(again.statusCode).toBe(201);
      const stored = await rows<{ value_cents: number; source: string; referral_id: string }>(app, `SELECT * FROM conversions WHERE business_id = ? AND order_id = 'T-1'`, [a.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ value_cents: 1250, source: 'script', referral_id: 'ref_live' });
      const today = new Date().toISOString().slice(0, 10);
      const body = (await get(a, `/api/business/attribution?from=${today}&to=${today}`)).json();
      expect(body.orders.find((o: { orderId: string }) => o.orderId === 'T-1')).toMatchObject({ valueCents: 1250, productName: 'Grinder' });
      // A purchase for a domain no business owns is stored as an event but is nobody's conversion.
      await app.inject({ method: 'POST', url: '/api/track-event', payload: { ...purchase, businessDomain: 'unknown.example' } });
      expect(await value(app, `SELECT count(*) AS n FROM conversions WHERE order_id = 'T-1'`)).toBe(1);
    });
  });

  describe('products', () => {
    const feed = (rows: string[]) => ['id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition', ...rows].join('\n');
    const upload = (m: Merchant, text: string) =>
      app.inject({ method: 'POST', url: '/api/business/products/feed?format=tsv', headers: { origin: 'http://localhost:4300', cookie: m.cookie, 'content-type': 'text/tab-separated-values' }, payload: text });

    it('imports a Merchant Center feed with a per-row report and ranks prices against other retailers', async () => {
      const mine = await upload(a, feed([
        'A-1\tAcme Kettle Pro 1.7L\thttps://shop-a.example.com/kettle\t59.00 USD\tin stock\tAcme\t008400123459\tnew',
        'A-2\tNo price here\thttps://shop-a.example.com/nothing\t\tin stock\tAcme\t\tnew',
      ]));
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ rows: 2, inserted: 1, skipped: 1 });
      expect(mine.json().errors[0]).toMatchObject({ line: 3 });
      expect(mine.json()).toMatchObject({ warningCount: 0, warnings: [] });
      const theirs = await upload(b, feed(['B-1\tAcme Kettle Pro 1.7L Stainless\thttps://shop-b.example.com/kettle\t54.00 USD\tin stock\tAcme\t008400123459\tnew']));
      expect(theirs.json().inserted).toBe(1);

      const list = (await get(a, '/api/business/products?sort=price')).json();
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({ externalId: 'A-1', priceCents: 5900, priceRank: 2, competitorCount: 1, bestCompetitorPriceCents: 5400 });
      // Shipping counts, as on the comparison: with $7.00 shipping the other kettle costs more than this one.
      await run(app, "UPDATE offers SET shipping_cents = 700 WHERE external_id = 'B-1'");
      expect((await get(a, '/api/business/products')).json().items[0]).toMatchObject({ priceRank: 1, bestCompetitorPriceCents: 6100 });
      await run(app, "UPDATE offers SET shipping_cents = NULL WHERE external_id = 'B-1'");

      const cheaper = await app.inject({ method: 'PATCH', url: `/api/business/products/${list.items[0].id}`, headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { priceCents: 5000, availability: 'out_of_stock' } });
      expect(cheaper.statusCode).toBe(200);
      expect(cheaper.json()).toMatchObject({ priceCents: 5000, availability: 'out_of_stock', priceRank: 1 });
      const history = await values(app, 'SELECT price_cents FROM price_points WHERE offer_id = ? ORDER BY id', [list.items[0].id]);
      expect(history).toEqual([5900, 5000]);
      expect((await get(a, '/api/business/products?q=kettle')).json().total).toBe(1);
      expect((await get(a, '/api/business/products?q=toaster')).json().total).toBe(0);
    });

    it('answers 404 for another business’s product and names bad fields', async () => {
      const theirs = (await get(b, '/api/business/products')).json().items[0];
      const res = await app.inject({ method: 'PATCH', url: `/api/business/products/${theirs.id}`, headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { priceCents: 1 } });
      expect(res.statusCode).toBe(404);
      expect((await get(b, '/api/business/products')).json().items[0].priceCents).toBe(5400);
      const negative = await app.inject({ method: 'PATCH', url: `/api/business/products/${theirs.id}`, headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: { priceCents: -5 } });
      expect(negative.json().field).toBe('priceCents');
      const empty = await app.inject({ method: 'PATCH', url: `/api/business/products/${theirs.id}`, headers: { origin: 'http://localhost:4300', cookie: b.cookie }, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect((await get(a, '/api/business/products?sort=cheapest')).json().field).toBe('sort');
      const blank = await upload(a, '   ');
      expect(blank.json().field).toBe('file');
    });

    it('imports a row whose GTIN is none, leaving the value out with a warning naming its line and field', async () => {
      const res = await upload(a, feed(['W-1\tAcme Grinder\thttps://shop-a.example.com/grinder\t39.00 USD\tin stock\tAcme\tGR-200\tnew']));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        rows: 1,
        inserted: 1,
        skipped: 0,
        errorCount: 0,
        warningCount: 1,
        warnings: [{ line: 2, field: 'gtin', reason: '"GR-200" left out: must contain digits only' }],
      });
    });
  });

  describe('integration', () => {
    it('gives each business its own verification token and refuses another business’s sync', async () => {
      const mine = (await get(a, '/api/business/integration')).json();
      const theirs = (await get(b, '/api/business/integration')).json();
      expect(mine.verificationToken).not.toBe(theirs.verificationToken);
      expect(mine.metaTag).toBe(`<meta name="pricehunt-verification" content="${mine.verificationToken}">`);
      expect(mine.scriptTag).toContain(`data-site="${mine.verificationToken}"`);
      expect(mine.verified).toBe(true);
      await run(app, `INSERT INTO store_syncs (id, business_id, store_domain, status, started_at) VALUES ('sync-b', ?, 'shop-b.example.com', 'succeeded', 1)`, [b.id]);
      expect((await get(b, '/api/business/integration/syncs/sync-b')).statusCode).toBe(200);
      expect((await get(a, '/api/business/integration/syncs/sync-b')).statusCode).toBe(404);
      const bad = await app.inject({ method: 'PUT', url: '/api/business/integration/domain', headers: { origin: 'http://localhost:4300', cookie: a.cookie }, payload: { storeDomain: 'not a domain' } });
      expect(bad.json().field).toBe('storeDomain');
    });

    it('refuses cross-site writes to the dashboard', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/business/settings/api-key', headers: { cookie: a.cookie, origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('tracking script', () => {
    it('is served as cacheable JavaScript and revalidates by ETag', async () => {
      const res = await app.inject({ method: 'GET', url: '/t.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toContain('max-age=3600');
      expect(res.body).toContain('/api/track-event');
      expect(res.body.length).toBeLessThan(6000);
      const again = await app.inject({ method: 'GET', url: '/t.js', headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('deleting an account', () => {
    it('needs the password and DELETE, then removes the business and its data', async () => {
      const c = await register(app, 'c@example.com', 'shop-c.example.com', dns);
      await insertClick(app, c.id, '2026-03-10T12:00:00Z', { url: 'https://shop-c.example.com/x' });
      await insertReferral(app, c.id, '2026-03-10T12:00:00Z', { referralId: 'ref_c' });
      await convert(app, c, { orderId: 'c-1', value: 1, referralId: 'ref_c' });
      const unconfirmed = await app.inject({ method: 'DELETE', url: '/api/business/account', headers: { origin: 'http://localhost:4300', cookie: c.cookie }, payload: { password: PASSWORD, confirm: 'yes' } });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().field).toBe('confirm');
      const wrong = await app.inject({ method: 'DELETE', url: '/api/business/account', headers: { origin: 'http://localhost:4300', cookie: c.cookie }, payload: { password: 'nope', confirm: 'DELETE' } });
      expect(wrong.json().field).toBe('password');
      const ok = await app.inject({ method: 'DELETE', url: '/api/business/account', headers: { origin: 'http://localhost:4300', cookie: c.cookie }, payload: { password: PASSWORD, confirm: 'DELETE' } });
      expect(ok.statusCode).toBe(200);
      const count = (table: string) => value<number>(app, `SELECT count(*) AS n FROM ${table} WHERE business_id = ?`, [c.id]);
      expect([await count('clicks'), await count('referrals'), await count('conversions'), await count('merchant_settings')]).toEqual([0, 0, 0, 0]);
      expect((await get(c, '/api/business/settings')).statusCode).toBe(401);
      expect((await convert(app, c, { orderId: 'c-2', value: 1 })).statusCode).toBe(401);
    });
  });
});
