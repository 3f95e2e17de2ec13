import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type DatabaseConnection, openDatabase, openPostgres } from '@pricehunt/storage';
import { ENGINES, fixtureTypes, numbered, type EngineName } from '@pricehunt/storage/testing';

/** The variable that picks the engine apps built by `buildTestApp()` run on: `sqlite` (the default) or `postgres`. */
export const TEST_ENGINE_ENV = 'PRICEHUNT_TEST_ENGINE';

/** The engine of this test run (`PRICEHUNT_TEST_ENGINE`, default sqlite); an unknown value is refused. */
export function testEngine(): EngineName {
  const value = process.env[TEST_ENGINE_ENV] || 'sqlite';
  if (!(ENGINES as readonly string[]).includes(value)) throw new Error(`${TEST_ENGINE_ENV} must be one of ${ENGINES.join(', ')}; got "${value}"`);
  return value as EngineName;
}

/**
 * Tests about one engine by nature (SQLite's WAL and durability, its backup): they run in the runs on that engine
 * and are skipped, visibly, in the others.
 */
export function describeOnEngine(engine: EngineName, name: string, cases: () => void): void {
  (testEngine() === engine ? describe : describe.skip)(`${name} [${engine} only]`, cases);
}

/** One test about one engine by nature: it runs on that engine and is skipped, visibly, on the other. */
export function itOnEngine(engine: EngineName, name: string, test: () => unknown): void {
  (testEngine() === engine ? it : it.skip)(`${name} [${engine} only]`, async () => {
    await test();
  });
}

/**
 * Fixture reads, alike on both engines: whole numbers as numbers, booleans as 1/0 and instants as ISO text, as SQLite
 * keeps them; JSON as text on both (parse it to compare).
 */
const readAsSqlite = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ) {
      const parse = pg.types.getTypeParser(oid, format) as (value: string) => Date;
      return (value: string) => parse(value).toISOString();
    }
    if (oid === pg.types.builtins.JSON || oid === pg.types.builtins.JSONB) return (value: string) => value;
    return fixtureTypes.getTypeParser(oid, format);
  },
};

type Target = FastifyInstance | DatabaseConnection;
const connectionOf = (target: Target): DatabaseConnection => ('engine' in target ? target : target.database);

/**
 * Runs `sql` on the app's database (or a connection) and answers its rows (none for a write). `?` placeholders and
 * SQL both engines read alike (order by a real column, not rowid); rows come back as SQLite gives them.
 */
export async function rows<Row = Record<string, unknown>>(target: Target, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const connection = connectionOf(target);
  if (connection.engine === 'sqlite') {
    const statement = connection.handle.sqlite.prepare(sql);
    if (statement.reader) return statement.all(...params) as Row[];
    statement.run(...params);
    return [];
  }
  const result = await connection.handle.pool.query({ text: numbered(sql), values: [...params], types: readAsSqlite });
  return (result.rows ?? []) as Row[];
}

/** The first row of `sql`, or undefined. */
export async function row<Row = Record<string, unknown>>(target: Target, sql: string, params: readonly unknown[] = []): Promise<Row | undefined> {
  return (await rows<Row>(target, sql, params))[0];
}

/** The first column of the first row of `sql` (a count, one value); undefined when there is no row (say so in `T`). */
export async function value<T = unknown>(target: Target, sql: string, params: readonly unknown[] = []): Promise<T> {
  const first = await row(target, sql, params);
  return (first === undefined ? undefined : Object.values(first)[0]) as T;
}

/** The first column of every row of `sql`. */
export async function values<T = unknown>(target: Target, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return (await rows(target, sql, params)).map((each) => Object.values(each)[0] as T);
}

/** Runs a write (or any statement) on the app's database. */
export async function run(target: Target, sql: string, params: readonly unknown[] = []): Promise<void> {
  await rows(target, sql, params);
}

/** Another connection to the database of `databaseUrl` (a TestApp's), as another process would open it; close it after. */
export async function anotherConnection(databaseUrl: string): Promise<DatabaseConnection & { close(): Promise<void> }> {
  if (databaseUrl.startsWith('file:')) {
    const handle = openDatabase(databaseUrl.slice('file:'.length));
    return { engine: 'sqlite', handle, close: async () => handle.close() };
  }
  const handle = await openPostgres(databaseUrl, { max: 1 });
  return { engine: 'postgres', handle, close: () => handle.close() };
}
