/**
 * Loader for the ER-Magellan product benchmarks (Abt-Buy, Amazon-Google, Walmart-Amazon):
 * tableA.csv, tableB.csv and <split>.csv (ltable_id, rtable_id, label) per dataset folder.
 * The files are read where they lie; nothing is copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildIdfStats, type IdfStats, type ItemIdentity, parseCsvRecords } from '../src';

export const DATASETS = ['Abt-Buy', 'Amazon-Google', 'Walmart-Amazon'] as const;
export type DatasetName = (typeof DATASETS)[number];
export type SplitName = 'train' | 'valid' | 'test';

export interface LabelledPair {
  left: ItemIdentity;
  right: ItemIdentity;
  /** Every attribute of each record, space-joined: what the text baseline compares. */
  leftText: string;
  rightText: string;
  label: 0 | 1;
}

export interface Dataset {
  name: DatasetName;
  stats: IdfStats;
  /** Document frequencies over the serialised records, for the baseline. */
  baselineStats: IdfStats;
  pairs(split: SplitName): LabelledPair[];
}

function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'nx.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** --data, else SEED_DATA_DIR, else ../shared/datasets/er-magellan next to the repository. */
export function resolveDataDir(arg: string | undefined): string {
  if (arg) return path.resolve(arg);
  if (process.env['SEED_DATA_DIR']) return path.resolve(process.env['SEED_DATA_DIR']);
  return path.resolve(findRepoRoot(__dirname), '..', 'shared', 'datasets', 'er-magellan');
}

/** The price of a table's row, in cents. */
function parsePriceCents(raw: string | undefined): number | null {
  if (!raw) return null;
  const m = /\d+(?:\.\d+)?/.exec(raw.replace(/,/g, ''));
  if (!m) return null;
  const n = Number(m[0]);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null;
}

function toOffer(name: DatasetName, rec: Record<string, string>): ItemIdentity {
  switch (name) {
    case 'Abt-Buy':
      return { title: rec['name'] ?? '', priceCents: parsePriceCents(rec['price']) };
    case 'Amazon-Google':
      return { title: rec['title'] ?? '', brand: rec['manufacturer'] || null, priceCents: parsePriceCents(rec['price']) };
    case 'Walmart-Amazon':
      return {
        title: rec['title'] ?? '',
        brand: rec['brand'] || null,
        model: rec['modelno'] || null,
        priceCents: parsePriceCents(rec['price']),
      };
  }
}

function readTable(file: string): Map<string, Record<string, string>> {
  if (!fs.existsSync(file)) throw new Error(`missing data file ${file}`);
  const map = new Map<string, Record<string, string>>();
  for (const rec of parseCsvRecords(fs.readFileSync(file, 'utf8'))) {
    const id = rec['id'];
    if (id === undefined) throw new Error(`${file}: no id column`);
    map.set(id, rec);
  }
  return map;
}

function serialise(rec: Record<string, string>): string {
  return Object.entries(rec)
    .filter(([k]) => k !== 'id')
    .map(([, v]) => v)
    .join(' ');
}

export function loadDataset(dataDir: string, name: DatasetName): Dataset {
  const dir = path.join(dataDir, name);
  const tableA = readTable(path.join(dir, 'tableA.csv'));
  const tableB = readTable(path.join(dir, 'tableB.csv'));
  const offersA = new Map([...tableA].map(([id, r]) => [id, toOffer(name, r)]));
  const offersB = new Map([...tableB].map(([id, r]) => [id, toOffer(name, r)]));
  const all = [...offersA.values(), ...offersB.values()];
  const stats = buildIdfStats(
    all.map((o) => o.title),
    { brands: all.map((o) => o.brand) },
  );
  const baselineStats = buildIdfStats([...tableA.values(), ...tableB.values()].map(serialise));
  return {
    name,
    stats,
    baselineStats,
    pairs(split) {
      const file = path.join(dir, `${split}.csv`);
      if (!fs.existsSync(file)) throw new Error(`missing split file ${file}`);
      return parseCsvRecords(fs.readFileSync(file, 'utf8')).map((rec, i) => {
        const l = rec['ltable_id'] ?? '';
        const r = rec['rtable_id'] ?? '';
        const left = offersA.get(l);
        const right = offersB.get(r);
        if (!left || !right) throw new Error(`${file}: row ${i + 2} refers to unknown ids ${l}/${r}`);
        const label = rec['label'] === '1' ? 1 : 0;
        return {
          left,
          right,
          leftText: serialise(tableA.get(l) as Record<string, string>),
          rightText: serialise(tableB.get(r) as Record<string, string>),
          label,
        };
      });
    },
  };
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(scores: readonly number[], labels: readonly number[], threshold: number): Prf {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  scores.forEach((s, i) => {
    const predicted = s >= threshold;
    if (predicted && labels[i] === 1) tp++;
    else if (predicted) fp++;
    else if (labels[i] === 1) fn++;
  });
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** The threshold (among the observed scores) with the best F1. */
export function bestThreshold(scores: readonly number[], labels: readonly number[]): { threshold: number; f1: number } {
  const order = scores.map((s, i) => [s, labels[i] as number] as const).sort((x, y) => y[0] - x[0]);
  const positives = labels.filter((l) => l === 1).length;
  let tp = 0;
  let fp = 0;
  let best = { threshold: 0.5, f1: 0 };
  for (let i = 0; i < order.length; i++) {
    const [s, l] = order[i] as readonly [number, number];
    if (l === 1) tp++;
    else fp++;
    const next = order[i + 1];
    if (next && next[0] === s) continue;
    const f1 = positives > 0 ? (2 * tp) / (tp + fp + positives) : 0;
    if (f1 > best.f1) best = { threshold: next ? (s + next[0]) / 2 : s, f1 };
  }
  return best;
}

export function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY && done !== total && done % 2000 !== 0) return;
  const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
  const line = `${label}: ${done}/${total} (${pct}%)`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
  else process.stderr.write(`${line}\n`);
}

export function parseArgs(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new Error(`option ${a} needs a value`);
      out[a.slice(2)] = v;
      i++;
    }
  }
  return out;
}
