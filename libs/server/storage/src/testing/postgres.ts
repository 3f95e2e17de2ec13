import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureTemplate, sharedPostgresCluster } from '@pricehunt/postgres-harness';
import { openPostgres, PG_MIGRATIONS_DIR } from '../index';

export interface TestPostgresDatabase {
  name: string;
  /** postgresql://… of the database (a DATABASE_URL). */
  url: string;
  drop(): Promise<void>;
}

/** A short digest of the PostgreSQL migrations, so a template migrated by other migrations is never copied. */
function migrationsDigest(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(PG_MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A fresh PostgreSQL database with every migration applied, on the test run's one throwaway cluster (started by the
 * first test that asks; see the globalSetup in apps/api/jest.config.cjs). It is a copy of a template migrated once
 * per run, which takes tens of milliseconds where migrating takes hundreds.
 */
export async function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const cluster = await sharedPostgresCluster();
  const template = `pricehunt_template_${migrationsDigest()}`;
  await ensureTemplate(cluster, template, async (url) => {
    const handle = await openPostgres(url, { max: 1 });
    await handle.close();
  });
  const database = await cluster.createDatabase({ template });
  return { ...database, drop: () => cluster.dropDatabase(database.name) };
}
