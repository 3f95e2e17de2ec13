import { buildTestApp, type TestApp } from '../testing/test-app';
import { call, preflight, registerBusiness, STRONG_PASSWORD } from '../testing/http';

describe('security: CORS, cross-site writes, headers, docs', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await registerBusiness(t.app, 'csrf@shop.example'));
  });
  afterAll(async () => t.close());

  describe('cross-site writes to cookie-authenticated routes', () => {
    it('refuses a POST with a foreign Origin and a valid session cookie (403) and keeps the session', async () => {
      const res = await call(t.app, 'POST', '/api/business/auth/logout', { cookie, origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', error: 'This request must come from the merchant dashboard or the admin console' });
      expect((await call(t.app, 'GET', '/api/business/auth/me', { cookie })).statusCode).toBe(200);
    });

    it('refuses a login posted from a foreign site (login CSRF) and an opaque "null" origin', async () => {
      for (const origin of ['https://evil.example', 'null']) {
        const res = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'csrf@shop.example', password: STRONG_PASSWORD }, origin });
        expect(res.statusCode).toBe(403);
      }
    });

    it('refuses a business write without Origin, whatever Sec-Fetch-Site says, and one whose only clue is a foreign Referer', async () => {
      for (const site of ['cross-site', 'same-site', 'same-origin', 'none']) {
        const res = await call(t.app, 'POST', '/api/business/auth/logout', { cookie, origin: null, headers: { 'sec-fetch-site': site } });
        expect(res.statusCode).toBe(403);
      }
      const res = await call(t.app, 'POST', '/api/business/auth/logout', { cookie, origin: null, headers: { referer: 'https://evil.example/page' } });
      expect(res.statusCode).toBe(403);
    });

    it('refuses a business write from the API’s own address (a page of the shopper site behind its proxy has it) and from a client sending no Origin', async () => {
      const ownOrigin = await call(t.app, 'POST', '/api/business/auth/logout', { origin: 'http://localhost:4200', headers: { host: 'localhost:4200' } });
      expect(ownOrigin.statusCode).toBe(403);
      const curl = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'csrf@shop.example', password: STRONG_PASSWORD }, origin: null });
      expect(curl.statusCode).toBe(403);
      expect(curl.json().error).toBe('This request must come from the merchant dashboard or the admin console: it carries no Origin or Referer header');
    });

    it("accepts the merchant dashboard's origin, or its Referer", async () => {
      const fromApp = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'csrf@shop.example', password: STRONG_PASSWORD } });
      expect(fromApp.statusCode).toBe(200);
      const byReferer = await call(t.app, 'POST', '/api/business/auth/login', { body: { email: 'csrf@shop.example', password: STRONG_PASSWORD }, origin: null, headers: { referer: 'http://localhost:4300/business-login' } });
      expect(byReferer.statusCode).toBe(200);
    });

    it('keeps the other cookie areas as they were: same-origin browser calls without Origin and non-browser clients', async () => {
      const sameOrigin = await call(t.app, 'POST', '/api/shopper/auth/logout', { origin: null, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(sameOrigin.statusCode).toBe(200);
      const curl = await call(t.app, 'POST', '/api/shopper/auth/logout', { origin: null });
      expect(curl.statusCode).toBe(200);
      const foreign = await call(t.app, 'POST', '/api/shopper/auth/logout', { origin: 'https://evil.example' });
      expect(foreign.json()).toMatchObject({ statusCode: 403, error: 'Cross-site request refused' });
    });

    it('lets safe methods through whatever their origin', async () => {
      const res = await call(t.app, 'GET', '/api/business/auth/me', { cookie, origin: 'https://evil.example' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('CORS', () => {
    it('allows the app origins with credentials, including preflight', async () => {
      const pre = await preflight(t.app, '/api/business/auth/login', 'http://localhost:4300');
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:4300');
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
    });

    it('gives no CORS grant to other origins on cookie routes', async () => {
      const pre = await preflight(t.app, '/api/business/auth/login', 'https://evil.example', { headers: null });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
    });
  });

  describe('headers and documentation', () => {
    it('sets helmet headers on API answers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['strict-transport-security']).toBeDefined();
    });

    it("sends the API's security header set on every kind of answer (JSON, redirect, error), and no document-only header", async () => {
      const expected = {
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-site',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      };
      const documentOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
      const answers = [
        await t.app.inject({ method: 'GET', url: '/api/health' }),
        await t.app.inject({ method: 'GET', url: `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0TEST1234')}` }),
        await t.app.inject({ method: 'GET', url: '/api/redirect?to=javascript:alert(1)' }),
        await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      ];
      for (const res of answers) {
        expect(res.headers).toMatchObject(expected);
        expect(res.headers['x-powered-by']).toBeUndefined();
        for (const name of documentOnly) expect(res.headers[name]).toBeUndefined();
      }
      expect(answers.map((res) => res.statusCode)).toEqual([200, 302, 400, 404]);
    });

    it('serves the OpenAPI document built from the zod schemas, and Swagger UI', async () => {
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const body = doc.json();
      expect(body.openapi).toMatch(/^3\./);
      const register = body.paths['/api/business/auth/register'].post;
      expect(register.requestBody.content['application/json'].schema.properties.email).toBeDefined();
      expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['202', '400', '409', '429']));
      expect(body.paths['/api/shopper/auth/me'].get).toBeDefined();
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toContain('text/html');
      expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    });
  });
});
