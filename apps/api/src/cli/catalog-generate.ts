/**
 * `npm run catalog:generate -- --offers N [--seed S]`: imports N offers of the deterministic synthetic catalog
 * (nine retailers, real URL shapes that lead nowhere, valid GTINs in the restricted range) into the database,
 * clustering them into products on the way, with a progress bar and a summary.
 */
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { DEMO_SEED, importSyntheticCatalog } from '@pricehunt/catalog-core';
import { CliError, formatImportSummary, openCatalog, readCommandLine, runCli } from './shared';

const USAGE = 'Usage: npm run catalog:generate -- --offers N [--seed S]';

async function main() {
  const { values } = readCommandLine({ options: { offers: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const offers = Number(values.offers);
  if (values.offers === undefined || !Number.isInteger(offers) || offers < 1 || offers > 50_000_000) {
    throw new CliError(`--offers must be a whole number from 1 to 50,000,000\n${USAGE}`, 2);
  }
  const seed = values.seed === undefined ? DEMO_SEED : Number(values.seed);
  if (!Number.isInteger(seed)) throw new CliError(`--seed must be a whole number\n${USAGE}`, 2);

  const { storage, catalog, label, close } = await openCatalog();
  try {
    const bar = createProgressBar({ total: offers, label: 'Generating', unit: 'offers' });
    const summary = await importSyntheticCatalog(catalog.ingestion, { offers, seed, onProgress: (progress) => bar.update(progress.rows) });
    bar.done();
    console.log(formatImportSummary(`Synthetic catalog: ${offers.toLocaleString('en-US')} offers, seed ${seed}, into ${label}`, summary));
    console.log(`\nCatalog now holds ${(await storage.catalog.countOffers()).toLocaleString('en-US')} offers in ${(await storage.catalog.countProducts()).toLocaleString('en-US')} products.`);
    if (summary.status === 'failed') process.exitCode = 1;
  } finally {
    await close();
  }
}

runCli(main);
