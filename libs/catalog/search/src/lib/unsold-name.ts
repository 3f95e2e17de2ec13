/**
 * A name the catalog does not sell, typed with words it does: "dyson airwrap", "sony xperia", "philips hue" in a catalog
 * of Dyson vacuums, Sony headphones and Philips air fryers. The maker's word finds its other products, which fit the words
 * about as well as each other and lack the same name: they are no answer, only similar products. A typo is no such name:
 * a word the spelling corrector reads as a word of the catalog ("sony headphnes") is searched as corrected elsewhere.
 */
import { indexWords, isCommonWord } from '@pricehunt/catalog-core';
import { otherNumbers } from './word-number';

/** A word of letters this long or longer can be a name ("hue", "zf" is read as a compound before). */
const NAME_MIN = 3;
const LETTERS = /^\p{L}+$/u;

export interface UnsoldNameDeps {
  /** How many offers carry each word (the search index's, lower case). */
  offerCounts: (words: readonly string[]) => Promise<Map<string, number>>;
  /** The words with their misspelt words corrected, or null when none is (`SpellingCorrector.correct`). */
  correct: (text: string) => Promise<string | null>;
}

/**
 * The typed words' names that no offer carries in either number, that are no everyday English word, and that the
 * spelling corrector leaves as typed; empty when there is none. A word beside a number is none.
 */
export async function unsoldNames(deps: UnsoldNameDeps, text: string): Promise<string[]> {
  const words = indexWords(text);
  // Letters beside a number may be a piece of a model number typed in pieces ("eah 6870 d 2 di 2 s 1 g" of EAH6870).
  const besideNumber = (at: number) => [words[at - 1], words[at + 1]].some((word) => word !== undefined && /\p{N}/u.test(word));
  const names = [...new Set(words.filter((word, at) => word.length >= NAME_MIN && LETTERS.test(word) && !isCommonWord(word) && !besideNumber(at)))];
  if (names.length === 0) return [];
  const counts = await deps.offerCounts([...new Set(names.flatMap((word) => [word, ...otherNumbers(word)]))]);
  const uncarried = names.filter((word) => [word, ...otherNumbers(word)].every((form) => (counts.get(form) ?? 0) === 0));
  if (uncarried.length === 0) return [];
  const corrected = await deps.correct(text);
  if (corrected === null) return uncarried;
  const kept = new Set(indexWords(corrected));
  return uncarried.filter((word) => kept.has(word));
}
