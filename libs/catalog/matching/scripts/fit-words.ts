/**
 * Fits the pair word model (src/lib/pair-words.ts): a logistic regression over the terms of labelled pairs, with L2
 * shrinkage, by Adagrad over the pairs in a fixed shuffled order. Deterministic. Terms seen in fewer than
 * MIN_PAIRS training pairs, or in the pairs of fewer than MIN_SOURCES sources, are left out: a weight learned from one
 * pair says more about that pair than about words.
 */
import { type PairWordModel, termsScore } from '../src';

export interface TermRow {
  terms: readonly string[];
  label: number;
  /** Where the pair comes from (a public set, its dirty form and its categories counted as one source). */
  source?: string;
  /** The pair's fold when fitting across folds (its place in its set's split); else its place among the rows. */
  fold?: number;
}

const MIN_PAIRS = 2;
/**
 * Terms seen in the pairs of fewer sources than this are left out too: a word that tells matches apart in one
 * retailer's catalog only (a software title's edition words, one shop's colour names) is that catalog's habit, not
 * what words say about products elsewhere.
 */
const MIN_SOURCES = 2;

export interface WordFitOptions {
  epochs?: number;
  l2?: number;
  rate?: number;
}

/** A seeded stream of 32-bit unsigned integers (linear congruential): the fits' fixed orders and starts. */
export function seededIntegers(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
}

/** A fixed permutation of 0..n-1 (linear congruential shuffle, seeded). */
function permutation(n: number, seed: number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const next = seededIntegers(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = next() % (i + 1);
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  return order;
}

export function fitPairWords(rows: readonly TermRow[], opts: WordFitOptions = {}): PairWordModel {
  const epochs = opts.epochs ?? 12;
  const l2 = opts.l2 ?? 1e-4;
  const rate = opts.rate ?? 0.1;
  const count = new Map<string, number>();
  const sources = new Map<string, Set<string>>();
  for (const r of rows) {
    for (const t of new Set(r.terms)) {
      count.set(t, (count.get(t) ?? 0) + 1);
      let seen = sources.get(t);
      if (!seen) sources.set(t, (seen = new Set()));
      seen.add(r.source ?? '');
    }
  }
  const vocab = [...count].filter(([t, n]) => n >= MIN_PAIRS && (sources.get(t)?.size ?? 0) >= MIN_SOURCES).map(([t]) => t).sort();
  const index = new Map(vocab.map((t, i) => [t, i]));
  const encoded = rows.map((r) => Int32Array.from(r.terms.map((t) => index.get(t) ?? -1).filter((i) => i >= 0)));
  const w = new Float64Array(vocab.length);
  const g2 = new Float64Array(vocab.length).fill(1e-8);
  let bias = 0;
  let b2 = 1e-8;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const i of permutation(rows.length, 7919 + epoch)) {
      const x = encoded[i] as Int32Array;
      let z = bias;
      for (const j of x) z += w[j] as number;
      const err = 1 / (1 + Math.exp(-z)) - (rows[i] as TermRow).label;
      for (const j of x) {
        const g = err + l2 * (w[j] as number);
        g2[j] = (g2[j] as number) + g * g;
        w[j] = (w[j] as number) - (rate * g) / Math.sqrt(g2[j]);
      }
      b2 += err * err;
      bias -= (rate * err) / Math.sqrt(b2);
    }
  }
  const weights = new Map<string, number>();
  vocab.forEach((t, j) => {
    const v = Math.round((w[j] as number) * 1e4) / 1e4;
    if (v !== 0) weights.set(t, v);
  });
  return { bias: Math.round(bias * 1e4) / 1e4, weights };
}

/** Scores of each row from a model fitted on the other folds (rows whose fold ≡ k mod folds form fold k). */
export function crossFittedScores(rows: readonly TermRow[], folds: number, opts: WordFitOptions = {}): number[] {
  const out = new Array<number>(rows.length).fill(0);
  const foldOf = (r: TermRow, i: number) => (r.fold ?? i) % folds;
  for (let k = 0; k < folds; k++) {
    const model = fitPairWords(rows.filter((r, i) => foldOf(r, i) !== k), opts);
    rows.forEach((r, i) => {
      if (foldOf(r, i) === k) out[i] = termsScore(model, r.terms);
    });
  }
  return out;
}
