import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { openSqlite } from './connection';
import * as schema from './schema';

export { openSqlite } from './connection';

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

/** Opens the database and applies every pending migration. */
export function openDatabase(file: string): DatabaseHandle {
  const sqlite = openSqlite(file);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db, sqlite, close: () => sqlite.close() };
}
