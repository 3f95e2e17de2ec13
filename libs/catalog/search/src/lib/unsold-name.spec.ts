import { unsoldNames, type UnsoldNameDeps } from './unsold-name';

/** Offers carry these words; the corrector knows "headphones" and "green". */
const CARRIED = new Set(['dyson', 'vacuum', 'sony', 'headphones', 'phone', 'phones', 'charger', 'green']);
const deps: UnsoldNameDeps = {
  offerCounts: async (words) => new Map(words.map((word) => [word, CARRIED.has(word) ? 3 : 0])),
  correct: async (text) => {
    const corrected = text.replace('headphnes', 'headphones').replace('ugreen', 'green');
    return corrected === text ? null : corrected;
  },
};

describe('unsoldNames', () => {
  it('names a word no offer carries, no everyday word, with the word spelling writes for it', async () => {
    expect(await unsoldNames(deps, 'dyson airwrap')).toEqual([{ word: 'airwrap', spelt: null }]);
    expect(await unsoldNames(deps, 'Sony Xperia')).toEqual([{ word: 'xperia', spelt: null }]);
    expect(await unsoldNames(deps, 'sony headphnes')).toEqual([{ word: 'headphnes', spelt: 'headphones' }]);
    expect(await unsoldNames(deps, 'ugreen charger')).toEqual([{ word: 'ugreen', spelt: 'green' }]);
  });

  it('names no word offers carry in either number, no everyday word, no short word', async () => {
    expect(await unsoldNames(deps, 'sony phone')).toEqual([]);
    expect(await unsoldNames(deps, 'quiet dyson vacuum')).toEqual([]);
    expect(await unsoldNames(deps, 'sony zf')).toEqual([]);
  });

  it('names no few letters beside a number: a model number typed in pieces', async () => {
    expect(await unsoldNames(deps, 'eah 6870 d 2 di 2 s 1 g')).toEqual([]);
    expect(await unsoldNames(deps, 'vasdh 8 gcl 4 r 1 n')).toEqual([]);
  });

  it('names a longer word beside one number: a line’s name before its model ("hp spectre x360", "dji mavic 3")', async () => {
    expect(await unsoldNames(deps, 'hp spectre x360')).toEqual([{ word: 'spectre', spelt: null }]);
    expect(await unsoldNames(deps, 'dji mavic 3')).toEqual([{ word: 'dji', spelt: null }, { word: 'mavic', spelt: null }]);
    expect(await unsoldNames(deps, 'kxtg 6645 b')).toEqual([]);
  });
});
