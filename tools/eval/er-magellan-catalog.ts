/**
 * An ER-Magellan dataset's tables A and B imported into an empty catalog the way `catalog:import` does, without the
 * labelled matches the seed uses: every product is the matcher's own decision (row by row, full-text candidates).
 * Shared by `eval:clusters` and `eval:queries`.
 */
import path from 'node:path';
import { createProgressBar, ER_MAGELLAN_DATASETS, readErMagellanTable, type ErMagellanDataset } from '@pricehunt/catalog-feeds';
import type { DatabaseHandle } from '../../apps/api/src/db/client';
import { createCatalogServices } from '../../apps/api/src/modules/catalog/plugin';

export async function importErMagellanDataset(root: string, dataset: ErMagellanDataset, handle: DatabaseHandle) {
  const catalog = createCatalogServices(handle.sqlite, { allowLoopback: false });
  const started = Date.now();
  let offers = 0;
  for (const side of ['A', 'B'] as const) {
    const retailer = ER_MAGELLAN_DATASETS[dataset][side];
    const bar = createProgressBar({ label: `${dataset} table${side}`, unit: 'rows' });
    const summary = await catalog.ingestion.importRows(readErMagellanTable(root, dataset, side), {
      format: 'er-magellan',
      source: path.join(root, dataset, `table${side}.csv`),
      retailer: { id: retailer, name: retailer },
      onProgress: (progress) => bar.update(progress.rows),
    });
    bar.done();
    if (summary.status !== 'succeeded') throw new Error(`importing ${dataset} table${side} failed: ${summary.failure}`);
    offers += summary.inserted;
  }
  return { catalog, offers, seconds: (Date.now() - started) / 1000 };
}
