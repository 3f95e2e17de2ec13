/**
 * Loader for the public product-matching benchmarks, read where they lie (nothing is copied):
 * - ER-Magellan tables (Abt-Buy, Amazon-Google, Walmart-Amazon): tableA.csv, tableB.csv and <split>.csv
 *   (ltable_id, rtable_id, label) per dataset folder;
 * - Ditto-serialised pairs (Dirty-Walmart-Amazon, WDC-*-small): <split>.txt, one pair a line,
 *   `COL <attr> VAL <value> …` for each side, tab-separated, then the label.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildIdfStats, type IdfStats, type ItemIdentity, parseCsvRecords } from '../src';

/** Datasets with record tables and id pairs. */
export const TABLE_DATASETS = ['Abt-Buy', 'Amazon-Google', 'Walmart-Amazon'] as const;
/** Datasets published only as Ditto-serialised pairs (no record ids). */
export const SERIALISED_DATASETS = [
  'Dirty-Walmart-Amazon',
  'WDC-all-small',
  'WDC-cameras-small',
  'WDC-computers-small',
  'WDC-shoes-small',
  'WDC-watches-small',
] as const;
export const DATASETS = [...TABLE_DATASETS, ...SERIALISED_DATASETS] as const;
export type TableDatasetName = (typeof TABLE_DATASETS)[number];
export type SerialisedDatasetName = (typeof SERIALISED_DATASETS)[number];
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

function toOffer(name: TableDatasetName, rec: Record<string, string>): ItemIdentity {
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

const isTableDataset = (name: DatasetName): name is TableDatasetName => (TABLE_DATASETS as readonly string[]).includes(name);

/** The files a dataset needs for a split: null when they are all in `dataDir`, else the first missing one. */
export function missingFile(dataDir: string, name: DatasetName, splits: readonly SplitName[]): string | null {
  const dir = path.join(dataDir, name);
  const files = isTableDataset(name)
    ? ['tableA.csv', 'tableB.csv', ...splits.map((s) => `${s}.csv`)]
    : splits.map((s) => `${s}.txt`);
  for (const f of files) if (!fs.existsSync(path.join(dir, f))) return path.join(dir, f);
  return null;
}

export function loadDataset(dataDir: string, name: DatasetName): Dataset {
  return isTableDataset(name) ? loadTableDataset(dataDir, name) : loadSerialisedDataset(dataDir, name);
}

/** One side of a Ditto-serialised pair: `COL title VAL … COL brand VAL …` → { title: …, brand: … }. */
export function parseSerialisedRecord(text: string): Record<string, string> {
  const rec: Record<string, string> = {};
  const re = /(?:^|\s)COL (\S+) VAL(?= |$)/g;
  const marks: { attr: string; start: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) marks.push({ attr: m[1] as string, start: m.index, end: re.lastIndex });
  marks.forEach((mark, i) => {
    const next = marks[i + 1];
    rec[mark.attr] = text.slice(mark.end, next ? next.start : text.length).trim();
  });
  return rec;
}

/**
 * A WDC title as the shop printed it: WDC's extraction leaves RDF literal quotes with a language tag
 * (`"Nike Air Max 90"@en`), `"Null"` for missing values, and the page title after the offer title.
 */
export function cleanWdcTitle(raw: string): string {
  return raw
    .replace(/"@[a-z]{2,3}(?:-[a-z0-9]{2,8})*/gi, ' ')
    .replace(/"null"\s*,?/gi, ' ')
    .replace(/"\s*,/g, ' ')
    .replace(/"/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function serialisedOffer(name: SerialisedDatasetName, rec: Record<string, string>): ItemIdentity {
  if (name === 'Dirty-Walmart-Amazon') {
    return {
      title: rec['title'] ?? '',
      brand: rec['brand'] || null,
      model: rec['modelno'] || null,
      priceCents: parsePriceCents(rec['price']),
    };
  }
  return { title: cleanWdcTitle(rec['title'] ?? '') };
}

function loadSerialisedDataset(dataDir: string, name: SerialisedDatasetName): Dataset {
  const dir = path.join(dataDir, name);
  interface Side {
    offer: ItemIdentity;
    text: string;
  }
  const sides = new Map<string, Side>();
  const side = (raw: string): Side => {
    let s = sides.get(raw);
    if (!s) {
      const rec = parseSerialisedRecord(raw);
      s = { offer: serialisedOffer(name, rec), text: Object.values(rec).join(' ') };
      sides.set(raw, s);
    }
    return s;
  };
  const splits = new Map<SplitName, LabelledPair[]>();
  const read = (split: SplitName): LabelledPair[] => {
    const file = path.join(dir, `${split}.txt`);
    if (!fs.existsSync(file)) throw new Error(`missing split file ${file}`);
    const pairs: LabelledPair[] = [];
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '') return;
        const parts = line.split('\t');
        const label = parts[parts.length - 1]?.trim();
        if (parts.length !== 3 || (label !== '0' && label !== '1')) throw new Error(`${file}: line ${i + 1} is not "left<TAB>right<TAB>label"`);
        const l = side(parts[0] as string);
        const r = side(parts[1] as string);
        pairs.push({ left: l.offer, right: r.offer, leftText: l.text, rightText: r.text, label: label === '1' ? 1 : 0 });
      });
    return pairs;
  };
  // Corpus statistics over every record of the splits present (labels unused), as the table datasets use whole tables.
  for (const split of ['train', 'valid', 'test'] as const) {
    if (fs.existsSync(path.join(dir, `${split}.txt`))) splits.set(split, read(split));
  }
  const all = [...sides.values()];
  const stats = buildIdfStats(
    all.map((s) => s.offer.title),
    { brands: all.map((s) => s.offer.brand) },
  );
  const baselineStats = buildIdfStats(all.map((s) => s.text));
  return {
    name,
    stats,
    baselineStats,
    pairs(split) {
      const pairs = splits.get(split);
      if (!pairs) throw new Error(`missing split file ${path.join(dir, `${split}.txt`)}`);
      return pairs;
    },
  };
}

function loadTableDataset(dataDir: string, name: TableDatasetName): Dataset {
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
