import { addBusiness, conversion, ENGINES, insertClick, insertConversion, insertEvent, insertReferral, LINES, openPortEngine, T, type PortEngine } from '@pricehunt/storage/testing';
import { type AnalyticsRepository, attributionWindowMs, createPgAnalyticsRepository, createSqliteAnalyticsRepository } from '@pricehunt/storage';
import { createAnalyticsService } from './analytics-service';
import { startOfDay } from './time';

describe.each(ENGINES)('merchant analytics port on %s', (engine) => {
  let db: PortEngine;
  let analytics: AnalyticsRepository;
  const windowMs = attributionWindowMs(30);

  beforeEach(async () => {
    db = await openPortEngine(engine);
    analytics = db.engine === 'sqlite' ? createSqliteAnalyticsRepository(db.handle) : createPgAnalyticsRepository(db.handle);
    await addBusiness(db, 'b1', { domain: 'shop.example' });
    await addBusiness(db, 'b2', { domain: 'other.example' });
  });
  afterEach(async () => {
    await db.close();
  });

  // A day in New York that is not a UTC day: 2026-03-08 starts at 05:00 UTC and, with the change to summer time,
  // lasts 23 hours.
  const tz = 'America/New_York';
  const dayStart = startOfDay('2026-03-08', tz);
  const dayEnd = startOfDay('2026-03-09', tz);

  it('reads the clicks of [start, end) in a time zone, with their offer title and the product clicks among events', async () => {
    expect(dayStart).toBe(Date.UTC(2026, 2, 8, 5));
    expect(dayEnd).toBe(Date.UTC(2026, 2, 9, 4));
    await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
    const offer = 'INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency) VALUES (?, ?, ?, ?, ?, ?, ?, 100, ?)';
    // The click's URL is the canonical URL of one offer and the URL of an older one: the older is named.
    await db.query(offer, [5, 'shop', '5', 'https://shop.example/x/5', 'https://shop.example/p/in1', 'shop.example', 'Older offer', 'USD']);
    await db.query(offer, [6, 'shop', '6', 'https://shop.example/p/in1', 'https://shop.example/p/in1?v=2', 'shop.example', 'Canonical offer', 'USD']);
    await insertClick(db, 'before', 'b1', dayStart - 1);
    await insertClick(db, 'in1', 'b1', dayStart, { referrer: 'https://www.google.com/' });
    await insertClick(db, 'in2', 'b1', dayEnd - 1);
    await insertClick(db, 'after', 'b1', dayEnd);
    await insertClick(db, 'other', 'b2', dayStart + 1);
    await insertEvent(db, 'e1', 'b1', dayStart + 2, { type: 'product_click', url: 'https://shop.example/page', data: { productUrl: 'https://shop.example/p/9', product_name: 'Nine' } });
    await insertEvent(db, 'e2', 'b1', dayStart + 3, { type: 'product_click', url: 'https://shop.example/page', data: { productUrl: null, url: 'https://shop.example/p/8', productName: 'Eight' } });
    await insertEvent(db, 'e3', 'b1', dayStart + 4, { type: 'product_click', url: 'https://shop.example/page', data: {} });
    await insertEvent(db, 'e4', 'b1', dayStart + 5, { type: 'product_click', data: { productUrl: 42, product_name: true } });
    await insertEvent(db, 'e5', 'b1', dayStart + 6, { type: 'product_click' });
    await insertEvent(db, 'e6', 'b1', dayStart + 7, { type: 'page_view', data: { productUrl: 'x' } });
    await insertEvent(db, 'e7', 'b1', dayEnd, { type: 'product_click' });

    expect(await analytics.clicks('b1', dayStart, dayEnd)).toEqual([
      { t: dayStart, requestedUrl: 'https://shop.example/p/in1', targetUrl: 'https://shop.example/p/in1?utm_source=ph', referrer: 'https://www.google.com/', productTitle: 'Older offer' },
      { t: dayEnd - 1, requestedUrl: 'https://shop.example/p/in2', targetUrl: 'https://shop.example/p/in2?utm_source=ph', referrer: null, productTitle: null },
      { t: dayStart + 2, requestedUrl: 'https://shop.example/p/9', targetUrl: '', referrer: 'https://shop.example/page', productTitle: 'Nine' },
      { t: dayStart + 3, requestedUrl: 'https://shop.example/p/8', targetUrl: '', referrer: 'https://shop.example/page', productTitle: 'Eight' },
      { t: dayStart + 4, requestedUrl: 'https://shop.example/page', targetUrl: '', referrer: 'https://shop.example/page', productTitle: null },
      { t: dayStart + 5, requestedUrl: 42, targetUrl: '', referrer: null, productTitle: 1 },
      { t: dayStart + 6, requestedUrl: '', targetUrl: '', referrer: null, productTitle: null },
    ]);
  });

  it('reads the referrals of [start, end)', async () => {
    await insertReferral(db, 'r0', 'ref-0', 'b1', dayStart - 1);
    await insertReferral(db, 'r1', 'ref-1', 'b1', dayStart, { productName: 'Headphones', utmCampaign: 'spring' });
    await insertReferral(db, 'r2', 'ref-2', 'b1', dayEnd - 1);
    await insertReferral(db, 'r3', 'ref-3', 'b1', dayEnd);
    await insertReferral(db, 'r4', 'ref-4', 'b2', dayStart);
    expect(await analytics.referrals('b1', dayStart, dayEnd)).toEqual([
      { t: dayStart, referralId: 'ref-1', requestedUrl: 'https://shop.example/p/1', productName: 'Headphones', sourceUrl: 'https://blog.example/a', utmSource: 'ph', utmCampaign: 'spring' },
      { t: dayEnd - 1, referralId: 'ref-2', requestedUrl: 'https://shop.example/p/1', productName: null, sourceUrl: 'https://blog.example/a', utmSource: 'ph', utmCampaign: null },
    ]);
  });

  it("reads the conversions of [start, end), oldest first, with the business's referral inside the attribution window", async () => {
    await insertReferral(db, 'r1', 'edge', 'b1', dayStart - windowMs, { productName: 'Edge', utmCampaign: 'c1' });
    await insertReferral(db, 'r2', 'late', 'b1', dayStart + 10);
    await insertReferral(db, 'r3', 'foreign', 'b2', dayStart);
    await insertConversion(db, conversion('k-out', 'b1', 'O-0', { occurredAt: dayStart - 1 }));
    // On the window's last moment.
    await insertConversion(db, conversion('k1', 'b1', 'O-1', { occurredAt: dayStart, referralId: 'edge' }));
    // Just past it.
    await insertConversion(db, conversion('k2', 'b1', 'O-2', { occurredAt: dayStart + 1, referralId: 'edge', currency: 'EUR', valueCents: 7 }));
    // Before its referral.
    await insertConversion(db, conversion('k3', 'b1', 'O-3', { occurredAt: dayStart + 5, referralId: 'late' }));
    // Another business's referral.
    await insertConversion(db, conversion('k4', 'b1', 'O-4', { occurredAt: dayEnd - 1, referralId: 'foreign', lines: LINES }));
    // Same time: stored later comes later.
    await insertConversion(db, conversion('k0', 'b1', 'O-5', { occurredAt: dayEnd - 1, createdAt: T + 1, referralId: 'late' }));
    await insertConversion(db, conversion('k-end', 'b1', 'O-6', { occurredAt: dayEnd }));
    await insertConversion(db, conversion('k-b2', 'b2', 'O-1', { occurredAt: dayStart }));
    const unattributed = { referredAt: null, referralUrl: null, productName: null, sourceUrl: null, utmSource: null, utmCampaign: null, lines: null };
    const shop = 'https://shop.example/p/1';
    expect(await analytics.conversions('b1', dayStart, dayEnd, windowMs)).toEqual([
      { id: 'k1', t: dayStart, orderId: 'O-1', valueCents: 1000, currency: 'USD', referralId: 'edge', referredAt: dayStart - windowMs, referralUrl: shop, productName: 'Edge', sourceUrl: 'https://blog.example/a', utmSource: 'ph', utmCampaign: 'c1', lines: null },
      { id: 'k2', t: dayStart + 1, orderId: 'O-2', valueCents: 7, currency: 'EUR', referralId: 'edge', ...unattributed },
      { id: 'k3', t: dayStart + 5, orderId: 'O-3', valueCents: 1000, currency: 'USD', referralId: 'late', ...unattributed },
      { id: 'k4', t: dayEnd - 1, orderId: 'O-4', valueCents: 1000, currency: 'USD', referralId: 'foreign', ...unattributed, lines: LINES },
      { id: 'k0', t: dayEnd - 1, orderId: 'O-5', valueCents: 1000, currency: 'USD', referralId: 'late', referredAt: dayStart + 10, referralUrl: shop, productName: null, sourceUrl: 'https://blog.example/a', utmSource: 'ph', utmCampaign: null, lines: null },
    ]);
  });

  it("reads the business's offers with their products", async () => {
    await db.query(`INSERT INTO retailers (id, name, domains) VALUES ('shop.example', 'Shop', '["shop.example"]')`);
    await db.query(`INSERT INTO products (id, title) VALUES (71, 'Kettle 1.7 L')`);
    const offer = (id: number, businessId: string | null, productId: number | null, model: string | null) =>
      db.query(
        `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, model, price_cents, currency, product_id, business_id)
         VALUES (?, 'shop.example', ?, ?, ?, 'shop.example', 'Kettle - Steel', ?, 100, 'USD', ?, ?)`,
        [id, `X${id}`, `https://shop.example/p/${id}`, `https://shop.example/p/${id}?v=1`, model, productId, businessId],
      );
    await offer(2, 'b1', null, null);
    await offer(1, 'b1', 71, 'KT-17');
    await offer(3, 'b2', 71, null);
    await offer(4, null, 71, null);
    expect(await analytics.storeOffers('b1')).toEqual([
      { productId: 71, productTitle: 'Kettle 1.7 L', externalId: 'X1', url: 'https://shop.example/p/1?v=1', canonicalUrl: 'https://shop.example/p/1', model: 'KT-17' },
      { productId: null, productTitle: null, externalId: 'X2', url: 'https://shop.example/p/2?v=1', canonicalUrl: 'https://shop.example/p/2', model: null },
    ]);
  });

  it("pages the business's activity newest first, filtered by type and by words (ASCII letters in any case, wildcards as text)", async () => {
    await insertClick(db, 'c1', 'b1', T + 1);
    await insertReferral(db, 'r1', 'ref-50%', 'b1', T + 2, { productName: 'Café Crème', utmCampaign: 'Spring_Sale' });
    await insertConversion(db, conversion('k1', 'b1', 'A-1', { occurredAt: T + 3, referralId: 'ref-50%' }));
    await insertEvent(db, 'e1', 'b1', T + 4, { type: 'add_to_cart', url: 'https://shop.example/p/1', valueCents: 250, currency: 'EUR', referralId: 'ref-x' });
    await insertEvent(db, 'e2', 'b1', T + 5, { type: 'purchase' });
    // Same time as e1: the larger id first.
    await insertEvent(db, 'e3', 'b1', T + 4, { type: 'page_view' });
    await insertClick(db, 'c2', 'b2', T + 6);

    const all = await analytics.activity('b1', { limit: 10, offset: 0 });
    expect(all).toEqual({
      total: 5,
      rows: [
        { id: 'event:e3', type: 'event', name: 'page_view', t: T + 4, detail: null, url: null, valueCents: null, currency: null, referralId: null },
        { id: 'event:e1', type: 'event', name: 'add_to_cart', t: T + 4, detail: null, url: 'https://shop.example/p/1', valueCents: 250, currency: 'EUR', referralId: 'ref-x' },
        { id: 'conversion:k1', type: 'conversion', name: 'webhook', t: T + 3, detail: 'Order A-1', url: null, valueCents: 1000, currency: 'USD', referralId: 'ref-50%' },
        { id: 'referral:r1', type: 'referral', name: 'Spring_Sale', t: T + 2, detail: 'Café Crème', url: 'https://shop.example/p/1?ref=ref-50%', valueCents: null, currency: null, referralId: 'ref-50%' },
        { id: 'click:c1', type: 'click', name: 'search', t: T + 1, detail: 'shop.example', url: 'https://shop.example/p/c1', valueCents: null, currency: null, referralId: null },
      ],
    });
    expect(await analytics.activity('b1', { limit: 2, offset: 1 })).toEqual({ total: 5, rows: all.rows.slice(1, 3) });
    const ids = async (options: { type?: string; q?: string }) => {
      const page = await analytics.activity('b1', { limit: 10, offset: 0, ...options });
      return [page.total, page.rows.map((r) => r.id)];
    };
    expect(await ids({ type: 'event' })).toEqual([2, ['event:e3', 'event:e1']]);
    expect(await ids({ q: 'SPRING_sale' })).toEqual([1, ['referral:r1']]);
    expect(await ids({ q: 'g_s' })).toEqual([1, ['referral:r1']]);
    expect(await ids({ q: 'gXs' })).toEqual([0, []]);
    expect(await ids({ q: '50%' })).toEqual([2, ['conversion:k1', 'referral:r1']]);
    expect(await ids({ q: 'café' })).toEqual([1, ['referral:r1']]);
    // Only ASCII letters match in either case, as SQLite's LIKE has it.
    expect(await ids({ q: 'CAFÉ' })).toEqual([0, []]);
    expect(await ids({ q: 'CAFé' })).toEqual([1, ['referral:r1']]);
    expect(await ids({ q: 'shop.example', type: 'click' })).toEqual([1, ['click:c1']]);
  });

  it('answers when the store script last reported', async () => {
    expect(await analytics.lastScriptEventAt('b1')).toBeNull();
    await insertEvent(db, 'e1', 'b1', T, { type: 'page_view' });
    await insertEvent(db, 'e2', 'b1', T + 9, { type: 'purchase' });
    await insertEvent(db, 'e3', 'b1', T + 20, { type: 'add_to_cart' });
    await insertEvent(db, 'e4', 'b2', T + 30, { type: 'page_view' });
    expect(await analytics.lastScriptEventAt('b1')).toBe(T + 9);
  });

  it("counts each day's figures in the business's time zone, across a day boundary that is not UTC's", async () => {
    await insertReferral(db, 'r1', 'ref-1', 'b1', dayStart - 60_000);
    await insertClick(db, 'c1', 'b1', dayStart - 1);
    await insertClick(db, 'c2', 'b1', dayStart);
    await insertClick(db, 'c3', 'b1', dayEnd - 1);
    await insertClick(db, 'c4', 'b1', dayEnd);
    await insertConversion(db, conversion('k1', 'b1', 'O-1', { occurredAt: dayEnd - 1, referralId: 'ref-1', valueCents: 500 }));
    await insertConversion(db, conversion('k2', 'b1', 'O-2', { occurredAt: dayEnd, referralId: 'ref-1', valueCents: 700 }));
    const service = createAnalyticsService({ repository: analytics });
    const answer = await service.analytics(
      { businessId: 'b1', currency: 'USD', attributionWindowDays: 30 },
      { from: '2026-03-07', to: '2026-03-09', tz, interval: 'day', dimension: 'product' },
    );
    expect(answer.series.map((p) => [p.period, p.clicks, p.referrals, p.conversions, p.revenueCents])).toEqual([
      ['2026-03-07', 1, 1, 0, 0],
      ['2026-03-08', 2, 0, 1, 500],
      ['2026-03-09', 1, 0, 1, 700],
    ]);
    const attribution = await service.attribution({ businessId: 'b1', currency: 'USD', attributionWindowDays: 30 }, { from: '2026-03-08', to: '2026-03-09', tz });
    expect(attribution.byDay).toEqual([
      { key: '2026-03-08', orders: 1, revenueCents: 500 },
      { key: '2026-03-09', orders: 1, revenueCents: 700 },
    ]);
  });
});
