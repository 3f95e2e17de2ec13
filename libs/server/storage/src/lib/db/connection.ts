import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens a connection with the settings every connection must have: WAL journal, FULL synchronous (an acknowledged
 * commit is on disk and survives kill -9 or power loss), foreign keys, a busy timeout. A writer thread that syncs the
 * WAL itself after each commit opens it with NORMAL synchronous (see write-queue-worker.ts).
 */
export function openSqlite(file: string, options: { synchronous?: 'FULL' | 'NORMAL' } = {}): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
