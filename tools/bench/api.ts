/**
 * `npm run bench:api`: throughput and p99 latency of GET /api/redirect and POST /api/track-event, each
 * against a bare Fastify hello-world route measured in the same run on the same machine (127.0.0.1).
 * Each server runs in its own process (the API as its production bundle, built with `nx build api` when
 * stale); autocannon runs here. Target: ratio ≥ 0.5, no answer other than
 * 2xx/3xx, and every acknowledged click and event stored.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { printTable, saveRows, type BenchRow } from './report';

const root = path.resolve(__dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Each target's time is split in rounds that alternate with the baseline, so load drift hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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

async function startApi(databasePath: string, groupCommit: boolean): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  // The API runs as in production: the esbuild bundle on plain node.
  const child = start(API_BUNDLE, [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `file:${databasePath}`,
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
}

async function measure(options: autocannon.Options, okClass: '2xx' | '3xx', duration: number, server?: ChildProcess): Promise<Measured> {
  const cpuBefore = cpuSeconds(server);
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const cpuAfter = cpuSeconds(server);
  const ok = result[okClass];
  const bad = result['1xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts + (okClass === '2xx' ? result['3xx'] : result['2xx']);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { reqPerSec: result.requests.average, p99: result.latency.p99, ok, bad, cpu };
}

/** Server CPU µs per answered request, e.g. "93 µs". */
const cpuPerRequest = (m: Measured) => (m.cpu === undefined || m.ok === 0 ? 'n/a' : `${Math.round((m.cpu * 1e6) / m.ok)} µs`);

/**
 * CPU seconds a child process has used so far, all its threads (Linux /proc; undefined elsewhere). Per answered
 * request it is steadier than req/s on a shared machine: it does not count time spent waiting for a core.
 */
function cpuSeconds(child: ChildProcess | undefined): number | undefined {
  if (!child?.pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : undefined;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Alternates baseline and target rounds; answers mean req/s, median p99 and the summed answer counts of each. */
async function compare(
  name: string,
  baseline: { url: string; server: ChildProcess },
  target: autocannon.Options,
  okClass: '2xx' | '3xx',
  server: ChildProcess,
  seconds = DURATION_S,
) {
  const perRound = Math.max(1, Math.round(seconds / ROUNDS));
  const base: Measured[] = [];
  const measured: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await measure({ url: baseline.url }, '2xx', perRound, baseline.server));
    measured.push(await measure(target, okClass, perRound, server));
  }
  const sum = (list: Measured[]): Measured => ({
    reqPerSec: mean(list.map((m) => m.reqPerSec)),
    p99: median(list.map((m) => m.p99)),
    ok: list.reduce((a, m) => a + m.ok, 0),
    bad: list.reduce((a, m) => a + m.bad, 0),
    cpu: list.some((m) => m.cpu === undefined) ? undefined : list.reduce((a, m) => a + (m.cpu ?? 0), 0),
  });
  const result = { baseline: sum(base), target: sum(measured) };
  console.log(
    `${name}: ${Math.round(result.target.reqPerSec)} req/s (hello ${Math.round(result.baseline.reqPerSec)}), p99 ${result.target.p99} ms (hello ${result.baseline.p99} ms), ` +
      `server CPU ${cpuPerRequest(result.target)}/request (hello ${cpuPerRequest(result.baseline)}), ${result.target.ok} ${okClass}, ${result.target.bad} other`,
  );
  return result;
}

const count = (databasePath: string, sql: string) => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-'));
  const rows: BenchRow[] = [];
  buildApi();
  try {
    const helloPort = await freePort();
    const hello = start('tools/bench/hello-server.ts', [String(helloPort)], {});
    const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
    await waitFor(helloUrl, hello);

    const databasePath = path.join(dir, 'bench.db');
    const { base, child: api } = await startApi(databasePath, true);
    const helloWorld = { url: helloUrl, server: hello };
    const redirectPath = `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0BENCH123?th=1')}&source=bench&pricehunt_session_id=bench-click`;
    const eventBody = JSON.stringify({
      eventType: 'product_view',
      businessDomain: 'bench-store.example',
      eventData: { sessionId: 'bench-event', url: 'https://bench-store.example/p/1', userId: 'u1', timestamp: Date.now() },
    });

    // Warm-up so JIT and caches are comparable.
    await autocannon({ url: helloUrl, connections: 10, duration: 2 });
    await autocannon({ url: base + redirectPath, connections: 10, duration: 2 });

    const targets = [
      {
        name: 'GET /api/redirect',
        options: { url: base + redirectPath } satisfies autocannon.Options,
        okClass: '3xx' as const,
        stored: () => count(databasePath, "select count(*) as n from clicks where session_id = 'bench-click'"),
      },
      {
        name: 'POST /api/track-event',
        options: { url: `${base}/api/track-event`, method: 'POST', headers: { 'content-type': 'application/json' }, body: eventBody } satisfies autocannon.Options,
        okClass: '2xx' as const,
        stored: () => count(databasePath, "select count(*) as n from events where session_id = 'bench-event'"),
      },
    ];

    for (const target of targets) {
      const before = target.stored();
      const { baseline, target: measured } = await compare(target.name, helloWorld, target.options, target.okClass, api);
      const stored = target.stored() - before;
      const ratio = measured.reqPerSec / baseline.reqPerSec;
      rows.push(
        { bench: 'api', metric: `${target.name} req/s`, value: `${Math.round(measured.reqPerSec)} (hello ${Math.round(baseline.reqPerSec)})` },
        { bench: 'api', metric: `${target.name} p99 latency`, value: `${measured.p99} ms (hello ${baseline.p99} ms)` },
        { bench: 'api', metric: `${target.name} server CPU per request`, value: `${cpuPerRequest(measured)} (hello ${cpuPerRequest(baseline)})` },
        { bench: 'api', metric: `${target.name} / hello-world req/s`, value: ratio.toFixed(2), target: `>= ${TARGET_RATIO}`, pass: ratio >= TARGET_RATIO },
        { bench: 'api', metric: `${target.name} answers not ${target.okClass}`, value: String(measured.bad), target: '0', pass: measured.bad === 0 },
        {
          // Calls still in flight when a run stops are stored without being counted, so stored may exceed acknowledged.
          bench: 'api',
          metric: `${target.name} acknowledged / stored`,
          value: `${measured.ok} / ${stored} (${stored - measured.ok} in flight at stops)`,
          target: 'every ack stored',
          pass: stored >= measured.ok,
        },
      );
    }

    // For reference: the API's plugin stack without any write (health check reads one row).
    const health = await compare('GET /api/health (no write)', helloWorld, { url: `${base}/api/health` }, '2xx', api, ROUNDS);
    rows.push({
      bench: 'api',
      metric: 'GET /api/health, no write (reference)',
      value: `${Math.round(health.target.reqPerSec)} req/s, p99 ${health.target.p99} ms, ratio ${(health.target.reqPerSec / health.baseline.reqPerSec).toFixed(2)}, CPU ${cpuPerRequest(health.target)}/request`,
    });

    // For reference: the same redirect with one transaction (one fsync) per request instead of group commit.
    const perRequest = await startApi(path.join(dir, 'bench-per-request.db'), false);
    const single = await compare('GET /api/redirect, fsync per request', helloWorld, { url: perRequest.base + redirectPath }, '3xx', perRequest.child, Math.max(ROUNDS, DURATION_S / 2));
    rows.push({
      bench: 'api',
      metric: 'GET /api/redirect, one fsync per request (reference)',
      value: `${Math.round(single.target.reqPerSec)} req/s, p99 ${single.target.p99} ms, ratio ${(single.target.reqPerSec / single.baseline.reqPerSec).toFixed(2)}`,
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  saveRows('api', rows);
  printTable(`API benchmark (${CONNECTIONS} connections, ${DURATION_S} s per target in ${ROUNDS} rounds alternating with the baseline, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)})`, rows);
  process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
