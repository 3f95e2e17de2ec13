/**
 * Products found for some of the typed words that the words do not name, though no product holds them all: none, when
 * the words hold a name the catalog does not sell (`unsold-name.ts`: "dyson airwrap"); those of other makers, when the
 * words name a maker (`typed-maker.ts`: "apple tv 4k").
 */
import type { SpellingCorrector } from '@pricehunt/catalog-core';
import { ofTypedMakers, type TypedMakerReads } from './typed-maker';
import { unsoldNames } from './unsold-name';

export interface UnnamedReads extends TypedMakerReads {
  index: TypedMakerReads['index'] & { offerCounts: (words: readonly string[]) => Promise<Map<string, number>> };
  spelling?: Pick<SpellingCorrector, 'correct'>;
}

/**
 * What found for `words` (the product named, or those listed) the words name; null when that is all of it. Asked only of
 * an answer in which no product holds every word.
 */
export async function namedByTheWords(reads: UnnamedReads, words: string, found: { productId: number | null; matchIds: number[] }): Promise<{ productId: number | null; matchIds: number[] } | null> {
  const { index, spelling } = reads;
  const nothing = { productId: null, matchIds: [] };
  if (spelling && (await unsoldNames({ offerCounts: (typed) => index.offerCounts(typed), correct: (text) => spelling.correct(text) }, words)).length > 0) return nothing;
  const ids = found.productId !== null ? [found.productId] : found.matchIds;
  const ofMakers = await ofTypedMakers(reads, words, ids);
  if (ofMakers === null || ofMakers.length === ids.length) return null;
  if (ofMakers.length === 0 || found.productId !== null) return nothing;
  return { productId: null, matchIds: found.matchIds.filter((id) => ofMakers.includes(id)) };
}
