/**
 * The search of the offers' full-text index, written once for both engines as steps (`@pricehunt/catalog-core`'s
 * steps): the SQLite index (search-index.ts, FTS5 with bm25) answers its reads synchronously, the PostgreSQL one
 * (pg-search-index.ts, tsvector with ts_rank) asynchronously; which words are tried, in which queries, and how the
 * hits are ranked and merged is decided here.
 */
import { type IndexHit, indexWords, perform, type Step } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';

const MAX_WORDS = 10;
/** The longest run of leading words `leadingCandidates` tries. */
const LEADING_MAX = 6;
/**
 * Ranking costs a few microseconds for every offer a query matches. An AND query whose rarest word more offers carry
 * than this is answered unranked (newest first).
 */
const RANKING_BUDGET = 2_000;
/** The leading words a long run is also tried with alone (`leadingCandidates`). */
const SHORT_HEAD = 3;
/** Offers (newest first) among which the leading-words search ranks by the other words. */
export const REST_POOL = 200;
/** The OR fallback takes the rarer words while the offers they match together stay within this many. */
const OR_BUDGET = 5_000;

/** How an engine's full-text queries are written: each takes index words (or queries) and answers a query. */
export interface MatchSyntax {
  /** Offers carrying every one of the words. */
  all(words: readonly string[]): string;
  /** Offers carrying any of the words. */
  any(words: readonly string[]): string;
  /** Offers matching both queries. */
  both(first: string, second: string): string;
}

/** An offer of the pool the leading-words search ranks itself: its indexed text (but category) and its category. */
export type PoolRow = Omit<IndexHit, 'rank'> & { retailerId: string; text: string; category: string };

/** What the search reads of an engine's index (queries written in its `MatchSyntax`). */
export interface IndexReads {
  /** The best `limit` offers matching the query, ranked; equal ranks, the newest first. */
  ranked(query: string, limit: number): IndexHit[];
  /** The newest `limit` offers matching the query, unranked (rank 0). */
  unranked(query: string, limit: number): IndexHit[];
  /** As `unranked`, with what `PoolRow` holds. */
  unrankedWithText(query: string, limit: number): PoolRow[];
  /** True when an offer of another retailer than `retailerId` matches the query. */
  existsElsewhere(query: string, retailerId: string): boolean;
  /** How many offers carry each word (0 when none). */
  frequencies(words: readonly string[]): Map<string, number>;
  /** How many offers there are. */
  documentCount(): number;
}

type IndexStep<T> = Step<IndexReads, T>;

/**
 * Offer counts of words and of the whole catalog, kept a while (they only steer which words to try): by one index, or
 * shared by the indexes an import reads through. Unknown words are not kept, since an import may add them at any moment.
 */
export interface WordCounts {
  frequencies: Map<string, number>;
  /** When `frequencies` began (they are read anew after 30 s). */
  at: number;
  docs: { n: number; at: number };
  /** When each count of `frequencies` was read, on `clock` (`countInserted`). */
  readAt: Map<string, number>;
  /** Ticks when counts are read and when an offer is inserted: which came first. */
  clock: number;
}
export const createWordCounts = (): WordCounts => ({ frequencies: new Map(), at: Date.now(), docs: { n: 0, at: 0 }, readAt: new Map(), clock: 0 });
/** Forgets every count: the next reads count anew. */
export function clearWordCounts(counts: WordCounts): void {
  counts.frequencies.clear();
  counts.readAt.clear();
  counts.at = Date.now();
  counts.docs = { n: 0, at: 0 };
}
/** Keeps a count just read, and when it was read. */
export function keepWordCount(counts: WordCounts, word: string, n: number): void {
  counts.frequencies.set(word, n);
  counts.readAt.set(word, ++counts.clock);
}
/** An inserted offer's texts (title, brand, model, category), and when it was inserted on its counts' `clock`. */
export interface InsertedOffer {
  texts: ReadonlyArray<string | null>;
  at: number;
}
/**
 * Counts committed offers in: each index word of an offer's texts whose count was read before the offer was inserted
 * grows by one (a count read after it, in the same transaction, holds it already); the count of offers is read anew.
 * The other words' counts stay what they were.
 */
export function countInserted(counts: WordCounts, offers: readonly InsertedOffer[]): void {
  for (const offer of offers) {
    for (const word of new Set(offer.texts.flatMap((text) => (text ? indexWords(text) : [])))) {
      const n = counts.frequencies.get(word);
      const readAt = counts.readAt.get(word);
      if (n !== undefined && readAt !== undefined && readAt < offer.at) counts.frequencies.set(word, n + 1);
    }
  }
  if (offers.length > 0) counts.docs = { n: 0, at: 0 };
}
/** Forgets the word counts once they are 30 s old or too many. */
export function expireWordCounts(counts: WordCounts): void {
  if (counts.frequencies.size > 50_000 || Date.now() - counts.at > 30_000) clearWordCounts(counts);
}
/** The count of offers kept, or null when it is 10 s old and is to be read anew (`keepDocumentCount`). */
export const keptDocumentCount = (counts: WordCounts): number | null => (Date.now() - counts.docs.at > 10_000 ? null : counts.docs.n);
/** Keeps the count of offers just read, and answers it. */
export function keepDocumentCount(counts: WordCounts, n: number): number {
  counts.docs = { n, at: Date.now() };
  return n;
}

const uniqueIndexWords = (input: readonly string[]) => [...new Set(input.flatMap((word) => indexWords(word)))];

/** Words carried by at most this many offers are rare enough to narrow a query without reading long lists of offers. */
function* rareCount(): IndexStep<number> {
  return Math.max(RANKING_BUDGET, (yield* perform<IndexReads, 'documentCount'>('documentCount')) * 0.005);
}

/** Adds the hits not among `hits` yet, in order, while `hits` holds fewer than `limit`. */
function addNew(hits: IndexHit[], found: readonly IndexHit[], limit = Infinity): IndexHit[] {
  const seen = new Set(hits.map((hit) => hit.offerId));
  for (const hit of found) {
    if (hits.length >= limit) break;
    if (seen.has(hit.offerId)) continue;
    seen.add(hit.offerId);
    hits.push(hit);
  }
  return hits;
}

/**
 * Offers whose words best match the input's (see `SearchIndex.candidates`). The rarest words and every uncommon one are
 * tried together first; when that finds too few, the rarer words one by one (OR).
 */
export function* candidatesStep(syntax: MatchSyntax, input: readonly string[], options: { limit?: number; rarest?: number }): IndexStep<IndexHit[]> {
  const limit = options.limit ?? 30;
  const unique = uniqueIndexWords(input);
  const df = yield* perform<IndexReads, 'frequencies'>('frequencies', unique);
  // Equal counts keep the words' order (Array.prototype.sort is stable).
  const known = unique
    .map((word) => ({ word, df: df.get(word) ?? 0 }))
    .filter((entry) => entry.df > 0)
    .sort((a, b) => a.df - b.df)
    .slice(0, MAX_WORDS);
  if (known.length === 0) return [];
  if (options.rarest) {
    // Words of an indexed offer that no other offer carries find nothing else.
    // Past the rarest two, a word many offers carry narrows little and costs its whole list of offers to read.
    const rare = yield* rareCount();
    const shared = known.filter((entry) => entry.df > 1).filter((entry, at) => at < 2 || entry.df <= rare).slice(0, options.rarest);
    return shared.length === 0 ? [] : yield* perform<IndexReads, 'unranked'>('unranked', syntax.all(shared.map((entry) => entry.word)), limit);
  }
  // Ranking costs time for every offer a query matches, and words that many offers carry only filter: the AND
  // query takes the two rarest words and every other word that is not common.
  const common = Math.max(1000, (yield* perform<IndexReads, 'documentCount'>('documentCount')) * 0.02);
  const hits = yield* every(
    syntax,
    known.filter((entry, index) => index < 2 || entry.df <= common),
    limit,
  );
  if (hits.length >= Math.min(limit, 5) || known.length === 1) return hits;
  // Too few offers carry every word: try the rarer words on their own (OR), rarest first, as long as the offers
  // they match stay within the ranking budget; past it the rarest word alone is taken unranked.
  const words = orWords(known);
  const found =
    words.length > 0
      ? yield* perform<IndexReads, 'ranked'>('ranked', syntax.any(words), limit)
      : yield* perform<IndexReads, 'unranked'>('unranked', syntax.all([present(known[0]).word]), limit);
  return addNew(hits, found, limit);
}

/**
 * Offers carrying every one of the words (sorted rarest first). When even the rarest word is carried by more offers
 * than the ranking budget, every match is about as good as another for the matcher that ranks them next: the newest are
 * taken unranked.
 */
function every(syntax: MatchSyntax, words: ReadonlyArray<{ word: string; df: number }>, limit: number): IndexStep<IndexHit[]> {
  const query = syntax.all(words.map((entry) => entry.word));
  return perform<IndexReads, 'ranked' | 'unranked'>(present(words[0]).df > RANKING_BUDGET ? 'unranked' : 'ranked', query, limit);
}

/** The rarest words (sorted rarest first) the offers of which stay within the OR budget together. */
function orWords(known: ReadonlyArray<{ word: string; df: number }>): string[] {
  const words: string[] = [];
  let matched = 0;
  for (const entry of known) {
    if (matched + entry.df > OR_BUDGET) break;
    matched += entry.df;
    words.push(entry.word);
  }
  return words;
}

/** What the leading-words search knows of its words: how many offers carry each, the rare count, the retailer to avoid. */
interface Leading {
  syntax: MatchSyntax;
  words: string[];
  df: Map<string, number>;
  rare: number;
  limit: number;
  elsewhereThan: string | undefined;
}

/**
 * Offers that carry the longest run of leading words any offer carries together (see `SearchIndex.leadingCandidates`),
 * ranked by how many of the remaining words they carry as well.
 */
export function* leadingCandidatesStep(syntax: MatchSyntax, input: readonly string[], options: { limit?: number; elsewhereThan?: string }): IndexStep<IndexHit[]> {
  const unique = uniqueIndexWords(input);
  const df = yield* perform<IndexReads, 'frequencies'>('frequencies', unique);
  const words = unique.filter((word) => (df.get(word) ?? 0) > 0);
  if (words.length < 2) return [];
  const leading: Leading = { syntax, words, df, rare: yield* rareCount(), limit: options.limit ?? 30, elsewhereThan: options.elsewhereThan };
  for (let length = Math.min(LEADING_MAX, words.length); length >= 2; length--) {
    const hits = yield* withHead(leading, length);
    if (hits === null) continue;
    // A long run may go on into words other listings repeat as marketing ("… console family fun"): the offers
    // with the product's first words alone, ranked by all the others, are candidates too, and those with the run
    // one word shorter ("lenovo ideapad slim 5 laptop" of "… laptop backlit"), which the newest offers of a whole
    // line ("lenovo ideapad slim") cannot crowd out of the pool that is ranked.
    const shorter = length <= SHORT_HEAD ? [] : length - 1 > SHORT_HEAD ? [length - 1, SHORT_HEAD] : [SHORT_HEAD];
    for (const other of shorter) addNew(hits, (yield* withHead(leading, other)) ?? []);
    return hits;
  }
  return [];
}

/** Offers with the first `length` words, ranked by the others; null when no offer (of another retailer) has them. */
function* withHead(leading: Leading, length: number): IndexStep<IndexHit[] | null> {
  const { syntax, words, df, elsewhereThan: elsewhere } = leading;
  const head = syntax.all(words.slice(0, length));
  const newest = yield* perform<IndexReads, 'unrankedWithText'>('unrankedWithText', head, REST_POOL);
  if (newest.length === 0) return null;
  if (elsewhere !== undefined && !newest.some((row) => row.retailerId !== elsewhere)) {
    if (newest.length < REST_POOL || !(yield* perform<IndexReads, 'existsElsewhere'>('existsElsewhere', head, elsewhere))) return null;
  }
  // Only the rarer other words narrow the matches: a word that many offers carry would make the query walk its
  // whole list of offers for little.
  const restWords = words.slice(length).slice(0, MAX_WORDS);
  const rareWords = restWords.filter((word) => (df.get(word) ?? 0) <= leading.rare);
  const documents = Math.max(1, yield* perform<IndexReads, 'documentCount'>('documentCount'));
  const weights = new Map(restWords.map((word) => [word, Math.log(1 + documents / Math.max(1, df.get(word) ?? 0))]));
  return byWeight(yield* restPool(syntax, head, newest, rareWords), weights, leading.limit);
}

/**
 * The offers with the leading words that are ranked by the other words, from two pools: the offers that also carry
 * some of the rarer other words, and the newest offers with the leading words, which a common word among the others
 * tells apart ("… portable charger black": the black one among its colours). Ranked here rather than by the engine:
 * bm25 weighs each word of the query by walking its whole list of offers, which for common leading words costs tens of
 * milliseconds; for the same reason only the rarer words narrow the first pool. `newest` is the second pool; when it
 * holds fewer than REST_POOL offers it holds every offer with the leading words, and the first pool is the part of it
 * that carries a rarer word (no second query).
 */
function* restPool(syntax: MatchSyntax, head: string, newest: readonly PoolRow[], rareWords: readonly string[]): IndexStep<PoolRow[]> {
  const pool = new Map<number, PoolRow>();
  if (rareWords.length > 0) {
    const rare = new Set(rareWords);
    const carriers =
      newest.length < REST_POOL
        ? newest.filter((row) => indexWords(`${row.text} ${row.category}`).some((word) => rare.has(word)))
        : yield* perform<IndexReads, 'unrankedWithText'>('unrankedWithText', syntax.both(head, syntax.any(rareWords)), REST_POOL);
    for (const row of carriers) pool.set(row.offerId, row);
  }
  for (const row of newest) if (!pool.has(row.offerId)) pool.set(row.offerId, row);
  return [...pool.values()];
}

/** The offers holding most of the words' weight (log inverse document frequency) first; equal weights, in pool order. */
function byWeight(pool: readonly PoolRow[], weights: ReadonlyMap<string, number>, limit: number): IndexHit[] {
  return pool
    .map((row, order) => {
      let weight = 0;
      for (const word of indexWords(row.text)) weight += weights.get(word) ?? 0;
      return { hit: { offerId: row.offerId, productId: row.productId, updatedAt: row.updatedAt, rank: -weight }, order };
    })
    .sort((a, b) => a.hit.rank - b.hit.rank || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.hit);
}
