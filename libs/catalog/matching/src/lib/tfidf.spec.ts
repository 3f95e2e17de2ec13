import { buildIdfStats, cosine, packedCosine, idfStatsFromJson, idfStatsToJson, jaccard, trigramVector, wordVector } from './tfidf';

describe('tf-idf', () => {
  const stats = buildIdfStats(['sony headphones', 'bose headphones', 'sony tv', 'lg tv', 'apple headphones']);

  it('weighs rare words above common ones', () => {
    const v = wordVector(['sony', 'headphones'], stats);
    expect(v.get('sony')).toBeGreaterThan(v.get('headphones') as number);
  });
  it('gives cosine 1 for equal texts and 0 for disjoint ones', () => {
    expect(packedCosine(trigramVector('sony wh1000xm5', stats), trigramVector('sony wh1000xm5', stats))).toBeCloseTo(1, 10);
    expect(packedCosine(trigramVector('abc', stats), trigramVector('xyz', stats))).toBe(0);
    expect(cosine(wordVector(['abc'], stats), wordVector(['xyz'], stats))).toBe(0);
  });
  it('round-trips through JSON', () => {
    const back = idfStatsFromJson(JSON.parse(JSON.stringify(idfStatsToJson(stats))));
    expect(back.docCount).toBe(5);
    expect(back.wordDf.get('headphones')).toBe(3);
    expect(() => idfStatsFromJson({} as never)).toThrow('docCount');
  });
  it('computes jaccard', () => {
    expect(jaccard(new Set([1, 2]), new Set([2, 3]))).toBeCloseTo(1 / 3);
  });
});
