/**
 * The feed worker: refreshes the catalog's feed sources when they are due (see runner.ts), beside the API.
 *   tsx apps/worker/src/main.ts      (DATABASE_URL as the API's; `npm start` and `start:cluster` start it)
 * SIGTERM / SIGINT: the run under way finishes, then the worker exits. Killed outright, its lease runs out and
 * another worker (or this one, started again) takes the source and reads the feed again.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { recoverInterruptedImports } from '@pricehunt/catalog-core';
import { createHostGate, createPageReader } from '@pricehunt/catalog-search';
import { createPageReadPool, createSafeFetcher } from '@pricehunt/catalog-identity';
import { createMailer, createPriceAlertChecker, createWatchDeliveryWorker, createWatchEvaluator, createWatchSender, WATCH_USER_AGENT } from '@pricehunt/notifications';
import { openCatalogDatabase } from '@pricehunt/storage';
import { loadWorkerConfig } from './config';
import { createLogger } from './logger';
import { createSourceReader } from './read-source';
import { createFeedWorker } from './runner';
import { createPagePlacer } from './place-page';
import { createWatchLoop } from './watches';

async function main() {
  const config = loadWorkerConfig(process.env);
  const log = createLogger(config.LOG_LEVEL);
  const open = await openCatalogDatabase(config.database);
  for (const run of await recoverInterruptedImports(open.storage.catalog)) {
    log.warn({ importRunId: run.id }, `import run ${run.id} was left running (${run.reason}): marked interrupted`);
  }
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: open.storage.outbox, log, production: config.NODE_ENV === 'production' });
  const alerts = createPriceAlertChecker({ repo: open.storage.priceAlerts, mailer, log, shopperAppUrl: config.SHOPPER_APP_URL });
  // Watches: events found after each round of re-reads and each feed run, sent from the durable delivery queue.
  const evaluator = createWatchEvaluator({ repo: open.storage.watches });
  const deliveries = createWatchDeliveryWorker({
    repo: open.storage.watches,
    send: createWatchSender({
      mailer,
      http: createSafeFetcher({ allowLoopback: config.FETCH_ALLOW_LOOPBACK, timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0, userAgent: WATCH_USER_AGENT }),
      shopperAppUrl: config.SHOPPER_APP_URL,
    }),
    owner,
    log,
  });
  // Watched pages are re-read in the same kind of pool of threads as pasted pages, off the worker's event loop.
  const pagePool = createPageReadPool({ timeoutMs: config.PAGE_READ_TIMEOUT_MS });
  const watchLoop = createWatchLoop({
    repo: open.storage.watches,
    reader: createPageReader({
      allowLoopback: config.FETCH_ALLOW_LOOPBACK,
      pool: pagePool,
      originOverrides: config.STORE_ORIGIN_OVERRIDES,
      ...(config.PAGE_HOST_SPACING_MS > 0 ? { hostGate: createHostGate({ counters: open.storage.rateLimits, spacingMs: config.PAGE_HOST_SPACING_MS }) } : {}),
    }),
    place: createPagePlacer(open.catalog.pages),
    evaluate: evaluator.evaluate,
    deliver: deliveries.deliverDue,
    afterPlaced: () => open.catalog.priceSummaries.refresh().then(() => undefined),
    log,
  });
  const worker = createFeedWorker({
    sources: open.storage.feedSources,
    refresh: open.catalog.refresh,
    read: createSourceReader({
      maxBytes: config.FEED_MAX_BYTES,
      timeoutMs: config.FEED_TIMEOUT_MS,
      allowLoopback: config.FETCH_ALLOW_LOOPBACK,
      userAgent: 'PriceHuntFeedWorker/1.0 (+https://pricehunt.example/merchants)',
      storeCurrencyOf: async (businessId) => (await open.storage.merchant.findSettings(businessId))?.currency ?? null,
      storeOrigins: config.STORE_ORIGIN_OVERRIDES,
    }),
    storeDomainOf: async (businessId) => (await open.storage.businessAccounts.findById(businessId))?.storeDomain ?? null,
    // After a run that changed prices or stock: the products' price summaries (deals) and the shoppers' price alerts.
    afterRun: async () => {
      await open.catalog.priceSummaries.refresh();
      const check = await alerts.check();
      if (check.sent > 0 || check.failed > 0) log.info({ ...check }, `price alerts: ${check.sent} sent, ${check.failed} failed`);
      const watched = await evaluator.evaluate();
      if (watched.events > 0) log.info({ ...watched }, `watches after the feed run: ${watched.events} events`);
      await deliveries.deliverDue();
    },
    owner,
    retireAfterRuns: config.FEED_RETIRE_AFTER_RUNS,
    leaseMs: config.WORKER_LEASE_MS,
    log,
  });
  worker.start(config.WORKER_POLL_MS);
  watchLoop.start(config.WATCH_INTERVAL_SECONDS * 1000);
  deliveries.start(config.WORKER_POLL_MS);
  log.info({ owner, database: open.label }, `feed worker ${owner} polling every ${config.WORKER_POLL_MS} ms`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'feed worker stopping after the run under way');
    await worker.stop();
    await watchLoop.stop();
    await pagePool.close();
    await deliveries.stop();
    await open.catalog.priceSummaries.idle();
    await open.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
