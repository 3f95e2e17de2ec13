import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { app as apiPlugin } from '../../app';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call, cookieFrom, registerBusiness, registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { run as runSql } from '../../testing/db';
import { present, lastDays, type BusinessDetailResponse, type SummaryResponse } from '@pricehunt/contracts';
import { settableClock } from '../../lib/clock';

const ADMIN_ORIGIN = 'http://localhost:4400';

/** A signed-in admin: registered through the API, made admin the way the CLI does, then logged in. */
async function signInAdmin(t: TestApp, email = 'admin@example.com') {
  await t.app.businessAccounts.createOrPromoteAdmin(email, STRONG_PASSWORD);
  return login(t.app, email);
}

async function login(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const res = await call(app, 'POST', '/api/business/auth/login', { body: { email, password }, origin: ADMIN_ORIGIN });
  return { res, cookie: cookieFrom(res), business: res.statusCode === 200 ? (res.json().business as { id: string; email: string }) : undefined };
}

function admin(app: FastifyInstance, cookie: string | undefined, method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { origin: ADMIN_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });
}

/** A multipart/form-data body as a browser's FormData sends it: fields first, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; content: string; type?: string }) {
  const boundary = '----pricehunt-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/tab-separated-values'}\r\n\r\n${file.content}\r\n`,
    );
  }
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const FEED = [
  'id\ttitle\tlink\tprice\tbrand\tgtin\tavailability',
  'A-1\tAcme Blender 500\thttps://shop.acme-kitchen.com/p/a-1\t49.99 USD\tAcme\t\tin stock',
  'A-2\tAcme Toaster 2-slice\thttps://shop.acme-kitchen.com/p/a-2\tnot a price\tAcme\t\tin stock',
  'A-3\tAcme Kettle 1.7 L\thttps://shop.acme-kitchen.com/p/a-3\t29.00 USD\tAcme\tKET-17\tout of stock',
].join('\n');

/** Polls the job until it ends: up to 20 seconds, however busy the machine (its file work runs on other threads). */
async function waitForJob(app: FastifyInstance, cookie: string, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await admin(app, cookie, 'GET', `/api/admin/imports/jobs/${id}`);
    const job = res.json().job as { state: string };
    if (job.state === 'succeeded' || job.state === 'failed') return res.json().job;
    if (Date.now() > deadline) throw new Error(`the import job did not finish (state ${job.state})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('admin API access', () => {
  let dir: TestApp;
  let routes: Array<{ method: string; url: string }>;
  let instance: FastifyInstance;

  beforeAll(async () => {
    // The real app, built with a route collector in front, so the list comes from Fastify's own route table.
    dir = await buildTestApp();
    routes = [];
    instance = Fastify({ logger: false });
    instance.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (route.url.startsWith('/api/admin') && method !== 'HEAD') routes.push({ method, url: route.url });
      }
    });
    await instance.register(apiPlugin, { config: dir.config });
    await instance.ready();
  });
  afterAll(async () => {
    await instance.close();
    await dir.close();
  });

  it('finds the admin routes in the route table', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/admin/overview', 'GET /api/admin/businesses', 'POST /api/admin/businesses/:id/:action', 'POST /api/admin/imports']));
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 to the signed-out and 403 to a business without admin access on every admin route', async () => {
    const merchant = await registerBusiness(instance, 'merchant@example.com');
    const suspendedAdmin = await signInAdmin({ ...dir, app: instance }, 'former-admin@example.com');
    await runSql(instance, "UPDATE businesses SET status = 'suspended' WHERE email = 'former-admin@example.com'");
    for (const route of routes) {
      const url = route.url.replace(':action', 'suspend').replace(/:[a-zA-Z]+/g, 'some-id');
      const body = route.method === 'GET' ? undefined : JSON.stringify({ name: 'x' });
      const json = { 'content-type': 'application/json' };
      const anonymous = await admin(instance, undefined, route.method, url, body, body ? json : {});
      expect({ route: `${route.method} ${route.url}`, status: anonymous.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const forbidden = await admin(instance, merchant.cookie, route.method, url, body, body ? json : {});
      expect({ route: `${route.method} ${route.url}`, status: forbidden.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
      expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const suspended = await admin(instance, suspendedAdmin.cookie, route.method, url, body, body ? json : {});
      expect(suspended.statusCode).toBe(403);
    }
  });
});

describe('admin API', () => {
  let t: TestApp;
  let cookie: string;
  let adminId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const signedIn = await signInAdmin(t);
    if (!signedIn.cookie || !signedIn.business) throw new Error('the admin could not sign in');
    cookie = signedIn.cookie;
    adminId = signedIn.business.id;
  });
  afterEach(() => t.close());

  it('lists businesses with search, filters, sort and pagination', async () => {
    for (let i = 0; i < 5; i++) await registerBusiness(t.app, `shop${i}@example.com`, STRONG_PASSWORD, i % 2 === 0 ? { storeDomain: `shop${i}.example.com` } : {});
    const all = await admin(t.app, cookie, 'GET', '/api/admin/businesses?sort=email&order=asc&pageSize=2&page=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(all.json().items.map((b: { email: string }) => b.email)).toEqual(['shop1@example.com', 'shop2@example.com']);

    const found = await admin(t.app, cookie, 'GET', '/api/admin/businesses?q=SHOP3%40');
    expect(found.json().items.map((b: { email: string }) => b.email)).toEqual(['shop3@example.com']);

    const withStore = await admin(t.app, cookie, 'GET', '/api/admin/businesses?hasStore=true&admin=false');
    expect(withStore.json().total).toBe(3);
    const admins = await admin(t.app, cookie, 'GET', '/api/admin/businesses?admin=true');
    expect(admins.json().items.map((b: { email: string }) => b.email)).toEqual(['admin@example.com']);

    // A literal % matches only a literal %.
    expect((await admin(t.app, cookie, 'GET', '/api/admin/businesses?q=%25')).json().total).toBe(0);
  });

  it('names the field of a bad list query', async () => {
    const res = await admin(t.app, cookie, 'GET', '/api/admin/businesses?sort=password&pageSize=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['sort', 'pageSize']));
  });

  it('suspends a business: its sessions end, it cannot log in, the audit log records it; reactivation lets it back', async () => {
    const shop = await registerBusiness(t.app, 'shop@example.com');
    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: shop.cookie })).statusCode).toBe(200);

    const suspended = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ success: true, business: { status: 'suspended' }, sessionsEnded: 1 });
    expect(suspended.json().audit).toMatchObject({
      actorId: adminId,
      actorEmail: 'admin@example.com',
      action: 'business.suspend',
      targetId: shop.business.id,
      before: { status: 'active' },
      after: { status: 'suspended' },
    });

    expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie: shop.cookie })).statusCode).toBe(401);
    const refused = await login(t.app, 'shop@example.com');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().error).toBe('This account is suspended');

    const again = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/suspend`);
    expect(again.statusCode).toBe(409);

    const detail = await admin(t.app, cookie, 'GET', `/api/admin/businesses/${shop.business.id}`);
    expect(detail.json().audit.map((a: { action: string }) => a.action)).toEqual(['business.suspend']);

    const reactivated = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/reactivate`);
    expect(reactivated.json()).toMatchObject({ business: { status: 'active' }, audit: { action: 'business.reactivate', before: { status: 'suspended' }, after: { status: 'active' } } });
    expect((await login(t.app, 'shop@example.com')).res.statusCode).toBe(200);

    const log = await admin(t.app, cookie, 'GET', `/api/admin/audit?businessId=${shop.business.id}`);
    expect(log.json().items.map((a: { action: string }) => a.action)).toEqual(['business.reactivate', 'business.suspend']);
  });

  it('grants and revokes admin access', async () => {
    const shop = await registerBusiness(t.app, 'shop@example.com');
    expect((await admin(t.app, shop.cookie, 'GET', '/api/admin/overview')).statusCode).toBe(403);
    const granted = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/grant-admin`);
    expect(granted.json()).toMatchObject({ business: { isAdmin: true }, audit: { action: 'business.grant_admin', before: { isAdmin: false }, after: { isAdmin: true } } });
    expect((await admin(t.app, shop.cookie, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    const revoked = await admin(t.app, shop.cookie, 'POST', `/api/admin/businesses/${adminId}/revoke-admin`);
    expect(revoked.statusCode).toBe(200);
    expect((await admin(t.app, cookie, 'GET', '/api/admin/overview')).statusCode).toBe(403);
  });

  it('refuses to let an admin suspend themselves or revoke their own admin access', async () => {
    const suspend = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${adminId}/suspend`);
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json()).toMatchObject({ success: false, error: 'You cannot suspend your own account', field: 'id' });
    const revoke = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${adminId}/revoke-admin`);
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().error).toBe('You cannot revoke your own admin access');
    expect((await admin(t.app, cookie, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    expect((await admin(t.app, cookie, 'GET', '/api/admin/audit')).json().total).toBe(0);
  });

  it('answers 404 for an unknown business and 400 for an unknown action', async () => {
    expect((await admin(t.app, cookie, 'GET', '/api/admin/businesses/nope')).statusCode).toBe(404);
    expect((await admin(t.app, cookie, 'POST', '/api/admin/businesses/nope/suspend')).statusCode).toBe(404);
    const unknown = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${adminId}/delete`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('action');
  });

  it('refuses a cross-site write even from a signed-in admin', async () => {
    const shop = await registerBusiness(t.app, 'shop@example.com');
    const res = await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/suspend`, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await admin(t.app, cookie, 'GET', `/api/admin/businesses/${shop.business.id}`)).json().business.status).toBe('active');
  });

  it('counts the day’s activity, businesses, catalog and storage in the overview', async () => {
    const shop = await registerBusiness(t.app, 'shop@example.com', STRONG_PASSWORD, { storeDomain: 'shop.example.com' });
    const now = Date.now();
    const insertClick = (...params: unknown[]) =>
      runSql(
        t.app,
        `INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, business_id) VALUES (?, ?, 'https://a.example/p', 'https://a.example/p', 'a.example', 'test', ?)`,
        params,
      );
    await insertClick('c1', now, shop.business.id);
    await insertClick('c2', now - 3 * 24 * 3600 * 1000, shop.business.id);
    await insertClick('c3', now - 40 * 24 * 3600 * 1000, null);
    await runSql(
      t.app,
      `INSERT INTO referrals (id, referral_id, created_at, business_domain, requested_url, target_url, business_id) VALUES ('r1', 'ref-1', ?, 'shop.example.com', 'u', 't', ?)`,
      [now - 12 * 24 * 3600 * 1000, shop.business.id],
    );
    const insertConversion = (...params: unknown[]) =>
      runSql(t.app, `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, source, occurred_at, created_at, referral_id) VALUES (?, ?, ?, ?, ?, 'webhook', ?, ?, ?)`, params);
    await insertConversion('v1', shop.business.id, 'order-1', 2500, 'USD', now, now, 'ref-1');
    await insertConversion('v2', shop.business.id, 'order-2', 1000, 'USD', now - 10 * 24 * 3600 * 1000, now, 'ref-1');
    // Revenue is shown in USD; an order in another currency counts as a conversion but adds no dollars.
    await insertConversion('v3', shop.business.id, 'order-3', 9900, 'EUR', now, now, 'ref-1');
    // An order no PriceHunt referral earned is the store's own: not in the figures.
    await insertConversion('v4', shop.business.id, 'order-4', 4000, 'USD', now, now, null);
    await admin(t.app, cookie, 'POST', `/api/admin/businesses/${shop.business.id}/suspend`);

    const res = await admin(t.app, cookie, 'GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.businesses).toMatchObject({ total: 2, active: 1, suspended: 1, admins: 1, withStore: 1 });
    expect(body.activity.today.clicks).toBe(1);
    expect(body.activity.last7Days.clicks).toBe(2);
    expect(body.activity.last30Days.clicks).toBe(2);
    expect(body.activity.today).toMatchObject({ conversions: 2, revenueCents: 2500 });
    expect(body.activity.last7Days).toMatchObject({ conversions: 2, revenueCents: 2500 });
    expect(body.activity.last30Days).toMatchObject({ conversions: 3, revenueCents: 3500 });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1).clicks).toBe(1);
    expect(body.database.bytes).toBeGreaterThan(0);
    expect(body.database.tables).toEqual(expect.arrayContaining([{ name: 'businesses', rows: 2 }, { name: 'clicks', rows: 3 }]));

    const detail = await admin(t.app, cookie, 'GET', `/api/admin/businesses/${shop.business.id}`);
    expect(detail.json().figures).toMatchObject({
      last30Days: { clicks: 2, conversions: 3, revenueCents: 3500 },
      allTime: { clicks: 2 },
      activeSessions: 0,
    });
  });

  it('lists an uploaded feed none of whose rows could be imported as failed, with the reasons', async () => {
    const refused = [FEED.split('\n')[0], 'A-2\tAcme Toaster 2-slice\thttps://shop.acme-kitchen.com/p/a-2\tnot a price\tAcme\t\tin stock', 'A-4\tAcme Grill\thttps://shop.acme-kitchen.com/p/a-4\tfree\tAcme\t\tin stock'].join('\n');
    const form = multipart({ retailerName: 'Acme Kitchen' }, { name: 'refused.tsv', content: refused });
    const started = await admin(t.app, cookie, 'POST', '/api/admin/imports', form.payload, form.headers);
    const job = await waitForJob(t.app, cookie, started.json().job.id);
    expect(job).toMatchObject({ state: 'failed', processedRows: 2, inserted: 0, skipped: 2, errorCount: 2 });
    expect(job.failure).toMatch(/^No row was imported\. All 2 rows were rejected: price: /);
    const runs = await admin(t.app, cookie, 'GET', '/api/admin/imports');
    expect(runs.json().items[0]).toMatchObject({ id: job.runId, status: 'failed', totalRows: 2, skipped: 2, errorCount: 2, failure: job.failure });
  });

  it('imports an uploaded feed in the background with a per-row report, then lists and edits its retailer', async () => {
    const form = multipart({ retailerName: 'Acme Kitchen' }, { name: 'acme.tsv', content: FEED });
    const started = await admin(t.app, cookie, 'POST', '/api/admin/imports', form.payload, form.headers);
    expect(started.statusCode).toBe(202);
    expect(started.json().job).toMatchObject({ fileName: 'acme.tsv', format: 'gmc-tsv', totalRows: 3 });

    const job = await waitForJob(t.app, cookie, started.json().job.id);
    expect(job).toMatchObject({ state: 'succeeded', processedRows: 3, inserted: 2, skipped: 1, errorCount: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ line: 3, field: 'price' })]);
    // A shop's own code in the GTIN column is left out of its row, which is imported.
    const leftOut = { line: 4, field: 'gtin', reason: '"KET-17" left out: must contain digits only' };
    expect(job).toMatchObject({ warningCount: 1, warnings: [leftOut] });

    const runs = await admin(t.app, cookie, 'GET', '/api/admin/imports');
    expect(runs.json().items[0]).toMatchObject({ id: job.runId, status: 'succeeded', inserted: 2, errorCount: 1, warningCount: 1 });
    const run = await admin(t.app, cookie, 'GET', `/api/admin/imports/${job.runId}`);
    expect(run.json().errors).toEqual([expect.objectContaining({ line: 3, field: 'price' })]);
    expect(run.json().warnings).toEqual([leftOut]);

    const retailers = (await admin(t.app, cookie, 'GET', '/api/admin/retailers')).json().items as Array<{ id: string; name: string; offers: number }>;
    const acme = retailers.find((r) => r.name === 'Acme Kitchen');
    if (!acme) throw new Error('the import did not add its retailer');
    expect(acme).toMatchObject({ offers: 2 });

    const bad = await admin(t.app, cookie, 'PATCH', `/api/admin/retailers/${acme.id}`, JSON.stringify({ domains: ['not a host'] }), { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('domains.0');

    const edited = await admin(
      t.app,
      cookie,
      'PATCH',
      `/api/admin/retailers/${acme.id}`,
      JSON.stringify({ name: 'Acme', domains: ['https://www.Shop.Acme-Kitchen.com/', 'acme-kitchen.com'], affiliateParam: 'ref' }),
      { 'content-type': 'application/json' },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().retailer).toMatchObject({ name: 'Acme', domains: ['shop.acme-kitchen.com', 'acme-kitchen.com'], affiliateParam: 'ref' });

    const audit = (await admin(t.app, cookie, 'GET', '/api/admin/audit')).json().items as Array<{ action: string; before: unknown; after: unknown }>;
    expect(audit.map((a) => a.action)).toEqual(['retailer.update', 'catalog.import']);
    expect(audit[0]).toMatchObject({ before: { name: 'Acme Kitchen' }, after: { name: 'Acme', affiliateParam: 'ref' } });

    const overview = (await admin(t.app, cookie, 'GET', '/api/admin/overview')).json();
    expect(overview.catalog).toMatchObject({ offers: 2, retailers: [{ name: 'Acme', offers: 2 }] });
    expect(overview.imports[0]).toMatchObject({ id: job.runId });

    const status = async () => (await admin(t.app, cookie, 'GET', '/api/admin/catalog/recluster')).json();
    /** The status once the re-clustering under way has ended (its offers are placed in the background). */
    const ended = async () => {
      for (let waited = 0; (await status()).underWay !== null; waited += 20) {
        if (waited > 30_000) throw new Error('the re-clustering did not end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return status();
    };
    expect(await status()).toEqual({ success: true, underWay: null, last: null });
    const begun = await admin(t.app, cookie, 'POST', '/api/admin/catalog/recluster');
    expect(begun.statusCode).toBe(202);
    expect(begun.json()).toEqual({ success: true, underWay: { offers: 2, unplaced: 2, productsBefore: expect.any(Number) }, resumed: false });
    const first = (await ended()).last;
    expect(first).toMatchObject({ by: 'admin@example.com', offers: 2, productsBefore: begun.json().underWay.productsBefore, resumed: false });
    expect(first.productsKept).toBe(first.productsAfter);
    expect(first.productsAfter).toBeGreaterThanOrEqual(1);

    // One left under way (its process died after its first batch of one offer) is shown, and carried on when asked.
    await t.app.catalog.ingestion
      .recluster({
        batchSize: 1,
        onProgress: () => {
          throw new Error('killed');
        },
      })
      .catch(() => undefined);
    expect((await status()).underWay).toEqual({ offers: 2, unplaced: 1, productsBefore: first.productsAfter });
    const carriedOn = await admin(t.app, cookie, 'POST', '/api/admin/catalog/recluster');
    expect(carriedOn.json()).toMatchObject({ success: true, underWay: { offers: 2 }, resumed: true });
    expect((await ended()).last).toMatchObject({ offers: 2, productsBefore: first.productsAfter, productsAfter: first.productsAfter, resumed: true });
    expect((await admin(t.app, cookie, 'GET', '/api/admin/audit?action=catalog.recluster')).json().items).toHaveLength(2);
  });

  it('re-clusters an empty catalog at once: nothing under way, nothing recorded', async () => {
    const begun = await admin(t.app, cookie, 'POST', '/api/admin/catalog/recluster');
    expect(begun.statusCode).toBe(202);
    expect(begun.json()).toEqual({ success: true, underWay: null, resumed: false });
    expect((await admin(t.app, cookie, 'GET', '/api/admin/catalog/recluster')).json()).toEqual({ success: true, underWay: null, last: null });
    expect((await admin(t.app, cookie, 'GET', '/api/admin/audit?action=catalog.recluster')).json().items).toEqual([]);
  });

  it('keeps the retailers of a feed whose rows name their own, and dates each one’s last import from it', async () => {
    const mixed = [
      'id\ttitle\tlink\tprice\tbrand\tavailability',
      'M-1\tAcme Blender 500\thttps://www.amazon.com/acme-blender-500/dp/B0ACME0001\t49.99 USD\tAcme\tin stock',
      'M-2\tAcme Blender 500\thttps://www.bestbuy.com/site/acme-blender-500/6500001.p?skuId=6500001\t47.99 USD\tAcme\tin stock',
    ].join('\n');
    const form = multipart({}, { name: 'mixed.tsv', content: mixed });
    const started = await admin(t.app, cookie, 'POST', '/api/admin/imports', form.payload, form.headers);
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(t.app, cookie, started.json().job.id);
    expect(job).toMatchObject({ state: 'succeeded', inserted: 2 });

    const run = (await admin(t.app, cookie, 'GET', `/api/admin/imports/${job.runId}`)).json().run;
    expect(run).toMatchObject({ retailerId: null, retailerIds: ['amazon', 'bestbuy'] });
    const retailers = (await admin(t.app, cookie, 'GET', '/api/admin/retailers')).json().items as Array<{ id: string; lastImportAt: string | null }>;
    const lastImport = (id: string) => retailers.find((r) => r.id === id)?.lastImportAt;
    expect(lastImport('amazon')).toBe(run.startedAt);
    expect(lastImport('bestbuy')).toBe(run.startedAt);
    expect(lastImport('walmart') ?? null).toBeNull();

    // A run still going (or one from before runs kept their retailers) counts for its one fixed retailer.
    const later = new Date(Date.parse(run.startedAt) + 1000).toISOString();
    await runSql(t.app, "INSERT INTO import_runs (id, format, source, retailer_id, status, started_at) VALUES ('running-run', 'gmc', 'amazon.tsv', 'amazon', 'running', ?)", [later]);
    const again = (await admin(t.app, cookie, 'GET', '/api/admin/retailers')).json().items as Array<{ id: string; lastImportAt: string | null }>;
    expect(again.find((r) => r.id === 'amazon')?.lastImportAt).toBe(later);
    expect(again.find((r) => r.id === 'bestbuy')?.lastImportAt).toBe(run.startedAt);
  });

  it('refuses a feed without its required columns, an empty upload and an unknown retailer, naming the field', async () => {
    const noHeader = multipart({}, { name: 'broken.tsv', content: 'id\ttitle\nA-1\tThing' });
    const res = await admin(t.app, cookie, 'POST', '/api/admin/imports', noHeader.payload, noHeader.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file' });
    expect(res.json().error).toMatch(/link|price/);

    const noFile = multipart({ retailerName: 'Acme' });
    const missing = await admin(t.app, cookie, 'POST', '/api/admin/imports', noFile.payload, noFile.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('file');

    const unknown = multipart({ retailerId: 'no-such-retailer' }, { name: 'acme.tsv', content: FEED });
    const unknownRes = await admin(t.app, cookie, 'POST', '/api/admin/imports', unknown.payload, unknown.headers);
    expect(unknownRes.statusCode).toBe(400);
    expect(unknownRes.json().field).toBe('retailerId');

    const json = await admin(t.app, cookie, 'POST', '/api/admin/imports', JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json().success).toBe(false);
  });

  it('answers a multipart body it cannot read with a 400 naming the body, never a 500', async () => {
    const form = multipart({ retailerName: 'Acme' }, { name: 'acme.tsv', content: FEED });
    const broken: Array<[string, string, string]> = [
      // No boundary: the parts cannot be told apart.
      ['without a boundary', 'multipart/form-data', form.payload],
      ['with an empty boundary', 'multipart/form-data; boundary=', form.payload],
      // The body ends inside the file part.
      ['cut short', form.headers['content-type'], form.payload.slice(0, form.payload.length - 60)],
      ['with a body that holds no part', form.headers['content-type'], 'not a multipart body at all'],
    ];
    for (const [label, type, payload] of broken) {
      const res = await admin(t.app, cookie, 'POST', '/api/admin/imports', payload, { 'content-type': type });
      expect([label, res.statusCode]).toEqual([label, 400]);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', statusCode: 400 });
      expect(['body', 'file']).toContain(res.json().field);
      expect(res.json().error).toMatch(/multipart|file/i);
    }
    // A JSON route of the same scope (where multipart bodies are parsed) refuses such a body as well.
    const merge = await admin(t.app, cookie, 'POST', '/api/admin/products/1/merge', form.payload, { 'content-type': 'multipart/form-data' });
    expect(merge.statusCode).toBeGreaterThanOrEqual(400);
    expect(merge.statusCode).toBeLessThan(500);
    expect(merge.json()).toMatchObject({ success: false, field: 'body' });
  });
});

describe("admin API: a business's figures", () => {
  // 11:30 in New York on March 10th (daylight saving time began on the 8th).
  const NOW = Date.parse('2026-03-10T15:30:00Z');
  const HOUR = 3_600_000;
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp({}, { clock: settableClock(NOW) });
  });
  afterEach(() => t.close());

  it("counts the merchant dashboard's last 30 calendar days in the business's time zone, with the same figures", async () => {
    const { cookie } = await signInAdmin(t);
    const shop = await registerBusiness(t.app, 'shop@example.com', STRONG_PASSWORD, { storeDomain: 'shop.example' });
    const settings = await call(t.app, 'PATCH', '/api/business/settings', { cookie: shop.cookie, body: { timeZone: 'America/New_York', currency: 'EUR' } });
    expect(settings.statusCode).toBe(200);
    const id = shop.business.id;
    // The period is February 9th to March 10th in New York: from 05:00 UTC on February 9th (EST) on.
    const start = Date.parse('2026-02-09T05:00:00Z');
    const click = (n: number, at: number) =>
      runSql(t.app, `INSERT INTO clicks (id, created_at, requested_url, target_url, host, source, business_id) VALUES (?, ?, 'https://shop.example/p', 'https://shop.example/p', 'shop.example', 'search', ?)`, [`c${n}`, at, id]);
    const referral = (n: number, at: number) =>
      runSql(t.app, `INSERT INTO referrals (id, referral_id, created_at, business_domain, requested_url, target_url, business_id) VALUES (?, ?, ?, 'shop.example', 'u', 't', ?)`, [`r${n}`, `ref-${n}`, at, id]);
    const order = (n: number, at: number, cents: number, referralId: string) =>
      runSql(
        t.app,
        `INSERT INTO conversions (id, business_id, order_id, value_cents, currency, source, occurred_at, created_at, referral_id) VALUES (?, ?, ?, ?, 'EUR', 'webhook', ?, ?, ?)`,
        [`v${n}`, id, `order-${n}`, cents, at, at, referralId],
      );
    // Inside the last 720 hours but before the first day of the period: counted by neither.
    await click(1, NOW - 720 * HOUR + HOUR);
    await referral(1, NOW - 720 * HOUR + HOUR);
    await order(1, start - 1, 10_000, 'ref-1');
    await click(2, start - 1);
    // In the period: its first instant, the middle, today.
    await click(3, start);
    await click(4, start + 10 * 24 * HOUR);
    await click(5, NOW - HOUR);
    await referral(2, start);
    await referral(3, NOW - 2 * HOUR);
    await order(2, start + HOUR, 2_500, 'ref-2');
    await order(3, NOW - HOUR, 4_000, 'ref-3');
    await runSql(t.app, `INSERT INTO events (id, created_at, event_type, business_domain, business_id, data) VALUES ('e1', ?, 'product_click', 'shop.example', ?, '{}')`, [NOW - HOUR, id]);

    const period = lastDays(30, NOW, 'America/New_York');
    expect(period).toEqual({ from: '2026-02-09', to: '2026-03-10', tz: 'America/New_York' });
    const summary = (await call(t.app, 'GET', `/api/business/dashboard/summary?from=${period.from}&to=${period.to}&tz=America%2FNew_York`, { cookie: shop.cookie })).json<SummaryResponse>();
    const detail = await admin(t.app, cookie, 'GET', `/api/admin/businesses/${id}`);
    expect(detail.statusCode).toBe(200);
    const { figures } = detail.json<BusinessDetailResponse>();
    expect(figures.period).toEqual(period);
    expect(figures.currency).toBe('EUR');
    expect(figures.last30Days).toEqual({ clicks: 4, referrals: 2, conversions: 2, revenueCents: 6_500 });
    const { conversionRate: _rate, ...dashboard } = summary.current;
    expect(figures.last30Days).toEqual(dashboard);
    expect(figures.allTime).toEqual({ clicks: 6, referrals: 3, conversions: 3, revenueCents: 16_500 });
  });

  it('counts a business without settings in UTC days and USD', async () => {
    const { cookie } = await signInAdmin(t);
    const shop = await registerBusiness(t.app, 'plain@example.com');
    const detail = await admin(t.app, cookie, 'GET', `/api/admin/businesses/${shop.business.id}`);
    expect(detail.json().figures).toMatchObject({ period: { from: '2026-02-09', to: '2026-03-10', tz: 'UTC' }, currency: 'USD' });
  });

  it('counts new businesses of the overview from the first of its 30 UTC days', async () => {
    const { cookie } = await signInAdmin(t);
    const overview = (await admin(t.app, cookie, 'GET', '/api/admin/overview')).json();
    expect(overview.daily[0].date).toBe('2026-02-09');
    expect(overview.daily.at(-1).date).toBe('2026-03-10');
    expect(overview.daily).toHaveLength(30);
  });
});

describe('admin API: correcting product matches', () => {
  let t: TestApp;
  let cookie: string;
  const productOf = async (retailer: string, id: string) => present(present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId);
  const post = (url: string, body?: unknown) => admin(t.app, cookie, 'POST', url, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' });

  beforeEach(async () => {
    t = await buildTestApp();
    cookie = present((await signInAdmin(t)).cookie);
    const kettle = { title: 'Acme Kettle 1.7 L Stainless', brand: 'Acme', mpn: 'AK-170' };
    await t.app.catalog.ingestion.importOffers(
      [
        { ...kettle, externalId: 'K-1', url: 'https://www.walmart.com/ip/acme-kettle/1000001', priceCents: 2_900, currency: 'USD', availability: 'in_stock', condition: 'new' },
        { ...kettle, externalId: 'K-2', url: 'https://www.bestbuy.com/site/acme-kettle/1000002.p', priceCents: 3_100, currency: 'USD', availability: 'in_stock', condition: 'new' },
        { ...kettle, title: 'Acme Kettle 1.7L Stainless Steel', externalId: 'K-3', url: 'https://www.target.com/p/acme-kettle/-/A-1000003', mpn: 'AK170', priceCents: 2_800, currency: 'USD', availability: 'in_stock', condition: 'new', category: 'Kitchen > Electric Kettles' },
      ],
      { format: 'gmc', source: 'kettles' },
    );
  });
  afterEach(() => t.close());

  it('finds products by id or by the words of their title', async () => {
    const id = await productOf('walmart', 'K-1');
    const byWords = await admin(t.app, cookie, 'GET', '/api/admin/products?q=kettle%20ACME');
    expect(byWords.statusCode).toBe(200);
    expect(byWords.json().items.map((p: { id: number }) => p.id)).toContain(id);
    expect((await admin(t.app, cookie, 'GET', `/api/admin/products?q=%23${id}`)).json().items).toMatchObject([{ id }]);
    expect((await admin(t.app, cookie, 'GET', '/api/admin/products?q=toaster')).json().items).toEqual([]);
    // LIKE's own wildcards are searched as themselves.
    expect((await admin(t.app, cookie, 'GET', '/api/admin/products?q=%25')).json().items).toEqual([]);
    const empty = await admin(t.app, cookie, 'GET', '/api/admin/products?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'q' });
  });

  it('takes a wrongly matched offer out into a product of its own, and merges products back, each audited', async () => {
    const id = await productOf('walmart', 'K-1');
    const detail = (await admin(t.app, cookie, 'GET', `/api/admin/products/${id}`)).json();
    expect(detail.offers).toHaveLength(3);
    const target = detail.offers.find((offer: { retailer: { id: string } }) => offer.retailer.id === 'target');

    const detached = await post(`/api/admin/products/${id}/offers/${target.id}/detach`);
    expect(detached.statusCode).toBe(200);
    const { newProductId } = detached.json();
    expect(await productOf('target', 'K-3')).toBe(newProductId);
    expect(await t.app.storage.catalog.getProduct(id)).toMatchObject({ offerCount: 2, bestPriceCents: 2_900 });
    expect(await t.app.storage.catalog.getProduct(newProductId)).toMatchObject({ offerCount: 1, title: 'Acme Kettle 1.7L Stainless Steel', bestPriceCents: 2_800 });
    // Browsable under its own offer's category.
    const { categorySlug, category } = present(await t.app.storage.catalog.getProduct(newProductId));
    expect([category, categorySlug]).toEqual(['Electric Kettles', expect.any(String)]);
    // A later import of the offer keeps it where it was put.
    await t.app.catalog.ingestion.importOffers(
      [{ externalId: 'K-3', url: 'https://www.target.com/p/acme-kettle/-/A-1000003', title: 'Acme Kettle 1.7L Stainless Steel', brand: 'Acme', mpn: 'AK170', priceCents: 2_700, currency: 'USD', availability: 'in_stock', condition: 'new' }],
      { format: 'gmc', source: 'again' },
    );
    expect(await productOf('target', 'K-3')).toBe(newProductId);
    const alone = await post(`/api/admin/products/${newProductId}/offers/${target.id}/detach`);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ field: 'offerId' });

    // A signed-in shopper saved the taken-out product, with a price alert.
    const shopperOrigin = { origin: 'http://localhost:4200' };
    const shopper = { ...shopperOrigin, cookie: (await registerShopper(t.app, 'shopper@example.com')).cookie };
    expect((await t.app.inject({ method: 'POST', url: '/api/shopper/favorites', headers: shopper, payload: { productId: newProductId, title: 'Acme Kettle 1.7L' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url: `/api/shopper/favorites/${newProductId}/alert`, headers: shopper, payload: { belowCents: 2_500 } })).statusCode).toBe(200);

    const merged = await post(`/api/admin/products/${newProductId}/merge`, { into: id });
    expect(merged.statusCode).toBe(200);
    // What named the retired product finds the one its offers joined: its link, and the favorite with its alert.
    const retired = await admin(t.app, cookie, 'GET', `/api/products/${newProductId}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().product).toMatchObject({ id, offerCount: 3 });
    const favorites = (await t.app.inject({ method: 'GET', url: '/api/shopper/favorites', headers: shopper })).json().favorites;
    expect(favorites).toMatchObject([{ productId: id, alert: { belowCents: 2_500 } }]);
    expect(merged.json()).toMatchObject({ productId: newProductId, into: id, moved: 1 });
    // The console, asked for the retired id (an audit entry, a match report), shows the product it went into.
    const followed = await admin(t.app, cookie, 'GET', `/api/admin/products/${newProductId}`);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().product).toMatchObject({ id, offerCount: 3 });
    expect(followed.json().offers).toHaveLength(3);
    expect((await admin(t.app, cookie, 'GET', `/api/admin/products?q=%23${newProductId}`)).json().items).toMatchObject([{ id }]);
    expect(await productOf('target', 'K-3')).toBe(id);
    expect(await t.app.storage.catalog.getProduct(newProductId)).toBeNull();
    expect(await t.app.storage.catalog.getProduct(id)).toMatchObject({ offerCount: 3, bestPriceCents: 2_700 });

    const audit = (await admin(t.app, cookie, 'GET', '/api/admin/audit')).json().items as Array<{ action: string; targetId: string; after: Record<string, unknown> }>;
    expect(audit.slice(0, 2).map((entry) => [entry.action, entry.targetId])).toEqual([
      ['catalog.merge_products', String(id)],
      ['catalog.detach_offer', String(id)],
    ]);
    expect(present(audit[1]).after).toMatchObject({ newProduct: newProductId });
  });

  it('names the field of every bad or unknown id, and changes nothing then', async () => {
    const id = await productOf('walmart', 'K-1');
    const offerId = present(await t.app.storage.catalog.findOfferByExternalId('walmart', 'K-1')).id;
    const cases: Array<[string, unknown, number, string]> = [
      [`/api/admin/products/abc/offers/${offerId}/detach`, undefined, 400, 'id'],
      [`/api/admin/products/${id}/offers/0/detach`, undefined, 400, 'offerId'],
      [`/api/admin/products/999999/offers/${offerId}/detach`, undefined, 404, 'id'],
      [`/api/admin/products/${id}/offers/999999/detach`, undefined, 404, 'offerId'],
      [`/api/admin/products/${id}/merge`, {}, 400, 'into'],
      [`/api/admin/products/${id}/merge`, { into: 'x' }, 400, 'into'],
      [`/api/admin/products/${id}/merge`, { into: id }, 400, 'into'],
      [`/api/admin/products/${id}/merge`, { into: 999999 }, 404, 'into'],
      [`/api/admin/products/999999/merge`, { into: id }, 404, 'id'],
    ];
    for (const [url, body, status, field] of cases) {
      const res = await post(url, body);
      expect({ url, body, status: res.statusCode, field: res.json().field }).toEqual({ url, body, status, field });
    }
    expect((await admin(t.app, cookie, 'GET', '/api/admin/products/999999')).statusCode).toBe(404);
    expect(await t.app.storage.catalog.getProduct(id)).toMatchObject({ offerCount: 3 });
    expect((await admin(t.app, cookie, 'GET', '/api/admin/audit')).json().items.filter((e: { action: string }) => e.action.startsWith('catalog.'))).toEqual([]);
  });
});
