import { ENGINES, openPortEngine, outcome, type EngineConnection, type PortEngine } from '../../testing/port-engines';
import { type BusinessAccountsRepository, type BusinessRecord, createPgBusinessAccountsRepository, createSqliteBusinessAccountsRepository, type NewBusinessRecord } from '../../index';

const repository = (connection: EngineConnection): BusinessAccountsRepository =>
  connection.engine === 'sqlite' ? createSqliteBusinessAccountsRepository(connection.handle) : createPgBusinessAccountsRepository(connection.handle);

const NOW = 1_795_000_000_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const newBusiness = (id: string, changes: Partial<NewBusinessRecord> = {}): NewBusinessRecord => ({
  id,
  email: `${id}@example.com`,
  passwordHash: 'scrypt$hash',
  storeName: null,
  storeDomain: null,
  isAdmin: false,
  emailConfirmedAt: null,
  ...changes,
});

describe.each(ENGINES)('BusinessAccountsRepository on %s', (engine) => {
  let database: PortEngine;
  let repo: BusinessAccountsRepository;
  const processes = async (count: number) => [repo, ...(await Promise.all(Array.from({ length: count - 1 }, async () => repository(await database.connect()))))];

  beforeEach(async () => {
    database = await openPortEngine(engine);
    repo = repository(database);
  });
  afterEach(() => database.close());

  it('stores an account and answers it whole: ISO instants, a boolean, numbers and nulls', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const stored = await repo.insert(newBusiness('b1', { storeName: 'Shop', storeDomain: 'shop.example', isAdmin: true, emailConfirmedAt: NOW }));
    const after = new Date(Date.now() + 1_000).toISOString();
    expect(stored).toStrictEqual({
      id: 'b1',
      email: 'b1@example.com',
      passwordHash: 'scrypt$hash',
      storeName: 'Shop',
      storeDomain: 'shop.example',
      isAdmin: true,
      status: 'active',
      emailConfirmedAt: NOW,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(stored?.createdAt).toBe(stored?.updatedAt);
    expect(stored && stored.createdAt >= before && stored.createdAt <= after).toBe(true);
    expect(await repo.findById('b1')).toStrictEqual(stored);
    expect(await repo.findByEmail('b1@example.com')).toStrictEqual(stored);
    const plain = await repo.insert(newBusiness('b2'));
    expect(plain).toMatchObject({ storeName: null, storeDomain: null, isAdmin: false, emailConfirmedAt: null });
  });

  it('finds by id and by email exactly (byte for byte), or answers undefined', async () => {
    await repo.insert(newBusiness('b1', { email: 'Mixed@Example.com' }));
    expect(await repo.findById('nope')).toBeUndefined();
    expect(await repo.findByEmail('mixed@example.com')).toBeUndefined();
    expect((await repo.findByEmail('Mixed@Example.com'))?.id).toBe('b1');
  });

  it('answers undefined for an email that has an account, and throws for a taken id', async () => {
    await repo.insert(newBusiness('b1'));
    expect(await repo.insert(newBusiness('b2', { email: 'b1@example.com' }))).toBeUndefined();
    expect(await outcome(repo.insert(newBusiness('b1', { email: 'other@example.com' })))).toBe('refused');
    expect(await repo.findById('b2')).toBeUndefined();
  });

  it('stores one account of registrations of one email at once from several processes', async () => {
    const all = await processes(3);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (all[i % all.length] ?? repo).insert(newBusiness(`b${i}`, { email: 'same@example.com' }))));
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
  });

  it('knows verified store domains', async () => {
    await repo.insert(newBusiness('b1'));
    await database.query('INSERT INTO verified_domains (domain, business_id, method, verified_at) VALUES (?, ?, ?, ?)', ['shop.example', 'b1', 'dns', NOW]);
    expect(await repo.isDomainVerified('shop.example')).toBe(true);
    expect(await repo.isDomainVerified('Shop.example')).toBe(false);
    expect(await repo.isDomainVerified('other.example')).toBe(false);
  });

  it('changes an account and its updatedAt, answering it; undefined when there is none', async () => {
    const stored = (await repo.insert(newBusiness('b1'))) as BusinessRecord;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await repo.update('b1', { status: 'suspended', storeName: 'New', isAdmin: true, storeDomain: undefined });
    expect(changed).toStrictEqual({ ...stored, status: 'suspended', storeName: 'New', isAdmin: true, updatedAt: expect.stringMatching(ISO) });
    expect(changed && changed.updatedAt > stored.updatedAt).toBe(true);
    expect(await repo.findById('b1')).toStrictEqual(changed);
    expect(await repo.update('b1', { storeName: null, emailConfirmedAt: NOW })).toMatchObject({ storeName: null, emailConfirmedAt: NOW });
    expect(await repo.update('nope', { status: 'active' })).toBeUndefined();
  });

  it('confirms an email once: the first date stays, and nothing else changes the second time', async () => {
    const stored = (await repo.insert(newBusiness('b1'))) as BusinessRecord;
    const confirmed = await repo.confirmEmail('b1', NOW);
    expect(confirmed).toStrictEqual({ ...stored, emailConfirmedAt: NOW, updatedAt: expect.stringMatching(ISO) });
    expect(await repo.confirmEmail('b1', NOW + 5)).toStrictEqual(confirmed);
    expect(await repo.confirmEmail('nope', NOW)).toBeUndefined();
    // Two at once: one date.
    await repo.insert(newBusiness('b2'));
    const all = await processes(3);
    const answers = await Promise.all(all.map((process, i) => process.confirmEmail('b2', NOW + i)));
    expect(new Set(answers.map((answer) => answer?.emailConfirmedAt)).size).toBe(1);
  });

  describe('password resets', () => {
    const token = (id: string, changes: { businessId?: string; expiresAt?: number } = {}) => ({
      id,
      businessId: 'b1',
      tokenHash: `hash-${id}`,
      expiresAt: NOW + 3_600_000,
      createdAt: NOW,
      ...changes,
    });
    const used = () => database.query<{ id: string; used: number | null }>('SELECT id, CAST(used_at AS DOUBLE PRECISION) AS used FROM password_reset_tokens ORDER BY id');
    const count = async (table: string, column: string, id: string) =>
      Number((await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, [id]))[0]?.n);

    beforeEach(async () => {
      await repo.insert(newBusiness('b1'));
      await repo.insert(newBusiness('b2'));
      for (const [sessionId, businessId] of [
        ['s1', 'b1'],
        ['s2', 'b1'],
        ['s3', 'b2'],
      ]) {
        await database.query('INSERT INTO sessions (id, data, expires_at, business_id) VALUES (?, ?, ?, ?)', [sessionId, '{}', NOW + 1_000, businessId]);
      }
      for (const [hash, businessId] of [
        ['d1', 'b1'],
        ['d2', 'b2'],
      ]) {
        await database.query('INSERT INTO trusted_devices (token_hash, business_id, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?)', [hash, businessId, NOW, NOW, NOW + 1_000]);
      }
    });

    it('finds an unused, unexpired token by its hash', async () => {
      await repo.addResetToken(token('t1'));
      await repo.addResetToken(token('t2', { expiresAt: NOW + 10 }));
      expect(await repo.findUsableResetToken('hash-t1', NOW)).toStrictEqual({ id: 't1', businessId: 'b1' });
      expect(await repo.findUsableResetToken('hash-t2', NOW + 10)).toBeUndefined();
      expect(await repo.findUsableResetToken('hash-t2', NOW + 9)).toStrictEqual({ id: 't2', businessId: 'b1' });
      expect(await repo.findUsableResetToken('nope', NOW)).toBeUndefined();
    });

    it("resets the password: every open token used up, email confirmed, the account's sessions and devices gone", async () => {
      await repo.addResetToken(token('t1'));
      await repo.addResetToken(token('t2'));
      await repo.addResetToken(token('t3', { businessId: 'b2' }));
      const before = (await repo.findById('b1')) as BusinessRecord;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const reset = await repo.resetPassword('b1', 't1', 'new-hash', NOW);
      expect(reset).toStrictEqual({ ...before, passwordHash: 'new-hash', emailConfirmedAt: NOW, updatedAt: expect.stringMatching(ISO) });
      expect(reset && reset.updatedAt > before.updatedAt).toBe(true);
      expect(await used()).toEqual([
        { id: 't1', used: NOW },
        { id: 't2', used: NOW },
        { id: 't3', used: null },
      ]);
      expect(await repo.findUsableResetToken('hash-t2', NOW)).toBeUndefined();
      expect([await count('sessions', 'business_id', 'b1'), await count('trusted_devices', 'business_id', 'b1')]).toEqual([0, 0]);
      expect([await count('sessions', 'business_id', 'b2'), await count('trusted_devices', 'business_id', 'b2')]).toEqual([1, 1]);
      // A confirmed email keeps its date.
      await repo.addResetToken(token('t4'));
      expect((await repo.resetPassword('b1', 't4', 'newer', NOW + 50))?.emailConfirmedAt).toBe(NOW);
    });

    it('changes nothing of the account with a token no longer open (the open ones are used up all the same)', async () => {
      await repo.addResetToken(token('t1'));
      await repo.resetPassword('b1', 't1', 'new-hash', NOW);
      await repo.addResetToken(token('t2'));
      await database.query('INSERT INTO sessions (id, data, expires_at, business_id) VALUES (?, ?, ?, ?)', ['s4', '{}', NOW + 1_000, 'b1']);
      expect(await repo.resetPassword('b1', 't1', 'other-hash', NOW + 1)).toBeUndefined();
      expect((await repo.findById('b1'))?.passwordHash).toBe('new-hash');
      expect(await count('sessions', 'business_id', 'b1')).toBe(1);
      expect(await used()).toEqual([
        { id: 't1', used: NOW },
        { id: 't2', used: NOW + 1 },
      ]);
    });

    it('resets once with a token brought several times at once', async () => {
      await repo.addResetToken(token('t1'));
      const all = await processes(3);
      const answers = await Promise.all(all.map((process, i) => process.resetPassword('b1', 't1', `hash-${i}`, NOW)));
      const done = answers.filter((answer) => answer !== undefined);
      expect(done).toHaveLength(1);
      expect((await repo.findById('b1'))?.passwordHash).toBe(done[0]?.passwordHash);
    });
  });
});
