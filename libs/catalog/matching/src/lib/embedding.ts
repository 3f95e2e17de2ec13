/**
 * A learned offer embedding: each word of a title, each character trigram of its words and its brand has a dense
 * vector, and an offer is the IDF-weighted sum of its features' vectors. The vectors are fitted on labelled pairs
 * by `npm run train:matcher` (scripts/fit-embedding.ts) so that the cosine of two offers' embeddings is high for
 * the same product and low for its neighbours: it learns which words stand for each other ("hp" and "hewlett",
 * "ms" and "microsoft") and which words tell products apart, beyond what the TF-IDF cosines see.
 */
import defaultEmbeddingJson from './offer-embedding.json';
import type { PreparedOffer } from './prepare';

export interface EmbeddingModel {
  dims: number;
  /** Feature → row in `vectors`. */
  index: ReadonlyMap<string, number>;
  /** Feature → its weight in an offer's sum (an inverse document frequency). */
  weights: Float32Array;
  /** Row-major, `index.size` rows of `dims` numbers. */
  vectors: Float32Array;
}

export interface EmbeddingModelJson {
  dims: number;
  features: string[];
  /** Per feature, its weight, rounded to 3 decimals. */
  weights: number[];
  /** Per feature, the scale of its quantised vector. */
  scales: number[];
  /** Every feature's vector quantised to signed bytes (value / scale * 127), base64. */
  vectors: string;
}

/** The features of one title word: `w:word` and `t:abc` for each trigram of "#word#". */
function wordFeatures(word: string): string[] {
  const out = [`w:${word}`];
  const padded = `#${word}#`;
  for (let i = 0; i + 3 <= padded.length; i++) out.push(`t:${padded.slice(i, i + 3)}`);
  return out;
}

/** The features of an offer: those of each of its title's words, and `b:brand`. */
export function embeddingFeatures(offer: PreparedOffer): string[] {
  const out: string[] = [];
  for (const word of offer.tokens) out.push(...wordFeatures(word));
  if (offer.brand) out.push(`b:${offer.brand}`);
  return out;
}

/** Words (and brands) whose weighted vector sums are kept per model, and how many: words recur across offers. */
const partCache = new WeakMap<EmbeddingModel, Map<string, Float32Array | null>>();
const PART_CACHE_SIZE = 200_000;

/** The sums kept for a model. */
function partsOf(model: EmbeddingModel): Map<string, Float32Array | null> {
  let parts = partCache.get(model);
  if (!parts) partCache.set(model, (parts = new Map()));
  return parts;
}

/** The weighted sum of the vectors of some features (null when the model knows none of them), kept under `key`. */
function partOf(model: EmbeddingModel, parts: Map<string, Float32Array | null>, key: string, features: () => readonly string[]): Float32Array | null {
  const hit = parts.get(key);
  if (hit !== undefined) return hit;
  const d = model.dims;
  let sum: Float32Array | null = null;
  for (const f of features()) {
    const row = model.index.get(f);
    if (row === undefined) continue;
    sum ??= new Float32Array(d);
    const w = model.weights[row] as number;
    for (let j = 0; j < d; j++) sum[j] = (sum[j] as number) + w * (model.vectors[row * d + j] as number);
  }
  if (parts.size >= PART_CACHE_SIZE) parts.clear();
  parts.set(key, sum);
  return sum;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] as number) * (b[j] as number);
  return s;
}

export function embeddingModelFromJson(json: EmbeddingModelJson): EmbeddingModel {
  const { dims, features } = json;
  if (!Number.isInteger(dims) || dims <= 0) throw new Error('embedding model: dims must be a positive integer');
  if (json.weights.length !== features.length || json.scales.length !== features.length) throw new Error('embedding model: one weight and one scale per feature');
  const bytes = Buffer.from(json.vectors, 'base64');
  if (bytes.length !== features.length * dims) throw new Error(`embedding model: ${bytes.length} vector bytes, expected ${features.length * dims}`);
  const vectors = new Float32Array(features.length * dims);
  for (let i = 0; i < features.length; i++) {
    const scale = (json.scales[i] as number) / 127;
    for (let j = 0; j < dims; j++) {
      const b = bytes[i * dims + j] as number;
      vectors[i * dims + j] = (b > 127 ? b - 256 : b) * scale;
    }
  }
  return { dims, index: new Map(features.map((f, i) => [f, i])), weights: Float32Array.from(json.weights), vectors };
}

export function embeddingModelToJson(model: EmbeddingModel): EmbeddingModelJson {
  const features = [...model.index.keys()].sort();
  const d = model.dims;
  const bytes = Buffer.alloc(features.length * d);
  const scales: number[] = [];
  const weights: number[] = [];
  features.forEach((f, i) => {
    const row = model.index.get(f) as number;
    let max = 0;
    for (let j = 0; j < d; j++) max = Math.max(max, Math.abs(model.vectors[row * d + j] as number));
    const scale = +max.toPrecision(4);
    scales.push(scale);
    weights.push(+(model.weights[row] as number).toFixed(3));
    for (let j = 0; j < d; j++) {
      const q = scale > 0 ? Math.round(((model.vectors[row * d + j] as number) / scale) * 127) : 0;
      bytes[i * d + j] = Math.max(-127, Math.min(127, q)) & 0xff;
    }
  });
  return { dims: d, features, weights, scales, vectors: bytes.toString('base64') };
}

let active: EmbeddingModel | null = null;
const cache = new WeakMap<PreparedOffer, { model: EmbeddingModel; vector: Float32Array }>();

/** Uses another embedding (training fits one and measures the trees over it before it is written); null: the shipped one. */
export function setEmbeddingModel(model: EmbeddingModel | null): void {
  active = model;
}

/** The embedding features use: the shipped one (src/lib/offer-embedding.json) unless another was set. */
export function getEmbeddingModel(): EmbeddingModel {
  return (active ??= embeddingModelFromJson(defaultEmbeddingJson));
}

/** An offer's embedding under the model: the unit vector of its features' weighted sum (zeros when none is known). */
export function offerEmbedding(offer: PreparedOffer, model: EmbeddingModel): Float32Array {
  const hit = cache.get(offer);
  if (hit && hit.model === model) return hit.vector;
  const d = model.dims;
  const u = new Float32Array(d);
  const add = (part: Float32Array | null) => {
    if (part) for (let j = 0; j < d; j++) u[j] = (u[j] as number) + (part[j] as number);
  };
  const parts = partsOf(model);
  for (const word of offer.tokens) add(partOf(model, parts, word, () => wordFeatures(word)));
  const brand = offer.brand;
  if (brand) add(partOf(model, parts, `\u0001${brand}`, () => [`b:${brand}`]));
  const n = Math.sqrt(dot(u, u));
  if (n > 0) for (let j = 0; j < d; j++) u[j] = (u[j] as number) / n;
  cache.set(offer, { model, vector: u });
  return u;
}

/** The cosine of two offers' embeddings (0 when either has no feature the model knows). */
export function embeddingCosine(a: PreparedOffer, b: PreparedOffer, model: EmbeddingModel = getEmbeddingModel()): number {
  return dot(offerEmbedding(a, model), offerEmbedding(b, model));
}
