import { type AsyncOps, type IndexHit, indexWords, runAsync, type SearchIndexRepository, type SuggestionCandidate } from '@pricehunt/catalog-core';
import type { Queryable } from './pg-repository';
import { present } from '@pricehunt/contracts';
import { candidatesStep, clearWordCounts, createWordCounts, expireWordCounts, type IndexReads, keepDocumentCount, keepWordCount, keptDocumentCount, leadingCandidatesStep, type MatchSyntax, type PoolRow, type WordCounts } from './index-search';

// The same search as the SQLite side's `createFtsSearchIndex` (search-index.ts: read its comments for why each step
// is so), step by step, over PostgreSQL's full-text search (drizzle-pg/0001_catalog_search.sql, 0007, 0027): an offer's
// `search_vector` holds the words of its title (weight A), brand (B), model (C) and category (D), each field a word
// apart from the next (a phrase is found within one field, as in one FTS5 column), split at anything
// but letters and digits as FTS5's unicode61 splits them, folded by `unaccent` and lower case. Ranking is ts_rank with
// the bm25 column weights of the SQLite side scaled to ts_rank's range (title 1, brand 2, model 4, category 0.5 →
// {D, C, B, A} = {0.05, 0.4, 0.2, 0.1}), divided by 1 + the log of the offer's length in words (normalization 1), as
// bm25 ranks a short listing of the words before a long one ("Apple iPhone 16 (128GB, Black)" before "Apple iPhone 16
// Pro Max (1TB, Black Titanium)"); its figures are not bm25's, so offers that carry the words equally well may come in
// another order, and `rank` is minus ts_rank (lower is better, as the port says).

const WEIGHTS = '{0.05, 0.4, 0.2, 0.1}';
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
/** tsquery's syntax, for to_tsquery('pricehunt_words', …): index words as `operand`s. */
const TSQUERY_SYNTAX: MatchSyntax = {
  all: (words) => words.map((word) => present(operand(word))).join(' & '),
  any: (words) => `(${words.map((word) => present(operand(word))).join(' | ')})`,
  both: (first, second) => `${first} & ${second}`,
};

type HitRow = Omit<IndexHit, 'updatedAt'> & { updatedAt: Date };
const toHit = (row: HitRow): IndexHit => ({ offerId: row.offerId, productId: row.productId, updatedAt: row.updatedAt.toISOString(), rank: row.rank });

/**
 * `SearchIndexRepository` on PostgreSQL. Offer counts of words come from the GIN index (`offers_search_idx`: exact at
 * once, as FTS5's vocabulary table is), kept a while as the SQLite side keeps them (by this index, or in `counts`
 * shared by the indexes an import reads through, one per unit of work: see pg-ingestion-store.ts); the vocabulary is
 * the materialized view `offers_vocab` (`vocabularyRefresh`). The index keeps its list of entries not yet merged at
 * 64 kB (migration 0025; pg-search-pending.spec.ts): every lookup reads that list whole.
 */
export function createPgSearchIndexRepository({ pool }: { pool: Queryable }, options: { vocabularyDelayMs?: number; counts?: WordCounts } = {}): SearchIndexRepository {
  const counts = options.counts ?? createWordCounts();
  const reads = pgIndexReads(pool, counts);
  const vocabulary = vocabularyRefresh(pool, options.vocabularyDelayMs ?? VOCABULARY_DELAY_MS);
  return {
    documentCount: reads.documentCount,
    async changed() {
      clearWordCounts(counts);
      vocabulary.refresh();
    },
    async vocabulary(from, to) {
      await vocabulary.done();
      const { rows } = await pool.query<{ word: string; offers: number }>({
        name: 'search-index/vocabulary',
        text: 'SELECT term AS word, documents AS offers FROM offers_vocab WHERE term >= $1 AND term < $2 ORDER BY term',
        values: [from, to],
      });
      return rows;
    },
    offerCounts: reads.frequencies,
    leadingCandidates: (words, options = {}) => runAsync(leadingCandidatesStep(TSQUERY_SYNTAX, words, options), reads),
    candidates: (words, options = {}) => runAsync(candidatesStep(TSQUERY_SYNTAX, words, options), reads),
    async productsCarrying(words, prefix, limit) {
      const operands = [...words.map((word) => operand(word)), operand(prefix, true)];
      // A word with no letters or digits: FTS5 finds nothing for an empty phrase either.
      if (operands.some((entry) => entry === null)) return [];
      // Planned for its words each time, as `pgIndexReads` plans its newest matches.
      const { rows } = await pool.query<SuggestionCandidate>({
        text: `SELECT p.id AS "productId", p.title, p.offer_count AS "offerCount" FROM products p
          WHERE p.id IN (SELECT product_id FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2)
            AND p.offer_count > 0 ORDER BY p.id`,
        values: [operands.join(' & '), limit],
      });
      return rows;
    },
  };
}

/** What the search reads of the offers' search vectors (`IndexReads`), queries in tsquery syntax. */
function pgIndexReads(pool: Queryable, counts: WordCounts): AsyncOps<IndexReads> {
  const SEARCH = `SELECT o.id AS "offerId", o.product_id AS "productId", o.updated_at AS "updatedAt",
      -ts_rank('${WEIGHTS}', o.search_vector, q, 1) AS rank
    FROM offers o, to_tsquery('pricehunt_words', $1) AS q WHERE o.search_vector @@ q ORDER BY rank, o.id DESC LIMIT $2`;
  const UNRANKED = `SELECT id AS "offerId", product_id AS "productId", updated_at AS "updatedAt", 0 AS rank
    FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2`;
  const WITH_TEXT = `SELECT id AS "offerId", product_id AS "productId", updated_at AS "updatedAt", retailer_id AS "retailerId",
      title || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '') AS text, coalesce(category, '') AS category
    FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) ORDER BY id DESC LIMIT $2`;
  const ELSEWHERE = `SELECT 1 FROM offers WHERE search_vector @@ to_tsquery('pricehunt_words', $1) AND retailer_id <> $2 LIMIT 1`;
  // The newest matches are found one of two ways: through the words' GIN index, or walking the offers newest first until
  // enough match. Which is faster depends on how many offers carry the words, so these queries are planned for their
  // words each time (unnamed statements): a statement prepared once is soon given a generic plan, which assumes every
  // query matches a few offers in a thousand and walks the offers for a word that none or one carries (15 ms at 14,000
  // offers, against a tenth of a millisecond through the index).
  const planned = (text: string, values: unknown[]) => pool.query({ text, values });
  return {
    ranked: async (query, limit) => (await pool.query<HitRow>({ name: 'search-index/ranked', text: SEARCH, values: [query, limit] })).rows.map(toHit),
    unranked: async (query, limit) => ((await planned(UNRANKED, [query, limit])).rows as HitRow[]).map(toHit),
    async unrankedWithText(query, limit) {
      const rows = (await planned(WITH_TEXT, [query, limit])).rows as Array<Omit<PoolRow, 'updatedAt'> & { updatedAt: Date }>;
      return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
    },
    existsElsewhere: async (query, retailerId) =>
      (await planned(ELSEWHERE, [query, retailerId])).rows.length > 0,
    frequencies: (words) => frequenciesOf(pool, counts, words),
    async documentCount() {
      const kept = keptDocumentCount(counts);
      if (kept !== null) return kept;
      const { rows } = await pool.query<{ n: number }>({ name: 'search-index/document-count', text: 'SELECT count(*) AS n FROM offers', values: [] });
      return keepDocumentCount(counts, present(rows[0]).n);
    },
  };
}

/** How many offers carry each index word (0 when none; text that is not one index word, 0), through the GIN index. */
async function frequenciesOf(pool: Queryable, counts: WordCounts, words: readonly string[]): Promise<Map<string, number>> {
  expireWordCounts(counts);
  const { frequencies } = counts;
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
      if (row.n > 0) keepWordCount(counts, word, row.n);
    }
  }
  return found;
}

/**
 * How many times as long as the last refresh took the next one waits at least. A refresh reads every offer's words
 * (0.16 s at 5,000 offers, seconds at hundreds of thousands), and an import's changes come every fraction of a second:
 * with a fixed wait, a refresh followed another for as long as the import ran, a core busy on it the whole time.
 * Spaced so, refreshing takes at most a fifth of one core.
 */
export const REFRESH_SPACING = 4;

/**
 * Refreshes the materialized view `offers_vocab` CONCURRENTLY (readers are not blocked) after a change, once for the
 * changes of a while: `delayMs`, and at least REFRESH_SPACING times the last refresh's duration after that refresh
 * ended. Calls during the wait join it, calls during a refresh make one more after it. `done` waits for a refresh under
 * way, so the spelling corrector's reading after an import sees the import's words.
 */
function vocabularyRefresh(pool: Queryable, delayMs: number) {
  let stale = false;
  let running: Promise<void> | null = null;
  /** When the last refresh ended, and how long it took. */
  let last = { endedAt: 0, ms: 0 };
  return {
    refresh() {
      stale = true;
      running ??= (async () => {
        try {
          while (stale) {
            const spaced = last.endedAt + REFRESH_SPACING * last.ms - Date.now();
            await new Promise<void>((resolve) => setTimeout(resolve, Math.max(delayMs, spaced)).unref());
            stale = false;
            const started = Date.now();
            await pool.query('REFRESH MATERIALIZED VIEW CONCURRENTLY offers_vocab');
            last = { endedAt: Date.now(), ms: Date.now() - started };
          }
        } catch {
          // The pool closed, or the server went away: the next change refreshes again (the view stays as it was).
        } finally {
          running = null;
        }
      })();
    },
    done: async () => {
      if (running) await running;
    },
  };
}
