/**
 * `npm run bench:refresh [-- --offers N --changed P]`: how much faster a feed refresh applies a feed that barely
 * changed than a full import of the same feed, on each engine of BENCH_ENGINES (both by default).
 *
 * One retailer's feed of N offers (100,000 by default; the synthetic catalog's offers, made one retailer's) is
 * applied through the catalog's refresh (the worker's code path) three times on a fresh database:
 *   1. into the empty catalog: the full import (every offer matched, clustered, indexed, its first price point);
 *   2. the same feed again: nothing changed;
 *   3. the feed with P% of its prices changed (5% by default) and as many offers left out as 0.1% of it.
 * The table gives each run's time, rows per second and the full import's time over each refresh's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FeedRow } from '@pricehunt/catalog-feeds';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { DEMO_SEED, syntheticRows, type RefreshSummary } from '@pricehunt/catalog-core';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { databaseOf, openCatalogDatabase } from '@pricehunt/storage';
import { benchEngines, ENGINE_LABEL, ratioToSqlite, type Engine } from './engines';
import { printTable, saveRows, type BenchRow } from './report';
import { present } from '@pricehunt/contracts';

const { values } = parseArgs({ options: { offers: { type: 'string', default: '100000' }, changed: { type: 'string', default: '5' } } });
const OFFERS = Number(values.offers);
const CHANGED = Number(values.changed) / 100;
if (!Number.isInteger(OFFERS) || OFFERS < 100) throw new Error('--offers must be a whole number of at least 100');
if (!(CHANGED > 0 && CHANGED <= 1)) throw new Error('--changed must be a percentage above 0, at most 100');

const RETAILER = { id: 'bench-shop', name: 'Bench Shop' };

/** The synthetic catalog's offers as one retailer's feed (ids kept apart by their original retailer). */
function feed(): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const row of syntheticRows(OFFERS, DEMO_SEED)) {
    if (!row.offer) continue;
    rows.push({ line: rows.length + 2, offer: { ...row.offer, externalId: `${row.offer.retailer ?? 'x'}-${row.offer.externalId}`, retailer: undefined } });
  }
  return rows;
}

/** The feed with every `1/share`-th offer's price changed by 1–15% (down or up), and every 1000th left out. */
function changedFeed(rows: FeedRow[], share: number): { rows: FeedRow[]; changed: number; left: number } {
  const every = Math.max(1, Math.round(1 / share));
  let changed = 0;
  let left = 0;
  const out: FeedRow[] = [];
  rows.forEach((row, i) => {
    if (i % 1000 === 999) {
      left++;
      return;
    }
    if (!row.offer || i % every !== 0) {
      out.push(row);
      return;
    }
    changed++;
    const factor = 1 + (((i / every) % 2 === 0 ? -1 : 1) * (1 + (i % 15))) / 100;
    out.push({ ...row, offer: { ...row.offer, priceCents: Math.max(1, Math.round(row.offer.priceCents * factor)) } });
  });
  return { rows: out, changed, left };
}

interface Measured {
  label: string;
  ms: number;
  summary: RefreshSummary;
}

async function measure(engine: Engine, url: string, runs: Array<{ label: string; rows: FeedRow[] }>): Promise<Measured[]> {
  const database = databaseOf(url);
  if (!database) throw new Error(`not a database URL: ${url}`);
  const open = await openCatalogDatabase(database);
  const results: Measured[] = [];
  try {
    for (const run of runs) {
      const bar = createProgressBar({ total: run.rows.length, label: `${ENGINE_LABEL[engine]}: ${run.label}`, unit: 'rows' });
      const started = performance.now();
      const summary = await open.catalog.refresh(run.rows, {
        format: 'gmc',
        source: 'bench:refresh',
        retailer: RETAILER,
        expectedRows: run.rows.length,
        onProgress: (progress) => bar.update(progress.rows),
      });
      const ms = performance.now() - started;
      bar.done();
      if (summary.status !== 'succeeded') throw new Error(`${run.label} failed on ${engine}: ${summary.failure}`);
      results.push({ label: run.label, ms, summary });
    }
  } finally {
    await open.close();
  }
  return results;
}

async function main() {
  const engines = benchEngines();
  const base = feed();
  const changed = changedFeed(base, CHANGED);
  console.log(
    `Feed of ${base.length.toLocaleString('en-US')} offers; the changed feed has ${changed.changed.toLocaleString('en-US')} new prices (${(CHANGED * 100).toFixed(1)}%) and leaves out ${changed.left.toLocaleString('en-US')} offers.`,
  );
  const runs = [
    { label: 'full import into an empty catalog', rows: base },
    { label: 'refresh, nothing changed', rows: base },
    { label: `refresh, ${(CHANGED * 100).toFixed(0)}% of prices changed`, rows: changed.rows },
  ];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-refresh-'));
  let cluster: PostgresCluster | null = null;
  const rows: BenchRow[] = [];
  const sqliteMs = new Map<string, number>();
  try {
    for (const engine of engines) {
      let url = `file:${path.join(dir, 'refresh.db')}`;
      if (engine === 'postgres') {
        cluster = await startPostgresCluster();
        url = (await cluster.createDatabase({ name: 'pricehunt_bench_refresh' })).url;
      }
      const measured = await measure(engine, url, runs);
      const full = present(measured[0]).ms;
      for (const m of measured) {
        const s = m.summary;
        const ratio = m === measured[0] ? '' : `, ×${(full / m.ms).toFixed(1)} faster than the full import`;
        if (engine === 'sqlite') sqliteMs.set(m.label, m.ms);
        rows.push({
          bench: 'refresh',
          engine: ENGINE_LABEL[engine],
          metric: `${m.label} (${s.added} added, ${s.changed} changed, ${s.unchanged} unchanged, ${s.gone} gone)`,
          value: `${(m.ms / 1000).toFixed(1)} s, ${Math.round((s.rowsRead * 1000) / m.ms).toLocaleString('en-US')} rows/s${ratio}${engine === 'postgres' ? ratioToSqlite(m.ms, sqliteMs.get(m.label)) : ''}`,
        });
      }
      const refreshMs = present(measured[2]).ms;
      rows.push({
        bench: 'refresh',
        engine: ENGINE_LABEL[engine],
        metric: `full import time over the ${(CHANGED * 100).toFixed(0)}% refresh's`,
        value: `×${(full / refreshMs).toFixed(1)}`,
        target: '≥ ×3',
        pass: full / refreshMs >= 3,
      });
    }
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(`Feed refresh against a full import (${OFFERS.toLocaleString('en-US')} offers)`, rows);
  saveRows('refresh', rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
