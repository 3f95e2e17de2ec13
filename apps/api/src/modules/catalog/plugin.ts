import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PostgresHandle } from '../../db/pg-client';
import {
  createCatalogServices,
  recoverInterruptedImports,
  type CatalogRepository,
  type CatalogServices,
  type SearchIndexRepository,
} from '@pricehunt/catalog-core';
import { createPgCatalogRepository } from './pg-repository';
import { createPgIngestionStore } from './pg-ingestion-store';
import { createPgSearchIndexRepository } from './pg-search-index';
import { createSqliteIngestionStore } from './sqlite-ingestion-store';
import { createSqliteCatalogRepository, createSqliteCatalogStore, type CatalogStore } from './sqlite-repository';
import { createFtsSearchIndex, createSqliteSearchIndexRepository, type SearchIndex } from './search-index';

/** The catalog's services on SQLite, with the connection's own store and full-text index (command-line tools, tests). */
export interface SqliteCatalogServices extends CatalogServices {
  repository: CatalogStore;
  index: SearchIndex;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogServices;
  }
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

/** App service: the catalog (repository, full-text index, matcher, ingestion, spelling, suggestions) as `app.catalog`. */
export const catalogPlugin = fp(
  async (app: FastifyInstance) => {
    // Searches and spelling read through the app's ports; imports through the engine's own store.
    const ports = { catalog: app.storage.catalog, searchIndex: app.storage.searchIndex };
    const catalog = app.database.engine === 'sqlite' ? createSqliteCatalogServices(app.database.handle.sqlite, ports) : createPgCatalogServices(app.database.handle, ports);
    app.decorate('catalog', catalog);
    // Imports left `running` by a process that is gone (killed, its machine down) say so; live ones are left alone.
    for (const run of await recoverInterruptedImports(app.storage.catalog)) {
      app.log.warn({ runId: run.id, ownerPid: run.ownerPid, ownerHost: run.ownerHost, reason: run.reason }, 'import run marked interrupted');
    }
    // The words spelling correction knows: read once the API is up, again after every import of this process, and
    // after an import of another process (another API instance, a command), seen within SPELLING_REFRESH_SECONDS.
    const unsubscribe = catalog.ingestion.onImported(() => catalog.spelling.refresh());
    let seenImportAt: string | null = null;
    app.addHook('onReady', async () => {
      seenImportAt = await app.storage.catalog.lastImportAt();
      catalog.spelling.refresh();
    });
    const watch = async () => {
      const last = await app.storage.catalog.lastImportAt();
      if (last === seenImportAt) return;
      seenImportAt = last;
      catalog.spelling.refresh();
    };
    const timer = setInterval(() => watch().catch((error: unknown) => app.log.warn({ err: error }, 'looking for catalog imports failed')), app.config.SPELLING_REFRESH_SECONDS * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe();
      catalog.spelling.stop();
      // A reading of the words under way ends before the database closes.
      await catalog.spelling.ready();
    });
  },
  { name: 'catalog', dependencies: ['db'] },
);
