import type { PostgresHandle } from '../db/pg-client';
import type { WatchRepository } from './repository';
import { createWatchRepository } from './sql-repository';
import { pgRunner } from './sql-work';

/**
 * The watches port on PostgreSQL: the SQLite side's statements in one transaction per unit of work, an owner's saves
 * one at a time (an advisory transaction lock), evaluations conditional on the count they read, deliveries claimed
 * with `FOR UPDATE SKIP LOCKED`.
 */
export function createPgWatchRepository({ pool }: Pick<PostgresHandle, 'pool'>): WatchRepository {
  return createWatchRepository(pgRunner(pool));
}
