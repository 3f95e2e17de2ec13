import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call, cookieFrom, registerBusiness, STRONG_PASSWORD } from '../../testing/http';

const ADMIN_ORIGIN = 'http://localhost:4400';
const MERCHANT_ORIGIN = 'http://localhost:4300';

function request(app: FastifyInstance, cookie: string, method: InjectOptions['method'], url: string, body?: unknown, origin = ADMIN_ORIGIN) {
  return app.inject({
    method,
    url,
    headers: { origin, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

describe('feed sources API', () => {
  let t: TestApp;
  let cookie: string;
  const admin = (method: InjectOptions['method'], url: string, body?: unknown) => request(t.app, cookie, method, url, body);

  beforeEach(async () => {
    t = await buildTestApp();
    await t.app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: ADMIN_ORIGIN });
    cookie = cookieFrom(res) ?? '';
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'ftp://example.com/feed.tsv', format: 'gmc-tsv', retailerName: 'Acme' }, 'url'],
      [{ url: 'https://user:pw@example.com/feed.tsv', format: 'gmc-tsv', retailerName: 'Acme' }, 'url'],
      [{ url: 'https://example.com/feed.tsv', format: 'csv', retailerName: 'Acme' }, 'format'],
      [{ url: 'https://example.com/feed.tsv', format: 'gmc-tsv' }, 'retailerId'],
      [{ url: 'https://example.com/feed.tsv', format: 'gmc-tsv', retailerId: 'no-such-retailer' }, 'retailerId'],
      [{ url: 'https://example.com/feed.tsv', format: 'gmc-tsv', retailerName: 'Acme', intervalMinutes: 1 }, 'intervalMinutes'],
      [{ url: 'https://example.com/feed.tsv', format: 'gmc-tsv', retailerName: 'Acme', intervalMinutes: 'often' }, 'intervalMinutes'],
    ];
    for (const [body, field] of cases) {
      const res = await admin('POST', '/api/admin/feed-sources', body);
      expect({ body, status: res.statusCode, field: res.json().field ?? res.json().details?.[0]?.field }).toEqual({ body, status: 400, field });
    }
    expect((await admin('GET', '/api/admin/feed-sources')).json().items).toEqual([]);
  });

  it('registers a source due at once, pauses, resumes, runs it now and removes it, each change audited', async () => {
    const created = await admin('POST', '/api/admin/feed-sources', { url: 'https://feeds.example.com/bestbuy.tsv', format: 'gmc-tsv', retailerName: 'best buy', intervalMinutes: 30 });
    expect(created.statusCode).toBe(201);
    const source = created.json().source;
    expect(source).toMatchObject({ retailerId: 'bestbuy', retailerName: 'Best Buy', format: 'gmc-tsv', intervalMinutes: 30, status: 'active', running: false, lastRun: null, failures: 0 });
    expect(Date.parse(source.nextRunAt)).toBeLessThanOrEqual(Date.now());

    // One source per retailer.
    const again = await admin('POST', '/api/admin/feed-sources', { url: 'https://feeds.example.com/other.tsv', format: 'gmc-xml', retailerName: 'Best Buy' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'retailerName', error: 'This retailer’s offers already come from another feed source' });

    const detail = await admin('GET', `/api/admin/feed-sources/${source.id}`);
    expect(detail.json()).toMatchObject({ success: true, source: { id: source.id }, runs: [] });

    const paused = await admin('PATCH', `/api/admin/feed-sources/${source.id}`, { status: 'paused' });
    expect(paused.json().source.status).toBe('paused');
    const refused = await admin('POST', `/api/admin/feed-sources/${source.id}/run`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This source is paused: resume it before running it');

    expect((await admin('PATCH', `/api/admin/feed-sources/${source.id}`, {})).statusCode).toBe(400);
    const resumed = await admin('PATCH', `/api/admin/feed-sources/${source.id}`, { status: 'active', intervalMinutes: 120 });
    expect(resumed.json().source).toMatchObject({ status: 'active', intervalMinutes: 120 });

    const before = Date.now();
    const ran = await admin('POST', `/api/admin/feed-sources/${source.id}/run`);
    expect(ran.statusCode).toBe(202);
    expect(Date.parse(ran.json().source.nextRunAt)).toBeGreaterThanOrEqual(before - 1000);

    expect((await admin('DELETE', `/api/admin/feed-sources/${source.id}`)).json()).toEqual({ success: true, removed: true });
    expect((await admin('GET', `/api/admin/feed-sources/${source.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/admin/feed-sources/${source.id}`)).statusCode).toBe(404);

    const audit = (await admin('GET', '/api/admin/audit')).json().items.map((entry: { action: string }) => entry.action);
    expect(audit).toEqual(['feed_source.delete', 'feed_source.run', 'feed_source.update', 'feed_source.update', 'feed_source.create']);
  });

  it('lets a merchant add a feed only for a verified store, and shows it only its own sources', async () => {
    const merchant = await registerBusiness(t.app, 'shop@example.com');
    const res = await request(t.app, merchant.cookie, 'POST', '/api/business/integration/feed-sources', { url: 'https://shop.example.com/feed.tsv', format: 'gmc-tsv' }, MERCHANT_ORIGIN);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Verify your store domain before adding a feed', field: 'storeDomain' });

    const adminSource = (await admin('POST', '/api/admin/feed-sources', { url: 'https://feeds.example.com/a.tsv', format: 'gmc-tsv', retailerName: 'Acme' })).json().source;
    const mine = await request(t.app, merchant.cookie, 'GET', '/api/business/integration/feed-sources', undefined, MERCHANT_ORIGIN);
    expect(mine.json().items).toEqual([]);
    const other = await request(t.app, merchant.cookie, 'GET', `/api/business/integration/feed-sources/${adminSource.id}`, undefined, MERCHANT_ORIGIN);
    expect(other.statusCode).toBe(404);
  });
});
