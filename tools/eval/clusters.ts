/**
 * `npm run eval:clusters -- [--data <dir>] [--datasets Abt-Buy,Amazon-Google,Walmart-Amazon] [--split valid]`: how well
 * ingestion clusters real offers. Each ER-Magellan dataset's tables A and B are imported into an empty temporary
 * catalog the way `catalog:import` does, but without the labelled matches the seed uses, so that every product is the
 * matcher's own decision (row by row, full-text candidates). Then each labelled pair of the split is a decision: the
 * two offers in one product or not. Printed per dataset: import speed, and precision, recall and F1 of those decisions.
 * Rows without a price are not offers (the import skips them), nor are pairs that name one. On PostgreSQL when
 * DATABASE_URL names a server (a database of its own per dataset, dropped afterwards). `EVAL_DEBUG=1` prints each labelled
 * match the import left apart, with the titles of the offers of both products, and each labelled non-match it put in one
 * product, with that product's offers.
 *
 * `--demo` measures instead the re-clustering of the demo catalog against its known products (`demo-reclustering.ts`):
 * pairwise precision and recall, and with `EVAL_DEBUG=1` the products that hold offers of several, most wrong pairs
 * first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readErMagellanPairs, type ErMagellanDataset, type ErMagellanSplit } from '@pricehunt/catalog-feeds';
import { chosenDatasets, importErMagellanDataset } from './er-magellan-catalog';
import { evaluateDemoReclustering } from './demo-reclustering';
import { type EvalDatabase, evalEngine, openEvalDatabase } from './eval-database';
import { formatTable } from './table';

const USAGE = 'usage: npm run eval:clusters -- [--data <dir with the ER-Magellan datasets>] [--datasets A,B] [--split valid|train|test] | --demo';

interface DatasetResult {
  dataset: ErMagellanDataset;
  offers: number;
  products: number;
  seconds: number;
  tp: number;
  fp: number;
  fn: number;
  pairs: number;
}

async function evaluate(root: string, dataset: ErMagellanDataset, split: ErMagellanSplit, dir: string): Promise<DatasetResult> {
  const db = await openEvalDatabase(dir, dataset);
  try {
    const { offers, seconds } = await importErMagellanDataset(root, dataset, db);
    const productOf = new Map(
      (await db.query<{ key: string; productId: number | null }>(`SELECT retailer_id || '|' || external_id AS "key", product_id AS "productId" FROM offers`)).map((row) => [
        row.key,
        row.productId,
      ]),
    );
    const products = (await db.query<{ n: number }>('SELECT count(*) AS n FROM products'))[0]?.n ?? 0;
    const { pairs } = await readErMagellanPairs(root, dataset, split);
    const result: DatasetResult = { dataset, offers, products: Number(products), seconds, tp: 0, fp: 0, fn: 0, pairs: 0 };
    for (const pair of pairs) {
      const left = productOf.get(`${pair.left.retailer}|${pair.left.externalId}`);
      const right = productOf.get(`${pair.right.retailer}|${pair.right.externalId}`);
      if (left == null || right == null) continue;
      result.pairs++;
      const same = left === right;
      if (pair.label === 1 && same) result.tp++;
      else if (pair.label === 1) {
        result.fn++;
        if (process.env.EVAL_DEBUG) await printApart(db, left, right, [pair.left, pair.right]);
      }
      else if (same) {
        result.fp++;
        if (process.env.EVAL_DEBUG) await printTogether(db, left, [pair.left, pair.right]);
      }
    }
    return result;
  } finally {
    await db.close();
  }
}

/** The titles of the two offers of a labelled pair. */
const titlesOf = (db: EvalDatabase, sides: ReadonlyArray<{ retailer: string; externalId: string }>) =>
  Promise.all(sides.map(async (side) => (await db.query<{ title: string }>('SELECT title FROM offers WHERE retailer_id = ? AND external_id = ?', [side.retailer, side.externalId]))[0]?.title));

/** A product's offers as "retailer: title", joined. */
const offersOf = async (db: EvalDatabase, productId: number) =>
  (await db.query<{ title: string; retailer: string }>('SELECT title, retailer_id AS retailer FROM offers WHERE product_id = ?', [productId])).map((o) => `${o.retailer}: ${o.title}`).join(' ; ');

/** A labelled match the import left in two products, with the offers of each. */
async function printApart(db: EvalDatabase, left: number, right: number, sides: ReadonlyArray<{ retailer: string; externalId: string }>): Promise<void> {
  const titles = await titlesOf(db, sides);
  console.log(`APART "${titles[0]}" | "${titles[1]}"\n  A's product: ${await offersOf(db, left)}\n  B's product: ${await offersOf(db, right)}`);
}

/** A labelled non-match the import put in one product, with the product's offers. */
async function printTogether(db: EvalDatabase, productId: number, sides: ReadonlyArray<{ retailer: string; externalId: string }>): Promise<void> {
  const titles = await titlesOf(db, sides);
  console.log(`TOGETHER "${titles[0]}" | "${titles[1]}"\n  their product: ${await offersOf(db, productId)}`);
}

/** `--demo`: the demo catalog re-clustered, scored against its known products. */
async function demo(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-eval-clusters-'));
  try {
    const result = await evaluateDemoReclustering(dir);
    const { both, together, known } = result.pairs;
    const precision = both / Math.max(1, together);
    const recall = both / Math.max(1, known);
    console.log(`\nThe demo catalog re-clustered (${evalEngine()}), against the real products its offers are listings of`);
    console.log(
      formatTable(
        ['offers', 'known products', 'products', 're-clustering s', 'pairs together', 'P', 'R', 'F1'],
        [[result.offers, result.known, result.products, result.seconds.toFixed(1), together, precision.toFixed(3), recall.toFixed(3), ((2 * precision * recall) / Math.max(1e-9, precision + recall)).toFixed(3)].map(String)],
      ),
    );
    if (!process.env.EVAL_DEBUG) return;
    for (const product of result.mixed.slice(0, 20)) {
      console.log(`\n#${product.productId}: ${product.wrongPairs} pairs of offers of two products`);
      for (const offer of product.offers) console.log(`  ${offer.known.padEnd(60)} ${offer.title}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' }, datasets: { type: 'string' }, split: { type: 'string' }, demo: { type: 'boolean', default: false } } });
  if (values.demo) return demo();
  const { root, datasets, split } = chosenDatasets(values, USAGE);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-eval-clusters-'));
  const results: DatasetResult[] = [];
  try {
    for (const dataset of datasets) results.push(await evaluate(root, dataset, split, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pct = (value: number) => `${(100 * value).toFixed(1)}`;
  const body = results.map((r) => {
    const precision = r.tp / Math.max(1, r.tp + r.fp);
    const recall = r.tp / Math.max(1, r.tp + r.fn);
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return [r.dataset, r.offers.toLocaleString('en-US'), r.products.toLocaleString('en-US'), r.seconds.toFixed(1), Math.round(r.offers / Math.max(0.001, r.seconds)).toLocaleString('en-US'), String(r.pairs), pct(precision), pct(recall), pct(f1)];
  });
  console.log(`\nClustering of real offers (${evalEngine()}): ER-Magellan tables imported without their labels; ${split} pairs as same-product decisions`);
  console.log(formatTable(['dataset', 'offers', 'products', 'import s', 'offers/s', 'pairs', 'P', 'R', 'F1'], body));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
