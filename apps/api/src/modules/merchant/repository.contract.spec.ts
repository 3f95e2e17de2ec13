import { addBusiness, ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '@pricehunt/storage/testing';
import { type AnalyticsRepository, attributionWindowMs, type ConversionRecord, createPgAnalyticsRepository, createPgMerchantRepository, createSqliteAnalyticsRepository, createSqliteMerchantRepository, type MerchantRepository, type OrderLine } from '@pricehunt/storage';
import { createAnalyticsService } from './analytics-service';
import { startOfDay } from './time';

const T = Date.UTC(2026, 10, 23, 10, 0, 0);
const settings = (businessId: string) => ({
  businessId,
  currency: 'USD',
  attributionWindowDays: 30,
  timeZone: 'Europe/Berlin',
  verificationToken: `token-${businessId}`,
  updatedAt: T,
});
const conversion = (id: string, businessId: string, orderId: string, extra: Partial<ConversionRecord> = {}): ConversionRecord => ({
  id,
  businessId,
  orderId,
  valueCents: 1000,
  currency: 'USD',
  referralId: null,
  sessionId: null,
  source: 'webhook',
  eventId: null,
  occurredAt: T,
  createdAt: T,
  lines: null,
  ...extra,
});

const insertClick = (db: PortEngine, id: string, businessId: string | null, createdAt: number, extra: { requestedUrl?: string; referrer?: string } = {}) =>
  db.query(
    "INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, referrer, business_id) VALUES (?, ?, ?, ?, 'shop.example', 'search', ?, ?)",
    [id, createdAt, extra.requestedUrl ?? `https://shop.example/p/${id}`, `https://shop.example/p/${id}?utm_source=ph`, extra.referrer ?? null, businessId],
  );
const insertReferral = (db: PortEngine, id: string, referralId: string, businessId: string | null, createdAt: number, extra: { productName?: string; utmCampaign?: string } = {}) =>
  db.query(
    `INSERT INTO referrals (id, referral_id, created_at, business_domain, business_id, requested_url, target_url, source_url, product_name, utm_source, utm_campaign)
     VALUES (?, ?, ?, 'shop.example', ?, 'https://shop.example/p/1', ?, 'https://blog.example/a', ?, 'ph', ?)`,
    [id, referralId, createdAt, businessId, `https://shop.example/p/1?ref=${referralId}`, extra.productName ?? null, extra.utmCampaign ?? null],
  );
const insertEvent = (
  db: PortEngine,
  id: string,
  businessId: string | null,
  createdAt: number,
  extra: { type?: string; url?: string | null; data?: unknown; valueCents?: number; currency?: string; referralId?: string } = {},
) =>
  db.query(
    `INSERT INTO events (id, created_at, event_type, business_domain, business_id, url, value_cents, currency, referral_id, data)
     VALUES (?, ?, ?, 'shop.example', ?, ?, ?, ?, ?, ${db.engine === 'postgres' ? '?::jsonb' : '?'})`,
    [id, createdAt, extra.type ?? 'page_view', businessId, extra.url ?? null, extra.valueCents ?? null, extra.currency ?? null, extra.referralId ?? null, JSON.stringify(extra.data ?? {})],
  );
const insertConversion = (db: PortEngine, c: ConversionRecord) =>
  db.query(
    `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, referral_id, session_id, source, event_id, occurred_at, created_at, lines)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${db.engine === 'postgres' ? '?::jsonb' : '?'})`,
    [c.id, c.businessId, c.orderId, c.valueCents, c.currency, c.referralId, c.sessionId, c.source, c.eventId, c.occurredAt, c.createdAt, c.lines ? JSON.stringify(c.lines) : null],
  );
/** An order's lines: one named by the store's product id, one by SKU. */
const LINES: OrderLine[] = [
  { productId: '42', sku: null, url: null, name: 'Kettle', priceCents: 5900, quantity: 1 },
  { productId: null, sku: 'MUG', url: 'https://shop.example/p/mug', name: null, priceCents: 1000, quantity: 3 },
];

const merchantRepository = (connection: EngineConnection): MerchantRepository =>
  connection.engine === 'sqlite' ? createSqliteMerchantRepository(connection.handle) : createPgMerchantRepository(connection.handle);

describe.each(ENGINES)('merchant storage ports on %s', (engine) => {
  let db: PortEngine;
  let repo: MerchantRepository;

  beforeEach(async () => {
    db = await openPortEngine(engine);
    repo = merchantRepository(db);
    await addBusiness(db, 'b1', { storeDomain: 'shop.example' });
    await addBusiness(db, 'b2', { storeDomain: 'other.example' });
  });
  afterEach(async () => {
    await db.close();
  });

  describe('settings', () => {
    it('stores the first settings once and answers the stored ones', async () => {
      expect(await repo.findSettings('b1')).toBeUndefined();
      const first = await repo.insertSettings(settings('b1'));
      expect(first).toEqual({ ...settings('b1'), apiKeyHash: null, apiKeyPrefix: null, apiKeyCreatedAt: null });
      expect(await repo.insertSettings({ ...settings('b1'), currency: 'EUR', verificationToken: 'other' })).toEqual(first);
      expect(await repo.findSettings('b1')).toEqual(first);
    });

    it('changes settings with their time of change, and finds them by the API key hash', async () => {
      expect(await repo.updateSettings('b1', { currency: 'EUR' })).toBeUndefined();
      await repo.insertSettings(settings('b1'));
      const before = Date.now();
      const changed = await repo.updateSettings('b1', { currency: 'EUR', apiKeyHash: 'hash-1', apiKeyPrefix: 'ph_12', apiKeyCreatedAt: T + 1 });
      expect(changed).toEqual({ ...settings('b1'), currency: 'EUR', apiKeyHash: 'hash-1', apiKeyPrefix: 'ph_12', apiKeyCreatedAt: T + 1, updatedAt: expect.any(Number) });
      expect(changed?.updatedAt).toBeGreaterThanOrEqual(before);
      expect(await repo.findByApiKeyHash('hash-1')).toEqual(changed);
      expect(await repo.findByApiKeyHash('hash-2')).toBeUndefined();
    });
  });

  describe('store domain proofs', () => {
    it('records a proof; a second business cannot take the domain, and keeps its own proof', async () => {
      await repo.claimVerifiedDomain({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 10 });
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T })).toBe(true);
      const proof = { domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T, checkedAt: T, failedChecks: 0 };
      expect(await repo.findVerifiedDomain('b1')).toEqual(proof);
      expect(await repo.findVerifiedOwner('shop.example')).toEqual(proof);
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b2', method: 'meta', verifiedAt: T + 1 })).toBe(false);
      expect(await repo.findVerifiedOwner('shop.example')).toEqual(proof);
      expect(await repo.findVerifiedDomain('b2')).toEqual({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 10, checkedAt: T - 10, failedChecks: 0 });
      expect(await repo.findVerifiedOwner('nobody.example')).toBeUndefined();
    });

    it("replaces the business's proof of another domain, and renews its proof of the same one", async () => {
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.recordProofCheck('shop.example', T + 5, 2);
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'script', verifiedAt: T + 10 })).toBe(true);
      expect(await repo.findVerifiedDomain('b1')).toEqual({ domain: 'shop.example', businessId: 'b1', method: 'script', verifiedAt: T + 10, checkedAt: T + 10, failedChecks: 0 });
      expect(await repo.claimVerifiedDomain({ domain: 'new.example', businessId: 'b1', method: 'meta', verifiedAt: T + 20 })).toBe(true);
      expect(await repo.findVerifiedDomain('b1')).toMatchObject({ domain: 'new.example' });
      expect(await repo.findVerifiedOwner('shop.example')).toBeUndefined();
    });

    it('gives a domain two businesses prove at once, from two processes, to exactly one of them', async () => {
      // A second connection pool (or SQLite connection), as another API process has.
      const otherRepo = merchantRepository(await db.connect());
      for (let round = 0; round < 10; round++) {
        const domain = `race-${round}.example`;
        await repo.releaseVerifiedDomain('b1');
        await repo.releaseVerifiedDomain('b2');
        const results = await Promise.all([
          repo.claimVerifiedDomain({ domain, businessId: 'b1', method: 'dns', verifiedAt: T }),
          otherRepo.claimVerifiedDomain({ domain, businessId: 'b2', method: 'dns', verifiedAt: T }),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const owner = await repo.findVerifiedOwner(domain);
        expect(owner?.businessId).toBe(results[0] ? 'b1' : 'b2');
      }
      // One business proving two domains at once ends with one proof, whichever came last.
      const both = await Promise.all([
        repo.claimVerifiedDomain({ domain: 'one.example', businessId: 'b1', method: 'dns', verifiedAt: T }),
        otherRepo.claimVerifiedDomain({ domain: 'two.example', businessId: 'b1', method: 'dns', verifiedAt: T }),
      ]);
      expect(both).toEqual([true, true]);
      expect(await db.query("SELECT count(*) AS n FROM verified_domains WHERE business_id = 'b1'")).toEqual([{ n: 1 }]);
    });

    it('takes the proofs checked before a time, the oldest, marking them checked, and records checks', async () => {
      await addBusiness(db, 'b3');
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.claimVerifiedDomain({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 100 });
      await repo.claimVerifiedDomain({ domain: 'third.example', businessId: 'b3', method: 'script', verifiedAt: T - 50 });
      await repo.recordProofCheck('other.example', T + 100, 1);
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 1)).toEqual([
        { domain: 'third.example', businessId: 'b3', method: 'script', verifiedAt: T - 50, checkedAt: T + 200, failedChecks: 0 },
      ]);
      // Taken, it is not taken again this round; the next oldest are.
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 10)).toEqual([
        { domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 100, checkedAt: T + 200, failedChecks: 1 },
        { domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T, checkedAt: T + 200, failedChecks: 0 },
      ]);
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 10)).toEqual([]);
      await db.query('UPDATE verified_domains SET checked_at = NULL');
      expect((await repo.claimProofsToCheck(T - 60, T + 300, 10)).map((p) => p.domain)).toEqual(['other.example']);
    });

    it('gives each proof of a round to one instance when several take proofs at once', async () => {
      for (let i = 0; i < 20; i++) {
        await addBusiness(db, `r${i}`);
        await repo.claimVerifiedDomain({ domain: `r${i}.example`, businessId: `r${i}`, method: 'dns', verifiedAt: T + i });
      }
      const other = merchantRepository(await db.connect());
      const [mine, theirs] = await Promise.all([repo.claimProofsToCheck(T + 100, T + 500, 12), other.claimProofsToCheck(T + 100, T + 500, 12)]);
      const taken = [...mine, ...theirs].map((proof) => proof.domain);
      expect(new Set(taken).size).toBe(taken.length);
      expect(taken.length).toBe(20);
    });

    it('releases a proof, and changes the store domain with its proof given up, atomically', async () => {
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.releaseVerifiedDomain('b1');
      expect(await repo.findVerifiedDomain('b1')).toBeUndefined();
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.changeStoreDomain('b1', 'moved.example');
      expect(await repo.findVerifiedDomain('b1')).toBeUndefined();
      const [row] = await db.query<{ store_domain: string; updated_at: unknown }>("SELECT store_domain, updated_at FROM businesses WHERE id = 'b1'");
      expect(row?.store_domain).toBe('moved.example');
      expect(Date.now() - new Date(row?.updated_at as string).getTime()).toBeLessThan(60_000);
    });

    it("counts the business's offers held for its store", async () => {
      await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
      for (const [n, businessId, held] of [[1, 'b1', 'store'], [2, 'b1', 'store'], [3, 'b1', 'price'], [4, 'b1', null], [5, 'b2', 'store']] as const) {
        await db.query(
          "INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, business_id, held) VALUES ('shop', ?, ?, ?, 'shop.example', 'T', 100, 'USD', ?, ?)",
          [String(n), `https://shop.example/p/${n}`, `https://shop.example/p/${n}`, businessId, held],
        );
      }
      expect(await repo.countStoreHeldOffers('b1')).toBe(2);
      expect(await repo.countStoreHeldOffers('b3')).toBe(0);
    });
  });

  describe('conversions and syncs', () => {
    it('stores an order once per business and order id', async () => {
      const first = conversion('c1', 'b1', 'A-1', { referralId: 'ref-1', sessionId: 's1', eventId: 'e1' });
      expect(await repo.insertConversion(first)).toEqual({ row: first, created: true });
      expect(await repo.insertConversion(conversion('c2', 'b1', 'A-1', { valueCents: 5 }))).toEqual({ row: first, created: false });
      const other = conversion('c3', 'b2', 'A-1');
      expect(await repo.insertConversion(other)).toEqual({ row: other, created: true });
    });

    it("finds a referral's time only for its business", async () => {
      await insertReferral(db, 'r1', 'ref-1', 'b1', T - 7);
      expect(await repo.findReferral('b1', 'ref-1')).toEqual({ createdAt: T - 7 });
      expect(await repo.findReferral('b2', 'ref-1')).toBeUndefined();
      expect(await repo.findReferral('b1', 'ref-2')).toBeUndefined();
    });

    it('stores syncs, one running per business, changes them, finds the latest and fails the silent ones', async () => {
      const started = await repo.insertSync({ id: 's1', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T, heartbeatAt: T });
      expect(started).toEqual({
        id: 's1',
        businessId: 'b1',
        storeDomain: 'shop.example',
        status: 'running',
        pages: 0,
        products: 0,
        offers: 0,
        inserted: 0,
        updated: 0,
        skipped: 0,
        error: null,
        startedAt: T,
        finishedAt: null,
        heartbeatAt: T,
      });
      // A second running sync of the business is refused, whoever asks.
      expect(await repo.insertSync({ id: 's9', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 1, heartbeatAt: T + 1 })).toBeUndefined();
      await repo.updateSync('s1', { status: 'succeeded', pages: 2, products: 40, offers: 41, inserted: 30, updated: 10, skipped: 1, finishedAt: T + 5 });
      await repo.insertSync({ id: 's2', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 10, heartbeatAt: T + 10 });
      await repo.updateSync('s2', { status: 'failed', finishedAt: T + 11 });
      await repo.insertSync({ id: 's0', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T - 10, heartbeatAt: T - 10 });
      await repo.updateSync('s0', { status: 'succeeded', finishedAt: T + 12 });
      await repo.insertSync({ id: 's3', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 20, heartbeatAt: T + 30 });
      await repo.insertSync({ id: 's4', businessId: 'b2', storeDomain: 'other.example', status: 'running', startedAt: T + 20, heartbeatAt: T + 60 });
      expect(await repo.findSync('b1', 's1')).toEqual({ ...started, status: 'succeeded', pages: 2, products: 40, offers: 41, inserted: 30, updated: 10, skipped: 1, finishedAt: T + 5 });
      expect(await repo.findSync('b2', 's1')).toBeUndefined();
      expect((await repo.latestSync('b1'))?.id).toBe('s3');
      expect(await repo.latestSync('b3')).toBeUndefined();
      const before = Date.now();
      // Silent since before T + 45: s3 (last seen at T + 30) lost its process; s4 (T + 60) is alive elsewhere.
      await repo.failInterruptedSyncs(T + 45);
      const failed = await repo.findSync('b1', 's3');
      expect(failed).toMatchObject({ status: 'failed', error: 'Interrupted by a restart; sync again' });
      expect(failed?.finishedAt).toBeGreaterThanOrEqual(before);
      expect((await repo.findSync('b2', 's4'))?.status).toBe('running');
      expect((await repo.findSync('b1', 's1'))?.status).toBe('succeeded');
    });
  });

  it("removes everything the business owns, atomically, and answers its offers and their products in the order they were found", async () => {
    await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
    for (const id of [1, 2, 3]) await db.query("INSERT INTO products (id, title) VALUES (?, 'P')", [id]);
    const offer = (n: number, businessId: string, productId: number | null) =>
      db.query(
        "INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, business_id, product_id) VALUES (?, 'shop', ?, ?, ?, 'shop.example', 'T', 100, 'USD', ?, ?)",
        [n, String(n), `https://shop.example/p/${n}`, `https://shop.example/p/${n}`, businessId, productId],
      );
    await offer(10, 'b1', 3);
    await offer(11, 'b1', 1);
    await offer(12, 'b1', 3);
    await offer(13, 'b1', null);
    await offer(14, 'b2', 2);
    // The catalog indexes the words of the offers it stores (SQLite's full-text index; PostgreSQL's is generated).
    if (db.engine === 'sqlite') await db.query('INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers');
    await db.query("INSERT INTO price_points (offer_id, price_cents, currency) VALUES (10, 100, 'USD'), (14, 100, 'USD')");
    await insertClick(db, 'c1', 'b1', T);
    await insertClick(db, 'c2', 'b2', T);
    await insertReferral(db, 'r1', 'ref-1', 'b1', T);
    await insertEvent(db, 'e1', 'b1', T);
    await repo.insertSettings(settings('b1'));
    await repo.insertConversion(conversion('k1', 'b1', 'A-1'));
    await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
    await repo.insertSync({ id: 's1', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T, heartbeatAt: T });

    expect(await repo.deleteBusinessData('b1')).toEqual({ offers: 4, productIds: [3, 1] });
    for (const table of ['clicks', 'events', 'referrals', 'conversions', 'merchant_settings', 'verified_domains', 'store_syncs']) {
      expect(await db.query(`SELECT count(*) AS n FROM ${table} WHERE business_id = 'b1'`)).toEqual([{ n: 0 }]);
    }
    expect(await db.query('SELECT id FROM businesses ORDER BY id')).toEqual([{ id: 'b2' }]);
    expect(await db.query('SELECT id FROM offers')).toEqual([{ id: 14 }]);
    expect(await db.query('SELECT id FROM clicks')).toEqual([{ id: 'c2' }]);
    expect(await db.query('SELECT offer_id FROM price_points')).toEqual([{ offer_id: 14 }]);
  });
});

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
