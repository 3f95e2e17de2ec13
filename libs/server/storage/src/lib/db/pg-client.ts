import fs from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './pg-schema';

export type PgDb = NodePgDatabase<typeof schema>;
export interface PostgresHandle {
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Where the PostgreSQL migrations live (next to the sources, or copied beside the built bundle), as MIGRATIONS_DIR. */
export const PG_MIGRATIONS_DIR = [path.resolve(__dirname, '../../../drizzle-pg'), path.resolve(__dirname, 'drizzle-pg')].find((dir) =>
  fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.resolve(__dirname, '../../../drizzle-pg');

/**
 * The advisory lock (one bigint key for the whole cluster) held while migrations are applied: drizzle's migrator
 * takes none, and two processes starting at once would both apply the pending migrations.
 */
export const MIGRATION_LOCK_KEY = 0x7072_6963_6568_6e74n; // "pricehnt"

/** Applies every pending PostgreSQL migration, one process at a time. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      // On the locked connection itself: the migrator's transaction runs on it.
      await migrate(drizzle(client, { schema }), { migrationsFolder: PG_MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection whose state is unknown (a failed unlock, a broken socket) is not given back to the pool.
    client.release(error as Error);
    throw error;
  }
  client.release();
}

/** Runs `work` in one transaction on a client of the pool (READ COMMITTED); its answer decides COMMIT or ROLLBACK. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<{ commit: boolean; result: T }>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { commit, result } = await work(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs `work` in one transaction on a client of the pool: COMMIT when it returns, ROLLBACK when it throws (the error
 * is thrown on). A client whose ROLLBACK failed is not given back to the pool.
 */
export const inPgTransaction = <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> =>
  inTransaction(pool, async (client) => ({ commit: true, result: await work(client) }));

/**
 * Whole numbers as numbers, as SQLite's integers are read: int8 (bigint: cents, epoch milliseconds, count(*)) and
 * numeric (what sum() of bigints gives) are exact below 2^53, far above any cent amount or count the API keeps.
 * node-postgres's default reads both as strings.
 */
const typeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

/**
 * How long opening the database waits for the server to answer a first query. The migrations that follow have no
 * deadline: they may wait for another instance's, under the migration lock.
 */
export const PG_ANSWER_TIMEOUT_MS = 15_000;

/** Why a start gave up on a server that took a connection (or none) and never answered. */
export class PostgresSilentError extends Error {
  constructor(url: string, timeoutMs: number, cause: unknown) {
    const where = new URL(url);
    super(`PostgreSQL at ${where.hostname}${where.port ? `:${where.port}` : ''} did not answer within ${timeoutMs / 1000} s`, { cause });
    this.name = 'PostgresSilentError';
  }
}

/**
 * Connects once and asks `SELECT 1` within `timeoutMs`: a server that accepts connections and never answers (a hung
 * host, a proxy whose backend is gone) fails the start with a PostgresSilentError instead of holding it. A refusal, a
 * wrong password or a missing database fails with the driver's own error, as at once as before.
 */
async function checkAnswers(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'pricehunt-api' });
  client.on('error', () => undefined);
  const deadline = Date.now() + timeoutMs;
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    // The driver's words for its own deadlines vary ("timeout expired", "Connection terminated due to connection
    // timeout", "Query read timeout"): the clock says whether the deadline is what ended it.
    throw Date.now() >= deadline ? new PostgresSilentError(url, timeoutMs, error) : error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens a pool on the PostgreSQL database of `url` and applies every pending migration. Sessions keep the server's
 * durability settings (synchronous_commit on: a commit is acknowledged once its WAL is flushed) and work in UTC.
 */
export async function openPostgres(url: string, options: { max?: number; answerTimeoutMs?: number } = {}): Promise<PostgresHandle> {
  await checkAnswers(url, options.answerTimeoutMs ?? PG_ANSWER_TIMEOUT_MS);
  const pool = new pg.Pool({
    connectionString: url,
    types: { getTypeParser: typeParser },
    max: options.max ?? 10,
    // Set at connection start, so no statement of a session runs with other settings.
    options: '-c synchronous_commit=on -c TimeZone=UTC',
    application_name: 'pricehunt-api',
  });
  // An idle connection the server drops (restart, idle timeout) emits an error on the pool: the pool replaces it.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}
