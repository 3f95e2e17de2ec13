import { ENGINES, openPortEngine, outcome, type EngineConnection, type PortEngine } from '../../testing/port-engines';
import { createPgShopperAccountsRepository, createSqliteShopperAccountsRepository, type NewShopperRecord, type ShopperAccountsRepository, type ShopperRecord } from '../../index';

const repository = (connection: EngineConnection): ShopperAccountsRepository =>
  connection.engine === 'sqlite' ? createSqliteShopperAccountsRepository(connection.handle) : createPgShopperAccountsRepository(connection.handle);

const NOW = 1_795_000_000_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

const newShopper = (id: string, changes: Partial<NewShopperRecord> = {}): NewShopperRecord => ({
  id,
  email: `${id}@example.com`,
  passwordHash: 'scrypt$hash',
  displayName: null,
  emailConfirmedAt: null,
  ...changes,
});

describe.each(ENGINES)('ShopperAccountsRepository on %s', (engine) => {
  let database: PortEngine;
  let repo: ShopperAccountsRepository;
  const processes = async (count: number) => [repo, ...(await Promise.all(Array.from({ length: count - 1 }, async () => repository(await database.connect()))))];

  beforeEach(async () => {
    database = await openPortEngine(engine);
    repo = repository(database);
  });
  afterEach(() => database.close());

  it('stores an account and answers it whole: ISO instants, numbers and nulls', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const stored = await repo.insert(newShopper('s1', { displayName: 'Ana', emailConfirmedAt: NOW }));
    const after = new Date(Date.now() + 1_000).toISOString();
    expect(stored).toStrictEqual({
      id: 's1',
      email: 's1@example.com',
      passwordHash: 'scrypt$hash',
      displayName: 'Ana',
      emailConfirmedAt: NOW,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(stored && stored.createdAt >= before && stored.createdAt <= after).toBe(true);
    expect(await repo.findById('s1')).toStrictEqual(stored);
    expect(await repo.findByEmail('s1@example.com')).toStrictEqual(stored);
    expect(await repo.insert(newShopper('s2'))).toMatchObject({ displayName: null, emailConfirmedAt: null });
  });

  it('finds by id and by email exactly (byte for byte), or answers undefined', async () => {
    await repo.insert(newShopper('s1', { email: 'Mixed@Example.com' }));
    expect(await repo.findById('nope')).toBeUndefined();
    expect(await repo.findByEmail('mixed@example.com')).toBeUndefined();
    expect((await repo.findByEmail('Mixed@Example.com'))?.id).toBe('s1');
  });

  it('answers undefined for a taken email (throws for a taken id), and stores one account of registrations of one email at once', async () => {
    await repo.insert(newShopper('s1'));
    expect(await repo.insert(newShopper('s2', { email: 's1@example.com' }))).toBeUndefined();
    expect(await outcome(repo.insert(newShopper('s1', { email: 'other@example.com' })))).toBe('refused');
    expect(await repo.findById('s2')).toBeUndefined();
    const all = await processes(3);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (all[i % all.length] ?? repo).insert(newShopper(`n${i}`, { email: 'same@example.com' }))));
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
  });

  it('lets a new registration of an unconfirmed address change its password and name, and leaves a confirmed one alone', async () => {
    const stored = (await repo.insert(newShopper('s1', { displayName: 'Old' }))) as ShopperRecord;
    await pause();
    const changed = await repo.updateUnconfirmed('s1', { passwordHash: 'new', displayName: null });
    expect(changed).toStrictEqual({ ...stored, passwordHash: 'new', displayName: null, updatedAt: expect.stringMatching(ISO) });
    expect(changed && changed.updatedAt > stored.updatedAt).toBe(true);
    await repo.confirmEmail('s1', NOW);
    expect(await repo.updateUnconfirmed('s1', { passwordHash: 'newer', displayName: 'X' })).toBeUndefined();
    expect(await repo.updateUnconfirmed('nope', { passwordHash: 'newer', displayName: 'X' })).toBeUndefined();
    expect((await repo.findById('s1'))?.passwordHash).toBe('new');
  });

  it('confirms an email keeping the first date (updatedAt unchanged), answering the account', async () => {
    const stored = (await repo.insert(newShopper('s1'))) as ShopperRecord;
    expect(await repo.confirmEmail('s1', NOW)).toStrictEqual({ ...stored, emailConfirmedAt: NOW });
    expect(await repo.confirmEmail('s1', NOW + 5)).toStrictEqual({ ...stored, emailConfirmedAt: NOW });
    expect(await repo.confirmEmail('nope', NOW)).toBeUndefined();
  });

  it('sets the password hash and updatedAt', async () => {
    const stored = (await repo.insert(newShopper('s1'))) as ShopperRecord;
    await pause();
    await repo.updatePasswordHash('s1', 'changed');
    await repo.updatePasswordHash('nope', 'changed');
    const changed = await repo.findById('s1');
    expect(changed).toStrictEqual({ ...stored, passwordHash: 'changed', updatedAt: expect.stringMatching(ISO) });
    expect(changed && changed.updatedAt > stored.updatedAt).toBe(true);
  });

  describe('password resets', () => {
    const token = (id: string, changes: { shopperId?: string; expiresAt?: number } = {}) => ({
      id,
      shopperId: 's1',
      tokenHash: `hash-${id}`,
      expiresAt: NOW + 3_600_000,
      createdAt: NOW,
      ...changes,
    });
    const used = () => database.query<{ id: string; used: number | null }>('SELECT id, CAST(used_at AS DOUBLE PRECISION) AS used FROM shopper_password_reset_tokens ORDER BY id');
    const count = async (table: string, column: string, id: string) =>
      Number((await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, [id]))[0]?.n);

    beforeEach(async () => {
      await repo.insert(newShopper('s1'));
      await repo.insert(newShopper('s2'));
      for (const [sessionId, shopperId] of [
        ['x1', 's1'],
        ['x2', 's2'],
      ]) {
        await database.query('INSERT INTO sessions (id, data, expires_at, shopper_id) VALUES (?, ?, ?, ?)', [sessionId, '{}', NOW + 1_000, shopperId]);
        await database.query('INSERT INTO trusted_devices (token_hash, shopper_id, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?)', [`d-${sessionId}`, shopperId, NOW, NOW, NOW + 1_000]);
      }
    });

    it('finds an unused, unexpired token by its hash', async () => {
      await repo.addResetToken(token('t1'));
      await repo.addResetToken(token('t2', { expiresAt: NOW + 10 }));
      expect(await repo.findUsableResetToken('hash-t1', NOW)).toStrictEqual({ id: 't1', shopperId: 's1' });
      expect(await repo.findUsableResetToken('hash-t2', NOW + 10)).toBeUndefined();
      expect(await repo.findUsableResetToken('hash-t2', NOW + 9)).toStrictEqual({ id: 't2', shopperId: 's1' });
      expect(await repo.findUsableResetToken('nope', NOW)).toBeUndefined();
    });

    it("resets the password: open tokens used up, email confirmed (first date kept), the shopper's sessions and devices gone", async () => {
      await repo.addResetToken(token('t1'));
      await repo.addResetToken(token('t2'));
      await repo.addResetToken(token('t3', { shopperId: 's2' }));
      const before = (await repo.findById('s1')) as ShopperRecord;
      await pause();
      expect(await repo.resetPassword('s1', 'new-hash', NOW)).toBe(true);
      const after = await repo.findById('s1');
      expect(after).toStrictEqual({ ...before, passwordHash: 'new-hash', emailConfirmedAt: NOW, updatedAt: expect.stringMatching(ISO) });
      expect(after && after.updatedAt > before.updatedAt).toBe(true);
      expect(await used()).toEqual([
        { id: 't1', used: NOW },
        { id: 't2', used: NOW },
        { id: 't3', used: null },
      ]);
      expect([await count('sessions', 'shopper_id', 's1'), await count('trusted_devices', 'shopper_id', 's1')]).toEqual([0, 0]);
      expect([await count('sessions', 'shopper_id', 's2'), await count('trusted_devices', 'shopper_id', 's2')]).toEqual([1, 1]);
      // No open token left: nothing changes.
      expect(await repo.resetPassword('s1', 'other', NOW + 1)).toBe(false);
      expect((await repo.findById('s1'))?.passwordHash).toBe('new-hash');
      await repo.addResetToken(token('t4'));
      expect(await repo.resetPassword('s1', 'newer', NOW + 50)).toBe(true);
      expect((await repo.findById('s1'))?.emailConfirmedAt).toBe(NOW);
    });

    it('resets once when resets come at once from several processes', async () => {
      await repo.addResetToken(token('t1'));
      const all = await processes(3);
      const answers = await Promise.all(all.map((process, i) => process.resetPassword('s1', `hash-${i}`, NOW)));
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect((await repo.findById('s1'))?.passwordHash).toBe(`hash-${answers.indexOf(true)}`);
    });
  });
});
