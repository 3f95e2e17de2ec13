/**
 * Compound words typed otherwise than listings write them: in parts ("air pods", "x box", "go pro" where listings write
 * "AirPods", "Xbox", "GoPro"), or by their last part alone ("samsung phone" where they write "Smartphone", "samsung
 * buds" where they write "Earbuds"). Words that still find little once names, generations and spelling are tried are
 * searched with two typed words joined where the index carries them as one word (`offersCarrying` of the spelling
 * corrector), then with a typed word written as each word of the index that ends with it after an everyday word
 * (`compoundsOf`, those most offers carry first); the first spelling whose answer holds every word is kept, and shown
 * as what was searched.
 */
import type { SpellingCorrector } from '@pricehunt/catalog-core';
import { answerWords, type WordsDeps } from './answer-words';
import { findsNothing, type WordsAnswer } from './search-words';

/** The most spellings searched for one query: each is a search of its own. */
export const COMPOUND_SPELLINGS_MAX = 4;

const LETTERS = /^\p{L}+$/u;
/** A typed word shorter than this is not read as a compound's last part: it ends too many words. */
const PART_MIN = 3;

const typedWords = (text: string) => text.split(/\s+/).filter(Boolean);

/** The typed words with two neighbouring words of letters joined where the index carries the joined word. */
export function joinedSpellings(text: string, offersCarrying: (word: string) => number): string[] {
  const words = typedWords(text);
  const spellings: string[] = [];
  for (let at = 0; at + 1 < words.length; at++) {
    const joined = `${words[at]}${words[at + 1]}`;
    if (LETTERS.test(joined) && offersCarrying(joined) > 0) spellings.push([...words.slice(0, at), joined, ...words.slice(at + 2)].join(' '));
  }
  return spellings;
}

/** The typed words with one word of letters written as each compound that ends with it, in the order given. */
export function compoundSpellings(text: string, compoundsOf: (word: string) => readonly string[]): string[] {
  const words = typedWords(text);
  const spellings: string[] = [];
  words.forEach((word, at) => {
    if (word.length < PART_MIN || !LETTERS.test(word)) return;
    for (const compound of compoundsOf(word)) spellings.push([...words.slice(0, at), compound, ...words.slice(at + 1)].join(' '));
  });
  return spellings;
}

/**
 * The words' compound spellings in the order they are tried: joined first, then compounds (unless `joinedOnly`), at
 * most `COMPOUND_SPELLINGS_MAX`.
 */
export function compoundWordSpellings(text: string, spelling: Pick<SpellingCorrector, 'compoundsOf' | 'offersCarrying'>, joinedOnly = false): string[] {
  const joined = joinedSpellings(text, (word) => spelling.offersCarrying(word));
  const ends = joinedOnly ? [] : compoundSpellings(text, (word) => spelling.compoundsOf(word));
  return [...joined, ...ends].slice(0, COMPOUND_SPELLINGS_MAX);
}

/**
 * The first compound spelling of the words whose answer holds every word, with that answer; null when none does. Words
 * that found what they name are tried joined only (`joinedOnly`): "x box" holds every word of a mouse "G502 X" whose
 * eBay listing comes "w/ Box", but names an Xbox far more surely.
 */
export async function compoundAnswer(
  words: WordsDeps,
  spelling: Pick<SpellingCorrector, 'compoundsOf' | 'offersCarrying'>,
  text: string,
  joinedOnly = false,
): Promise<{ spelled: string; answer: WordsAnswer } | null> {
  for (const spelled of compoundWordSpellings(text, spelling, joinedOnly)) {
    const answer = await answerWords(words, spelled);
    if (answer.complete && !findsNothing(answer)) return { spelled, answer };
  }
  return null;
}
