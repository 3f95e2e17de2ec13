import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, type ClientConfig } from 'pg';

const run = promisify(execFile);

/** Where Debian's PostgreSQL 15 (`postgresql` package) puts its programs. */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** What another process needs to use (and stop) a running cluster: plain data, written to a file as JSON. */
export interface PostgresClusterInfo {
  /** The temporary folder: the data directory (`data/`), the server's log and its Unix socket. */
  dir: string;
  dataDir: string;
  binDir: string;
  host: '127.0.0.1';
  port: number;
  /** The superuser, `postgres`; over TCP it signs in with `password` (SCRAM), over the socket it is trusted. */
  user: string;
  password: string;
  /** The operating-system user the server runs as (`postgres` when started by root), or null for the current user. */
  runAs: string | null;
}

export interface PostgresCluster extends PostgresClusterInfo {
  /** A connection URL for a database of the cluster (TCP to 127.0.0.1, superuser with password). */
  url(database?: string): string;
  /** Connection settings over the Unix socket (no password; for the harness's own administration). */
  socketConfig(database?: string): ClientConfig;
  /**
   * Creates a database (named at random unless `name` is given), a copy of `template` when given (a copy of a
   * small migrated database takes a few tens of milliseconds; see `ensureTemplate`), and returns its URL.
   */
  createDatabase(options?: { name?: string; template?: string }): Promise<{ name: string; url: string }>;
  /** Drops a database, ending the sessions still connected to it. */
  dropDatabase(name: string): Promise<void>;
  /** Runs one statement on a short-lived connection over the socket (`postgres` database unless told). */
  query<Row extends Record<string, unknown> = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<Row[]>;
  /** Stops the server at once and removes the folder. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Folder holding initdb, pg_ctl and postgres: `PG_BIN_DIR`, else Debian's PostgreSQL 15. */
  binDir?: string;
  /** Where the cluster's temporary folder is made (the system's temporary folder by default). */
  parentDir?: string;
  /**
   * Keeps PostgreSQL's durability settings (fsync, full-page writes). Off by default: a throwaway cluster loses
   * nothing worth keeping in a crash, and fsyncs on a shared test machine cost seconds. `synchronous_commit` stays on
   * either way, so commits behave as in production (a commit returns once its WAL is written).
   */
  durable?: boolean;
  /** More `postgresql.conf` settings. */
  settings?: Record<string, string | number>;
}

/** The PostgreSQL programs to run: `binDir`, `PG_BIN_DIR`, Debian's PostgreSQL 15, or the newest one installed. */
export function postgresBinDir(binDir?: string): string {
  const candidates = [binDir, process.env.PG_BIN_DIR, DEBIAN_POSTGRES_BIN].filter((dir): dir is string => Boolean(dir));
  for (const dir of candidates) if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  const installed = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .filter((version) => fs.existsSync(path.join('/usr/lib/postgresql', version, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (installed[0]) return path.join('/usr/lib/postgresql', installed[0], 'bin');
  throw new Error(
    `PostgreSQL's programs were not found (looked in ${candidates.join(', ')}). Install Debian's PostgreSQL: ` +
      'sudo apt-get install -y postgresql postgresql-contrib (npm test does so), or set PG_BIN_DIR.',
  );
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** A port on 127.0.0.1 free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a PostgreSQL program as the cluster's user: through `runuser -u postgres --` when `runAs` is set (PostgreSQL
 * refuses to run as root), directly otherwise. Its working folder is the cluster's (the caller's may be closed to it).
 */
async function runProgram(info: Pick<PostgresClusterInfo, 'binDir' | 'dir' | 'runAs'>, program: string, args: string[]): Promise<string> {
  const file = path.join(info.binDir, program);
  const [command, commandArgs] = info.runAs ? ['runuser', ['-u', info.runAs, '--', file, ...args]] : [file, args];
  try {
    const { stdout } = await run(command, commandArgs, { cwd: info.dir, env: { ...process.env, LC_ALL: 'C.UTF-8' }, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${(stderr || stdout || String(error)).trim()}`);
  }
}

/** The plain data of a cluster, for another process to attach to it. */
export function clusterInfo(cluster: PostgresClusterInfo): PostgresClusterInfo {
  const { dir, dataDir, binDir, host, port, user, password, runAs } = cluster;
  return { dir, dataDir, binDir, host, port, user, password, runAs };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Gives a cluster started elsewhere (its `PostgresClusterInfo`) the methods to use and stop it. */
export function attachPostgresCluster(info: PostgresClusterInfo): PostgresCluster {
  const socketConfig = (database = 'postgres'): ClientConfig => ({ host: info.dir, port: info.port, user: info.user, database });
  const query = async <Row extends Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<Row[]> => {
    const client = new Client(socketConfig(database));
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const url = (database = 'postgres') =>
    `postgresql://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@${info.host}:${info.port}/${encodeURIComponent(database)}`;
  return {
    ...info,
    url,
    socketConfig,
    query,
    async createDatabase(options = {}) {
      const name = options.name ?? `test_${crypto.randomBytes(6).toString('hex')}`;
      await query(`CREATE DATABASE ${quoteIdent(name)}${options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : ''}`);
      return { name, url: url(name) };
    },
    async dropDatabase(name) {
      await query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
    async stop() {
      if (fs.existsSync(path.join(info.dataDir, 'postmaster.pid'))) {
        await runProgram(info, 'pg_ctl', ['stop', '--pgdata', info.dataDir, '--mode', 'immediate', '--wait', '--silent']);
      }
      fs.rmSync(info.dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a throwaway PostgreSQL cluster: initdb in a fresh temporary folder, the server listening on 127.0.0.1 on a
 * free port and on a Unix socket in that folder. When this process is root, the folder is handed to the `postgres`
 * user and the programs run as that user (PostgreSQL refuses to run as root). The server is a daemon (pg_ctl): it
 * outlives the process that started it until `stop()`, which another process may call through
 * `attachPostgresCluster`.
 *
 * Collation is "C" (byte order, as SQLite compares text, and prefix look-ups can use plain b-tree indexes) and
 * character classes are Unicode's (C.UTF-8), so the full-text parser and lower() know accented letters.
 */
export async function startPostgresCluster(options: StartPostgresOptions = {}): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(options.parentDir ?? os.tmpdir(), 'pricehunt-pg-'));
  const info = newClusterInfo(dir, options.binDir);
  // For clean-up on failure (its methods read `info` as it is then).
  const cluster = attachPostgresCluster(info);
  try {
    await initCluster(info, { durable: options.durable ?? false, settings: options.settings, label: 'Throwaway test cluster (postgres-harness)' });
    await startServer(info);
    return attachPostgresCluster(info);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
}

function newClusterInfo(dir: string, binDir?: string): PostgresClusterInfo {
  return {
    dir,
    dataDir: path.join(dir, 'data'),
    binDir: postgresBinDir(binDir),
    host: '127.0.0.1',
    port: 0,
    user: 'postgres',
    password: crypto.randomBytes(18).toString('base64url'),
    runAs: isRoot() ? 'postgres' : null,
  };
}

/**
 * initdb in `info.dir` (handed to the cluster's user first), then the settings every cluster of ours has: 127.0.0.1
 * and a socket in its folder, UTC, "C" collation with Unicode character classes (see `startPostgresCluster`).
 */
async function initCluster(info: PostgresClusterInfo, options: { durable: boolean; settings?: Record<string, string | number>; label: string }): Promise<void> {
  const { dir, runAs } = info;
  const passwordFile = path.join(dir, 'password');
  fs.writeFileSync(passwordFile, `${info.password}\n`, { mode: 0o600 });
  if (runAs) {
    const uid = Number(execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', runAs], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
    fs.chownSync(passwordFile, uid, gid);
    // The folders above it must let that user through (a TMPDIR under /root would not).
    try {
      execFileSync('runuser', ['-u', runAs, '--', 'test', '-w', dir]);
    } catch {
      throw new Error(`The ${runAs} user cannot write to ${dir}: give StartPostgresOptions.parentDir (or TMPDIR) a folder it can reach, such as /tmp.`);
    }
  }
  await runProgram(info, 'initdb', [
    '--pgdata', info.dataDir,
    '--username', info.user,
    '--pwfile', passwordFile,
    '--auth-host', 'scram-sha-256',
    // The socket's folder is open to the cluster's user alone (and root).
    '--auth-local', 'trust',
    '--encoding', 'UTF8',
    '--lc-collate', 'C',
    '--lc-ctype', 'C.UTF-8',
    ...(options.durable ? [] : ['--no-sync']),
  ]);
  fs.rmSync(passwordFile);
  const settings: Record<string, string | number> = {
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${dir}'`,
    timezone: "'UTC'",
    max_connections: 200,
    ...(options.durable ? {} : { fsync: 'off', full_page_writes: 'off' }),
    ...options.settings,
  };
  fs.appendFileSync(
    path.join(info.dataDir, 'postgresql.conf'),
    `\n# ${options.label}\n${Object.entries(settings).map(([key, value]) => `${key} = ${value}`).join('\n')}\n`,
  );
}

/** Starts the server on `port`, or on a free port (another if a process takes it between asking and binding). */
async function startServer(info: PostgresClusterInfo, port?: number): Promise<void> {
  const logFile = path.join(info.dir, 'postgres.log');
  for (let attempt = 1; ; attempt++) {
    info.port = port ?? (await freePort());
    try {
      await runProgram(info, 'pg_ctl', ['start', '--pgdata', info.dataDir, '--log', logFile, '--options', `-p ${info.port}`, '--wait', '--silent']);
      return;
    } catch (error) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      if (port !== undefined || attempt >= 3 || !/could not (bind|create listen socket)/i.test(log)) throw new Error(`${(error as Error).message}\n${log.trim()}`);
    }
  }
}

/** A cluster that is kept: started (and made, the first time) in a folder of its own choosing. */
export interface KeptPostgresCluster extends Omit<PostgresCluster, 'stop'> {
  /** Whether this call started the server (false: it was running already). */
  started: boolean;
  /** Stops the server (fast shutdown: sessions end, committed work is kept); the folder stays. */
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL cluster kept in `dir` on `port`, making it first when `dir` holds none: a durable cluster
 * (fsync on) with a random superuser password kept in `dir/cluster.json` (readable by its owner only). A server
 * already running there is used as it is.
 */
export async function startKeptPostgresCluster(options: { dir: string; port: number; binDir?: string }): Promise<KeptPostgresCluster> {
  const dir = path.resolve(options.dir);
  const infoFile = path.join(dir, 'cluster.json');
  let info: PostgresClusterInfo;
  if (fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))) {
    if (!fs.existsSync(infoFile)) throw new Error(`${dir} holds a PostgreSQL cluster without its cluster.json: remove the folder to make a new one`);
    info = { ...(JSON.parse(fs.readFileSync(infoFile, 'utf8')) as PostgresClusterInfo), dir, dataDir: path.join(dir, 'data'), binDir: postgresBinDir(options.binDir) };
  } else {
    fs.mkdirSync(dir, { recursive: true });
    info = newClusterInfo(dir, options.binDir);
    await initCluster(info, { durable: true, label: 'PriceHunt local cluster' });
    fs.writeFileSync(infoFile, JSON.stringify(clusterInfo(info), null, 2), { mode: 0o600 });
  }
  let started = false;
  const running = await runProgram(info, 'pg_ctl', ['status', '--pgdata', info.dataDir]).then(
    (out) => /server is running/.test(out),
    () => false,
  );
  if (running) {
    const pid = fs.readFileSync(path.join(info.dataDir, 'postmaster.pid'), 'utf8').split('\n');
    info.port = Number(pid[3]);
  } else {
    await startServer(info, options.port);
    started = true;
  }
  const cluster = attachPostgresCluster(info);
  return {
    ...cluster,
    started,
    stop: async () => {
      await runProgram(info, 'pg_ctl', ['stop', '--pgdata', info.dataDir, '--mode', 'fast', '--wait', '--silent']);
    },
  };
}
