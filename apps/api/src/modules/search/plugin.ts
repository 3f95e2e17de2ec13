import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPageReadPool, type PageReadPool } from '@pricehunt/catalog-identity';
import { createHostGate, createPageReader, createSearchService, type SearchService } from '@pricehunt/catalog-search';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers searches (pasted links and typed words) and keeps the answers (`@pricehunt/catalog-search`). */
    searchService: SearchService;
    /** The threads pasted pages are read in, off the event loop (`createPageReadPool`); stopped when the app closes. */
    pageReadPool: PageReadPool;
  }
}

/** App service: the search pipeline over the catalog, as `app.searchService`. */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    const pool = createPageReadPool({ timeoutMs: app.config.PAGE_READ_TIMEOUT_MS });
    app.decorate('pageReadPool', pool);
    app.addHook('onClose', () => pool.close());
    app.decorate(
      'searchService',
      createSearchService({
        catalog: app.storage.catalog,
        index: app.storage.searchIndex,
        matcher: app.catalog.matcher,
        spelling: app.catalog.spelling,
        requests: app.storage.searchRequests,
        placement: app.catalog.pages,
        signLink: (to) => app.linkSigner.sign(to),
        pages: createPageReader({
          allowLoopback: app.config.FETCH_ALLOW_LOOPBACK,
          pool,
          originOverrides: app.config.STORE_ORIGIN_OVERRIDES,
          // One request to a shop's host every PAGE_HOST_SPACING_MS of real time, across every instance of the API.
          hostGate:
            app.config.PAGE_HOST_SPACING_MS > 0
              ? createHostGate({ counters: app.storage.rateLimits, spacingMs: app.config.PAGE_HOST_SPACING_MS })
              : undefined,
        }),
        clock: () => new Date(app.clock.now()),
      }),
    );
  },
  { name: 'search', dependencies: ['db', 'catalog', 'tracking-services'] },
);
