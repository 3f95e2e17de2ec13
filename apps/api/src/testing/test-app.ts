import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../build-app';
import { loadConfig, type AppConfig } from '../config';
import { startDnsServer } from './dns-server';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  databasePath: string;
  close(): Promise<void>;
}

/**
 * A real app on a fresh temporary SQLite file with every migration applied. Unless `DNS_SERVERS` is given, its DNS
 * look-ups (store-domain TXT records) go to a DNS server of its own on 127.0.0.1 that knows no name.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dns = env.DNS_SERVERS === undefined ? await startDnsServer() : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-test-'));
  const databasePath = path.join(dir, 'test.db');
  let config: AppConfig;
  let app: FastifyInstance;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `file:${databasePath}`,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      RATE_LIMIT_ENABLED: 'false',
      ...(dns ? { DNS_SERVERS: dns.server } : {}),
      ...env,
    });
    app = await buildApp(config);
  } catch (error) {
    await dns?.close();
    throw error;
  }
  return {
    app,
    config,
    databasePath,
    close: async () => {
      await app.close();
      await dns?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
