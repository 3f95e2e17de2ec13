/** Pair features, model scores and baseline scores over a split, with progress on stderr. */
import {
  applyRules,
  compactTitle,
  packedCosine,
  featureVector,
  modelScore,
  type MatcherModel,
  pairEvidence,
  type PackedVector,
  toPrepared,
  trigramVector,
} from '../src';
import { type Dataset, type SplitName, progress } from './er-magellan';

export interface FeaturisedPair {
  x: number[];
  label: number;
  evidence: ReturnType<typeof pairEvidence>;
}

export function featurise(ds: Dataset, split: SplitName): FeaturisedPair[] {
  const pairs = ds.pairs(split);
  return pairs.map((p, i) => {
    const a = toPrepared(p.left, ds.stats);
    const b = toPrepared(p.right, ds.stats);
    const evidence = pairEvidence(a, b);
    if ((i + 1) % 500 === 0 || i + 1 === pairs.length) progress(`features ${ds.name}/${split}`, i + 1, pairs.length);
    return { x: featureVector(evidence.features), label: p.label, evidence };
  });
}

export function modelScores(model: MatcherModel, rows: readonly FeaturisedPair[]): number[] {
  return rows.map((r) => applyRules(modelScore(model, r.evidence.features), r.evidence));
}

/** TF-IDF character-trigram cosine of the serialised records. */
export function baselineScores(ds: Dataset, split: SplitName): { scores: number[]; labels: number[] } {
  const cache = new Map<string, PackedVector>();
  const vec = (text: string): PackedVector => {
    let v = cache.get(text);
    if (!v) cache.set(text, (v = trigramVector(compactTitle(text), ds.baselineStats)));
    return v;
  };
  const pairs = ds.pairs(split);
  const scores = pairs.map((p, i) => {
    if ((i + 1) % 500 === 0 || i + 1 === pairs.length) progress(`baseline ${ds.name}/${split}`, i + 1, pairs.length);
    return packedCosine(vec(p.leftText), vec(p.rightText));
  });
  return { scores, labels: pairs.map((p) => p.label) };
}
