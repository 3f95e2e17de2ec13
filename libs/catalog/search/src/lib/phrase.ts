import { foldText, type SearchIndexRepository } from '@pricehunt/catalog-core';

/** Offers (newest first) read for the products whose listings hold the typed words as a phrase. */
const PHRASE_OFFERS = 200;

/** The shortest last word read as a prefix. */
const PREFIX_MIN = 3;

/** The typed words as the index splits them, in their order, repeats kept. */
const phraseWords = (words: string) => foldText(words).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Products listed for typed words, those with a listing that holds the words as typed (together and in their order,
 * the last one, of three characters or more, as a prefix) first, the order otherwise kept: "adobe creative suite cs3 web" lists the Web editions'
 * products before a "Creative Suite CS3 Premium" that holds every word apart. Two words or more; one word is no
 * phrase.
 */
export async function phraseFirst(index: Pick<SearchIndexRepository, 'productsCarrying'>, words: string, ids: readonly number[]): Promise<number[]> {
  const typed = phraseWords(words);
  // A short last word is left out: as a prefix it would match a great many words ("1" of every number from 1).
  const phrase = (typed.at(-1)?.length ?? 0) < PREFIX_MIN ? typed.slice(0, -1) : typed;
  if (ids.length < 2 || phrase.length < 2) return [...ids];
  const holding = new Set((await index.productsCarrying([], phrase.join(' '), PHRASE_OFFERS)).map((found) => found.productId));
  return [...ids.filter((id) => holding.has(id)), ...ids.filter((id) => !holding.has(id))];
}
