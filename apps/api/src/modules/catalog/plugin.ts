import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recoverInterruptedImports } from './import-runs';
import { createIngestionService, type IngestionService } from './ingestion';
import { createProductMatcher, portReads, type ProductMatcher } from './matching';
import type { CatalogRepository, SearchIndexRepository } from './repository';
import { createSqliteCatalogRepository, createSqliteCatalogStore, type CatalogStore } from './sqlite-repository';
import { createFtsSearchIndex, createSqliteSearchIndexRepository, type SearchIndex } from './search-index';
import { createSpellingCorrector, type SpellingCorrector } from './spelling';
import { createSuggester, type Suggester } from './suggest';

export interface CatalogServices {
  repository: CatalogStore;
  index: SearchIndex;
  matcher: ProductMatcher;
  ingestion: IngestionService;
  spelling: SpellingCorrector;
  suggester: Suggester;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogServices;
  }
}

/**
 * Builds the catalog services on one database connection (also used by the command-line tools). Spelling and
 * suggestions read through the ports given (the app's storage), else through SQLite ones on the same connection.
 */
export function createCatalogServices(
  sqlite: CatalogStore['sqlite'],
  ports: { catalog?: CatalogRepository; searchIndex?: SearchIndexRepository } = {},
): CatalogServices {
  const repository = createSqliteCatalogStore(sqlite);
  const index = createFtsSearchIndex(sqlite);
  const catalog = ports.catalog ?? createSqliteCatalogRepository({ sqlite }, repository);
  const searchIndex = ports.searchIndex ?? createSqliteSearchIndexRepository({ sqlite }, index);
  const matcher = createProductMatcher(repository, index, portReads(catalog, searchIndex));
  const spelling = createSpellingCorrector(searchIndex);
  // Words are counted anew after each batch of an import: by the index imports rank with, and by the port searches
  // read through when it is another (the app's storage).
  const changed = () => {
    index.changed();
    if (ports.searchIndex) void ports.searchIndex.changed();
  };
  return {
    repository,
    index,
    matcher,
    ingestion: createIngestionService({ repository, matcher, index: { changed } }),
    spelling,
    suggester: createSuggester({ index: searchIndex, catalog }),
  };
}

/** App service: the catalog (repository, full-text index, matcher, ingestion, spelling, suggestions) as `app.catalog`. */
export const catalogPlugin = fp(
  async (app: FastifyInstance) => {
    const catalog = createCatalogServices(app.sqlite, { catalog: app.storage.catalog, searchIndex: app.storage.searchIndex });
    app.decorate('catalog', catalog);
    // Imports left `running` by a process that is gone (killed, its machine down) say so; live ones are left alone.
    for (const run of recoverInterruptedImports(catalog.repository)) {
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
    });
  },
  { name: 'catalog', dependencies: ['db'] },
);
