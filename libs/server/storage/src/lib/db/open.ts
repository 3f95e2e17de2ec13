import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './client';
import { openPostgres, type PostgresHandle } from './pg-client';
import { createPgStorage, createSqliteStorage, type Storage, type StorageOptions } from './storage';

/** The engine and the database DATABASE_URL names: a SQLite file (or memory), or a PostgreSQL server's database. */
export type DatabaseConfig = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** `file:<path>` and `:memory:` are SQLite's, `postgres://…` and `postgresql://…` PostgreSQL's; null for anything else. */
export function databaseOf(value: string): DatabaseConfig | null {
  if (value === ':memory:') return { engine: 'sqlite', path: ':memory:' };
  if (value.startsWith('file:')) {
    const file = value.slice('file:'.length);
    return file ? { engine: 'sqlite', path: path.resolve(file) } : null;
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      const url = new URL(value);
      return url.hostname && url.pathname.length > 1 ? { engine: 'postgres', url: value } : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** An open database with its engine, for the few places that need the engine itself (everything else takes the ports). */
export type DatabaseConnection = { engine: 'sqlite'; handle: DatabaseHandle } | { engine: 'postgres'; handle: PostgresHandle };

export interface OpenStorage {
  connection: DatabaseConnection;
  /** Every domain's port on the connection. */
  storage: Storage;
  close(): Promise<void>;
}

/** Closes the connection once the tracking writes handed over have committed (their queue has a writer of its own). */
const closing = (storage: Storage, closeConnection: () => Promise<void>) => async () => {
  await storage.tracking.close();
  await closeConnection();
};

/** Opens the database DATABASE_URL names (migrations applied) with every storage port on it: the API's and the commands' one way in. */
export async function openStorage(database: DatabaseConfig, options: StorageOptions = {}): Promise<OpenStorage> {
  if (database.engine === 'sqlite') {
    const handle = openDatabase(database.path);
    const storage = createSqliteStorage(handle, options);
    return { connection: { engine: 'sqlite', handle }, storage, close: closing(storage, async () => handle.close()) };
  }
  const handle = await openPostgres(database.url);
  const storage = createPgStorage(handle, options);
  return { connection: { engine: 'postgres', handle }, storage, close: closing(storage, () => handle.close()) };
}

/** The database for people to read: SQLite's file, or the PostgreSQL URL without its password. */
export function databaseLabel(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return database.path;
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  return url.toString();
}
