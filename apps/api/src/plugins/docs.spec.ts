import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../testing/test-app';

describe('API docs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are on outside production and off in production unless API_DOCS_ENABLED says otherwise', () => {
    expect(loadConfig({}).API_DOCS_ENABLED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS_ENABLED).toBe(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).API_DOCS_ENABLED).toBe(false);
    expect(loadConfig({ ...production, API_DOCS_ENABLED: 'true' }).API_DOCS_ENABLED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS_ENABLED: 'false' }).API_DOCS_ENABLED).toBe(false);
    expect(() => loadConfig({ API_DOCS_ENABLED: 'perhaps' })).toThrow(/API_DOCS_ENABLED/);
  });

  it('are not served by an API in production', async () => {
    t = await buildTestApp({ NODE_ENV: 'production', RATE_LIMIT_ENABLED: 'true' });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // The API itself answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('are served in production when API_DOCS_ENABLED=true, and outside production by default', async () => {
    t = await buildTestApp({ NODE_ENV: 'production', RATE_LIMIT_ENABLED: 'true', API_DOCS_ENABLED: 'true' });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    await t.close();
    t = await buildTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
