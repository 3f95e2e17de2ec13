import { buildTestApp, type TestApp } from './testing/test-app';

describe('api shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers /api/health with migrations applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.json().migrations).toBeGreaterThan(0);
  });

  it('sets WAL and FULL synchronous on its connection', () => {
    expect(t.app.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(t.app.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('answers unknown routes with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', statusCode: 404, error: 'Route GET /api/nope not found' });
  });
});
