/**
 * `npm run bench:recluster [-- --offers N]`: what a re-clustering costs a process that also answers requests, on each
 * engine of BENCH_ENGINES (both by default).
 *
 * The synthetic catalog's first N offers (10,000 by default) are imported into a fresh database, then re-clustered
 * twice in the benchmark's own process, as the API re-clusters (the admin console's "Re-cluster products", or one it
 * carries on when it starts): in batches of 2,000 offers, as the command line does, and in the API's batches of about
 * 100 ms (`SERVING_BATCHES`). The table gives each run's time and how long the event loop was held at once meanwhile
 * (the delay every request arriving then waited: p99 and the longest), with the ratio against the batches of 2,000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { DEMO_SEED, importSyntheticCatalog, SERVING_BATCHES } from '@pricehunt/catalog-core';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { databaseOf, openCatalogDatabase } from '@pricehunt/storage';
import { benchEngines, ENGINE_LABEL, ratioToSqlite, type Engine } from './engines';
import { printTable, saveRows, type BenchRow } from './report';

const { values } = parseArgs({ options: { offers: { type: 'string', default: '10000' } } });
const OFFERS = Number(values.offers);
if (!Number.isInteger(OFFERS) || OFFERS < 100) throw new Error('--offers must be a whole number of at least 100');

const RUNS = [
  { label: 'batches of 2,000 offers (command line)', options: { batchSize: 2000 } },
  { label: `batches of ${SERVING_BATCHES.batchMs} ms, at most ${SERVING_BATCHES.batchSize} offers (API)`, options: SERVING_BATCHES },
];

interface Measured {
  ms: number;
  p99Ms: number;
  maxMs: number;
}

async function measure(url: string, engine: Engine): Promise<Measured[]> {
  const database = databaseOf(url);
  if (!database) throw new Error(`not a database URL: ${url}`);
  const open = await openCatalogDatabase(database);
  try {
    const imported = createProgressBar({ total: OFFERS, label: `${ENGINE_LABEL[engine]}: importing`, unit: 'offers' });
    const summary = await importSyntheticCatalog(open.catalog.ingestion, { offers: OFFERS, seed: DEMO_SEED, onProgress: (progress) => imported.update(progress.rows) });
    imported.done();
    if (summary.status !== 'succeeded') throw new Error(`the import failed on ${engine}: ${summary.failure}`);
    const measured: Measured[] = [];
    for (const run of RUNS) {
      const bar = createProgressBar({ total: OFFERS, label: `${ENGINE_LABEL[engine]}: ${run.label}`, unit: 'offers' });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      await open.catalog.ingestion.recluster({ ...run.options, onProgress: (done) => bar.update(done) });
      const ms = performance.now() - started;
      delay.disable();
      bar.done();
      measured.push({ ms, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
    }
    return measured;
  } finally {
    await open.close();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-recluster-'));
  let cluster: PostgresCluster | null = null;
  const rows: BenchRow[] = [];
  const sqliteMs = new Map<string, number>();
  try {
    for (const engine of benchEngines()) {
      let url = `file:${path.join(dir, 'recluster.db')}`;
      if (engine === 'postgres') {
        cluster = await startPostgresCluster();
        url = (await cluster.createDatabase({ name: 'pricehunt_bench_recluster' })).url;
      }
      const [whole, serving] = await measure(url, engine);
      for (const [run, m] of RUNS.map((each, i) => [each, i === 0 ? whole : serving] as const)) {
        if (!m || !whole) continue;
        if (engine === 'sqlite') sqliteMs.set(run.label, m.ms);
        const ratio = m === whole ? '' : ` (×${(m.ms / whole.ms).toFixed(2)} of batches of 2,000)`;
        rows.push({
          bench: 'recluster',
          engine: ENGINE_LABEL[engine],
          metric: `${run.label}: time`,
          value: `${(m.ms / 1000).toFixed(1)} s, ${Math.round((OFFERS * 1000) / m.ms).toLocaleString('en-US')} offers/s${ratio}${engine === 'postgres' ? ratioToSqlite(m.ms, sqliteMs.get(run.label)) : ''}`,
        });
        const held = m === whole ? '' : ` (×${(m.maxMs / whole.maxMs).toFixed(3)} of batches of 2,000)`;
        rows.push({
          bench: 'recluster',
          engine: ENGINE_LABEL[engine],
          metric: `${run.label}: event loop held, p99 / longest`,
          value: `${Math.round(m.p99Ms)} ms / ${Math.round(m.maxMs)} ms${held}`,
          ...(m === whole ? {} : { target: 'longest ≤ 500 ms', pass: m.maxMs <= 500 }),
        });
      }
      await cluster?.stop();
      cluster = null;
    }
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(`Re-clustering ${OFFERS.toLocaleString('en-US')} offers in a process that answers requests`, rows);
  saveRows('recluster', rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
