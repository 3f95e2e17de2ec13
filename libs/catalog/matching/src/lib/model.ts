/** The logistic model over pair features, its JSON form and validation. */
import { FEATURE_NAMES, type FeatureName, type PairFeatures } from './features';
import defaultModelJson from './matcher-weights.json';
import wordsModelJson from './matcher-words-weights.json';

/** Logistic regression over the pair features. */
export interface LinearModelJson {
  version: 1;
  features: string[];
  weights: number[];
  bias: number;
  /** Decision threshold on the final score, chosen on held-out pairs. */
  threshold: number;
  trainedOn?: string;
  metrics?: Record<string, unknown>;
}

/**
 * Gradient-boosted regression trees over the pair features (log-odds). Each tree is a flat list of
 * nodes [featureIndex, splitValue, leftChild, rightChild, leafValue]; featureIndex -1 marks a leaf;
 * a value <= splitValue goes left.
 */
export interface TreeModelJson {
  version: 2;
  features: string[];
  base: number;
  trees: [number, number, number, number, number][][];
  threshold: number;
  trainedOn?: string;
  metrics?: Record<string, unknown>;
}

export type MatcherModelJson = LinearModelJson | TreeModelJson;

export interface LinearModel {
  kind: 'linear';
  weights: Record<FeatureName, number>;
  bias: number;
  threshold: number;
}

export interface TreeModel {
  kind: 'trees';
  base: number;
  /** Per tree: parallel arrays of node fields, feature indexes into FEATURE_NAMES. */
  trees: { feature: Int16Array; split: Float64Array; left: Int32Array; right: Int32Array; value: Float64Array }[];
  threshold: number;
}

export type MatcherModel = LinearModel | TreeModel;

function checkThreshold(t: unknown): number {
  if (typeof t !== 'number' || !(t > 0 && t < 1)) throw new TypeError('matcher model: threshold must be a number between 0 and 1');
  return t;
}

function featureIndex(name: unknown): number {
  const i = (FEATURE_NAMES as readonly unknown[]).indexOf(name);
  if (i < 0) throw new TypeError(`matcher model: unknown feature "${String(name)}"`);
  return i;
}

export function modelFromJson(json: MatcherModelJson): MatcherModel {
  if (!json || typeof json !== 'object') throw new TypeError('matcher model: must be an object');
  if (!Array.isArray(json.features)) throw new TypeError('matcher model: features must be an array');
  if (json.version === 1) {
    if (!Array.isArray(json.weights) || json.features.length !== json.weights.length) {
      throw new TypeError('matcher model: features and weights must be arrays of the same length');
    }
    if (typeof json.bias !== 'number' || !Number.isFinite(json.bias)) throw new TypeError('matcher model: bias must be a number');
    const weights = {} as Record<FeatureName, number>;
    for (const name of FEATURE_NAMES) weights[name] = 0;
    json.features.forEach((name, i) => {
      featureIndex(name);
      const w = json.weights[i];
      if (typeof w !== 'number' || !Number.isFinite(w)) throw new TypeError(`matcher model: weight of "${name}" must be a number`);
      weights[name as FeatureName] = w;
    });
    return { kind: 'linear', weights, bias: json.bias, threshold: checkThreshold(json.threshold) };
  }
  if (json.version === 2) {
    if (typeof json.base !== 'number' || !Number.isFinite(json.base)) throw new TypeError('matcher model: base must be a number');
    if (!Array.isArray(json.trees)) throw new TypeError('matcher model: trees must be an array');
    const remap = json.features.map(featureIndex);
    const trees = json.trees.map((nodes, t) => {
      if (!Array.isArray(nodes) || nodes.length === 0) throw new TypeError(`matcher model: trees[${t}] must be a non-empty array`);
      const n = nodes.length;
      const tree = {
        feature: new Int16Array(n),
        split: new Float64Array(n),
        left: new Int32Array(n),
        right: new Int32Array(n),
        value: new Float64Array(n),
      };
      nodes.forEach((node, i) => {
        const [f, split, l, r, v] = node;
        const bad = () => new TypeError(`matcher model: trees[${t}][${i}] is malformed`);
        if (![f, split, l, r, v].every((x) => typeof x === 'number' && Number.isFinite(x))) throw bad();
        if (f === -1) {
          tree.feature[i] = -1;
        } else {
          const mapped = remap[f];
          if (mapped === undefined || !(l > i && l < n && r > i && r < n)) throw bad();
          tree.feature[i] = mapped;
        }
        tree.split[i] = split;
        tree.left[i] = l;
        tree.right[i] = r;
        tree.value[i] = v;
      });
      return tree;
    });
    return { kind: 'trees', base: json.base, trees, threshold: checkThreshold(json.threshold) };
  }
  throw new TypeError('matcher model: version must be 1 or 2');
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function modelToJson(model: MatcherModel, extra: { trainedOn?: string; metrics?: Record<string, unknown> } = {}): MatcherModelJson {
  if (model.kind === 'linear') {
    return {
      version: 1,
      features: [...FEATURE_NAMES],
      weights: FEATURE_NAMES.map((n) => round(model.weights[n], 6)),
      bias: round(model.bias, 6),
      threshold: round(model.threshold, 4),
      ...extra,
    };
  }
  return {
    version: 2,
    features: [...FEATURE_NAMES],
    base: round(model.base, 6),
    trees: model.trees.map((t) =>
      Array.from(t.feature, (f, i) =>
        f === -1
          ? ([-1, 0, 0, 0, round(t.value[i] as number, 5)] as [number, number, number, number, number])
          : ([f, round(t.split[i] as number, 6), t.left[i] as number, t.right[i] as number, 0] as [number, number, number, number, number]),
      ),
    ),
    threshold: round(model.threshold, 4),
    ...extra,
  };
}

let defaultModel: MatcherModel | null = null;
/** The model shipped with the library (fitted by `npm run train:matcher`). */
export function getDefaultModel(): MatcherModel {
  if (!defaultModel) defaultModel = modelFromJson(defaultModelJson as unknown as MatcherModelJson);
  return defaultModel;
}

let wordsModel: MatcherModel | null = null;
/**
 * The model a shopper's words (typed, or read from a link) are scored with against listings: trees fitted without the
 * features that compare two listings' wording (coverage, rarest words, word counts, pair words, near-miss codes; see
 * README). A few words against a listing's title are not two listings of one product worded apart, and those features,
 * learned from pairs of listings, read the listing's descriptive words as what tells the two apart.
 */
export function getWordsModel(): MatcherModel {
  if (!wordsModel) wordsModel = modelFromJson(wordsModelJson as unknown as MatcherModelJson);
  return wordsModel;
}

/**
 * A score of a model whose threshold is `from` on the scale of one whose threshold is `to`: linear on either side of
 * the threshold, so that a score passes one exactly when it passes the other, and 0 and 1 stay where they are.
 */
export function onThresholdScale(score: number, from: number, to: number): number {
  if (from === to) return score;
  return score < from ? (score / from) * to : to + ((score - from) / (1 - from)) * (1 - to);
}

/** Feature values of the pair being scored (reused: scoring is synchronous). */
const featureVector = new Float64Array(64);

/** The model's probability that the pair is a match, before the rules of scorePair. */
export function modelScore(model: MatcherModel, features: PairFeatures): number {
  let z: number;
  if (model.kind === 'linear') {
    z = model.bias;
    for (const name of FEATURE_NAMES) z += model.weights[name] * features[name];
  } else {
    const x = featureVector;
    let f = 0;
    for (const name of FEATURE_NAMES) x[f++] = features[name];
    z = model.base;
    for (const t of model.trees) {
      let i = 0;
      while (t.feature[i] !== -1) i = (x[t.feature[i] as number] as number) <= (t.split[i] as number) ? (t.left[i] as number) : (t.right[i] as number);
      z += t.value[i] as number;
    }
  }
  return 1 / (1 + Math.exp(-z));
}
