/**
 * `npm run start:cluster`: PriceHunt as a fleet on this machine. PostgreSQL (a cluster kept in ./data/pg, or the one
 * DATABASE_URL names), the API built for production and run as two instances (3001, 3002), the feed worker, the shopper
 * site's server (4000, rendering its pages), and nginx in front with the three web apps' built files: shopper on 8080
 * (its pages from its server), merchant dashboard on 8081, admin on 8082, each proxying /api and /t.js to both instances
 * (deploy/nginx). Writes data/cluster/api-1.pid, api-2.pid, worker.pid, shopper.pid and database-url. Ctrl+C stops
 * everything it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_API_PORTS, DEFAULT_SHOPPER_SERVER_PORT, DEFAULT_SITE_PORTS, listening, startNginx, type RunningNginx } from '@pricehunt/e2e-harness';
import { startKeptPostgresCluster, type KeptPostgresCluster } from '@pricehunt/postgres-harness';
import { Client } from 'pg';

const root = path.resolve(__dirname, '../..');
const dataDir = path.join(root, 'data');
const clusterDir = path.join(dataDir, 'cluster');
const nx = path.join(root, 'node_modules/.bin/nx');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PG_PORT = Number(process.env.PGPORT ?? 5433);

const sites = [
  { title: 'Shopper site', port: DEFAULT_SITE_PORTS.shopper },
  { title: 'Merchant dashboard', port: DEFAULT_SITE_PORTS.merchant },
  { title: 'Admin console', port: DEFAULT_SITE_PORTS.admin },
];

function fail(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

/** A secret kept in data/cluster across runs (sessions survive a restart of the cluster). */
function keptSecret(name: string): string {
  const file = path.join(clusterDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's role and database in the kept cluster, made on first use; answers their connection string. */
async function applicationDatabase(cluster: KeptPostgresCluster): Promise<string> {
  const password = keptSecret('database-password');
  const admin = new Client(cluster.socketConfig('postgres'));
  await admin.connect();
  try {
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', ['pricehunt']);
    if (role.rowCount === 0) await admin.query(`CREATE ROLE pricehunt LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
    const database = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['pricehunt']);
    if (database.rowCount === 0) await admin.query(`CREATE DATABASE pricehunt OWNER ${quoteIdent('pricehunt')}`);
  } finally {
    await admin.end();
  }
  return `postgres://pricehunt:${encodeURIComponent(password)}@127.0.0.1:${cluster.port}/pricehunt`;
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) fail(`${title} failed (exit ${result.status ?? result.signal}); nothing was started.`);
  return result.stdout ?? '';
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process exited (${child.signalCode ?? child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function main() {
  // An instance or site port already taken (another cluster still running?) would answer for the one started here.
  const ports = [...DEFAULT_API_PORTS, ...sites.map((site) => site.port)];
  const taken = (await Promise.all(ports.map(async (port) => ((await listening(port)) ? port : null)))).filter((port) => port !== null);
  if (taken.length) fail(`Port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use (another start:cluster?); nothing was started.`);
  fs.mkdirSync(clusterDir, { recursive: true });
  fs.chmodSync(dataDir, 0o755);

  let cluster: KeptPostgresCluster | null = null;
  let databaseUrl = process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.log(`▸ PostgreSQL cluster in data/pg (port ${PG_PORT})`);
    cluster = await startKeptPostgresCluster({ dir: path.join(dataDir, 'pg'), port: PG_PORT });
    databaseUrl = await applicationDatabase(cluster);
  }
  fs.writeFileSync(path.join(clusterDir, 'database-url'), `${databaseUrl}\n`, { mode: 0o600 });

  const sessionSecret = keptSecret('session-secret');
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    REDIRECT_SIGNING_SECRET: keptSecret('redirect-signing-secret'),
    // nginx on this machine is the only proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    // The sites are plain HTTP on this machine alone; behind TLS (docs/deployment.md) the cookies stay Secure.
    COOKIE_SECURE: 'false',
    SHOPPER_APP_URL: origin(DEFAULT_SITE_PORTS.shopper),
    MERCHANT_APP_URL: origin(DEFAULT_SITE_PORTS.merchant),
    ADMIN_APP_URL: origin(DEFAULT_SITE_PORTS.admin),
    PUBLIC_URL: origin(DEFAULT_SITE_PORTS.shopper),
    APP_ORIGINS: sites.map((site) => origin(site.port)).join(','),
    // Requests are not logged one by one on this console; LOG_LEVEL=info shows them.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json',
  };

  // The demo logins of this machine's cluster are made as `npm start` makes them (a production deployment makes its
  // admin with admin:create: docs/deployment.md).
  const seedOutput = run('Migrations, the demo catalog and the demo logins (when the database is empty)', tsx, ['apps/api/src/cli/seed.ts', '--offers', env.DEMO_OFFERS ?? '0'], {
    ...env,
    NODE_ENV: 'development',
    NODE_OPTIONS: [env.NODE_OPTIONS, '--max-semi-space-size=128'].filter(Boolean).join(' '),
  });
  run('Production builds of the API, the feed worker and the three apps', nx, ['run-many', '-t', 'build', '-p', 'api,worker,shopper,merchant-dashboard,admin', '--outputStyle=static'], {
    ...process.env,
    NX_DAEMON: 'false',
  });

  const children: ChildProcess[] = [];
  let nginx: RunningNginx | null = null;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await nginx?.stop().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    // An instance killed by a signal has no exit code, only a signal code.
    await Promise.all(children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((resolve) => child.once('exit', resolve))));
    for (const name of ['api-1', 'api-2', 'worker', 'shopper']) fs.rmSync(path.join(clusterDir, `${name}.pid`), { force: true });
    if (cluster?.started) await cluster.stop().catch((error: unknown) => console.error(String(error)));
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    for (const [index, port] of DEFAULT_API_PORTS.entries()) {
      const name = `api-${index + 1}`;
      const child = spawn(process.execPath, ['dist/apps/api/main.js'], { cwd: root, env: { ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
        });
      }
      child.on('exit', (code, signal) => {
        if (!stopping) console.log(`[${name}] exited (${signal ?? code}); nginx sends its requests to the other instance`);
      });
      children.push(child);
      fs.writeFileSync(path.join(clusterDir, `${name}.pid`), `${child.pid}\n`);
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
    }
    // One feed worker beside the instances; more could run on other machines (the sources are leased one by one).
    const worker = spawn(process.execPath, ['dist/apps/worker/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [worker.stdout, worker.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[worker] ${line}\n`);
      });
    }
    children.push(worker);
    fs.writeFileSync(path.join(clusterDir, 'worker.pid'), `${worker.pid}\n`);
    // The shopper site's server renders its pages, asking the API through nginx (either instance answers).
    const shopper = spawn(tsx, ['--tsconfig', 'apps/shopper/tsconfig.json', 'apps/shopper/server/main.ts'], {
      cwd: root,
      env: { ...env, HOST: '127.0.0.1', PRICEHUNT_APP_PORT: String(DEFAULT_SHOPPER_SERVER_PORT), PRICEHUNT_API_URL: origin(DEFAULT_SITE_PORTS.shopper) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [shopper.stdout, shopper.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[shopper] ${line}\n`);
      });
    }
    shopper.on('exit', (code, signal) => {
      if (!stopping) console.log(`[shopper] exited (${signal ?? code}); nginx serves the app's shell, which renders in the browser`);
    });
    children.push(shopper);
    fs.writeFileSync(path.join(clusterDir, 'shopper.pid'), `${shopper.pid}\n`);
    await waitForHealth(`http://127.0.0.1:${DEFAULT_SHOPPER_SERVER_PORT}/robots.txt`, shopper);
    nginx = await startNginx({ dir: path.join(clusterDir, 'nginx'), prefix: root, listenHost: '127.0.0.1' });
  } catch (error) {
    console.error(`\nThe cluster did not start: ${(error as Error).message}`);
    await stopAll(1);
    return;
  }

  const line = '─'.repeat(64);
  console.log(`\n${line}\n PriceHunt is running as a cluster: nginx → shopper server + 2 API instances → PostgreSQL\n`);
  for (const site of sites) console.log(`  ${site.title.padEnd(19)} ${origin(site.port)}/`);
  console.log(`  API instances       ${DEFAULT_API_PORTS.map((port) => origin(port)).join(', ')}   (pids in data/cluster/api-*.pid)`);
  console.log(`  Feed worker         refreshes due feed sources   (pid in data/cluster/worker.pid)`);
  console.log(`  Shopper server      ${origin(DEFAULT_SHOPPER_SERVER_PORT)}, renders the shopper site's pages   (pid in data/cluster/shopper.pid)`);
  console.log(`  Database            data/cluster/database-url${cluster ? ` (cluster in data/pg, port ${cluster.port})` : ''}`);
  const demoLink = /demo product link: (\S+)/.exec(seedOutput)?.[1] ?? 'https://www.amazon.com/dp/B09XS7JWHH';
  console.log(`\n  Try: ${origin(DEFAULT_SITE_PORTS.shopper)}/${demoLink}`);
  const logins = seedOutput.split('\n').filter((l) => /login|password/i.test(l));
  if (logins.length) console.log(`\n  Demo logins:\n${logins.map((l) => `    ${l.trim()}`).join('\n')}`);
  console.log(`\n  Ctrl+C stops everything.\n${line}\n`);
}

void main().catch((error: unknown) => fail(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`));
