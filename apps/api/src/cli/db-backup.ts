/**
 * `npm run db:backup -- --to <file> [--force]`: a consistent copy of the database DATABASE_URL names, taken while
 * the API keeps running.
 * - SQLite (`file:…`): SQLite's online backup, page by page (writers are not stopped; the copy is the database as it
 *   was when the last pages were copied), then an integrity check of the copy. Restore: stop the API, put the file in
 *   place of the database and delete the old `-wal` and `-shm` files beside it.
 * - PostgreSQL (`postgres://…`): `pg_dump --format=custom` (one snapshot of the whole database). Restore into an
 *   empty database (`createdb`): `pg_restore --no-owner --dbname <url> <file>`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openSqlite } from '@pricehunt/storage';
import { CliError, runCli } from './shared';

export interface BackupIo {
  argv: string[];
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  /** Where the progress bar is drawn (standard error by default). */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

const USAGE = 'usage: npm run db:backup -- --to <file> [--force]';

function argValue(argv: string[], name: string): string | undefined {
  const inline = argv.find((arg) => arg.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Copies a SQLite database online; answers the copy's size in bytes. */
export async function backupSqlite(databasePath: string, target: string, progress?: BackupIo['progress']): Promise<number> {
  const source = openSqlite(databasePath);
  try {
    const pages = source.pragma('page_count', { simple: true }) as number;
    const bar = createProgressBar({ label: 'Backing up', unit: 'pages', total: pages, stream: progress });
    await source.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        bar.update(totalPages - remainingPages);
        // Pages per step: about 10 ms of copying between the writers' turns.
        return 2_000;
      },
    });
    // The last step is not reported: the copy is whole.
    bar.update(pages);
    bar.done();
  } finally {
    source.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new CliError(`The copy at ${target} failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return fs.statSync(target).size;
}

/** The pg_dump of Debian's PostgreSQL 15 client, else the one on PATH. */
function pgDumpProgram(): string {
  const debian = '/usr/lib/postgresql/15/bin/pg_dump';
  return fs.existsSync(debian) ? debian : 'pg_dump';
}

/** Dumps a PostgreSQL database in pg_dump's custom format; answers the dump's size in bytes. */
export async function backupPostgres(url: string, target: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(pgDumpProgram(), ['--format=custom', '--no-owner', '--file', target, '--dbname', url], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new CliError(`pg_dump could not be started (${error.message}): install Debian's postgresql-client`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new CliError(`pg_dump failed (exit ${code}): ${errors.trim()}`))));
  });
  return fs.statSync(target).size;
}

export async function runBackup(io: BackupIo): Promise<number> {
  const to = argValue(io.argv, '--to');
  if (!to) throw new CliError(`--to: name the file to write (${USAGE})`, 2);
  const target = path.resolve(to);
  if (!fs.existsSync(path.dirname(target))) throw new CliError(`--to: the folder ${path.dirname(target)} does not exist`, 2);
  let database: AppConfig['database'];
  try {
    database = loadConfig(io.env).database;
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, 2);
    throw error;
  }
  const databasePath = database.engine === 'sqlite' ? database.path : '';
  if (database.engine === 'sqlite') {
    if (databasePath === ':memory:' || !fs.existsSync(databasePath)) throw new CliError(`DATABASE_URL: there is no database file at ${databasePath}`, 2);
    if (path.resolve(databasePath) === target) throw new CliError('--to: that is the database itself', 2);
  }
  if (fs.existsSync(target) && !io.argv.includes('--force')) throw new CliError(`--to: ${target} exists; give --force to replace it`, 2);
  fs.rmSync(target, { force: true });

  if (database.engine === 'postgres') {
    const size = await backupPostgres(database.url, target);
    io.out(`PostgreSQL database dumped to ${target} (${megabytes(size)}). Restore into an empty database: pg_restore --no-owner --dbname <url> ${target}`);
    return 0;
  }
  const size = await backupSqlite(databasePath, target, io.progress);
  io.out(`SQLite database ${databasePath} copied to ${target} (${megabytes(size)}, integrity check ok).`);
  io.out(`Restore: stop the API, copy ${path.basename(target)} over ${path.basename(databasePath)} and delete ${path.basename(databasePath)}-wal and -shm beside it.`);
  return 0;
}

if (require.main === module) {
  runCli(async () => {
    process.exitCode = await runBackup({ argv: process.argv.slice(2), env: process.env, out: (line) => console.log(line) });
  });
}
