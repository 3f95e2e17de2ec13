import type { ImportRunReads } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import type { CatalogStore } from '../sqlite/store';

/** `ImportRunReads` on SQLite, over the catalog store. */
export function createSqliteImportRuns(sqlite: Database.Database, store: CatalogStore): ImportRunReads {
  const lastImportAt = sqlite.prepare('SELECT max(coalesce(finished_at, heartbeat_at, started_at)) FROM import_runs').pluck();
  return {
    lastImportAt: async () => (lastImportAt.get() as string | null) ?? null,
    getImportRun: async (id) => store.getImportRun(id),
    listImportRuns: async (limit, filter) => store.listImportRuns(limit, filter),
    countImportRuns: async (filter) => store.countImportRuns(filter),
    runningImportRuns: async () => store.runningImportRuns(),
    interruptImportRun: async (id, note) => store.interruptImportRun(id, note),
  };
}
