import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;
export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

/** Where the generated drizzle migrations live (next to the sources, or copied beside the built bundle). */
export const MIGRATIONS_DIR = [path.resolve(__dirname, '../../../drizzle'), path.resolve(__dirname, 'drizzle')].find((dir) =>
  fs.existsSync(path.join(dir, 'meta', '_journal.json')),
) ?? path.resolve(__dirname, '../../../drizzle');

/**
 * Opens a connection with the settings every connection must have: WAL journal, FULL synchronous
 * (an acknowledged commit is on disk and survives kill -9 or power loss), foreign keys, a busy timeout.
 */
export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** Opens the database and applies every pending migration. */
export function openDatabase(file: string): DatabaseHandle {
  const sqlite = openSqlite(file);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db, sqlite, close: () => sqlite.close() };
}
