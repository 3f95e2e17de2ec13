import {
  createCatalogServices,
  type CatalogRepository,
  type CatalogServices,
  type SearchIndexRepository,
} from '@pricehunt/catalog-core';
import { databaseLabel, openStorage, type DatabaseConfig, type DatabaseConnection } from '../db/open';
import type { PostgresHandle } from '../db/pg-client';
import type { Storage } from '../db/storage';
import { createPgIngestionStore } from './pg-ingestion-store';
import { createPgCatalogRepository } from './pg-repository';
import { createPgSearchIndexRepository } from './pg-search-index';
import { createFtsSearchIndex, createSqliteSearchIndexRepository, type SearchIndex } from './search-index';
import { createSqliteIngestionStore } from './sqlite-ingestion-store';
import { createSqliteCatalogRepository } from './sqlite-repository';
import { type CatalogStore, createSqliteCatalogStore } from './sqlite/store';

/** The catalog's services on SQLite, with the connection's own store and full-text index (command-line tools, tests). */
export interface SqliteCatalogServices extends CatalogServices {
  repository: CatalogStore;
  index: SearchIndex;
}

/**
 * The catalog services on one SQLite connection (also used by the command-line tools). Spelling and suggestions read
 * through the ports given (the app's storage), else through SQLite ones on the same connection.
 */
export function createSqliteCatalogServices(
  sqlite: CatalogStore['sqlite'],
  ports: { catalog?: CatalogRepository; searchIndex?: SearchIndexRepository } = {},
): SqliteCatalogServices {
  const repository = createSqliteCatalogStore(sqlite);
  const index = createFtsSearchIndex(sqlite);
  const catalog = ports.catalog ?? createSqliteCatalogRepository({ sqlite }, repository);
  const searchIndex = ports.searchIndex ?? createSqliteSearchIndexRepository({ sqlite }, index);
  // Words are counted anew after each batch of an import: by the index imports rank with, and by the port searches
  // read through when it is another (the app's storage).
  const changed = () => {
    index.changed();
    if (ports.searchIndex) void ports.searchIndex.changed();
  };
  return { ...createCatalogServices({ store: createSqliteIngestionStore(repository, index), catalog, searchIndex, changed }), repository, index };
}

/** The catalog services on PostgreSQL; searches read through the ports given (the app's storage), else through new ones. */
export function createPgCatalogServices(handle: PostgresHandle, ports: { catalog?: CatalogRepository; searchIndex?: SearchIndexRepository } = {}): CatalogServices {
  const catalog = ports.catalog ?? createPgCatalogRepository(handle);
  const searchIndex = ports.searchIndex ?? createPgSearchIndexRepository(handle);
  return createCatalogServices({ store: createPgIngestionStore(handle), catalog, searchIndex, changed: () => void searchIndex.changed() });
}

/** The catalog services of an open database: the engine's own store, searches through the storage's ports. */
export function catalogServicesOf(connection: DatabaseConnection, storage: Storage): CatalogServices {
  const ports = { catalog: storage.catalog, searchIndex: storage.searchIndex };
  return connection.engine === 'sqlite' ? createSqliteCatalogServices(connection.handle.sqlite, ports) : createPgCatalogServices(connection.handle, ports);
}

/** A database opened for the catalog: its ports, the catalog services on it, and what closes both. */
export interface CatalogDatabase {
  connection: DatabaseConnection;
  storage: Storage;
  catalog: CatalogServices;
  /** The database for people to read (SQLite's file, or the PostgreSQL URL without its password). */
  label: string;
  close(): Promise<void>;
}

/** Opens a database (migrations applied, either engine) with the catalog services on it. */
export async function openCatalogDatabase(database: DatabaseConfig): Promise<CatalogDatabase> {
  const { connection, storage, close } = await openStorage(database);
  const catalog = catalogServicesOf(connection, storage);
  return {
    connection,
    storage,
    catalog,
    label: databaseLabel(database),
    close: async () => {
      catalog.spelling.stop();
      await close();
    },
  };
}
