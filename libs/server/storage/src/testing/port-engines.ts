import pg from 'pg';
import { type DatabaseHandle, openDatabase, openPostgres, type PostgresHandle } from '../index';
import { createTestPostgresDatabase } from './postgres';
import { createTestSqliteFile } from './sqlite';

/** The engines a port contract test runs its cases on: `describe.each(ENGINES)`. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type EngineName = (typeof ENGINES)[number];

/** One connection to a port contract test's database, as one API process has it; `engine` tells the handle's type. */
export type EngineConnection = { engine: 'sqlite'; handle: DatabaseHandle } | { engine: 'postgres'; handle: PostgresHandle };

/**
 * A freshly migrated database of one engine for a port contract test (the same cases run against the SQLite and the
 * PostgreSQL implementation). It is itself its first connection (`engine`, `handle`); `connect()` opens another.
 */
interface Engine<Connection extends EngineConnection> {
  engine: Connection['engine'];
  handle: Connection['handle'];
  /** Another connection (another API process): a pool of its own on PostgreSQL, a connection of its own on SQLite; `close()` closes it. */
  connect(): Promise<Connection>;
  /**
   * Runs `sql` (`?` placeholders, the same text on both engines) on the first connection and answers its rows (none
   * for a write) alike on both engines: whole numbers (int8, numeric) as numbers and booleans as 1/0, as SQLite's
   * integers; JSON as text on SQLite and parsed on PostgreSQL (compare it parsed).
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Closes every connection and removes the database. */
  close(): Promise<void>;
}

export type SqliteEngine = Engine<Extract<EngineConnection, { engine: 'sqlite' }>>;
export type PostgresEngine = Engine<Extract<EngineConnection, { engine: 'postgres' }>>;
export type PortEngine = SqliteEngine | PostgresEngine;

export interface EngineOptions {
  /** The size of each PostgreSQL pool (the first connection's and every `connect()`'s); 4 unless told. */
  poolSize?: number;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …`; a question mark inside a quoted literal or name is left alone. */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => (match === '?' ? `$${++n}` : match));
};

/** Fixture reads: int8 and numeric as numbers (as the API reads them), bool as 1/0 (as SQLite keeps it). */
export const fixtureTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    if (oid === pg.types.builtins.BOOL) return (value: string) => (value === 't' ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  },
};

/** A temporary migrated file (a copy of the test process's migrated template), opened by openDatabase. */
async function openSqliteEngine(): Promise<SqliteEngine> {
  const { file, remove } = createTestSqliteFile('port-contract-');
  const handle = openDatabase(file);
  const handles = [handle];
  return {
    engine: 'sqlite',
    handle,
    async connect() {
      const another = openDatabase(file);
      handles.push(another);
      return { engine: 'sqlite', handle: another };
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const statement = handle.sqlite.prepare(sql);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    },
    async close() {
      for (const each of handles) each.close();
      remove();
    },
  };
}

/** A copy of the migrated template (createTestPostgresDatabase), opened by openPostgres. */
async function openPostgresEngine(poolSize: number): Promise<PostgresEngine> {
  const database = await createTestPostgresDatabase();
  const handles: PostgresHandle[] = [];
  const connect = async () => {
    const handle = await openPostgres(database.url, { max: poolSize });
    handles.push(handle);
    return { engine: 'postgres' as const, handle };
  };
  const { handle } = await connect();
  return {
    engine: 'postgres',
    handle,
    connect,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await handle.pool.query({ text: numbered(sql), values: [...params], types: fixtureTypes });
      return result.rows as Row[];
    },
    async close() {
      await Promise.all(handles.map((each) => each.close()));
      await database.drop();
    },
  };
}

/** A fresh migrated database of `engine` for the cases of a port contract test; `close()` it after them. */
export function openPortEngine(engine: 'sqlite', options?: EngineOptions): Promise<SqliteEngine>;
export function openPortEngine(engine: 'postgres', options?: EngineOptions): Promise<PostgresEngine>;
export function openPortEngine(engine: EngineName, options?: EngineOptions): Promise<PortEngine>;
export function openPortEngine(engine: EngineName, options: EngineOptions = {}): Promise<PortEngine> {
  return engine === 'sqlite' ? openSqliteEngine() : openPostgresEngine(options.poolSize ?? 4);
}

/** Arranges a business (active unless told), optionally with a verified store domain. */
export async function addBusiness(
  db: PortEngine,
  id: string,
  options: { status?: 'active' | 'suspended'; domain?: string; storeDomain?: string } = {},
): Promise<void> {
  await db.query('INSERT INTO businesses (id, email, password_hash, status, store_domain) VALUES (?, ?, ?, ?, ?)', [
    id,
    `${id}@example.com`,
    'x',
    options.status ?? 'active',
    options.storeDomain ?? options.domain ?? null,
  ]);
  if (options.domain) {
    await db.query("INSERT INTO verified_domains (domain, business_id, method, verified_at) VALUES (?, ?, 'dns', ?)", [options.domain, id, 1_000]);
  }
}

/**
 * How a write ended: `'refused'` when it rejected. Contract tests assert with this rather than `rejects.toThrow()`:
 * better-sqlite3's errors may come from another realm than the test's Error, which jest then does not count as thrown.
 */
export function outcome(write: Promise<unknown>): Promise<'done' | 'refused'> {
  return write.then(
    () => 'done' as const,
    () => 'refused' as const,
  );
}
