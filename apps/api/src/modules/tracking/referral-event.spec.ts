import { buildApp } from '../../build-app';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { buildStoreTestApp, type StoreTestApp } from '../../testing/store-app';
import { startDnsServer, type DnsFixture } from '../../testing/dns-server';
import { preflight, registerBusiness, verifyStoreDomain } from '../../testing/http';
import { anotherConnection, row, rows, run, value } from '../../testing/db';
import { present } from '@pricehunt/contracts';

const referral = (overrides: Record<string, unknown> = {}) => ({
  referralId: 'aff_acme-store.example_1790000000000_abc123',
  businessDomain: 'acme-store.example',
  targetUrl: 'https://acme-store.example/products/widget?variant=2',
  sourceUrl: 'http://localhost:4200/new-search/r1/widget',
  productName: 'Widget',
  userId: 'user-1',
  utmSource: 'pricehunt',
  utmMedium: 'price_comparison',
  utmCampaign: 'product_referral',
  ...overrides,
});

describe('POST /api/trackReferral', () => {
  let t: StoreTestApp;
  beforeAll(async () => {
    t = await buildStoreTestApp('ref@shop.example', 'acme-store.example');
  });
  afterAll(async () => t?.close());
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/trackReferral', payload: body as object, headers });
  const referrals = () => rows(t.app, 'select * from referrals order by created_at, id');

  it('stores the referral and answers the target with ref and the UTM values', async () => {
    const res = await post(referral(), { origin: 'https://acme-store.example', 'user-agent': 'jest' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, referralId: 'aff_acme-store.example_1790000000000_abc123' });
    const target = new URL(body.targetUrl);
    expect(target.origin + target.pathname).toBe('https://acme-store.example/products/widget');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      variant: '2',
      ref: 'aff_acme-store.example_1790000000000_abc123',
      utm_source: 'pricehunt',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await referrals()).toHaveLength(1);
    expect((await referrals())[0]).toMatchObject({
      referral_id: body.referralId,
      business_domain: 'acme-store.example',
      business_id: t.businessId,
      target_url: body.targetUrl,
      product_name: 'Widget',
      user_id: 'user-1',
      user_agent: 'jest',
    });
  });

  it('answers a retry of the same referral with the stored one, without a second row', async () => {
    const res = await post(referral());
    expect(res.statusCode).toBe(200);
    expect(res.json().referralId).toBe('aff_acme-store.example_1790000000000_abc123');
    expect(await referrals()).toHaveLength(1);
  });

  it('gives a fresh reference id when the given one clashes with another referral or is unusable', async () => {
    const clash = await post(referral({ targetUrl: 'https://acme-store.example/products/other' }));
    expect(clash.statusCode).toBe(200);
    expect(clash.json().referralId).toMatch(/^aff_acme-store-example_\d+_[a-z0-9]+$/);
    expect(clash.json().referralId).not.toBe('aff_acme-store.example_1790000000000_abc123');
    const odd = await post(referral({ referralId: 'has spaces & symbols' }));
    expect(odd.statusCode).toBe(200);
    expect(new URL(odd.json().targetUrl).searchParams.get('ref')).toBe(odd.json().referralId);
  });

  it('on a validation failure still answers the usable target with success:false and the field', async () => {
    const res = await post(referral({ businessDomain: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      field: 'businessDomain',
      targetUrl: 'https://acme-store.example/products/widget?variant=2',
    });
    expect(typeof res.json().error).toBe('string');
  });

  it.each([['javascript:alert(document.cookie)'], ['data:text/html,hi'], ['//evil.example/x'], ['not a url']])(
    'never echoes a non-http(s) target (%s)',
    async (targetUrl) => {
      const res = await post(referral({ targetUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'targetUrl' });
      expect(res.json().targetUrl).toBeUndefined();
    },
  );

  it('answers 400 for a missing body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/trackReferral', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('when the database fails, answers success:false with the target (no ref) so the shopper still goes on', async () => {
    const broken = await buildApp(t.config);
    try {
      // Another instance whose table is gone (renamed: other tables' keys name it).
      await run(broken, 'ALTER TABLE referrals RENAME TO referrals_gone');
      const res = await broken.inject({ method: 'POST', url: '/api/trackReferral', payload: referral({ referralId: 'aff_x_1_y' }) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'The referral could not be recorded',
        targetUrl: 'https://acme-store.example/products/widget?variant=2',
      });
    } finally {
      await broken.close();
    }
  });
});

describe('POST /api/track-event', () => {
  let t: StoreTestApp;
  beforeAll(async () => {
    t = await buildStoreTestApp('events@shop.example', 'events-store.example');
  });
  afterAll(async () => t?.close());
  const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/track-event', payload: body as object, headers: { origin: 'https://events-store.example' } });

  it('stores the event and answers 201 with its id once committed', async () => {
    const res = await post({
      eventType: 'purchase',
      businessDomain: 'www.events-store.example',
      eventData: {
        timestamp: '2026-11-20T10:00:00.000Z',
        userId: 'u-7',
        url: 'https://events-store.example/checkout/thanks',
        sessionId: 'sess-42',
        ref: 'aff_events-store.example_1_abc',
        value: 129.99,
        currency: 'usd',
        items: ['sku-1', 'sku-2'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const { eventId } = res.json();
    const other = await anotherConnection(t.databaseUrl);
    try {
      const stored = present(await row(other, 'select * from events where id = ?', [eventId]));
      expect(stored).toMatchObject({
        event_type: 'purchase',
        business_domain: 'events-store.example',
        business_id: t.businessId,
        session_id: 'sess-42',
        user_id: 'u-7',
        referral_id: 'aff_events-store.example_1_abc',
        url: 'https://events-store.example/checkout/thanks',
        value_cents: 12999,
        currency: 'USD',
        client_timestamp: Date.parse('2026-11-20T10:00:00.000Z'),
      });
      expect(JSON.parse(stored.data as string).items).toEqual(['sku-1', 'sku-2']);
    } finally {
      await other.close();
    }
  });

  it('attributes other events to the active business that verified the domain or a parent of it, and to nobody else', async () => {
    const gone = await registerBusiness(t.app, 'gone@shop.example', undefined, { storeDomain: 'gone-store.example' });
    await verifyStoreDomain(t.app, gone.cookie, t.dns);
    await run(t.app, "update businesses set status = 'suspended' where id = ?", [gone.business.id]);
    // A more specific store domain wins over its parent's.
    const eu = await registerBusiness(t.app, 'eu@shop.example', undefined, { storeDomain: 'eu.events-store.example' });
    await verifyStoreDomain(t.app, eu.cookie, t.dns);
    const shop = eu.business;
    // A claim alone receives nothing.
    await registerBusiness(t.app, 'claim@shop.example', undefined, { storeDomain: 'claimed-store.example' });
    const attributedTo = async (businessDomain: string | undefined) => {
      const res = await post({ eventType: 'page_view', ...(businessDomain === undefined ? {} : { businessDomain }) });
      expect(res.statusCode).toBe(201);
      return value<string | null>(t.app, 'select business_id from events where id = ?', [res.json().eventId]);
    };
    expect(await attributedTo('events-store.example')).toBe(t.businessId);
    expect(await attributedTo('https://www.events-store.example/cart')).toBe(t.businessId);
    expect(await attributedTo('shop.events-store.example')).toBe(t.businessId);
    expect(await attributedTo('eu.events-store.example')).toBe(shop.id);
    expect(await attributedTo('de.eu.events-store.example')).toBe(shop.id);
    expect(await attributedTo('gone-store.example')).toBeNull();
    expect(await attributedTo('claimed-store.example')).toBeNull();
    expect(await attributedTo('other-store.example')).toBeNull();
    expect(await attributedTo('www.amazon.com')).toBeNull();
    expect(await attributedTo(undefined)).toBeNull();
  });

  it('accepts eventData up to 8 KB of JSON', async () => {
    const data = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'y'.repeat(1150)]));
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(8192);
    expect((await post({ eventType: 'page_view', eventData: data })).statusCode).toBe(201);
  });

  it('accepts an event without business or data', async () => {
    const res = await post({ eventType: 'page_view' });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['an unknown type', { eventType: 'hack' }, 'eventType'],
    ['no type', { eventData: {} }, 'eventType'],
    ['a value over 2048 characters', { eventType: 'page_view', eventData: { blob: 'x'.repeat(3000) } }, 'eventData.blob'],
    ['51 data keys', { eventType: 'page_view', eventData: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'eventData'],
    ['data over 8 KB', { eventType: 'page_view', eventData: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'y'.repeat(1000)])) }, 'eventData'],
    ['a 300-character domain', { eventType: 'page_view', businessDomain: 'd'.repeat(300) }, 'businessDomain'],
    ['data nested three deep', { eventType: 'page_view', eventData: { nested: { deeper: { tooDeep: 1 } } } }, 'eventData.nested'],
    ['a list of 51 values', { eventType: 'page_view', eventData: { list: Array.from({ length: 51 }, (_, i) => i) } }, 'eventData.list'],
    ['a list holding an object', { eventType: 'page_view', eventData: { list: [1, { a: 1 }] } }, 'eventData.list'],
    ['an object value with a 65-character key', { eventType: 'page_view', eventData: { item: { ['k'.repeat(65)]: 1 } } }, 'eventData.item'],
    ['a 65-character key', { eventType: 'page_view', eventData: { ['k'.repeat(65)]: 1 } }, `eventData.${'k'.repeat(65)}`],
  ])('refuses %s with 400 naming the field and stores nothing', async (_label, body, field) => {
    const before = await value<number>(t.app, 'select count(*) as n from events');
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await value<number>(t.app, 'select count(*) as n from events')).toBe(before);
  });

  it('answers preflight requests from any origin', async () => {
    const res = await preflight(t.app, '/api/track-event', 'https://any-shop.example');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
    expect(res.headers['content-length']).toBe('0');
  });

  it('grants any origin on its answers, refusals included, and never with credentials', async () => {
    for (const res of [await post({ eventType: 'page_view' }), await post({ eventType: 'hack' })]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary ?? '').not.toContain('Origin');
    }
  });
});

describe('tracking rate limit (limiter enabled)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', TRACKING_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => t.close());

  it('answers 429 with the envelope after the per-address budget', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/track-event', payload: { eventType: 'page_view' }, remoteAddress: '10.9.0.1' });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const other = await t.app.inject({ method: 'GET', url: '/api/redirect?to=https://www.amazon.com/dp/B0X', remoteAddress: '10.9.0.2' });
    expect(other.statusCode).toBe(302);
  });
});

describe('a store domain claimed by one business and proved by another', () => {
  let t: TestApp;
  let dns: DnsFixture;
  beforeAll(async () => {
    dns = await startDnsServer();
    t = await buildTestApp({ DNS_SERVERS: dns.server });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  it("gives the squatter none of the store's purchases, orders or referrals, and leaves the owner free to register and prove it", async () => {
    const squatter = await registerBusiness(t.app, 'squatter@evil.example', undefined, { storeDomain: 'real-store.example' });
    const sendPurchase = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/track-event',
        payload: { eventType: 'purchase', businessDomain: 'real-store.example', eventData: { orderId, value: 120, currency: 'USD', url: 'https://real-store.example/thanks?customer=42' } },
      });
    const referral = await t.app.inject({
      method: 'POST',
      url: '/api/trackReferral',
      payload: { referralId: 'aff_real-store.example_1_abc', businessDomain: 'real-store.example', targetUrl: 'https://real-store.example/p/1' },
    });
    expect(referral.statusCode).toBe(200);
    expect((await sendPurchase('A-1')).statusCode).toBe(201);
    const owned = (table: string, businessId: string) => value<number>(t.app, `select count(*) as n from ${table} where business_id = ?`, [businessId]);
    expect(await owned('events', squatter.business.id)).toBe(0);
    expect(await owned('conversions', squatter.business.id)).toBe(0);
    expect(await owned('referrals', squatter.business.id)).toBe(0);

    // The real owner registers the same domain (the claim blocks nobody) and proves it; from then on the store is theirs.
    const owner = await registerBusiness(t.app, 'owner@real-store.example', undefined, { storeDomain: 'real-store.example' });
    await verifyStoreDomain(t.app, owner.cookie, dns);
    expect((await sendPurchase('A-2')).statusCode).toBe(201);
    expect(await owned('conversions', owner.business.id)).toBe(1);
    expect(await owned('conversions', squatter.business.id)).toBe(0);

    // The squatter cannot prove it away, even with the owner's record in place, nor claim it anew.
    const verify = await t.app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { cookie: squatter.cookie, origin: 'http://localhost:4300' } });
    expect(verify.json()).toMatchObject({ verified: false });
    expect(verify.json().message).toContain('already verified by another business');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/business/auth/register',
      headers: { origin: 'http://localhost:4300' },
      payload: { email: 'squatter2@evil.example', password: 'correct-horse-42', storeDomain: 'real-store.example' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'storeDomain' });
  });
});

describe('event figures that cannot be an order total or a time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are kept in eventData but not lifted into the value and time columns', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/track-event', payload: { eventType: 'add_to_cart', eventData: { value: 1e12, timestamp: 1e300 } } });
    expect(res.statusCode).toBe(201);
    const stored = present(await row<{ valueCents: number | null; clientTimestamp: number | null; data: string }>(t.app, 'SELECT value_cents AS "valueCents", client_timestamp AS "clientTimestamp", data FROM events'));
    expect(stored).toMatchObject({ valueCents: null, clientTimestamp: null });
    expect(JSON.parse(stored.data)).toEqual({ value: 1e12, timestamp: 1e300 });
    const kept = await t.app.inject({ method: 'POST', url: '/api/track-event', payload: { eventType: 'add_to_cart', eventData: { value: 10_000_000, timestamp: 1_790_000_000_000 } } });
    expect(kept.statusCode).toBe(201);
    expect(await value(t.app, 'SELECT value_cents FROM events WHERE value_cents IS NOT NULL')).toBe(1_000_000_000);
  });
});
