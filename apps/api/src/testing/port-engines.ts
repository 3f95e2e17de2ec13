import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openPostgres, type PostgresHandle } from '../db/pg-client';
import { createTestPostgresDatabase } from './postgres';

/**
 * One engine's database for a port contract test: a temporary migrated SQLite file, or a fresh migrated PostgreSQL
 * database. `connect()` opens another connection (pool) on the same database, as another API process would.
 */
export interface PortEngine<Handle> {
  name: 'sqlite' | 'postgres';
  handle: Handle;
  connect(): Promise<Handle>;
  /** Runs one statement written with `?` placeholders (numbered for PostgreSQL); answers the rows. */
  run<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function openSqliteEngine(): Promise<PortEngine<DatabaseHandle>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-port-'));
  const file = path.join(dir, 'port.db');
  const handles: DatabaseHandle[] = [openDatabase(file)];
  const handle = handles[0] as DatabaseHandle;
  return {
    name: 'sqlite',
    handle,
    async connect() {
      const other = openDatabase(file);
      handles.push(other);
      return other;
    },
    async run<Row>(text: string, params: unknown[] = []) {
      const statement = handle.sqlite.prepare(text);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as Row[];
    },
    async close() {
      for (const each of handles) each.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openPostgresEngine(): Promise<PortEngine<PostgresHandle>> {
  const database = await createTestPostgresDatabase();
  const handles: PostgresHandle[] = [await openPostgres(database.url)];
  const handle = handles[0] as PostgresHandle;
  return {
    name: 'postgres',
    handle,
    async connect() {
      const other = await openPostgres(database.url);
      handles.push(other);
      return other;
    },
    async run<Row>(text: string, params: unknown[] = []) {
      let n = 0;
      return (await handle.pool.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as Row[];
    },
    async close() {
      for (const each of handles) await each.close();
      await database.drop();
    },
  };
}
