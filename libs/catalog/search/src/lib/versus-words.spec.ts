import { type Found, nothingFound } from './found';
import { emptySource } from './search-words';
import { eitherFound, versusFound, versusSides, withLeadingWords, withoutDanglingVersus } from './versus-words';

describe('versusSides', () => {
  it('reads the two sides typed around "vs" or "versus"', () => {
    expect(versusSides('galaxy s24 vs s23')).toEqual(['galaxy s24', 's23']);
    expect(versusSides('AirPods VS. AirPods Pro')).toEqual(['AirPods', 'AirPods Pro']);
    expect(versusSides('kindle versus kobo')).toEqual(['kindle', 'kobo']);
  });

  it('reads none in a word, at an end, or between more than two sides', () => {
    expect(versusSides('canvas bag')).toBeNull();
    expect(versusSides('vs s23')).toBeNull();
    expect(versusSides('a vs b vs c')).toBeNull();
  });
});

describe('withoutDanglingVersus', () => {
  it('leaves out a "vs" or an "or" typed at the end, the other side not typed yet', () => {
    expect(withoutDanglingVersus('iphone 16 vs')).toBe('iphone 16');
    expect(withoutDanglingVersus('iphone 16 versus ')).toBe('iphone 16');
    expect(withoutDanglingVersus('ps5 or')).toBe('ps5');
  });

  it('keeps one at the start, which may be a name, and words with none', () => {
    expect(withoutDanglingVersus('vs sassoon dryer')).toBeNull();
    expect(withoutDanglingVersus('vs')).toBeNull();
    expect(withoutDanglingVersus('iphone 16')).toBeNull();
  });
});

describe('withLeadingWords', () => {
  it('puts the first side’s leading words before a second side with fewer words', () => {
    expect(withLeadingWords('samsung galaxy s24', 's23')).toBe('samsung galaxy s23');
    expect(withLeadingWords('iphone 15', '16')).toBe('iphone 16');
    expect(withLeadingWords('airpods', 'airpods pro')).toBeNull();
  });
});

describe('versusFound', () => {
  const found = (ids: number[], correctedQuery: string | null = null): Found => ({ ...nothingFound(emptySource(null, null)), matchIds: ids, correctedQuery, complete: ids.length > 0 });
  const answers: Record<string, Found> = { 'iphone 15': found([1, 2]), 'iphone 16': found([3]), '16': found([9]), kobo: found([]), kindle: found([4], 'kindle paperwhite') };
  const look = async (words: string) => answers[words] ?? found([]);

  it('lists both sides’ products, the first side’s first, with the words searched', async () => {
    const result = await versusFound(look, ['iphone 15', '16']);
    expect(result).toMatchObject({ productId: null, matchIds: [1, 2, 3], correctedQuery: 'iphone 15 vs iphone 16', complete: true });
    expect((await versusFound(look, ['kindle', 'kobo']))?.matchIds).toEqual([4]);
  });

  it('answers nothing where neither side finds a product', async () => {
    expect(await versusFound(look, ['kobo', 'nook'])).toBeNull();
  });
});

describe('eitherFound', () => {
  const found = (ids: number[], correctedQuery: string | null = null): Found => ({ ...nothingFound(emptySource(null, null)), matchIds: ids, correctedQuery, complete: ids.length > 0 });
  const answers: Record<string, Found> = { ps5: found([1, 2], 'playstation 5'), xbox: found([3]), 'black or white airpods': found([7, 8]), kindle: found([4]) };
  const look = async (words: string) => answers[words] ?? found([]);

  it('lists both sides’ products where the words whole find nothing, said with the "or" typed', async () => {
    expect(await eitherFound(look, 'ps5 or xbox')).toMatchObject({ matchIds: [1, 2, 3], correctedQuery: 'playstation 5 or xbox' });
    expect(await eitherFound(look, 'kindle OR kobo')).toMatchObject({ matchIds: [4], correctedQuery: null });
  });

  it('answers the words whole where they find something, or hold no two sides', async () => {
    expect((await eitherFound(look, 'black or white airpods')).matchIds).toEqual([7, 8]);
    expect((await eitherFound(look, 'ps5')).matchIds).toEqual([1, 2]);
    expect((await eitherFound(look, 'ps5 or xbox or switch')).matchIds).toEqual([]);
    expect((await eitherFound(look, 'nook or kobo')).matchIds).toEqual([]);
  });
});
