/**
 * Fits the offer embedding (src/lib/embedding.ts) on labelled pairs: the cosine of two offers' embeddings, scaled,
 * is a logistic regression's log-odds that they are one product, and the feature vectors, the scale and the bias are
 * learned by Adagrad over the labelled pairs, the pairs they imply (`impliedPairs`) and, for each matching pair, one
 * offer of another pair of its source (an easy non-match that keeps unrelated products apart). Deterministic: seeded
 * start, fixed order.
 */
import { dot, embeddingCosine, embeddingFeatures, type EmbeddingModel, type PreparedOffer } from '../src';
import { seededIntegers } from './fit-words';

export interface EmbeddingRow {
  a: PreparedOffer;
  b: PreparedOffer;
  label: number;
  source: string;
  /**
   * The fold of the pair when fitting across folds: the pair's place in its set's split, so that a pair and its copy
   * in a set made from the same pairs (the dirty Walmart-Amazon) fall in one fold.
   */
  fold: number;
}

export interface EmbeddingFitOptions {
  dims?: number;
  epochs?: number;
  rate?: number;
  /** Features seen in fewer distinct offers are left out. */
  minOffers?: number;
  seed?: number;
}

/** A seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  const next = seededIntegers(seed);
  return () => next() / 2 ** 32;
}

interface Encoded {
  rows: Int32Array;
  weights: Float32Array;
}

interface Vocabulary {
  index: Map<string, number>;
  weights: Float32Array;
  /** Each offer's known features with their weights. */
  encode: (offer: PreparedOffer) => Encoded;
  /** A key per distinct offer (offers prepared twice from one record share it). */
  keyOf: (offer: PreparedOffer) => string;
}

/** The features seen in at least `minOffers` distinct offers, each weighted by its inverse document frequency. */
function vocabulary(data: readonly EmbeddingRow[], minOffers: number): Vocabulary {
  const offerKey = new Map<PreparedOffer, string>();
  const byKey = new Map<string, string[]>();
  for (const r of data) {
    for (const o of [r.a, r.b]) {
      if (offerKey.has(o)) continue;
      const features = embeddingFeatures(o);
      const key = features.join('\u0001');
      offerKey.set(o, key);
      if (!byKey.has(key)) byKey.set(key, features);
    }
  }
  const df = new Map<string, number>();
  for (const features of byKey.values()) for (const f of new Set(features)) df.set(f, (df.get(f) ?? 0) + 1);
  const vocab = [...df].filter(([, n]) => n >= minOffers).map(([f]) => f).sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const weights = Float32Array.from(vocab, (f) => Math.log(1 + byKey.size / (df.get(f) as number)));
  const encoded = new Map<string, Encoded>();
  for (const [key, features] of byKey) {
    const counts = new Map<number, number>();
    for (const f of features) {
      const row = index.get(f);
      if (row !== undefined) counts.set(row, (counts.get(row) ?? 0) + 1);
    }
    const rows = Int32Array.from(counts.keys());
    encoded.set(key, { rows, weights: Float32Array.from(rows, (row) => (weights[row] as number) * (counts.get(row) as number)) });
  }
  const keyOf = (o: PreparedOffer) => offerKey.get(o) as string;
  return { index, weights, keyOf, encode: (o) => encoded.get(keyOf(o)) as Encoded };
}

interface TrainingPair {
  a: Encoded;
  b: Encoded;
  y: number;
}

/**
 * The pairs the labels imply (`impliedPairs`), every labelled pair, and for each match an easy non-match: its first
 * offer beside the other offer of a pair of its source.
 */
function trainingPairs(data: readonly EmbeddingRow[], vocab: Vocabulary, next: () => number): TrainingPair[] {
  const bySource = new Map<string, PreparedOffer[]>();
  for (const r of data) {
    let list = bySource.get(r.source);
    if (!list) bySource.set(r.source, (list = []));
    list.push(r.b);
  }
  const pairs: TrainingPair[] = [];
  for (const p of impliedPairs(data, vocab.keyOf)) pairs.push({ a: vocab.encode(p.a), b: vocab.encode(p.b), y: p.label });
  for (const r of data) {
    pairs.push({ a: vocab.encode(r.a), b: vocab.encode(r.b), y: r.label });
    if (r.label === 1) {
      const pool = bySource.get(r.source) as PreparedOffer[];
      const other = pool[Math.floor(next() * pool.length)] as PreparedOffer;
      if (vocab.keyOf(other) !== vocab.keyOf(r.b)) pairs.push({ a: vocab.encode(r.a), b: vocab.encode(other), y: 0 });
    }
  }
  return pairs;
}

/** Products (groups of matched offers) larger than this are left alone: a long chain of matches may join two products. */
const MAX_IMPLIED_GROUP = 12;

/**
 * Pairs the labels imply but do not state, within each source: offers matched through a third are one product, and
 * an offer that is not one of a product's offers is none of them. Offers are one when their features are (`keyOf`).
 */
export function impliedPairs(data: readonly EmbeddingRow[], keyOf: (offer: PreparedOffer) => string): { a: PreparedOffer; b: PreparedOffer; label: number }[] {
  const key = (r: EmbeddingRow, o: PreparedOffer) => `${r.source}\u0002${keyOf(o)}`;
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while ((parent.get(root) ?? root) !== root) root = parent.get(root) as string;
    parent.set(k, root);
    return root;
  };
  const offerOf = new Map<string, PreparedOffer>();
  for (const r of data) {
    for (const o of [r.a, r.b]) offerOf.set(key(r, o), o);
    if (r.label !== 1) continue;
    const [x, y] = [find(key(r, r.a)), find(key(r, r.b))];
    if (x !== y) parent.set(x < y ? y : x, x < y ? x : y);
  }
  const groups = new Map<string, string[]>();
  for (const k of offerOf.keys()) {
    const root = find(k);
    const list = groups.get(root);
    if (list) list.push(k);
    else groups.set(root, [k]);
  }
  const stated = new Set(data.flatMap((r) => [`${key(r, r.a)}\u0003${key(r, r.b)}`, `${key(r, r.b)}\u0003${key(r, r.a)}`]));
  const out: { a: PreparedOffer; b: PreparedOffer; label: number }[] = [];
  const add = (x: string, y: string, label: number) => {
    if (stated.has(`${x}\u0003${y}`)) return;
    stated.add(`${x}\u0003${y}`).add(`${y}\u0003${x}`);
    out.push({ a: offerOf.get(x) as PreparedOffer, b: offerOf.get(y) as PreparedOffer, label });
  };
  for (const list of groups.values()) {
    if (list.length < 3 || list.length > MAX_IMPLIED_GROUP) continue;
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) add(list[i] as string, list[j] as string, 1);
  }
  for (const r of data) {
    if (r.label !== 0) continue;
    const other = key(r, r.b);
    const group = groups.get(find(key(r, r.a))) ?? [];
    if (group.length > MAX_IMPLIED_GROUP) continue;
    for (const k of group) if (find(k) !== find(other)) add(k, other, 0);
  }
  return out;
}

/** The weighted sum of an offer's vectors into `out`; returns its length. */
function sumInto(model: EmbeddingModel, e: Encoded, out: Float32Array): number {
  const { dims, vectors } = model;
  out.fill(0);
  for (let k = 0; k < e.rows.length; k++) {
    const base = (e.rows[k] as number) * dims;
    const w = e.weights[k] as number;
    for (let j = 0; j < dims; j++) out[j] = (out[j] as number) + w * (vectors[base + j] as number);
  }
  let n = 0;
  for (let j = 0; j < dims; j++) n += (out[j] as number) ** 2;
  return Math.sqrt(n);
}

/**
 * Adagrad over the pairs in a seeded order each epoch: the log-loss of σ(scale · cos + bias) moves both offers'
 * feature vectors (one accumulated squared gradient per feature), the scale and the bias.
 */
function train(model: EmbeddingModel, pairs: readonly TrainingPair[], epochs: number, rate: number, next: () => number): void {
  const { dims, vectors } = model;
  const accum = new Float32Array(model.index.size).fill(1e-2);
  const head = { scale: 5, bias: -2, accScale: 1e-2, accBias: 1e-2 };
  const [u, v, gu, gv] = [0, 1, 2, 3].map(() => new Float32Array(dims)) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const update = (e: Encoded, g: Float32Array) => {
    for (let k = 0; k < e.rows.length; k++) {
      const base = (e.rows[k] as number) * dims;
      const w = e.weights[k] as number;
      let g2 = 0;
      for (let j = 0; j < dims; j++) g2 += (w * (g[j] as number)) ** 2;
      const row = e.rows[k] as number;
      accum[row] = (accum[row] as number) + g2 / dims;
      const step = rate / Math.sqrt(accum[row]);
      for (let j = 0; j < dims; j++) vectors[base + j] = (vectors[base + j] as number) - step * w * (g[j] as number);
    }
  };
  const order = Int32Array.from(pairs, (_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const idx of order) {
      const p = pairs[idx] as TrainingPair;
      const nu = sumInto(model, p.a, u);
      const nv = sumInto(model, p.b, v);
      if (nu === 0 || nv === 0) continue;
      for (let j = 0; j < dims; j++) {
        u[j] = (u[j] as number) / nu;
        v[j] = (v[j] as number) / nv;
      }
      const cos = dot(u, v);
      const g = 1 / (1 + Math.exp(-(head.scale * cos + head.bias))) - p.y;
      const gCos = g * head.scale;
      for (let j = 0; j < dims; j++) {
        gu[j] = (gCos * ((v[j] as number) - cos * (u[j] as number))) / nu;
        gv[j] = (gCos * ((u[j] as number) - cos * (v[j] as number))) / nv;
      }
      update(p.a, gu);
      update(p.b, gv);
      head.accScale += (g * cos) ** 2;
      head.accBias += g * g;
      head.scale -= (0.05 * g * cos) / Math.sqrt(head.accScale);
      head.bias -= (0.05 * g) / Math.sqrt(head.accBias);
    }
  }
}

export function fitEmbedding(data: readonly EmbeddingRow[], opts: EmbeddingFitOptions = {}): EmbeddingModel {
  const dims = opts.dims ?? 32;
  const next = random(opts.seed ?? 7);
  const vocab = vocabulary(data, opts.minOffers ?? 2);
  const vectors = new Float32Array(vocab.index.size * dims);
  const init = 1 / Math.sqrt(dims);
  for (let i = 0; i < vectors.length; i++) vectors[i] = (next() * 2 - 1) * init;
  const model: EmbeddingModel = { dims, index: vocab.index, weights: vocab.weights, vectors };
  train(model, trainingPairs(data, vocab, next), opts.epochs ?? 20, opts.rate ?? 0.03, next);
  return model;
}

/** Each row's cosine under an embedding fitted on the other folds (rows whose fold ≡ k mod folds form fold k). */
export function crossFittedCosines(rows: readonly EmbeddingRow[], folds: number, opts: EmbeddingFitOptions = {}): number[] {
  const out = new Array<number>(rows.length).fill(0);
  for (let k = 0; k < folds; k++) {
    const model = fitEmbedding(rows.filter((r) => r.fold % folds !== k), opts);
    rows.forEach((r, i) => {
      if (r.fold % folds === k) out[i] = embeddingCosine(r.a, r.b, model);
    });
  }
  return out;
}
