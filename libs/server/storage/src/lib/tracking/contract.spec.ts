import { type ClickRow, createPgRedirectTrustRepository, createPgTrackingRepository, createSqliteRedirectTrustRepository, createSqliteTrackingRepository, type EventRow, type OrderRow, type RedirectTrustRepository, type ReferralRow, type TrackingRepository, WriteError } from '../../index';
import { addBusiness, ENGINES, openPortEngine, type PortEngine, type PostgresEngine } from '../../testing/port-engines';

const T = Date.UTC(2026, 10, 23, 10, 0, 0);

const click = (id: string, extra: Partial<ClickRow> = {}): ClickRow => ({
  id,
  createdAt: T,
  requestedUrl: `https://shop.example/p/${id}`,
  targetUrl: `https://shop.example/p/${id}?tag=ph`,
  host: 'shop.example',
  source: 'search',
  sessionId: null,
  referrer: null,
  userAgent: null,
  businessId: null,
  clientTimestamp: null,
  signed: false,
  ...extra,
});

const referral = (id: string, referralId: string, extra: Partial<ReferralRow> = {}): ReferralRow => ({
  id,
  referralId,
  createdAt: T,
  businessDomain: 'shop.example',
  businessId: null,
  requestedUrl: 'https://shop.example/p/1',
  targetUrl: `https://shop.example/p/1?ref=${referralId}`,
  sourceUrl: null,
  productName: null,
  userId: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
  userAgent: null,
  ...extra,
});

const event = (id: string, extra: Partial<EventRow> = {}): EventRow => ({
  id,
  createdAt: T,
  eventType: 'page_view',
  businessDomain: 'shop.example',
  businessId: null,
  sessionId: null,
  userId: null,
  referralId: null,
  url: null,
  valueCents: null,
  currency: null,
  clientTimestamp: null,
  data: '{}',
  userAgent: null,
  ...extra,
});

const order = (id: string, businessId: string, orderId: string, extra: Partial<OrderRow> = {}): OrderRow => ({
  id,
  businessId,
  orderId,
  valueCents: 1999,
  currency: 'USD',
  referralId: null,
  sessionId: null,
  source: 'script',
  eventId: null,
  occurredAt: T,
  createdAt: T,
  lines: null,
  ...extra,
});

describe.each(ENGINES)('tracking storage ports on %s', (engine) => {
  let db: PortEngine;
  let repo: TrackingRepository;
  let trust: RedirectTrustRepository;

  beforeEach(async () => {
    db = await openPortEngine(engine);
    repo = db.engine === 'sqlite' ? createSqliteTrackingRepository(db.handle) : createPgTrackingRepository(db.handle);
    trust = db.engine === 'sqlite' ? createSqliteRedirectTrustRepository(db.handle) : createPgRedirectTrustRepository(db.handle);
  });
  afterEach(async () => {
    await repo.close();
    await db.close();
  });

  const eventBusinesses = async () =>
    Object.fromEntries((await db.query<{ id: string; business_id: string | null }>('SELECT id, business_id FROM events ORDER BY id')).map((r) => [r.id, r.business_id]));

  it('stores a click with every column as given', async () => {
    await addBusiness(db, 'b1');
    await repo.recordClick(
      click('c1', {
        sessionId: 's-1',
        referrer: 'https://pricehunt.example/search?q=tv',
        userAgent: 'UA "quoted" \\ and {braces}, commas',
        businessId: 'b1',
        clientTimestamp: 1_700_000_000_123,
        signed: true,
      }),
    );
    await repo.recordClick(click('c2'));
    expect(await db.query('SELECT * FROM clicks ORDER BY id')).toEqual([
      {
        id: 'c1',
        created_at: T,
        requested_url: 'https://shop.example/p/c1',
        target_url: 'https://shop.example/p/c1?tag=ph',
        host: 'shop.example',
        source: 'search',
        session_id: 's-1',
        referrer: 'https://pricehunt.example/search?q=tv',
        user_agent: 'UA "quoted" \\ and {braces}, commas',
        business_id: 'b1',
        client_timestamp: 1_700_000_000_123,
        signed: 1,
      },
      {
        id: 'c2',
        created_at: T,
        requested_url: 'https://shop.example/p/c2',
        target_url: 'https://shop.example/p/c2?tag=ph',
        host: 'shop.example',
        source: 'search',
        session_id: null,
        referrer: null,
        user_agent: null,
        business_id: null,
        client_timestamp: null,
        signed: 0,
      },
    ]);
  });

  it('stores a referral and finds it by its referral id; a second referral with that id is refused', async () => {
    const row = referral('r1', 'ref-1', { sourceUrl: 'https://blog.example/post', productName: 'Sony WH-1000XM5', utmSource: 'pricehunt', utmMedium: 'cpc', utmCampaign: 'spring' });
    await repo.recordReferral(row);
    expect(await repo.findReferral('ref-1')).toEqual({
      referralId: 'ref-1',
      businessDomain: 'shop.example',
      requestedUrl: 'https://shop.example/p/1',
      targetUrl: 'https://shop.example/p/1?ref=ref-1',
    });
    expect(await repo.findReferral('ref-unknown')).toBeUndefined();
    await expect(repo.recordReferral(referral('r2', 'ref-1'))).rejects.toBeInstanceOf(WriteError);
    const stored = await db.query('SELECT * FROM referrals');
    expect(stored).toEqual([
      {
        id: 'r1',
        referral_id: 'ref-1',
        created_at: T,
        business_domain: 'shop.example',
        business_id: null,
        requested_url: 'https://shop.example/p/1',
        target_url: 'https://shop.example/p/1?ref=ref-1',
        source_url: 'https://blog.example/post',
        product_name: 'Sony WH-1000XM5',
        user_id: null,
        utm_source: 'pricehunt',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        referrer: null,
        user_agent: null,
      },
    ]);
  });

  it('fails only the write whose row is refused, and commits the writes that arrived with it', async () => {
    await repo.recordReferral(referral('r0', 'taken'));
    // Handed over in one turn: on both engines they share a batch.
    const results = await Promise.allSettled([
      repo.recordClick(click('c1')),
      repo.recordReferral(referral('r1', 'fresh')),
      repo.recordReferral(referral('r2', 'taken')),
      repo.recordEvent(event('e1'), []),
      repo.recordClick(click('c2')),
      // The same referral id twice in one batch: the first one stays.
      repo.recordReferral(referral('r3', 'twice')),
      repo.recordReferral(referral('r4', 'twice')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(WriteError);
    expect(await db.query('SELECT id FROM clicks ORDER BY id')).toEqual([{ id: 'c1' }, { id: 'c2' }]);
    expect(await db.query('SELECT id, referral_id FROM referrals ORDER BY id')).toEqual([
      { id: 'r0', referral_id: 'taken' },
      { id: 'r1', referral_id: 'fresh' },
      { id: 'r3', referral_id: 'twice' },
    ]);
    expect(await db.query('SELECT id FROM events')).toEqual([{ id: 'e1' }]);
    // A batch of one kind of row (one statement on PostgreSQL) likewise.
    const referralsOnly = await Promise.allSettled([
      repo.recordReferral(referral('r5', 'five')),
      repo.recordReferral(referral('r6', 'fresh')),
      repo.recordReferral(referral('r7', 'seven')),
    ]);
    expect(referralsOnly.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await db.query("SELECT id FROM referrals WHERE id IN ('r5', 'r6', 'r7') ORDER BY id")).toEqual([{ id: 'r5' }, { id: 'r7' }]);
  });

  it('attributes an event as it commits to the active business that verified the most specific of its store domains', async () => {
    await addBusiness(db, 'parent', { domain: 'shop.example' });
    await addBusiness(db, 'child', { domain: 'eu.shop.example' });
    await addBusiness(db, 'gone', { domain: 'old.example', status: 'suspended' });
    await addBusiness(db, 'claimed', { storeDomain: 'claimed.example' });
    await Promise.all([
      repo.recordEvent(event('e1'), ['www.eu.shop.example', 'eu.shop.example', 'shop.example']),
      repo.recordEvent(event('e2'), ['us.shop.example', 'shop.example']),
      repo.recordEvent(event('e3'), ['old.example']),
      repo.recordEvent(event('e4'), ['claimed.example']),
      // An empty list, or a business given with the row, attributes to none.
      repo.recordEvent(event('e5', { businessId: 'parent' }), []),
      repo.recordEvent(event('e6', { businessId: 'parent' }), ['nobody.example']),
    ]);
    expect(await eventBusinesses()).toEqual({ e1: 'child', e2: 'parent', e3: null, e4: null, e5: null, e6: null });
  });

  it('stores every column of an event, its data as given', async () => {
    const data = JSON.stringify({ url: 'https://shop.example/p/1', value: 19.99, list: ['a', 'b'], nested: { k: true }, n: null });
    await repo.recordEvent(
      event('e1', {
        eventType: 'add_to_cart',
        sessionId: 's1',
        userId: 'u1',
        referralId: 'ref-1',
        url: 'https://shop.example/p/1',
        valueCents: 1999,
        currency: 'EUR',
        clientTimestamp: 1_700_000_000_000,
        data,
        userAgent: 'UA',
      }),
      [],
    );
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM events');
    expect({ ...row, data: typeof row?.data === 'string' ? JSON.parse(row.data) : row?.data }).toEqual({
      id: 'e1',
      created_at: T,
      event_type: 'add_to_cart',
      business_domain: 'shop.example',
      business_id: null,
      session_id: 's1',
      user_id: 'u1',
      referral_id: 'ref-1',
      url: 'https://shop.example/p/1',
      value_cents: 1999,
      currency: 'EUR',
      client_timestamp: 1_700_000_000_000,
      data: JSON.parse(data),
      user_agent: 'UA',
    });
  });

  it('stores a purchase with the business it carries and its orders in one commit; an order id the business has keeps its first row', async () => {
    await addBusiness(db, 'b1', { domain: 'shop.example' });
    await repo.recordPurchase(event('p1', { eventType: 'purchase', businessId: 'b1', valueCents: 1999 }), [order('o1', 'b1', 'A-1', { eventId: 'p1' })]);
    await repo.recordPurchase(event('p2', { eventType: 'purchase', businessId: 'b1' }), [
      order('o2', 'b1', 'A-1', { valueCents: 5, eventId: 'p2' }),
      order('o3', 'b1', 'A-2', { eventId: 'p2', referralId: 'ref-9', sessionId: 's9', occurredAt: T - 5, lines: [{ productId: '7', sku: null, url: null, name: 'Mug', priceCents: 1999, quantity: 1 }] }),
    ]);
    // Without orders: the event alone, with its business.
    await repo.recordPurchase(event('p3', { eventType: 'purchase', businessId: 'b1' }), []);
    expect(await eventBusinesses()).toEqual({ p1: 'b1', p2: 'b1', p3: 'b1' });
    // The lines as JSON: text on SQLite, jsonb on PostgreSQL.
    const stored = (await db.query<{ lines: unknown }>('SELECT * FROM conversions ORDER BY id')).map((row) => ({ ...row, lines: typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines }));
    expect(stored).toEqual([
      { id: 'o1', business_id: 'b1', order_id: 'A-1', value_cents: 1999, currency: 'USD', referral_id: null, session_id: null, source: 'script', event_id: 'p1', occurred_at: T, created_at: T, lines: null },
      {
        id: 'o3',
        business_id: 'b1',
        order_id: 'A-2',
        value_cents: 1999,
        currency: 'USD',
        referral_id: 'ref-9',
        session_id: 's9',
        source: 'script',
        event_id: 'p2',
        occurred_at: T - 5,
        created_at: T,
        lines: [{ productId: '7', sku: null, url: null, name: 'Mug', priceCents: 1999, quantity: 1 }],
      },
    ]);
  });

  it('stores nothing of a purchase when its event is refused', async () => {
    await addBusiness(db, 'b1');
    await repo.recordPurchase(event('p1', { eventType: 'purchase', businessId: 'b1' }), []);
    const outcome = await repo.recordPurchase(event('p1', { eventType: 'purchase', businessId: 'b1' }), [order('o1', 'b1', 'A-1')]).then(
      () => 'stored',
      (error: unknown) => `refused: ${String(error)}`,
    );
    expect(outcome).toMatch(/^refused: .*(UNIQUE|unique)/);
    expect(await db.query('SELECT id FROM conversions')).toEqual([]);
  });

  it('close() commits every write handed over, then refuses more', async () => {
    await addBusiness(db, 'b1');
    const pending = [
      ...Array.from({ length: 50 }, (_, i) => repo.recordClick(click(`c${String(i).padStart(2, '0')}`))),
      repo.recordPurchase(event('p1', { eventType: 'purchase', businessId: 'b1' }), [order('o1', 'b1', 'A-1')]),
    ];
    await repo.close();
    expect(await db.query('SELECT count(*) AS n FROM clicks')).toEqual([{ n: 50 }]);
    expect(await db.query('SELECT count(*) AS n FROM conversions')).toEqual([{ n: 1 }]);
    await Promise.all(pending);
    await expect(repo.recordClick(click('late'))).rejects.toBeInstanceOf(WriteError);
  });

  it('finds the business that verified the first of the domains any business verified', async () => {
    await addBusiness(db, 'parent', { domain: 'shop.example' });
    await addBusiness(db, 'child', { domain: 'eu.shop.example', status: 'suspended' });
    expect(await trust.findStoreOwner(['www.eu.shop.example', 'eu.shop.example', 'shop.example'])).toEqual({ id: 'child', status: 'suspended' });
    expect(await trust.findStoreOwner(['us.shop.example', 'shop.example'])).toEqual({ id: 'parent', status: 'active' });
    expect(await trust.findStoreOwner(['shop.example', 'eu.shop.example'])).toEqual({ id: 'parent', status: 'active' });
    expect(await trust.findStoreOwner(['nobody.example'])).toBeUndefined();
    expect(await trust.findStoreOwner([])).toBeUndefined();
  });

  it("finds a catalog offer's link by its canonical URL, only from an admin's feed", async () => {
    await addBusiness(db, 'b1');
    await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
    const offer = 'INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, business_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
    await db.query(offer, ['shop', '1', 'https://shop.example/p/1', 'https://WWW.Shop.example/p/1?utm=x', 'shop.example', 'One', 100, 'USD', null]);
    await db.query(offer, ['shop', '2', 'https://shop.example/p/2', 'https://shop.example/p/2', 'shop.example', 'Two', 100, 'USD', 'b1']);
    expect(await trust.findCatalogOfferLink('https://shop.example/p/1')).toEqual({ url: 'https://WWW.Shop.example/p/1?utm=x', canonicalUrl: 'https://shop.example/p/1' });
    expect(await trust.findCatalogOfferLink('https://shop.example/p/2')).toBeUndefined();
    expect(await trust.findCatalogOfferLink('https://shop.example/p/3')).toBeUndefined();
  });
});

describe('tracking writes on PostgreSQL: group commit', () => {
  let db: PostgresEngine;
  beforeEach(async () => {
    db = await openPortEngine('postgres');
  });
  afterEach(async () => {
    await db.close();
  });

  it('gathers the writes that arrive while a batch commits into the next batch, and answers each only once its batch committed', async () => {
    const repo = createPgTrackingRepository(db.handle);
    // Another connection: what it sees is committed.
    const observer = (await db.connect()).handle.pool;
    try {
      const seenAtAnswer: boolean[] = [];
      const write = async (id: string) => {
        await repo.recordClick(click(id));
        const { rows } = await observer.query('SELECT 1 FROM clicks WHERE id = $1', [id]);
        seenAtAnswer.push(rows.length === 1);
      };
      const first = Array.from({ length: 20 }, (_, i) => write(`a${i}`));
      // While the first batch commits, more writes arrive over several turns of the event loop.
      const later: Array<Promise<void>> = [];
      for (let turn = 0; turn < 5; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
        for (let i = 0; i < 20; i++) later.push(write(`b${turn}-${i}`));
      }
      await Promise.all([...first, ...later]);
      expect(seenAtAnswer).toHaveLength(120);
      expect(seenAtAnswer.every(Boolean)).toBe(true);
      expect(repo.stats.writes).toBe(120);
      // The 100 later writes did not each get a transaction: they joined batches.
      expect(repo.stats.batches).toBeLessThan(10);
    } finally {
      await repo.close();
    }
  });

  it('commits one transaction per write when told to', async () => {
    const repo = createPgTrackingRepository(db.handle, { groupCommit: false });
    const results = await Promise.allSettled([repo.recordReferral(referral('r1', 'x')), repo.recordReferral(referral('r2', 'x')), repo.recordClick(click('c1'))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(repo.stats).toEqual({ batches: 3, writes: 3 });
    expect(await db.query('SELECT count(*) AS n FROM referrals')).toEqual([{ n: 1 }]);
    await repo.close();
  });
});
