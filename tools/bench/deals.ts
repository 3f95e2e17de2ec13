/**
 * `npm run bench:deals [-- --offers N] [--days N] [--samples N]`
 *
 * Prices over time on a large catalog, on SQLite and on PostgreSQL in the same run (BENCH_ENGINES=sqlite or =postgres
 * measures one of them):
 * - builds a synthetic catalog of `offers` offers (100,000 by default) in a fresh database of each engine, through the
 *   ingestion service (bulk path), then gives every offer a price history of `days` days (180): a price every 6 days
 *   from `days` ago, 95 % to 120 % of today's. The history is written by one INSERT … SELECT per engine: a benchmark's
 *   fixture, far faster than replaying 30 snapshots of the feed through ingestion (which the tests do, on small feeds);
 * - times the first computation of every product's price summary (`catalog-core` price-summaries.ts), the deals query
 *   (`GET /api/deals`' port method: the first page of all categories, of the largest category, and the second page),
 *   a product page's year of history (`priceHistoryOfProduct`) with its figures and marks, a browse of the largest
 *   category as `GET /api/browse` reads it (the lines of up to 2,000 of its products read, as the first browse after
 *   an import does; then its first page, a line's versions one entry, and a page filtered by a price range), and, after
 *   an import that changed 2,000 prices, the refresh of the summaries that import made due.
 * Prints p50/p95 of `samples` runs of each query; saves the rows for `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FeedRow } from '@pricehunt/catalog-feeds';
import { present, DAY_MS, DEAL_MIN_DROP_BASIS_POINTS, MIN_HISTORY_DAYS, PRICE_HISTORY_DAYS, PRICE_HISTORY_LIMIT } from '@pricehunt/contracts';
import { importSyntheticCatalog, lowestPriceOffers, priceRangeSummaries, syntheticRows } from '@pricehunt/catalog-core';
import { readBrowsedLines } from '@pricehunt/catalog-search';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { databaseOf, openCatalogDatabase, type CatalogDatabase } from '@pricehunt/storage';
import { benchEngines, ENGINE_LABEL, ratioToSqlite, type Engine } from './engines';
import { printTable, saveRows, type BenchRow } from './report';

const SEED = 7;
/** The deals query's target: as fast as a search answer. */
const QUERY_TARGET_MS = 50;

const { values } = parseArgs({ options: { offers: { type: 'string' }, days: { type: 'string' }, samples: { type: 'string' } } });
const OFFERS = Number(values.offers ?? 100_000);
const DAYS = Number(values.days ?? 180);
const SAMPLES = Number(values.samples ?? 30);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** p50 and p95 of `samples` runs of `work` (after one run to warm up). */
async function latency(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push((await timed(work)).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Runs statements without results on the catalog's own connection, whichever the engine. */
async function execute(open: CatalogDatabase, sql: string): Promise<void> {
  if (open.connection.engine === 'sqlite') open.connection.handle.sqlite.exec(sql);
  else await open.connection.handle.pool.query(sql);
}

async function count(open: CatalogDatabase, table: string): Promise<number> {
  if (open.connection.engine === 'sqlite') return (open.connection.handle.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return Number((await open.connection.handle.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
}

/** A price every 6 days from DAYS ago, 95 % to 120 % of today's price (the import's, its last point), in time order. */
const HISTORY: Record<Engine, string> = {
  sqlite: `WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${Math.floor(DAYS / 6)})
    INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at)
    SELECT o.id, o.price_cents * (95 + ((o.id * 7919 + k.n * 104729) % 26)) / 100, o.shipping_cents, o.currency,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d days', ${DAYS + 6} - k.n * 6), printf('-%d hours', o.id % 24))
    FROM k CROSS JOIN offers o ORDER BY k.n, o.id`,
  postgres: `INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at)
    SELECT o.id, o.price_cents * (95 + ((o.id::bigint * 7919 + k.n * 104729) % 26)) / 100, o.shipping_cents, o.currency,
      now() - make_interval(days => ${DAYS + 6} - k.n * 6, hours => o.id % 24)
    FROM generate_series(1, ${Math.floor(DAYS / 6)}) AS k(n) CROSS JOIN offers o ORDER BY k.n, o.id`,
};

interface Opened {
  open: CatalogDatabase;
  close(): Promise<void>;
}

async function openFresh(engine: Engine): Promise<Opened> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-deals-'));
    const open = await openCatalogDatabase(present(databaseOf(`file:${path.join(dir, 'deals.db')}`)));
    return {
      open,
      close: async () => {
        await open.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const cluster: PostgresCluster = await startPostgresCluster({ settings: { shared_buffers: '256MB' } });
  const database = await cluster.createDatabase();
  const open = await openCatalogDatabase(present(databaseOf(database.url)));
  return {
    open,
    close: async () => {
      await open.close();
      await cluster.stop();
    },
  };
}

async function measure(engine: Engine, rows: BenchRow[], sqliteFigures: Map<string, number>): Promise<void> {
  const label = ENGINE_LABEL[engine];
  const add = (metric: string, ms: number, target?: number) => {
    const key = metric;
    if (engine === 'sqlite') sqliteFigures.set(key, ms);
    rows.push({
      bench: 'deals',
      engine: label,
      metric,
      value: `${ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`}${engine === 'postgres' ? ratioToSqlite(ms, sqliteFigures.get(key)) : ''}`,
      ...(target !== undefined ? { target: `< ${target} ms`, pass: ms < target } : {}),
    });
  };
  console.log(`\n${label}: building ${OFFERS.toLocaleString('en-US')} offers with ${DAYS} days of price history…`);
  const { open, close } = await openFresh(engine);
  try {
    const { catalog, storage } = open;
    const build = await timed(() => importSyntheticCatalog(catalog.ingestion, { offers: OFFERS, seed: SEED }));
    console.log(`  imported in ${(build.ms / 1000).toFixed(1)} s`);
    const history = await timed(() => execute(open, HISTORY[engine]));
    await execute(open, 'ANALYZE');
    const points = await count(open, 'price_points');
    const products = await count(open, 'products');
    console.log(`  ${points.toLocaleString('en-US')} price points written in ${(history.ms / 1000).toFixed(1)} s; ${products.toLocaleString('en-US')} products`);
    rows.push({ bench: 'deals', engine: label, metric: 'catalog', value: `${OFFERS.toLocaleString('en-US')} offers, ${products.toLocaleString('en-US')} products, ${points.toLocaleString('en-US')} price points (${DAYS} days)` });

    const first = await timed(() => catalog.priceSummaries.refresh());
    add(`summaries of every product (${first.result.toLocaleString('en-US')})`, first.ms);

    const now = Date.now();
    const query = { historyBefore: new Date(now - MIN_HISTORY_DAYS * DAY_MS).toISOString(), minDropBasisPoints: DEAL_MIN_DROP_BASIS_POINTS, limit: 13 };
    const all = await storage.catalog.deals(query);
    const top = all.categories[0];
    const last = all.items[11];
    console.log(`  ${all.categories.reduce((sum, c) => sum + c.count, 0).toLocaleString('en-US')} deals in ${all.categories.length} categories; the largest: ${top?.name} (${top?.count})`);
    const firstPage = await latency(() => storage.catalog.deals(query));
    add('deals, first page (p50)', firstPage.p50, QUERY_TARGET_MS);
    add('deals, first page (p95)', firstPage.p95);
    const categoryPage = await latency(() => storage.catalog.deals({ ...query, categorySlug: top?.slug }));
    add(`deals of ${top?.name ?? 'a category'} (p50)`, categoryPage.p50, QUERY_TARGET_MS);
    const secondPage = await latency(() => storage.catalog.deals({ ...query, after: last ? { dropBasisPoints: last.dropBasisPoints, productId: last.id } : undefined }));
    add('deals, second page (p50)', secondPage.p50, QUERY_TARGET_MS);

    // A product page: a year of history, with the figures of each range and the marks of its offers.
    const ids = all.items.map((item) => item.id);
    let at = 0;
    const detail = await latency(async () => {
      const productId = present(ids[at++ % ids.length]);
      const product = await storage.catalog.getProduct(productId);
      const offers = await storage.catalog.offersOfProduct(productId);
      const points = await storage.catalog.priceHistoryOfProduct(productId, { since: new Date(now - PRICE_HISTORY_DAYS * DAY_MS).toISOString(), limit: PRICE_HISTORY_LIMIT });
      priceRangeSummaries(points, { now, currency: product?.currency ?? null });
      lowestPriceOffers(offers, points, { now, currency: product?.currency ?? null });
    });
    add('product page: history, figures and marks (p50)', detail.p50, QUERY_TARGET_MS);

    // A browse of the largest category, as the API answers it: the lines it has not read yet, then the page.
    // The category of most products (categories come most entries first).
    const largest = present([...(await storage.catalog.listCategories())].sort((a, b) => b.productCount - a.productCount)[0]);
    const browsed = { categorySlug: largest.slug, sort: 'offers' as const, page: 1, pageSize: 24 };
    const linesRead = await timed(() => readBrowsedLines(storage.catalog, browsed));
    add(`browse of ${largest.name} (${largest.productCount.toLocaleString('en-US')} products): lines read first`, linesRead.ms);
    while ((await storage.catalog.unreadLines(browsed, 1)).length > 0) await readBrowsedLines(storage.catalog, browsed);
    // The lines' statistics, as a settled database has them (autovacuum's analyze on PostgreSQL; VACUUM also sets the
    // visibility map that lets the stores be counted from an index alone).
    await execute(open, engine === 'postgres' ? 'VACUUM ANALYZE products, offers' : 'ANALYZE');
    const browsePage = await latency(async () => {
      await readBrowsedLines(storage.catalog, browsed);
      await storage.catalog.browse(browsed);
    });
    add(`browse of ${largest.name}, first page (p50)`, browsePage.p50, QUERY_TARGET_MS);
    add(`browse of ${largest.name}, first page (p95)`, browsePage.p95);
    const pricedPage = await latency(async () => {
      const priced = { ...browsed, sort: 'price_asc' as const, minPriceCents: 5_000, maxPriceCents: 50_000 };
      await readBrowsedLines(storage.catalog, priced);
      await storage.catalog.browse(priced);
    });
    add(`browse of ${largest.name}, $50–$500 by price (p50)`, pricedPage.p50, QUERY_TARGET_MS);

    // An import that changes 2,000 prices (a refresh of a retailer's feed), then the summaries it made due.
    const changed: FeedRow[] = [];
    for (const row of syntheticRows(OFFERS, SEED)) {
      if (changed.length === 2_000) break;
      changed.push(row.offer ? { ...row, offer: { ...row.offer, priceCents: Math.round(row.offer.priceCents * 0.9) } } : row);
    }
    const reimport = await timed(() => catalog.ingestion.importRows(changed, { format: 'synthetic', source: 'bench: 2,000 prices lower', bulk: false }));
    console.log(`  re-import of 2,000 offers: ${reimport.result.updated} updated in ${(reimport.ms / 1000).toFixed(1)} s`);
    const again = await timed(() => catalog.priceSummaries.refresh());
    add(`summaries after 2,000 prices changed (${again.result.toLocaleString('en-US')})`, again.ms);
  } finally {
    await close();
  }
}

async function main() {
  const rows: BenchRow[] = [];
  const sqliteFigures = new Map<string, number>();
  for (const engine of benchEngines()) await measure(engine, rows, sqliteFigures);
  printTable('Prices over time', rows);
  saveRows('deals', rows);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
