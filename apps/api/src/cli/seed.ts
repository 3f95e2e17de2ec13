/**
 * Prepares a database for use: applies migrations and seeds the demo data.
 *   tsx apps/api/src/cli/seed.ts [--no-demo] [--days N] [--offers N]
 * The demo catalog is made of real products (brands, names, model numbers) offered by the nine retailers, with
 * `--days` days of price history (default 180); `--no-demo` leaves it out. `--offers N` adds N offers of the synthetic
 * catalog (invented models, the benchmarks' catalog); SEED_DATA_DIR adds the ER-Magellan tables.
 * Reads DATABASE_URL like the API. Idempotent: an already seeded database gets no offers, and its products are computed
 * anew from their offers: names, figures, the colour, storage and size browse filters by (the rules may have changed).
 */
import { describeDemoAdmin, describeDemoMerchant, seedDemoAdmin, seedDemoMerchant } from '../modules/admin/seed';
import { DEMO_HISTORY_DAYS, seedDemoCatalog, type SeedResult } from '@pricehunt/catalog-core';
import { openCatalog } from './shared';
import { randomUUID } from 'node:crypto';
import { DEMO_FEED_RETAILER } from '@pricehunt/catalog-feeds';

function parseArgs(argv: string[]) {
  const args = { demo: true, days: DEMO_HISTORY_DAYS, offers: 0 };
  const wholeNumber = (flag: string, value: string | undefined, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`${flag} must be a whole number, ${min} or more`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--offers') args.offers = wholeNumber('--offers', argv[++i], 0);
    else if (arg === '--days') args.days = wholeNumber('--days', argv[++i], 1);
    else if (arg === '--no-demo') args.demo = false;
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return args;
}

const count = (n: number) => n.toLocaleString('en-US');

/** What the seed put into the catalog, line by line. */
function describeCatalog(catalog: SeedResult, seedDataDir: string | undefined): string[] {
  if (catalog.skipped) return [`catalog already seeded: ${count(catalog.offers)} offers in ${count(catalog.products)} products (${count(catalog.refreshed ?? 0)} computed anew from their offers)`];
  const lines = [`catalog seeded: ${count(catalog.offers)} offers in ${count(catalog.products)} products`];
  const { demo, synthetic } = catalog;
  if (demo) {
    lines.push(
      `  demo catalog of real products: ${count(demo.offers)} offers, ${demo.days} days of price history ` +
        `(${count(demo.changes)} changed listings, ${count(demo.pricePoints)} price points) in ${(demo.durationMs / 1000).toFixed(1)} s`,
    );
    if (demo.failed) lines.push(`  an import of the demo's history failed: ${demo.failed.failure ?? `${demo.failed.errorCount} row errors`}`);
  }
  if (synthetic) lines.push(`  synthetic catalog: ${count(synthetic.inserted)} offers`);
  if (seedDataDir) lines.push(`  ER-Magellan tables from ${seedDataDir}: ${catalog.erMagellan.map((run) => `${run.dataset} table${run.side} ${count(run.summary.inserted)}`).join(', ')}`);
  return lines;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { config, storage, catalog: services, label, close } = await openCatalog();
  try {
    // Skipped when offers exist.
    const seedDataDir = config.SEED_DATA_DIR;
    const catalog = await seedDemoCatalog(services, storage.catalog, { demo: args.demo, days: args.days, syntheticOffers: args.offers, seedDataDir });
    for (const line of describeCatalog(catalog, seedDataDir)) console.log(line);
    if (catalog.demoUrl) console.log(`demo product link: ${catalog.demoUrl}`);
    // The demo feed server (`npm start` runs it) as a feed source the worker refreshes every five minutes.
    const demoFeedUrl = process.env.DEMO_FEED_URL;
    if (demoFeedUrl && catalog.demo) {
      const now = new Date().toISOString();
      const source = await storage.feedSources.create(
        { id: randomUUID(), url: demoFeedUrl, format: 'gmc-tsv', retailerId: DEMO_FEED_RETAILER.id, retailerName: DEMO_FEED_RETAILER.name, businessId: null, intervalMinutes: 5, nextRunAt: now },
        now,
      );
      if (source) console.log(`demo feed source: ${DEMO_FEED_RETAILER.name} from ${demoFeedUrl}, refreshed every 5 minutes`);
    }
    console.log(`database ready at ${label}`);
    const production = config.NODE_ENV === 'production';
    console.log(describeDemoAdmin(await seedDemoAdmin(storage.businessAccounts, { production })));
    console.log(describeDemoMerchant(await seedDemoMerchant(storage.businessAccounts, { production })));
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
