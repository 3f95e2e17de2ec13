import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { attachPostgresCluster, clusterInfo, startPostgresCluster, type PostgresCluster, type PostgresClusterInfo, type StartPostgresOptions } from './cluster';

/**
 * The folder through which the processes of one test run share a cluster: set by `setUpSharedPostgres` (Jest's
 * globalSetup) and inherited by the workers. It holds `cluster.json` once a test has asked for the cluster.
 */
export const SHARED_STATE_ENV = 'PRICEHUNT_PG_STATE';
const STATE_PREFIX = 'pricehunt-pg-state-';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The number a file holds (a process id), or 0 when there is none (yet). */
function readPid(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** Runs `fn` while holding a lock shared by the processes of this machine: a folder only one can create. */
async function withFolderLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock whose holder died is taken over.
      const holder = readPid(path.join(lock, 'pid'));
      if (holder > 0 && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(50);
    }
  }
  fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const clusterFile = (state: string) => path.join(state, 'cluster.json');

async function stopRecorded(state: string): Promise<void> {
  if (fs.existsSync(clusterFile(state))) {
    const info = JSON.parse(fs.readFileSync(clusterFile(state), 'utf8')) as PostgresClusterInfo;
    await attachPostgresCluster(info).stop();
  }
  fs.rmSync(state, { recursive: true, force: true });
}

/**
 * For Jest's globalSetup: makes the folder through which the run's processes share one cluster (started by the
 * first test that asks for it, so a run without such a test starts none) and publishes it in `PRICEHUNT_PG_STATE`.
 * Clusters left by runs whose process is gone (killed before their teardown) are stopped first.
 */
export async function setUpSharedPostgres(): Promise<void> {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(STATE_PREFIX)) continue;
    const state = path.join(os.tmpdir(), entry);
    const owner = readPid(path.join(state, 'owner'));
    if (owner > 0 && !alive(owner)) await stopRecorded(state).catch(() => undefined);
  }
  const state = fs.mkdtempSync(path.join(os.tmpdir(), STATE_PREFIX));
  fs.writeFileSync(path.join(state, 'owner'), String(process.pid));
  process.env[SHARED_STATE_ENV] = state;
}

/** For Jest's globalTeardown: stops the run's cluster, when a test started one, and removes its folder. */
export async function tearDownSharedPostgres(): Promise<void> {
  const state = process.env[SHARED_STATE_ENV];
  if (!state) return;
  delete process.env[SHARED_STATE_ENV];
  await stopRecorded(state);
}

let shared: Promise<PostgresCluster> | null = null;

/**
 * The test run's one cluster: the first process to ask starts it (the others wait for it), later ones attach to it.
 * It outlives every test file and worker; `tearDownSharedPostgres` stops it at the end of the run.
 */
export function sharedPostgresCluster(options: StartPostgresOptions = {}): Promise<PostgresCluster> {
  shared ??= (async () => {
    const state = process.env[SHARED_STATE_ENV];
    if (!state || !fs.existsSync(state)) {
      throw new Error(
        `No shared PostgreSQL cluster: ${SHARED_STATE_ENV} is not set. Run the tests with a Jest config whose globalSetup and ` +
          'globalTeardown are the postgres-harness ones (apps/api/jest.config.cjs), or start a cluster of your own with startPostgresCluster().',
      );
    }
    return withFolderLock(path.join(state, 'lock'), async () => {
      if (fs.existsSync(clusterFile(state))) return attachPostgresCluster(JSON.parse(fs.readFileSync(clusterFile(state), 'utf8')) as PostgresClusterInfo);
      const cluster = await startPostgresCluster(options);
      fs.writeFileSync(`${clusterFile(state)}.tmp`, JSON.stringify(clusterInfo(cluster)));
      fs.renameSync(`${clusterFile(state)}.tmp`, clusterFile(state));
      return cluster;
    });
  })();
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

const templates = new Map<string, Promise<void>>();

/**
 * Makes the database `name` once per cluster, by `build` (given its URL; it must close its connections before it
 * returns), and marks it a template, so `createDatabase({ template: name })` copies it. Processes building the same
 * template at once take turns (an advisory lock): the first builds it, the others find it built.
 */
export function ensureTemplate(cluster: PostgresCluster, name: string, build: (url: string) => Promise<void>): Promise<void> {
  const key = `${cluster.dir}\0${name}`;
  let done = templates.get(key);
  if (!done) {
    done = (async () => {
      const client = new Client(cluster.socketConfig());
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [`template:${name}`]);
        const existing = await client.query<{ datistemplate: boolean }>('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
        if (existing.rows[0]?.datistemplate) return;
        const ident = `"${name.replace(/"/g, '""')}"`;
        // A database left half-built by a process that failed is built again.
        await client.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${ident}`);
        await build(cluster.url(name));
        // No session may stay connected to a template that is copied.
        await client.query(`ALTER DATABASE ${ident} WITH ALLOW_CONNECTIONS false`);
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        await client.query(`ALTER DATABASE ${ident} WITH IS_TEMPLATE true`);
      } finally {
        // Ending the session releases the advisory lock.
        await client.end();
      }
    })();
    templates.set(key, done);
    done.catch(() => templates.delete(key));
  }
  return done;
}
