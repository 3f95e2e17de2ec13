import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../build-app';
import { loadConfig, type AppConfig } from '../config';
import type { Clock } from '../lib/clock';
import { testEngine } from './db';
import { startDnsServer } from './dns-server';
import type { EngineName } from '@pricehunt/storage/testing';
import { createTestPostgresDatabase, createTestSqliteFile } from '@pricehunt/storage/testing';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** The engine the app runs on. */
  engine: EngineName;
  /** The DATABASE_URL of its database: give it to another `buildTestApp` for a second instance on the same database. */
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh migrated database of the run's engine for one app: a temporary SQLite file, or a PostgreSQL database. */
async function freshDatabase(): Promise<{ url: string; remove(): Promise<void> }> {
  if (testEngine() === 'postgres') {
    const database = await createTestPostgresDatabase();
    return { url: database.url, remove: () => database.drop() };
  }
  const database = createTestSqliteFile();
  return { url: `file:${database.file}`, remove: async () => database.remove() };
}

/**
 * A real app on a fresh database with every migration applied, on the engine PRICEHUNT_TEST_ENGINE names (SQLite
 * unless told; `postgres`: a database of its own on the run's throwaway cluster), removed when the app closes. With
 * `DATABASE_URL` in `env` it opens that database instead (another instance on a TestApp's `databaseUrl`) and leaves it.
 * Unless `DNS_SERVERS` is given, its DNS look-ups (store-domain TXT records) go to a DNS server of its own on
 * 127.0.0.1 that knows no name. `clock` is where its services read the time (the system's unless given).
 */
export async function buildTestApp(env: Record<string, string> = {}, { clock }: { clock?: Clock } = {}): Promise<TestApp> {
  const dns = env.DNS_SERVERS === undefined ? await startDnsServer() : null;
  const database = env.DATABASE_URL === undefined ? await freshDatabase() : null;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it types the variable: DATABASE_URL is set whenever there is no database
  const databaseUrl = database?.url ?? (env.DATABASE_URL as string);
  // Pictures the image route caches go to a folder of the app's own, removed with it.
  const imageDir = env.IMAGE_CACHE_DIR === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-images-')) : null;
  let config: AppConfig;
  let app: FastifyInstance;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      RATE_LIMIT_ENABLED: 'false',
      // Specs paste many pages of one fixture host within a second; the spacing's own spec turns it on.
      PAGE_HOST_SPACING_MS: '0',
      ...(dns ? { DNS_SERVERS: dns.server } : {}),
      ...(imageDir ? { IMAGE_CACHE_DIR: imageDir } : {}),
      ...env,
      DATABASE_URL: databaseUrl,
    });
    app = await buildApp(config, {}, { clock });
  } catch (error) {
    await dns?.close();
    await database?.remove();
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    engine: config.database.engine,
    databaseUrl,
    close: async () => {
      await app.close();
      await dns?.close();
      await database?.remove();
      if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
    },
  };
}
