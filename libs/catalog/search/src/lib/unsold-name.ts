/**
 * A name the catalog does not sell, typed with words it does: "dyson airwrap", "sony xperia", "philips hue" in a catalog
 * of Dyson vacuums, Sony headphones and Philips air fryers. The maker's word finds its other products, which fit the words
 * about as well as each other and lack the same name: they are no answer, only similar products. A typo is no such name
 * when what the words found holds the word spelling writes for it ("kinsgton" of Kingston memory); "ugreen charger" is
 * no "green charger" of the white and black Anker chargers it found.
 */
import { indexWords, isCommonWord } from '@pricehunt/catalog-core';
import { otherNumbers } from './word-number';

/** A word of letters this long or longer can be a name ("hue", "zf" is read as a compound before). */
const NAME_MIN = 3;
const LETTERS = /^\p{L}+$/u;
/** The most letters of a piece of a model number typed apart. */
const CODE_PIECE_MAX = 4;

export interface UnsoldNameDeps {
  /** How many offers carry each word (the search index's, lower case). */
  offerCounts: (words: readonly string[]) => Promise<Map<string, number>>;
  /** The words with their misspelt words corrected, or null when none is (`SpellingCorrector.correct`). */
  correct: (text: string) => Promise<string | null>;
}

/** A typed name no offer carries, and the catalog word the spelling corrector writes for it (null: none). */
export interface UncarriedName {
  word: string;
  spelt: string | null;
}

/**
 * The typed words' names that no offer carries in either number and that are no everyday English word, each with the
 * word spelling would write for it; empty when there is none. A piece of a model number typed apart is none.
 */
export async function unsoldNames(deps: UnsoldNameDeps, text: string): Promise<UncarriedName[]> {
  const words = indexWords(text);
  // Letters beside a number may be a piece of a model number typed in pieces: a few letters ("kxtg 6645"), or any
  // among several numbers ("eah 6870 d 2 di 2 s 1 g" of EAH6870, "vasdh 8 gcl 4 r 1 n"); a longer word beside one
  // number is a name ("hp spectre x360", "dji mavic 3").
  const inPieces = words.filter((word) => /\p{N}/u.test(word)).length > 1;
  const besideNumber = (at: number) =>
    ((words[at]?.length ?? 0) <= CODE_PIECE_MAX || inPieces) && [words[at - 1], words[at + 1]].some((word) => word !== undefined && /\p{N}/u.test(word));
  const names = [...new Set(words.filter((word, at) => word.length >= NAME_MIN && LETTERS.test(word) && !isCommonWord(word) && !besideNumber(at)))];
  if (names.length === 0) return [];
  const counts = await deps.offerCounts([...new Set(names.flatMap((word) => [word, ...otherNumbers(word)]))]);
  const uncarried = names.filter((word) => [word, ...otherNumbers(word)].every((form) => (counts.get(form) ?? 0) === 0));
  if (uncarried.length === 0) return [];
  const corrected = await deps.correct(text);
  // The corrector writes a word for a word: the words keep their places.
  const spelt = corrected === null ? [] : indexWords(corrected);
  return uncarried.map((word) => {
    const other = spelt[words.indexOf(word)];
    return { word, spelt: other !== undefined && other !== word ? other : null };
  });
}

/**
 * The typed words without the names the catalog does not sell (`unsoldNames`, no misspelling of a catalog word among
 * them): "phone" of "huawei phone". Null when there is no such name, or no other word.
 */
export async function withoutUnsoldNames(deps: UnsoldNameDeps, text: string): Promise<string | null> {
  const unsold = new Set((await unsoldNames(deps, text)).filter((name) => name.spelt === null).map((name) => name.word));
  if (unsold.size === 0) return null;
  const others = indexWords(text).filter((word) => !unsold.has(word));
  return others.length > 0 ? others.join(' ') : null;
}
