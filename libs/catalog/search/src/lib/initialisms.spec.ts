import { initialismsWrittenOut } from './initialisms';

/** The reading over offers that carry the words `carried`, whose best-ranked products are `titles`. */
function readsOver(carried: readonly string[], titles: readonly string[]) {
  return {
    offerCounts: async (words: readonly string[]) => new Map(words.map((word) => [word, carried.includes(word) ? 5 : 0])),
    rankedTitles: async (limit: number) => titles.slice(0, limit),
  };
}

describe('a name typed as its initials', () => {
  const titles = ['Apple AirPods 4 Wireless Earbuds', 'Apple AirPods 4 with Active Noise Cancellation (USB-C)'];

  it('is written out as the titles of the products the words rank best spell it', async () => {
    expect(await initialismsWrittenOut(readsOver(['airpods', '4'], titles), 'airpods 4 ANC')).toBe('airpods 4 with active noise cancellation');
  });

  it('is written out without a "with" its title does not give it', async () => {
    expect(await initialismsWrittenOut(readsOver(['bose'], ['Bose QuietComfort Ultra Earbuds, Active Noise Cancelling']), 'bose anc')).toBe('bose active noise cancelling');
  });

  it('is left as typed when offers carry the word, or no title spells it', async () => {
    expect(await initialismsWrittenOut(readsOver(['airpods', '4', 'anc'], titles), 'airpods 4 anc')).toBeNull();
    expect(await initialismsWrittenOut(readsOver(['airpods'], titles), 'airpods 4 tws')).toBeNull();
    expect(await initialismsWrittenOut(readsOver([], titles), 'airpods 4')).toBeNull();
  });
});
