/**
 * `npm run train:ranking -- [--data <dir>] [--datasets A,B] [--out <file>] [--cases <file>]`
 *
 * Fits how products are ranked for words alone (libs/catalog/core/src/lib/ranking-weights.json) on searches built from
 * real offers: each ER-Magellan dataset's tables A and B are imported into an empty catalog without their labels (as
 * `eval:queries` does); then, for every labelled match of the TRAIN split, the words of one listing are searched with
 * that listing left out of the catalog, and the right answer is the product holding the other listing. Words are taken
 * three ways: typed title words (the first five words of the title), a typed model number (the listing's own, else
 * the longest model number of its title), and a URL slug made of the title (its words as a retailer's address would
 * carry them, from the listing's retailer). Typed words and slugs get parameters of their own. Both start at the values
 * the ranking had when it was set by hand (`HAND_SET`), which are also the fit's prior: a parameter moves only as far as
 * the train cases' likelihood pays for. `HELD` factors are rules kept by hand. Valid-split cases are only reported,
 * never fitted on. `--cases <file>` keeps the searches' candidates in that file (read from it when it exists, written
 * otherwise), for trying the fit again without searching again. Deterministic: the same data gives the same file byte
 * for byte. CPU only, no network.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createProgressBar, readErMagellanPairs, type ErMagellanDataset, type ErMagellanSplit } from '@pricehunt/catalog-feeds';
import { defaultRanking, WORDS_EVIDENCE, type OfferRow, type RankingWeights, type WordsEvidence, type WordsKind, type WordsRanking } from '@pricehunt/catalog-core';
import { getDefaultModel, type ItemIdentity } from '@pricehunt/catalog-matching';
import { slugQueryFromUrl } from '@pricehunt/catalog-identity';
import { answeredRight, fitRanking, type RankingCase } from '../../libs/catalog/core/scripts/fit-ranking';
import { chosenDatasets, importErMagellanDataset, modelNumberOf } from '../eval/er-magellan-catalog';
import { openEvalDatabase } from '../eval/eval-database';
import { formatTable } from '../eval/table';
import { present } from '@pricehunt/contracts';

const USAGE = 'usage: npm run train:ranking -- [--data <dir with the ER-Magellan datasets>] [--datasets A,B] [--out <file>]';
const TITLE_WORDS = 5;
const SLUG_WORDS = 12;
const DEFAULT_OUT = path.join(__dirname, '..', '..', 'libs', 'catalog', 'core', 'src', 'lib', 'ranking-weights.json');

interface Query {
  kind: WordsKind;
  label: string;
  words: (offer: OfferRow) => string | null;
}

/** The words a URL made of the title would carry (`/<title-words>/p/<id>` at the listing's retailer). */
function slugWordsOf(offer: OfferRow): string | null {
  const slug = offer.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .split('-')
    .filter(Boolean)
    .slice(0, SLUG_WORDS)
    .join('-');
  if (!slug) return null;
  return slugQueryFromUrl(`https://${offer.retailerId.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example/${slug}/p/${offer.id}`);
}

const QUERIES: Query[] = [
  { kind: 'typed', label: 'title words', words: (offer) => offer.title.split(/\s+/).slice(0, TITLE_WORDS).join(' ') || null },
  { kind: 'typed', label: 'model number', words: modelNumberOf },
  { kind: 'slug', label: 'URL slug', words: slugWordsOf },
];

interface Cases {
  train: Record<WordsKind, RankingCase[]>;
  valid: Record<WordsKind, RankingCase[]>;
  /** Per dataset, query and split: searches made, and those whose right product was among the candidates. */
  counts: Array<{ dataset: string; query: string; split: ErMagellanSplit; searches: number; among: number }>;
}

async function casesOf(root: string, dataset: ErMagellanDataset, dir: string, cases: Cases): Promise<void> {
  const db = await openEvalDatabase(dir, dataset, 'file:');
  try {
    await importErMagellanDataset(root, dataset, db);
    const matcher = db.catalog.matcher;
    for (const split of ['train', 'valid'] as const) {
      const { pairs } = await readErMagellanPairs(root, dataset, split);
      const matches: Array<[OfferRow, OfferRow]> = [];
      for (const pair of pairs.filter((each) => each.label === 1)) {
        const left = await db.ports.catalog.findOfferByExternalId(pair.left.retailer, pair.left.externalId);
        const right = await db.ports.catalog.findOfferByExternalId(pair.right.retailer, pair.right.externalId);
        if (!left || !right) continue;
        // Each listing's words, the other listing sought.
        matches.push([left, right], [right, left]);
      }
      const bar = createProgressBar({ label: `${dataset} ${split} searches`, unit: 'searches', total: matches.length * QUERIES.length });
      let done = 0;
      for (const query of QUERIES) {
        const count = { dataset, query: query.label, split, searches: 0, among: 0 };
        for (const [from, sought] of matches) {
          bar.update(++done);
          const words = query.words(from);
          if (!words || sought.productId == null) continue;
          count.searches++;
          const item: ItemIdentity = { title: words };
          const ranked = await matcher.rankAsync(item, {
            useIndex: true,
            wordsOnly: true,
            typed: query.kind === 'typed',
            unlistedAt: query.kind === 'slug' ? from.retailerId : undefined,
            excludeOfferId: from.id,
            // The searches rank with the fit's start, not the committed file: what the fit reads must not depend on
            // the file it writes.
            ranking: start(),
          });
          if (ranked.length === 0 || ranked.some((entry) => !entry.words)) continue;
          // A search whose right product is no candidate should answer nothing.
          const right = ranked.findIndex((entry) => entry.productId === sought.productId);
          if (right >= 0) count.among++;
          cases[split][query.kind].push({ candidates: ranked.map((entry) => present(entry.words)), right });
        }
        cases.counts.push(count);
      }
      bar.done();
    }
  } finally {
    await db.close();
  }
}

/**
 * Where the fit starts, and the prior it is drawn back to: the values the ranking had before it was fitted, set by hand
 * (blend 0.5; evidence new with the fit, 1).
 */
const HAND_SET: Record<WordsEvidence, number> = {
  quantityConflicts: 0.5,
  colourConflict: 0.6,
  modelConflict: 0.4,
  modelMismatch: 0.7,
  editionConflict: 0.6,
  lineConflict: 0.5,
  numberConflict: 0.7,
  listedAtRetailer: 0.8,
  nameConflicts: 0.7,
  brandConflict: 0.5,
  accessoryProduct: 0.6,
  accessoryWords: 1,
  wordsMissing: 1,
};
const handSet = (): WordsRanking => ({ blend: 0.5, factors: { ...HAND_SET } });

/**
 * Kept by hand, not fitted: evidence the sets' labelled matches hold too rarely for the fit to weigh (their listings are
 * of the 2000s, seldom sold in colours, editions or numbered lines), each for the real case whose test needs it:
 * - accessoryProduct: "canon powershot sd1100" is the camera, not the "Dicapac Underwater Housing Case for Canon
 *   PowerShot SD1100 …" that holds every word (search spec); fitted, it goes to 1 and puts more accessories first on
 *   Amazon-Google's valid searches;
 * - accessoryWords: "replacement battery for kx-tg6512b" is no phone (search spec);
 * - listedAtRetailer: a product the URL's retailer already sells under another id is only a little less likely the one
 *   the URL shows (slug spec: "prefers, among products of one name, the one the URL's retailer does not sell under
 *   another id yet"); in the sets every table A listing is at the URL's retailer, so the fit would read it as "never";
 * - colourConflict: Best Buy's "garmin-forerunner-265-…-black" is not the Whitestone watch (real-links spec);
 * - editionConflict: Amazon's "Instant-Pot-Electric-Pressure-Sterilizer" is the Duo, not the Duo Plus (real-links spec);
 * - numberConflict: two models of a line told apart by a four-digit number the slug names (slug spec);
 * - nameConflicts: "beats studio pro" is not a Beats Fit Pro (slug spec: the name the words begin with).
 */
const HELD_FACTORS: Partial<Record<WordsEvidence, number>> = {
  accessoryProduct: 0.6,
  accessoryWords: 0.5,
  listedAtRetailer: 0.8,
  colourConflict: 0.6,
  editionConflict: 0.6,
  numberConflict: 0.7,
  nameConflicts: 0.7,
};
const HELD = Object.keys(HELD_FACTORS) as WordsEvidence[];
/**
 * A slug's blend is kept at its hand-set 0.5. The sets' slugs are made of whole titles of listings that share few words
 * with their retailer's other listings, so the fit weighs coverage far over the matcher (0.2 to 0.35); a real slug of
 * a big retailer's listing shares that retailer's wording with other products' listings, and coverage then favours
 * them: "beats-studio-pro-wireless-headphones-with-mic-for-phone-calls-hi-res-audio-white" is the Studio Pro, not the
 * Beats Fit Pro whose listings hold more of those words (slug spec: the name the words begin with).
 */
const BLEND_HELD: Record<WordsKind, boolean> = { typed: false, slug: true };
const start = (): WordsRanking => {
  const ranking = handSet();
  for (const evidence of HELD) ranking.factors[evidence] = present(HELD_FACTORS[evidence]);
  return ranking;
};

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' }, datasets: { type: 'string' }, out: { type: 'string' }, cases: { type: 'string' } } });
  const { root, datasets } = chosenDatasets({ data: values.data, datasets: values.datasets }, USAGE);
  const out = path.resolve(values.out ?? DEFAULT_OUT);
  let cases: Cases = { train: { typed: [], slug: [] }, valid: { typed: [], slug: [] }, counts: [] };
  if (values.cases && fs.existsSync(values.cases)) cases = JSON.parse(fs.readFileSync(values.cases, 'utf8')) as Cases;
  else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-train-ranking-'));
    try {
      // Datasets in a fixed order, whatever order the option names them in.
      for (const dataset of [...datasets].sort()) await casesOf(root, dataset, dir, cases);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (values.cases) fs.writeFileSync(values.cases, JSON.stringify(cases));
  }
  console.log(
    formatTable(
      ['dataset', 'words', 'split', 'searches', 'right product among the candidates'],
      cases.counts.map((count) => [count.dataset, count.query, count.split, String(count.searches), String(count.among)]),
    ),
  );
  const threshold = getDefaultModel().threshold;
  const weights = {} as RankingWeights;
  const metrics: Record<string, unknown> = {};
  const rows: string[][] = [];
  for (const kind of ['typed', 'slug'] as const) {
    console.log(`\nFitting the ${kind} ranking on ${cases.train[kind].length} train cases`);
    const fit = fitRanking(cases.train[kind], start(), { threshold, held: HELD, holdBlend: BLEND_HELD[kind], log: (line) => console.log(line) });
    weights[kind] = fit.ranking;
    const pct = (share: number) => +(100 * share).toFixed(2);
    const share = (split: 'train' | 'valid', ranking: WordsRanking) => answeredRight(cases[split][kind], ranking, threshold);
    const before = { train: share('train', start()), valid: share('valid', start()) };
    const committed = { train: share('train', defaultRanking()[kind]), valid: share('valid', defaultRanking()[kind]) };
    const after = { train: fit.answeredRight, valid: share('valid', fit.ranking) };
    metrics[kind] = { sharpness: fit.sharpness, trainCases: cases.train[kind].length, validCases: cases.valid[kind].length, answeredRight: { train: pct(after.train), valid: pct(after.valid) } };
    rows.push([
      kind,
      String(cases.train[kind].length),
      `${pct(before.train)}%`,
      `${pct(committed.train)}%`,
      `${pct(after.train)}%`,
      String(cases.valid[kind].length),
      `${pct(before.valid)}%`,
      `${pct(committed.valid)}%`,
      `${pct(after.valid)}%`,
    ]);
  }
  const json = {
    trainedOn: `train-split matches of ${[...datasets].sort().join(', ')}: each listing's words searched with it left out, the other listing's product sought`,
    ...weights,
    metrics,
  };
  fs.writeFileSync(out, `${JSON.stringify(json, null, 1)}\n`);
  console.log(
    `\nSearches answered right: the right product first and at least the matcher's threshold (${threshold}), or nothing answered when it is no candidate (start: the hand-set values; committed: the file as it was)`,
  );
  console.log(formatTable(['words', 'train cases', 'start', 'committed', 'fitted', 'valid cases', 'start', 'committed', 'fitted'], rows));
  for (const kind of ['typed', 'slug'] as const) {
    console.log(`\n${kind}: blend ${weights[kind].blend}; ${WORDS_EVIDENCE.map((evidence) => `${evidence} ${weights[kind].factors[evidence]}`).join(', ')}`);
  }
  console.log(`\nwrote ${out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
