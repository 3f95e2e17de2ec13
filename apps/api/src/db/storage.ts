import type { DatabaseHandle } from './client';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(_handle: DatabaseHandle): Storage {
  return { engine: 'sqlite' };
}
