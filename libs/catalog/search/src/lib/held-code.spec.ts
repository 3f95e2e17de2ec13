import type { ProductRow } from '@pricehunt/catalog-core';
import { createHeldCodeLookup } from './held-code';

/** The index's codes, the offers carrying each (by product), and the products: a catalog of S90D and QN90D TVs. */
const CODES = ['qn55s90d', 'qn65s90d', 'qn65qn90d', 'qn65s95c'];
const CARRIED: Record<string, number[]> = { qn55s90d: [1], qn65s90d: [2], qn65qn90d: [3], qn65s95c: [4] };
const TITLES: Record<number, string> = {
  1: 'Samsung OLED 4K QN55S90D Smart TV (55")',
  2: 'Samsung OLED 4K QN65S90D Smart TV (65")',
  3: 'Samsung Neo QLED 4K QN65QN90D Smart TV (65")',
  4: 'Samsung OLED 4K QN65S95C Smart TV (65")',
};

function lookup() {
  return createHeldCodeLookup({
    codesHolding: (piece) => CODES.filter((code) => code.includes(piece)),
    index: {
      productsCarrying: async (_words, code) => (CARRIED[code] ?? []).map((productId) => ({ productId, title: TITLES[productId] ?? '', offerCount: 1 })),
      offerCounts: async (words) => new Map(words.map((word) => [word, word === 'samsung' ? 4 : 0])),
    },
    catalog: {
      getProducts: async (ids) => new Map(ids.map((id) => [id, { id, title: TITLES[id] ?? '', brand: 'Samsung' } as ProductRow])),
    },
    limit: 24,
  });
}

describe('nearestSeries', () => {
  it('finds the products of the nearest series by number with the same letters around it, named by the other words', async () => {
    expect(await lookup().nearestSeries('samsung s95d')).toEqual([1, 2]);
    expect(await lookup().nearestSeries('qn95d')).toEqual([3]);
    // The year's letter is part of the series: "s96c" is nearest the S95C.
    expect(await lookup().nearestSeries('s96c')).toEqual([4]);
  });

  it('finds nothing for a series some code holds, a word of no series, a series too far, or other words no name holds', async () => {
    expect(await lookup().nearestSeries('s90d')).toEqual([]);
    expect(await lookup().nearestSeries('samsung tv')).toEqual([]);
    expect(await lookup().nearestSeries('s70d')).toEqual([]);
    expect(await lookup().nearestSeries('lg s95d')).toEqual([]);
  });
});
