import type { DatabaseHandle } from '../db/client';
import type { WatchRepository } from './repository';
import { createWatchRepository } from './sql-repository';
import { sqliteRunner } from './sql-work';

/** The watches port on SQLite: each unit of work one IMMEDIATE transaction (one writer at a time). */
export function createSqliteWatchRepository({ sqlite }: Pick<DatabaseHandle, 'sqlite'>): WatchRepository {
  return createWatchRepository(sqliteRunner(sqlite));
}
