/**
 * A kind of product typed as the last part of the word its listings write: "samsung phone" where they write
 * "Smartphone", "beats buds" where they write "Earbuds". Words that still find little once names, generations and
 * spelling are tried are searched with a typed word written as each compound of the index that ends with it after an
 * everyday word (`compoundsOf` of the spelling corrector, those most offers carry first); the first spelling whose
 * answer holds every word is kept, and shown as what was searched.
 */
import type { SpellingCorrector } from '@pricehunt/catalog-core';
import { answerWords, type WordsDeps } from './answer-words';
import { findsNothing, type WordsAnswer } from './search-words';

/** The most spellings searched for one query: each is a search of its own. */
export const COMPOUND_SPELLINGS_MAX = 4;

/** The typed words with one word of letters written as a compound that ends with it, at most `COMPOUND_SPELLINGS_MAX`. */
export function compoundSpellings(text: string, compoundsOf: (word: string) => readonly string[]): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const spellings: string[] = [];
  words.forEach((word, at) => {
    if (!/^\p{L}{3,}$/u.test(word)) return;
    for (const compound of compoundsOf(word)) spellings.push([...words.slice(0, at), compound, ...words.slice(at + 1)].join(' '));
  });
  return spellings.slice(0, COMPOUND_SPELLINGS_MAX);
}

/** The first compound spelling of the words whose answer holds every word, with that answer; null when none does. */
export async function compoundAnswer(words: WordsDeps, spelling: Pick<SpellingCorrector, 'compoundsOf'>, text: string): Promise<{ spelled: string; answer: WordsAnswer } | null> {
  for (const spelled of compoundSpellings(text, (word) => spelling.compoundsOf(word))) {
    const answer = await answerWords(words, spelled);
    if (answer.complete && !findsNothing(answer)) return { spelled, answer };
  }
  return null;
}
