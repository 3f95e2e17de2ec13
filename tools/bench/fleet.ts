/**
 * `npm run bench:fleet`: requests per second and p99 latency of GET /api/redirect and of a search (a pasted product
 * link) through nginx (the repository's configuration, deploy/nginx), in three set-ups measured in the same run:
 * - one API instance on SQLite (the embedded default);
 * - one API instance on PostgreSQL;
 * - two API instances on PostgreSQL (the same database, nginx's upstream lists both).
 * All of them run at once (the API's production bundle, in production mode, the seeded demo catalog of
 * BENCH_FLEET_OFFERS offers, 5,000 by default), and each target is measured in rounds that alternate between the
 * set-ups, so the load of a shared machine falls on all alike. Both engines commit durably, as in production: SQLite
 * with synchronous=FULL, PostgreSQL with fsync on. Every acknowledged click must be a row in its database.
 * On a 2-core machine the instances, nginx, PostgreSQL and autocannon share two cores: a second instance can only win
 * what one leaves idle.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { API_BUNDLE, freePort, seedDatabase, startFleet, startNginx, type Fleet, type RunningNginx } from '@pricehunt/e2e-harness';
import { startPostgresCluster, type PostgresCluster } from '@pricehunt/postgres-harness';
import { printTable, saveRows, type BenchRow } from './report';

const root = path.resolve(__dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OFFERS = Number(process.env.BENCH_FLEET_OFFERS ?? 5000);
const CLICK_SESSION = 'bench-fleet-click';

interface Measured {
  reqPerSec: number;
  p99: number;
  ok: number;
  bad: number;
  /** What the answers other than the expected class were, e.g. "4xx 3, errors 1". */
  badKinds: Record<string, number>;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(options: autocannon.Options, okClass: '2xx' | '3xx', duration: number): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const ok = result[okClass];
  const badKinds: Record<string, number> = {
    '1xx': result['1xx'],
    [okClass === '2xx' ? '3xx' : '2xx']: okClass === '2xx' ? result['3xx'] : result['2xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  };
  const bad = Object.values(badKinds).reduce((a, b) => a + b, 0);
  return { reqPerSec: result.requests.average, p99: result.latency.p99, ok, bad, badKinds };
}

function buildApi(): void {
  const result = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0 || !fs.existsSync(API_BUNDLE)) throw new Error(`nx run api:build failed (exit ${result.status})`);
}

interface Setup {
  name: string;
  /** The shopper site of its nginx. */
  site: string;
  /** Clicks of the benchmark stored in its database. */
  clicks(): Promise<number>;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-fleet-'));
  const rows: BenchRow[] = [];
  let pg: PostgresCluster | undefined;
  const fleets: Fleet[] = [];
  let onePg: RunningNginx | undefined;
  try {
    buildApi();
    pg = await startPostgresCluster({ durable: true });
    const cluster = pg;
    const database = await cluster.createDatabase({ name: 'pricehunt' });
    const sqliteFile = path.join(dir, 'bench.db');
    console.log(`seeding ${OFFERS.toLocaleString('en-US')} demo offers into SQLite and into PostgreSQL…`);
    const [sqliteSeed, pgSeed] = await Promise.all([seedDatabase(`file:${sqliteFile}`, OFFERS), seedDatabase(database.url, OFFERS)]);
    const links = [sqliteSeed, pgSeed].map((output) => /demo product link: (\S+)/.exec(output)?.[1]);
    if (!links[0] || links[0] !== links[1]) throw new Error(`the seeds printed different or no demo links:\n${sqliteSeed}\n${pgSeed}`);
    const demoLink = links[0];

    const sqliteFleet = await startFleet({ databaseUrl: `file:${sqliteFile}`, instances: 1, dir: path.join(dir, 'nginx-sqlite') });
    fleets.push(sqliteFleet);
    const pgFleet = await startFleet({ databaseUrl: database.url, instances: 2, dir: path.join(dir, 'nginx-pg-two') });
    fleets.push(pgFleet);
    const onePort = await freePort();
    onePg = await startNginx({
      dir: path.join(dir, 'nginx-pg-one'),
      sitePorts: { shopper: onePort, merchant: await freePort(), admin: await freePort() },
      apiPorts: [pgFleet.apiPorts[0] as number],
    });

    const sqliteClicks = async () => {
      const db = new Database(sqliteFile, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM clicks WHERE session_id = ?').get(CLICK_SESSION) as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const pgClicks = async () => Number((await cluster.query<{ n: string }>('SELECT count(*) AS n FROM clicks WHERE session_id = $1', [CLICK_SESSION], 'pricehunt'))[0]?.n);
    const setups: Setup[] = [
      { name: 'SQLite, 1 instance', site: sqliteFleet.sites.shopper, clicks: sqliteClicks },
      { name: 'PostgreSQL, 1 instance', site: `http://127.0.0.1:${onePort}`, clicks: pgClicks },
      { name: 'PostgreSQL, 2 instances', site: pgFleet.sites.shopper, clicks: pgClicks },
    ];

    const redirectPath = `/api/redirect?to=${encodeURIComponent(demoLink)}&source=bench&pricehunt_session_id=${CLICK_SESSION}`;
    const targets = [
      { name: 'GET /api/redirect', options: (site: string): autocannon.Options => ({ url: site + redirectPath }), okClass: '3xx' as const },
      {
        name: 'POST /api/search (pasted link)',
        options: (site: string): autocannon.Options => ({
          url: site,
          requests: [
            {
              method: 'POST',
              path: '/api/search',
              headers: { 'content-type': 'application/json' },
              // A fresh request id each time: every search is identified, compared and stored, as a shopper's is
              // (an id already answered would be read back).
              setupRequest: (request) => ({ ...request, body: JSON.stringify({ requestId: randomUUID(), url: demoLink }) }),
            },
          ],
        }),
        okClass: '2xx' as const,
      },
    ];

    // Warm-up: JIT, the databases' caches, nginx's keepalive connections to every instance.
    for (const setup of setups) for (const target of targets) await autocannon({ connections: 10, duration: 2, ...target.options(setup.site) });

    const perRound = Math.max(1, Math.round(DURATION_S / ROUNDS));
    for (const target of targets) {
      const clicksBefore = await Promise.all(setups.map((setup) => setup.clicks()));
      const rounds = setups.map((): Measured[] => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, setup] of setups.entries()) rounds[index]?.push(await measure(target.options(setup.site), target.okClass, perRound));
      }
      const results = rounds.map(
        (list): Measured => ({
          reqPerSec: mean(list.map((m) => m.reqPerSec)),
          p99: median(list.map((m) => m.p99)),
          ok: list.reduce((a, m) => a + m.ok, 0),
          bad: list.reduce((a, m) => a + m.bad, 0),
          badKinds: list.reduce<Record<string, number>>((sum, m) => {
            for (const [kind, n] of Object.entries(m.badKinds)) sum[kind] = (sum[kind] ?? 0) + n;
            return sum;
          }, {}),
        }),
      );
      const base = results[0] as Measured;
      for (const [index, setup] of setups.entries()) {
        const m = results[index] as Measured;
        console.log(`${target.name}, ${setup.name}: ${Math.round(m.reqPerSec)} req/s, p99 ${m.p99} ms`);
        rows.push(
          {
            bench: 'fleet',
            metric: `${target.name}, ${setup.name}`,
            value: `${Math.round(m.reqPerSec).toLocaleString('en-US')} req/s, p99 ${m.p99} ms, ×${(m.reqPerSec / base.reqPerSec).toFixed(2)} of SQLite`,
          },
          {
            bench: 'fleet',
            metric: `${target.name}, ${setup.name}: answers not ${target.okClass}`,
            // What they were, when there were any.
            value: m.bad === 0 ? '0' : `${m.bad} (${Object.entries(m.badKinds).filter(([, n]) => n > 0).map(([kind, n]) => `${kind} ${n}`).join(', ')})`,
            target: '0',
            pass: m.bad === 0,
          },
        );
      }
      if (target.okClass === '3xx') {
        const after = await Promise.all(setups.map((setup) => setup.clicks()));
        // The two PostgreSQL set-ups share one database.
        const stored = { sqlite: (after[0] ?? 0) - (clicksBefore[0] ?? 0), postgres: (after[1] ?? 0) - (clicksBefore[1] ?? 0) };
        const acknowledged = { sqlite: results[0]?.ok ?? 0, postgres: (results[1]?.ok ?? 0) + (results[2]?.ok ?? 0) };
        for (const engine of ['sqlite', 'postgres'] as const) {
          rows.push({
            bench: 'fleet',
            metric: `${target.name}: clicks acknowledged / stored, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
            value: `${acknowledged[engine]} / ${stored[engine]}`,
            target: 'every ack stored',
            pass: stored[engine] >= acknowledged[engine],
          });
        }
      }
    }
  } finally {
    await onePg?.stop();
    for (const fleet of fleets) await fleet.stop();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  saveRows('fleet', rows);
  printTable(
    `Fleet through nginx (${CONNECTIONS} connections, ${DURATION_S} s per target and set-up in ${ROUNDS} alternating rounds, ${OFFERS.toLocaleString('en-US')}-offer demo catalog, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)})`,
    rows,
  );
  process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
