import type Database from 'better-sqlite3';
import { type IndexHit, runSync, type SearchIndexRepository, type SuggestionCandidate } from '@pricehunt/catalog-core';
import type { DatabaseHandle } from '../db/client';
import { present } from '@pricehunt/contracts';
import { candidatesStep, clearWordCounts, createWordCounts, expireWordCounts, type IndexReads, keepDocumentCount, keepWordCount, keptDocumentCount, leadingCandidatesStep, type MatchSyntax, type PoolRow, type WordCounts } from './index-search';

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

const quote = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** FTS5's query syntax: index words quoted, so that words that are FTS5 operators ("and", "near") are words. */
const FTS_SYNTAX: MatchSyntax = {
  all: (words) => words.map(quote).join(' AND '),
  any: (words) => `(${words.map(quote).join(' OR ')})`,
  both: (first, second) => `${first} AND ${second}`,
};

export function createFtsSearchIndex(sqlite: Database.Database): SearchIndex {
  const reads = ftsIndexReads(sqlite, createWordCounts());
  return {
    documentFrequency: (word) => present(reads.frequencies([word]).get(word)),
    documentCount: () => reads.documentCount(),
    changed: () => clearWordCounts(reads.counts),
    leadingCandidates: (words, options = {}) => runSync(leadingCandidatesStep(FTS_SYNTAX, words, options), reads),
    candidates: (words, options = {}) => runSync(candidatesStep(FTS_SYNTAX, words, options), reads),
  };
}

/** What the search reads of the FTS5 index (`IndexReads`), with the word counts it keeps. */
function ftsIndexReads(sqlite: Database.Database, counts: WordCounts): IndexReads & { counts: WordCounts } {
  // Ranked in the index alone; only the best rows are joined to their offers (a join per matched row cost as much
  // as the ranking itself). Equal ranks: the newest offer first.
  const search = sqlite.prepare(`SELECT best.offerId, o.product_id AS productId, o.updated_at AS updatedAt, best.rank
    FROM (SELECT rowid AS offerId, bm25(offers_fts, ${WEIGHTS}) AS rank FROM offers_fts WHERE offers_fts MATCH ? ORDER BY rank, rowid DESC LIMIT ?) best
    JOIN offers o ON o.id = best.offerId ORDER BY best.rank, best.offerId DESC`);
  const unranked = sqlite.prepare(`SELECT f.rowid AS offerId, o.product_id AS productId, o.updated_at AS updatedAt, 0 AS rank
    FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?`);
  // `text` is what the other words are weighed against; `category`, the one other indexed column, only tells whether a
  // row carries a word (as the index would).
  const unrankedWithText = sqlite.prepare(`SELECT f.rowid AS offerId, o.product_id AS productId, o.updated_at AS updatedAt, o.retailer_id AS retailerId,
      o.title || ' ' || coalesce(o.brand, '') || ' ' || coalesce(o.model, '') AS text, coalesce(o.category, '') AS category
    FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?`);
  const existsElsewhere = sqlite.prepare('SELECT 1 FROM offers_fts f JOIN offers o ON o.id = f.rowid WHERE offers_fts MATCH ? AND o.retailer_id != ? LIMIT 1');
  const docFrequency = sqlite.prepare('SELECT doc FROM offers_fts_vocab WHERE term = ?');
  const totalDocs = sqlite.prepare('SELECT count(*) AS n FROM offers');

  const frequencyOf = (word: string): number => {
    let value = counts.frequencies.get(word);
    if (value === undefined) {
      value = (docFrequency.get(word) as { doc: number } | undefined)?.doc ?? 0;
      if (value > 0) keepWordCount(counts, word, value);
    }
    return value;
  };
  return {
    counts,
    ranked: (query, limit) => search.all(query, limit) as IndexHit[],
    unranked: (query, limit) => unranked.all(query, limit) as IndexHit[],
    unrankedWithText: (query, limit) => unrankedWithText.all(query, limit) as PoolRow[],
    existsElsewhere: (query, retailerId) => existsElsewhere.get(query, retailerId) !== undefined,
    frequencies(words) {
      expireWordCounts(counts);
      return new Map(words.map((word) => [word, frequencyOf(word)]));
    },
    documentCount: () => keptDocumentCount(counts) ?? keepDocumentCount(counts, (totalDocs.get() as { n: number }).n),
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
