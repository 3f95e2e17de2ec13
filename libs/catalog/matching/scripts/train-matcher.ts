/**
 * Fits the pair-matching model on the train split of every public set (the ER-Magellan tables Abt-Buy,
 * Amazon-Google and Walmart-Amazon, the dirty Walmart-Amazon and the five WDC product sets), picks the
 * hyper-parameters and the decision threshold on their valid splits (best mean F1 over the sets), and writes
 * src/lib/matcher-weights.json, with pair-word-weights.json and offer-embedding.json beside it, which the library
 * loads at run time. Deterministic: the same data gives the same files byte for byte. CPU only, no network.
 *
 *   npm run train:matcher -- [--data <dir>] [--model trees|linear] [--trees 200] [--depth 3] [--without f1,f2] [--out <file>]
 *     [--embed-dims 32] [--embed-epochs 20] [--embed-rate 0.03]
 *
 * Without --trees and --depth, each of TREE_GRID is fitted and the one with the best mean valid F1 is kept.
 * --without names features the trees may not use, to measure what each adds on the valid splits.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  embeddingModelFromJson,
  embeddingModelToJson,
  FEATURE_NAMES,
  type MatcherModel,
  modelFromJson,
  modelToJson,
  pairTerms,
  type PreparedOffer,
  setEmbeddingModel,
  setPairWordModel,
  toPrepared,
} from '../src';
import { type Dataset, DATASETS, type DatasetName, loadDataset, missingFile, parseArgs, prf, resolveDataDir } from './er-magellan';
import { fitLinear, fitTrees } from './fit';
import { crossFittedScores, fitPairWords } from './fit-words';
import { crossFittedCosines, type EmbeddingFitOptions, fitEmbedding } from './fit-embedding';
import { type FeaturisedPair, featurise, modelScores } from './pair-scores';

/** Hyper-parameters tried (trees, depth), chosen on the valid splits. */
const TREE_GRID: ReadonlyArray<{ trees: number; depth: number }> = [
  { trees: 200, depth: 3 },
  { trees: 300, depth: 4 },
  { trees: 400, depth: 5 },
];

interface ValidSet {
  name: DatasetName;
  scores: number[];
  labels: number[];
}

/** The threshold (0.05–0.95, step 0.005) with the best mean F1 over the sets. */
function pickThreshold(sets: readonly ValidSet[]): { threshold: number; meanF1: number } {
  let best = { threshold: 0.5, meanF1: -1 };
  for (let i = 10; i <= 190; i++) {
    const t = i / 200;
    const meanF1 = sets.reduce((s, v) => s + prf(v.scores, v.labels, t).f1, 0) / sets.length;
    if (meanF1 > best.meanF1) best = { threshold: t, meanF1 };
  }
  return best;
}

/** --rate, --lambda and --min-child, when given: the learning rate, leaf shrinkage and least hessian of a leaf. */
function treeKnobs(args: Record<string, string>): { learningRate?: number; lambda?: number; minChildWeight?: number } {
  const knobs: { learningRate?: number; lambda?: number; minChildWeight?: number } = {};
  if (args['rate']) knobs.learningRate = Number(args['rate']);
  if (args['lambda']) knobs.lambda = Number(args['lambda']);
  if (args['min-child']) knobs.minChildWeight = Number(args['min-child']);
  return knobs;
}

/** A flag's value as a positive number (a whole one when `whole`), else an error naming the flag. */
function positiveArg(args: Record<string, string>, name: string, whole: boolean): number {
  const value = Number(args[name]);
  if (!(value > 0) || !Number.isFinite(value) || (whole && !Number.isInteger(value))) throw new Error(`--${name} must be a positive ${whole ? 'whole number' : 'number'}, not "${args[name]}"`);
  return value;
}

/** The source of a set's pairs: the dirty Walmart-Amazon is Walmart-Amazon's, each WDC category is WDC's. */
const sourceOf = (name: string) => (name.startsWith('WDC-') ? 'WDC' : name.replace(/^Dirty-/, ''));

/** Folds of the cross-fitted pair word scores and embedding cosines the trees are trained on. */
const WORD_FOLDS = 5;

/**
 * The featurised train pairs of every set, each labelled pair once (WDC-all holds the pairs of the four WDC
 * categories). Fits the pair word model and the offer embedding on them first and writes them beside `out`
 * (pair-word-weights.json, offer-embedding.json); the trees see, on each train pair, the word score and the cosine of
 * models fitted without that pair's fold, as they will see on pairs those models never saw. A pair's fold is its
 * place in its set's split: the dirty Walmart-Amazon lists Walmart-Amazon's pairs in the same order, so a pair and its
 * dirty copy fall in one fold and neither model has seen the other when it scores one.
 */
function trainRows(datasets: readonly Dataset[], out: string, log: (s: string) => void, embedOpts: EmbeddingFitOptions): FeaturisedPair[] {
  const seen = new Set<string>();
  const picked: { ds: Dataset; i: number; fold: number; a: PreparedOffer; b: PreparedOffer; terms: string[]; label: number; source: string }[] = [];
  for (const ds of datasets) {
    ds.pairs('train').forEach((p, i) => {
      const key = `${ds.name.startsWith('WDC-') ? 'WDC' : ds.name}\t${p.leftText}\t${p.rightText}`;
      if (seen.has(key)) return;
      seen.add(key);
      const a = toPrepared(p.left, ds.stats);
      const b = toPrepared(p.right, ds.stats);
      picked.push({ ds, i, fold: i, a, b, terms: pairTerms(a, b), label: p.label, source: sourceOf(ds.name) });
    });
  }
  const words = fitPairWords(picked);
  const wordsFile = path.join(path.dirname(out), 'pair-word-weights.json');
  fs.writeFileSync(wordsFile, JSON.stringify({ bias: words.bias, weights: Object.fromEntries(words.weights) }) + '\n');
  log(`pair words: ${words.weights.size} weighted terms, wrote ${wordsFile}`);
  setPairWordModel(words);
  const crossFitted = crossFittedScores(picked, WORD_FOLDS);
  const column = FEATURE_NAMES.indexOf('pairWords');
  // Round-tripped through its file format: the trees are measured on the quantised vectors the library loads.
  const embedding = embeddingModelFromJson(embeddingModelToJson(fitEmbedding(picked, embedOpts)));
  const embeddingFile = path.join(path.dirname(out), 'offer-embedding.json');
  fs.writeFileSync(embeddingFile, JSON.stringify(embeddingModelToJson(embedding)) + '\n');
  setEmbeddingModel(embedding);
  const crossCosines = crossFittedCosines(picked, WORD_FOLDS, embedOpts);
  log(`embedding: ${embedding.index.size} features of ${embedding.dims} dimensions, wrote ${embeddingFile}`);
  const embedColumn = FEATURE_NAMES.indexOf('embedCosine');
  const featurised = new Map(datasets.map((ds) => [ds, featurise(ds, 'train')]));
  return picked.map((p, k) => {
    const row = featurised.get(p.ds)?.[p.i];
    if (!row) throw new Error(`${p.ds.name}: no train pair ${p.i} for a featurised row`);
    row.x[column] = crossFitted[k] as number;
    row.evidence.features.pairWords = crossFitted[k] as number;
    row.x[embedColumn] = crossCosines[k] as number;
    row.evidence.features.embedCosine = crossCosines[k] as number;
    return row;
  });
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = resolveDataDir(args['data']);
  const kind = args['model'] ?? 'trees';
  if (kind !== 'trees' && kind !== 'linear') throw new Error('--model must be trees or linear');
  const out = path.resolve(args['out'] ?? path.join(__dirname, '..', 'src', 'lib', 'matcher-weights.json'));
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const without = new Set((args['without'] ?? '').split(',').filter(Boolean));
  for (const name of without) if (!(FEATURE_NAMES as readonly string[]).includes(name)) throw new Error(`--without: unknown feature "${name}"`);
  const names = DATASETS.filter((name) => {
    const missing = missingFile(dataDir, name, ['train', 'valid']);
    if (missing) log(`${name}: skipped, ${missing} is not there`);
    return !missing;
  });
  if (names.length === 0) throw new Error(`no dataset in ${dataDir}`);
  const datasets = names.map((name) => loadDataset(dataDir, name));
  const embedOpts: EmbeddingFitOptions = {};
  if (args['embed-dims']) embedOpts.dims = positiveArg(args, 'embed-dims', true);
  if (args['embed-epochs']) embedOpts.epochs = positiveArg(args, 'embed-epochs', true);
  if (args['embed-rate']) embedOpts.rate = positiveArg(args, 'embed-rate', false);
  const train = trainRows(datasets, out, log, embedOpts);
  log(`train: ${train.length} pairs from ${names.length} sets`);
  const valid = datasets.map((ds) => ({ name: ds.name, rows: featurise(ds, 'valid') }));
  const validOf = (model: MatcherModel): ValidSet[] => valid.map((v) => ({ name: v.name, scores: modelScores(model, v.rows), labels: v.rows.map((r) => r.label) }));

  let chosen: { model: MatcherModel; sets: ValidSet[]; threshold: number; meanF1: number; params: string };
  if (kind === 'linear') {
    const model = fitLinear(train, { log });
    const sets = validOf(model);
    chosen = { model, sets, ...pickThreshold(sets), params: 'linear' };
  } else {
    const grid = args['trees'] || args['depth'] ? [{ trees: Number(args['trees'] ?? 200), depth: Number(args['depth'] ?? 3) }] : TREE_GRID;
    chosen = { model: fitTrees([], { trees: 0 }), sets: [], threshold: 0.5, meanF1: -1, params: '' };
    for (const params of grid) {
      const model = fitTrees(train, { ...params, ...treeKnobs(args), without, log });
      const sets = validOf(model);
      const picked = pickThreshold(sets);
      log(`trees ${params.trees} depth ${params.depth}: mean valid F1 ${(picked.meanF1 * 100).toFixed(2)} at ${picked.threshold}`);
      if (picked.meanF1 > chosen.meanF1) chosen = { model, sets, ...picked, params: `${params.trees} trees of depth ${params.depth}` };
    }
  }
  const model = chosen.model;
  model.threshold = chosen.threshold;
  const metrics: Record<string, unknown> = {};
  for (const v of chosen.sets) {
    const r = prf(v.scores, v.labels, model.threshold);
    metrics[v.name] = { precision: +r.precision.toFixed(4), recall: +r.recall.toFixed(4), f1: +r.f1.toFixed(4) };
  }
  const json = modelToJson(model, {
    trainedOn: `train splits of ${names.join(', ')} (${train.length} pairs); ${chosen.params} and the threshold chosen on their valid splits`,
    metrics: { valid: metrics },
  });
  modelFromJson(json); // the file must load
  fs.writeFileSync(out, JSON.stringify(json) + '\n');
  process.stdout.write(`wrote ${out} (${kind}, ${fs.statSync(out).size} bytes)\n`);
  if (model.kind === 'linear') {
    for (const name of FEATURE_NAMES) process.stdout.write(`  ${name.padEnd(18)} ${model.weights[name].toFixed(3)}\n`);
  }
  process.stdout.write(`${chosen.params}, threshold ${model.threshold}\nvalid F1: ${JSON.stringify(metrics)}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
