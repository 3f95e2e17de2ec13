import { type MerchantRepository, createPgMerchantRepository, createSqliteMerchantRepository } from '../../index';
import { conversion, insertClick, insertEvent, insertReferral, settings, T } from '../../testing/merchant-rows';
import { addBusiness, ENGINES, openPortEngine, type EngineConnection, type PortEngine } from '../../testing/port-engines';

const merchantRepository = (connection: EngineConnection): MerchantRepository =>
  connection.engine === 'sqlite' ? createSqliteMerchantRepository(connection.handle) : createPgMerchantRepository(connection.handle);

describe.each(ENGINES)('merchant storage ports on %s', (engine) => {
  let db: PortEngine;
  let repo: MerchantRepository;

  beforeEach(async () => {
    db = await openPortEngine(engine);
    repo = merchantRepository(db);
    await addBusiness(db, 'b1', { storeDomain: 'shop.example' });
    await addBusiness(db, 'b2', { storeDomain: 'other.example' });
  });
  afterEach(async () => {
    await db.close();
  });

  describe('settings', () => {
    it('stores the first settings once and answers the stored ones', async () => {
      expect(await repo.findSettings('b1')).toBeUndefined();
      const first = await repo.insertSettings(settings('b1'));
      expect(first).toEqual({ ...settings('b1'), apiKeyHash: null, apiKeyPrefix: null, apiKeyCreatedAt: null });
      expect(await repo.insertSettings({ ...settings('b1'), currency: 'EUR', verificationToken: 'other' })).toEqual(first);
      expect(await repo.findSettings('b1')).toEqual(first);
    });

    it('changes settings with their time of change, and finds them by the API key hash', async () => {
      expect(await repo.updateSettings('b1', { currency: 'EUR' })).toBeUndefined();
      await repo.insertSettings(settings('b1'));
      const before = Date.now();
      const changed = await repo.updateSettings('b1', { currency: 'EUR', apiKeyHash: 'hash-1', apiKeyPrefix: 'ph_12', apiKeyCreatedAt: T + 1 });
      expect(changed).toEqual({ ...settings('b1'), currency: 'EUR', apiKeyHash: 'hash-1', apiKeyPrefix: 'ph_12', apiKeyCreatedAt: T + 1, updatedAt: expect.any(Number) });
      expect(changed?.updatedAt).toBeGreaterThanOrEqual(before);
      expect(await repo.findByApiKeyHash('hash-1')).toEqual(changed);
      expect(await repo.findByApiKeyHash('hash-2')).toBeUndefined();
    });
  });

  describe('store domain proofs', () => {
    it('records a proof; a second business cannot take the domain, and keeps its own proof', async () => {
      await repo.claimVerifiedDomain({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 10 });
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T })).toBe(true);
      const proof = { domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T, checkedAt: T, failedChecks: 0 };
      expect(await repo.findVerifiedDomain('b1')).toEqual(proof);
      expect(await repo.findVerifiedOwner('shop.example')).toEqual(proof);
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b2', method: 'meta', verifiedAt: T + 1 })).toBe(false);
      expect(await repo.findVerifiedOwner('shop.example')).toEqual(proof);
      expect(await repo.findVerifiedDomain('b2')).toEqual({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 10, checkedAt: T - 10, failedChecks: 0 });
      expect(await repo.findVerifiedOwner('nobody.example')).toBeUndefined();
    });

    it("replaces the business's proof of another domain, and renews its proof of the same one", async () => {
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.recordProofCheck('shop.example', T + 5, 2);
      expect(await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'script', verifiedAt: T + 10 })).toBe(true);
      expect(await repo.findVerifiedDomain('b1')).toEqual({ domain: 'shop.example', businessId: 'b1', method: 'script', verifiedAt: T + 10, checkedAt: T + 10, failedChecks: 0 });
      expect(await repo.claimVerifiedDomain({ domain: 'new.example', businessId: 'b1', method: 'meta', verifiedAt: T + 20 })).toBe(true);
      expect(await repo.findVerifiedDomain('b1')).toMatchObject({ domain: 'new.example' });
      expect(await repo.findVerifiedOwner('shop.example')).toBeUndefined();
    });

    it('gives a domain two businesses prove at once, from two processes, to exactly one of them', async () => {
      // A second connection pool (or SQLite connection), as another API process has.
      const otherRepo = merchantRepository(await db.connect());
      for (let round = 0; round < 10; round++) {
        const domain = `race-${round}.example`;
        await repo.releaseVerifiedDomain('b1');
        await repo.releaseVerifiedDomain('b2');
        const results = await Promise.all([
          repo.claimVerifiedDomain({ domain, businessId: 'b1', method: 'dns', verifiedAt: T }),
          otherRepo.claimVerifiedDomain({ domain, businessId: 'b2', method: 'dns', verifiedAt: T }),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const owner = await repo.findVerifiedOwner(domain);
        expect(owner?.businessId).toBe(results[0] ? 'b1' : 'b2');
      }
      // One business proving two domains at once ends with one proof, whichever came last.
      const both = await Promise.all([
        repo.claimVerifiedDomain({ domain: 'one.example', businessId: 'b1', method: 'dns', verifiedAt: T }),
        otherRepo.claimVerifiedDomain({ domain: 'two.example', businessId: 'b1', method: 'dns', verifiedAt: T }),
      ]);
      expect(both).toEqual([true, true]);
      expect(await db.query("SELECT count(*) AS n FROM verified_domains WHERE business_id = 'b1'")).toEqual([{ n: 1 }]);
    });

    it('takes the proofs checked before a time, the oldest, marking them checked, and records checks', async () => {
      await addBusiness(db, 'b3');
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.claimVerifiedDomain({ domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 100 });
      await repo.claimVerifiedDomain({ domain: 'third.example', businessId: 'b3', method: 'script', verifiedAt: T - 50 });
      await repo.recordProofCheck('other.example', T + 100, 1);
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 1)).toEqual([
        { domain: 'third.example', businessId: 'b3', method: 'script', verifiedAt: T - 50, checkedAt: T + 200, failedChecks: 0 },
      ]);
      // Taken, it is not taken again this round; the next oldest are.
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 10)).toEqual([
        { domain: 'other.example', businessId: 'b2', method: 'meta', verifiedAt: T - 100, checkedAt: T + 200, failedChecks: 1 },
        { domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T, checkedAt: T + 200, failedChecks: 0 },
      ]);
      expect(await repo.claimProofsToCheck(T + 101, T + 200, 10)).toEqual([]);
      await db.query('UPDATE verified_domains SET checked_at = NULL');
      expect((await repo.claimProofsToCheck(T - 60, T + 300, 10)).map((p) => p.domain)).toEqual(['other.example']);
    });

    it('gives each proof of a round to one instance when several take proofs at once', async () => {
      for (let i = 0; i < 20; i++) {
        await addBusiness(db, `r${i}`);
        await repo.claimVerifiedDomain({ domain: `r${i}.example`, businessId: `r${i}`, method: 'dns', verifiedAt: T + i });
      }
      const other = merchantRepository(await db.connect());
      const [mine, theirs] = await Promise.all([repo.claimProofsToCheck(T + 100, T + 500, 12), other.claimProofsToCheck(T + 100, T + 500, 12)]);
      const taken = [...mine, ...theirs].map((proof) => proof.domain);
      expect(new Set(taken).size).toBe(taken.length);
      expect(taken.length).toBe(20);
    });

    it('releases a proof, and changes the store domain with its proof given up, atomically', async () => {
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.releaseVerifiedDomain('b1');
      expect(await repo.findVerifiedDomain('b1')).toBeUndefined();
      await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
      await repo.changeStoreDomain('b1', 'moved.example');
      expect(await repo.findVerifiedDomain('b1')).toBeUndefined();
      const [row] = await db.query<{ store_domain: string; updated_at: unknown }>("SELECT store_domain, updated_at FROM businesses WHERE id = 'b1'");
      expect(row?.store_domain).toBe('moved.example');
      expect(Date.now() - new Date(row?.updated_at as string).getTime()).toBeLessThan(60_000);
    });

    it("counts the business's offers held for its store", async () => {
      await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
      for (const [n, businessId, held] of [[1, 'b1', 'store'], [2, 'b1', 'store'], [3, 'b1', 'price'], [4, 'b1', null], [5, 'b2', 'store']] as const) {
        await db.query(
          "INSERT INTO offers (retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, business_id, held) VALUES ('shop', ?, ?, ?, 'shop.example', 'T', 100, 'USD', ?, ?)",
          [String(n), `https://shop.example/p/${n}`, `https://shop.example/p/${n}`, businessId, held],
        );
      }
      expect(await repo.countStoreHeldOffers('b1')).toBe(2);
      expect(await repo.countStoreHeldOffers('b3')).toBe(0);
    });
  });

  describe('conversions and syncs', () => {
    it('stores an order once per business and order id', async () => {
      const first = conversion('c1', 'b1', 'A-1', { referralId: 'ref-1', sessionId: 's1', eventId: 'e1' });
      expect(await repo.insertConversion(first)).toEqual({ row: first, created: true });
      expect(await repo.insertConversion(conversion('c2', 'b1', 'A-1', { valueCents: 5 }))).toEqual({ row: first, created: false });
      const other = conversion('c3', 'b2', 'A-1');
      expect(await repo.insertConversion(other)).toEqual({ row: other, created: true });
    });

    it("finds a referral's time only for its business", async () => {
      await insertReferral(db, 'r1', 'ref-1', 'b1', T - 7);
      expect(await repo.findReferral('b1', 'ref-1')).toEqual({ createdAt: T - 7 });
      expect(await repo.findReferral('b2', 'ref-1')).toBeUndefined();
      expect(await repo.findReferral('b1', 'ref-2')).toBeUndefined();
    });

    it('stores syncs, one running per business, changes them, finds the latest and fails the silent ones', async () => {
      const started = await repo.insertSync({ id: 's1', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T, heartbeatAt: T });
      expect(started).toEqual({
        id: 's1',
        businessId: 'b1',
        storeDomain: 'shop.example',
        status: 'running',
        pages: 0,
        products: 0,
        offers: 0,
        inserted: 0,
        updated: 0,
        skipped: 0,
        error: null,
        startedAt: T,
        finishedAt: null,
        heartbeatAt: T,
        runRecordedAt: null,
      });
      // A second running sync of the business is refused, whoever asks.
      expect(await repo.insertSync({ id: 's9', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 1, heartbeatAt: T + 1 })).toBeUndefined();
      await repo.updateSync('s1', { status: 'succeeded', pages: 2, products: 40, offers: 41, inserted: 30, updated: 10, skipped: 1, finishedAt: T + 5 });
      await repo.insertSync({ id: 's2', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 10, heartbeatAt: T + 10 });
      await repo.updateSync('s2', { status: 'failed', finishedAt: T + 11 });
      await repo.insertSync({ id: 's0', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T - 10, heartbeatAt: T - 10 });
      await repo.updateSync('s0', { status: 'succeeded', finishedAt: T + 12 });
      await repo.insertSync({ id: 's3', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 20, heartbeatAt: T + 30 });
      await repo.insertSync({ id: 's4', businessId: 'b2', storeDomain: 'other.example', status: 'running', startedAt: T + 20, heartbeatAt: T + 60 });
      expect(await repo.findSync('b1', 's1')).toEqual({ ...started, status: 'succeeded', pages: 2, products: 40, offers: 41, inserted: 30, updated: 10, skipped: 1, finishedAt: T + 5 });
      expect(await repo.findSync('b2', 's1')).toBeUndefined();
      expect((await repo.latestSync('b1'))?.id).toBe('s3');
      expect(await repo.latestSync('b3')).toBeUndefined();
      const before = Date.now();
      // Silent since before T + 45: s3 (last seen at T + 30) lost its process; s4 (T + 60) is alive elsewhere.
      const marked = await repo.failInterruptedSyncs(T + 45);
      const failed = await repo.findSync('b1', 's3');
      expect(failed).toMatchObject({ status: 'failed', error: 'Interrupted by a restart; sync again' });
      // It answers the syncs it marked, as stored now.
      expect(marked).toEqual([failed]);
      expect(await repo.failInterruptedSyncs(T + 45)).toEqual([]);
      expect(failed?.finishedAt).toBeGreaterThanOrEqual(before);
      expect((await repo.findSync('b2', 's4'))?.status).toBe('running');
      expect((await repo.findSync('b1', 's1'))?.status).toBe('succeeded');
    });

    it('answers the ended syncs not yet recorded as runs, oldest first, until each is marked', async () => {
      await repo.insertSync({ id: 's1', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T, heartbeatAt: T });
      await repo.updateSync('s1', { status: 'succeeded', finishedAt: T + 20 });
      await repo.insertSync({ id: 's2', businessId: 'b2', storeDomain: 'other.example', status: 'running', startedAt: T, heartbeatAt: T });
      await repo.updateSync('s2', { status: 'failed', finishedAt: T + 10 });
      await repo.insertSync({ id: 's3', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T + 30, heartbeatAt: T + 30 });
      // A running sync has no run to record yet.
      expect((await repo.syncsEndedUnrecorded(10)).map((s) => s.id)).toEqual(['s2', 's1']);
      expect((await repo.syncsEndedUnrecorded(1)).map((s) => s.id)).toEqual(['s2']);
      await repo.markSyncRunRecorded('s2', T + 40);
      expect(await repo.findSync('b2', 's2')).toMatchObject({ status: 'failed', runRecordedAt: T + 40 });
      expect((await repo.syncsEndedUnrecorded(10)).map((s) => s.id)).toEqual(['s1']);
      // A sync a restart interrupted is one more ended sync to record.
      await repo.failInterruptedSyncs(T + 45);
      expect((await repo.syncsEndedUnrecorded(10)).map((s) => s.id)).toEqual(['s1', 's3']);
    });
  });

  it("removes everything the business owns, atomically, and answers its offers and their products in the order they were found", async () => {
    await db.query("INSERT INTO retailers (id, name) VALUES ('shop', 'Shop')");
    for (const id of [1, 2, 3]) await db.query("INSERT INTO products (id, title) VALUES (?, 'P')", [id]);
    const offer = (n: number, businessId: string, productId: number | null) =>
      db.query(
        "INSERT INTO offers (id, retailer_id, external_id, canonical_url, url, host, title, price_cents, currency, business_id, product_id) VALUES (?, 'shop', ?, ?, ?, 'shop.example', 'T', 100, 'USD', ?, ?)",
        [n, String(n), `https://shop.example/p/${n}`, `https://shop.example/p/${n}`, businessId, productId],
      );
    await offer(10, 'b1', 3);
    await offer(11, 'b1', 1);
    await offer(12, 'b1', 3);
    await offer(13, 'b1', null);
    await offer(14, 'b2', 2);
    // The catalog indexes the words of the offers it stores (SQLite's full-text index; PostgreSQL's is generated).
    if (db.engine === 'sqlite') await db.query('INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers');
    await db.query("INSERT INTO price_points (offer_id, price_cents, currency) VALUES (10, 100, 'USD'), (14, 100, 'USD')");
    await insertClick(db, 'c1', 'b1', T);
    await insertClick(db, 'c2', 'b2', T);
    await insertReferral(db, 'r1', 'ref-1', 'b1', T);
    await insertEvent(db, 'e1', 'b1', T);
    await repo.insertSettings(settings('b1'));
    await repo.insertConversion(conversion('k1', 'b1', 'A-1'));
    await repo.claimVerifiedDomain({ domain: 'shop.example', businessId: 'b1', method: 'dns', verifiedAt: T });
    await repo.insertSync({ id: 's1', businessId: 'b1', storeDomain: 'shop.example', status: 'running', startedAt: T, heartbeatAt: T });

    expect(await repo.deleteBusinessData('b1')).toEqual({ offers: 4, productIds: [3, 1] });
    for (const table of ['clicks', 'events', 'referrals', 'conversions', 'merchant_settings', 'verified_domains', 'store_syncs']) {
      expect(await db.query(`SELECT count(*) AS n FROM ${table} WHERE business_id = 'b1'`)).toEqual([{ n: 0 }]);
    }
    expect(await db.query('SELECT id FROM businesses ORDER BY id')).toEqual([{ id: 'b2' }]);
    expect(await db.query('SELECT id FROM offers')).toEqual([{ id: 14 }]);
    expect(await db.query('SELECT id FROM clicks')).toEqual([{ id: 'c2' }]);
    expect(await db.query('SELECT offer_id FROM price_points')).toEqual([{ offer_id: 14 }]);
  });
});
