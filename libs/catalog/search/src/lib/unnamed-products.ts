/**
 * Products found for some of the typed words that the words do not name, though no product holds them all: none, when
 * the words hold a name the catalog does not sell (`unsold-name.ts`: "dyson airwrap"); those of other makers, when the
 * words name a maker (`typed-maker.ts`: "apple tv 4k"). A name that listings write with more glued to it ("smarttag"
 * of "SmartTag2") names the products whose offers carry it so, with the other typed words.
 */
import { indexWords, type CatalogRepository, type SearchIndexRepository, type SpellingCorrector } from '@pricehunt/catalog-core';
import { holdWordStarting, listingWordsOf } from './held-words';
import { MATCH_LIMIT } from './search-words';
import { ofTypedMakers } from './typed-maker';
import { type UncarriedName, unsoldNames } from './unsold-name';

export interface UnnamedReads {
  catalog: Pick<CatalogRepository, 'getProducts' | 'offerRefsOfProducts' | 'offerItems'>;
  index: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  spelling?: Pick<SpellingCorrector, 'correct'>;
}

type Answer = { productId: number | null; matchIds: number[] };

/**
 * The products whose offers carry a name typed as the start of a word of theirs ("smarttag" of "SmartTag2") and the
 * other typed words; empty when none does.
 */
async function carryingGlued(reads: UnnamedReads, words: string, name: string): Promise<number[]> {
  const others = indexWords(words).filter((word) => word !== name);
  const carrying = await reads.index.productsCarrying(others, name, MATCH_LIMIT);
  return [...new Set(carrying.map((entry) => entry.productId))];
}

/** Whether `name` is a misspelling of the word spelling writes for it, which a product found holds. */
async function spelledInFound(reads: UnnamedReads, name: UncarriedName, ids: readonly number[]): Promise<boolean> {
  if (name.spelt === null) return false;
  const listings = await listingWordsOf(reads.catalog, ids);
  return ids.some((id) => holdWordStarting(listings.get(id) ?? [], [name.spelt as string]));
}

/**
 * What of the answer found for `words` (the product named, or those listed) the words name; null when that is all of
 * it. Asked only of an answer in which no product holds every word.
 */
export async function namedByTheWords(reads: UnnamedReads, words: string, found: Answer): Promise<Answer | null> {
  const { index, spelling } = reads;
  const ids = found.productId !== null ? [found.productId] : found.matchIds;
  const nothing = { productId: null, matchIds: [] };
  const names = spelling ? await unsoldNames({ offerCounts: (typed) => index.offerCounts(typed), correct: (text) => spelling.correct(text) }, words) : [];
  for (const name of names) {
    const glued = await carryingGlued(reads, words, name.word);
    if (glued.length > 0) return { productId: null, matchIds: glued };
    if (!(await spelledInFound(reads, name, ids.slice(0, MATCH_LIMIT)))) return nothing;
  }
  const ofMakers = await ofTypedMakers(reads, words, ids);
  if (ofMakers === null || ofMakers.length === ids.length) return null;
  if (ofMakers.length === 0 || found.productId !== null) return nothing;
  return { productId: null, matchIds: found.matchIds.filter((id) => ofMakers.includes(id)) };
}
