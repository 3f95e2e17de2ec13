/**
 * Plays the demo's shoppers through the API's own endpoints:
 *   tsx apps/api/src/cli/demo-traffic.ts [--days 90] [--seed 7] [--end <ISO date-time>] [--if-empty]
 * First connects the demo merchant's store (the demo store `npm start` serves) as a merchant would: tracking script tag
 * in its theme, domain verified, products imported, an API key for its server. Then simulates `--days` days of
 * shoppers ending at `--end` (now by default): searches, clicks, referrals, store visits and orders, each recorded by
 * the API's services at its simulated time (`demo/traffic.ts`). Each run adds its traffic to what is there;
 * `--if-empty` plays nothing when the demo merchant already has referrals (`npm start` runs it so on every start: the
 * demo's traffic is played once per database). Reads DATABASE_URL and STORE_ORIGIN_OVERRIDES (where the store's domain is served) like
 * the API; DEMO_STORE_HEAD_FILE is the store's theme head (default data/demo-store/head.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { DEMO_SEED } from '@pricehunt/catalog-core';
import { DEFAULT_PERIOD_DAYS, lastDays, type MerchantSettings, type SummaryResponse } from '@pricehunt/contracts';
import { buildApp } from '../build-app';
import { ConfigError, loadConfig } from '../config';
import { settableClock } from '../lib/clock';
import { DEMO_MERCHANT_EMAIL, demoPasswords } from '../modules/admin/seed';
import { connectDemoStore, DemoSetupError, signInMerchant } from '../demo/connect-store';
import { simulateDemoTraffic, type DemoStoreItem } from '../demo/traffic';
import { CliError } from './shared';

export interface DemoTrafficArgs {
  days: number;
  seed: number;
  end: number;
  ifEmpty: boolean;
}

export function parseDemoTrafficArgs(argv: readonly string[], now = Date.now()): DemoTrafficArgs {
  const args: DemoTrafficArgs = { days: 90, seed: 7, end: now, ifEmpty: false };
  const wholeNumber = (flag: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`${flag} must be a whole number from ${min} to ${max}`, 2);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--days') args.days = wholeNumber('--days', argv[++i], 1, 365);
    else if (arg === '--seed') args.seed = wholeNumber('--seed', argv[++i], 0, 2 ** 31 - 1);
    else if (arg === '--if-empty') args.ifEmpty = true;
    else if (arg === '--end') {
      const value = argv[++i];
      const end = value ? Date.parse(value) : NaN;
      if (!Number.isFinite(end)) throw new CliError('--end must be an ISO date-time such as 2026-11-23T12:00:00Z', 2);
      if (end > now + 60_000) throw new CliError('--end cannot be in the future', 2);
      args.end = end;
    } else throw new CliError(`Unknown argument: ${arg} (usage: demo:traffic -- [--days 90] [--seed 7] [--end <ISO date-time>] [--if-empty])`, 2);
  }
  return args;
}

/** The store's products as its `/products.json` lists them (every page). */
async function storeProducts(origin: string): Promise<DemoStoreItem[]> {
  const items: DemoStoreItem[] = [];
  for (let page = 1; page < 100; page++) {
    const response = await fetch(`${origin}/products.json?limit=250&page=${page}`).catch((error: unknown) => {
      throw new CliError(`The demo store does not answer at ${origin} (${error instanceof Error ? error.message : String(error)}); start it with npm start or tools/scripts/demo-store-server.ts`);
    });
    if (!response.ok) throw new CliError(`The demo store answered ${response.status} for its products`);
    const body = (await response.json()) as { products: Array<{ handle: string; title: string; variants: Array<{ sku: string | null; barcode: string | null; price: string }> }> };
    if (!body.products.length) break;
    for (const product of body.products) {
      const variant = product.variants[0];
      if (variant) items.push({ handle: product.handle, title: product.title, sku: variant.sku ?? '', barcode: variant.barcode ?? '', price: variant.price });
    }
  }
  return items;
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function main() {
  const args = parseDemoTrafficArgs(process.argv.slice(2));
  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  const apiOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://127.0.0.1:${config.PORT}`;
  const headFile = path.resolve(process.env.DEMO_STORE_HEAD_FILE ?? 'data/demo-store/head.html');
  const clock = settableClock(Date.now());
  const app = await buildApp(config, {}, { clock });
  const started = Date.now();
  try {
    const business = await app.storage.businessAccounts.findByEmail(DEMO_MERCHANT_EMAIL);
    if (!business?.storeDomain) throw new CliError(`No demo merchant (${DEMO_MERCHANT_EMAIL}) in this database: run the seed first (npm start does)`);
    if (args.ifEmpty) {
      const { total } = await app.storage.merchantAnalytics.activity(business.id, { type: 'referral', limit: 1, offset: 0 });
      if (total > 0) {
        console.log(`demo traffic: the demo merchant has ${total.toLocaleString('en-US')} referrals already; nothing played (npm run demo:traffic adds more)`);
        return;
      }
    }
    const storeOrigin = config.STORE_ORIGIN_OVERRIDES[business.storeDomain];
    if (!storeOrigin) throw new CliError(`STORE_ORIGIN_OVERRIDES does not say where ${business.storeDomain} is served (npm start sets it to the demo store)`);
    const products = await storeProducts(storeOrigin);
    if (!products.length) throw new CliError(`The demo store at ${storeOrigin} lists no products`);

    const connected = await connectDemoStore(app, {
      email: DEMO_MERCHANT_EMAIL,
      password: demoPasswords().merchant,
      apiOrigin,
      installHead: (html) => {
        fs.mkdirSync(path.dirname(headFile), { recursive: true });
        fs.writeFileSync(headFile, `${html}\n`);
      },
    });
    if (connected.verifiedNow) console.log(`demo store ${connected.storeDomain}: tracking script installed (${path.relative(process.cwd(), headFile)}), domain verified`);
    if (connected.sync) console.log(`demo store ${connected.storeDomain}: ${connected.sync.offers} products imported (${connected.sync.inserted} new)`);

    const bar = createProgressBar({ total: args.days, label: `Simulating ${args.days} days of shoppers`, unit: 'days' });
    const counts = await simulateDemoTraffic({
      app,
      clock,
      seed: args.seed,
      days: args.days,
      end: args.end,
      catalogSeed: DEMO_SEED,
      store: { domain: connected.storeDomain, products },
      apiKey: connected.apiKey,
      shopperUrl: config.SHOPPER_APP_URL,
      onProgress: (day) => bar.update(day),
    });
    bar.done();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `demo traffic: ${counts.visits.toLocaleString('en-US')} visits, ${counts.searches.toLocaleString('en-US')} searches, ${counts.clicks.toLocaleString('en-US')} clicks ` +
        `(${counts.storeClicks} to the demo store), ${counts.referrals} referrals, ${counts.storePageViews} store page views, ` +
        `${counts.orders} orders (${counts.referredOrders} referred, ${counts.webhookOrders} through the conversions API) in ${seconds} s`,
    );
    if (counts.failures) {
      throw new CliError(`${counts.failures} simulated requests were refused; the first: ${counts.errors.join(' | ')}`);
    }

    // What the dashboard shows for the last 30 days, read from its own endpoint.
    const merchant = await signInMerchant(app, { email: DEMO_MERCHANT_EMAIL, password: demoPasswords().merchant, apiOrigin });
    const { timeZone } = await merchant.call<MerchantSettings>({ method: 'GET', url: '/api/business/settings' });
    const { from, to, tz } = lastDays(DEFAULT_PERIOD_DAYS, args.end, timeZone);
    const summary = await merchant.call<SummaryResponse>({ method: 'GET', url: `/api/business/dashboard/summary?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}` });
    await merchant.signOut();
    const c = summary.current;
    console.log(
      `demo merchant, ${from} to ${to}: ${c.clicks} clicks, ${c.referrals} referrals, ${c.conversions} conversions ` +
        `(${(c.conversionRate * 100).toFixed(1)}%), ${money(c.revenueCents)} revenue`,
    );
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof CliError || error instanceof DemoSetupError ? error.message : error);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  });
}
