import type Database from 'better-sqlite3';
import { type IndexHit, indexWords, type SearchIndexRepository, type SuggestionCandidate } from '@pricehunt/catalog-core';
import type { DatabaseHandle } from '../db/client';
import { present } from '@pricehunt/contracts';

/** The full-text index services search through; the SQLite implementation is FTS5 with bm25 ranking. */
export interface SearchIndex {
  /**
   * Offers whose title, brand, model or category best match the words, best first. The rarest words and every
   * uncommon one are tried together first; when that finds too few, the rarer words are tried one by one (OR).
   * Ranking is bounded: queries that would rank more offers than a budget return the newest matches unranked.
   * With `rarest`, only the offers carrying that many of the rarest words that more than one offer carries, the newest
   * first: a cheap look for what shares an indexed offer's most telling words (no ranking, no fallback to fewer words).
   */
  candidates(words: readonly string[], options?: { limit?: number; rarest?: number }): IndexHit[];
  /**
   * Offers that carry the longest run of leading words any offer carries together (2 to 6 words: a query or URL slug
   * names the product first, "jbl clip 7 …"), ranked by how many of the remaining words they carry as well. With
   * `elsewhereThan` (a retailer id), the run must be one that some offer of another retailer carries: a run only the
   * retailer's own listings share ("apple iphone 16 ai camera", its title style) names no product.
   */
  leadingCandidates(words: readonly string[], options?: { limit?: number; elsewhereThan?: string }): IndexHit[];
  /** How many offers carry the word (0 when none), and how many offers there are: for word weights. */
  documentFrequency(word: string): number;
  documentCount(): number;
  /**
   * Tells the index that offers were added or changed: word and document counts are read anew. (They are kept a
   * while otherwise; an import that went on counting its first rows' words as rare would rank every later row by
   * words that have since become common.)
   */
  changed(): void;
}

/** Column weights for bm25: title, brand, model, category. A model number hit counts most. */
const WEIGHTS = '1.0, 2.0, 4.0, 0.5';
const MAX_WORDS = 10;
/** The longest run of leading words `leadingCandidates` tries. */
const LEADING_MAX = 6;
/**
 * bm25 costs a few microseconds for every offer a query matches. An AND query whose rarest word more offers carry
 * than this is answered unranked (newest first).
 */
const RANKING_BUDGET = 2_000;
/** The leading words a long run is also tried with alone (`leadingCandidates`). */
const SHORT_HEAD = 3;
/** Offers (newest first) among which the leading-words search ranks by the other words. */
const REST_POOL = 200;
/** The OR fallback takes the rarer words while the offers they match together stay within this many. */
const OR_BUDGET = 5_000;

const quote = (word: string) => `"${word.replace(/"/g, '""')}"`;

export function createFtsSearchIndex(sqlite: Database.Database): SearchIndex {
  // Ranked in the index alone; only the best rows are joined to their offers (a join per matched row cost as much
  // as the ranking itself). Equal ranks: the newest offer first.
  const search = sqlite.prepare(`SELECT best.offerId, o.product_id AS productId, o.updated_at AS updatedAt, best.rank
    FROM (SELECT rowid AS offerId, bm25(offers_fts, ${WEIGHTS}) AS rank FROM offers_fts WHERE offers_fts MATCH ? ORDER BY rank, rowid DESC LIMIT ?) best
    JOIN offers o ON o.id = best.offerId ORDER BY best.rank, best.offerId DESC`);
  const unranked = sqlite.prepare(`SELECT f.rowid AS offerId, o.product_id AS productId, o.updated_at AS updatedAt, 0 AS rank
    FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?`);
  const docFrequency = sqlite.prepare('SELECT doc FROM offers_fts_vocab WHERE term = ?');
  const totalDocs = sqlite.prepare('SELECT count(*) AS n FROM offers');
  const frequencies = new Map<string, number>();
  let docs = { n: 0, at: 0 };

  let frequenciesAt = Date.now();
  // Document counts are cached for a short while (they only steer which words to try); unknown words are not
  // cached, since an import may add them at any moment.
  const frequencyOf = (word: string): number => {
    if (frequencies.size > 50_000 || Date.now() - frequenciesAt > 30_000) {
      frequencies.clear();
      frequenciesAt = Date.now();
    }
    let value = frequencies.get(word);
    if (value === undefined) {
      value = (docFrequency.get(word) as { doc: number } | undefined)?.doc ?? 0;
      if (value > 0) frequencies.set(word, value);
    }
    return value;
  };
  const documentCount = () => {
    if (Date.now() - docs.at > 10_000) docs = { n: (totalDocs.get() as { n: number }).n, at: Date.now() };
    return docs.n;
  };
  /** Words carried by at most this many offers are rare enough to narrow a query without reading long lists of offers. */
  const rareCount = () => Math.max(RANKING_BUDGET, documentCount() * 0.005);

  /**
   * Offers carrying every one of the words (sorted rarest first). When even the rarest word is carried by more offers
   * than the ranking budget, every match is about as good as another for the matcher that ranks them next: the
   * newest are taken unranked.
   */
  const every = (words: ReadonlyArray<{ word: string; df: number }>, limit: number): IndexHit[] => {
    const query = words.map((entry) => quote(entry.word)).join(' AND ');
    return (present(words[0]).df > RANKING_BUDGET ? unranked.all(query, limit) : search.all(query, limit)) as IndexHit[];
  };

  const existsElsewhere = sqlite.prepare('SELECT 1 FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? AND o.retailer_id != ? LIMIT 1');
  // `text` is what the other words are weighed against; `category`, the one other indexed column, only tells whether a
  // row carries a word (as the index would).
  const unrankedWithText = sqlite.prepare(`SELECT f.rowid AS offerId, o.product_id AS productId, o.updated_at AS updatedAt, o.retailer_id AS retailerId,
      o.title || ' ' || coalesce(o.brand, '') || ' ' || coalesce(o.model, '') AS text, coalesce(o.category, '') AS category
    FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?`);
  type PoolRow = Omit<IndexHit, 'rank'> & { retailerId: string; text: string; category: string };

  /**
   * Offers with all the leading words, those holding most of the other words' weight (log inverse document frequency)
   * first, from two pools: the offers that also carry some of the rarer other words, and the newest offers with the
   * leading words, which a common word among the others tells apart ("… portable charger black": the black one among
   * its colours). Ranked here rather than by bm25: bm25 weighs each word of the query by walking its whole list of
   * offers, which for common leading words costs tens of milliseconds; for the same reason only the rarer words narrow
   * the first pool. `newest` is the second pool, read by the caller; when it holds fewer than REST_POOL offers it holds
   * every offer with the leading words, and the first pool is the part of it that carries a rarer word (no second query).
   */
  const byRestWords = (head: string, newest: readonly PoolRow[], restWords: readonly string[], rareWords: readonly string[], limit: number): IndexHit[] => {
    const documents = Math.max(1, documentCount());
    const weights = new Map(restWords.map((word) => [word, Math.log(1 + documents / Math.max(1, frequencyOf(word)))]));
    const pool = new Map<number, PoolRow>();
    if (rareWords.length > 0) {
      const rare = new Set(rareWords);
      const carriers =
        newest.length < REST_POOL
          ? newest.filter((row) => indexWords(`${row.text} ${row.category}`).some((word) => rare.has(word)))
          : (unrankedWithText.all(`${head} AND (${rareWords.map(quote).join(' OR ')})`, REST_POOL) as PoolRow[]);
      for (const row of carriers) pool.set(row.offerId, row);
    }
    for (const row of newest) if (!pool.has(row.offerId)) pool.set(row.offerId, row);
    return [...pool.values()]
      .map((row, order) => {
        let weight = 0;
        for (const word of indexWords(row.text)) weight += weights.get(word) ?? 0;
        return { hit: { offerId: row.offerId, productId: row.productId, updatedAt: row.updatedAt, rank: -weight }, order };
      })
      .sort((a, b) => a.hit.rank - b.hit.rank || a.order - b.order)
      .slice(0, limit)
      .map((entry) => entry.hit);
  };

  return {
    documentFrequency: frequencyOf,
    documentCount,
    changed() {
      frequencies.clear();
      frequenciesAt = Date.now();
      docs = { n: 0, at: 0 };
    },
    leadingCandidates(input, options = {}) {
      const limit = options.limit ?? 30;
      const words = [...new Set(input.flatMap((word) => indexWords(word)))].filter((word) => frequencyOf(word) > 0);
      /** Offers with the first `length` words, ranked by the others; null when no offer (of another retailer) has them. */
      const withHead = (length: number): IndexHit[] | null => {
        const head = words.slice(0, length).map(quote).join(' AND ');
        const newest = unrankedWithText.all(head, REST_POOL) as PoolRow[];
        if (newest.length === 0) return null;
        const elsewhere = options.elsewhereThan;
        if (elsewhere !== undefined && !newest.some((row) => row.retailerId !== elsewhere) && (newest.length < REST_POOL || !existsElsewhere.get(head, elsewhere))) return null;
        // Only the rarer other words narrow the matches: a word that many offers carry would make the query walk its
        // whole list of offers for little.
        const rare = rareCount();
        const restWords = words.slice(length).slice(0, MAX_WORDS);
        return byRestWords(head, newest, restWords, restWords.filter((word) => frequencyOf(word) <= rare), limit);
      };
      for (let length = Math.min(LEADING_MAX, words.length); length >= 2; length--) {
        const hits = withHead(length);
        if (hits === null) continue;
        // A long run may go on into words other listings repeat as marketing ("… console family fun"): the offers
        // with the product's first words alone, ranked by all the others, are candidates too, and those with the run
        // one word shorter ("lenovo ideapad slim 5 laptop" of "… laptop backlit"), which the newest offers of a whole
        // line ("lenovo ideapad slim") cannot crowd out of the pool that is ranked.
        if (length > SHORT_HEAD) {
          const seen = new Set(hits.map((hit) => hit.offerId));
          for (const shorter of length - 1 > SHORT_HEAD ? [length - 1, SHORT_HEAD] : [SHORT_HEAD]) {
            for (const hit of withHead(shorter) ?? []) {
              if (seen.has(hit.offerId)) continue;
              seen.add(hit.offerId);
              hits.push(hit);
            }
          }
        }
        return hits;
      }
      return [];
    },

    candidates(input, options = {}) {
      const limit = options.limit ?? 30;
      const known = [...new Set(input.flatMap((word) => indexWords(word)))]
        .map((word) => ({ word, df: frequencyOf(word) }))
        .filter((entry) => entry.df > 0)
        .sort((a, b) => a.df - b.df)
        .slice(0, MAX_WORDS);
      if (known.length === 0) return [];
      if (options.rarest) {
        // Words of an indexed offer that no other offer carries find nothing else.
        // Past the rarest two, a word many offers carry narrows little and costs its whole list of offers to read.
        const rare = rareCount();
        const shared = known.filter((entry) => entry.df > 1).filter((entry, at) => at < 2 || entry.df <= rare).slice(0, options.rarest);
        return shared.length === 0 ? [] : (unranked.all(shared.map((entry) => quote(entry.word)).join(' AND '), limit) as IndexHit[]);
      }
      // Ranking costs time for every offer a query matches, and words that many offers carry only filter: the AND
      // query takes the two rarest words and every other word that is not common.
      const common = Math.max(1000, documentCount() * 0.02);
      const all = known.filter((entry, index) => index < 2 || entry.df <= common);
      const hits = every(all, limit);
      if (hits.length >= Math.min(limit, 5) || known.length === 1) return hits;
      const seen = new Set(hits.map((hit) => hit.offerId));
      const take = (found: IndexHit[]) => {
        for (const hit of found) {
          if (hits.length >= limit) return;
          if (!seen.has(hit.offerId)) {
            seen.add(hit.offerId);
            hits.push(hit);
          }
        }
      };
      // Too few offers carry every word: try the rarer words on their own (OR), rarest first, as long as the offers
      // they match stay within the ranking budget; past it the rarest word alone is taken unranked.
      const words: string[] = [];
      let matched = 0;
      for (const entry of known) {
        if (matched + entry.df > OR_BUDGET) break;
        matched += entry.df;
        words.push(quote(entry.word));
      }
      take((words.length > 0 ? search.all(words.join(' OR '), limit) : unranked.all(quote(present(known[0]).word), limit)) as IndexHit[]);
      return hits;
    },
  };
}

/**
 * `SearchIndexRepository` on the FTS5 index of the SQLite file of `handle` (`offers_fts`, its vocabulary
 * `offers_fts_vocab`); candidates come from `index` (bm25 ranking; its own unless one is given).
 */
export function createSqliteSearchIndexRepository(handle: Pick<DatabaseHandle, 'sqlite'>, index: SearchIndex = createFtsSearchIndex(handle.sqlite)): SearchIndexRepository {
  const { sqlite } = handle;
  const range = sqlite.prepare('SELECT term AS word, doc AS offers FROM offers_fts_vocab WHERE term >= ? AND term < ?');
  const carrying = sqlite.prepare(`SELECT p.id AS productId, p.title, p.offer_count AS offerCount FROM products p
    WHERE p.id IN (SELECT o.product_id FROM offers_fts f JOIN offers o ON o.id = f.rowid
      WHERE offers_fts MATCH @match ORDER BY f.rowid DESC LIMIT @limit) AND p.offer_count > 0`);
  return {
    candidates: async (words, options) => index.candidates(words, options),
    leadingCandidates: async (words, options) => index.leadingCandidates(words, options),
    documentCount: async () => index.documentCount(),
    vocabulary: async (from, to) => range.all(from, to) as Array<{ word: string; offers: number }>,
    // Counts as the index keeps them for ranking (a while, until told of changes).
    offerCounts: async (words) => new Map(words.map((word) => [word, index.documentFrequency(word)])),
    async changed() {
      index.changed();
    },
    async productsCarrying(words, prefix, limit) {
      const match = [...words.map(quote), `${quote(prefix)}*`].join(' AND ');
      return carrying.all({ match, limit }) as SuggestionCandidate[];
    },
  };
}
