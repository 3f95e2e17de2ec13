import { loadConfig, ConfigError } from '../config';
import { call, preflight, registerShopper } from '../testing/http';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { DEFAULT_EXTENSION_ORIGINS, extensionOriginTest, isExtensionRoute } from './extension-origins';

const FIREFOX = 'moz-extension://1b0b3c3e-9f3a-4a51-8d5e-2f6c4a1e7d90';
const OTHER_EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describe('the browser extension’s origin', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ EXTENSION_ORIGINS: `${DEFAULT_EXTENSION_ORIGINS},moz-extension://*` });
    ({ cookie } = await registerShopper(t.app, 'extension-user@example.com'));
  });
  afterAll(async () => t.close());

  it('is answered through CORS, with credentials, on the extension’s routes, preflight included', async () => {
    for (const origin of [DEFAULT_EXTENSION_ORIGINS, FIREFOX]) {
      const pre = await preflight(t.app, '/api/search', origin);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(origin);
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
      const session = await call(t.app, 'GET', '/api/shopper/auth/session', { origin, cookie });
      expect(session.headers['access-control-allow-origin']).toBe(origin);
      expect(session.json()).toMatchObject({ user: { email: 'extension-user@example.com' } });
    }
    const watches = await call(t.app, 'GET', '/api/shopper/watches', { origin: DEFAULT_EXTENSION_ORIGINS, cookie });
    expect(watches.statusCode).toBe(200);
    expect(watches.headers['access-control-allow-origin']).toBe(DEFAULT_EXTENSION_ORIGINS);
  });

  it('is any other site on every other route: no CORS grant, and its writes are refused', async () => {
    for (const [method, url] of [['GET', '/api/shopper/favorites'], ['DELETE', '/api/shopper/watches/00000000-0000-4000-8000-000000000000'], ['GET', '/api/search/00000000-0000-4000-8000-000000000000']] as const) {
      const pre = await preflight(t.app, url, DEFAULT_EXTENSION_ORIGINS, { method });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    }
    const favorites = await call(t.app, 'GET', '/api/shopper/favorites', { origin: DEFAULT_EXTENSION_ORIGINS, cookie });
    expect(favorites.headers['access-control-allow-origin']).toBeUndefined();
    const logout = await call(t.app, 'POST', '/api/shopper/auth/logout', { origin: DEFAULT_EXTENSION_ORIGINS, cookie });
    expect(logout.statusCode).toBe(403);
  });

  it('takes a watch from the extension, and refuses one from an extension it does not know', async () => {
    const refused = await call(t.app, 'POST', '/api/shopper/watches', { origin: OTHER_EXTENSION, cookie, body: { url: 'https://www.amazon.com/dp/B0EXAMPLE1' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // Signed out, a watch needs an address: the answer names the field, and the extension's origin may read it.
    const signedOut = await call(t.app, 'POST', '/api/shopper/watches', { origin: DEFAULT_EXTENSION_ORIGINS, body: { productId: 1 } });
    expect(signedOut.statusCode).toBe(400);
    expect(signedOut.json()).toMatchObject({ field: 'email' });
    expect(signedOut.headers['access-control-allow-origin']).toBe(DEFAULT_EXTENSION_ORIGINS);
  });
});

describe('EXTENSION_ORIGINS', () => {
  it('defaults to the unpacked build’s id, takes Firefox installs only when told, and refuses what is no extension origin', () => {
    const base = { DATABASE_URL: ':memory:', NODE_ENV: 'test' };
    expect(loadConfig(base).EXTENSION_ORIGINS).toEqual([DEFAULT_EXTENSION_ORIGINS]);
    const defaults = extensionOriginTest(loadConfig(base).EXTENSION_ORIGINS);
    expect(defaults(DEFAULT_EXTENSION_ORIGINS)).toBe(true);
    expect(defaults(FIREFOX)).toBe(false);
    expect(defaults('https://evil.example')).toBe(false);
    expect(extensionOriginTest(['moz-extension://*'])(FIREFOX)).toBe(true);
    expect(() => loadConfig({ ...base, EXTENSION_ORIGINS: 'https://evil.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, EXTENSION_ORIGINS: 'chrome-extension://*' })).toThrow(/EXTENSION_ORIGINS/);
  });

  it('names the extension’s routes by method and path, preflights by the method they ask for', () => {
    const request = (method: string, url: string, asked?: string) => ({ method, url, headers: asked ? { 'access-control-request-method': asked } : {} });
    expect(isExtensionRoute(request('POST', '/api/search'))).toBe(true);
    expect(isExtensionRoute(request('GET', '/api/search'))).toBe(false);
    expect(isExtensionRoute(request('OPTIONS', '/api/shopper/watches', 'POST'))).toBe(true);
    expect(isExtensionRoute(request('OPTIONS', '/api/shopper/watches', 'DELETE'))).toBe(false);
    expect(isExtensionRoute(request('GET', '/api/shopper/watches?x=1'))).toBe(true);
    expect(isExtensionRoute(request('GET', '/api/shopper/watchesx'))).toBe(false);
  });
});
