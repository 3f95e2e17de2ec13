import { inListingsNumber, otherNumbers } from './word-number';

const INDEX: Record<string, number> = { laptop: 30, tv: 25, camera: 12, watch: 9, earbuds: 40, earbud: 1, battery: 4, glass: 2, samsung: 50, headphones: 60 };
const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, INDEX[word] ?? 0]));

describe('otherNumbers', () => {
  it('writes a plural in the singular and a singular in the plural', () => {
    expect(otherNumbers('laptops')).toEqual(['laptop']);
    expect(otherNumbers('watches')).toEqual(['watch', 'watche']);
    expect(otherNumbers('batteries')).toEqual(['battery', 'batterie']);
    expect(otherNumbers('earbud')).toEqual(['earbuds']);
    expect(otherNumbers('box')).toEqual(['boxs', 'boxes']);
    expect(otherNumbers('glasses')).toEqual(['glass', 'glasse']);
    // Only after s, x, z, ch, sh or o is "es" a plural's: "games" is no "gam" ("gaming").
    expect(otherNumbers('games')).toEqual(['game']);
    expect(otherNumbers('cables')).toEqual(['cable']);
    expect(otherNumbers('glass')).toEqual([]);
    expect(otherNumbers('mice')).toEqual(['mouse']);
  });
});

describe('inListingsNumber', () => {
  it('writes each word in the other number offers carry', async () => {
    expect(await inListingsNumber('laptops', offerCounts)).toBe('laptop');
    expect(await inListingsNumber('Samsung TVs', offerCounts)).toBe('Samsung tv');
    expect(await inListingsNumber('smart watches', offerCounts)).toBe('smart watch');
    expect(await inListingsNumber('batteries', offerCounts)).toBe('battery');
    expect(await inListingsNumber('sony headphone', offerCounts)).toBe('sony headphones');
  });

  it('leaves words whose other number no offer carries as typed, and says so with null when all are', async () => {
    expect(await inListingsNumber('samsung headphones', offerCounts)).toBeNull();
    expect(await inListingsNumber('beats earbud', offerCounts)).toBe('beats earbuds');
    expect(await inListingsNumber('glasses 2', offerCounts)).toBe('glass 2');
    expect(await inListingsNumber('xyzs', offerCounts)).toBeNull();
    expect(await inListingsNumber('', offerCounts)).toBeNull();
  });
});
