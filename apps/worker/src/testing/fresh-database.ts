import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedPostgresCluster } from '@pricehunt/postgres-harness';
import { openCatalogDatabase, type CatalogDatabase } from '@pricehunt/storage';

export type Engine = 'sqlite' | 'postgres';
export const ENGINES: Engine[] = ['sqlite', 'postgres'];

/** A fresh migrated database of the engine for a worker spec, removed afterwards. */
export async function openFresh(engine: Engine): Promise<{ open: CatalogDatabase; remove(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-worker-'));
    const open = await openCatalogDatabase({ engine: 'sqlite', path: path.join(dir, 'test.db') });
    return { open, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const cluster = await sharedPostgresCluster();
  const database = await cluster.createDatabase({});
  const open = await openCatalogDatabase({ engine: 'postgres', url: database.url });
  return { open, remove: () => cluster.dropDatabase(database.name) };
}
