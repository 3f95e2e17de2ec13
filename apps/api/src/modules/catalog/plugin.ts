import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSearchRequestRepository } from '../search/repository';
import { createPageReader } from '../search/page-reader';
import { createSearchService, type SearchService } from '../search/service';
import { createIngestionService, type IngestionService } from './ingestion';
import { createProductMatcher, type ProductMatcher } from './matching';
import { createCatalogRepository, type CatalogRepository } from './repository';
import { createFtsSearchIndex, type SearchIndex } from './search-index';

export interface CatalogServices {
  repository: CatalogRepository;
  index: SearchIndex;
  matcher: ProductMatcher;
  ingestion: IngestionService;
  search: SearchService;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogServices;
  }
}

/** Builds the catalog services on one database connection (also used by the command-line tools). */
export function createCatalogServices(sqlite: CatalogRepository['sqlite'], options: { allowLoopback: boolean }): CatalogServices {
  const repository = createCatalogRepository(sqlite);
  const index = createFtsSearchIndex(sqlite);
  const matcher = createProductMatcher(repository, index);
  return {
    repository,
    index,
    matcher,
    ingestion: createIngestionService({ repository, matcher }),
    search: createSearchService({
      catalog: repository,
      matcher,
      requests: createSearchRequestRepository(sqlite),
      pages: createPageReader({ allowLoopback: options.allowLoopback }),
    }),
  };
}

/** App service: the catalog (repository, full-text index, matcher, ingestion, search) as `app.catalog`. */
export const catalogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('catalog', createCatalogServices(app.sqlite, { allowLoopback: app.config.FETCH_ALLOW_LOOPBACK }));
  },
  { name: 'catalog', dependencies: ['db'] },
);
