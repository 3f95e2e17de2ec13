/**
 * Precision, recall and F1 of the matcher on the pair decisions of a split of every public set present in the data
 * directory (ER-Magellan tables, the Ditto-serialised dirty Walmart-Amazon and WDC sets), beside a TF-IDF
 * character-trigram cosine baseline whose threshold is tuned on the set's train split. A set whose files are not
 * there is skipped with a line saying so.
 *
 * A third line scores the same pairs given what a catalog would already know: the labelled matches of the earlier
 * splits (train for valid; train and valid for test), read as placement reads the offers already in a product
 * (`known-matches.ts`). The first line is the pair matcher alone; the third shows how much the known groups add.
 *
 *   npm run eval:matching -- [--data <dir>] [--split valid|test]
 */
import { getDefaultModel, type ItemIdentity, type MatcherModel, scorePair } from '../src';
import { bestThreshold, type Dataset, DATASETS, loadDataset, missingFile, parseArgs, prf, resolveDataDir, type SplitName } from './er-magellan';
import { KnownMatches } from './known-matches';
import { baselineScores, featurise, modelScores } from './pair-scores';

function pct(n: number): string {
  return (n * 100).toFixed(1).padStart(6);
}

/** The splits whose labels a catalog would already hold when `split` is scored. */
const EARLIER_SPLITS: Record<'valid' | 'test', SplitName[]> = { valid: ['train'], test: ['train', 'valid'] };

/** The model's scores of a split's pairs given the earlier splits' matches, with how many offers those name. */
function knownMatchScores(ds: Dataset, split: 'valid' | 'test', model: MatcherModel, scores: readonly number[]): { scores: number[]; known: number } {
  const known = new KnownMatches(EARLIER_SPLITS[split].flatMap((s) => ds.pairs(s)));
  const records = new Map<string, ItemIdentity>();
  for (const s of [...EARLIER_SPLITS[split], split]) {
    for (const p of ds.pairs(s)) {
      records.set(p.leftText, p.left);
      records.set(p.rightText, p.right);
    }
  }
  const same = (x: string, y: string): boolean => {
    const a = records.get(x);
    const b = records.get(y);
    return !!a && !!b && scorePair(a, b, { model, stats: ds.stats }).isMatch;
  };
  const pairs = ds.pairs(split);
  return { scores: pairs.map((p, i) => known.adjust(p, scores[i] as number, same)), known: known.size };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const split = (args['split'] ?? 'valid') as SplitName;
  if (split !== 'valid' && split !== 'test') throw new Error('--split must be valid or test');
  const dataDir = resolveDataDir(args['data']);
  const model = getDefaultModel();
  const lines: string[] = [];
  lines.push(`split: ${split}   data: ${dataDir}   model threshold: ${model.threshold}`);
  lines.push(`${'dataset'.padEnd(22)}${'method'.padEnd(26)}${'P'.padStart(6)}${'R'.padStart(6)}${'F1'.padStart(6)}   pairs`);
  const started = Date.now();
  for (const name of DATASETS) {
    const missing = missingFile(dataDir, name, ['train', split]);
    if (missing) {
      lines.push(`${name.padEnd(22)}skipped: ${missing} is not there`);
      continue;
    }
    const ds = loadDataset(dataDir, name);
    const rows = featurise(ds, split);
    const labels = rows.map((r) => r.label);
    const scores = modelScores(model, rows);
    const ours = prf(scores, labels, model.threshold);
    const withKnown = knownMatchScores(ds, split, model, scores);
    const contextual = prf(withKnown.scores, labels, model.threshold);
    const train = baselineScores(ds, 'train');
    const tuned = bestThreshold(train.scores, train.labels);
    const base = baselineScores(ds, split);
    const baseline = prf(base.scores, base.labels, tuned.threshold);
    lines.push(`${name.padEnd(22)}${'pricehunt matcher'.padEnd(26)}${pct(ours.precision)}${pct(ours.recall)}${pct(ours.f1)}   ${rows.length}`);
    lines.push(
      `${''.padEnd(22)}${`tf-idf trigram (t=${tuned.threshold.toFixed(3)})`.padEnd(26)}${pct(baseline.precision)}${pct(baseline.recall)}${pct(baseline.f1)}   ${rows.length}`,
    );
    lines.push(
      `${''.padEnd(22)}${'matcher + known matches'.padEnd(26)}${pct(contextual.precision)}${pct(contextual.recall)}${pct(contextual.f1)}   ${rows.length} (${withKnown.known} offers known from ${EARLIER_SPLITS[split].join(' + ')})`,
    );
  }
  lines.push(`elapsed ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(lines.join('\n') + '\n');
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
