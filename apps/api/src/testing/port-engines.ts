import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openPostgres, type PostgresHandle } from '../db/pg-client';
import { createTestPostgresDatabase } from './postgres';

/** One connection to a port contract test's database, as one API process has it. */
export type EngineConnection = { engine: 'SQLite'; handle: DatabaseHandle } | { engine: 'PostgreSQL'; handle: PostgresHandle };

export type EngineName = EngineConnection['engine'];
export const ENGINES: EngineName[] = ['SQLite', 'PostgreSQL'];

/** A fresh migrated database of an engine, for the cases of a port contract test. */
export interface EngineDatabase {
  engine: EngineName;
  /** A new connection (another API process): a pool of its own on PostgreSQL, a connection of its own on SQLite. */
  connect(): Promise<EngineConnection>;
  /** Rows of a plain query written with `?` placeholders (the same text on both engines). */
  all<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a plain statement written with `?` placeholders. */
  run(text: string, params?: unknown[]): Promise<void>;
  /** Closes every connection and removes the database. */
  drop(): Promise<void>;
}

const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * A fresh database: SQLite in a temporary file migrated by openDatabase, or PostgreSQL copied from the migrated
 * template (createTestPostgresDatabase) and opened by openPostgres.
 */
export async function createEngineDatabase(engine: EngineName): Promise<EngineDatabase> {
  if (engine === 'SQLite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-contract-'));
    const file = path.join(dir, 'test.db');
    const handles: DatabaseHandle[] = [openDatabase(file)];
    const [first] = handles as [DatabaseHandle];
    return {
      engine,
      async connect() {
        const handle = openDatabase(file);
        handles.push(handle);
        return { engine, handle };
      },
      async all<Row>(text: string, params: unknown[] = []) {
        return first.sqlite.prepare(text).all(...params) as Row[];
      },
      async run(text, params = []) {
        first.sqlite.prepare(text).run(...params);
      },
      async drop() {
        for (const handle of handles) handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestPostgresDatabase();
  const handles: PostgresHandle[] = [];
  const open = async () => {
    const handle = await openPostgres(database.url, { max: 4 });
    handles.push(handle);
    return handle;
  };
  const first = await open();
  return {
    engine,
    async connect() {
      return { engine, handle: await open() };
    },
    async all<Row>(text: string, params: unknown[] = []) {
      return (await first.pool.query(numbered(text), params)).rows as Row[];
    },
    async run(text, params = []) {
      await first.pool.query(numbered(text), params);
    },
    async drop() {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    },
  };
}

/**
 * One engine's database for a port contract test, typed by the engine's handle: `handle` is a first connection,
 * `connect()` opens another (another API process).
 */
export interface PortEngine<Handle> {
  name: 'sqlite' | 'postgres';
  handle: Handle;
  connect(): Promise<Handle>;
  /** Runs one statement written with `?` placeholders (numbered for PostgreSQL); answers its rows (none for a write). */
  run<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function portEngine<Handle>(engine: EngineName, handleOf: (connection: EngineConnection) => Handle): Promise<PortEngine<Handle>> {
  const database = await createEngineDatabase(engine);
  const first = await database.connect();
  return {
    name: engine === 'SQLite' ? 'sqlite' : 'postgres',
    handle: handleOf(first),
    connect: async () => handleOf(await database.connect()),
    async run<Row>(text: string, params: unknown[] = []) {
      if (first.engine === 'PostgreSQL') return (await first.handle.pool.query(numbered(text), params)).rows as Row[];
      const statement = first.handle.sqlite.prepare(text);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    },
    close: () => database.drop(),
  };
}

export function openSqliteEngine(): Promise<PortEngine<DatabaseHandle>> {
  return portEngine('SQLite', (connection) => {
    if (connection.engine !== 'SQLite') throw new Error('expected a SQLite connection');
    return connection.handle;
  });
}

export function openPostgresEngine(): Promise<PortEngine<PostgresHandle>> {
  return portEngine('PostgreSQL', (connection) => {
    if (connection.engine !== 'PostgreSQL') throw new Error('expected a PostgreSQL connection');
    return connection.handle;
  });
}
