/**
 * Products found for some of the typed words that the words do not name, though no product holds them all: none, when
 * the words hold a name the catalog does not sell (`unsold-name.ts`: "dyson airwrap"); those of other makers, when the
 * words name a maker (`typed-maker.ts`: "apple tv 4k"); the maker's own, when the maker is typed with a kind of thing
 * none of them is ("bose tv"). And what such words name: a word that listings write with a
 * generation glued to it ("smarttag" of "SmartTag2", "flip" of "Z Flip6") names the products whose offers carry it so,
 * with the other words (`gluedGenerations`).
 */
import { indexWords, type CatalogRepository, type SearchIndexRepository, type SpellingCorrector } from '@pricehunt/catalog-core';
import { holdWordStarting, listingWordsOf } from './held-words';
import { MATCH_LIMIT } from './search-words';
import { ofTypedMakers, withoutMakersTyped } from './typed-maker';
import { namesKind } from './unknown-words';
import { type UncarriedName, unsoldNames } from './unsold-name';

export interface UnnamedReads {
  catalog: Pick<CatalogRepository, 'getProducts' | 'offerRefsOfProducts' | 'offerItems'>;
  index: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  spelling?: Pick<SpellingCorrector, 'correct'>;
}

type Answer = { productId: number | null; matchIds: number[] };

/** A typed word this long or longer is looked for with a generation glued to it. */
const GLUED_MIN = 3;
/** Typed words looked for with a generation glued to them, at most. */
const GLUED_READ = 4;
/** Offers read per typed word: a product has several, and the list holds up to MATCH_LIMIT products. */
const GLUED_OFFERS_READ = MATCH_LIMIT * 10;

/**
 * The products whose offers carry a typed word of letters with a generation glued to it ("smarttag" of "SmartTag2",
 * "flip" of "Galaxy Z Flip6") and the other typed words; empty when none does.
 */
export async function gluedGenerations(reads: UnnamedReads, words: string): Promise<number[]> {
  const typed = indexWords(words);
  for (const word of typed.filter((each) => each.length >= GLUED_MIN && /^\p{L}+$/u.test(each)).slice(0, GLUED_READ)) {
    const carrying = await reads.index.productsCarrying(typed.filter((other) => other !== word), word, GLUED_OFFERS_READ);
    const ids = [...new Set(carrying.map((entry) => entry.productId))];
    if (ids.length === 0) continue;
    const glued = new RegExp(`^${word}\\d+$`, 'u');
    const listings = await listingWordsOf(reads.catalog, ids);
    const holding = ids.filter((id) => (listings.get(id) ?? []).some((listed) => glued.test(listed)));
    if (holding.length > 0) return holding;
  }
  return [];
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
  if (ids.length === 0) return null;
  const names = spelling ? await unsoldNames({ offerCounts: (typed) => index.offerCounts(typed), correct: (text) => spelling.correct(text) }, words) : [];
  for (const name of names) if (!(await spelledInFound(reads, name, ids.slice(0, MATCH_LIMIT)))) return nothing;
  const ofMakers = await ofTypedMakers(reads, words, ids);
  // Only the maker's products, none of them the kind typed with it ("bose tv": Bose's headphones): no answer.
  if (ofMakers !== null && ofMakers.length === ids.length && found.productId === null && (await makerWithOtherKind(reads, words))) return nothing;
  if (ofMakers === null || ofMakers.length === ids.length) return null;
  if (ofMakers.length === 0 || found.productId !== null) return nothing;
  return { productId: null, matchIds: found.matchIds.filter((id) => ofMakers.includes(id)) };
}

/** Products read, by the offers that carry it, for whether a word names a kind of thing. */
const KIND_OFFERS_READ = MATCH_LIMIT * 10;

/**
 * Whether the words are makers' names and one word that names a kind of thing, by which other makers' listings name
 * their items (`namesKind`: "tv", "pc", "soundbar"): "bose tv", "lg pc". Not a word that describes ("bose travel").
 */
async function makerWithOtherKind(reads: UnnamedReads, words: string): Promise<boolean> {
  const others = await withoutMakersTyped(reads, words);
  if (others === null || others.includes(' ')) return false;
  return namesKind(reads.catalog, others, async (kind) => (await reads.index.productsCarrying([], kind, KIND_OFFERS_READ)).map((found) => found.productId));
}
