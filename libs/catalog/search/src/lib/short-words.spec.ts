import type { SuggestionCandidate } from '@pricehunt/catalog-core';
import { productRow } from './testing/listings-catalog';
import { lastWordInContext } from './last-word';
import { shortWordsInContext, spelledWords, type ShortWordReads } from './short-words';

/** Products by id with their names and their offers' words; the index finds the products whose words hold every one asked. */
const PRODUCTS: Record<number, { name: string; words: string[] }> = {
  1: { name: 'Apple AirPods Pro 2 Wireless Earbuds (USB-C)', words: ['apple', 'airpods', 'pro', '2', 'wireless', 'earbuds'] },
  2: { name: 'Apple AirPods Max Wireless Over-Ear Headphones (Blue)', words: ['apple', 'airpods', 'max', 'wireless', 'headphones', 'blue'] },
  3: { name: 'Apple AirPods Pro 2 Wireless Earbuds', words: ['apple', 'airpods', 'pro', '2', 'earbuds'] },
  4: { name: 'Sony PlayStation 5 Slim Console', words: ['sony', 'ps5', 'playstation', '5', 'slim', 'console'] },
  5: { name: 'Sony PlayStation 5 Pro Console', words: ['sony', 'ps5', 'playstation', '5', 'pro', 'console'] },
  6: { name: 'Sony DualSense Wireless Controller for PS5 (Slim Edition)', words: ['sony', 'ps5', 'dualsense', 'controller', 'slim'] },
};
const carried = (word: string) => Object.values(PRODUCTS).filter((product) => product.words.includes(word)).length;

function reads(): ShortWordReads & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    index: {
      offerCounts: async (words) => new Map(words.map((word) => [word, carried(word)])),
      productsCarrying: async (words, prefix) => {
        asked.push([...words, `${prefix}*`]);
        return Object.entries(PRODUCTS)
          .filter(([, product]) => words.every((word) => product.words.includes(word)) && product.words.some((word) => word.startsWith(prefix)))
          .map(([id]) => ({ productId: Number(id), offerCount: 1 }) as SuggestionCandidate);
      },
    },
    catalog: {
      getProducts: async (ids) => new Map(ids.map((id) => [id, productRow(id, { title: PRODUCTS[id]?.name ?? '' })])),
    },
  };
}

describe('shortWordsInContext', () => {
  it('reads a misspelt word of three letters as the word one edit away that the names of what the other words find hold', async () => {
    expect(await shortWordsInContext(reads(), 'airpods prp')).toBe('airpods pro');
    expect(await shortWordsInContext(reads(), 'PS5 SLM')).toBe('PS5 SLIM');
    expect(await shortWordsInContext(reads(), 'ps5 sli')).toBe('ps5 slim');
  });

  it('reads only a word of three letters of the other words’ products: none is a typo of another kind’s word', async () => {
    const read = reads();
    // "max" is one edit from "mac", but no PS5 name holds it.
    expect(await shortWordsInContext(read, 'ps5 mac')).toBeNull();
    expect(read.asked).toEqual([['ps5*']]);
  });

  it('leaves words offers carry, everyday words, longer words, and a word typed alone', async () => {
    const read = reads();
    expect(await shortWordsInContext(read, 'airpods max')).toBeNull();
    expect(await shortWordsInContext(read, 'airpods for')).toBeNull();
    expect(await shortWordsInContext(read, 'airpods prro')).toBeNull();
    expect(await shortWordsInContext(read, 'prp')).toBeNull();
    expect(read.asked).toEqual([]);
  });

  it('corrects the catalog’s words first, then the short ones among what the corrected words find', async () => {
    const spelling = { correct: async (text: string) => text.replace('airpdos', 'airpods') };
    expect(await spelledWords(spelling, reads(), 'airpdos prp')).toBe('airpods pro');
    expect(await spelledWords(spelling, null, 'airpdos prp')).toBe('airpods prp');
    expect(await spelledWords({ correct: async () => null }, reads(), 'airpods max')).toBeNull();
  });

  it('reads a short word beside a name listings write otherwise among what that name finds, written so', async () => {
    // The index holds "playstation" for the PS5 things; "ps5" is what shoppers type.
    const read = { ...reads(), aliases: { rewrite: async (text: string) => (text.includes('ps5') ? text.replace('ps5', 'playstation') : null) } };
    const named = { correct: async () => null };
    expect(await spelledWords(named, read, 'ps5 slm')).toBe('playstation slim');
    // No short word corrected: the name is left as typed, for the alias step to write it.
    expect(await spelledWords(named, read, 'ps5 slim')).toBeNull();
  });
});

describe('lastWordInContext', () => {
  it('completes a last word cut short to the word it begins that most names of what the other words find hold', async () => {
    expect(await lastWordInContext(reads(), 'sony play')).toBe('sony playstation');
    expect(await lastWordInContext(reads(), 'Apple AirPods Wire')).toBe('Apple AirPods wireless');
    expect(await lastWordInContext(reads(), 'apple airpods head')).toBe('apple airpods headphones');
  });

  it('leaves a last word a name holds whole, one of two letters, one typed alone or beside everyday words only, and one nothing begins', async () => {
    const read = reads();
    expect(await lastWordInContext(read, 'ps5 slim')).toBeNull();
    expect(await lastWordInContext(read, 'airpods pr')).toBeNull();
    expect(await lastWordInContext(read, 'play')).toBeNull();
    expect(await lastWordInContext(read, 'for the play')).toBeNull();
    expect(await lastWordInContext(read, 'sony xyz')).toBeNull();
    expect(read.asked).toEqual([['ps5', 'slim*'], ['sony', 'xyz*']]);
  });

  it('is what spelling answers when neither the catalog-wide nor the short-word correction changes a word', async () => {
    expect(await spelledWords({ correct: async () => null }, reads(), 'sony play')).toBe('sony playstation');
    expect(await spelledWords({ correct: async () => null }, null, 'sony play')).toBeNull();
    expect(await spelledWords({ correct: async (text: string) => text.replace('sonny', 'sony') }, reads(), 'sonny play')).toBe('sony play');
  });
});
