import fs from 'node:fs';
import path from 'node:path';
import { API_BUNDLE } from './fleet';
import { freePort, reservePort, startProcess, tempDir, waitForHttp, workspaceRoot, type ManagedProcess, type ReservedPort } from './processes';

export type WebApp = 'shopper' | 'merchant-dashboard' | 'admin';

export interface StackOptions {
  /** Web apps to serve (their production build: the shopper site's server, the others through `vite preview`; /api passed on to this stack's API). */
  apps?: WebApp[];
  /** Seeds the demo catalog of real products (with `demoDays` days of price history, 180 unless told); none unless asked. */
  demo?: boolean;
  demoDays?: number;
  /** Synthetic catalog size seeded into the temporary database before the API starts (0 = none). */
  offers?: number;
  /** Extra environment for the API. */
  env?: Record<string, string>;
  /** Also run the feed worker (apps/worker) on the stack's database, looking for due sources every 200 ms. */
  worker?: boolean;
  /**
   * Serves the demo store (tools/scripts/demo-store-server.ts, domain demo-store.localhost) and, before the API starts,
   * plays `days` days of the demo's shoppers through it (`demo:traffic`, as the first `npm start` does). Needs `demo`.
   */
  demoTraffic?: { days: number; seed?: number };
}

export interface Stack {
  apiUrl: string;
  appUrls: Partial<Record<WebApp, string>>;
  databasePath: string;
  /** What the seed printed (demo logins). */
  seedOutput: string;
  /** With `demoTraffic`: where the demo store listens, and what the simulator printed. */
  demoStoreUrl?: string;
  trafficOutput?: string;
  stop(): Promise<void>;
}

const tsx = path.join(workspaceRoot, 'node_modules/.bin/tsx');

/** The merchant dashboard's and the admin console's origins of each running stack's API, by its URL. */
const appOrigins = new Map<string, { merchant: string; admin: string }>();

/**
 * The Origin the app that writes to `route` sends, for calls made outside a browser: the API takes admin writes only
 * from the admin console's origin, business writes only from the merchant dashboard's (the stack's apps when it serves
 * them, else the API's defaults, http://localhost:4400 and :4300).
 */
export function writeOriginFor(apiUrl: string, route: string): string {
  const origins = appOrigins.get(apiUrl) ?? { merchant: 'http://localhost:4300', admin: 'http://localhost:4400' };
  return /^\/api\/admin(?:[/?]|$)/.test(route) ? origins.admin : origins.merchant;
}
const vite = path.join(workspaceRoot, 'node_modules/vite/bin/vite.js');

function runToEnd(process: ManagedProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    process.child.once('exit', (code) => {
      if (code === 0) resolve(process.output());
      else reject(new Error(`${process.name} failed with exit code ${code}:\n${process.output()}`));
    });
  });
}

/**
 * Starts the real API on a temporary SQLite database (seeded), and the requested web apps in front of it,
 * all on 127.0.0.1 with free ports. The apps must have been built (`nx build <app>`).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dir = tempDir('pricehunt-e2e-');
  const databasePath = path.join(dir, 'e2e.db');
  // The API's and the apps' ports are chosen first (the API takes admin and business writes only from the apps'
  // origins) and held until each server starts: seeding and playing the demo's traffic take minutes, while other
  // suites start servers of their own.
  const apiReserved = await reservePort();
  const apiPort = apiReserved.port;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const reserved = new Map<WebApp, ReservedPort>();
  for (const app of options.apps ?? []) reserved.set(app, await reservePort());
  const appPorts = new Map([...reserved].map(([app, r]) => [app, r.port]));
  const origins = {
    merchant: appPorts.has('merchant-dashboard') ? `http://127.0.0.1:${appPorts.get('merchant-dashboard')}` : 'http://localhost:4300',
    admin: appPorts.has('admin') ? `http://127.0.0.1:${appPorts.get('admin')}` : 'http://localhost:4400',
  };
  appOrigins.set(apiUrl, origins);
  const env = {
    MERCHANT_APP_URL: origins.merchant,
    ADMIN_APP_URL: origins.admin,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `file:${databasePath}`,
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    FETCH_ALLOW_LOOPBACK: 'true',
    // Browser tests paste several pages of one fixture host within seconds; the API's specs test the spacing.
    PAGE_HOST_SPACING_MS: '0',
    // Pictures the image route caches stay in the stack's folder, removed with it.
    IMAGE_CACHE_DIR: path.join(dir, 'images'),
    // DNS look-ups of the API (store-domain TXT records) ask a loopback port where nothing answers: they fail at once,
    // on this machine, and a store proves its domain by its home page instead.
    DNS_SERVERS: `127.0.0.1:${await freePort()}`,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    // tsx reads path aliases (@pricehunt/*) from this file; the workspace has no root tsconfig.json.
    TSX_TSCONFIG_PATH: path.join(workspaceRoot, 'tsconfig.base.json'),
    ...options.env,
  };
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    appOrigins.delete(apiUrl);
    await Promise.all([apiReserved, ...reserved.values()].map((r) => r.release()));
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const demo = options.demo ? (options.demoDays !== undefined ? ['--days', String(options.demoDays)] : []) : ['--no-demo'];
    const seed = startProcess('seed', tsx, ['apps/api/src/cli/seed.ts', '--offers', String(options.offers ?? 0), ...demo], env);
    const seedOutput = await runToEnd(seed);
    let demoStoreUrl: string | undefined;
    let trafficOutput: string | undefined;
    if (options.demoTraffic) {
      const storePort = await freePort();
      demoStoreUrl = `http://127.0.0.1:${storePort}`;
      Object.assign(env, { STORE_ORIGIN_OVERRIDES: `demo-store.localhost=${demoStoreUrl}`, DEMO_STORE_HEAD_FILE: path.join(dir, 'demo-store-head.html') });
      const store = startProcess('demo store', tsx, ['tools/scripts/demo-store-server.ts'], { ...env, DEMO_STORE_PORT: String(storePort) });
      processes.push(store);
      await waitForHttp(`${demoStoreUrl}/products.json`, 60_000, store);
      const { days, seed: trafficSeed } = options.demoTraffic;
      const traffic = startProcess('demo traffic', tsx, ['apps/api/src/cli/demo-traffic.ts', '--days', String(days), ...(trafficSeed !== undefined ? ['--seed', String(trafficSeed)] : [])], env);
      trafficOutput = await runToEnd(traffic);
    }

    // The API runs as it is deployed, from its bundle (`nx build api`): it starts in half the time tsx takes to load
    // its sources, on every stack of every browser test.
    if (!fs.existsSync(API_BUNDLE)) throw new Error('the API is not built: run "npx nx build api" first');
    await apiReserved.release();
    const api = startProcess('api', process.execPath, [API_BUNDLE], env);
    processes.push(api);
    await waitForHttp(`${apiUrl}/api/health`, 60_000, api);
    if (options.worker) {
      processes.push(startProcess('worker', tsx, ['--tsconfig', 'apps/worker/tsconfig.json', 'apps/worker/src/main.ts'], { ...env, WORKER_POLL_MS: '200' }));
    }

    const appUrls: Partial<Record<WebApp, string>> = {};
    for (const app of options.apps ?? []) {
      const distIndex = path.join(workspaceRoot, 'dist/apps', app, 'index.html');
      if (!fs.existsSync(distIndex)) throw new Error(`${app} is not built: run "npx nx build ${app}" first`);
      const port = appPorts.get(app) as number;
      const appEnv = { PRICEHUNT_API_URL: apiUrl, PRICEHUNT_APP_PORT: String(port) };
      // The shopper site's own server renders product pages on the server (its SSR build beside the browser's files);
      // the other apps are static, served by `vite preview`.
      if (app === 'shopper' && !fs.existsSync(path.join(workspaceRoot, 'dist/apps/shopper-server/entry-server.mjs'))) {
        throw new Error('shopper is not built for the server: run "npx nx build shopper" first');
      }
      await reserved.get(app)?.release();
      const preview =
        app === 'shopper'
          ? startProcess('shopper server', tsx, ['--tsconfig', 'apps/shopper/tsconfig.json', 'apps/shopper/server/main.ts'], appEnv)
          : startProcess(`${app} preview`, process.execPath, [vite, 'preview', '--config', `apps/${app}/vite.config.mts`], appEnv);
      processes.push(preview);
      appUrls[app] = `http://127.0.0.1:${port}`;
      await waitForHttp(appUrls[app], 60_000, preview);
    }
    return { apiUrl, appUrls, databasePath, seedOutput, demoStoreUrl, trafficOutput, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
