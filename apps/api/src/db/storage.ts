import type { DatabaseHandle } from './client';
import type { RateLimitRepository } from '../modules/rate-limits/repository';
import { createSqliteRateLimitRepository } from '../modules/rate-limits/sqlite-repository';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
  rateLimits: RateLimitRepository;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle): Storage {
  return {
    engine: 'sqlite',
    rateLimits: createSqliteRateLimitRepository(handle),
  };
}
