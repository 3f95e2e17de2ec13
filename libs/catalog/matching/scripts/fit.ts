/**
 * Model fitting for the pair matcher: logistic regression with sign constraints, and gradient-boosted
 * regression trees (Newton steps on the logistic loss, binned splits, monotone constraints on the
 * evidence-against features). Both are deterministic.
 */
import { FEATURE_NAMES, type LinearModel, NON_POSITIVE_FEATURES, type TreeModel } from '../src';

export interface Row {
  x: number[];
  label: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const nonPositive = FEATURE_NAMES.map((n) => NON_POSITIVE_FEATURES.has(n));

export function fitLinear(rows: readonly Row[], opts: { epochs?: number; l2?: number; rate?: number; log?: (s: string) => void } = {}): LinearModel {
  const epochs = opts.epochs ?? 4000;
  const l2 = opts.l2 ?? 1e-3;
  const rate = opts.rate ?? 0.05;
  const d = FEATURE_NAMES.length;
  const w = new Array<number>(d + 1).fill(0);
  const m = new Array<number>(d + 1).fill(0);
  const v = new Array<number>(d + 1).fill(0);
  const n = rows.length;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const grad = new Array<number>(d + 1).fill(0);
    for (const row of rows) {
      let z = w[d] as number;
      for (let j = 0; j < d; j++) z += (w[j] as number) * (row.x[j] as number);
      const err = sigmoid(z) - row.label;
      for (let j = 0; j < d; j++) grad[j] = (grad[j] as number) + err * (row.x[j] as number);
      grad[d] = (grad[d] as number) + err;
    }
    for (let j = 0; j <= d; j++) {
      const g = (grad[j] as number) / n + (j < d ? l2 * (w[j] as number) : 0);
      m[j] = 0.9 * (m[j] as number) + 0.1 * g;
      v[j] = 0.999 * (v[j] as number) + 0.001 * g * g;
      const step = (rate * ((m[j] as number) / (1 - 0.9 ** epoch))) / (Math.sqrt((v[j] as number) / (1 - 0.999 ** epoch)) + 1e-8);
      w[j] = (w[j] as number) - step;
      if (j < d && nonPositive[j] && (w[j] as number) > 0) w[j] = 0;
    }
    if (epoch % 1000 === 0) opts.log?.(`linear: epoch ${epoch}/${epochs}`);
  }
  const weights = Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, w[j] as number])) as LinearModel['weights'];
  return { kind: 'linear', weights, bias: w[d] as number, threshold: 0.5 };
}

export interface TreeOptions {
  trees?: number;
  depth?: number;
  learningRate?: number;
  lambda?: number;
  minChildWeight?: number;
  bins?: number;
  /** Features the trees may not split on (to measure what each adds). */
  without?: ReadonlySet<string>;
  log?: (s: string) => void;
}

/** Candidate split values per feature: midpoints between (quantiles of) distinct values. */
function splitCandidates(rows: readonly Row[], j: number, bins: number): number[] {
  const values = [...new Set(rows.map((r) => r.x[j] as number))].sort((a, b) => a - b);
  let cuts: number[] = [];
  for (let i = 0; i + 1 < values.length; i++) cuts.push(((values[i] as number) + (values[i + 1] as number)) / 2);
  if (cuts.length > bins) {
    const sorted = rows.map((r) => r.x[j] as number).sort((a, b) => a - b);
    const q = new Set<number>();
    for (let b = 1; b < bins; b++) {
      const v = sorted[Math.floor((b / bins) * sorted.length)] as number;
      const next = values.find((x) => x > v);
      if (next !== undefined) q.add((v + next) / 2);
    }
    cuts = [...q].sort((a, b) => a - b);
  }
  return cuts;
}

/** Bin index per row and feature: the number of the feature's cuts strictly below the row's value. */
function binIndexes(rows: readonly Row[], cuts: readonly number[][]): Uint8Array[] {
  return cuts.map((c, j) => {
    const out = new Uint8Array(rows.length);
    rows.forEach((r, i) => {
      let b = 0;
      while (b < c.length && (r.x[j] as number) > (c[b] as number)) b++;
      out[i] = b;
    });
    return out;
  });
}

/** Gradient and hessian (floored) of the logistic loss of each row at its current margin. */
function lossGradients(rows: readonly Row[], margin: Float64Array, g: Float64Array, h: Float64Array): void {
  for (let i = 0; i < rows.length; i++) {
    const p = sigmoid(margin[i] as number);
    g[i] = p - (rows[i] as Row).label;
    h[i] = Math.max(p * (1 - p), 1e-6);
  }
}

/** What one tree is grown from: the binned rows, the loss gradients at the current margins, and the tree parameters. */
interface TreeGrowth {
  cuts: readonly number[][];
  binOf: readonly Uint8Array[];
  g: Float64Array;
  h: Float64Array;
  depth: number;
  eta: number;
  lambda: number;
  minChild: number;
}

interface Split {
  gain: number;
  /** The feature split on, -1 for none. */
  j: number;
  /** The last bin that goes left. */
  b: number;
}

const NO_SPLIT: Split = { gain: 1e-9, j: -1, b: -1 };

/** Sums of the gradients and hessians of some rows per bin of one feature. */
function binSums(growth: TreeGrowth, j: number, idx: Int32Array): { gs: Float64Array; hs: Float64Array } {
  const size = (growth.cuts[j] as number[]).length + 1;
  const gs = new Float64Array(size);
  const hs = new Float64Array(size);
  const bj = growth.binOf[j] as Uint8Array;
  for (const i of idx) {
    const b = bj[i] as number;
    gs[b] = (gs[b] as number) + (growth.g[i] as number);
    hs[b] = (hs[b] as number) + (growth.h[i] as number);
  }
  return { gs, hs };
}

/** The split of a node's rows (gradient sum G, hessian sum H) with the best gain, or NO_SPLIT when none gains. */
function bestSplit(growth: TreeGrowth, idx: Int32Array, G: number, H: number): Split {
  const { lambda, minChild } = growth;
  let best = NO_SPLIT;
  const parent = (G * G) / (H + lambda);
  for (let j = 0; j < growth.cuts.length; j++) {
    const c = growth.cuts[j] as number[];
    if (c.length === 0) continue;
    const { gs, hs } = binSums(growth, j, idx);
    let GL = 0;
    let HL = 0;
    for (let b = 0; b < c.length; b++) {
      GL += gs[b] as number;
      HL += hs[b] as number;
      const GR = G - GL;
      const HR = H - HL;
      if (HL < minChild || HR < minChild) continue;
      // Evidence against a match may only lower the score as it grows.
      if (nonPositive[j] && -GL / (HL + lambda) < -GR / (HR + lambda)) continue;
      const gain = (GL * GL) / (HL + lambda) + (GR * GR) / (HR + lambda) - parent;
      if (gain > best.gain) best = { gain, j, b };
    }
  }
  return best;
}

/** One regression tree on the loss gradients of all rows, and the leaf each row falls in. */
function growTree(growth: TreeGrowth, n: number): { tree: TreeModel['trees'][number]; leafOf: Int32Array } {
  const feature: number[] = [];
  const split: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const leafOf = new Int32Array(n);
  const build = (idx: Int32Array, level: number): number => {
    const node = feature.length;
    feature.push(-1);
    split.push(0);
    left.push(0);
    right.push(0);
    value.push(0);
    let G = 0;
    let H = 0;
    for (const i of idx) {
      G += growth.g[i] as number;
      H += growth.h[i] as number;
    }
    const best = level < growth.depth && idx.length >= 2 ? bestSplit(growth, idx, G, H) : NO_SPLIT;
    if (best.j < 0) {
      value[node] = (-G / (H + growth.lambda)) * growth.eta;
      for (const i of idx) leafOf[i] = node;
      return node;
    }
    const bj = growth.binOf[best.j] as Uint8Array;
    const li: number[] = [];
    const ri: number[] = [];
    for (const i of idx) ((bj[i] as number) <= best.b ? li : ri).push(i);
    feature[node] = best.j;
    split[node] = (growth.cuts[best.j] as number[])[best.b] as number;
    left[node] = build(Int32Array.from(li), level + 1);
    right[node] = build(Int32Array.from(ri), level + 1);
    return node;
  };
  build(Int32Array.from({ length: n }, (_, i) => i), 0);
  const tree = {
    feature: Int16Array.from(feature),
    split: Float64Array.from(split),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    value: Float64Array.from(value),
  };
  return { tree, leafOf };
}

export function fitTrees(rows: readonly Row[], opts: TreeOptions = {}): TreeModel {
  const nTrees = opts.trees ?? 200;
  const bins = opts.bins ?? 32;
  const n = rows.length;
  const cuts = FEATURE_NAMES.map((name, j) => (opts.without?.has(name) ? [] : splitCandidates(rows, j, bins)));
  const growth: TreeGrowth = {
    cuts,
    binOf: binIndexes(rows, cuts),
    g: new Float64Array(n),
    h: new Float64Array(n),
    depth: opts.depth ?? 3,
    eta: opts.learningRate ?? 0.1,
    lambda: opts.lambda ?? 1,
    minChild: opts.minChildWeight ?? 2,
  };
  const positives = rows.reduce((s, r) => s + r.label, 0);
  const base = Math.log((positives + 1) / (n - positives + 1));
  const margin = new Float64Array(n).fill(base);
  const trees: TreeModel['trees'] = [];
  for (let t = 0; t < nTrees; t++) {
    lossGradients(rows, margin, growth.g, growth.h);
    const { tree, leafOf } = growTree(growth, n);
    for (let i = 0; i < n; i++) margin[i] = (margin[i] as number) + (tree.value[leafOf[i] as number] as number);
    trees.push(tree);
    if ((t + 1) % 50 === 0) opts.log?.(`trees: ${t + 1}/${nTrees}`);
  }
  return { kind: 'trees', base, trees, threshold: 0.5 };
}
