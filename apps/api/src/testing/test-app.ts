import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../build-app';
import { loadConfig, type AppConfig } from '../config';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  databasePath: string;
  close(): Promise<void>;
}

/** A real app on a fresh temporary SQLite file with every migration applied. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-test-'));
  const databasePath = path.join(dir, 'test.db');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${databasePath}`,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    config,
    databasePath,
    close: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
