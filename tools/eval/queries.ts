/**
 * `npm run eval:queries -- [--data <dir>] [--datasets Abt-Buy,Amazon-Google,Walmart-Amazon] [--split valid] [--samples 300] [--own]`
 *
 * How well typed words find an item at another retailer, on real offers with known answers: each ER-Magellan dataset is
 * imported into an empty catalog without its labels (as `eval:clusters` does), then for the labelled matches of the
 * split (an offer of table A and one of table B that are the same item) what a shopper knows of the A listing is typed
 * into the search, and the answer should lead to the B listing's product:
 * - title words: the first five words of the A listing's title;
 * - model number: the A listing's model number (the one it states, else the longest in its title: `modelNumberOf`),
 *   when it has five letters and digits or more.
 * - the same typed loosely (`query-kinds.ts`): the title words in another order with a typo, the model number without
 *   its separators, split between letters and digits, or without the letters after its last digit.
 * Reported per dataset and kind: the share whose first answer (the product, or the first of the products listed) holds
 * the B listing; since a search can only find the B listing's product, not the A listing's, when the import left the
 * two apart, the share of searches whose A and B listings are in one product, and among those the share the search
 * answers right and the count it missed with the B listing's product not offered at all (answer, list or similar
 * products); the share that shows it at all (answer or list), the count answered with no product and no list, the
 * share whose first answer reads as an accessory while the B listing does not ("case for …"), and the time per search.
 * `EVAL_DEBUG=1` prints the searches whose first answer is not the B listing's product, with where the answer showed it
 * (listed, among similar products, not at all) and whether the first answer is the A listing's own product. On
 * PostgreSQL when DATABASE_URL names a server (a database of its own per dataset, dropped afterwards).
 *
 * `--own` types each listing of those matches (of both tables, once per match it is in) and seeks its own product
 * instead: what a listing says of itself should find it, whatever the matcher decided about its match, so a search that
 * answers it with nothing is the search's own miss.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareOffer } from '@pricehunt/catalog-matching';
import { readErMagellanPairs, type ErMagellanDataset, type ErMagellanSplit } from '@pricehunt/catalog-feeds';
import type { OfferRow } from '@pricehunt/catalog-core';
import type { SearchResult } from '@pricehunt/contracts';
import { createSearchService, createTypedAliases } from '@pricehunt/catalog-search';
import { chosenDatasets, importErMagellanDataset } from './er-magellan-catalog';
import { QUERY_KINDS } from './query-kinds';
import { evalEngine, openEvalDatabase } from './eval-database';
import { formatTable } from './table';

const USAGE = 'usage: npm run eval:queries -- [--data <dir with the ER-Magellan datasets>] [--datasets A,B] [--split valid|train|test] [--samples N] [--own]';
interface Row {
  dataset: ErMagellanDataset;
  kind: string;
  queries: number;
  first: number;
  shown: number;
  accessoryFirst: number;
  /** Searches answered with no product and no list (similar products at most). */
  nothing: number;
  /** Searches whose A and B listings the import put in one product. */
  together: number;
  /** Of those, the searches whose first answer holds the B listing (what the search itself gets right). */
  togetherFirst: number;
  /** Of those, the searches that missed with the B listing's product nowhere in the answer (not a candidate). */
  togetherAbsent: number;
  ms: number;
}

/** Where an answer shows the sought product: the product, or its place in the list or among similar products. */
function whereShown(result: SearchResult, productId: number | null): string {
  if (result.product?.id === productId) return 'the answer';
  const listed = result.matches.findIndex((product) => product.id === productId);
  if (listed >= 0) return `listed ${listed + 1} of ${result.matches.length}, their offers ${result.matches.map((product) => product.offerCount).join(' ')}`;
  const similar = result.similarProducts.findIndex((product) => product.id === productId);
  if (similar >= 0) return `similar ${similar + 1}`;
  return `not offered; ${result.product ? 'a product answered' : `${result.matches.length} listed`}`;
}

async function evaluate(root: string, dataset: ErMagellanDataset, split: ErMagellanSplit, samples: number, dir: string, own: boolean): Promise<Row[]> {
  const db = await openEvalDatabase(dir, dataset);
  try {
    await importErMagellanDataset(root, dataset, db);
    const { catalog } = db;
    // The words spelling correction knows are read after an import, as the API does, before the first search.
    catalog.spelling.refresh();
    await catalog.spelling.ready();
    const search = createSearchService({
      catalog: db.ports.catalog,
      index: db.ports.index,
      matcher: catalog.matcher,
      requests: db.ports.requests,
      pages: { read: async () => null, slugWords: () => null },
      spelling: catalog.spelling,
      aliases: createTypedAliases(db.ports.index),
      listCategories: () => db.ports.catalog.listCategories(),
    });
    const { pairs } = await readErMagellanPairs(root, dataset, split);
    const matches = (
      await Promise.all(
        pairs
          .filter((pair) => pair.label === 1)
          .map(async (pair) => ({
            left: await db.ports.catalog.findOfferByExternalId(pair.left.retailer, pair.left.externalId),
            right: await db.ports.catalog.findOfferByExternalId(pair.right.retailer, pair.right.externalId),
          })),
      )
    )
      .filter((pair): pair is { left: OfferRow; right: OfferRow } => pair.left !== null && pair.right?.productId != null)
      // --own: each listing's words typed, its own product sought.
      .flatMap((pair) => (own ? [pair.left, pair.right].filter((offer) => offer.productId !== null).map((offer) => ({ left: offer, right: offer })) : [pair]));
    // A spread of the matches, the same on every run.
    const step = Math.max(1, Math.floor(matches.length / samples));
    const picked = matches.filter((_, index) => index % step === 0).slice(0, samples);
    const rows: Row[] = [];
    for (const kind of QUERY_KINDS) {
      const row: Row = { dataset, kind: kind.name, queries: 0, first: 0, shown: 0, accessoryFirst: 0, nothing: 0, together: 0, togetherFirst: 0, togetherAbsent: 0, ms: 0 };
      for (const { left, right } of picked) {
        const query = kind.query(left);
        if (!query) continue;
        const started = performance.now();
        const result = await search.search({ requestId: randomUUID(), query });
        row.ms += performance.now() - started;
        row.queries++;
        const together = left.productId === right.productId;
        if (together) row.together++;
        const first = result.product ?? result.matches[0] ?? null;
        const anywhere = [result.product, ...result.matches, ...result.similarProducts].some((product) => product?.id === right.productId);
        if (together && first?.id === right.productId) row.togetherFirst++;
        else if (together && !anywhere) row.togetherAbsent++;
        if (first?.id === right.productId) row.first++;
        else if (process.env.EVAL_DEBUG) console.log(`MISS ${dataset} ${kind.name}${together ? '' : ' (apart)'}: "${query}" → ${first ? `"${first.title}"${first.id === left.productId ? " (the A listing's)" : ''}` : 'nothing'}; sought "${right.title}" (${whereShown(result, right.productId)})`);
        if ([result.product, ...result.matches].some((product) => product?.id === right.productId)) row.shown++;
        if (!first) row.nothing++;
        if (first && first.id !== right.productId && prepareOffer({ title: first.title }).accessory && !prepareOffer({ title: right.title }).accessory) row.accessoryFirst++;
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await db.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' }, datasets: { type: 'string' }, split: { type: 'string' }, samples: { type: 'string' }, own: { type: 'boolean' } } });
  const own = values.own === true;
  const { root, datasets, split } = chosenDatasets(values, USAGE);
  const samples = Number(values.samples ?? 300);
  if (!Number.isInteger(samples) || samples < 1) throw new Error(`--samples must be a whole number of at least 1\n${USAGE}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-eval-queries-'));
  const rows: Row[] = [];
  try {
    for (const dataset of datasets) rows.push(...(await evaluate(root, dataset, split, samples, dir, own)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '–');
  const sought = own ? "words of each listing typed, the listing's own product sought" : "words of the table A listing typed, the table B listing's product sought";
  console.log(`\nTyped search on real offers (${evalEngine()}): for labelled matches of the ${split} split, ${sought}`);
  console.log(
    formatTable(
      ['dataset', 'typed', 'searches', 'A and B in one product', 'first answer right', 'right when in one', 'in one, not offered', 'shown at all', 'answered nothing', 'accessory first', 'ms/search'],
      rows.map((r) => [
        r.dataset,
        r.kind,
        String(r.queries),
        pct(r.together, r.queries),
        pct(r.first, r.queries),
        pct(r.togetherFirst, r.together),
        String(r.togetherAbsent),
        pct(r.shown, r.queries),
        String(r.nothing),
        String(r.accessoryFirst),
        r.queries > 0 ? (r.ms / r.queries).toFixed(1) : '–',
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
