/**
 * `npm start`: seeds the embedded database (demo catalog, demo logins) when needed, starts the demo store and, the first
 * time, plays 90 days of the demo's shoppers through the API (`demo:traffic`); then starts the API, the feed worker,
 * the demo feed and the three web apps, and prints where they are. Ctrl+C stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
// tsx resolves the workspace's @pricehunt/* aliases through the API's tsconfig.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json' };
const apiPort = Number(env.PORT ?? 3000);
// A large import (the demo seed) keeps many objects alive for a while: the matcher's prepared offers. Larger
// young-generation semi-spaces (128 MB) collect them far less often: a million-offer import spent 10 s in the garbage
// collector instead of 23 s with the default (16 MB). The API keeps the default: its garbage dies young, and the
// larger young generation cost it requests per second.
const ingestingEnv = { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, '--max-semi-space-size=128'].filter(Boolean).join(' ') };

const apps = [
  { name: 'shopper', port: 4200, title: 'Shopper site' },
  { name: 'merchant-dashboard', port: 4300, title: 'Merchant dashboard' },
  { name: 'admin', port: 4400, title: 'Admin console' },
];

// The demo feed server: the demo's Best Buy feed, its prices moving every five minutes, refreshed by the worker.
const demoFeedPort = Number(env.DEMO_FEED_PORT ?? 4510);
const demoFeedUrl = `http://127.0.0.1:${demoFeedPort}/feeds/bestbuy.tsv`;

const children: ChildProcess[] = [];
const prefix = (name: string, child: ChildProcess) => {
  const write = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on('data', write);
  child.stderr?.on('data', write);
};

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}

const stopAll = (code: number) => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

// The demo catalog of real products with its price history; DEMO_OFFERS adds that many synthetic offers (invented models).
// A first seed registers the demo feed as a feed source.
const seed = spawnSync(tsx, ['apps/api/src/cli/seed.ts', '--offers', env.DEMO_OFFERS ?? '0'], {
  cwd: root,
  env: { ...ingestingEnv, DEMO_FEED_URL: demoFeedUrl },
  stdio: ['inherit', 'pipe', 'inherit'],
  encoding: 'utf8',
});
process.stdout.write(seed.stdout ?? '');
if (seed.status !== 0) {
  console.error('Seeding the database failed; nothing was started.');
  stopAll(seed.status ?? 1);
} else void startAll();

/** Whether this process may listen on `port` of 127.0.0.1 (port 80 needs root on most systems). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function startAll() {
  // The demo store: a small Shopify-like shop on this machine, the demo merchant's store. Its domain, demo-store.localhost,
  // is this machine to browsers: on port 80 (when this process may listen there) a shopper's "Go to Demo Store" lands on
  // it; otherwise it listens on 4520. The API and the worker reach it through STORE_ORIGIN_OVERRIDES (never in production).
  const demoStorePort = Number(env.DEMO_STORE_PORT ?? ((await canListen(80)) ? 80 : 4520));
  const demoStoreOrigin = new URL(`http://127.0.0.1:${demoStorePort}`).origin;
  const demoStoreBrowserUrl = demoStorePort === 80 ? 'http://demo-store.localhost/' : `${demoStoreOrigin}/`;
  if (env.NODE_ENV !== 'production') {
    env.STORE_ORIGIN_OVERRIDES ??= `demo-store.localhost=${demoStoreOrigin}`;
    // The API reads the demo store (verification, store sync) and the worker its feeds on this machine.
    env.FETCH_ALLOW_LOOPBACK ??= 'true';
  }
  Object.assign(ingestingEnv, { STORE_ORIGIN_OVERRIDES: env.STORE_ORIGIN_OVERRIDES, FETCH_ALLOW_LOOPBACK: env.FETCH_ALLOW_LOOPBACK });
  const demoStore = spawn(tsx, ['tools/scripts/demo-store-server.ts'], { cwd: root, env: { ...env, DEMO_STORE_PORT: String(demoStorePort) }, stdio: ['ignore', 'pipe', 'pipe'] });
  prefix('demo-store', demoStore);
  children.push(demoStore);

  // Until the demo merchant has traffic (the first start), DEMO_TRAFFIC_DAYS days (90; 0: none) of the demo's shoppers
  // are played before the API starts: the dashboards then show the figures they would after three months of use.
  const trafficDays = Number(env.DEMO_TRAFFIC_DAYS ?? 90);
  if (trafficDays > 0 && env.NODE_ENV !== 'production') {
    const storeUp = await waitFor(`${demoStoreOrigin}/products.json`);
    const traffic = storeUp
      ? spawnSync(tsx, ['apps/api/src/cli/demo-traffic.ts', '--days', String(trafficDays), '--if-empty'], { cwd: root, env: ingestingEnv, stdio: 'inherit' })
      : null;
    if (!traffic || traffic.status !== 0) console.error(`The demo traffic was not played${storeUp ? '' : ' (the demo store did not start)'}: the dashboards start empty. Try again with npm run demo:traffic.`);
  }

  // Browsers reach the API through the shopper site's server and the apps' Vite servers, on this machine: the API
  // believes the X-Forwarded-For of 127.0.0.1 (those servers set it from the browser's socket, dropping any header the
  // browser sent), so sign-in limits count each browser by its own address.
  const api = spawn(tsx, ['apps/api/src/server.ts'], { cwd: root, env: { ...env, PORT: String(apiPort), TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  prefix('api', api);
  children.push(api);
  const demoFeed = spawn(tsx, ['tools/scripts/demo-feed-server.ts'], { cwd: root, env: { ...env, DEMO_FEED_PORT: String(demoFeedPort) }, stdio: ['ignore', 'pipe', 'pipe'] });
  prefix('demo-feed', demoFeed);
  children.push(demoFeed);
  // The worker reads the demo feed as soon as it starts: it starts once the feed answers, so its first run is no failure.
  await waitFor(demoFeedUrl);
  // The feed worker refreshes the catalog's feed sources when they are due (apps/worker). It may fetch feeds served on
  // this machine (the demo feed; a feed an admin serves locally) unless told otherwise: `npm start` is not production.
  const worker = spawn(tsx, ['--tsconfig', 'apps/worker/tsconfig.json', 'apps/worker/src/main.ts'], {
    cwd: root,
    env: { ...ingestingEnv, FETCH_ALLOW_LOOPBACK: env.FETCH_ALLOW_LOOPBACK ?? (env.NODE_ENV === 'production' ? 'false' : 'true') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefix('worker', worker);
  children.push(worker);
  for (const app of apps) {
    // The shopper site renders product pages on the server too (apps/shopper/server, its sources through Vite).
    const command = app.name === 'shopper' ? [tsx, ['--tsconfig', 'apps/shopper/tsconfig.json', 'apps/shopper/server/main.ts', '--dev']] as const : [process.execPath, [vite, '--config', `apps/${app.name}/vite.config.mts`]] as const;
    const child = spawn(command[0], [...command[1]], {
      cwd: root,
      // The shopper site's server faces browsers directly: it trusts no proxy in front of it.
      env: { ...env, PRICEHUNT_API_URL: `http://127.0.0.1:${apiPort}`, PRICEHUNT_APP_PORT: String(app.port), TRUST_PROXY: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefix(app.name, child);
    children.push(child);
  }

  for (const child of children) child.on('exit', (code) => code && code !== 0 && stopAll(code));

  const ready = await Promise.all([
    waitFor(`http://127.0.0.1:${apiPort}/api/health`),
    ...apps.map((app) => waitFor(`http://127.0.0.1:${app.port}/`)),
  ]);
  const line = '─'.repeat(64);
  console.log(`\n${line}\n PriceHunt is running${ready.every(Boolean) ? '' : ' (some parts did not answer yet)'}\n`);
  console.log(`  API                 http://localhost:${apiPort}/api/health   (docs: /api/docs)`);
  console.log(`  Feed worker         refreshes due feed sources (admin console: Catalog → Sources)`);
  console.log(`  Demo feed           ${demoFeedUrl}   (Best Buy's prices move every 5 minutes)`);
  console.log(`  Demo store          ${demoStoreBrowserUrl}   (the demo merchant's shop, demo-store.localhost)`);
  for (const app of apps) console.log(`  ${app.title.padEnd(19)} http://localhost:${app.port}/`);
  const demoLink = /demo product link: (\S+)/.exec(seed.stdout ?? '')?.[1] ?? 'https://www.amazon.com/dp/B09XS7JWHH';
  console.log(`\n  Try: http://localhost:4200/${demoLink}`);
  const logins = (seed.stdout ?? '').split('\n').filter((l) => /login|password/i.test(l));
  if (logins.length) console.log(`\n  Demo logins:\n${logins.map((l) => `    ${l.trim()}`).join('\n')}`);
  console.log(`${line}\n`);
}
