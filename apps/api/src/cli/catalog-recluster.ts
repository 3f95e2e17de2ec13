/**
 * `npm run catalog:recluster`: puts every offer of the catalog back into products with the current matcher (what the
 * admin console's "Re-cluster products" does), with a progress bar and a summary. A re-clustering left under way (its
 * process killed) is carried on instead; so is it by the API when it starts.
 */
import { createProgressBar } from '@pricehunt/catalog-feeds';
import { openCatalog, readCommandLine, runCli, table } from './shared';

const USAGE = 'Usage: npm run catalog:recluster';

async function main() {
  const { values } = readCommandLine({ options: { help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const { storage, catalog, label, close } = await openCatalog();
  try {
    const productsBefore = await storage.catalog.countProducts();
    const underWay = await catalog.ingestion.reclusterProgress();
    if (underWay) {
      console.log(
        `A re-clustering was left under way: ${underWay.unplaced.toLocaleString('en-US')} of its ${underWay.offers.toLocaleString('en-US')} offers are in no product yet. Carrying it on.`,
      );
    }
    console.log('If it stops part-way (Ctrl-C, a crash), the next run of this command or the next start of the API carries it on.');
    const total = underWay ? underWay.unplaced : await storage.catalog.countOffers();
    const bar = createProgressBar({ total, label: underWay ? 'Carrying on' : 'Re-clustering', unit: 'offers' });
    const started = Date.now();
    const unplaceable: string[] = [];
    const result = await catalog.ingestion.recluster({
      onProgress: (done) => bar.update(done),
      onUnplaceable: (offerId, error) => unplaceable.push(`offer ${offerId}: ${error instanceof Error ? error.message : String(error)}`),
    });
    bar.done();
    if (unplaceable.length > 0) console.log(`\nCould not place ${unplaceable.length.toLocaleString('en-US')} offers; each is in a product of its own:\n${unplaceable.join('\n')}`);
    console.log(`\nRe-clustered ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      table(
        ['', 'count'],
        [
          ['offers', result.offers],
          [underWay ? 'products when carried on' : 'products before', productsBefore],
          ['products now', await storage.catalog.countProducts()],
          ['products that kept their id', result.productsKept],
        ],
      ),
    );
  } finally {
    await close();
  }
}

runCli(main);
