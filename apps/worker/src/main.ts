/**
 * The feed worker: refreshes the catalog's feed sources when they are due (see runner.ts), beside the API.
 *   tsx apps/worker/src/main.ts      (DATABASE_URL as the API's; `npm start` and `start:cluster` start it)
 * SIGTERM / SIGINT: the run under way finishes, then the worker exits. Killed outright, its lease runs out and
 * another worker (or this one, started again) takes the source and reads the feed again.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { recoverInterruptedImports } from '@pricehunt/catalog-core';
import { openCatalogDatabase } from '@pricehunt/storage';
import { composeWorker } from './composition';
import { loadWorkerConfig } from './config';
import { createLogger } from './logger';

async function main() {
  const config = loadWorkerConfig(process.env);
  const log = createLogger(config.LOG_LEVEL);
  const open = await openCatalogDatabase(config.database);
  for (const run of await recoverInterruptedImports(open.storage.catalog)) {
    log.warn({ importRunId: run.id }, `import run ${run.id} was left running (${run.reason}): marked interrupted`);
  }
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const worker = composeWorker({ config, log, open, owner });
  worker.start();
  log.info({ owner, database: open.label }, `feed worker ${owner} polling every ${config.WORKER_POLL_MS} ms`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'feed worker stopping after the run under way');
    await worker.stop();
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
