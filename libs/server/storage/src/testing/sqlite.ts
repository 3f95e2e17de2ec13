import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARED_STATE_ENV } from '@pricehunt/postgres-harness';
import { openDatabase } from '../lib/db/client';

let template: string | null | undefined;

/**
 * An empty SQLite file with every migration applied, made once per test process in the run's shared folder (the one
 * the postgres-harness globalSetup makes and its teardown removes); null when the run has no such folder.
 */
function migratedTemplate(): string | null {
  if (template !== undefined && (template === null || fs.existsSync(template))) return template;
  const shared = process.env[SHARED_STATE_ENV];
  if (!shared || !fs.existsSync(shared)) return (template = null);
  const file = path.join(shared, `sqlite-template-${process.pid}.db`);
  const handle = openDatabase(file);
  // Everything in the main file, so that a copy of that file alone is the whole database.
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.close();
  return (template = file);
}

/**
 * A new migrated SQLite database for one test, in a folder of its own: a copy of a file migrated once per test process
 * (each app of a test that migrated a file of its own ran every migration's SQL again, a quarter of the CPU an app
 * took to build), or, in a run without the shared folder, a new file that `openDatabase` migrates. `remove()` deletes
 * the folder.
 */
export function createTestSqliteFile(prefix = 'pricehunt-test-'): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'test.db');
  const migrated = migratedTemplate();
  if (migrated) fs.copyFileSync(migrated, file);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
