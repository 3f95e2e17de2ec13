import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { call, cookieFrom, registerBusiness, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { row, run } from '../../testing/db';

jest.setTimeout(60_000);

const DOMAIN = 'demo-store.myshopify.com';

/** A Shopify-like store on 127.0.0.1 reached through STORE_ORIGIN_OVERRIDES. */
function startStore() {
  let head = '';
  const requests: string[] = [];
  const products = Array.from({ length: 5 }, (_, i) => ({
    id: 100 + i,
    title: `Demo Mug ${i + 1}`,
    handle: `demo-mug-${i + 1}`,
    vendor: 'Demo',
    variants: [{ id: 500 + i, sku: `MUG-${i + 1}`, price: `${10 + i}.00`, available: i !== 4 }],
  }));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/products.json') {
      const page = Number(url.searchParams.get('page'));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ products: products.slice((page - 1) * 2, page * 2) }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head>${head}</head><body>Demo</body></html>`);
  });
  return new Promise<{ origin: string; requests: string[]; setHead(h: string): void; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        setHead: (h) => (head = h),
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('connecting a store', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let store: Awaited<ReturnType<typeof startStore>>;
  let cookie: string;

  beforeAll(async () => {
    store = await startStore();
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `${DOMAIN}=${store.origin}` });
    app = t.app;
    cookie = (await registerBusiness(app, 'demo@example.com', 'velvet-harbor-stove-81', { storeDomain: DOMAIN })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('verifies the domain only when the home page carries the token', async () => {
    const integration = (await app.inject({ method: 'GET', url: '/api/business/integration', headers: { cookie } })).json();
    const missing = (await app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { origin: 'http://localhost:4300', cookie } })).json();
    expect(missing).toMatchObject({ verified: false });
    store.setHead('<meta name="pricehunt-verification" content="someone-else">');
    expect((await app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { origin: 'http://localhost:4300', cookie } })).json().verified).toBe(false);
    store.setHead(integration.metaTag);
    const ok = (await app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { origin: 'http://localhost:4300', cookie } })).json();
    expect(ok).toMatchObject({ verified: true, method: 'meta' });
    const after = (await app.inject({ method: 'GET', url: '/api/business/integration', headers: { cookie } })).json();
    expect(after).toMatchObject({ verified: true, verificationMethod: 'meta' });
    // Changing the domain gives up the proof: the old domain is free for whoever proves it, and coming back means proving it again.
    await app.inject({ method: 'PUT', url: '/api/business/integration/domain', headers: { origin: 'http://localhost:4300', cookie }, payload: { storeDomain: 'other-demo.myshopify.com' } });
    expect((await app.inject({ method: 'GET', url: '/api/business/integration', headers: { cookie } })).json().verified).toBe(false);
    await app.inject({ method: 'PUT', url: '/api/business/integration/domain', headers: { origin: 'http://localhost:4300', cookie }, payload: { storeDomain: DOMAIN } });
    expect((await app.inject({ method: 'GET', url: '/api/business/integration', headers: { cookie } })).json().verified).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { origin: 'http://localhost:4300', cookie } })).json()).toMatchObject({ verified: true, method: 'meta' });
  });

  it('imports /products.json page by page and can sync again', async () => {
    const started = await app.inject({ method: 'POST', url: '/api/business/integration/shopify-sync', headers: { origin: 'http://localhost:4300', cookie } });
    expect(started.statusCode).toBe(202);
    await app.storeSync.idle();
    const sync = (await app.inject({ method: 'GET', url: `/api/business/integration/syncs/${started.json().id}`, headers: { cookie } })).json();
    expect(sync).toMatchObject({ status: 'succeeded', pages: 3, products: 5, offers: 5, inserted: 5 });
    expect(store.requests.filter((r) => r.startsWith('/products.json'))).toEqual([
      '/products.json?limit=250&page=1',
      '/products.json?limit=250&page=2',
      '/products.json?limit=250&page=3',
      '/products.json?limit=250&page=4',
    ]);
    const products = (await app.inject({ method: 'GET', url: '/api/business/products?sort=price', headers: { cookie } })).json();
    expect(products.total).toBe(5);
    expect(products.items[0]).toMatchObject({ title: 'Demo Mug 1', priceCents: 1000, currency: 'USD' });
    expect(products.items[4]).toMatchObject({ availability: 'out_of_stock' });

    const again = await app.inject({ method: 'POST', url: '/api/business/integration/shopify-sync', headers: { origin: 'http://localhost:4300', cookie } });
    await app.storeSync.idle();
    const second = (await app.inject({ method: 'GET', url: `/api/business/integration/syncs/${again.json().id}`, headers: { cookie } })).json();
    expect(second).toMatchObject({ status: 'succeeded', products: 5, inserted: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/business/products', headers: { cookie } })).json().total).toBe(5);

    // The connected store is refreshed on a schedule from then on: one source, however many syncs, each sync one of
    // its runs, so that the store's last reading is the sync's until the schedule's first run.
    const sources = (await app.inject({ method: 'GET', url: '/api/business/integration/feed-sources', headers: { cookie } })).json().items;
    // The store's public origin, where its product links are: http here, where the store is served on this machine.
    expect(sources).toEqual([expect.objectContaining({ format: 'shopify', url: `http://${DOMAIN}`, intervalMinutes: 360, status: 'active', failures: 0 })]);
    expect(sources[0].lastRun).toMatchObject({ id: again.json().id, status: 'succeeded', rowsRead: 5, added: 0, changed: 0, unchanged: 5, rejected: 0, error: null });
    expect(Date.parse(sources[0].nextRunAt)).toBeGreaterThan(Date.now() + 359 * 60_000);
    const detail = (await app.inject({ method: 'GET', url: `/api/business/integration/feed-sources/${sources[0].id}`, headers: { cookie } })).json();
    expect(detail.runs.map((r: { id: string; added: number }) => [r.id, r.added])).toEqual([
      [again.json().id, 0],
      [started.json().id, 5],
    ]);
    expect(detail.runs[1]).toMatchObject({ status: 'succeeded', rowsRead: 5, finishedAt: new Date(sync.finishedAt).toISOString() });
    // Admins see the same run in their list of every source.
    await app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    const signedIn = await call(app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: 'http://localhost:4400' });
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/feed-sources', headers: { cookie: cookieFrom(signedIn) ?? '' } })).json().items;
    expect(listed.find((source: { id: string }) => source.id === sources[0].id).lastRun).toMatchObject({ id: again.json().id, rowsRead: 5 });
  });

  it('reports a store that cannot be fetched as a failed sync', async () => {
    await app.inject({ method: 'PUT', url: '/api/business/integration/domain', headers: { origin: 'http://localhost:4300', cookie }, payload: { storeDomain: 'missing-store.invalid' } });
    const started = await app.inject({ method: 'POST', url: '/api/business/integration/shopify-sync', headers: { origin: 'http://localhost:4300', cookie } });
    await app.storeSync.idle();
    const sync = (await app.inject({ method: 'GET', url: `/api/business/integration/syncs/${started.json().id}`, headers: { cookie } })).json();
    expect(sync.status).toBe('failed');
    expect(sync.error).toBeTruthy();
    // The store's source shows the failed reading as its last run, with the sync's reason.
    const sources = (await app.inject({ method: 'GET', url: '/api/business/integration/feed-sources', headers: { cookie } })).json().items;
    const store = sources.find((source: { url: string }) => source.url === 'https://missing-store.invalid');
    expect(store.lastRun).toMatchObject({ id: started.json().id, status: 'failed', error: sync.error, rowsRead: 0 });
  });
});

describe('a store sync and several API instances', () => {
  let first: TestApp;
  let second: TestApp;
  let release: () => void = () => undefined;
  let held: http.Server;
  let origin: string;

  beforeAll(async () => {
    // A store whose /products.json answers only once released: the sync stays running meanwhile.
    const gate = new Promise<void>((resolve) => (release = resolve));
    held = http.createServer((_req, res) => {
      void gate.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ products: [] }));
      });
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(held.address() as AddressInfo).port}`;
    const env = { FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `${DOMAIN}=${origin}` };
    first = await buildTestApp(env);
    second = await buildTestApp({ ...env, DATABASE_URL: first.databaseUrl });
  });
  afterAll(async () => {
    release();
    await first?.app.storeSync.idle();
    await second?.close();
    await first?.close();
    held?.closeAllConnections();
    await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
  });

  it('runs one sync per business: the other instance answers the one running, and starting up leaves it running', async () => {
    const { cookie } = await registerBusiness(first.app, 'fleet@example.com', 'quartz-lantern-meadow-27', { storeDomain: DOMAIN });
    const started = await first.app.inject({ method: 'POST', url: '/api/business/integration/shopify-sync', headers: { origin: 'http://localhost:4300', cookie } });
    expect(started.statusCode).toBe(202);
    const elsewhere = await second.app.inject({ method: 'POST', url: '/api/business/integration/shopify-sync', headers: { origin: 'http://localhost:4300', cookie } });
    expect(elsewhere.json()).toMatchObject({ id: started.json().id, status: 'running' });
    // A third instance starting on the same database does not take the live sync for an interrupted one.
    const third = await buildTestApp({ DATABASE_URL: first.databaseUrl });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await third.app.inject({ method: 'GET', url: `/api/business/integration/syncs/${started.json().id}`, headers: { cookie } });
    await third.close();
    expect(during.json()).toMatchObject({ status: 'running' });
    release();
    await first.app.storeSync.idle();
    const done = await second.app.inject({ method: 'GET', url: `/api/business/integration/syncs/${started.json().id}`, headers: { cookie } });
    expect(done.json().status).toBe('succeeded');
  });

  it('gives up a running sync whose instance went silent, at start-up', async () => {
    await run(first.app, "INSERT INTO store_syncs (id, business_id, store_domain, status, started_at, heartbeat_at) SELECT 'ghost', id, ?, 'running', ?, ? FROM businesses LIMIT 1", [
      DOMAIN,
      Date.now() - 600_000,
      Date.now() - 120_000,
    ]);
    const restarted = await buildTestApp({ DATABASE_URL: first.databaseUrl });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ghost = await row(restarted.app, "SELECT status, error FROM store_syncs WHERE id = 'ghost'");
    // The store's source records the interrupted sync as a failed run, as any sync that ended.
    const recorded = await row(restarted.app, "SELECT status, error FROM feed_runs WHERE id = 'ghost'");
    await restarted.close();
    expect(ghost).toEqual({ status: 'failed', error: 'Interrupted by a restart; sync again' });
    expect(recorded).toEqual({ status: 'failed', error: 'Interrupted by a restart; sync again' });
  });

  it('records a sync that ended untold (its process stopped before its run was recorded) at the next start, once', async () => {
    const finishedAt = Date.now() - 30_000;
    await run(
      first.app,
      "INSERT INTO store_syncs (id, business_id, store_domain, status, pages, products, offers, inserted, updated, started_at, heartbeat_at, finished_at) SELECT 'untold', id, ?, 'succeeded', 1, 3, 3, 3, 0, ?, ?, ? FROM businesses LIMIT 1",
      [DOMAIN, finishedAt - 5_000, finishedAt, finishedAt],
    );
    for (const start of [1, 2]) {
      const restarted = await buildTestApp({ DATABASE_URL: first.databaseUrl });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const runs = await row(restarted.app, "SELECT count(*) AS n, min(status) AS status, min(added) AS added FROM feed_runs WHERE id = 'untold'");
      await restarted.close();
      expect([start, Number(runs?.n), runs?.status, Number(runs?.added)]).toEqual([start, 1, 'succeeded', 3]);
    }
    const told = await row(first.app, "SELECT run_recorded_at FROM store_syncs WHERE id = 'untold'");
    expect(Number(told?.run_recorded_at)).toBeGreaterThanOrEqual(finishedAt);
  });
});

describe('verifying a store domain that resolves to a non-public address', () => {
  let t: TestApp;

  afterEach(async () => t?.close());

  it('says the domain resolves to a private or reserved address without naming the address', async () => {
    // The store's domain leads to a host name the system resolves to loopback (127.0.0.1, ::1), which is refused.
    t = await buildTestApp({ STORE_ORIGIN_OVERRIDES: `${DOMAIN}=http://localhost:9` });
    const { cookie } = await registerBusiness(t.app, 'inside@example.com', undefined, { storeDomain: DOMAIN });
    const verify = await t.app.inject({ method: 'POST', url: '/api/business/integration/verify', headers: { origin: 'http://localhost:4300', cookie } });
    expect(verify.statusCode).toBe(200);
    const answer = verify.json<{ verified: boolean; message: string }>();
    expect(answer.verified).toBe(false);
    expect(answer.message).toContain('localhost resolves to a private or reserved address');
    expect(answer.message).not.toMatch(/127\.0\.0\.1|::1|loopback/);
  });
});
