import type { SuggestionCandidate } from './rows';

/** An offer the full-text index found, with its product. */
export interface IndexHit {
  offerId: number;
  productId: number | null;
  updatedAt: string;
  /** Rank among the hits of one look-up (lower is better; 0 when unranked). */
  rank: number;
}

/**
 * The full-text index of the catalog's offers (title, brand, model, category) as search answers read it. It speaks
 * in index words (`indexWords`: folded, split at anything but letters and digits); how the engine stores, matches
 * and ranks them is its own.
 */
export interface SearchIndexRepository {
  /**
   * Offers whose title, brand, model or category best match the words, best first: the rarest words and every
   * uncommon one together, else the rarer words one by one; with `rarest`, only the offers carrying that many of the
   * rarest words more than one offer carries, newest first. At most `limit` (30).
   */
  candidates(words: readonly string[], options?: { limit?: number; rarest?: number }): Promise<IndexHit[]>;
  /**
   * Offers carrying the longest run of leading words (2 to 6) that some offer carries (of a retailer other than
   * `elsewhereThan`, when given), ranked by the weight of the other words they carry. At most `limit` (30).
   */
  leadingCandidates(words: readonly string[], options?: { limit?: number; elsewhereThan?: string }): Promise<IndexHit[]>;
  /** How many offers the index holds. */
  documentCount(): Promise<number>;
  /** Offers were added or changed: what the index keeps of its words' counts is read anew. */
  changed(): Promise<void>;
  /** The index's words `from` ≤ word < `to` (in code-point order) and how many offers carry each. */
  vocabulary(from: string, to: string): Promise<Array<{ word: string; offers: number }>>;
  /** How many offers carry each of the words (0 when none). */
  offerCounts(words: readonly string[]): Promise<Map<string, number>>;
  /**
   * Products with offers shoppers see, among the newest `limit` offers that carry every one of `words` and a word
   * beginning with `prefix` (what is being typed).
   */
  productsCarrying(words: readonly string[], prefix: string, limit: number): Promise<SuggestionCandidate[]>;
}
