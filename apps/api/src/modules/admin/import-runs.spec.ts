import type { FastifyInstance } from 'fastify';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { call, cookieFrom, STRONG_PASSWORD } from '../../testing/http';

const ADMIN_ORIGIN = 'http://localhost:4400';

function get(app: FastifyInstance, cookie: string, url: string) {
  return app.inject({ method: 'GET', url, headers: { origin: ADMIN_ORIGIN, cookie } });
}

describe('GET /api/admin/imports', () => {
  let t: TestApp;
  let cookie: string;
  const runIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
    cookie = cookieFrom(await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: ADMIN_ORIGIN })) ?? '';
    const ingestion = t.app.catalog.ingestion;
    // Three runs of a Best Buy feed, one of eBay's, and one whose every row was refused.
    for (const n of [1, 2, 3]) {
      const offer = feedOffer({ externalId: `BB${n}`, url: `https://www.bestbuy.com/site/x/${n}.p`, title: `Acme Blender ${n}00`, brand: 'Acme', priceCents: 4_000 + n });
      runIds[`bestbuy${n}`] = (await ingestion.importOffers([offer], { format: 'gmc', source: 'bestbuy.tsv' })).runId;
    }
    runIds['ebay'] = (await ingestion.importOffers([feedOffer({ externalId: 'E1', url: 'https://www.ebay.com/itm/1', title: 'Acme Kettle', brand: 'Acme' })], { format: 'gmc', source: 'ebay.tsv' })).runId;
    runIds['refused'] = (await ingestion.importOffers([feedOffer({ externalId: 'X', url: 'not a link', title: 'Broken' })], { format: 'gmc', source: 'broken.tsv' })).runId;
  });
  afterAll(async () => t.close());

  it('pages through every run, newest first, with how many there are', async () => {
    const first = (await get(t.app, cookie, '/api/admin/imports?pageSize=2')).json();
    expect(first).toMatchObject({ success: true, total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((run: { id: string }) => run.id)).toEqual([runIds['refused'], runIds['ebay']]);
    const last = (await get(t.app, cookie, '/api/admin/imports?pageSize=2&page=3')).json();
    expect(last.items.map((run: { id: string }) => run.id)).toEqual([runIds['bestbuy1']]);
    expect((await get(t.app, cookie, '/api/admin/imports?pageSize=2&page=4')).json()).toMatchObject({ total: 5, items: [] });
    // The console's first page, as before paging: 50 runs.
    expect((await get(t.app, cookie, '/api/admin/imports')).json()).toMatchObject({ total: 5, page: 1, pageSize: 50 });
  });

  it('lists the runs of one status and of one retailer', async () => {
    const failed = (await get(t.app, cookie, '/api/admin/imports?status=failed')).json();
    expect(failed).toMatchObject({ total: 1, items: [{ id: runIds['refused'], status: 'failed', failure: expect.stringMatching(/^No row was imported/) }] });
    const bestbuy = (await get(t.app, cookie, '/api/admin/imports?retailerId=bestbuy&status=succeeded')).json();
    expect(bestbuy.items.map((run: { id: string }) => run.id)).toEqual([runIds['bestbuy3'], runIds['bestbuy2'], runIds['bestbuy1']]);
    expect((await get(t.app, cookie, '/api/admin/imports?retailerId=ebay&status=failed')).json()).toMatchObject({ total: 0, items: [] });
    expect((await get(t.app, cookie, '/api/admin/imports?retailerId=no-such-shop')).json()).toMatchObject({ total: 0, items: [] });
  });

  it('counts on the overview the runs an admin should look into', async () => {
    expect((await get(t.app, cookie, '/api/admin/overview')).json().importProblems).toEqual({ failed: 1, interrupted: 0 });
  });

  it('refuses a filter or page it cannot read with a 400 naming the field', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['status=broken', 'status', /status must be one of running, succeeded, failed, interrupted/],
      ['retailerId=', 'retailerId', /retailerId must not be empty/],
      [`retailerId=${'x'.repeat(121)}`, 'retailerId', /retailerId is too long/],
      ['page=0', 'page', /page must be at least 1/],
      ['pageSize=500', 'pageSize', /pageSize must be at most 100/],
      ['pageSize=ten', 'pageSize', /pageSize must be a number/],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(t.app, cookie, `/api/admin/imports?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, error: expect.stringMatching(message) });
    }
  });

  it('answers only an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/imports', headers: { origin: ADMIN_ORIGIN } })).statusCode).toBe(401);
  });
});
