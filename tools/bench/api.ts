/**
 * `npm run bench:api`: throughput and p99 latency of GET /api/redirect and POST /api/track-event, each
 * against a bare Fastify hello-world route measured in the same run on the same machine (127.0.0.1), with the API
 * on SQLite (a file) and on PostgreSQL (a database of a throwaway cluster of the postgres-harness), both durable as
 * in production (SQLite synchronous=FULL, PostgreSQL fsync on). BENCH_ENGINES=sqlite or =postgres measures one.
 * Each server runs in its own process (the API as its production bundle, built with `nx build api` when
 * stale); autocannon runs here. Each target is measured in rounds that alternate between the baseline and the
 * engines, so the load of a shared machine falls on all alike. Target: ratio ≥ 0.5, no answer other than
 * 2xx/3xx, and every acknowledged click and event stored (counted in SQLite's file, or in PostgreSQL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { benchEngines, ENGINE_LABEL, ratioToSqlite, type Engine } from './engines';
import { printTable, saveRows, type BenchRow } from './report';
import { freePort } from '@pricehunt/e2e-harness';

const root = path.resolve(__dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Each target's time is split in rounds that alternate with the baseline, so load drift hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.5;

const children: ChildProcess[] = [];
/** Runs a TypeScript entry point through tsx, or a built JavaScript file with plain node. */
function start(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const runtime = script.endsWith('.ts') ? ['--require', 'tsx/cjs'] : [];
  const child = spawn(process.execPath, [...runtime, script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/** The API's production bundle (`nx build api`, esbuild); built here, or taken from the Nx cache when its sources are unchanged. */
const API_BUNDLE = 'dist/apps/api/main.js';
/** The tracking writer thread's code, which the bundle starts from beside it. */
const API_WRITER_THREAD = 'dist/apps/api/write-queue-worker.js';
function buildApi(): void {
  const result = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const built = [API_BUNDLE, API_WRITER_THREAD].every((file) => fs.existsSync(path.join(root, file)));
  if (result.status !== 0 || !built) throw new Error(`nx run api:build failed (exit ${result.status})`);
}

/** An API process on one engine's database. */
interface Api {
  engine: Engine;
  base: string;
  child: ChildProcess;
  /** CPU seconds of the database server so far (PostgreSQL's processes; undefined for SQLite, which is in the API's). */
  databaseCpu(): number | undefined;
  /** Rows of `table` with the session id, counted in the API's database. */
  stored(table: 'clicks' | 'events', sessionId: string): Promise<number>;
}

async function startApi(databaseUrl: string, groupCommit: boolean): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  // The API runs as in production: the esbuild bundle on plain node.
  const child = start(API_BUNDLE, [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    // The limiter stays on (its cost is measured) with a budget the benchmark cannot reach.
    RATE_LIMIT_ENABLED: 'true',
    TRACKING_RATE_LIMIT_PER_MINUTE: '1000000000',
    GROUP_COMMIT: String(groupCommit),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { base, child };
}

interface Measured {
  reqPerSec: number;
  p99: number;
  ok: number;
  bad: number;
  /** Server CPU seconds spent during the run (undefined where it cannot be read). */
  cpu?: number;
  /** CPU seconds of the database server's processes during the run (PostgreSQL; undefined for SQLite). */
  databaseCpu?: number;
}

/** What a measurement runs against: its server process and, for PostgreSQL, the database server's CPU. */
interface Measurable {
  server: ChildProcess;
  databaseCpu?: () => number | undefined;
}

const difference = (before: number | undefined, after: number | undefined) => (before === undefined || after === undefined ? undefined : after - before);

async function measure(options: autocannon.Options, okClass: '2xx' | '3xx', duration: number, on: Measurable): Promise<Measured> {
  const cpuBefore = cpuSeconds(on.server.pid);
  const databaseBefore = on.databaseCpu?.();
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const cpuAfter = cpuSeconds(on.server.pid);
  const databaseAfter = on.databaseCpu?.();
  const ok = result[okClass];
  const bad = result['1xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts + (okClass === '2xx' ? result['3xx'] : result['2xx']);
  return { reqPerSec: result.requests.average, p99: result.latency.p99, ok, bad, cpu: difference(cpuBefore, cpuAfter), databaseCpu: difference(databaseBefore, databaseAfter) };
}

/** CPU µs per answered request of `seconds`, or undefined. */
const perRequest = (seconds: number | undefined, m: Measured) => (seconds === undefined || m.ok === 0 ? undefined : Math.round((seconds * 1e6) / m.ok));
/** Server CPU µs per answered request, e.g. "93 µs". */
const cpuPerRequest = (m: Measured) => {
  const api = perRequest(m.cpu, m);
  return api === undefined ? 'n/a' : `${api} µs`;
};
/** The API's and the database server's CPU per answered request, e.g. "93 µs" or "70 µs API + 60 µs PostgreSQL = 130 µs". */
const serverCpuPerRequest = (m: Measured) => {
  const api = perRequest(m.cpu, m);
  const database = perRequest(m.databaseCpu, m);
  if (api === undefined) return 'n/a';
  return database === undefined ? `${api} µs` : `${api} µs API + ${database} µs PostgreSQL = ${api + database} µs`;
};
/** Both processes' CPU per answered request, for ratios. */
const totalCpuPerRequest = (m: Measured) => {
  const api = perRequest(m.cpu, m);
  return api === undefined ? undefined : api + (perRequest(m.databaseCpu, m) ?? 0);
};

/**
 * CPU seconds a child process has used so far, all its threads (Linux /proc; undefined elsewhere). Per answered
 * request it is steadier than req/s on a shared machine: it does not count time spent waiting for a core.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const fields = procStat(pid);
  const ticks = Number(fields?.[11]) + Number(fields?.[12]);
  return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : undefined;
}
const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (state, ppid, …), or undefined. */
function procStat(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of a PostgreSQL server so far: the postmaster (with its children that have exited) and every process
 * it started that is still running (the sessions of the API's pool, the writers, autovacuum).
 */
function postgresCpuSeconds(cluster: PostgresCluster): number | undefined {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  const own = procStat(postmaster);
  if (!own) return undefined;
  // utime, stime, and cutime, cstime (children waited for).
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = procStat(Number(entry));
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : undefined;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

const sumOf = (values: Array<number | undefined>) => (values.some((v) => v === undefined) ? undefined : values.reduce<number>((a, v) => a + (v ?? 0), 0));

/**
 * Alternates rounds of the baseline and of each engine's target (baseline, SQLite, PostgreSQL, baseline, …); answers
 * mean req/s, median p99 and the summed answer counts of the baseline and of each target.
 */
async function compare(
  name: string,
  baseline: { url: string; server: ChildProcess },
  targets: Array<{ api: Api; options: autocannon.Options }>,
  okClass: '2xx' | '3xx',
  seconds = DURATION_S,
) {
  const perRound = Math.max(1, Math.round(seconds / ROUNDS));
  const base: Measured[] = [];
  const measured = targets.map((): Measured[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await measure({ url: baseline.url }, '2xx', perRound, { server: baseline.server }));
    for (const [index, { api, options }] of targets.entries()) {
      measured[index]?.push(await measure(options, okClass, perRound, { server: api.child, databaseCpu: api.databaseCpu }));
    }
  }
  const sum = (list: Measured[]): Measured => ({
    reqPerSec: mean(list.map((m) => m.reqPerSec)),
    p99: median(list.map((m) => m.p99)),
    ok: list.reduce((a, m) => a + m.ok, 0),
    bad: list.reduce((a, m) => a + m.bad, 0),
    cpu: sumOf(list.map((m) => m.cpu)),
    databaseCpu: sumOf(list.map((m) => m.databaseCpu)),
  });
  const result = { baseline: sum(base), targets: measured.map(sum) };
  for (const [index, { api }] of targets.entries()) {
    const target = result.targets[index] as Measured;
    console.log(
      `${name}, ${ENGINE_LABEL[api.engine]}: ${Math.round(target.reqPerSec)} req/s (hello ${Math.round(result.baseline.reqPerSec)}), p99 ${target.p99} ms (hello ${result.baseline.p99} ms), ` +
        `server CPU ${serverCpuPerRequest(target)}/request (hello ${cpuPerRequest(result.baseline)}), ${target.ok} ${okClass}, ${target.bad} other`,
    );
  }
  return result;
}

/** Rows with the session id in a SQLite file (opened read-only). */
const countSqlite = (databasePath: string, table: 'clicks' | 'events', sessionId: string) => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table} where session_id = ?`).get(sessionId) as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Rows with the session id in a PostgreSQL database of the cluster (node-postgres, over the cluster's socket). */
const countPostgres = async (cluster: PostgresCluster, database: string, table: 'clicks' | 'events', sessionId: string) =>
  Number((await cluster.query<{ n: string }>(`select count(*) as n from ${table} where session_id = $1`, [sessionId], database))[0]?.n);

/** Starts the API on a fresh database of each engine (group commit as configured, or one commit per request). */
async function startApis(engines: Engine[], dir: string, cluster: PostgresCluster | undefined, name: string, groupCommit: boolean): Promise<Api[]> {
  const apis: Api[] = [];
  for (const engine of engines) {
    if (engine === 'sqlite') {
      const databasePath = path.join(dir, `${name}.db`);
      const { base, child } = await startApi(`file:${databasePath}`, groupCommit);
      apis.push({ engine, base, child, databaseCpu: () => undefined, stored: async (table, sessionId) => countSqlite(databasePath, table, sessionId) });
    } else {
      if (!cluster) throw new Error('PostgreSQL was not started');
      const database = await cluster.createDatabase({ name: name.replace(/-/g, '_') });
      const { base, child } = await startApi(database.url, groupCommit);
      apis.push({ engine, base, child, databaseCpu: () => postgresCpuSeconds(cluster), stored: (table, sessionId) => countPostgres(cluster, database.name, table, sessionId) });
    }
  }
  return apis;
}

/** ", ×1.23 of SQLite" for a PostgreSQL figure, given SQLite's figure of the same run. */
const versusSqlite = (engine: Engine, value: number | undefined, sqlite: number | undefined) =>
  engine === 'postgres' && value !== undefined ? ratioToSqlite(value, sqlite) : '';

/**
 * A reference measurement's rows, one per API: req/s (and against SQLite's), p99, the ratio to hello world and, with
 * `cpu`, the server's CPU time per request.
 */
function referenceRows(apis: Api[], comparison: Awaited<ReturnType<typeof compare>>, metric: string, { cpu }: { cpu: boolean }): BenchRow[] {
  const sqlite = comparison.targets[apis.findIndex((api) => api.engine === 'sqlite')];
  return apis.map((api, index) => {
    const m = comparison.targets[index] as Measured;
    const cpuText = cpu ? `, CPU ${serverCpuPerRequest(m)}/request` : '';
    return {
      bench: 'api',
      engine: ENGINE_LABEL[api.engine],
      metric,
      value: `${Math.round(m.reqPerSec)} req/s${versusSqlite(api.engine, m.reqPerSec, sqlite?.reqPerSec)}, p99 ${m.p99} ms, ratio ${(m.reqPerSec / comparison.baseline.reqPerSec).toFixed(2)}${cpuText}`,
    };
  });
}

async function main() {
  const engines = benchEngines();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-'));
  const rows: BenchRow[] = [];
  let cluster: PostgresCluster | undefined;
  buildApi();
  try {
    // Durable (fsync on), as in production and as SQLite's synchronous=FULL.
    if (engines.includes('postgres')) cluster = await startPostgresCluster({ durable: true });
    const helloPort = await freePort();
    const hello = start('tools/bench/hello-server.ts', [String(helloPort)], {});
    const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
    await waitFor(helloUrl, hello);

    const apis = await startApis(engines, dir, cluster, 'bench', true);
    const helloWorld = { url: helloUrl, server: hello };
    const redirectPath = `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0BENCH123?th=1')}&source=bench&pricehunt_session_id=bench-click`;
    const eventBody = JSON.stringify({
      eventType: 'product_view',
      businessDomain: 'bench-store.example',
      eventData: { sessionId: 'bench-event', url: 'https://bench-store.example/p/1', userId: 'u1', timestamp: Date.now() },
    });

    // Warm-up so JIT and caches are comparable.
    await autocannon({ url: helloUrl, connections: 10, duration: 2 });
    for (const api of apis) await autocannon({ url: api.base + redirectPath, connections: 10, duration: 2 });

    const targets = [
      {
        name: 'GET /api/redirect',
        options: (base: string): autocannon.Options => ({ url: base + redirectPath }),
        okClass: '3xx' as const,
        stored: (api: Api) => api.stored('clicks', 'bench-click'),
      },
      {
        name: 'POST /api/track-event',
        options: (base: string): autocannon.Options => ({ url: `${base}/api/track-event`, method: 'POST', headers: { 'content-type': 'application/json' }, body: eventBody }),
        okClass: '2xx' as const,
        stored: (api: Api) => api.stored('events', 'bench-event'),
      },
    ];

    for (const target of targets) {
      const before = await Promise.all(apis.map((api) => target.stored(api)));
      const { baseline, targets: measured } = await compare(
        target.name,
        helloWorld,
        apis.map((api) => ({ api, options: target.options(api.base) })),
        target.okClass,
      );
      const after = await Promise.all(apis.map((api) => target.stored(api)));
      const results = apis.map((api, index) => ({
        engine: api.engine,
        m: measured[index] as Measured,
        stored: (after[index] ?? 0) - (before[index] ?? 0),
      }));
      const sqlite = results.find((r) => r.engine === 'sqlite')?.m;
      // Each metric on every engine, PostgreSQL's with its ratio to SQLite's.
      const metricRows: Array<(r: (typeof results)[number]) => Omit<BenchRow, 'bench' | 'engine'>> = [
        ({ engine, m }) => ({
          metric: `${target.name} req/s`,
          value: `${Math.round(m.reqPerSec)} (hello ${Math.round(baseline.reqPerSec)})${versusSqlite(engine, m.reqPerSec, sqlite?.reqPerSec)}`,
        }),
        ({ engine, m }) => ({ metric: `${target.name} p99 latency`, value: `${m.p99} ms (hello ${baseline.p99} ms)${versusSqlite(engine, m.p99, sqlite?.p99)}` }),
        ({ engine, m }) => ({
          metric: `${target.name} server CPU per request`,
          value: `${serverCpuPerRequest(m)} (hello ${cpuPerRequest(baseline)})${versusSqlite(engine, totalCpuPerRequest(m), sqlite && totalCpuPerRequest(sqlite))}`,
        }),
        ({ m }) => {
          const ratio = m.reqPerSec / baseline.reqPerSec;
          return { metric: `${target.name} / hello-world req/s`, value: ratio.toFixed(2), target: `>= ${TARGET_RATIO}`, pass: ratio >= TARGET_RATIO };
        },
        ({ m }) => ({ metric: `${target.name} answers not ${target.okClass}`, value: String(m.bad), target: '0', pass: m.bad === 0 }),
        // Calls still in flight when a run stops are stored without being counted, so stored may exceed acknowledged.
        ({ m, stored }) => ({
          metric: `${target.name} acknowledged / stored`,
          value: `${m.ok} / ${stored} (${stored - m.ok} in flight at stops)`,
          target: 'every ack stored',
          pass: stored >= m.ok,
        }),
      ];
      for (const row of metricRows) for (const result of results) rows.push({ bench: 'api', engine: ENGINE_LABEL[result.engine], ...row(result) });
    }

    // For reference: the API's plugin stack without any write (health check reads one row).
    const health = await compare('GET /api/health (no write)', helloWorld, apis.map((api) => ({ api, options: { url: `${api.base}/api/health` } })), '2xx', ROUNDS);
    rows.push(...referenceRows(apis, health, 'GET /api/health, no write (reference)', { cpu: true }));

    // For reference: the same redirect with one transaction (one commit flushed to disk) per request instead of group commit.
    const perRequest = await startApis(engines, dir, cluster, 'bench-per-request', false);
    const single = await compare(
      'GET /api/redirect, one commit per request',
      helloWorld,
      perRequest.map((api) => ({ api, options: { url: api.base + redirectPath } })),
      '3xx',
      Math.max(ROUNDS, DURATION_S / 2),
    );
    rows.push(...referenceRows(perRequest, single, 'GET /api/redirect, one commit (fsync) per request (reference)', { cpu: false }));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  saveRows('api', rows);
  printTable(
    `API benchmark (${engines.map((engine) => ENGINE_LABEL[engine]).join(' and ')}, ${CONNECTIONS} connections, ${DURATION_S} s per target and engine in ${ROUNDS} rounds alternating with the baseline, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)})`,
    rows,
  );
  process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
