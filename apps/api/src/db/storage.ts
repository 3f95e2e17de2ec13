import type { DatabaseHandle } from './client';
import type { CatalogRepository, SearchIndexRepository } from '../modules/catalog/repository';
import { createSqliteSearchIndexRepository } from '../modules/catalog/search-index';
import { createSqliteCatalogRepository } from '../modules/catalog/sqlite-repository';
import type { MatchReportRepository } from '../modules/match-reports/repository';
import { createSqliteMatchReportRepository } from '../modules/match-reports/sqlite-repository';
import type { SearchRequestRepository } from '../modules/search/repository';
import { createSqliteSearchRequestRepository } from '../modules/search/sqlite-repository';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
  /** The catalog's offers and products as services outside ingestion read and change them. */
  catalog: CatalogRepository;
  /** The full-text index of the catalog's offers as search answers read it (vocabulary, suggestions). */
  searchIndex: SearchIndexRepository;
  /** Search requests and their stored answers. */
  searchRequests: SearchRequestRepository;
  /** Shoppers' reports of wrong matches. */
  matchReports: MatchReportRepository;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle): Storage {
  return {
    engine: 'sqlite',
    catalog: createSqliteCatalogRepository(handle),
    searchIndex: createSqliteSearchIndexRepository(handle),
    searchRequests: createSqliteSearchRequestRepository(handle),
    matchReports: createSqliteMatchReportRepository(handle),
  };
}
