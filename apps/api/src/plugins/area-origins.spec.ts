import { ADMIN_ORIGIN, APP_ORIGIN, SHOPPER_ORIGIN } from '../testing/http';
import { buildTestApp, type TestApp } from '../testing/test-app';

const STATE_CHANGING = ['post', 'put', 'patch', 'delete'] as const;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, unknown>>>;
}

/** A refusal by the cross-site write check (as opposed to a missing session or a body that fails validation). */
const refusedAsCrossSite = (res: { statusCode: number; json(): { error?: string } }) =>
  res.statusCode === 403 && /must come from|Cross-site request refused/.test(res.json().error ?? '');

describe('state-changing admin and business requests need their own app’s Origin', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string; url: string }>;
  beforeAll(async () => {
    t = await buildTestApp();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const document = docs.json<OpenApiDocument>();
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      STATE_CHANGING.filter((method) => operations[method] && /^\/api\/(admin|business)(\/|$)/.test(path)).map((method) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, SAMPLE_ID),
      })),
    );
  });
  afterAll(async () => t.close());

  it('finds the admin and business write routes in the OpenAPI document', () => {
    expect(routes.filter((route) => route.path.startsWith('/api/admin/')).length).toBeGreaterThan(10);
    expect(routes.filter((route) => route.path.startsWith('/api/business/')).length).toBeGreaterThan(10);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(['POST /api/business/auth/login', 'PATCH /api/business/settings']));
  });

  it('refuses every one without Origin or Referer (403, the error envelope, a message naming the app)', async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method as 'POST', url: route.url, payload: {} });
      if (res.statusCode !== 403) accepted.push(`${route.method} ${route.path}: ${res.statusCode}`);
      else expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', statusCode: 403, error: expect.stringMatching(/^This request must come from the (admin console|merchant dashboard).*: it carries no Origin or Referer header$/) });
    }
    expect(accepted).toEqual([]);
  });

  it('refuses every one from the shopper site’s Origin, and from its Referer', async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const byOrigin = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { origin: SHOPPER_ORIGIN, host: 'localhost:4200' }, payload: {} });
      const byReferer = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { referer: `${SHOPPER_ORIGIN}/favorites` }, payload: {} });
      for (const res of [byOrigin, byReferer]) if (!refusedAsCrossSite(res)) accepted.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it('takes every one from its own app’s Origin or Referer past the check (then signed-out or invalid, as may be)', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      const origin = route.path.startsWith('/api/admin') ? ADMIN_ORIGIN : APP_ORIGIN;
      const byOrigin = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { origin }, payload: {} });
      const byReferer = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { referer: `${origin}/some/page` }, payload: {} });
      for (const res of [byOrigin, byReferer]) if (refusedAsCrossSite(res)) refused.push(`${route.method} ${route.path}: ${res.json<{ error: string }>().error}`);
    }
    expect(refused).toEqual([]);
  });

  it('keeps admin writes from the merchant dashboard out, and business writes from the admin console, but for signing in', async () => {
    expect(refusedAsCrossSite(await t.app.inject({ method: 'POST', url: '/api/admin/feed-sources', headers: { origin: APP_ORIGIN }, payload: {} }))).toBe(true);
    expect(refusedAsCrossSite(await t.app.inject({ method: 'PATCH', url: '/api/business/settings', headers: { origin: ADMIN_ORIGIN }, payload: {} }))).toBe(true);
    expect(refusedAsCrossSite(await t.app.inject({ method: 'POST', url: '/api/business/auth/logout', headers: { origin: ADMIN_ORIGIN } }))).toBe(false);
    // The loopback twin of an app's origin is that app.
    expect(refusedAsCrossSite(await t.app.inject({ method: 'POST', url: '/api/admin/feed-sources', headers: { origin: 'http://127.0.0.1:4400' }, payload: {} }))).toBe(false);
  });

  it('leaves the shopper site’s writes, the stores’ API-key webhook and the public tracking calls as they were', async () => {
    const shopper = await t.app.inject({ method: 'POST', url: '/api/shopper/auth/logout', headers: { origin: SHOPPER_ORIGIN } });
    expect(refusedAsCrossSite(shopper)).toBe(false);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/merchant/conversions', headers: { authorization: 'Bearer not-a-key' }, payload: { orderId: 'o-1', value: 1, currency: 'USD' } });
    expect(webhook.statusCode).toBe(401);
    const event = await t.app.inject({ method: 'POST', url: '/api/track-event', headers: { origin: 'https://any-store.example' }, payload: { eventType: 'page_view', eventData: {}, businessDomain: 'any-store.example' } });
    expect(refusedAsCrossSite(event)).toBe(false);
    expect(event.headers['access-control-allow-origin']).toBe('*');
  });
});
