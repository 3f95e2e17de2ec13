/**
 * What a shopper types for a listing, as `eval:queries` searches it: its title words and its model number as they
 * stand, and the same typed loosely. The loose forms are made the same way on every run (no randomness): a model
 * number lower-cased, with its separators left out or a space between its letters and its digits, or without the
 * letters after its last digit (a colour or region suffix: "SX110IS" typed "sx110"); title words in another order,
 * with two letters of their longest word swapped.
 */
import type { OfferRow } from '@pricehunt/catalog-core';
import { modelNumberOf } from './er-magellan-catalog';

const TITLE_WORDS = 5;

export interface QueryKind {
  name: string;
  query: (offer: OfferRow) => string | null;
}

const titleWords = (offer: OfferRow) => offer.title.split(/\s+/).filter(Boolean).slice(0, TITLE_WORDS);

/** A model number as typed loosely; which of the three ways depends on the listing's id (a third each). */
export function looseModelNumber(model: string, id: number): string {
  const plain = model.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const way = id % 3;
  if (way === 1) {
    // A space between letters and digits: "dsc w120", "kdl 40 v 5100".
    return plain.replace(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/g, ' ');
  }
  if (way === 2) {
    // The letters after the last digit left off, when at least four characters stay: "sx110is" → "sx110".
    const cut = plain.replace(/(?<=\d)[a-z]{1,3}$/, '');
    if (cut !== plain && cut.length >= 4) return cut;
  }
  return plain;
}

/** Two neighbouring letters of the word swapped in its middle ("Cyber-shot" → "Cyebr-shot"); words under 5 letters stay. */
export function swapped(word: string): string {
  if (!/^\p{L}{5,}$/u.test(word)) return word;
  const at = Math.floor(word.length / 2) - 1;
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** The first title words, the first of them last, with two letters of the longest (of 5 letters or more) swapped. */
export function scrambledTitle(offer: OfferRow): string | null {
  const words = titleWords(offer);
  if (words.length === 0) return null;
  const longest = words.reduce((best, word, at) => (word.length > (words[best]?.length ?? 0) ? at : best), 0);
  const typo = words.map((word, at) => (at === longest ? swapped(word) : word));
  return [...typo.slice(1), ...typo.slice(0, 1)].join(' ');
}

export const QUERY_KINDS: QueryKind[] = [
  { name: 'title words', query: (offer) => titleWords(offer).join(' ') || null },
  { name: 'model number', query: modelNumberOf },
  { name: 'title words, moved, typo', query: scrambledTitle },
  {
    name: 'model number, loosely',
    query: (offer) => {
      const model = modelNumberOf(offer);
      return model ? looseModelNumber(model, offer.id) : null;
    },
  },
];
