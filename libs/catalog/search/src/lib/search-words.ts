import type { SearchSource } from '@pricehunt/contracts';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { matchThreshold, type RankedProduct } from '@pricehunt/catalog-core';

/** How many weaker candidates come back as similar products. */
export const SIMILAR_LIMIT = 8;
/** How many products search words that fit several of them list (`matches`). */
export const MATCH_LIMIT = 24;

/**
 * How many times their list's length similar products are read as candidates: those that share nothing with what was
 * sought are left out after ("used macbook" ranks listings that say "Used" before the MacBooks), and the list counts a
 * line's versions as one card (`firstCards`: the Pixel 9's eight sizes and colours are one).
 */
export const SIMILAR_POOL = 8;

/** How many times the lists' lengths are read as candidates when a typed price leaves some out. */
export const RANGE_POOL = 4;
/**
 * Search words name one product when its score leads every other product's above the threshold by this much; below
 * that, the words fit several products ("apple watch") and the answer lists them instead of picking one.
 */
export const QUERY_LEAD = 0.2;
/** Full-text candidates read for words that fit several products, so that the list holds more than the best few. */
export const MATCH_POOL = 80;
/** Characters an offer's model number may run on past a typed one (a colour or region code) and still be meant by it. */
export const MODEL_CODE_SUFFIX = 4;
/**
 * Confidence of a product named by a typed model number that only its offers state: strong evidence, though the
 * number may have been mistyped into another product's.
 */
export const MODEL_CODE_CONFIDENCE = 0.9;

export const emptySource = (url: string | null, canonicalUrl: string | null): SearchSource => ({
  offerId: null,
  retailer: null,
  title: null,
  brand: null,
  model: null,
  gtin: null,
  priceCents: null,
  currency: null,
  imageUrl: null,
  url,
  canonicalUrl,
  externalId: null,
});

/**
 * How much more confident the matcher must be in the best product of corrected words than in the best candidate of
 * the words as typed for the correction to be the answer (scores are in [0, 1]). Words as typed that miss a word
 * still rank the products holding the others ("samsnug tv" ranks every TV); a real correction lifts the best product
 * by the whole weight of the word it restores, which is 0.2 to 0.4 for a brand or a product's kind. A lift smaller
 * than this tenth is the ranking shuffling after a change of one word, not the corrected word being found: the words
 * are then answered as typed rather than telling the shopper they meant something else.
 */
export const CORRECTION_GAIN = 0.1;

/** What typed words find (`answerWords`). */
export interface WordsAnswer {
  sought: ItemIdentity;
  ranked: RankedProduct[];
  /** The product the words name, or null. */
  productId: number | null;
  confidence: number;
  /** The products the words fit about equally, best first (when they name none). */
  matchIds: number[];
  /** True when a product named or listed holds every word (the words are its name, its model number, or all in its offers). */
  complete: boolean;
  /** True when what is listed is of the kind typed by its category, though its titles do not say it (`kind-category.ts`). */
  ofKind?: boolean;
}

/** The product an answer names, or those it lists (as many as a list shows). */
export const foundIds = (answer: Pick<WordsAnswer, 'productId' | 'matchIds'>): number[] => (answer.productId !== null ? [answer.productId] : answer.matchIds.slice(0, MATCH_LIMIT));

/** True when words name no product and list none: nothing reached the matcher's threshold or stated their model number. */
export const findsNothing = (answer: WordsAnswer) => answer.productId === null && answer.matchIds.length === 0;

/**
 * True when words find nothing, or only products that lack one of the words: a word no offer carries leaves the
 * answer to the others ("samsnug tv" answers TVs of any brand).
 */
export const findsLittle = (answer: WordsAnswer) => findsNothing(answer) || !answer.complete;

/** The matcher's confidence in the best product an answer names, or in its best candidate when it names none. */
export const bestScore = (answer: WordsAnswer) => Math.max(answer.confidence, answer.ranked[0]?.score ?? 0);

/** True when corrected words find products and the matcher is clearly more confident in them (`CORRECTION_GAIN`). */
export const findsClearlyMore = (corrected: WordsAnswer, typed: WordsAnswer) => !findsNothing(corrected) && bestScore(corrected) >= bestScore(typed) + CORRECTION_GAIN;

/** True when more than one product is above the threshold and the best does not lead the next by QUERY_LEAD. */
export function fitsSeveral(ranked: readonly RankedProduct[]): boolean {
  const [first, second] = ranked;
  return first !== undefined && second !== undefined && second.score >= matchThreshold() && first.score - second.score < QUERY_LEAD;
}

/**
 * The answer of products a model number names (`coded`, as found): one is the answer, at least at
 * `MODEL_CODE_CONFIDENCE`; several are listed, those the words fit best first.
 */
export function codedAnswer(coded: readonly number[], ranked: readonly RankedProduct[]): Pick<WordsAnswer, 'productId' | 'confidence' | 'matchIds'> {
  const score = (id: number) => ranked.find((entry) => entry.productId === id)?.score ?? 0;
  const [first] = coded;
  if (coded.length === 1 && first !== undefined) return { productId: first, confidence: Math.max(MODEL_CODE_CONFIDENCE, score(first)), matchIds: [] };
  return { productId: null, confidence: 0, matchIds: [...coded].sort((a, b) => score(b) - score(a)) };
}
