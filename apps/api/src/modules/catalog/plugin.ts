import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recoverInterruptedImports, type CatalogServices } from '@pricehunt/catalog-core';
import { catalogServicesOf } from '@pricehunt/storage';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogServices;
  }
}

/** App service: the catalog (repository, full-text index, matcher, ingestion, spelling, suggestions) as `app.catalog`. */
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
