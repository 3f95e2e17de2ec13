/**
 * Misspelt words of three letters ("airpods prp", "ipad mni", "ps5 slm"). Spelling corrects a word from the whole
 * catalog's words only from four letters: three are too few to tell a typo from another word among all of them. Among
 * the names of the products the other typed words find, they are not: "prp" beside "airpods" is "pro".
 */
import { type CatalogRepository, editDistance, foldText, indexWords, isCommonWord, type SearchIndexRepository, type SpellingCorrector } from '@pricehunt/catalog-core';
import { lastWordInContext } from './last-word';
import type { TypedAliases } from './typed-aliases';

/** Offers (newest first) read for the products the other words find. */
const OFFERS_READ = 200;

/**
 * What a short word is read against: the index, for the products the other words find, the catalog for their names,
 * and the names shoppers type otherwise, written as listings write them (`typed-aliases.ts`).
 */
export interface ShortWordReads {
  index: Pick<SearchIndexRepository, 'offerCounts' | 'productsCarrying'>;
  catalog: Pick<CatalogRepository, 'getProducts'>;
  aliases?: Pick<TypedAliases, 'rewrite'> | null;
}

const isShort = (word: string) => /^\p{L}{3}$/u.test(word) && !isCommonWord(word);

/** The correction written as the word was: in capitals when it was ("PRP" → "PRO"). */
const asTyped = (typed: string, word: string) => (typed.length > 1 && typed === typed.toUpperCase() ? word.toUpperCase() : word);

/**
 * The typed words with each word of three letters that no offer carries (nor is an everyday word) replaced by the word
 * one edit away that the most names of the products the other words find hold (those of two to four letters, ties
 * to the first in the alphabet); null when there is no such word, no other word, or no name holds one.
 */
export async function shortWordsInContext(reads: ShortWordReads, text: string): Promise<string | null> {
  const words = indexWords(text);
  const candidates = [...new Set(words.filter(isShort))];
  if (candidates.length === 0) return null;
  const counts = await reads.index.offerCounts(candidates);
  const unknown = new Set(candidates.filter((word) => (counts.get(word) ?? 0) === 0));
  const others = words.filter((word) => !unknown.has(word));
  if (unknown.size === 0 || others.length === 0) return null;
  // The index is asked for every other word whole but the last, which it reads as a prefix.
  const found = await reads.index.productsCarrying(others.slice(0, -1), others.at(-1) ?? '', OFFERS_READ);
  const names = await reads.catalog.getProducts([...new Set(found.map((entry) => entry.productId))]);
  const held = [...names.values()].map((product) => new Set(indexWords(product.title)));
  const corrections = new Map<string, string>();
  for (const word of unknown) {
    const near = new Map<string, number>();
    for (const name of held) {
      for (const term of name) {
        if (term !== word && /^\p{L}{2,4}$/u.test(term) && editDistance(word, term, 1) <= 1) near.set(term, (near.get(term) ?? 0) + 1);
      }
    }
    const [best] = [...near].sort(([a, heldA], [b, heldB]) => heldB - heldA || (a < b ? -1 : a > b ? 1 : 0));
    if (best) corrections.set(word, best[0]);
  }
  if (corrections.size === 0) return null;
  return text.replace(/[\p{L}\p{N}]+/gu, (token) => {
    const word = corrections.get(foldText(token));
    return word ? asTyped(token, word) : token;
  });
}

/**
 * Misspelt words corrected: from the catalog's words (`SpellingCorrector.correct`), then those of three letters from
 * what the other words find (`shortWordsInContext`, with the names they hold written as listings write them), else a
 * last word cut short completed from those names (`lastWordInContext`); null when none changes a word.
 */
export async function spelledWords(spelling: Pick<SpellingCorrector, 'correct'>, reads: ShortWordReads | null, text: string): Promise<string | null> {
  const corrected = await spelling.correct(text);
  const spelled = corrected ?? text;
  // Most misspellings hold no short word: the names beside one are written out only when there is one.
  if (reads && indexWords(spelled).some(isShort)) {
    // Beside a name listings write otherwise, a short word is read among what that name finds: "ps5 slm" as
    // "playstation 5 slim".
    const written = (await reads.aliases?.rewrite(spelled)) ?? spelled;
    const short = await shortWordsInContext(reads, written);
    if (short !== null) return short;
  }
  // A last word cut short that spelling keeps (an everyday word, or three letters) is completed among what the other
  // words find: "dyson vac" as "dyson vacuum".
  return corrected ?? (reads ? lastWordInContext(reads, text) : null);
}
