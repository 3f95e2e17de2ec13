/** The logistic model over pair features, its JSON form and validation. */
import { FEATURE_NAMES, type FeatureName, type PairFeatures } from './features';
import defaultModelJson from './matcher-weights.json';

export interface MatcherModelJson {
  version: 1;
  features: string[];
  weights: number[];
  bias: number;
  /** Decision threshold on the final score, chosen on held-out pairs. */
  threshold: number;
  trainedOn?: string;
  metrics?: Record<string, unknown>;
}

export interface MatcherModel {
  weights: Record<FeatureName, number>;
  bias: number;
  threshold: number;
}

/** Features whose weight may never be positive: evidence against a match stays evidence against. */
export const NON_POSITIVE_FEATURES: ReadonlySet<FeatureName> = new Set<FeatureName>([
  'gtinDiffer',
  'mpnDiffer',
  'modelConflict',
  'brandConflict',
  'numberMismatch',
  'quantityConflict',
  'colourConflict',
  'editionMismatch',
  'platformConflict',
  'accessoryMismatch',
  'priceImplausible',
  'priceLogRatio',
]);

export function modelFromJson(json: MatcherModelJson): MatcherModel {
  if (!json || json.version !== 1) throw new TypeError('matcher model: version must be 1');
  if (!Array.isArray(json.features) || !Array.isArray(json.weights) || json.features.length !== json.weights.length) {
    throw new TypeError('matcher model: features and weights must be arrays of the same length');
  }
  if (typeof json.bias !== 'number' || !Number.isFinite(json.bias)) throw new TypeError('matcher model: bias must be a number');
  if (typeof json.threshold !== 'number' || !(json.threshold > 0 && json.threshold < 1)) {
    throw new TypeError('matcher model: threshold must be a number between 0 and 1');
  }
  const weights = {} as Record<FeatureName, number>;
  for (const name of FEATURE_NAMES) weights[name] = 0;
  json.features.forEach((name, i) => {
    if (!(FEATURE_NAMES as readonly string[]).includes(name)) throw new TypeError(`matcher model: unknown feature "${name}"`);
    const w = json.weights[i];
    if (typeof w !== 'number' || !Number.isFinite(w)) throw new TypeError(`matcher model: weight of "${name}" must be a number`);
    weights[name as FeatureName] = w;
  });
  return { weights, bias: json.bias, threshold: json.threshold };
}

export function modelToJson(model: MatcherModel, extra: Pick<MatcherModelJson, 'trainedOn' | 'metrics'> = {}): MatcherModelJson {
  return {
    version: 1,
    features: [...FEATURE_NAMES],
    weights: FEATURE_NAMES.map((n) => Math.round(model.weights[n] * 1e6) / 1e6),
    bias: Math.round(model.bias * 1e6) / 1e6,
    threshold: Math.round(model.threshold * 1e4) / 1e4,
    ...extra,
  };
}

let defaultModel: MatcherModel | null = null;
/** The model shipped with the library (fitted by `npm run train:matcher`). */
export function getDefaultModel(): MatcherModel {
  if (!defaultModel) defaultModel = modelFromJson(defaultModelJson as MatcherModelJson);
  return defaultModel;
}

export function linearScore(model: MatcherModel, features: PairFeatures): number {
  let z = model.bias;
  for (const name of FEATURE_NAMES) z += model.weights[name] * features[name];
  return 1 / (1 + Math.exp(-z));
}
