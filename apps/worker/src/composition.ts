/**
 * The feed worker's composition root: everything the process runs, built once from its configuration, its logger and
 * the open catalog database. `main.ts` opens the database, starts what this returns and stops it on a signal.
 */
import { createHostGate, createPageReader } from '@pricehunt/catalog-search';
import { createPageReadPool, createSafeFetcher } from '@pricehunt/catalog-identity';
import { createMailer, createPriceAlertChecker, createWatchDeliveryWorker, createWatchEvaluator, createWatchSender, WATCH_USER_AGENT } from '@pricehunt/notifications';
import type { CatalogDatabase } from '@pricehunt/storage';
import type { WorkerConfig } from './config';
import type { Logger } from './logger';
import { createSourceReader } from './read-source';
import { createFeedWorker } from './runner';
import { createPagePlacer } from './place-page';
import { createWatchLoop } from './watches';

export interface WorkerInput {
  config: WorkerConfig;
  log: Logger;
  open: CatalogDatabase;
  /** This process's name in leases and delivery claims. */
  owner: string;
}

/** The parts of the worker process: started by `start`, stopped in order (the database is closed by the caller). */
export interface WorkerProcess {
  start(): void;
  /** The run under way finishes, then every loop stops and the page threads end. */
  stop(): Promise<void>;
}

type Notifications = ReturnType<typeof notifications>;

/** Price alerts and watches: events found after each round of re-reads and each feed run, sent from the durable delivery queue. */
function notifications({ config, log, open, owner }: WorkerInput) {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: open.storage.outbox, log, production: config.NODE_ENV === 'production' });
  const alerts = createPriceAlertChecker({ repo: open.storage.priceAlerts, mailer, log, shopperAppUrl: config.SHOPPER_APP_URL });
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
  return { alerts, evaluator, deliveries };
}

/** Watched pages, re-read in the same kind of pool of threads as pasted pages, off the worker's event loop. */
function watchedPages({ config, log, open }: WorkerInput, { evaluator, deliveries }: Notifications) {
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
  return { pagePool, watchLoop };
}

/** The feed sources, refreshed when due. */
function feedRuns({ config, log, open, owner }: WorkerInput, { alerts, evaluator, deliveries }: Notifications) {
  return createFeedWorker({
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
}

/** Builds the worker process once. */
export function composeWorker(input: WorkerInput): WorkerProcess {
  const { config, open } = input;
  const notified = notifications(input);
  const { pagePool, watchLoop } = watchedPages(input, notified);
  const worker = feedRuns(input, notified);
  const { deliveries } = notified;
  return {
    start() {
      worker.start(config.WORKER_POLL_MS);
      watchLoop.start(config.WATCH_INTERVAL_SECONDS * 1000);
      deliveries.start(config.WORKER_POLL_MS);
    },
    async stop() {
      await worker.stop();
      await watchLoop.stop();
      await pagePool.close();
      await deliveries.stop();
      await open.catalog.priceSummaries.idle();
    },
  };
}
