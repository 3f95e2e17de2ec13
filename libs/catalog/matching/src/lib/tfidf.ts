/**
 * Corpus statistics (document frequencies) and sparse TF-IDF vectors over title words and
 * character trigrams. Build the statistics once from the catalog titles with {@link buildIdfStats}
 * and pass them to the scorer; without statistics every term weighs the same.
 */
import { compactTitle, normaliseBrand, tokenizeTitle } from './normalise';
import { pastedPrice } from './listing';

/** Sparse unit vector: words are keyed by themselves, trigrams by {@link trigramCode}. */
export type SparseVector<K = string> = Map<K, number>;

export interface IdfStats {
  docCount: number;
  wordDf: Map<string, number>;
  trigramDf: Map<string, number>;
  /**
   * Brands known in the corpus: title words of the brand ("hewlett packard", "hp") → canonical
   * brand key. Lets the scorer read the brand off a title when an offer has no brand field.
   */
  brands?: Map<string, string>;
}

export interface IdfStatsJson {
  docCount: number;
  wordDf: Record<string, number>;
  trigramDf: Record<string, number>;
  brands?: Record<string, string>;
}

const NOT_BRANDS = new Set(['generic', 'unbranded', 'unknown', 'na', 'n a', 'none', 'other', 'various', 'oem', 'no brand']);

/** Brand vocabulary for {@link IdfStats.brands}: each brand's own words and its canonical key. */
export function buildBrandIndex(brands: Iterable<string | null | undefined>): Map<string, string> {
  const index = new Map<string, string>();
  for (const raw of brands) {
    const canon = normaliseBrand(raw);
    if (!canon || NOT_BRANDS.has(canon)) continue;
    for (const form of [raw as string, canon]) {
      const key = tokenizeTitle(form).join(' ');
      if (key.length >= 2 && !/^\d+$/.test(key) && !index.has(key)) index.set(key, canon);
    }
  }
  return index;
}

/** Character trigrams of a compact title, padded with a space at both ends. */
export function charTrigrams(compact: string): string[] {
  const s = ` ${compact} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}

/**
 * Document frequencies of title words and trigrams over a corpus of titles, and optionally the
 * corpus's brand vocabulary. A price pasted at the end of a title (`pastedPrice`) is no word of it.
 */
export function buildIdfStats(titles: Iterable<string>, options: { brands?: Iterable<string | null | undefined> } = {}): IdfStats {
  const wordDf = new Map<string, number>();
  const trigramDf = new Map<string, number>();
  let docCount = 0;
  for (const raw of titles) {
    const title = pastedPrice(raw)?.before ?? raw;
    docCount++;
    for (const w of new Set(tokenizeTitle(title))) wordDf.set(w, (wordDf.get(w) ?? 0) + 1);
    for (const g of new Set(charTrigrams(compactTitle(title)))) trigramDf.set(g, (trigramDf.get(g) ?? 0) + 1);
  }
  const stats: IdfStats = { docCount, wordDf, trigramDf };
  if (options.brands) stats.brands = buildBrandIndex(options.brands);
  return stats;
}

export function idfStatsToJson(stats: IdfStats): IdfStatsJson {
  return {
    docCount: stats.docCount,
    wordDf: Object.fromEntries(stats.wordDf),
    trigramDf: Object.fromEntries(stats.trigramDf),
    ...(stats.brands ? { brands: Object.fromEntries(stats.brands) } : {}),
  };
}

export function idfStatsFromJson(json: IdfStatsJson): IdfStats {
  if (!json || typeof json.docCount !== 'number' || json.docCount < 0) {
    throw new TypeError('idf stats: docCount must be a non-negative number');
  }
  return {
    docCount: json.docCount,
    wordDf: new Map(Object.entries(json.wordDf ?? {})),
    trigramDf: new Map(Object.entries(json.trigramDf ?? {})),
    ...(json.brands ? { brands: new Map(Object.entries(json.brands)) } : {}),
  };
}

/** Smoothed inverse document frequency; 1 for every term when no statistics are given. */
export function idf(df: number | undefined, docCount: number): number {
  if (docCount <= 0) return 1;
  return Math.log((docCount + 1) / ((df ?? 0) + 1)) + 1;
}

function weigh(terms: readonly string[], df: Map<string, number> | undefined, docCount: number): SparseVector {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  let norm = 0;
  for (const [t, n] of tf) {
    const w = (n === 1 ? 1 : 1 + Math.log(n)) * idf(df?.get(t), docCount);
    tf.set(t, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [t, w] of tf) tf.set(t, w / norm);
  return tf;
}

/** Unit-length TF-IDF vector over title words. */
export function wordVector(tokens: readonly string[], stats?: IdfStats): SparseVector {
  return weigh(tokens, stats?.wordDf, stats?.docCount ?? 0);
}

/** Integer key of the trigram starting at `i` (characters are ASCII after folding; others are clipped). */
function codeAt(s: string, i: number): number {
  return (
    (Math.min(s.charCodeAt(i), 0xff) << 16) | (Math.min(s.charCodeAt(i + 1), 0xff) << 8) | Math.min(s.charCodeAt(i + 2), 0xff)
  );
}

/** The integer key a trigram has in trigram vectors. */
export function trigramCode(trigram: string): number {
  return codeAt(trigram, 0);
}

/**
 * Trigram vector: codes ascending, with their weights; unit length. Plain arrays (small integers and doubles), which
 * live on the JavaScript heap: typed arrays of a title's size each need a buffer of their own outside it, slower to
 * make and to collect, and a catalog import makes one per offer it compares.
 */
export interface PackedVector {
  keys: readonly number[];
  values: readonly number[];
}

const trigramIdfCache = new WeakMap<IdfStats, Map<number, number>>();
/** Trigram code → idf, computed once per statistics object. */
function trigramIdf(stats: IdfStats): Map<number, number> {
  let map = trigramIdfCache.get(stats);
  if (!map) {
    map = new Map();
    for (const [g, n] of stats.trigramDf) if (g.length === 3) map.set(trigramCode(g), idf(n, stats.docCount));
    trigramIdfCache.set(stats, map);
  }
  return map;
}

/** Codes of a title's trigrams, reused from call to call (grown when a longer title comes). */
let scratch = new Int32Array(256);

/** Unit-length TF-IDF vector over character trigrams of the compact title, keyed by {@link trigramCode}. */
export function trigramVector(compact: string, stats?: IdfStats): PackedVector {
  const s = ` ${compact} `;
  const n = Math.max(0, s.length - 2);
  if (scratch.length < n) scratch = new Int32Array(Math.max(n, scratch.length * 2));
  const codes = scratch.subarray(0, n);
  for (let i = 0; i < n; i++) codes[i] = codeAt(s, i);
  codes.sort();
  // Sized to the distinct codes up front: arrays grown by push keep spare room.
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || codes[i] !== codes[i - 1]) distinct++;
  const keys = new Array<number>(distinct);
  const values = new Array<number>(distinct);
  let m = 0;
  const idfs = stats ? trigramIdf(stats) : undefined;
  const unseen = stats ? idf(0, stats.docCount) : 1;
  let norm = 0;
  for (let i = 0; i < n; ) {
    const c = codes[i] as number;
    let j = i + 1;
    while (j < n && codes[j] === c) j++;
    const tf = j - i === 1 ? 1 : 1 + Math.log(j - i);
    const w = tf * (idfs ? (idfs.get(c) ?? unseen) : 1);
    keys[m] = c;
    values[m] = w;
    m++;
    norm += w * w;
    i = j;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) / norm;
  return { keys, values };
}

/** Cosine of two unit-length packed vectors (a merge of their sorted keys). */
export function packedCosine(a: PackedVector, b: PackedVector): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  const ak = a.keys;
  const bk = b.keys;
  while (i < ak.length && j < bk.length) {
    const x = ak[i] as number;
    const y = bk[j] as number;
    if (x === y) {
      dot += (a.values[i] as number) * (b.values[j] as number);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return dot > 1 ? 1 : dot;
}

/** Cosine of two unit-length sparse vectors. */
export function cosine<K>(a: SparseVector<K>, b: SparseVector<K>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) {
    const v = large.get(t);
    if (v !== undefined) dot += w * v;
  }
  return dot > 1 ? 1 : dot;
}

/** Jaccard similarity of two sets. */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let inter = 0;
  for (const x of small) if (large.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
