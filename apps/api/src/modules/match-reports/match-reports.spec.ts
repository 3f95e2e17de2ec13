import { randomUUID } from 'node:crypto';
import { present, MATCH_REPORT_NOTE_LENGTH } from '@pricehunt/contracts';
import type { FastifyInstance } from 'fastify';
import { call, cookieFrom, STRONG_PASSWORD } from '../../testing/http';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { row, value } from '../../testing/db';

const ADMIN_ORIGIN = 'http://localhost:4400';
const HEADPHONES = { title: 'Sony WH-1000XM5 Wireless Headphones, Black', brand: 'Sony', mpn: 'WH1000XM5/B' };

async function adminCookie(app: FastifyInstance) {
  await app.businessAccounts.createOrPromoteAdmin('admin@example.com', STRONG_PASSWORD);
  const res = await call(app, 'POST', '/api/business/auth/login', { body: { email: 'admin@example.com', password: STRONG_PASSWORD }, origin: ADMIN_ORIGIN });
  return present(cookieFrom(res));
}

describe('match reports', () => {
  let t: TestApp;
  let requestId: string;
  let productId: number;
  const report = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/match-reports', payload: body });
  const count = () => value<number>(t.app, 'SELECT count(*) AS n FROM match_reports');

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(
      [
        offer({ ...HEADPHONES, externalId: 'B0REPORT01', url: 'https://www.amazon.com/dp/B0REPORT01', priceCents: 39_900 }),
        offer({ ...HEADPHONES, externalId: '6505727', url: 'https://www.bestbuy.com/site/x/6505727.p', priceCents: 37_900 }),
      ],
      { format: 'gmc', source: 'reports' },
    );
    requestId = randomUUID();
    const searched = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId, url: 'https://www.amazon.com/dp/B0REPORT01' } });
    productId = searched.json().product.id;
  });
  afterAll(() => t.close());

  it('stores a shopper’s report on a product the search answered with, and the admin console lists and resolves it', async () => {
    const res = await report({ requestId, productId, reason: 'different_variant', note: '  I pasted the silver one  ' });
    expect(res.statusCode).toBe(201);
    const { reportId } = res.json();
    expect(await row(t.app, 'SELECT status, note, reason FROM match_reports WHERE id = ?', [reportId])).toEqual({
      status: 'open',
      note: 'I pasted the silver one',
      reason: 'different_variant',
    });

    const cookie = await adminCookie(t.app);
    const admin = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie, origin: ADMIN_ORIGIN } });
    const open = (await admin('GET', '/api/admin/match-reports')).json();
    expect(open.open).toBe(1);
    expect(open.items).toMatchObject([
      { id: reportId, requestId, productId, productTitle: expect.stringMatching(/WH-1000XM5/), searched: 'https://www.amazon.com/dp/B0REPORT01', status: 'open' },
    ]);

    const resolved = await admin('POST', `/api/admin/match-reports/${reportId}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().report).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    // Again: no change, no second audit entry.
    expect((await admin('POST', `/api/admin/match-reports/${reportId}/resolve`)).statusCode).toBe(200);
    expect((await admin('GET', '/api/admin/match-reports')).json()).toMatchObject({ items: [], open: 0 });
    expect((await admin('GET', '/api/admin/match-reports?status=resolved')).json().items).toHaveLength(1);
    const audit = (await admin('GET', '/api/admin/audit')).json().items as Array<{ action: string; targetId: string }>;
    expect(audit.filter((entry) => entry.action === 'catalog.resolve_report')).toEqual([expect.objectContaining({ targetId: String(productId) })]);

    const unknown = await admin('POST', '/api/admin/match-reports/nope/resolve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'id' });
    expect((await admin('GET', '/api/admin/match-reports?status=maybe')).json()).toMatchObject({ field: 'status' });
  });

  it.each([
    [{ requestId: undefined, reason: 'other' }, 400, 'requestId'],
    [{ requestId: 'not-a-uuid', productId: 1, reason: 'other' }, 400, 'requestId'],
    [{ requestId: randomUUID(), productId: 1, reason: 'other' }, 404, 'requestId'],
    [{ productId: '1', reason: 'other' }, 400, 'productId'],
    [{ productId: 999_999, reason: 'other' }, 400, 'productId'],
    [{ reason: 'looks odd' }, 400, 'reason'],
    [{}, 400, 'reason'],
    [{ reason: 'other', note: 'x'.repeat(MATCH_REPORT_NOTE_LENGTH + 1) }, 400, 'note'],
    [{ reason: 'other', note: 42 }, 400, 'note'],
  ])('refuses %j with %i naming %s, and stores nothing', async (body, status, field) => {
    const before = await count();
    const res = await report({ requestId, productId, ...body });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await count()).toBe(before);
  });
});

describe('match reports: rate limit', () => {
  it('refuses a flood of reports from one address', async () => {
    const t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        statuses.push((await t.app.inject({ method: 'POST', url: '/api/match-reports', payload: { requestId: randomUUID(), productId: 1, reason: 'other' } })).statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});
