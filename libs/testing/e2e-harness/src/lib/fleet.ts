import fs from 'node:fs';
import path from 'node:path';
import { freePort, startProcess, waitForHttp, workspaceRoot, type ManagedProcess } from './processes';
import { startNginx, type RunningNginx } from './nginx';

/** The API's production bundle (`nx build api`), as `npm run start:cluster` runs it. */
export const API_BUNDLE = path.join(workspaceRoot, 'dist/apps/api/main.js');
/** The shopper site's renderer (`nx build shopper`), which its server (apps/shopper/server) loads. */
export const SHOPPER_RENDERER = path.join(workspaceRoot, 'dist/apps/shopper-server/entry-server.mjs');
const tsx = path.join(workspaceRoot, 'node_modules/.bin/tsx');

/**
 * Applies the migrations to the database DATABASE_URL names and seeds the demo catalog of real products (its price
 * history `days` long, 180 unless told), `offers` synthetic offers besides, and the demo logins, as `npm start` does;
 * answers what the seed printed (the demo link and logins).
 */
export async function seedDatabase(databaseUrl: string, offers: number, env: Record<string, string> = {}, days?: number): Promise<string> {
  const seed = startProcess('seed', tsx, ['apps/api/src/cli/seed.ts', '--offers', String(offers), ...(days !== undefined ? ['--days', String(days)] : [])], {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    TSX_TSCONFIG_PATH: path.join(workspaceRoot, 'tsconfig.base.json'),
    NODE_OPTIONS: '--max-semi-space-size=128',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const code = await new Promise<number | null>((resolve) => seed.child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding ${databaseUrl} failed (exit ${code}):\n${seed.output()}`);
  return seed.output();
}

export interface FleetOptions {
  /** The database every instance uses. */
  databaseUrl: string;
  /** How many API instances (default 2). */
  instances?: number;
  /** Where nginx keeps its configuration, logs and pid. */
  dir: string;
  /** More environment for the instances (the fleet's defaults: production, tracking limits out of reach). */
  env?: Record<string, string>;
}

export interface Fleet {
  /** The API instances, in the upstream's order; `apis[i].child.pid` is the process nginx proxies to. */
  apis: ManagedProcess[];
  apiPorts: number[];
  /** The shopper site's server, rendering its pages behind nginx. */
  shopperServer: ManagedProcess;
  nginx: RunningNginx;
  sitePorts: { shopper: number; merchant: number; admin: number };
  /** `http://127.0.0.1:<port>` of each site. */
  sites: { shopper: string; merchant: string; admin: string };
  stop(): Promise<void>;
}

/**
 * The fleet `npm run start:cluster` runs, on free ports: `instances` API processes of the production bundle on one
 * database (migrated and seeded beforehand: `seedDatabase`), the shopper site's server (its pages rendered, asking the
 * API through nginx), and Debian's nginx with the repository's configuration in front, serving the three apps' builds
 * from dist/apps. The bundle and the apps must have been built.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  if (!fs.existsSync(API_BUNDLE)) throw new Error(`the API is not built (${API_BUNDLE}): run "npx nx build api" first`);
  if (!fs.existsSync(SHOPPER_RENDERER)) throw new Error(`the shopper site is not built (${SHOPPER_RENDERER}): run "npx nx build shopper" first`);
  const count = options.instances ?? 2;
  const apiPorts: number[] = [];
  for (let i = 0; i < count; i++) apiPorts.push(await freePort());
  const sitePorts = { shopper: await freePort(), merchant: await freePort(), admin: await freePort() };
  const sites = {
    shopper: `http://127.0.0.1:${sitePorts.shopper}`,
    merchant: `http://127.0.0.1:${sitePorts.merchant}`,
    admin: `http://127.0.0.1:${sitePorts.admin}`,
  };
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: 'fleet-secret-fleet-secret-fleet-secret-0123456789',
    // nginx on this machine is the one proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    // Bursts come from one address: the per-address limits are the API tests' business.
    TRACKING_RATE_LIMIT_PER_MINUTE: '1000000000',
    // Store-domain TXT look-ups ask a loopback port where nothing answers: nothing leaves the machine.
    DNS_SERVERS: `127.0.0.1:${await freePort()}`,
    SHOPPER_APP_URL: sites.shopper,
    MERCHANT_APP_URL: sites.merchant,
    ADMIN_APP_URL: sites.admin,
    PUBLIC_URL: sites.shopper,
    APP_ORIGINS: Object.values(sites).join(','),
    HOST: '127.0.0.1',
    ...options.env,
  };
  const apis: ManagedProcess[] = [];
  let nginx: RunningNginx | undefined;
  let shopperServer: ManagedProcess | undefined;
  const stop = async () => {
    await nginx?.stop();
    await shopperServer?.stop();
    await Promise.all(apis.map((api) => api.stop()));
  };
  try {
    await Promise.all(
      apiPorts.map(async (port, index) => {
        const api = startProcess(`api-${index + 1}`, process.execPath, [API_BUNDLE], { ...env, PORT: String(port) });
        apis[index] = api;
        await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, api);
      }),
    );
    const shopperServerPort = await freePort();
    shopperServer = startProcess('shopper server', tsx, ['--tsconfig', 'apps/shopper/tsconfig.json', 'apps/shopper/server/main.ts'], {
      ...env,
      PRICEHUNT_APP_PORT: String(shopperServerPort),
      PRICEHUNT_API_URL: sites.shopper,
    });
    await waitForHttp(`http://127.0.0.1:${shopperServerPort}/robots.txt`, 60_000, shopperServer);
    nginx = await startNginx({ dir: options.dir, sitePorts, apiPorts, shopperServerPort });
    return { apis, apiPorts, shopperServer, nginx, sitePorts, sites, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
