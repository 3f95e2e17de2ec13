import { ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing/port-engines';
import { createPgEmailConfirmationRepository, createPgOutboxRepository, createPgSessionRepository, createPgSignInGuardRepository, createSqliteEmailConfirmationRepository, createSqliteOutboxRepository, createSqliteSessionRepository, createSqliteSignInGuardRepository, type EmailConfirmationRepository, type FailureCounts, type OutboxRepository, type SessionRepository, type SignInGuardRepository } from '../../index';

interface Ports {
  sessions: SessionRepository;
  guard: SignInGuardRepository;
  confirmations: EmailConfirmationRepository;
  outbox: OutboxRepository;
}

const ports = (connection: EngineConnection): Ports =>
  connection.engine === 'sqlite'
    ? {
        sessions: createSqliteSessionRepository(connection.handle),
        guard: createSqliteSignInGuardRepository(connection.handle),
        confirmations: createSqliteEmailConfirmationRepository(connection.handle),
        outbox: createSqliteOutboxRepository(connection.handle),
      }
    : {
        sessions: createPgSessionRepository(connection.handle),
        guard: createPgSignInGuardRepository(connection.handle),
        confirmations: createPgEmailConfirmationRepository(connection.handle),
        outbox: createPgOutboxRepository(connection.handle),
      };

const NOW = 1_795_000_000_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(ENGINES)('accounts and sessions ports on %s', (engine) => {
  let database: PortEngine;
  let repos: Ports;
  /** The same ports on more connections: other API processes. */
  const processes = async (count: number): Promise<Ports[]> => [repos, ...(await Promise.all(Array.from({ length: count - 1 }, async () => ports(await database.connect()))))];

  beforeEach(async () => {
    database = await openPortEngine(engine);
    repos = ports(database);
    for (const id of ['b1', 'b2']) await database.query('INSERT INTO businesses (id, email, password_hash) VALUES (?, ?, ?)', [id, `${id}@example.com`, 'hash']);
    for (const id of ['s1', 's2']) await database.query('INSERT INTO shoppers (id, email, password_hash) VALUES (?, ?, ?)', [id, `${id}@example.com`, 'hash']);
  });
  afterEach(() => database.close());

  describe('SessionRepository', () => {
    const data = '{"cookie":{"originalMaxAge":3600000,"expires":"2026-11-23T10:00:00.000Z","secure":false,"httpOnly":true,"path":"/","sameSite":"lax"},"businessId":"b1"}';
    const session = (id: string, changes: Partial<Parameters<SessionRepository['save']>[0]> = {}) => ({
      id,
      data,
      expiresAt: NOW + 1_000,
      businessId: null,
      shopperId: null,
      ...changes,
    });

    it('loads a saved session as the very text saved, until it expires', async () => {
      await repos.sessions.save(session('a', { businessId: 'b1' }));
      expect(await repos.sessions.load('a', NOW)).toBe(data);
      expect(await repos.sessions.load('a', NOW + 999)).toBe(data);
      expect(await repos.sessions.load('a', NOW + 1_000)).toBeUndefined();
      expect(await repos.sessions.load('nope', NOW)).toBeUndefined();
      // Saved is durable and shared: another process reads it.
      const [, other] = await processes(2);
      expect(await other?.sessions.load('a', NOW)).toBe(data);
    });

    it('replaces a session saved again: data, expiry and who is signed in', async () => {
      await repos.sessions.save(session('a', { businessId: 'b1' }));
      await repos.sessions.save(session('a', { data: '{"shopperId":"s1"}', expiresAt: NOW + 5_000, shopperId: 's1' }));
      expect(await repos.sessions.load('a', NOW + 4_999)).toBe('{"shopperId":"s1"}');
      expect(await repos.sessions.endBusinessSessions('b1')).toBe(0);
      expect(await repos.sessions.endShopperSessions('s1')).toBe(1);
    });

    it('destroys a session', async () => {
      await repos.sessions.save(session('a'));
      await repos.sessions.destroy('a');
      await repos.sessions.destroy('never');
      expect(await repos.sessions.load('a', NOW)).toBeUndefined();
    });

    it('prunes sessions expired at now, answering how many', async () => {
      await repos.sessions.save(session('a', { expiresAt: NOW }));
      await repos.sessions.save(session('b', { expiresAt: NOW - 1 }));
      await repos.sessions.save(session('c', { expiresAt: NOW + 1 }));
      expect(await repos.sessions.pruneExpired(NOW)).toBe(2);
      expect(await repos.sessions.pruneExpired(NOW)).toBe(0);
      expect(await repos.sessions.load('c', NOW)).toBe(data);
    });

    it("ends an account's sessions, but the one to keep, answering how many", async () => {
      for (const id of ['a', 'b', 'c']) await repos.sessions.save(session(id, { businessId: 'b1' }));
      await repos.sessions.save(session('d', { businessId: 'b2' }));
      await repos.sessions.save(session('e', { shopperId: 's1' }));
      await repos.sessions.save(session('f', { shopperId: 's2' }));
      expect(await repos.sessions.endBusinessSessions('b1', 'b')).toBe(2);
      expect(await repos.sessions.load('b', NOW)).toBe(data);
      expect(await repos.sessions.endBusinessSessions('b1', null)).toBe(1);
      expect(await repos.sessions.endBusinessSessions('b1')).toBe(0);
      expect(await repos.sessions.endShopperSessions('s1')).toBe(1);
      expect((await Promise.all(['d', 'f'].map((id) => repos.sessions.load(id, NOW)))).every((loaded) => loaded === data)).toBe(true);
    });
  });

  describe('SignInGuardRepository: failures', () => {
    /** Free failures, then 1 s, 2 s, 4 s…: the guard's shape of wait. */
    const doubling = (free: number) => (_key: string, failures: number) => (failures <= free ? 0 : 1_000 * 2 ** (failures - free - 1));
    const rows = () =>
      database.query<{ key: string; failures: number; last: number; blocked: number }>(
        'SELECT key, failures, CAST(last_failure_at AS DOUBLE PRECISION) AS last, CAST(blocked_until AS DOUBLE PRECISION) AS blocked FROM sign_in_failures ORDER BY key',
      );

    it('counts failures of each key, answering the new counts, and waits once the free ones are spent', async () => {
      const seen: Array<[string, number, Array<[string, number]>]> = [];
      const wait = (key: string, failures: number, counted: FailureCounts) => {
        seen.push([key, failures, [...counted]]);
        return key === 'pair' ? doubling(2)(key, failures) : 0;
      };
      expect(await repos.guard.countFailures(['pair'], ['account', 'pair'], NOW, NOW - DAY, wait)).toStrictEqual({
        blocked: false,
        counts: new Map([
          ['account', 1],
          ['pair', 1],
        ]),
      });
      expect(seen).toEqual([
        ['account', 1, []],
        ['pair', 1, [['account', 1]]],
      ]);
      await repos.guard.countFailures(['pair'], ['account', 'pair'], NOW + 1, NOW - DAY, wait);
      const third = await repos.guard.countFailures(['pair'], ['account', 'pair'], NOW + 2, NOW - DAY, wait);
      expect(third).toStrictEqual({ blocked: false, counts: new Map([['account', 3], ['pair', 3]]) });
      expect(await rows()).toStrictEqual([
        { key: 'account', failures: 3, last: NOW + 2, blocked: 0 },
        { key: 'pair', failures: 3, last: NOW + 2, blocked: NOW + 1_002 },
      ]);
      // Blocked: nothing counted, the block answered.
      expect(await repos.guard.countFailures(['pair'], ['account', 'pair'], NOW + 1_001, NOW - DAY, wait)).toStrictEqual({ blocked: true, key: 'pair', blockedUntil: NOW + 1_002 });
      expect((await rows()).map((row) => row.failures)).toEqual([3, 3]);
      // At the end of the wait it counts again, and the wait doubles.
      expect(await repos.guard.countFailures(['pair'], ['account', 'pair'], NOW + 1_002, NOW - DAY, wait)).toStrictEqual({
        blocked: false,
        counts: new Map([['account', 4], ['pair', 4]]),
      });
      expect((await rows())[1]).toStrictEqual({ key: 'pair', failures: 4, last: NOW + 1_002, blocked: NOW + 3_002 });
    });

    it('answers the latest block among the guarded keys, and leaves no trace of a blocked call', async () => {
      await repos.guard.countFailures([], ['x'], NOW, 0, () => 5_000);
      await repos.guard.countFailures([], ['y'], NOW, 0, () => 9_000);
      expect(await repos.guard.countFailures(['x', 'y', 'z'], ['new', 'x'], NOW + 1, 0, () => 0)).toStrictEqual({ blocked: true, key: 'y', blockedUntil: NOW + 9_000 });
      expect((await rows()).map((row) => row.key)).toEqual(['x', 'y']);
      // Keys counted but not guarded do not block.
      expect(await repos.guard.countFailures(['new'], ['x'], NOW + 1, 0, () => 0)).toStrictEqual({ blocked: false, counts: new Map([['x', 2]]) });
    });

    it('starts a key again from one when its last failure is at or before forgetBefore', async () => {
      await repos.guard.countFailures([], ['k'], NOW, 0, () => 0);
      await repos.guard.countFailures([], ['k'], NOW + 10, 0, () => 0);
      expect(await repos.guard.countFailures([], ['k'], NOW + 20, NOW + 9, () => 0)).toStrictEqual({ blocked: false, counts: new Map([['k', 3]]) });
      expect(await repos.guard.countFailures([], ['k'], NOW + 30, NOW + 20, () => 0)).toStrictEqual({ blocked: false, counts: new Map([['k', 1]]) });
    });

    it('forgets each key after its own time when forgetBefore is a function of the key', async () => {
      await repos.guard.countFailures([], ['hour', 'day'], NOW, 0, () => 0);
      const forget = (key: string) => (key === 'hour' ? NOW + 20 - HOUR : NOW + 20 - DAY);
      expect(await repos.guard.countFailures([], ['hour', 'day'], NOW + HOUR - 1, forget, () => 0)).toStrictEqual({
        blocked: false,
        counts: new Map([['hour', 2], ['day', 2]]),
      });
      expect(await repos.guard.countFailures([], ['hour', 'day'], NOW + 2 * HOUR - 1, (key) => (key === 'hour' ? NOW + HOUR - 1 : 0), () => 0)).toStrictEqual({
        blocked: false,
        counts: new Map([['hour', 1], ['day', 3]]),
      });
    });

    it('lets no attempt slip past a wait when many come at once from several processes, and loses no count', async () => {
      const all = await processes(3);
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (all[i % all.length] ?? repos).guard.countFailures(['pair', 'address'], ['account', 'pair', 'address'], NOW, NOW - DAY, doubling(3))),
      );
      // As a sequence would: three free failures, a fourth that starts a 1 s wait, then blocked.
      const counted = attempts.filter((result) => !result.blocked);
      expect(counted.map((result) => (result.blocked ? 0 : result.counts.get('pair'))).sort()).toEqual([1, 2, 3, 4]);
      expect(attempts.filter((result) => result.blocked)).toEqual(Array.from({ length: 8 }, () => ({ blocked: true, key: 'address', blockedUntil: NOW + 1_000 })));
      expect(await rows()).toStrictEqual([
        { key: 'account', failures: 4, last: NOW, blocked: NOW + 1_000 },
        { key: 'address', failures: 4, last: NOW, blocked: NOW + 1_000 },
        { key: 'pair', failures: 4, last: NOW, blocked: NOW + 1_000 },
      ]);
    });

    it('counts every failure of calls at once that share keys in other orders', async () => {
      const all = await processes(3);
      const keysOf = (i: number) => (i % 2 ? ['a', 'b', `own${i}`] : [`own${i}`, 'b', 'a']);
      const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => (all[i % all.length] ?? repos).guard.countFailures(keysOf(i), keysOf(i), NOW, NOW - DAY, () => 0)));
      expect(attempts.every((result) => !result.blocked)).toBe(true);
      expect(attempts.map((result) => (result.blocked ? 0 : result.counts.get('a'))).sort((x = 0, y = 0) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await rows()).filter((row) => row.key.length === 1)).toStrictEqual([
        { key: 'a', failures: 20, last: NOW, blocked: 0 },
        { key: 'b', failures: 20, last: NOW, blocked: 0 },
      ]);
    });

    it('takes failures back, lifting a block within the free ones, and forgets a key', async () => {
      for (let i = 0; i < 3; i++) await repos.guard.countFailures([], ['a', 'b', 'c', 'gone'], NOW, 0, () => 5_000);
      await repos.guard.takeBackFailures(
        [
          { key: 'a', free: 2 },
          { key: 'b', free: 1 },
          { key: 'missing', free: 0 },
        ],
        'gone',
      );
      expect(await rows()).toStrictEqual([
        { key: 'a', failures: 2, last: NOW, blocked: 0 },
        { key: 'b', failures: 2, last: NOW, blocked: NOW + 5_000 },
        { key: 'c', failures: 3, last: NOW, blocked: NOW + 5_000 },
      ]);
      await repos.guard.takeBackFailures([{ key: 'c', free: Number.MAX_SAFE_INTEGER }]);
      for (let i = 0; i < 3; i++) await repos.guard.takeBackFailures([{ key: 'a', free: 0 }]);
      expect((await rows()).map(({ key, failures, blocked }) => [key, failures, blocked])).toEqual([
        ['a', 0, 0],
        ['b', 2, NOW + 5_000],
        ['c', 2, 0],
      ]);
    });

    it('prunes failures last counted before a time and devices expired before now, answering how many rows went', async () => {
      await repos.guard.countFailures([], ['old'], NOW - 10, 0, () => 0);
      await repos.guard.countFailures([], ['edge'], NOW, 0, () => 0);
      await repos.guard.addDevice({ audience: 'business', accountId: 'b1', tokenHash: 'expired', now: NOW - 100, expiresAt: NOW - 1 }, 10);
      await repos.guard.addDevice({ audience: 'business', accountId: 'b1', tokenHash: 'edge', now: NOW - 100, expiresAt: NOW }, 10);
      expect(await repos.guard.prune(NOW, NOW)).toBe(2);
      expect((await rows()).map((row) => row.key)).toEqual(['edge']);
      expect(await repos.guard.findTrustedDevice('business', 'b1', 'edge', NOW - 1)).toStrictEqual({ tokenHash: 'edge' });
      expect(await repos.guard.prune(NOW, NOW)).toBe(0);
    });
  });

  describe('SignInGuardRepository: trusted devices', () => {
    const add = (accountId: string, tokenHash: string, now: number, keep = 10, audience: 'business' | 'shopper' = 'business') =>
      repos.guard.addDevice({ audience, accountId, tokenHash, now, expiresAt: now + DAY }, keep);
    const devices = () =>
      database.query<{ token_hash: string; business_id: string | null; shopper_id: string | null; created: number; used: number; expires: number }>(
        `SELECT token_hash, business_id, shopper_id, CAST(created_at AS DOUBLE PRECISION) AS created,
           CAST(last_used_at AS DOUBLE PRECISION) AS used, CAST(expires_at AS DOUBLE PRECISION) AS expires FROM trusted_devices ORDER BY token_hash`,
      );

    it('finds an unexpired device of the account and audience by its hash', async () => {
      await add('b1', 'h1', NOW);
      await add('s1', 'h2', NOW, 10, 'shopper');
      expect(await repos.guard.findTrustedDevice('business', 'b1', 'h1', NOW)).toStrictEqual({ tokenHash: 'h1' });
      expect(await repos.guard.findTrustedDevice('shopper', 's1', 'h2', NOW + DAY - 1)).toStrictEqual({ tokenHash: 'h2' });
      expect(await repos.guard.findTrustedDevice('business', 'b1', 'h1', NOW + DAY)).toBeUndefined();
      expect(await repos.guard.findTrustedDevice('business', 'b2', 'h1', NOW)).toBeUndefined();
      expect(await repos.guard.findTrustedDevice('shopper', 'b1', 'h1', NOW)).toBeUndefined();
      expect(await repos.guard.findTrustedDevice('business', 's1', 'h2', NOW)).toBeUndefined();
    });

    it('renews a device', async () => {
      await add('b1', 'h1', NOW);
      await repos.guard.renewDevice('h1', NOW + 50, NOW + 5 * DAY);
      expect(await devices()).toStrictEqual([{ token_hash: 'h1', business_id: 'b1', shopper_id: null, created: NOW, used: NOW + 50, expires: NOW + 5 * DAY }]);
    });

    it('keeps the most recently used devices of an account, the new one among them', async () => {
      await add('b1', 'old', NOW);
      await add('b1', 'mid', NOW + 1);
      await add('b2', 'other', NOW - 5);
      await repos.guard.renewDevice('old', NOW + 2, NOW + DAY);
      await add('b1', 'new', NOW + 3, 2);
      expect((await devices()).map((row) => row.token_hash)).toEqual(['new', 'old', 'other']);
      // Ties in last use: the devices added last stay, the new one first of all.
      await add('b1', 'tie-a', NOW + 3, 3);
      await add('b1', 'tie-0', NOW + 3, 1);
      expect((await devices()).map((row) => row.token_hash)).toEqual(['other', 'tie-0']);
    });

    it('keeps no more devices than asked when an account adds several at once from several processes', async () => {
      const all = await processes(4);
      const counts: number[] = [];
      for (let round = 0; round < 6; round++) {
        await Promise.all(all.map((process, i) => process.guard.addDevice({ audience: 'shopper', accountId: 's1', tokenHash: `d${round}-${i}`, now: NOW + round, expiresAt: NOW + DAY }, 1)));
        counts.push((await devices()).length);
      }
      expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it("forgets every device of an account, answering how many", async () => {
      await add('b1', 'a', NOW);
      await add('b1', 'b', NOW);
      await add('s1', 'c', NOW, 10, 'shopper');
      expect(await repos.guard.forgetDevices('shopper', 'b1')).toBe(0);
      expect(await repos.guard.forgetDevices('business', 'b1')).toBe(2);
      expect((await devices()).map((row) => row.token_hash)).toEqual(['c']);
    });
  });

  describe('EmailConfirmationRepository', () => {
    const token = (id: string, expiresAt = NOW + DAY) => ({ id, tokenHash: `hash-${id}`, expiresAt, createdAt: NOW });
    const tokens = () =>
      database.query<{ id: string; business_id: string | null; shopper_id: string | null; used: number | null }>(
        'SELECT id, business_id, shopper_id, CAST(used_at AS DOUBLE PRECISION) AS used FROM email_confirmation_tokens ORDER BY id',
      );

    it('uses up the open token of the audience once, answering its account', async () => {
      await repos.confirmations.issue('business', 'b1', token('t1'));
      await repos.confirmations.issue('shopper', 's1', token('t2'));
      expect(await repos.confirmations.consume('shopper', 'hash-t1', NOW)).toBeUndefined();
      expect(await repos.confirmations.consume('business', 'hash-t1', NOW)).toBe('b1');
      expect(await repos.confirmations.consume('business', 'hash-t1', NOW)).toBeUndefined();
      expect(await repos.confirmations.consume('shopper', 'hash-t2', NOW)).toBe('s1');
      expect(await tokens()).toStrictEqual([
        { id: 't1', business_id: 'b1', shopper_id: null, used: NOW },
        { id: 't2', business_id: null, shopper_id: 's1', used: NOW },
      ]);
    });

    it('refuses an expired token (at its expiry) and an unknown one', async () => {
      await repos.confirmations.issue('business', 'b1', token('t1', NOW + 10));
      expect(await repos.confirmations.consume('business', 'hash-t1', NOW + 10)).toBeUndefined();
      expect(await repos.confirmations.consume('business', 'unknown', NOW)).toBeUndefined();
      expect(await repos.confirmations.consume('business', 'hash-t1', NOW + 9)).toBe('b1');
    });

    it("keeps only the newest open link of an account; using one deletes the account's other open ones", async () => {
      await repos.confirmations.issue('business', 'b1', token('t1'));
      await repos.confirmations.issue('business', 'b1', token('t2'));
      await repos.confirmations.issue('business', 'b2', token('t3'));
      expect(await repos.confirmations.consume('business', 'hash-t1', NOW)).toBeUndefined();
      expect((await tokens()).map((row) => row.id)).toEqual(['t2', 't3']);
      expect(await repos.confirmations.consume('business', 'hash-t2', NOW)).toBe('b1');
      // A used token stays (used), and a newer link does not delete it.
      await repos.confirmations.issue('business', 'b1', token('t4'));
      await database.query('INSERT INTO email_confirmation_tokens (id, business_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)', ['t5', 'b1', 'hash-t5', NOW + DAY, NOW]);
      expect(await repos.confirmations.consume('business', 'hash-t5', NOW)).toBe('b1');
      expect((await tokens()).map((row) => [row.id, row.used])).toEqual([
        ['t2', NOW],
        ['t3', null],
        ['t5', NOW],
      ]);
    });

    it('uses a token up once when it is brought several times at once, and leaves one open link of links issued at once', async () => {
      const all = await processes(3);
      await repos.confirmations.issue('shopper', 's1', token('t1'));
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (all[i % all.length] ?? repos).confirmations.consume('shopper', 'hash-t1', NOW)));
      expect(answers.filter((answer) => answer === 's1')).toHaveLength(1);
      expect(answers.filter((answer) => answer === undefined)).toHaveLength(5);
      await Promise.all(Array.from({ length: 6 }, (_, i) => (all[i % all.length] ?? repos).confirmations.issue('business', 'b2', token(`n${i}`))));
      expect((await tokens()).filter((row) => row.business_id === 'b2' && row.used === null)).toHaveLength(1);
    });
  });

  describe('OutboxRepository', () => {
    it('stores an email', async () => {
      await repos.outbox.add({ id: 'm1', to: 'a@example.com', subject: 'Confirm', text: 'Open the link: ñ ✓', createdAt: NOW });
      expect(await database.query('SELECT id, "to", subject, text, CAST(created_at AS DOUBLE PRECISION) AS created FROM outbox_emails')).toStrictEqual([
        { id: 'm1', to: 'a@example.com', subject: 'Confirm', text: 'Open the link: ñ ✓', created: NOW },
      ]);
    });
  });
});
