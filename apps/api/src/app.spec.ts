import { MIGRATION_LOCK_KEY } from '@pricehunt/storage';
import { buildTestApp, type TestApp } from './testing/test-app';
import { anotherConnection, describeOnEngine, itOnEngine, run } from './testing/db';

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

  it('reads the database for /api/health at most once a second, and fails the check when the read fails', async () => {
    const clock = jest.spyOn(Date, 'now');
    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
    // The migration journal the check counts (PostgreSQL's migrator keeps it in the `drizzle` schema).
    const schema = t.engine === 'postgres' ? 'drizzle.' : '';
    try {
      clock.mockReturnValue(2e12);
      expect((await health()).statusCode).toBe(200);
      await run(t.app, `alter table ${schema}__drizzle_migrations rename to migrations_moved`);
      clock.mockReturnValue(2e12 + 999);
      expect((await health()).statusCode).toBe(200);
      clock.mockReturnValue(2e12 + 1000);
      expect((await health()).statusCode).toBe(500);
    } finally {
      clock.mockRestore();
      await run(t.app, `alter table ${schema}migrations_moved rename to __drizzle_migrations`);
    }
    expect((await health()).statusCode).toBe(200);
  });

  it('parses JSON bodies, refusing broken JSON and prototype keys however they are written', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/track-event', headers: { 'content-type': 'application/json' }, payload });
    expect((await post('{"eventType":"page_view","eventData":{"url":"https://shop.example/a"}}')).statusCode).toBe(201);
    expect((await post('{"eventType":"page_view","eventData":{"note":"a \\"quoted\\" word"}}')).statusCode).toBe(201);
    for (const body of [
      '{"eventType":"page_view"',
      '{"eventType":"page_view","__proto__":{"admin":true}}',
      '{"eventType":"page_view","\\u005f_proto__":{"admin":true}}',
      '{"eventType":"page_view","constructor":{"prototype":{"admin":true}}}',
      '{"eventType":"page_view","\\u0063onstructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body', error: 'Request body is not valid JSON' });
    }
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  itOnEngine('sqlite', 'sets WAL and FULL synchronous on its connection', () => {
    expect(t.app.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(t.app.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('answers unknown routes with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', statusCode: 404, error: 'Route GET /api/nope not found' });
  });
});

describeOnEngine('postgres', 'an instance starting beside another', () => {
  it('waits for the other’s migrations however long they hold the lock, past Fastify’s 10 s plugin deadline', async () => {
    const first = await buildTestApp();
    const other = await anotherConnection(first.databaseUrl);
    const locker = other.engine === 'postgres' ? await other.handle.pool.connect() : null;
    try {
      // The other instance migrating: it holds the migration lock for 11 s.
      await locker?.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      const started = Date.now();
      const release = setTimeout(() => void locker?.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]), 11_000);
      const second = await buildTestApp({ DATABASE_URL: first.databaseUrl }).finally(() => clearTimeout(release));
      try {
        expect(Date.now() - started).toBeGreaterThanOrEqual(11_000);
        expect((await second.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      locker?.release();
      await other.close();
      await first.close();
    }
  });
});
