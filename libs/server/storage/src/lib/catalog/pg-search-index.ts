import { type IndexHit, indexWords, type SearchIndexRepository, type SuggestionCandidate } from '@pricehunt/catalog-core';
import type { Queryable } from './pg-repository';
import { present } from '@pricehunt/contracts';

// The same search as the SQLite side's `createFtsSearchIndex` (search-index.ts: read its comments for why each step
// is so), step by step, over PostgreSQL's full-text search (drizzle-pg/0001_catalog_search.sql, 0007): an offer's
// `search_vector` holds the words of its title (weight A), brand (B), model (C) and category (D), split at anything
// but letters and digits as FTS5's unicode61 splits them, folded by `unaccent` and lower case. Ranking is ts_rank with
// the bm25 column weights of the SQLite side scaled to ts_rank's range (title 1, brand 2, model 4, category 0.5 →
// {D, C, B, A} = {0.05, 0.4, 0.2, 0.1}); its figures are not bm25's, so offers that carry the words equally well may
// come in another order, and `rank` is minus ts_rank (lower is better, as the port says).

const WEIGHTS = '{0.05, 0.4, 0.2, 0.1}';
const MAX_WORDS = 10;
const LEADING_MAX = 6;
const RANKING_BUDGET = 2_000;
const SHORT_HEAD = 3;
const REST_POOL = 200;
const OR_BUDGET = 5_000;
/** How long `changed()` waits before refreshing the vocabulary: the changes of an import's next batches join that refresh. */
const VOCABULARY_DELAY_MS = 1_000;

/**
 * A tsquery operand for an index word, as text for to_tsquery('pricehunt_words', …): the word quoted (it holds only
 * letters and digits, but a quote or backslash would be escaped all the same), so to_tsquery reads it as one lexeme
 * and folds it as the offers' words were folded. Text that is several index words is their phrase (as FTS5 reads a
 * quoted string), and text with none, null (it matches nothing).
 */
function operand(text: string, prefix = false): string | null {
  const words = indexWords(text);
  if (words.length === 0) return null;
  const quoted = words.map((word) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
  if (prefix) quoted[quoted.length - 1] += ':*';
  return quoted.length === 1 ? present(quoted[0]) : `(${quoted.join(' <-> ')})`;
}
const all = (words: readonly string[]) => words.map((word) => present(operand(word))).join(' & ');
const any = (words: readonly string[]) => `(${words.map((word) => present(operand(word))).join(' | ')})`;

type PoolRow = Omit<IndexHit, 'rank'> & { retailerId: string; text: string; category: string };
type HitRow = Omit<IndexHit, 'updatedAt'> & { updatedAt: Date };
const toHit = (row: HitRow): IndexHit => ({ offerId: row.offerId, productId: row.productId, updatedAt: row.updatedAt.toISOString(), rank: row.rank });

/**
 * Offer counts of words and of the whole catalog, read through the GIN index and kept a while: by one index, or shared
 * by the indexes an import reads through, one per unit of work (see pg-ingestion-store.ts).
 */
export interface PgWordCounts {
  frequencies: Map<string, number>;
  /** When `frequencies` began (they are read anew after 30 s). */
  at: number;
  docs: { n: number; at: number };
}
export const createPgWordCounts = (): PgWordCounts => ({ frequencies: new Map(), at: Date.now(), docs: { n: 0, at: 0 } });
/** Forgets every count: the next reads count anew. */
export function clearPgWordCounts(counts: PgWordCounts): void {
  counts.frequencies.clear();
  counts.at = Date.now();
  counts.docs = { n: 0, at: 0 };
}

/**
 * `SearchIndexRepository` on PostgreSQL. Offer counts of words come from the GIN index (`offers_search_idx`: exact at
 * once, as FTS5's vocabulary table is), kept a while as the SQLite side keeps them; the vocabulary is the materialized
 * view `offers_vocab`, refreshed CONCURRENTLY (readers are not blocked) after `changed()`, once for the changes of a
 * short while: calls during the wait join it, calls during a refresh make one more after it. `vocabulary` waits for a
 * refresh under way, so the spelling corrector's reading after an import sees the import's words.
 */
export function createPgSearchIndexRepository({ pool }: { pool: Queryable }, options: { vocabularyDelayMs?: number; counts?: PgWordCounts } = {}): SearchIndexRepository {
  const vocabularyDelay = options.vocabularyDelayMs ?? VOCABULARY_DELAY_MS;
  const counts = options.counts ?? createPgWordCounts();

  const SEARCH = `SELECT o.id AS "offerId", o.product_id AS "productId", o.updated_at AS "updatedAt",
      -ts_rank('${WEIGHTS}', o.search_vector, q) AS rank
    FROM offers o, to_tsquery('pricehunt_words', $1) AS q WHERE o.search_vector @@ q ORDER BY rank, o.id DESC LIMIT $2`;
  const UNRANKED = `SELECT id AS "offerId", product_id AS "productId", updated_at AS "updatedAt", 0 AS rank
    FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2`;
  const search = async (query: string, limit: number) =>
    (await pool.query<HitRow>({ name: 'search-index/ranked', text: SEARCH, values: [query, limit] })).rows.map(toHit);
  const unranked = async (query: string, limit: number) =>
    (await pool.query<HitRow>({ name: 'search-index/unranked', text: UNRANKED, values: [query, limit] })).rows.map(toHit);
  const unrankedWithText = async (query: string, limit: number): Promise<PoolRow[]> =>
    (
      await pool.query<Omit<PoolRow, 'updatedAt'> & { updatedAt: Date }>({
        name: 'search-index/unranked-with-text',
        text: `SELECT id AS "offerId", product_id AS "productId", updated_at AS "updatedAt", retailer_id AS "retailerId",
            title || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '') AS text, coalesce(category, '') AS category
          FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2`,
        values: [query, limit],
      })
    ).rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  const existsElsewhere = async (query: string, retailerId: string) =>
    (
      await pool.query({
        name: 'search-index/exists-elsewhere',
        text: `SELECT 1 FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) AND retailer_id <> $2 LIMIT 1`,
        values: [query, retailerId],
      })
    ).rows.length > 0;

  /** How many offers carry each index word (0 when none; text that is not one index word, 0), through the GIN index. */
  const frequenciesOf = async (words: readonly string[]): Promise<Map<string, number>> => {
    const { frequencies } = counts;
    if (frequencies.size > 50_000 || Date.now() - counts.at > 30_000) clearPgWordCounts(counts);
    const found = new Map<string, number>(words.map((word) => [word, 0]));
    const unread: string[] = [];
    for (const word of found.keys()) {
      const known = frequencies.get(word);
      if (known !== undefined) found.set(word, known);
      else if (indexWords(word).length !== 1 || indexWords(word)[0] !== word) found.set(word, 0);
      else unread.push(word);
    }
    if (unread.length > 0) {
      const { rows } = await pool.query<{ i: number; n: number }>({
        name: 'search-index/offer-counts',
        text: `SELECT w.i, (SELECT count(*) FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', w.q)) AS n
          FROM unnest($1::text[]) WITH ORDINALITY AS w(q, i)`,
        values: [unread.map((word) => operand(word))],
      });
      for (const row of rows) {
        const word = present(unread[row.i - 1]);
        found.set(word, row.n);
        // Unknown words are not kept: an import may add them at any moment.
        if (row.n > 0) frequencies.set(word, row.n);
      }
    }
    return found;
  };
  const documentCount = async () => {
    if (Date.now() - counts.docs.at > 10_000) {
      const { rows } = await pool.query<{ n: number }>({ name: 'search-index/document-count', text: 'SELECT count(*) AS n FROM offers', values: [] });
      counts.docs = { n: present(rows[0]).n, at: Date.now() };
    }
    return counts.docs.n;
  };
  const rareCount = async () => Math.max(RANKING_BUDGET, (await documentCount()) * 0.005);

  const every = (words: ReadonlyArray<{ word: string; df: number }>, limit: number) => {
    const query = all(words.map((entry) => entry.word));
    return present(words[0]).df > RANKING_BUDGET ? unranked(query, limit) : search(query, limit);
  };

  const byRestWords = async (head: string, newest: readonly PoolRow[], restWords: readonly string[], rareWords: readonly string[], limit: number, df: Map<string, number>) => {
    const documents = Math.max(1, await documentCount());
    const weights = new Map(restWords.map((word) => [word, Math.log(1 + documents / Math.max(1, df.get(word) ?? 0))]));
    const ranked = new Map<number, PoolRow>();
    if (rareWords.length > 0) {
      const rare = new Set(rareWords);
      const carriers =
        newest.length < REST_POOL
          ? newest.filter((row) => indexWords(`${row.text} ${row.category}`).some((word) => rare.has(word)))
          : await unrankedWithText(`${head} & ${any(rareWords)}`, REST_POOL);
      for (const row of carriers) ranked.set(row.offerId, row);
    }
    for (const row of newest) if (!ranked.has(row.offerId)) ranked.set(row.offerId, row);
    return [...ranked.values()]
      .map((row, order) => {
        let weight = 0;
        for (const word of indexWords(row.text)) weight += weights.get(word) ?? 0;
        return { hit: { offerId: row.offerId, productId: row.productId, updatedAt: row.updatedAt, rank: -weight }, order };
      })
      .sort((a, b) => a.hit.rank - b.hit.rank || a.order - b.order)
      .slice(0, limit)
      .map((entry) => entry.hit);
  };

  let vocabularyStale = false;
  let vocabularyRefresh: Promise<void> | null = null;
  const refreshVocabulary = () => {
    vocabularyStale = true;
    vocabularyRefresh ??= (async () => {
      try {
        while (vocabularyStale) {
          await new Promise<void>((resolve) => setTimeout(resolve, vocabularyDelay).unref());
          vocabularyStale = false;
          await pool.query('REFRESH MATERIALIZED VIEW CONCURRENTLY offers_vocab');
        }
      } catch {
        // The pool closed, or the server went away: the next change refreshes again (the view stays as it was).
      } finally {
        vocabularyRefresh = null;
      }
    })();
  };

  return {
    documentCount,
    async changed() {
      clearPgWordCounts(counts);
      refreshVocabulary();
    },
    async vocabulary(from, to) {
      if (vocabularyRefresh) await vocabularyRefresh;
      const { rows } = await pool.query<{ word: string; offers: number }>({
        name: 'search-index/vocabulary',
        text: 'SELECT term AS word, documents AS offers FROM offers_vocab WHERE term >= $1 AND term < $2 ORDER BY term',
        values: [from, to],
      });
      return rows;
    },
    offerCounts: (words) => frequenciesOf(words),

    async leadingCandidates(input, options = {}) {
      const limit = options.limit ?? 30;
      const unique = [...new Set(input.flatMap((word) => indexWords(word)))];
      const df = await frequenciesOf(unique);
      const words = unique.filter((word) => (df.get(word) ?? 0) > 0);
      const rare = await rareCount();
      const withHead = async (length: number): Promise<IndexHit[] | null> => {
        const head = all(words.slice(0, length));
        const newest = await unrankedWithText(head, REST_POOL);
        if (newest.length === 0) return null;
        const elsewhere = options.elsewhereThan;
        if (elsewhere !== undefined && !newest.some((row) => row.retailerId !== elsewhere) && (newest.length < REST_POOL || !(await existsElsewhere(head, elsewhere)))) return null;
        const restWords = words.slice(length).slice(0, MAX_WORDS);
        return byRestWords(head, newest, restWords, restWords.filter((word) => (df.get(word) ?? 0) <= rare), limit, df);
      };
      for (let length = Math.min(LEADING_MAX, words.length); length >= 2; length--) {
        const hits = await withHead(length);
        if (hits === null) continue;
        if (length > SHORT_HEAD) {
          const seen = new Set(hits.map((hit) => hit.offerId));
          for (const shorter of length - 1 > SHORT_HEAD ? [length - 1, SHORT_HEAD] : [SHORT_HEAD]) {
            for (const hit of (await withHead(shorter)) ?? []) {
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

    async candidates(input, options = {}) {
      const limit = options.limit ?? 30;
      const unique = [...new Set(input.flatMap((word) => indexWords(word)))];
      const df = await frequenciesOf(unique);
      // Equal counts keep the words' order (Array.prototype.sort is stable), as on the SQLite side.
      const known = unique
        .map((word) => ({ word, df: df.get(word) ?? 0 }))
        .filter((entry) => entry.df > 0)
        .sort((a, b) => a.df - b.df)
        .slice(0, MAX_WORDS);
      if (known.length === 0) return [];
      if (options.rarest) {
        const rare = await rareCount();
        const shared = known.filter((entry) => entry.df > 1).filter((entry, at) => at < 2 || entry.df <= rare).slice(0, options.rarest);
        return shared.length === 0 ? [] : unranked(all(shared.map((entry) => entry.word)), limit);
      }
      const common = Math.max(1000, (await documentCount()) * 0.02);
      const chosen = known.filter((entry, index) => index < 2 || entry.df <= common);
      const hits = await every(chosen, limit);
      if (hits.length >= Math.min(limit, 5) || known.length === 1) return hits;
      const seen = new Set(hits.map((hit) => hit.offerId));
      const words: string[] = [];
      let matched = 0;
      for (const entry of known) {
        if (matched + entry.df > OR_BUDGET) break;
        matched += entry.df;
        words.push(entry.word);
      }
      const found = words.length > 0 ? await search(any(words), limit) : await unranked(present(operand(present(known[0]).word)), limit);
      for (const hit of found) {
        if (hits.length >= limit) break;
        if (!seen.has(hit.offerId)) {
          seen.add(hit.offerId);
          hits.push(hit);
        }
      }
      return hits;
    },

    async productsCarrying(words, prefix, limit) {
      const operands = [...words.map((word) => operand(word)), operand(prefix, true)];
      // A word with no letters or digits: FTS5 finds nothing for an empty phrase either.
      if (operands.some((entry) => entry === null)) return [];
      const { rows } = await pool.query<SuggestionCandidate>({
        name: 'search-index/products-carrying',
        text: `SELECT p.id AS "productId", p.title, p.offer_count AS "offerCount" FROM products p
          WHERE p.id IN (SELECT product_id FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2)
            AND p.offer_count > 0 ORDER BY p.id`,
        values: [operands.join(' & '), limit],
      });
      return rows;
    },
  };
}
