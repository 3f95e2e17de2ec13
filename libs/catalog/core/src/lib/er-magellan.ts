import fs from 'node:fs';
import path from 'node:path';
import {
  ER_MAGELLAN_DATASETS,
  FeedFormatError,
  readErMagellanPairs,
  readErMagellanTable,
  type ErMagellanDataset,
  type FeedProgress,
} from '@pricehunt/catalog-feeds';
import type { ImportSummary, IngestionService } from './ingestion';
import { present } from '@pricehunt/contracts';

export interface ErMagellanImport {
  dataset: ErMagellanDataset;
  side: 'A' | 'B';
  summary: ImportSummary;
}

const DATASETS = Object.keys(ER_MAGELLAN_DATASETS) as ErMagellanDataset[];

/** Shop names of the datasets' retailer ids (Amazon and Walmart come from the retailer registry). */
const RETAILER_NAMES: Record<string, string> = {
  walmart: 'Walmart',
  amazon: 'Amazon',
  abt: 'Abt',
  buy: 'Buy.com',
  'google-shopping': 'Google Shopping',
};

/**
 * The datasets under `dir`: either the folder that holds `Walmart-Amazon/`, `Abt-Buy/`, `Amazon-Google/`,
 * or one of those folders itself.
 */
export function findErMagellanDatasets(dir: string): { root: string; datasets: ErMagellanDataset[] } {
  const resolved = path.resolve(dir);
  if (!fs.existsSync(resolved) || !fs.statSync(resolved).isDirectory()) throw new FeedFormatError(`${dir} is not a directory`, 'path');
  const own = path.basename(resolved) as ErMagellanDataset;
  if (DATASETS.includes(own) && fs.existsSync(path.join(resolved, 'tableA.csv'))) return { root: path.dirname(resolved), datasets: [own] };
  const datasets = DATASETS.filter((dataset) => fs.existsSync(path.join(resolved, dataset, 'tableA.csv')));
  if (datasets.length === 0) {
    throw new FeedFormatError(`${dir} holds none of the ER-Magellan datasets ${DATASETS.join(', ')} (each a folder with tableA.csv and tableB.csv)`, 'path');
  }
  return { root: resolved, datasets };
}

/**
 * Groups of records the labelled train and valid pairs say are the same product (union of the positive pairs),
 * keyed by `<retailer>|<external id>`. The test split is never read.
 */
export async function knownErMagellanMatches(root: string, dataset: ErMagellanDataset): Promise<Map<string, string>> {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let node = key;
    while (parent.get(node) !== undefined && parent.get(node) !== node) node = present(parent.get(node));
    parent.set(key, node);
    return node;
  };
  for (const split of ['train', 'valid'] as const) {
    if (!fs.existsSync(path.join(root, dataset, `${split}.csv`))) continue;
    const { pairs } = await readErMagellanPairs(root, dataset, split);
    for (const pair of pairs) {
      if (pair.label !== 1) continue;
      const left = `${pair.left.retailer}|${pair.left.externalId}`;
      const right = `${pair.right.retailer}|${pair.right.externalId}`;
      if (!parent.has(left)) parent.set(left, left);
      if (!parent.has(right)) parent.set(right, right);
      const a = find(left);
      const b = find(right);
      if (a !== b) parent.set(b, a);
    }
  }
  const groups = new Map<string, string>();
  for (const key of parent.keys()) groups.set(key, `${dataset}:${find(key)}`);
  return groups;
}

/**
 * Imports the ER-Magellan tables (real offers of Walmart, Amazon, Abt, Buy.com and Google Shopping) found under
 * `dir`: table A then table B of each dataset. Records that a labelled train/valid pair marks as the same product
 * join one product; the matcher clusters the rest.
 */
export async function importErMagellan(
  ingestion: IngestionService,
  dir: string,
  options: { onProgress?: (label: string, progress: FeedProgress) => void; onTable?: (label: string) => void } = {},
): Promise<ErMagellanImport[]> {
  const { root, datasets } = findErMagellanDatasets(dir);
  const results: ErMagellanImport[] = [];
  for (const dataset of datasets) {
    const known = await knownErMagellanMatches(root, dataset);
    for (const side of ['A', 'B'] as const) {
      const label = `${dataset} table${side}`;
      options.onTable?.(label);
      const rows = readErMagellanTable(root, dataset, side, {
        progressEvery: 500,
        onProgress: (progress) => options.onProgress?.(label, progress),
      });
      const summary = await ingestion.importRows(rows, {
        format: 'er-magellan',
        source: path.join(root, dataset, `table${side}.csv`),
        retailer: { id: ER_MAGELLAN_DATASETS[dataset][side], name: RETAILER_NAMES[ER_MAGELLAN_DATASETS[dataset][side]] ?? ER_MAGELLAN_DATASETS[dataset][side] },
        knownMatchKey: (offer) => known.get(`${offer.retailer}|${offer.externalId}`),
      });
      results.push({ dataset, side, summary });
    }
  }
  return results;
}
