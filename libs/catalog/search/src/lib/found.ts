import type { IdentifiedBy, SearchCondition, SearchPriceRange, SearchResult, SearchSource } from '@pricehunt/contracts';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import type { RankedProduct } from '@pricehunt/catalog-core';

/** What a search found, before its answer is made of it. */
export interface Found {
  identifiedBy: IdentifiedBy;
  source: SearchSource;
  /** The matcher's candidates, best first. */
  ranked: RankedProduct[];
  productId: number | null;
  confidence: number;
  /** The catalog offer the pasted link is. */
  sourceOfferId: number | null;
  /** What was looked for, when no known offer answered: the words behind "similar products" when nothing matched. */
  sought: ItemIdentity | null;
  /** Products that search words fit about equally well, best first (then no product is picked). */
  matchIds: number[];
  correctedQuery: string | null;
  unreadPage: SearchResult['unreadPage'];
  /**
   * Candidates of a name typed otherwise that the catalog sells no product of (`words`: "playstation 4" for "ps4"):
   * never the answer, only similar products when nothing else is found, and only those sharing a word of that name;
   * or, `listed`, the products words without a name the catalog does not sell list ("phone" of "huawei phone"), each
   * one similar. They come first among the similar products, after the nearest models of a model number typed: they
   * are what the name meant ("bose qc35": the QuietComfort line before Bose's speakers).
   */
  lent: { words: string; ranked: RankedProduct[]; listed?: boolean } | null;
  /** A price typed with the words (`price-words.ts`): what is listed is priced within it. */
  priceRange: SearchPriceRange | null;
  /** A condition typed with the words (`shopping-words.ts`): what is listed is offered in it. */
  condition: SearchCondition | null;
  /** The words ask to pay little (`shopping-words.ts`): what is listed comes cheapest first. */
  cheapestFirst: boolean;
  /** Typed words only: a product named or listed holds every word (`WordsAnswer.complete`). */
  complete?: boolean;
  /** Typed words only: what is listed is of the kind typed by its category (`WordsAnswer.ofKind`). */
  ofKind?: boolean;
}

export const nothingFound = (source: SearchSource): Found => ({
  identifiedBy: 'query',
  source,
  ranked: [],
  productId: null,
  confidence: 0,
  sourceOfferId: null,
  sought: null,
  matchIds: [],
  correctedQuery: null,
  unreadPage: null,
  lent: null,
  priceRange: null,
  condition: null,
  cheapestFirst: false,
});
