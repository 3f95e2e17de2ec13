import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recoverInterruptedImports, type CatalogServices } from '@pricehunt/catalog-core';
import { catalogServicesOf } from '@pricehunt/storage';

/** How often the API looks for price summaries a day old (changes of the catalog are refreshed as they are seen). */
const PRICE_SUMMARY_REFRESH_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogServices;
  }
}

/**
 * Products whose best price an older version wrote (without the offer it is) get their figures again: one product
 * per transaction, so requests go on meanwhile. Done once per database, at the first start after its migration.
 */
async function repriceOlderProducts(app: FastifyInstance) {
  let count = 0;
  for (;;) {
    const ids = await app.storage.catalog.productsPricedBefore(500);
    if (ids.length === 0) break;
    const now = new Date(app.clock.now()).toISOString();
    for (const id of ids) await app.storage.catalog.refreshProduct(id, now);
    count += ids.length;
  }
  if (count > 0) app.log.info({ products: count }, 'best prices computed again');
}

/** App service: the catalog (repository, full-text index, matcher, ingestion, spelling, suggestions, price summaries) as `app.catalog`. */
export const catalogPlugin = fp(
  async (app: FastifyInstance) => {
    // Searches and spelling read through the app's ports; imports through the engine's own store.
    const catalog = catalogServicesOf(app.database, app.storage);
    app.decorate('catalog', catalog);
    // Imports left `running` by a process that is gone (killed, its machine down) say so; live ones are left alone.
    for (const run of await recoverInterruptedImports(app.storage.catalog)) {
      app.log.warn({ runId: run.id, ownerPid: run.ownerPid, ownerHost: run.ownerHost, reason: run.reason }, 'import run marked interrupted');
    }
    // The words spelling correction knows: read once the API is up, again after every import of this process, and
    // after an import of another process (another API instance, a command), seen within SPELLING_REFRESH_SECONDS.
    // The products' price summaries (what deals are measured against) likewise, and every hour for those a day old.
    const refreshPriceSummaries = (reason: string) => {
      catalog.priceSummaries.refresh().catch((error: unknown) => app.log.warn({ err: error, reason }, 'refreshing price summaries failed'));
    };
    const unsubscribe = catalog.ingestion.onImported(() => {
      catalog.spelling.refresh();
      refreshPriceSummaries('import');
    });
    let seenImportAt: string | null = null;
    app.addHook('onReady', async () => {
      await repriceOlderProducts(app);
      seenImportAt = await app.storage.catalog.lastImportAt();
      catalog.spelling.refresh();
      refreshPriceSummaries('start');
    });
    const watch = async () => {
      const last = await app.storage.catalog.lastImportAt();
      if (last === seenImportAt) return;
      seenImportAt = last;
      catalog.spelling.refresh();
      refreshPriceSummaries('import elsewhere');
    };
    const timer = setInterval(() => watch().catch((error: unknown) => app.log.warn({ err: error }, 'looking for catalog imports failed')), app.config.SPELLING_REFRESH_SECONDS * 1000);
    timer.unref();
    const summaryTimer = setInterval(() => refreshPriceSummaries('schedule'), PRICE_SUMMARY_REFRESH_MS);
    summaryTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(summaryTimer);
      unsubscribe();
      catalog.spelling.stop();
      // A reading of the words or a refresh of price summaries under way ends before the database closes.
      await catalog.spelling.ready();
      await catalog.priceSummaries.idle();
    });
  },
  { name: 'catalog', dependencies: ['db'] },
);
