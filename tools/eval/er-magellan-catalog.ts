/**
 * An ER-Magellan dataset's tables A and B imported into an empty catalog the way `catalog:import` does, without the
 * labelled matches the seed uses: every product is the matcher's own decision (row by row, full-text candidates).
 * Shared by `eval:clusters` and `eval:queries`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createProgressBar, ER_MAGELLAN_DATASETS, readErMagellanTable, type ErMagellanDataset, type ErMagellanSplit } from '@pricehunt/catalog-feeds';
import { findErMagellanDatasets, type OfferRow } from '@pricehunt/catalog-core';
import { prepareOffer } from '@pricehunt/catalog-matching';
import type { EvalDatabase } from './eval-database';
import { resolveDataDir } from '../../libs/catalog/matching/scripts/er-magellan';

/**
 * The datasets and split the options name: `--data`, else SEED_DATA_DIR, else ../shared/datasets/er-magellan beside
 * the repository (as eval:matching); `--datasets A,B` (all found when absent); `--split valid|train|test` (valid). The
 * test split is held back for the final figures: it is read only when named (its files are kept elsewhere, and each
 * chosen dataset must have one then), and nothing is tuned on it.
 */
export function chosenDatasets(values: { data?: string; datasets?: string; split?: string }, usage: string) {
  const data = resolveDataDir(values.data);
  const split = (values.split ?? 'valid') as ErMagellanSplit;
  if (split !== 'valid' && split !== 'train' && split !== 'test') throw new Error(`--split must be valid, train or test\n${usage}`);
  const found = findErMagellanDatasets(data);
  const wanted = values.datasets ? (values.datasets.split(',').map((name) => name.trim()) as ErMagellanDataset[]) : found.datasets;
  const unknown = wanted.filter((name) => !found.datasets.includes(name));
  if (unknown.length > 0) throw new Error(`--datasets: ${unknown.join(', ')} not found under ${data} (it holds ${found.datasets.join(', ')})\n${usage}`);
  const splitless = wanted.filter((name) => !fs.existsSync(path.join(found.root, name, `${split}.csv`)));
  if (splitless.length > 0) throw new Error(`--split ${split}: ${splitless.map((name) => path.join(found.root, name, `${split}.csv`)).join(', ')} not found\n${usage}`);
  return { root: found.root, datasets: wanted, split };
}

export async function importErMagellanDataset(root: string, dataset: ErMagellanDataset, db: EvalDatabase) {
  const { catalog } = db;
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
  return { offers, seconds: (Date.now() - started) / 1000 };
}

/** A model number is searched when it has at least this many letters and digits. */
const MODEL_MIN = 5;

/**
 * The model number a shopper would type for a listing: the one it states, else the longest its title holds (Abt-Buy's
 * and Amazon-Google's tables have no model column: "Sony Cyber-shot DSC-W120 … - DSCW120/B").
 */
export function modelNumberOf(offer: Pick<OfferRow, 'title' | 'model'>): string | null {
  if (offer.model && offer.model.replace(/[^A-Za-z0-9]/g, '').length >= MODEL_MIN) return offer.model;
  const models = [...prepareOffer({ title: offer.title }).models].filter((model) => model.length >= MODEL_MIN);
  return models.sort((a, b) => b.length - a.length || a.localeCompare(b))[0] ?? null;
}
