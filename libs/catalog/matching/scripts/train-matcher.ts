/**
 * Fits the pair-matching model on the train split of Abt-Buy, Amazon-Google and Walmart-Amazon,
 * picks the decision threshold on the valid split (best mean F1 over the three), and writes
 * src/lib/matcher-weights.json, which the library loads at run time.
 *
 *   npm run train:matcher -- [--data <dir>] [--model trees|linear] [--trees 200] [--depth 3] [--out <file>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_NAMES, type MatcherModel, modelFromJson, modelToJson } from '../src';
import { TABLE_DATASETS as DATASETS, loadDataset, parseArgs, prf, resolveDataDir } from './er-magellan';
import { fitLinear, fitTrees } from './fit';
import { featurise, modelScores } from './pair-scores';

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = resolveDataDir(args['data']);
  const kind = args['model'] ?? 'trees';
  if (kind !== 'trees' && kind !== 'linear') throw new Error('--model must be trees or linear');
  const out = path.resolve(args['out'] ?? path.join(__dirname, '..', 'src', 'lib', 'matcher-weights.json'));
  const datasets = DATASETS.map((name) => loadDataset(dataDir, name));
  const train = datasets.flatMap((ds) => featurise(ds, 'train'));
  const valid = datasets.map((ds) => ({ name: ds.name, rows: featurise(ds, 'valid') }));
  const log = (s: string) => process.stderr.write(`${s}\n`);

  const model: MatcherModel =
    kind === 'linear'
      ? fitLinear(train, { log })
      : fitTrees(train, {
          trees: args['trees'] ? Number(args['trees']) : undefined,
          depth: args['depth'] ? Number(args['depth']) : undefined,
          log,
        });

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
  modelFromJson(json); // the file must load
  fs.writeFileSync(out, JSON.stringify(json) + '\n');
  process.stdout.write(`wrote ${out} (${kind}, ${fs.statSync(out).size} bytes)\n`);
  if (model.kind === 'linear') {
    for (const name of FEATURE_NAMES) process.stdout.write(`  ${name.padEnd(18)} ${model.weights[name].toFixed(3)}\n`);
  }
  process.stdout.write(`threshold ${model.threshold}\nvalid F1: ${JSON.stringify(metrics)}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
