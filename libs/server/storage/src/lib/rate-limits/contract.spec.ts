import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing/port-engines';
import { createPgRateLimitRepository, createSqliteRateLimitRepository, type RateLimitRepository } from '../../index';

const repository = (connection: EngineConnection): RateLimitRepository =>
  connection.engine === 'sqlite' ? createSqliteRateLimitRepository(connection.handle) : createPgRateLimitRepository(connection.handle);

const NOW = 1_795_000_000_000;

describe.each(ENGINES)('RateLimitRepository on %s', (engine) => {
  let database: PortEngine;
  let repo: RateLimitRepository;
  beforeEach(async () => {
    database = await openPortEngine(engine);
    repo = repository(database);
  });
  afterEach(() => database.close());

  it('counts calls in a window and answers numbers', async () => {
    expect(await repo.hit('register', 'k1', 60_000, NOW)).toStrictEqual({ count: 1, resetAt: NOW + 60_000 });
    expect(await repo.hit('register', 'k1', 60_000, NOW + 10)).toStrictEqual({ count: 2, resetAt: NOW + 60_000 });
    // Another key, another limit: windows of their own.
    expect(await repo.hit('register', 'k2', 60_000, NOW + 20)).toStrictEqual({ count: 1, resetAt: NOW + 60_020 });
    expect(await repo.hit('reset', 'k1', 1_000, NOW + 30)).toStrictEqual({ count: 1, resetAt: NOW + 1_030 });
    expect(await repo.hit('register', 'k1', 60_000, NOW + 59_999)).toStrictEqual({ count: 3, resetAt: NOW + 60_000 });
  });

  it('starts a window again once it ended (at its end, not before)', async () => {
    await repo.hit('register', 'k', 60_000, NOW);
    await repo.hit('register', 'k', 60_000, NOW + 1);
    expect(await repo.hit('register', 'k', 60_000, NOW + 60_000)).toStrictEqual({ count: 1, resetAt: NOW + 120_000 });
    expect(await repo.hit('register', 'k', 60_000, NOW + 60_001)).toStrictEqual({ count: 2, resetAt: NOW + 120_000 });
  });

  it('counts every one of many calls made at once from several processes', async () => {
    const repos = [repo, repository(await database.connect()), repository(await database.connect())];
    const windows = await Promise.all(Array.from({ length: 30 }, (_, i) => (repos[i % repos.length] ?? repo).hit('register', 'k', 60_000, NOW)));
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(windows.map((window) => window.resetAt))).toEqual(new Set([NOW + 60_000]));
  });

  it('prunes the windows that ended at or before now, answering how many', async () => {
    await repo.hit('register', 'a', 1_000, NOW);
    await repo.hit('register', 'b', 2_000, NOW);
    await repo.hit('register', 'c', 3_000, NOW);
    expect(await repo.prune(NOW + 2_000)).toBe(2);
    expect(await database.query('SELECT key_hash FROM rate_limit_windows ORDER BY key_hash')).toEqual([{ key_hash: 'c' }]);
    expect(await repo.prune(NOW + 2_000)).toBe(0);
    // A pruned key starts again.
    expect(await repo.hit('register', 'a', 1_000, NOW + 1)).toStrictEqual({ count: 1, resetAt: NOW + 1_001 });
  });
});
