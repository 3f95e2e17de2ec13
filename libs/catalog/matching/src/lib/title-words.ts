/** The words of a listing as product names are read from and written with. */
import { foldText } from './normalise';

/** The folded words of a text, split at anything but letters, digits and dots. */
export const foldedTokens = (text: string) => foldText(text).split(/[^a-z0-9.]+/).filter(Boolean);

/** A word of a listing as written, and its folded tokens (none for a separator or punctuation). */
export interface Word {
  text: string;
  tokens: string[];
}

/** Separators a title writes between its parts: dropped where they would start, end or double a name. */
export const SEPARATOR = /^(?:[-–—|/,:;+&]|and|with|w\/|for)$/i;
/** A separator that is punctuation, not a word. */
export const PUNCTUATION = /^[-–—|/,:;+&]$/;

/** An ordinal ("2nd", "(10th") that a generation word may follow. */
const ORDINAL_WORD = /^\(?\d{1,2}(?:st|nd|rd|th)$/i;
/** "Gen", "generation)": with the ordinal before it, one word ("(2nd generation)"), read as the line's number. */
const GENERATION_WORD = /^gen(?:eration)?\b/i;

/**
 * The words of a title with what each says (folded tokens; none for a separator or punctuation). An ordinal and the
 * generation word after it are one word, so that a name keeps or drops them together: "(2nd generation)".
 */
export function wordsOf(title: string): Word[] {
  const texts: string[] = [];
  for (const text of title.split(/\s+/).filter(Boolean)) {
    const last = texts[texts.length - 1];
    if (last !== undefined && ORDINAL_WORD.test(last) && GENERATION_WORD.test(text)) texts[texts.length - 1] = `${last} ${text}`;
    else texts.push(text);
  }
  return texts.map((text) => ({ text, tokens: foldedTokens(text) }));
}

/** A word as listings agree on it whatever their spelling: "Cancelling" and "Canceling", "Headphone" and "Headphones". */
export const agreementKey = (token: string) => token.replace(/(.)\1+/g, '$1').replace(/(?<=[a-z]{3})(?:es|s|e)$/, '');

/** One word written short for the other: its letters in the other's order, from the same first letter ("dlux", "deluxe"). */
export function abbreviates(short: string, long: string): boolean {
  if (short[0] !== long[0]) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

/** A word's folded words as one key ("" for a separator). */
const wordKey = (word: Word | undefined) => (word ? word.tokens.map(agreementKey).join(' ') : '');

/**
 * Whether the word at `index` repeats the word before it ("TV TV"), or a pair of words said earlier with its
 * neighbour before or after it ("Smart TV" of "Smart TV, Smart TV").
 */
export function repeatsRun(words: readonly Word[], index: number): boolean {
  const key = wordKey(words[index]);
  if (key === wordKey(words[index - 1])) return true;
  const pairAt = (start: number) => {
    const [first, second] = [wordKey(words[start]), wordKey(words[start + 1])];
    return first && second ? `${first} ${second}` : '';
  };
  const earlier = (pair: string, before: number) => pair !== '' && Array.from({ length: Math.max(0, before) }, (_, start) => pairAt(start)).includes(pair);
  return earlier(pairAt(index - 1), index - 1) || earlier(pairAt(index), index);
}

/** Words joined, without separators at either end or two in a row, and without empty brackets or a trailing comma. */
export function tidy(words: readonly string[]): string {
  const out: string[] = [];
  for (const word of words) {
    const separator = SEPARATOR.test(word) || foldText(word).replace(/[^a-z0-9]+/g, '') === '';
    if (separator && (out.length === 0 || SEPARATOR.test(out[out.length - 1] as string))) continue;
    out.push(word);
  }
  while (out.length > 0 && SEPARATOR.test(out[out.length - 1] as string)) out.pop();
  return out
    .join(' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/\s*,\s*(?=,|$)/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,;:–—-]+$/, '')
    .trim();
}

/** A word a shop writes short by leaving out vowels ("Wrls", "Hdphns", "Spkr"): its first letter, then consonants only. */
const VOWELLESS = /^[a-z][b-df-hj-np-tv-xz]{2,}$/;

/**
 * The word as most shops write it that a word of `base` abbreviates, where `base` says it no other way ("Wrls" for
 * "Wireless"), as those shops spell it in their listings (read by `listings` only for such a word); null for a word that
 * abbreviates none, or more than one.
 */
export function writtenOutIn(base: readonly Word[], listings: () => readonly string[], agreed: (token: string) => boolean): (word: Word) => string | null {
  let spelled: Map<string, string> | null = null;
  // The shops' words are read for a listing that has such a word, once.
  const spellings = (): Map<string, string> => {
    if (spelled) return spelled;
    const said = new Set(base.flatMap((word) => word.tokens.map(agreementKey)));
    spelled = new Map();
    for (const listing of listings()) {
      for (const word of wordsOf(listing)) {
        const [token] = word.tokens;
        const text = word.text.replace(/[,;:]$/, '');
        if (word.tokens.length !== 1 || token === undefined || !/^\p{L}+$/u.test(text) || !agreed(token) || said.has(agreementKey(token))) continue;
        if (!spelled.has(agreementKey(token))) spelled.set(agreementKey(token), text);
      }
    }
    return spelled;
  };
  return (word) => {
    const [token] = word.tokens;
    if (word.tokens.length !== 1 || token === undefined || !VOWELLESS.test(token)) return null;
    const full = [...spellings().values()].filter((text) => text.length > token.length && abbreviates(token, foldText(text).toLowerCase()));
    return full.length === 1 ? word.text.replace(/\p{L}+/u, full[0] as string) : null;
  };
}
