import { overviewResponseSchema, type BusinessListQuery, type NewAuditEntry } from '@pricehunt/contracts';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing/port-engines';
import { type AdminRepository, createPgAdminRepository, createSqliteAdminRepository, type RetailerSettings, writeAuditEntryPg } from '../../index';
import { COUNTED_TABLES } from './tables';

interface Subject {
  db: PortEngine;
  repo: AdminRepository;
  /** The port on another connection (pool) to the same database, as another API process has it. */
  another(): Promise<AdminRepository>;
  /** The engine's form of a flag in a raw statement. */
  flag(value: boolean): unknown;
}

const port = (connection: EngineConnection): AdminRepository =>
  connection.engine === 'sqlite' ? createSqliteAdminRepository(connection.handle) : createPgAdminRepository(connection.handle);

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  return { db, repo: port(db), another: async () => port(await db.connect()), flag: (value) => (engine === 'sqlite' ? (value ? 1 : 0) : value) };
}

/** Equal, and with the keys in the same order: the API answers these objects as JSON. */
function expectExactly(actual: unknown, expected: unknown) {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const DAY_MS = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 10, 20); // 2026-11-20T00:00:00.000Z
const iso = (ms: number) => new Date(ms).toISOString();

const audit = (extra: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  actorId: 'admin-1',
  actorEmail: 'admin@example.com',
  action: 'business.suspend',
  targetType: 'business',
  targetId: 'b-shop',
  targetLabel: 'shop@example.com',
  before: { status: 'active', isAdmin: false },
  after: { status: 'suspended', isAdmin: false },
  ...extra,
});

const query = (extra: Partial<BusinessListQuery> = {}): BusinessListQuery => ({ sort: 'createdAt', order: 'desc', page: 1, pageSize: 50, ...extra });

describe.each(ENGINES)('admin storage port on %s', (engine) => {
  let s: Subject;
  let run: PortEngine['query'];

  const addBusiness = (id: string, email: string, options: { storeName?: string | null; storeDomain?: string | null; isAdmin?: boolean; status?: string; createdAt: number }) =>
    run(
      `INSERT INTO businesses (id, email, password_hash, store_name, store_domain, is_admin, status, created_at, updated_at) VALUES (?, ?, 'hash', ?, ?, ?, ?, ?, ?)`,
      [id, email, options.storeName ?? null, options.storeDomain ?? null, s.flag(options.isAdmin ?? false), options.status ?? 'active', iso(options.createdAt), iso(options.createdAt)],
    );
  const addSession = (id: string, businessId: string, expiresAt: number) =>
    run(`INSERT INTO sessions (id, data, expires_at, business_id) VALUES (?, '{}', ?, ?)`, [id, expiresAt, businessId]);
  const auditCount = async () => Number((await run<{ n: number | string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);

  beforeAll(async () => {
    s = await open(engine);
    run = s.db.query;
    await addBusiness('b-admin', 'admin@example.com', { isAdmin: true, createdAt: T0 - 40 * DAY_MS });
    await addBusiness('b-shop', 'Shop@Example.com', { storeName: 'The 100% Shop', storeDomain: 'shop.example', createdAt: T0 - 10 * DAY_MS });
    await addBusiness('b-other', 'other_one@example.com', { storeName: 'Other', storeDomain: 'other.example', status: 'suspended', createdAt: T0 - 5 * DAY_MS });
    await addBusiness('b-blank', 'blank@example.com', { storeDomain: '', createdAt: T0 - 5 * DAY_MS });
    await addBusiness('b-ÉCOLE', 'ÉCOLE@example.com', { createdAt: T0 - DAY_MS });
    await run(`INSERT INTO verified_domains (domain, business_id, method, verified_at) VALUES ('shop.example', 'b-shop', 'meta', ?)`, [T0]);
    await run(`INSERT INTO retailers (id, name, domains, affiliate_param) VALUES ('amazon', 'Amazon', '["amazon.com"]', 'tag=x'), ('zeta', 'zeta', '[]', NULL),
      ('bestbuy', 'Best Buy', '["bestbuy.com","bestbuy.ca"]', NULL), ('walmart', 'Walmart', '["walmart.com"]', NULL), ('bigbox', 'best buy', '[]', NULL), ('eshop', 'Éshop', '[]', NULL)`);
    await run(`INSERT INTO products (id, title) VALUES (1, 'TV'), (2, 'Phone')`);
    const offer = (id: number, retailer: string, businessId: string | null) =>
      run(
        `INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, product_id, business_id)
         VALUES (?, ?, ?, ?, ?, 'example.com', 'offer', 100, 'USD', 1, ?)`,
        [id, retailer, `X${id}`, `https://example.com/${id}`, `https://example.com/${id}`, businessId],
      );
    await offer(1, 'amazon', null);
    await offer(2, 'amazon', 'b-shop');
    await offer(3, 'walmart', null);
    await offer(4, 'bestbuy', null);
    await run(
      `INSERT INTO import_runs (id, format, source, retailer_id, retailer_ids, status, started_at) VALUES
       ('run-1', 'gmc', 'a', NULL, '["amazon","walmart"]', 'succeeded', ?),
       ('run-2', 'gmc', 'b', 'amazon', NULL, 'running', ?),
       ('run-3', 'gmc', 'c', 'walmart', '["bestbuy"]', 'succeeded', ?)`,
      [iso(T0 + 1000), iso(T0 + 2000), iso(T0 + 3000)],
    );
  });
  afterAll(async () => s.db.close());

  describe('businesses', () => {
    it('finds a business with its verified store domain, as the console reads it', async () => {
      expectExactly(await s.repo.findBusiness('b-shop'), {
        id: 'b-shop',
        email: 'Shop@Example.com',
        storeName: 'The 100% Shop',
        storeDomain: 'shop.example',
        isAdmin: false,
        status: 'active',
        createdAt: iso(T0 - 10 * DAY_MS),
        updatedAt: iso(T0 - 10 * DAY_MS),
        domainVerified: true,
      });
      expect(await s.repo.findBusiness('b-admin')).toMatchObject({ isAdmin: true, domainVerified: false, storeDomain: null });
      expect(await s.repo.findBusiness('nobody')).toBeUndefined();
    });

    it.each<[Partial<BusinessListQuery>, string[], number]>([
      [{}, ['b-ÉCOLE', 'b-other', 'b-blank', 'b-shop', 'b-admin'], 5],
      [{ order: 'asc' }, ['b-admin', 'b-shop', 'b-blank', 'b-other', 'b-ÉCOLE'], 5],
      [{ sort: 'email', order: 'asc' }, ['b-shop', 'b-admin', 'b-blank', 'b-other', 'b-ÉCOLE'], 5],
      [{ sort: 'storeDomain', order: 'asc' }, ['b-blank', 'b-other', 'b-shop', 'b-admin', 'b-ÉCOLE'], 5],
      [{ sort: 'storeDomain', order: 'desc' }, ['b-shop', 'b-other', 'b-blank', 'b-ÉCOLE', 'b-admin'], 5],
      [{ sort: 'status', order: 'asc', pageSize: 2, page: 2 }, ['b-shop', 'b-ÉCOLE'], 5],
      // Letter case of ASCII letters only is ignored; % and _ are literal.
      [{ q: 'SHOP@' }, ['b-shop'], 1],
      [{ q: 'école' }, [], 0],
      [{ q: '100%' }, ['b-shop'], 1],
      [{ q: 'er_o' }, ['b-other'], 1],
      [{ q: 'b-admin' }, ['b-admin'], 1],
      [{ status: 'suspended' }, ['b-other'], 1],
      [{ admin: true }, ['b-admin'], 1],
      [{ admin: false, hasStore: true }, ['b-other', 'b-shop'], 2],
      [{ hasStore: false }, ['b-ÉCOLE', 'b-blank', 'b-admin'], 3],
    ])('lists businesses for %j', async (extra, ids, total) => {
      const listed = await s.repo.listBusinesses(query(extra));
      expect(listed.items.map((item) => item.id)).toEqual(ids);
      expect(listed.total).toBe(total);
    });

    it('changes a business only while it is as read, ends its sessions and records the audit entry with them', async () => {
      await addBusiness('b-change', 'change@example.com', { createdAt: T0 });
      await addSession('s1', 'b-change', Date.now() + DAY_MS);
      await addSession('s2', 'b-change', Date.now() - DAY_MS);
      await addSession('s3', 'b-shop', Date.now() + DAY_MS);
      const now = iso(T0 + 5 * DAY_MS);
      const entries = await auditCount();
      // Read as an admin, but it is not.
      expect(
        await s.repo.changeBusiness({ id: 'b-change', expected: { status: 'active', isAdmin: true }, change: { status: 'suspended' }, endSessions: true, audit: audit(), now }),
      ).toBeNull();
      expect(await s.repo.changeBusiness({ id: 'nobody', expected: { status: 'active', isAdmin: false }, change: { status: 'suspended' }, endSessions: true, audit: audit(), now })).toBeNull();
      expect(await auditCount()).toBe(entries);
      expect(Number((await run<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE business_id = 'b-change'"))[0]?.n)).toBe(2);

      const changed = await s.repo.changeBusiness({
        id: 'b-change',
        expected: { status: 'active', isAdmin: false },
        change: { status: 'suspended' },
        endSessions: true,
        audit: audit({ targetId: 'b-change', after: { status: 'suspended', isAdmin: false } }),
        now,
      });
      expectExactly(changed?.business, {
        id: 'b-change',
        email: 'change@example.com',
        storeName: null,
        storeDomain: null,
        isAdmin: false,
        status: 'suspended',
        createdAt: iso(T0),
        updatedAt: now,
        domainVerified: false,
      });
      expect(changed?.sessionsEnded).toBe(2);
      expectExactly(changed?.audit, {
        id: changed?.audit.id,
        createdAt: now,
        actorId: 'admin-1',
        actorEmail: 'admin@example.com',
        action: 'business.suspend',
        targetType: 'business',
        targetId: 'b-change',
        targetLabel: 'shop@example.com',
        before: { status: 'active', isAdmin: false },
        after: { status: 'suspended', isAdmin: false, sessionsEnded: 2 },
      });
      expect(Number((await run<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE business_id = 'b-shop'"))[0]?.n)).toBe(1);

      const granted = await s.repo.changeBusiness({
        id: 'b-change',
        expected: { status: 'suspended', isAdmin: false },
        change: { isAdmin: true },
        endSessions: false,
        audit: audit({ action: 'business.grant_admin', targetId: 'b-change' }),
        now,
      });
      expect(granted).toMatchObject({ business: { isAdmin: true, status: 'suspended' }, sessionsEnded: 0, audit: { after: { status: 'suspended', isAdmin: false } } });
    });

    it('changes a business once when two processes change it at once from the same reading', async () => {
      const other = await s.another();
      for (let round = 0; round < 3; round++) {
        const id = `b-race-${round}`;
        await addBusiness(id, `${id}@example.com`, { createdAt: T0 });
        const entries = await auditCount();
        const input = (repo: AdminRepository) =>
          repo.changeBusiness({ id, expected: { status: 'active', isAdmin: false }, change: { status: 'suspended' }, endSessions: true, audit: audit({ targetId: id }), now: iso(T0) });
        const answers = await Promise.all([input(s.repo), input(other), input(s.repo), input(other)]);
        expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
        expect(await auditCount()).toBe(entries + 1);
      }
    });

    it('counts businesses by status, admin access and store, and those created since a time', async () => {
      const counts = await s.repo.businessCounts(iso(T0 - 5 * DAY_MS));
      const all = (await s.repo.listBusinesses(query({ pageSize: 100 }))).items;
      expectExactly(counts, {
        total: all.length,
        active: all.filter((b) => b.status === 'active').length,
        suspended: all.filter((b) => b.status === 'suspended').length,
        admins: all.filter((b) => b.isAdmin).length,
        withStore: 2,
        newLast30Days: all.filter((b) => b.createdAt >= iso(T0 - 5 * DAY_MS)).length,
      });
      expect(counts.newLast30Days).toBeGreaterThanOrEqual(3);
    });
  });

  describe('activity', () => {
    beforeAll(async () => {
      const click = (id: string, at: number, businessId: string | null) =>
        run(`INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, business_id) VALUES (?, ?, 'u', 't', 'h', 's', ?)`, [id, at, businessId]);
      const referral = (id: string, at: number, businessId: string | null) =>
        run(`INSERT INTO referrals (id, referral_id, created_at, business_domain, requested_url, target_url, business_id) VALUES (?, ?, ?, 'shop.example', 'u', 't', ?)`, [
          id,
          `ref-${id}`,
          at,
          businessId,
        ]);
      const conversion = (id: string, at: number, cents: number, currency: string, referralId: string | null) =>
        run(
          `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, source, occurred_at, created_at, referral_id) VALUES (?, 'b-shop', ?, ?, ?, 'script', ?, ?, ?)`,
          [id, `order-${id}`, cents, currency, at, at, referralId],
        );
      const search = (id: string, at: number) =>
        run(`INSERT INTO search_requests (request_id, query, identified_by, result_json, created_at) VALUES (?, 'q', 'query', '{}', ?)`, [id, iso(at)]);
      // Around midnight of the 20th: the last millisecond of the 19th and the first of the 20th.
      await click('c1', T0 - 1, 'b-shop');
      await click('c2', T0, 'b-shop');
      await click('c3', T0 + DAY_MS - 1, null);
      await click('c4', T0 - 40 * DAY_MS, 'b-shop');
      await referral('r1', T0 - 1, 'b-shop');
      await referral('r2', T0 + 500, 'b-shop');
      await referral('r3', T0 - 40 * DAY_MS, 'b-shop');
      // The figures count orders a referral earned (inside the business's window, 30 days without settings).
      await conversion('v1', T0 - 1, 1_000, 'USD', 'ref-r1');
      await conversion('v2', T0 + 1, 2_500, 'USD', 'ref-r1');
      await conversion('v3', T0 + 2, 9_999, 'EUR', 'ref-r1');
      await conversion('v4', T0 - 40 * DAY_MS, 7_000, 'USD', 'ref-r3');
      // Orders the store reported that no referral earned: none, one before its referral, one after the window.
      await conversion('v5', T0 + 3, 5_000, 'USD', null);
      await conversion('v6', T0 + 4, 6_000, 'USD', 'ref-r2');
      await conversion('v7', T0 - 5 * DAY_MS, 8_000, 'USD', 'ref-r3');
      // Product clicks the store's script reported count as clicks, as on the dashboard; other events do not.
      const event = (id: string, at: number, type: string) =>
        run(`INSERT INTO events (id, created_at, event_type, business_domain, business_id, data) VALUES (?, ?, ?, 'shop.example', 'b-shop', '{}')`, [id, at, type]);
      await event('e1', T0 + 10, 'product_click');
      await event('e2', T0 + DAY_MS, 'product_click');
      await event('e3', T0 + 20, 'page_view');
      await search('q1', T0 - 1);
      await search('q2', T0);
      await search('q3', T0 + 1);
      await search('q4', T0 - 40 * DAY_MS);
    });

    it('answers figures per UTC day from a time on, days without activity absent', async () => {
      const days = await s.repo.dailyActivity(T0 - DAY_MS);
      expectExactly(
        [...days.entries()].sort(([a], [b]) => a.localeCompare(b)),
        [
          ['2026-11-19', { searches: 1, clicks: 1, referrals: 1, conversions: 1, revenueCents: 1_000 }],
          ['2026-11-20', { searches: 2, clicks: 2, referrals: 1, conversions: 2, revenueCents: 2_500 }],
        ],
      );
      expect([...(await s.repo.dailyActivity(T0)).keys()]).toEqual(expect.arrayContaining(['2026-11-20']));
      expect((await s.repo.dailyActivity(T0)).has('2026-11-19')).toBe(false);
      expect((await s.repo.dailyActivity(T0 - 60 * DAY_MS)).get('2026-10-11')).toEqual({ searches: 1, clicks: 1, referrals: 1, conversions: 1, revenueCents: 7_000 });
    });

    it("answers a business's figures in a period and ever, its offers and its live sessions", async () => {
      await addSession('live-shop', 'b-shop', Date.now() + DAY_MS);
      const live = Number((await run<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE business_id = 'b-shop' AND expires_at > ?", [Date.now()]))[0]?.n);
      // The period ends before its `end`: the product click at T0 + 1 day is not in it.
      expectExactly(await s.repo.businessFigures('b-shop', { start: T0, end: T0 + DAY_MS }), {
        currency: 'USD',
        last30Days: { clicks: 2, referrals: 1, conversions: 2, revenueCents: 2_500 },
        allTime: { clicks: 5, referrals: 3, conversions: 4, revenueCents: 10_500 },
        offers: 1,
        activeSessions: live,
      });
      expect(live).toBeGreaterThanOrEqual(1);
      expect(await s.repo.businessFigures('nobody', { start: 0, end: T0 })).toEqual({
        currency: 'USD',
        last30Days: { clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 },
        allTime: { clicks: 0, referrals: 0, conversions: 0, revenueCents: 0 },
        offers: 0,
        activeSessions: 0,
      });
    });

    it("counts revenue in the business's currency and names its time zone, from its settings", async () => {
      expect(await s.repo.businessReporting('b-shop')).toEqual({ timeZone: 'UTC', currency: 'USD' });
      await run(
        `INSERT INTO merchant_settings (business_id, currency, attribution_window_days, time_zone, verification_token, updated_at) VALUES ('b-shop', 'EUR', 30, 'Europe/Berlin', 'token', ?)`,
        [T0],
      );
      try {
        expect(await s.repo.businessReporting('b-shop')).toEqual({ timeZone: 'Europe/Berlin', currency: 'EUR' });
        const figures = await s.repo.businessFigures('b-shop', { start: T0, end: T0 + DAY_MS });
        expect(figures).toMatchObject({ currency: 'EUR', last30Days: { conversions: 2, revenueCents: 9_999 }, allTime: { conversions: 4, revenueCents: 9_999 } });
      } finally {
        await run(`DELETE FROM merchant_settings WHERE business_id = 'b-shop'`);
      }
    });
  });

  describe('catalog and retailers', () => {
    it('sizes the catalog: offers, products, retailers with the most offers first (then by name)', async () => {
      expectExactly(await s.repo.catalogSize(), {
        offers: 4,
        products: 2,
        retailers: [
          { id: 'amazon', name: 'Amazon', offers: 2 },
          { id: 'bestbuy', name: 'Best Buy', offers: 1 },
          { id: 'walmart', name: 'Walmart', offers: 1 },
          { id: 'bigbox', name: 'best buy', offers: 0 },
          { id: 'zeta', name: 'zeta', offers: 0 },
          { id: 'eshop', name: 'Éshop', offers: 0 },
        ],
      });
      expect(await s.repo.countProducts()).toBe(2);
    });

    it('lists retailers by name in any ASCII letter case, with their offers and last import', async () => {
      const listed = await s.repo.listRetailers();
      expect(listed.map((retailer) => retailer.id)).toEqual(['amazon', 'bestbuy', 'bigbox', 'walmart', 'zeta', 'eshop']);
      expectExactly(listed[0], { id: 'amazon', name: 'Amazon', domains: ['amazon.com'], affiliateParam: 'tag=x', offers: 2, lastImportAt: iso(T0 + 2000) });
      expectExactly(await s.repo.findRetailer('bestbuy'), {
        id: 'bestbuy',
        name: 'Best Buy',
        domains: ['bestbuy.com', 'bestbuy.ca'],
        affiliateParam: null,
        offers: 1,
        lastImportAt: iso(T0 + 3000),
      });
      expect((await s.repo.findRetailer('walmart'))?.lastImportAt).toBe(iso(T0 + 1000));
      expect((await s.repo.findRetailer('zeta'))?.lastImportAt).toBeNull();
      expect(await s.repo.findRetailer('nobody')).toBeUndefined();
      expect(await s.repo.retailerOwningDomain(['x.com', 'bestbuy.ca'], 'amazon')).toEqual({ id: 'bestbuy', domain: 'bestbuy.ca' });
      expect(await s.repo.retailerOwningDomain(['bestbuy.ca'], 'bestbuy')).toBeUndefined();
    });

    it('edits a retailer only while it is as read and no other retailer has one of its new domains', async () => {
      const before: RetailerSettings = { name: 'Walmart', domains: ['walmart.com'], affiliateParam: null };
      const edit = (changes: object, expected = before) =>
        s.repo.updateRetailer({
          id: 'walmart',
          expected,
          changes,
          audit: audit({ action: 'retailer.update', targetType: 'retailer', targetId: 'walmart', before: expected, after: { ...expected, ...changes } }),
          now: iso(T0 + 9000),
        });
      const entries = await auditCount();
      expect(await edit({ name: 'Walmart US' }, { ...before, name: 'Wal-Mart' })).toBeNull();
      expect(await edit({ domains: ['walmart.com', 'amazon.com'] })).toBeNull();
      expect(await auditCount()).toBe(entries);
      expectExactly(await edit({ domains: ['walmart.com', 'walmart.ca'], affiliateParam: 'wm=1' }), {
        id: 'walmart',
        name: 'Walmart',
        domains: ['walmart.com', 'walmart.ca'],
        affiliateParam: 'wm=1',
        offers: 1,
        lastImportAt: iso(T0 + 1000),
      });
      expect(await auditCount()).toBe(entries + 1);
      expect((await s.repo.listAudit({ action: 'retailer.update', page: 1, pageSize: 1 })).items[0]).toMatchObject({
        targetId: 'walmart',
        createdAt: iso(T0 + 9000),
        after: { name: 'Walmart', domains: ['walmart.com', 'walmart.ca'], affiliateParam: 'wm=1' },
      });
      // Back as it was, for the other cases.
      expect(await edit({ domains: ['walmart.com'], affiliateParam: null }, { name: 'Walmart', domains: ['walmart.com', 'walmart.ca'], affiliateParam: 'wm=1' })).not.toBeNull();
    });

    it('gives a domain to one retailer when two processes give it to two retailers at once', async () => {
      const other = await s.another();
      for (let round = 0; round < 3; round++) {
        const domain = `shared-${round}.example`;
        const give = (repo: AdminRepository, id: string) =>
          s.repo.findRetailer(id).then(({ name, domains, affiliateParam } = { name: '', domains: [], affiliateParam: null, id, offers: 0, lastImportAt: null }) =>
            repo.updateRetailer({
              id,
              expected: { name, domains, affiliateParam },
              changes: { domains: [...domains, domain] },
              audit: audit({ action: 'retailer.update', targetType: 'retailer', targetId: id }),
              now: iso(T0),
            }),
          );
        const answers = await Promise.all([give(s.repo, 'zeta'), give(other, 'bigbox')]);
        expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
        const owners = (await s.repo.listRetailers()).filter((retailer) => retailer.domains.includes(domain));
        expect(owners).toHaveLength(1);
      }
    });
  });

  describe('database and audit log', () => {
    it('sizes the database and counts the rows of the tables the overview shows', async () => {
      const size = await s.repo.databaseSize();
      expect(() => overviewResponseSchema.shape.database.parse(size)).not.toThrow();
      expect(size.bytes).toBeGreaterThan(0);
      expect(size.walBytes).toBeGreaterThanOrEqual(0);
      expect(size.tables.map((table) => table.name)).toEqual([...COUNTED_TABLES]);
      const counts = Object.fromEntries(size.tables.map((table) => [table.name, table.rows]));
      expect(counts).toMatchObject({ retailers: 6, offers: 4, products: 2, price_points: 0, import_runs: 3, clicks: 4, conversions: 7, search_requests: 4 });
      expect(counts.audit_log).toBe(await auditCount());
    });

    it('records audit entries as written, keys in their order, and pages them newest first, insertion order breaking ties', async () => {
      const now = iso(T0 + 100 * DAY_MS);
      const first = await s.repo.insertAudit(audit({ targetId: 'b-log', before: { zeta: 1, alpha: { b: 2, a: [3, 'x'] } }, after: null }), now);
      expectExactly(first, {
        id: first.id,
        createdAt: now,
        actorId: 'admin-1',
        actorEmail: 'admin@example.com',
        action: 'business.suspend',
        targetType: 'business',
        targetId: 'b-log',
        targetLabel: 'shop@example.com',
        before: { zeta: 1, alpha: { b: 2, a: [3, 'x'] } },
        after: null,
      });
      const ids = [first.id];
      for (let index = 0; index < 4; index++) ids.push((await s.repo.insertAudit(audit({ targetId: 'b-log', actorId: null }), now)).id);
      const page = await s.repo.listAudit({ businessId: 'b-log', page: 1, pageSize: 3 });
      expect(page.total).toBe(5);
      expect(page.items.map((entry) => entry.id)).toEqual([ids[4], ids[3], ids[2]]);
      expect((await s.repo.listAudit({ businessId: 'b-log', page: 2, pageSize: 3 })).items.map((entry) => entry.id)).toEqual([ids[1], ids[0]]);
      expectExactly((await s.repo.listAudit({ businessId: 'b-log', page: 2, pageSize: 3 })).items[1], first);
      const all = await s.repo.listAudit({ page: 1, pageSize: 100 });
      expect(all.total).toBe(await auditCount());
      expect(all.items[0]?.id).toBe(ids[4]);
      expect((await s.repo.listAudit({ action: 'retailer.update', page: 1, pageSize: 100 })).items.every((entry) => entry.action === 'retailer.update')).toBe(true);
      expect((await s.repo.listAudit({ businessId: 'walmart', page: 1, pageSize: 100 })).total).toBe(0);
    });
  });
});

describe('writeAuditEntryPg', () => {
  it("writes the entry in the caller's transaction: rolled back with it, or committed with it", async () => {
    const engine = await openPortEngine('postgres');
    try {
      const client = await engine.handle.pool.connect();
      try {
        await client.query('BEGIN');
        const entry = await writeAuditEntryPg(client, audit({ action: 'catalog.merge_products', targetType: 'catalog', targetId: '7' }), '2026-11-23T10:00:00.000Z');
        expect(entry).toMatchObject({ action: 'catalog.merge_products', createdAt: '2026-11-23T10:00:00.000Z' });
        expect((await engine.handle.pool.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(0);
        await client.query('ROLLBACK');
        await client.query('BEGIN');
        await writeAuditEntryPg(client, audit(), '2026-11-23T10:00:00.000Z');
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      const repo = createPgAdminRepository(engine.handle);
      expect((await repo.listAudit({ page: 1, pageSize: 10 })).items.map((entry) => entry.action)).toEqual(['business.suspend']);
    } finally {
      await engine.close();
    }
  });
});

describe('the audit log on PostgreSQL', () => {
  it('pages entries of the same millisecond in insertion order, wherever their rows lie', async () => {
    const engine = await openPortEngine('postgres');
    try {
      const repo = createPgAdminRepository(engine.handle);
      const now = '2026-11-23T10:00:00.000Z';
      const ids: string[] = [];
      for (let index = 0; index < 6; index++) ids.push((await repo.insertAudit(audit({ targetLabel: `#${index}` }), now)).id);
      // Space freed at the start of the table is reused by the next rows: their place no longer tells their order.
      await engine.query('DELETE FROM audit_log WHERE id = ANY(?)', [ids.slice(0, 3)]);
      await engine.query('VACUUM audit_log');
      const later: string[] = [];
      for (let index = 6; index < 9; index++) later.push((await repo.insertAudit(audit({ targetLabel: `#${index}` }), now)).id);
      const listed = await repo.listAudit({ page: 1, pageSize: 10 });
      expect(listed.items.map((entry) => entry.targetLabel)).toEqual(['#8', '#7', '#6', '#5', '#4', '#3']);
      expect(listed.items.map((entry) => entry.id)).toEqual([...later].reverse().concat([...ids.slice(3)].reverse()));
    } finally {
      await engine.close();
    }
  });
});
