import type Database from 'better-sqlite3';
import { sqliteImportRunStore } from '../import-runs/sqlite-store';
import { sqliteOfferLookups, sqliteOfferWrites } from '../offers/sqlite-store';
import { sqliteReclusterStore } from '../products/sqlite-recluster';
import { sqliteProductLookups, sqliteProductWrites } from '../products/sqlite-store';
import { prepareAll } from './prepare';

const BULK = {
  sequence: 'SELECT seq FROM sqlite_sequence WHERE name = ?',
  insertSequence: 'INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)',
  updateSequence: 'UPDATE sqlite_sequence SET seq = ? WHERE name = ?',
  maxOfferId: 'SELECT coalesce(max(id), 0) FROM offers',
  maxProductId: 'SELECT coalesce(max(id), 0) FROM products',
};

/** What a bulk import asks of the connection: ids reserved ahead, and settings for a large import. */
function sqliteBulkSupport(sqlite: Database.Database) {
  const s = prepareAll(sqlite, BULK, ['sequence', 'maxOfferId', 'maxProductId']);
  return {
    /**
     * Reserves `count` ids of an AUTOINCREMENT table and answers the first: the table's sequence moves past them
     * in a transaction of its own, so no other insert is ever given one of them (ids left unused become gaps).
     */
    reserveIds(table: 'offers' | 'products', count: number): number {
      return sqlite.transaction(() => {
        const max = (table === 'offers' ? s.maxOfferId.get() : s.maxProductId.get()) as number;
        const seq = s.sequence.get(table) as number | undefined;
        const first = Math.max(max, seq ?? 0) + 1;
        if (seq === undefined) s.insertSequence.run(table, first + count - 1);
        else s.updateSequence.run(first + count - 1, table);
        return first;
      }).immediate();
    },
    /**
     * Settings for a large import on this connection: a 256 MB page cache (its index pages are all over the file) and
     * no automatic checkpoints (the bulk writer's connection checkpoints as the WAL grows). Answers what restores them
     * (and checkpoints what it can).
     */
    tuneForBulkImport(): { restore(): void } {
      const previousCacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
      const previousCheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
      sqlite.pragma('cache_size = -262144');
      sqlite.pragma('wal_autocheckpoint = 0');
      return {
        restore() {
          sqlite.pragma(`cache_size = ${Number(previousCacheSize)}`);
          sqlite.pragma(`wal_autocheckpoint = ${Number(previousCheckpoint)}`);
          sqlite.pragma('wal_checkpoint(PASSIVE)');
        },
      };
    },
  };
}

/**
 * Storage of the catalog on one SQLite connection: retailers, offers, products (clusters), price history and import
 * runs, as prepared statements run synchronously (imports, matching and re-clustering run on it; each domain's part
 * lives with its domain).
 */
export function createSqliteCatalogStore(sqlite: Database.Database) {
  const productWrites = sqliteProductWrites(sqlite);
  return {
    sqlite,
    /**
     * Runs `fn` in one transaction (nested calls become savepoints). `immediate` takes the write lock at once: a
     * transaction that reads before it writes could otherwise not write once another connection has committed.
     */
    transaction<T>(fn: () => T, options: { immediate?: boolean } = {}): T {
      const run = sqlite.transaction(fn);
      return options.immediate ? run.immediate() : run();
    },
    ...sqliteOfferLookups(sqlite),
    ...sqliteOfferWrites(sqlite),
    ...sqliteProductLookups(sqlite),
    ...productWrites,
    ...sqliteReclusterStore(sqlite, productWrites.redirectProducts),
    ...sqliteImportRunStore(sqlite),
    ...sqliteBulkSupport(sqlite),
  };
}

export type CatalogStore = ReturnType<typeof createSqliteCatalogStore>;

/** A catalog store per connection, for statements other domains run in their own transactions on it. */
const storesOf = new WeakMap<Database.Database, CatalogStore>();
const storeOf = (sqlite: Database.Database) => {
  let store = storesOf.get(sqlite);
  if (!store) storesOf.set(sqlite, (store = createSqliteCatalogStore(sqlite)));
  return store;
};

/**
 * `CatalogStore.refreshStoreTrust` on `sqlite`: inside a transaction of that connection (the admin's suspension of a
 * business), it commits or rolls back with it. How many offers changed.
 */
export function refreshStoreTrustSqlite(sqlite: Database.Database, businessId: string, now: string): number {
  return storeOf(sqlite).refreshStoreTrust(businessId, now);
}
