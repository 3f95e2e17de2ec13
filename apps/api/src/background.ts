/**
 * What the API does besides answering requests, over the services of the composition root (`composition.ts`): work
 * at start, timers, and the order things stop in when the app closes (hooks run last-registered first, so each
 * service is idle before the database closes).
 */
import { placeholderAffiliateKeys } from '@pricehunt/affiliate';
import { recoverInterruptedImports } from '@pricehunt/catalog-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often the API looks for price summaries a day old (changes of the catalog are refreshed as they are seen). */
const PRICE_SUMMARY_REFRESH_MS = 3_600_000;

/** Failures a day old and expired trusted devices go at start and every hour. */
async function pruneSignIns(app: FastifyInstance) {
  const { signInGuard, log } = app;
  const prune = () => signInGuard.prune().catch((error: unknown) => log.error({ err: error }, 'pruning sign-in failures failed'));
  await prune();
  const timer = setInterval(() => void prune(), 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

function trackingLifecycle(app: FastifyInstance) {
  const { config, storage, log } = app;
  // Commit whatever waits (and stop the SQLite writer thread) before the database closes.
  app.addHook('onClose', async () => storage.tracking.close());
  const placeholders = placeholderAffiliateKeys(config.affiliate);
  if (placeholders.length && config.NODE_ENV !== 'test') {
    log.warn({ keys: placeholders }, 'affiliate programme ids are placeholders; set them to earn commissions');
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

/**
 * The words spelling correction knows: read once the API is up, again after every import of this process, and after
 * an import of another process (another API instance, a command), seen within SPELLING_REFRESH_SECONDS. The
 * products' price summaries (what deals are measured against) likewise, and every hour for those a day old; the lines
 * of products new or renamed (`productLines`) likewise.
 */
async function catalogLifecycle(app: FastifyInstance) {
  const { catalog, storage, productLines, log } = app;
  // Imports left `running` by a process that is gone (killed, its machine down) say so; live ones are left alone.
  for (const run of await recoverInterruptedImports(storage.catalog)) {
    log.warn({ runId: run.id, ownerPid: run.ownerPid, ownerHost: run.ownerHost, reason: run.reason }, 'import run marked interrupted');
  }
  const refreshPriceSummaries = (reason: string) => {
    catalog.priceSummaries.refresh().catch((error: unknown) => log.warn({ err: error, reason }, 'refreshing price summaries failed'));
  };
  // The lines of products new or renamed, so that categories and a browse's filters count a line's versions once.
  const readLines = (reason: string) => {
    productLines
      .refresh()
      .then((count) => {
        if (count > 0) log.info({ products: count, reason }, 'product lines read');
      })
      .catch((error: unknown) => log.warn({ err: error, reason }, 'reading product lines failed'));
  };
  const refresh = (reason: string) => {
    catalog.spelling.refresh();
    refreshPriceSummaries(reason);
    readLines(reason);
  };
  const unsubscribe = catalog.ingestion.onImported(() => refresh('import'));
  let seenImportAt: string | null = null;
  app.addHook('onReady', async () => {
    await repriceOlderProducts(app);
    seenImportAt = await storage.catalog.lastImportAt();
    refresh('start');
  });
  const watch = async () => {
    const last = await storage.catalog.lastImportAt();
    if (last === seenImportAt) return;
    seenImportAt = last;
    refresh('import elsewhere');
  };
  const timer = setInterval(() => {
    watch().catch((error: unknown) => log.warn({ err: error }, 'looking for catalog imports failed'));
  }, app.config.SPELLING_REFRESH_SECONDS * 1000);
  timer.unref();
  const summaryTimer = setInterval(() => refreshPriceSummaries('schedule'), PRICE_SUMMARY_REFRESH_MS);
  summaryTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(summaryTimer);
    unsubscribe();
    catalog.spelling.stop();
    // A reading of the words or lines, or a refresh of price summaries under way ends before the database closes.
    productLines.stop();
    await catalog.spelling.ready();
    await catalog.priceSummaries.idle();
    await productLines.idle();
  });
}

/**
 * Shoppers' price alerts, checked after every catalog import of this process and every PRICE_ALERT_CHECK_MINUTES
 * (imports run from the command line reach the alerts this way, or check themselves).
 */
function priceAlertSchedule(app: FastifyInstance) {
  const { config, log, priceAlerts } = app;
  const check = (reason: string) => {
    priceAlerts.check().then(
      (result) => {
        if (result.sent || result.failed) log.info({ ...result, reason }, 'price alerts checked');
      },
      (error: unknown) => log.error({ err: error, reason }, 'checking price alerts failed'),
    );
  };
  const stop = app.catalog.ingestion.onImported(() => check('import'));
  const timer = config.PRICE_ALERT_CHECK_MINUTES > 0 ? setInterval(() => check('schedule'), config.PRICE_ALERT_CHECK_MINUTES * 60_000) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    stop();
    if (timer) clearInterval(timer);
    // A check under way finishes before the database closes.
    await priceAlerts.idle();
  });
}

/** Verified domains' proofs are looked for again every DOMAIN_RECHECK_HOURS; one missing three times in a row is given up. */
function domainRechecks(app: FastifyInstance) {
  const { config, log, clock, merchant } = app;
  if (config.DOMAIN_RECHECK_HOURS <= 0) return;
  const everyMs = config.DOMAIN_RECHECK_HOURS * 3_600_000;
  const scriptUrl = `${config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`}/t.js`;
  let running: Promise<unknown> | null = null;
  const recheck = () => {
    if (running) return;
    running = merchant
      .recheckProofs(clock.now() - everyMs, scriptUrl)
      .then((released) => released.length && log.warn({ domains: released }, 'store domain proofs missing from three re-checks: given up'))
      .catch((error: unknown) => log.error({ err: error }, 'store domain re-check failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(recheck, Math.min(everyMs, 3_600_000));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * A re-clustering left under way (its process killed, its machine down) is carried on once the API is up, in the
 * background (the admin service's re-clustering runs): until it ends, the offers it has yet to place are in no product.
 * When the app closes the one under way stops between two batches, and the next start carries it on.
 */
function reclusterResume(app: FastifyInstance) {
  const { admin } = app;
  app.addHook('onReady', () => admin.resumeAtStart());
  app.addHook('onClose', () => admin.stopReclustering());
}

/** The API's work at start, on timers and at close, registered once the composition root's services are decorated. */
export const backgroundPlugin = fp(
  async (app: FastifyInstance) => {
    await pruneSignIns(app);
    trackingLifecycle(app);
    await catalogLifecycle(app);
    reclusterResume(app);
    app.addHook('onClose', () => app.pageReadPool.close());
    priceAlertSchedule(app);
    app.addHook('onClose', async () => app.storeSync.idle());
    domainRechecks(app);
  },
  { name: 'background', dependencies: ['db'] },
);
