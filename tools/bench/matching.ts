/**
 * `npm run bench:matching`: cost of ranking search candidates with the pair matcher, beside a plain
 * TF-IDF character-trigram cosine over the same pairs on the same machine.
 *
 * Each simulated search takes one Walmart-Amazon offer as the query and 200 offers of the other
 * table as candidates (real titles, brands, model numbers and prices from ER-Magellan, read in place).
 * "cold" prepares every candidate inside the search; "warm" reuses prepared candidates (what a
 * service with a prepared-offer cache pays).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildIdfStats, compactTitle, packedCosine, prepareOffer, scorePair, trigramVector } from '../../libs/catalog/matching/src';
import { loadDataset, resolveDataDir } from '../../libs/catalog/matching/scripts/er-magellan';
import { printTable, saveRows, type BenchRow } from './report';
import { present } from '@pricehunt/contracts';

const SEARCHES = 300;
const CANDIDATES = 200;
/**
 * The pass marks. The ratios are against the baseline run beside it, so a loaded machine does not flip them: warm
 * (prepared candidates reused) is the path services should take, no slower than 1.5x the bare trigram cosine; cold
 * preparation extracts words, model numbers, quantities, colours and brand on top of the trigram vector the baseline
 * builds, hence the looser mark. The matcher's own limits hold whatever the baseline: per candidate pair on one core
 * (median), and the size of the model it ships.
 */
const TARGETS = { warmRatio: 1.5, coldRatio: 5, pairMs: 2, modelMb: 50 };
/** The files the matcher loads: the trees, the pair word weights and offer embedding they read features from, and the words model. */
const MODEL_FILES = ['matcher-weights.json', 'pair-word-weights.json', 'offer-embedding.json', 'matcher-words-weights.json'].map((f) => path.join(__dirname, '../../libs/catalog/matching/src/lib', f));

/** A row whose value must stay under its limit. */
function limitRow(metric: string, value: number, limit: number, unit: string): BenchRow {
  return { bench: 'matching', metric, value: `${value.toFixed(2)}${unit}`, target: `< ${limit}${unit}`, pass: value < limit };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function main(): void {
  const dataDir = resolveDataDir(process.argv[2]);
  const ds = loadDataset(dataDir, 'Walmart-Amazon');
  const pairs = ds.pairs('train');
  const left = [...new Set(pairs.map((p) => p.left))];
  const right = [...new Set(pairs.map((p) => p.right))];
  const stats = buildIdfStats([...left, ...right].map((o) => o.title), { brands: [...left, ...right].map((o) => o.brand) });
  const searches = Array.from({ length: SEARCHES }, (_, i) => ({
    query: present(left[(i * 7) % left.length]),
    candidates: Array.from({ length: CANDIDATES }, (_, j) => present(right[(i * 131 + j * 17) % right.length])),
  }));
  const warmPrepared = new Map(right.map((o) => [o, prepareOffer(o, stats)]));

  const time = (fn: (s: (typeof searches)[number]) => number): number[] =>
    searches.map((s) => {
      const t0 = process.hrtime.bigint();
      fn(s);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    });
  const baseline = (s: (typeof searches)[number]) => {
    const q = trigramVector(compactTitle(s.query.title), stats);
    let best = 0;
    for (const c of s.candidates) best = Math.max(best, packedCosine(q, trigramVector(compactTitle(c.title), stats)));
    return best;
  };
  const cold = (s: (typeof searches)[number]) => {
    const q = prepareOffer(s.query, stats);
    let best = 0;
    for (const c of s.candidates) best = Math.max(best, scorePair(q, prepareOffer(c, stats)).score);
    return best;
  };
  const warm = (s: (typeof searches)[number]) => {
    const q = prepareOffer(s.query, stats);
    let best = 0;
    for (const c of s.candidates) best = Math.max(best, scorePair(q, present(warmPrepared.get(c))).score);
    return best;
  };
  // Warm-up so the JIT has seen every path, then interleave the runs.
  for (const fn of [baseline, cold, warm]) time(fn);
  const runs = { baseline: [] as number[], cold: [] as number[], warm: [] as number[] };
  for (let r = 0; r < 3; r++) {
    runs.baseline.push(...time(baseline));
    runs.cold.push(...time(cold));
    runs.warm.push(...time(warm));
  }
  const p95 = { baseline: percentile(runs.baseline, 95), cold: percentile(runs.cold, 95), warm: percentile(runs.warm, 95) };
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  const perPair = percentile(runs.cold, 50) / CANDIDATES;
  const modelMb = MODEL_FILES.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
  const rows: BenchRow[] = [
    { bench: 'matching', metric: `tf-idf trigram baseline p95 (${CANDIDATES} candidates)`, value: fmt(p95.baseline) },
    { bench: 'matching', metric: `scorePair cold p95 (${CANDIDATES} candidates)`, value: fmt(p95.cold) },
    { bench: 'matching', metric: `scorePair warm p95 (${CANDIDATES} candidates)`, value: fmt(p95.warm) },
    limitRow('cold / baseline (p95)', p95.cold / p95.baseline, TARGETS.coldRatio, 'x'),
    limitRow('warm / baseline (p95)', p95.warm / p95.baseline, TARGETS.warmRatio, 'x'),
    limitRow('per candidate pair, cold (median)', perPair, TARGETS.pairMs, ' ms'),
    limitRow(`model size (${MODEL_FILES.map((f) => path.basename(f)).join(' + ')})`, modelMb, TARGETS.modelMb, ' MB'),
  ];
  printTable(`Matching: ${SEARCHES} searches x 3 runs, data ${path.relative(process.cwd(), dataDir) || dataDir}`, rows);
  saveRows('matching', rows);
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

main();
