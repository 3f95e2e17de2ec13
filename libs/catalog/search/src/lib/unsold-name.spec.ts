import { unsoldNames, type UnsoldNameDeps } from './unsold-name';

/** Offers carry these words; the corrector knows "headphones". */
const CARRIED = new Set(['dyson', 'vacuum', 'sony', 'headphones', 'phone', 'phones']);
const deps: UnsoldNameDeps = {
  offerCounts: async (words) => new Map(words.map((word) => [word, CARRIED.has(word) ? 3 : 0])),
  correct: async (text) => (text.includes('headphnes') ? text.replace('headphnes', 'headphones') : null),
};

describe('unsoldNames', () => {
  it('names a word no offer carries, no everyday word, that the corrector leaves as typed', async () => {
    expect(await unsoldNames(deps, 'dyson airwrap')).toEqual(['airwrap']);
    expect(await unsoldNames(deps, 'Sony Xperia')).toEqual(['xperia']);
  });

  it('names no misspelt word, no word offers carry in the other number, no everyday word, no short word', async () => {
    expect(await unsoldNames(deps, 'sony headphnes')).toEqual([]);
    expect(await unsoldNames(deps, 'sony phone')).toEqual([]);
    expect(await unsoldNames(deps, 'quiet dyson vacuum')).toEqual([]);
    expect(await unsoldNames(deps, 'sony zf')).toEqual([]);
  });

  it('names no letters beside a number: a model number typed in pieces', async () => {
    expect(await unsoldNames(deps, 'eah 6870 d 2 di 2 s 1 g')).toEqual([]);
    expect(await unsoldNames(deps, 'vasdh 8 gcl 4 r 1 n')).toEqual([]);
  });
});
