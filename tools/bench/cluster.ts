/**
 * `npm run bench:cluster`: one against two API instances behind nginx, on PostgreSQL, in the same run.
 *
 * A throwaway PostgreSQL cluster (durable: fsync on, as in production) gets a database seeded with the demo catalog
 * (BENCH_CLUSTER_OFFERS synthetic offers, 5,000 by default); two instances of the API's production bundle run on it,
 * and two nginx servers run the repository's configuration (deploy/nginx): one whose upstream lists the first
 * instance only, one that lists both. autocannon measures each target through each nginx in rounds that alternate
 * (so load drift hits both alike): req/s (mean of rounds) and p99 latency (median of rounds) of
 *   - GET /api/redirect (a click: a committed row in `clicks` before the 302), and
 *   - POST /api/search with the demo product link (a pasted link: identified, compared and stored).
 * Every acknowledged click must be a row in PostgreSQL. On this 2-core machine, the instances, nginx, PostgreSQL
 * and autocannon share the same two cores: the second instance can only win what one instance leaves idle.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_BUNDLE, freePort, seedDatabase, startFleet, startNginx, type Fleet, type RunningNginx } from '@pricehunt/e2e-harness';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { printTable, saveRows, type BenchRow } from './report';

const root = path.resolve(__dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OFFERS = Number(process.env.BENCH_CLUSTER_OFFERS ?? 5000);

interface Measured {
  reqPerSec: number;
  p99: number;
  ok: number;
  bad: number;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(options: autocannon.Options, okClass: '2xx' | '3xx', duration: number): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const ok = result[okClass];
  const bad = result['1xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts + (okClass === '2xx' ? result['3xx'] : result['2xx']);
  return { reqPerSec: result.requests.average, p99: result.latency.p99, ok, bad };
}

function buildApi(): void {
  const result = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0 || !fs.existsSync(API_BUNDLE)) throw new Error(`nx run api:build failed (exit ${result.status})`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-cluster-'));
  const rows: BenchRow[] = [];
  let pg: PostgresCluster | undefined;
  let fleet: Fleet | undefined;
  let oneInstance: RunningNginx | undefined;
  try {
    buildApi();
    pg = await startPostgresCluster({ durable: true });
    const database = await pg.createDatabase({ name: 'pricehunt' });
    console.log(`seeding ${OFFERS.toLocaleString('en-US')} demo offers into PostgreSQL…`);
    const seedOutput = await seedDatabase(database.url, OFFERS);
    const demoLink = /demo product link: (\S+)/.exec(seedOutput)?.[1];
    if (!demoLink) throw new Error(`the seed printed no demo product link:\n${seedOutput}`);

    fleet = await startFleet({ databaseUrl: database.url, instances: 2, dir: path.join(dir, 'nginx-two') });
    const onePort = await freePort();
    oneInstance = await startNginx({
      dir: path.join(dir, 'nginx-one'),
      sitePorts: { shopper: onePort, merchant: await freePort(), admin: await freePort() },
      apiPorts: [fleet.apiPorts[0] as number],
    });
    const through = { 'one instance': `http://127.0.0.1:${onePort}`, 'two instances': fleet.sites.shopper };

    const redirectPath = `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B0BENCH123?th=1')}&source=bench&pricehunt_session_id=bench-cluster-click`;
    const search = (base: string): autocannon.Options => ({
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/search',
          headers: { 'content-type': 'application/json' },
          // A fresh request id each time: every search is identified, compared and stored, as a shopper's is.
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ requestId: randomUUID(), url: demoLink }) }),
        },
      ],
    });
    const targets = [
      { name: 'GET /api/redirect', options: (base: string): autocannon.Options => ({ url: base + redirectPath }), okClass: '3xx' as const },
      { name: 'POST /api/search (pasted link)', options: search, okClass: '2xx' as const },
    ];
    const cluster = pg;
    const clicks = async () => Number((await cluster.query<{ n: string }>("SELECT count(*) AS n FROM clicks WHERE session_id = 'bench-cluster-click'", [], 'pricehunt'))[0]?.n);

    // Warm-up: JIT, PostgreSQL's caches, nginx's keepalive connections to both instances.
    for (const base of Object.values(through)) {
      for (const target of targets) await autocannon({ connections: 10, duration: 2, ...target.options(base) });
    }

    const perRound = Math.max(1, Math.round(DURATION_S / ROUNDS));
    for (const target of targets) {
      const clicksBefore = await clicks();
      const rounds: { one: Measured[]; two: Measured[] } = { one: [], two: [] };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.one.push(await measure(target.options(through['one instance']), target.okClass, perRound));
        rounds.two.push(await measure(target.options(through['two instances']), target.okClass, perRound));
      }
      const sum = (list: Measured[]): Measured => ({
        reqPerSec: mean(list.map((m) => m.reqPerSec)),
        p99: median(list.map((m) => m.p99)),
        ok: list.reduce((a, m) => a + m.ok, 0),
        bad: list.reduce((a, m) => a + m.bad, 0),
      });
      const one = sum(rounds.one);
      const two = sum(rounds.two);
      const summary = { 'one instance': one, 'two instances': two };
      console.log(`${target.name}: one instance ${Math.round(one.reqPerSec)} req/s p99 ${one.p99} ms; two instances ${Math.round(two.reqPerSec)} req/s p99 ${two.p99} ms`);
      for (const [shape, m] of Object.entries(summary)) {
        rows.push(
          { bench: 'cluster', metric: `${target.name}, ${shape}: req/s`, value: String(Math.round(m.reqPerSec)) },
          { bench: 'cluster', metric: `${target.name}, ${shape}: p99 latency`, value: `${m.p99} ms` },
          { bench: 'cluster', metric: `${target.name}, ${shape}: answers not ${target.okClass}`, value: String(m.bad), target: '0', pass: m.bad === 0 },
        );
      }
      rows.push({ bench: 'cluster', metric: `${target.name}: two / one instance req/s`, value: (two.reqPerSec / one.reqPerSec).toFixed(2) });
      if (target.okClass === '3xx') {
        const stored = (await clicks()) - clicksBefore;
        const acknowledged = one.ok + two.ok;
        rows.push({
          bench: 'cluster',
          metric: `${target.name}: acknowledged / stored in PostgreSQL`,
          value: `${acknowledged} / ${stored}`,
          target: 'every ack stored',
          pass: stored >= acknowledged,
        });
      }
    }
  } finally {
    await oneInstance?.stop();
    await fleet?.stop();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  saveRows('cluster', rows);
  printTable(
    `Fleet benchmark: nginx → 1 or 2 API instances → PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s per target and shape in ${ROUNDS} alternating rounds, ${OFFERS} offers, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)})`,
    rows,
  );
  process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
