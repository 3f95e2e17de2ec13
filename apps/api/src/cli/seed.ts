/**
 * Prepares a database for use: applies migrations and seeds the demo data.
 *   tsx apps/api/src/cli/seed.ts [--offers N]
 * Reads DATABASE_URL like the API. Idempotent: an already seeded database is left as it is.
 */
import { describeDemoAdmin, describeDemoMerchant, seedDemoAdmin, seedDemoMerchant } from '../modules/admin/seed';
import { seedDemoCatalog } from '@pricehunt/catalog-core';
import { openCatalog } from './shared';

function parseArgs(argv: string[]) {
  const args = { offers: 2000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--offers') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error('--offers must be a whole number of offers, 0 or more');
      args.offers = value;
    } else {
      throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { config, storage, catalog: services, label, close } = await openCatalog();
  try {
    // Demo catalog: synthetic offers, plus the ER-Magellan tables when SEED_DATA_DIR names them. Skipped when offers exist.
    const seedDataDir = config.SEED_DATA_DIR;
    const catalog = await seedDemoCatalog(services, storage.catalog, { offers: args.offers, seedDataDir });
    console.log(
      catalog.skipped
        ? `catalog already seeded: ${catalog.offers} offers in ${catalog.products} products`
        : `catalog seeded: ${catalog.offers} offers in ${catalog.products} products${seedDataDir ? ` (synthetic and ER-Magellan from ${seedDataDir})` : ' (synthetic)'}`,
    );
    if (catalog.demoUrl) console.log(`demo product link: ${catalog.demoUrl}`);
    console.log(`database ready at ${label} (${args.offers} demo offers requested)`);
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
