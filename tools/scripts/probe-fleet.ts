/**
 * `npm run probe:fleet`: the fleet as `npm run start:cluster` runs it, tried by an abusive client, three times in a row.
 * Each run starts the cluster, then:
 *
 * 1. abuse: a client on 127.0.0.2 posts 2 MB JSON bodies to /api/track-event four times a second for 12 s, while eight
 *    shoppers (127.0.0.10-17) follow redirects and read /api/health;
 * 2. abuse and a dead instance: the same for 12 s, with instance 1 killed (SIGKILL) 6 s in;
 *
 * and stops the cluster. It prints, per run and scenario, what the shoppers lost (a 5xx or no answer; a 429 is an
 * answer), what the client's oversized requests were answered, and whether every click answered 302 is stored.
 *
 * `--checkout <dir>` runs the cluster of another checkout (built; its ports must be free), `--runs <n>` another count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { closeTrafficAgents, listening, startOversizedPoster, startShoppers, type AttackerTally, type ShopperTally } from '@pricehunt/e2e-harness';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const checkout = path.resolve(option('checkout') ?? path.join(__dirname, '../..'));
const runs = Number(option('runs') ?? 3);
const SECONDS = 12;
const site = 'http://127.0.0.1:8080';
/** The sites, the instances, the shopper site's server and the kept PostgreSQL cluster of start:cluster. */
const CLUSTER_PORTS = [8080, 8081, 8082, 3001, 3002, 4000, Number(process.env.PGPORT ?? 5433)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  run: number;
  scenario: string;
  shoppers: ShopperTally;
  attacker: AttackerTally;
  stored?: number;
}

/** Starts `npm run start:cluster` in the checkout and waits until it says it runs. */
async function startCluster(log: fs.WriteStream): Promise<ChildProcess> {
  // A process group of its own, as in a terminal: Ctrl+C (SIGINT to the group) stops it.
  const child = spawn('npm', ['run', 'start:cluster'], { cwd: checkout, env: { ...process.env, NX_DAEMON: 'false' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const deadline = Date.now() + 300_000;
  while (!output.includes('PriceHunt is running as a cluster')) {
    if (child.exitCode !== null) throw new Error(`start:cluster exited (${child.exitCode}):\n${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`start:cluster did not start within 300 s:\n${output.slice(-2000)}`);
    await sleep(200);
  }
  return child;
}

/** Ctrl+C to the cluster (SIGINT to its process group): it stops what it started; waits until its ports are free. */
async function stopCluster(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.pid) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGINT');
    await Promise.race([exited, sleep(60_000)]);
  }
  for (let i = 0; i < 300; i++) {
    const busy = await Promise.all(CLUSTER_PORTS.map(listening));
    if (!busy.some(Boolean)) return;
    await sleep(200);
  }
  throw new Error(`the cluster's ports (${CLUSTER_PORTS.join(', ')}) are still in use 60 s after Ctrl+C`);
}

async function storedClicks(ids: string[]): Promise<number> {
  const client = new Client({ connectionString: fs.readFileSync(path.join(checkout, 'data/cluster/database-url'), 'utf8').trim() });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('SELECT count(DISTINCT session_id) AS n FROM clicks WHERE session_id = ANY($1::text[])', [ids]);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function scenario(run: number, name: string, killAfterMs?: number): Promise<Row> {
  const attacker = startOversizedPoster(site);
  const shoppers = startShoppers(site, { sessionPrefix: `probe-${Date.now()}-${run}-${killAfterMs ? 'kill' : 'abuse'}` });
  if (killAfterMs !== undefined) {
    await sleep(killAfterMs);
    process.kill(Number(fs.readFileSync(path.join(checkout, 'data/cluster/api-1.pid'), 'utf8').trim()), 'SIGKILL');
    await sleep(SECONDS * 1000 - killAfterMs);
  } else await sleep(SECONDS * 1000);
  const [shopperTally, attackerTally] = await Promise.all([shoppers.stop(), attacker.stop()]);
  closeTrafficAgents();
  return { run, scenario: name, shoppers: shopperTally, attacker: attackerTally, stored: await storedClicks(shopperTally.clicks) };
}

const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(2) : '0.00'}%`;
const statuses = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, n]) => `${status === '0' ? 'none' : status}×${n}`)
    .join(' ');

async function main() {
  const logFile = path.join(checkout, 'data/probe-fleet.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  console.log(`Probing the cluster of ${checkout}, ${runs} runs (its output in ${path.relative(process.cwd(), logFile) || logFile})`);
  const rows: Row[] = [];
  for (let run = 1; run <= runs; run++) {
    const cluster = await startCluster(log);
    try {
      rows.push(await scenario(run, 'abuse'));
      // The first scenario's effects on nginx's view of the instances (a failed instance is out for fail_timeout) end.
      await sleep(11_000);
      rows.push(await scenario(run, 'abuse + kill -9 api-1', (SECONDS * 1000) / 2));
    } finally {
      await stopCluster(cluster);
    }
    const [abuse, kill] = rows.slice(-2);
    console.log(`run ${run}: shoppers lost ${percent(abuse?.shoppers.lost ?? 0, abuse?.shoppers.requests ?? 0)} (abuse), ${percent(kill?.shoppers.lost ?? 0, kill?.shoppers.requests ?? 0)} (abuse + kill)`);
  }
  log.end();
  const header = ['run', 'scenario', 'shopper requests', 'shoppers lost', 'loss', 'what was lost', "oversized requests' answers", 'clicks 302 / stored'];
  const table = rows.map((row) => [
    String(row.run),
    row.scenario,
    String(row.shoppers.requests),
    String(row.shoppers.lost),
    percent(row.shoppers.lost, row.shoppers.requests),
    Object.entries(row.shoppers.losses)
      .map(([what, n]) => `${what}×${n}`)
      .join(', ') || '-',
    statuses(row.attacker.statuses),
    `${row.shoppers.clicks.length} / ${row.stored}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table.map(line).join('\n')}`);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
