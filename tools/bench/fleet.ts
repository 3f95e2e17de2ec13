/**
 * `npm run bench:fleet`: requests per second and p99 latency of a search (a known product link) and of GET /api/redirect
 * through nginx, in four set-ups measured in the same run on this machine:
 * - one API instance on SQLite (the embedded default), through nginx;
 * - one API instance on PostgreSQL, through nginx;
 * - two API instances on PostgreSQL, through nginx;
 * each ratio against the first. The API is its production bundle (`nx build api` when stale), PostgreSQL a
 * throwaway cluster of Debian's server, nginx the repository's configuration (`deploy/nginx`), and the catalog the
 * seeded demo catalog. Rate limits are off: the load comes from one address.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startNginx, startPostgresCluster, startProcess, tempDir, waitForHttp, workspaceRoot, type ManagedProcess } from '@pricehunt/e2e-harness';
import { printTable, saveRows, type BenchRow } from './report';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const OFFERS = 5000;
const tsx = path.join(workspaceRoot, 'node_modules/.bin/tsx');
const main = path.join(workspaceRoot, 'dist/apps/api/main.js');

interface Result {
  setup: string;
  kind: string;
  requests: number;
  p99: number;
  /** 4xx and 5xx answers, connection errors and timeouts. */
  failed: number;
}

function ensureBuilt() {
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const file = path.join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs);
    }, 0);
  if (built > newest(path.join(workspaceRoot, 'apps/api/src'))) return;
  console.log('Building the API bundle…');
  const run = spawnSync(path.join(workspaceRoot, 'node_modules/.bin/nx'), ['build', 'api', '--outputStyle=static'], { cwd: workspaceRoot, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (run.status !== 0) throw new Error('building the API failed');
}

async function measure(setup: string, databaseUrl: string, instances: number): Promise<Result[]> {
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    TSX_TSCONFIG_PATH: path.join(workspaceRoot, 'tsconfig.base.json'),
  };
  const seed = startProcess('seed', tsx, ['apps/api/src/cli/seed.ts', '--offers', String(OFFERS)], env);
  if ((await new Promise<number | null>((resolve) => seed.child.once('exit', resolve))) !== 0) throw new Error(`seeding failed:\n${seed.output()}`);
  const link = /demo product link: (\S+)/.exec(seed.output())![1]!;
  const apis: ManagedProcess[] = [];
  const apiPorts: number[] = [];
  for (let i = 0; i < instances; i++) apiPorts.push(await freePort());
  // nginx's upstream lists two servers: one instance is named twice.
  const upstream = instances === 1 ? [apiPorts[0]!, apiPorts[0]!] : apiPorts;
  for (const port of apiPorts) {
    const api = startProcess(`api ${port}`, process.execPath, [main], { ...env, PORT: String(port) });
    apis.push(api);
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, api);
  }
  const sitePorts = { shopper: await freePort(), merchant: await freePort(), admin: await freePort() };
  const nginx = await startNginx({ dir: tempDir('pricehunt-bench-nginx-'), sitePorts, apiPorts: upstream });
  const site = `http://127.0.0.1:${sitePorts.shopper}`;
  const kinds = [
    {
      kind: 'search (a known product link)',
      options: {
        url: `${site}/api/search`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', origin: site },
        // Each search a request of its own (an id already answered would be read back, not searched).
        requests: [{ setupRequest: (request: object) => ({ ...request, body: JSON.stringify({ requestId: randomUUID(), url: link }) }) }],
      },
    },
    { kind: 'GET /api/redirect', options: { url: `${site}/api/redirect?to=${encodeURIComponent(link)}&source=product_suggestion` } },
  ];
  const results: Result[] = [];
  try {
    for (const { kind, options } of kinds) {
      // A short warm-up, then the measured run.
      await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
      const run = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
      results.push({ setup, kind, requests: run.requests.average, p99: run.latency.p99, failed: run['4xx'] + run['5xx'] + run.errors + run.timeouts });
      if (run['4xx'] + run['5xx'] + run.errors + run.timeouts > 0) console.log(`  4xx ${run['4xx']}, 5xx ${run['5xx']}, errors ${run.errors}, timeouts ${run.timeouts}`);
      console.log(`${setup}, ${kind}: ${Math.round(run.requests.average).toLocaleString('en-US')} req/s, p99 ${run.latency.p99} ms`);
    }
  } finally {
    await nginx.stop();
    await Promise.all(apis.map((api) => api.stop()));
  }
  return results;
}

async function mainBench() {
  ensureBuilt();
  const dir = tempDir('pricehunt-bench-fleet-');
  const pg = await startPostgresCluster();
  const results: Result[] = [];
  try {
    results.push(...(await measure('SQLite, 1 instance', `file:${path.join(dir, 'bench.db')}`, 1)));
    results.push(...(await measure('PostgreSQL, 1 instance', (await pg.createDatabase()).url, 1)));
    results.push(...(await measure('PostgreSQL, 2 instances', (await pg.createDatabase()).url, 2)));
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const rows: BenchRow[] = [];
  for (const result of results) {
    const base = results.find((other) => other.kind === result.kind)!;
    rows.push({
      bench: 'fleet',
      metric: `${result.setup}: ${result.kind}`,
      value: `${Math.round(result.requests).toLocaleString('en-US')} req/s, p99 ${result.p99} ms, ×${(result.requests / base.requests).toFixed(2)} of SQLite${result.failed ? `, ${result.failed.toLocaleString('en-US')} failed` : ''}`,
      target: 'no error answer',
      pass: result.failed === 0,
    });
  }
  printTable(`Fleet through nginx (${CONNECTIONS} connections, ${DURATION_S} s per measure, ${OFFERS.toLocaleString('en-US')}-offer demo catalog)`, rows);
  saveRows('fleet', rows);
}

mainBench().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
