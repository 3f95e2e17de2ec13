/**
 * What the matcher is asked and what it answers: the options of a ranking, its ranked products, and where an import's
 * candidate offers come from.
 */
import type { OfferRef } from '../ports';
import type { PreparedOffer } from '@pricehunt/catalog-matching';
import type { WordsCandidate, WordsRanking } from '../words-ranking';

export interface RankedProduct {
  productId: number;
  /** Matcher confidence in [0, 1]. */
  score: number;
  /** Joining: some member states a platform or colour the item states (`sharesStatedVariant`). */
  sharesVariant?: boolean;
  /**
   * Joining, products at the threshold or above: their offers as prepared for ranking (the retailer's own left out),
   * for telling whether the item says which of two rivals it is (`unstatedDistinction`, judged in `productForOffer`).
   */
  members?: readonly PreparedOffer[];
  /** Words only: true when the product's offers hold every one of the words between them. */
  holdsAllWords?: boolean;
  /** Words only: what the score was computed from (`wordsScore`). */
  words?: WordsCandidate;
}

/** Where candidate offers come from: the catalog's indexes, or a bulk import's in-memory copy of them. */
export interface CandidateLookup {
  /** Offers (with their product) that carry this GTIN. */
  offersWithGtin(gtin: string, limit: number): OfferRef[];
  /** Offers whose model key is `modelKey` or starts with it. */
  offersWithModelKey(modelKey: string, limit: number): OfferRef[];
  /** Products (and the brands their offers state) with an offer of exactly this model key. */
  productsWithModelKey(modelKey: string): Array<{ productId: number; brand: string | null }>;
  /** The first `limit` offers of a product (oldest first). */
  offerRefsOfProduct(productId: number, limit: number): OfferRef[];
}

export interface MatchOptions {
  /** Candidate source (default: the catalog's own indexes). */
  lookup?: CandidateLookup;
  /** Look for candidates in the full-text index too (search, and ingest outside the bulk path). */
  useIndex: boolean;
  /**
   * The item is an offer about to join a product (ingestion): a model number it states that the product's members do
   * not, while they state another, keeps it out even when it also shares a family name with them.
   */
  joining?: boolean;
  /** Offers never to count as candidates (the offer being matched itself). */
  excludeOfferId?: number;
  indexLimit?: number;
  /** Full-text candidates only from the offers carrying this many of the item's rarest words (`SearchIndex.candidates`). */
  indexRarest?: number;
  /**
   * The offer's retailer, when it is joining (with `useIndex`): offers at other retailers that share its leading words
   * are candidates too. The full-text hits of a retailer with many listings of one line are mostly its own ("HP
   * Scanjet 5590 … Adf 50 Sheets" finds that shop's other Scanjets first), and those the offer may not join anyway.
   */
  retailer?: string;
  /** The item's model keys when the caller has them already (`modelKeysOf`). */
  modelKeys?: string[];
  /**
   * The item is only words (a URL slug or a typed query), not an offer: blend the matcher's score with how much of
   * the words' weight (rarer words weigh more) each candidate covers, since the pair model was trained on offers.
   */
  wordsOnly?: boolean;
  /**
   * The words were typed by a shopper (with `wordsOnly`): a word no offer carries counts against every candidate, as
   * much as an average one of the words. In a URL slug such words are mostly noise and weigh nothing.
   */
  typed?: boolean;
  /**
   * The words come from a URL of this retailer with a product id the catalog does not know (with `wordsOnly`). A
   * product the retailer already sells under another id is less likely the one the URL shows: among candidates the
   * words fit alike, those without an offer there come first.
   */
  unlistedAt?: string;
  /** Words only: ranking parameters other than the committed ones (`train:ranking` tries its candidates so). */
  ranking?: WordsRanking;
}

/** Members of one product scored against an item; a product scores as its best member. */
export const MEMBERS_PER_PRODUCT = 3;

/** Members of a product whose words and stated attributes a words-only item is compared with. */
export const MEMBERS_FOR_WORDS = 16;
