/**
 * Fits the pair-matching model: logistic regression over the pair features on the train split of
 * Abt-Buy, Amazon-Google and Walmart-Amazon, with non-positive weights kept for evidence against a
 * match; picks the decision threshold on the valid split; writes src/lib/matcher-weights.json.
 *
 *   npm run train:matcher -- [--data <dir>] [--out <file>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_NAMES, type MatcherModel, modelToJson, NON_POSITIVE_FEATURES } from '../src';
import { DATASETS, loadDataset, parseArgs, prf, resolveDataDir } from './er-magellan';
import { type FeaturisedPair, featurise, modelScores } from './pair-scores';

const L2 = 1e-3;
const EPOCHS = 4000;
const LEARNING_RATE = 0.05;

function fit(rows: readonly FeaturisedPair[]): { weights: number[]; bias: number } {
  const d = FEATURE_NAMES.length;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const m = new Array<number>(d + 1).fill(0);
  const v = new Array<number>(d + 1).fill(0);
  const clamp = FEATURE_NAMES.map((n) => NON_POSITIVE_FEATURES.has(n));
  const n = rows.length;
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const grad = new Array<number>(d + 1).fill(0);
    for (const row of rows) {
      let z = b;
      for (let j = 0; j < d; j++) z += (w[j] as number) * (row.x[j] as number);
      const err = 1 / (1 + Math.exp(-z)) - row.label;
      for (let j = 0; j < d; j++) grad[j] = (grad[j] as number) + err * (row.x[j] as number);
      grad[d] = (grad[d] as number) + err;
    }
    for (let j = 0; j <= d; j++) {
      let g = (grad[j] as number) / n;
      if (j < d) g += L2 * (w[j] as number);
      m[j] = 0.9 * (m[j] as number) + 0.1 * g;
      v[j] = 0.999 * (v[j] as number) + 0.001 * g * g;
      const mh = (m[j] as number) / (1 - 0.9 ** epoch);
      const vh = (v[j] as number) / (1 - 0.999 ** epoch);
      const step = (LEARNING_RATE * mh) / (Math.sqrt(vh) + 1e-8);
      if (j < d) {
        w[j] = (w[j] as number) - step;
        if (clamp[j] && (w[j] as number) > 0) w[j] = 0;
      } else b -= step;
    }
    if (epoch % 500 === 0) process.stderr.write(`fitting: epoch ${epoch}/${EPOCHS}\n`);
  }
  return { weights: w, bias: b };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = resolveDataDir(args['data']);
  const out = path.resolve(args['out'] ?? path.join(__dirname, '..', 'src', 'lib', 'matcher-weights.json'));
  const datasets = DATASETS.map((name) => loadDataset(dataDir, name));
  const train = datasets.flatMap((ds) => featurise(ds, 'train'));
  const valid = datasets.map((ds) => ({ name: ds.name, rows: featurise(ds, 'valid') }));

  const { weights, bias } = fit(train);
  const model: MatcherModel = {
    weights: Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, weights[i] as number])) as MatcherModel['weights'],
    bias,
    threshold: 0.5,
  };

  // One threshold for the product: the one with the best mean F1 over the valid splits.
  const validScores = valid.map((v) => ({ ...v, scores: modelScores(model, v.rows), labels: v.rows.map((r) => r.label) }));
  let best = { threshold: 0.5, meanF1: -1 };
  for (let t = 0.05; t <= 0.951; t += 0.005) {
    const meanF1 = validScores.reduce((s, v) => s + prf(v.scores, v.labels, t).f1, 0) / validScores.length;
    if (meanF1 > best.meanF1) best = { threshold: Math.round(t * 1000) / 1000, meanF1 };
  }
  model.threshold = best.threshold;
  const metrics: Record<string, unknown> = {};
  for (const v of validScores) {
    const r = prf(v.scores, v.labels, model.threshold);
    metrics[v.name] = { precision: +r.precision.toFixed(4), recall: +r.recall.toFixed(4), f1: +r.f1.toFixed(4) };
  }
  const json = modelToJson(model, {
    trainedOn: `ER-Magellan train splits (${DATASETS.join(', ')}); threshold chosen on valid`,
    metrics: { valid: metrics },
  });
  fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
  process.stdout.write(`wrote ${out}\n`);
  for (const name of FEATURE_NAMES) process.stdout.write(`  ${name.padEnd(18)} ${model.weights[name].toFixed(3)}\n`);
  process.stdout.write(`  bias               ${bias.toFixed(3)}\n  threshold          ${model.threshold}\n`);
  process.stdout.write(`valid F1: ${JSON.stringify(metrics)}\n`);
}

main();
