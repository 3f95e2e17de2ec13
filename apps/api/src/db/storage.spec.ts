import { ENGINES, openPortEngine, type PortEngine } from '@pricehunt/storage/testing';
import { createPgStorage, createSqliteStorage, type Storage } from '@pricehunt/storage';

/** Every field of `Storage` (the type makes the list whole): no engine leaves a port out or adds one. */
const STORAGE_FIELDS: Record<keyof Storage, true> = {
  engine: true,
  health: true,
  businessAccounts: true,
  shopperAccounts: true,
  sessions: true,
  signInGuard: true,
  emailConfirmations: true,
  outbox: true,
  rateLimits: true,
  shopper: true,
  priceAlerts: true,
  admin: true,
  tracking: true,
  redirectTrust: true,
  merchant: true,
  merchantAnalytics: true,
  catalog: true,
  searchIndex: true,
  searchRequests: true,
  matchReports: true,
  feedSources: true,
  watches: true,
};

// Every domain's port, composed on either engine: the same fields, each working on its database.
describe.each(ENGINES)('the storage ports composed on %s', (engine) => {
  let db: PortEngine;
  let storage: Storage;
  beforeAll(async () => {
    db = await openPortEngine(engine);
    storage = db.engine === 'sqlite' ? createSqliteStorage(db.handle) : createPgStorage(db.handle);
  });
  afterAll(async () => {
    await storage.tracking.close();
    await db.close();
  });

  it('names its engine and works through its ports', async () => {
    expect(storage.engine).toBe(engine);
    expect(Object.keys(storage).sort()).toEqual(Object.keys(STORAGE_FIELDS).sort());
    expect(await storage.rateLimits.hit('composed', 'k', 60_000, 1_000)).toEqual({ count: 1, resetAt: 61_000 });
    expect(await storage.catalog.lastImportAt()).toBeNull();
    expect(await storage.health.migrationsApplied()).toBeGreaterThan(engine === 'sqlite' ? 20 : 5);
    expect(await storage.businessAccounts.findByEmail('nobody@example.com')).toBeUndefined();
    expect(await storage.searchRequests.get('00000000-0000-4000-8000-000000000000')).toBeFalsy();
  });
});

/** Every field of `Storage` (the type makes the list whole): no engine leaves a port out or adds one. */
