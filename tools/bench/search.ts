/**
 * `npm run bench:search [-- --offers N] [--samples N] [--rebuild]`
 *
 * Search latency on a large synthetic catalog (default 100,000 offers on both engines, 1,000,000 with
 * BENCH_ENGINES=sqlite) and ingestion throughput, on SQLite and on PostgreSQL in the same run (BENCH_ENGINES=sqlite or =postgres measures one of them):
 * - builds the catalog on each engine through the same ingestion service as `catalog:generate` (bulk path: parse,
 *   canonicalise, cluster, index, price history), with a progress bar, once: SQLite's into a file in the OS temp
 *   folder, PostgreSQL's into a cluster of its own there (libs/testing/postgres-harness's kept cluster, durable as in
 *   production, started for the run and stopped after it). Both are keyed by size, seed and the migrations; later runs
 *   reuse them, `--rebuild` builds them again;
 * - opens each catalog as the API's commands do (`openCatalogDatabase`: the engine's storage ports and catalog services);
 * - times `samples` searches of each kind through the search service, each stored like a real request: a known
 *   offer's URL (with tracking parameters), an unknown URL (answered from its slug words; page fetching is off because
 *   benchmarks make no network calls), a text query, and search-box suggestions. Both engines answer the same
 *   searches, kind by kind, one engine after the other;
 * - times the ingestion of 50,000 fresh offers into an empty database on each engine (index, clustering and history
 *   included).
 * Prints p50/p95/p99 beside the targets, each PostgreSQL figure with its ratio to SQLite's, and saves the rows for
 * `npm run bench`.
 * Time: building the SQLite catalog takes about 1–2 minutes per 100,000 offers on a busy 2-core machine; the
 * PostgreSQL one much longer at 1,000,000 offers (the import's last step, joining lone offers into products, counts
 * words through the full-text index). Both are built once; later runs take a few minutes.
 */
import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importSyntheticCatalog, syntheticRows } from '@pricehunt/catalog-core';
import { createProgressBar, slugify } from '@pricehunt/catalog-feeds';
import { createSearchService, slugWordsOf, type PageReader } from '@pricehunt/catalog-search';
import { startKeptPostgresCluster, type KeptPostgresCluster } from '@pricehunt/postgres-harness';
import { benchEngines, ENGINE_LABEL, ratioToSqlite, type Engine } from './engines';
import { databaseOf, openCatalogDatabase, type CatalogDatabase } from '@pricehunt/storage';
import { printTable, saveRows, type BenchRow } from './report';
import { freePort } from '@pricehunt/e2e-harness';

/** The catalog on the database a URL names (`file:…` or `postgres://…`), migrations applied. */
function openCatalogAt(url: string): Promise<CatalogDatabase> {
  const database = databaseOf(url);
  if (!database) throw new Error(`not a database URL: ${url}`);
  return openCatalogDatabase(database);
}

const LATENCY_TARGET_MS = 50;
const INGEST_TARGET = 20_000;
const INGEST_OFFERS = 50_000;
const SEED = 7;
/** Version of the way catalogs are generated and built (ingestion and clustering): a new version builds the cached catalog again. */
const BUILD_VERSION = 20;
const root = path.resolve(__dirname, '../..');
/** The API's migrations of each engine. */
const MIGRATIONS = { sqlite: path.join(root, 'libs/server/storage/drizzle'), postgres: path.join(root, 'libs/server/storage/drizzle-pg') };

/** A short hash of the migrations a cached catalog was built with: the catalog's own on SQLite, all of them on PostgreSQL. */
function migrationsKey(engine: Engine): string {
  const dir = MIGRATIONS[engine];
  const files = fs
    .readdirSync(dir)
    .filter((name) => (engine === 'sqlite' ? /^\d+_catalog.*\.sql$/ : /^\d+_.*\.sql$/).test(name))
    .sort();
  const hash = crypto.createHash('sha1');
  for (const name of files) hash.update(fs.readFileSync(path.join(dir, name)).toString().replace(/^\d+_/, ''));
  return hash.digest('hex').slice(0, 8);
}

/** Reads every file under `target` once (into the OS page cache); answers the bytes read and the seconds it took. */
function readIntoPageCache(target: string): { bytes: number; seconds: number } {
  const started = performance.now();
  const buffer = Buffer.alloc(8 * 1024 * 1024);
  let bytes = 0;
  const readFile = (file: string) => {
    const fd = fs.openSync(file, 'r');
    try {
      for (let read = 1; read > 0; bytes += read) read = fs.readSync(fd, buffer, 0, buffer.length, null);
    } finally {
      fs.closeSync(fd);
    }
  };
  const walk = (entry: string) => {
    if (fs.statSync(entry).isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
    else readFile(entry);
  };
  walk(target);
  return { bytes, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/** Deterministic sample of offer ids. */
function sampleIds(maxId: number, count: number, seed: number): number[] {
  const ids = new Set<number>();
  let state = seed >>> 0 || 1;
  while (ids.size < Math.min(count, maxId)) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    ids.add(1 + (state % maxId));
  }
  return [...ids];
}

/** Runs one statement without results on the catalog's own connection, whichever the engine. */
async function execute(open: CatalogDatabase, sql: string): Promise<void> {
  if (open.connection.engine === 'sqlite') open.connection.handle.sqlite.exec(sql);
  else await open.connection.handle.pool.query(sql);
}

interface Build {
  offersPerSecond: number;
  seconds: number;
  builtAt: string;
  products: number;
}

/** One engine's catalog, open for searching. */
interface BenchCatalog {
  engine: Engine;
  open: CatalogDatabase;
  build: Build;
  /** True when the catalog was built by an earlier run (SQLite's cached file). */
  reused: boolean;
  /** What was done to have the database in memory before searching, for the table. */
  warm: string;
  /** The URL of an empty database for the ingestion figure, and what removes it afterwards. */
  emptyDatabase(): Promise<{ url: string; remove(): Promise<void> }>;
  close(): Promise<void>;
}

/** Imports the synthetic catalog of `offers` offers with a progress bar; answers the build's figures. */
async function buildCatalog(open: CatalogDatabase, engine: Engine, offers: number): Promise<Build> {
  const bar = createProgressBar({ total: offers, label: `Generating catalog (${ENGINE_LABEL[engine]})`, unit: 'offers' });
  const summary = await importSyntheticCatalog(open.catalog.ingestion, { offers, seed: SEED, onProgress: (p) => bar.update(p.rows) });
  bar.done();
  if (summary.status !== 'succeeded') throw new Error(`Building the ${ENGINE_LABEL[engine]} catalog failed: ${summary.failure}`);
  return { offersPerSecond: summary.offersPerSecond, seconds: summary.durationMs / 1000, builtAt: new Date().toISOString(), products: await open.storage.catalog.countProducts() };
}

/**
 * The catalog at `url`: reused where `metaFile` describes one of `offers` offers, else built, settled with `settle`
 * (the engine's statistics statement), described in `metaFile` and reopened, as the API would, on fresh connections.
 */
async function reuseOrBuild(url: string, engine: 'sqlite' | 'postgres', offers: number, metaFile: string, where: string, settle: string) {
  let open = await openCatalogAt(url);
  const size = offers.toLocaleString('en-US');
  if (fs.existsSync(metaFile) && (await open.storage.catalog.countOffers()) === offers) {
    const build = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Build;
    console.log(`Reusing the ${size}-offer ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} catalog built ${build.builtAt} (${where}).`);
    return { open, build, reused: true };
  }
  console.log(`Building a ${size}-offer synthetic catalog in ${where} (once; later runs reuse it).`);
  const build = await buildCatalog(open, engine, offers);
  await execute(open, settle);
  fs.writeFileSync(metaFile, JSON.stringify(build));
  await open.close();
  open = await openCatalogAt(url);
  return { open, build, reused: false };
}

/** SQLite: the cached catalog file, built first when missing (or with --rebuild), then read into the OS page cache. */
async function openSqliteCatalog(offers: number, rebuild: boolean, dir: string): Promise<BenchCatalog> {
  // The cache is keyed by the catalog's own migrations: other tables' migrations are applied to a cached file on open.
  const file = path.join(dir, `search-${offers}-seed${SEED}-${migrationsKey('sqlite')}-b${BUILD_VERSION}.db`);
  const metaFile = `${file}.json`;
  if (rebuild || !fs.existsSync(metaFile)) for (const suffix of ['', '-wal', '-shm', '.json']) fs.rmSync(file + suffix, { force: true });

  const { open, build, reused } = await reuseOrBuild(`file:${file}`, 'sqlite', offers, metaFile, file, 'ANALYZE');

  // Searches are measured as a running service answers them: with the database in the OS page cache. A file
  // that fell out of it (a reboot, other work since the last run) would otherwise be read from disk during the
  // first searches (cold, the slug p95 was 117 ms instead of 41 ms).
  const read = readIntoPageCache(file);
  const warm = `file of ${Math.round(read.bytes / 1024 / 1024).toLocaleString('en-US')} MB read into the OS page cache in ${read.seconds.toFixed(1)} s`;

  const final = open;
  return {
    engine: 'sqlite',
    open: final,
    build,
    reused,
    warm,
    async emptyDatabase() {
      const ingestFile = path.join(dir, `ingest-${process.pid}.db`);
      const remove = async () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(ingestFile + suffix, { force: true });
      };
      await remove();
      return { url: `file:${ingestFile}`, remove };
    },
    async close() {
      // The benchmark's searches are stored like real ones; the cached file is left as it was built.
      await execute(final, "DELETE FROM search_requests WHERE session_id = 'bench-search'");
      await final.close();
    },
  };
}

/**
 * PostgreSQL: the catalog kept, as SQLite's file is, in a cluster of its own in the OS temp folder (the harness's kept
 * cluster: durable, started for the run and stopped after it, keyed by size, seed and all PostgreSQL migrations). It
 * is built first when missing (or with --rebuild), then vacuumed and analysed; its files are read into the OS page
 * cache before searching.
 */
async function openPgCatalog(offers: number, rebuild: boolean, dir: string): Promise<{ catalog: BenchCatalog; cluster: KeptPostgresCluster }> {
  const clusterDir = path.join(dir, `pg-search-${offers}-seed${SEED}-${migrationsKey('postgres')}-b${BUILD_VERSION}`);
  const cluster = await startKeptPostgresCluster({ dir: clusterDir, port: await freePort() });
  try {
    const metaFile = path.join(clusterDir, 'search-catalog.json');
    const name = 'pricehunt_search';
    const exists = (await cluster.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
    if (rebuild || !fs.existsSync(metaFile) || !exists) {
      fs.rmSync(metaFile, { force: true });
      await cluster.dropDatabase(name);
      await cluster.createDatabase({ name });
    }
    // VACUUM ANALYZE: statistics for the planner (as SQLite's ANALYZE) and the visibility map a settled database has,
    // so autovacuum does not start on the freshly written tables while searches are timed.
    const { open, build, reused } = await reuseOrBuild(cluster.url(name), 'postgres', offers, metaFile, `the PostgreSQL cluster ${clusterDir}`, 'VACUUM ANALYZE');
    // As SQLite's file: the database's files in the OS page cache (PostgreSQL's own buffers at their default size).
    const [database] = await cluster.query<{ oid: number }>('SELECT oid FROM pg_database WHERE datname = $1', [name]);
    const read = readIntoPageCache(path.join(cluster.dataDir, 'base', String(database?.oid)));
    const warm = `files of ${Math.round(read.bytes / 1024 / 1024).toLocaleString('en-US')} MB read into the OS page cache in ${read.seconds.toFixed(1)} s (shared_buffers at its default)`;
    const final = open;
    const catalog: BenchCatalog = {
      engine: 'postgres',
      open: final,
      build,
      reused,
      warm,
      async emptyDatabase() {
        const ingest = await cluster.createDatabase({ name: `pricehunt_ingest_${process.pid}` });
        return { url: ingest.url, remove: () => cluster.dropDatabase(ingest.name) };
      },
      async close() {
        // The benchmark's searches are stored like real ones; the kept catalog is left as it was built.
        await execute(final, "DELETE FROM search_requests WHERE session_id = 'bench-search'");
        await final.close();
      },
    };
    return { catalog, cluster };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** One engine's figure of one metric. */
interface Figure {
  metric: string;
  value: number;
  format: (value: number) => string;
  /** Whether a PostgreSQL/SQLite ratio means something for it. */
  ratio: boolean;
  target?: { text: string; pass: (value: number) => boolean };
}

/** p50, p95 (against the latency target) and p99 figures of one kind of request. */
function latencyFigures(name: string, times: number[]): Figure[] {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  return [
    { metric: `${name} p50 (ms)`, value: percentile(sorted, 50), format: ms, ratio: true },
    { metric: `${name} p95 (ms)`, value: percentile(sorted, 95), format: ms, ratio: true, target: { text: `< ${LATENCY_TARGET_MS}`, pass: (v) => v < LATENCY_TARGET_MS } },
    { metric: `${name} p99 (ms)`, value: percentile(sorted, 99), format: ms, ratio: true },
  ];
}

const percent = (value: number) => `${value.toFixed(1)}%`;
const perSecond = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const { values } = parseArgs({ options: { offers: { type: 'string' }, samples: { type: 'string' }, rebuild: { type: 'boolean' } } });
  const engines = benchEngines();
  // PostgreSQL builds a catalog of a million offers in hours (the import's last step joins lone offers one by one
  // through the full-text index), so a run that measures it defaults to a catalog it builds in minutes.
  const offers = Number(values.offers ?? (engines.includes('postgres') ? 100_000 : 1_000_000));
  const samples = Number(values.samples ?? 500);
  if (!Number.isInteger(offers) || offers < 1000) throw new Error('--offers must be a whole number of at least 1000');
  if (!Number.isInteger(samples) || samples < 10) throw new Error('--samples must be a whole number of at least 10');

  const dir = path.join(os.tmpdir(), 'pricehunt-bench');
  fs.mkdirSync(dir, { recursive: true });
  let cluster: KeptPostgresCluster | undefined;
  const catalogs: BenchCatalog[] = [];
  /** Each engine's figures, in the same order on every engine. */
  const figures = new Map<Engine, Figure[]>(engines.map((engine) => [engine, []]));
  const add = (engine: Engine, ...list: Figure[]) => figures.get(engine)?.push(...list);
  let generateRate = 0;
  try {
    if (engines.includes('sqlite')) catalogs.push(await openSqliteCatalog(offers, values.rebuild ?? false, dir));
    if (engines.includes('postgres')) {
      const pg = await openPgCatalog(offers, values.rebuild ?? false, dir);
      cluster = pg.cluster;
      catalogs.push(pg.catalog);
    }

    // The same offers on every engine: the catalogs are built from the same seed, so they hold the same offers under
    // the same ids.
    const first = catalogs[0];
    if (!first) throw new Error('no engine to measure');
    const sampled = (
      await Promise.all(sampleIds(await first.open.storage.catalog.countOffers(), samples + 50, 12345).map((id) => first.open.storage.catalog.getOfferWithRetailer(id)))
    ).filter((offer) => offer !== null);

    // Searches run through the real service; page fetching is off (no network in benchmarks), so unknown URLs are
    // answered from their slug words.
    const noNetwork: PageReader = { read: async () => null, slugWords: slugWordsOf };
    const services = catalogs.map((catalog) => ({
      catalog,
      search: createSearchService({
        catalog: catalog.open.storage.catalog,
        matcher: catalog.open.catalog.matcher,
        requests: catalog.open.storage.searchRequests,
        pages: noNetwork,
        spelling: catalog.open.catalog.spelling,
      }),
    }));

    const kinds: Array<{ name: string; identifiedBy: string; body: (offer: (typeof sampled)[number]) => { url: string } | { query: string } }> = [
      { name: 'known-offer URL search', identifiedBy: 'known-offer', body: (offer) => ({ url: `${offer.url}${offer.url.includes('?') ? '&' : '?'}utm_source=newsletter&utm_medium=email` }) },
      { name: 'unknown-URL (slug) search', identifiedBy: 'url-slug', body: (offer) => ({ url: `https://shop.unknown-store.example/products/${slugify(offer.title)}` }) },
      { name: 'text search', identifiedBy: 'query', body: (offer) => ({ query: [offer.brand, offer.model ?? offer.title.split(' ').slice(1, 4).join(' ')].filter(Boolean).join(' ') }) },
    ];
    for (const kind of kinds) {
      for (const { catalog, search } of services) {
        const times: number[] = [];
        let found = 0;
        let listed = 0;
        for (const [index, offer] of sampled.entries()) {
          const started = performance.now();
          const result = await search.search({ requestId: randomUUID(), sessionId: 'bench-search', ...kind.body(offer) });
          const elapsed = performance.now() - started;
          if (index < 50) continue; // warm-up
          times.push(elapsed);
          if (result.identifiedBy !== kind.identifiedBy) throw new Error(`${kind.name} on ${ENGINE_LABEL[catalog.engine]} was answered by ${result.identifiedBy}`);
          if (result.product) found++;
          else if (result.matches.length > 0) listed++;
        }
        console.log(`${kind.name}, ${ENGINE_LABEL[catalog.engine]}: ${times.length} timed`);
        add(catalog.engine, ...latencyFigures(kind.name, times), { metric: `${kind.name} answered with a product`, value: (found / times.length) * 100, format: percent, ratio: false });
        // Words that fit several products are answered with the list of them.
        if (kind.identifiedBy === 'query') {
          add(catalog.engine, { metric: `${kind.name} answered with a list of matching products`, value: (listed / times.length) * 100, format: percent, ratio: false });
        }
      }
    }

    // Search-box suggestions while a title is typed, as the API's /suggest answers them (the products read through
    // the port): its first three letters, then its first word and two letters more.
    const typed = (offer: (typeof sampled)[number]) => {
      const [firstWord = '', second = ''] = offer.title.split(/\s+/);
      return [firstWord.slice(0, 3), `${firstWord} ${second.slice(0, 2)}`];
    };
    for (const { catalog } of services) {
      const times: number[] = [];
      let answered = 0;
      for (const [index, offer] of sampled.entries()) {
        for (const text of typed(offer)) {
          const started = performance.now();
          const ids = await catalog.open.catalog.suggester.suggest(text, 6);
          const products = await catalog.open.storage.catalog.getProducts(ids);
          const elapsed = performance.now() - started;
          if (index < 50) continue; // warm-up
          times.push(elapsed);
          if (products.size > 0) answered++;
        }
      }
      console.log(`suggestions while typing, ${ENGINE_LABEL[catalog.engine]}: ${times.length} timed`);
      add(catalog.engine, ...latencyFigures('suggestions while typing', times), {
        metric: 'suggestions while typing, answered with one or more',
        value: (answered / times.length) * 100,
        format: percent,
        ratio: false,
      });
    }

    // Ingestion throughput into an empty database: parse-free (generated offers), canonicalise, cluster, index,
    // history. The feed is generated first (as a parsed feed would be in memory), so the figure is the catalog's work
    // alone.
    const generateStarted = performance.now();
    const feed = [...syntheticRows(INGEST_OFFERS, SEED + 1)];
    generateRate = Math.round((INGEST_OFFERS * 1000) / (performance.now() - generateStarted));
    const ingestTarget = { text: `> ${INGEST_TARGET.toLocaleString('en-US')}`, pass: (v: number) => v > INGEST_TARGET };
    for (const catalog of catalogs) {
      const empty = await catalog.emptyDatabase();
      try {
        const ingestOpen = await openCatalogAt(empty.url);
        try {
          const bar = createProgressBar({ total: INGEST_OFFERS, label: `Ingesting (${ENGINE_LABEL[catalog.engine]})`, unit: 'offers' });
          const ingest = await importSyntheticCatalog(ingestOpen.catalog.ingestion, { offers: INGEST_OFFERS, seed: SEED + 1, rows: feed, onProgress: (p) => bar.update(p.rows) });
          bar.done();
          if (ingest.status !== 'succeeded') throw new Error(`Ingestion on ${ENGINE_LABEL[catalog.engine]} failed: ${ingest.failure}`);
          add(catalog.engine, { metric: `ingestion, ${INGEST_OFFERS.toLocaleString('en-US')} offers into an empty catalog (offers/s)`, value: ingest.offersPerSecond, format: perSecond, ratio: true, target: ingestTarget });
        } finally {
          await ingestOpen.close();
        }
      } finally {
        await empty.remove();
      }
    }
    for (const catalog of catalogs) {
      add(
        catalog.engine,
        {
          metric: `ingestion, building the ${offers.toLocaleString('en-US')}-offer catalog, generated as it is read (offers/s)`,
          value: catalog.build.offersPerSecond,
          // A cached catalog was built by an earlier run, on that day's machine load.
          format: (v) => `${perSecond(v)}${catalog.reused ? ` (cached, built ${catalog.build.builtAt.slice(0, 16).replace('T', ' ')})` : ''}`,
          ratio: true,
          target: ingestTarget,
        },
        { metric: 'catalog', value: catalog.build.products, format: (v) => `${offers.toLocaleString('en-US')} offers, ${v.toLocaleString('en-US')} products`, ratio: false },
        { metric: 'before searching', value: 0, format: () => catalog.warm, ratio: false },
      );
    }
  } finally {
    for (const catalog of catalogs) await catalog.close();
    await cluster?.stop();
  }

  // Paired rows: each metric on every engine, PostgreSQL's with its ratio to SQLite's.
  const rows: BenchRow[] = [];
  const sqliteFigures = figures.get('sqlite');
  const order = [...figures.values()][0] ?? [];
  for (const [index, { metric }] of order.entries()) {
    for (const engine of engines) {
      const figure = figures.get(engine)?.[index];
      if (!figure) continue;
      const base = engine === 'postgres' && figure.ratio ? sqliteFigures?.[index]?.value : undefined;
      rows.push({
        bench: 'search',
        engine: ENGINE_LABEL[engine],
        metric,
        value: `${figure.format(figure.value)}${ratioToSqlite(figure.value, base)}`,
        target: figure.target?.text,
        pass: figure.target?.pass(figure.value),
      });
    }
  }
  rows.push(
    { bench: 'search', metric: `generating the ${INGEST_OFFERS.toLocaleString('en-US')}-offer feed for it (offers/s, not part of the figures above)`, value: generateRate.toLocaleString('en-US') },
    { bench: 'search', metric: 'machine', value: `${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}` },
  );
  printTable(`Search benchmark (${samples} searches of each kind after 50 warm-up, ${engines.map((engine) => ENGINE_LABEL[engine]).join(' and ')})`, rows);
  saveRows(engines.includes('postgres') ? 'search-engines' : 'search', rows);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
