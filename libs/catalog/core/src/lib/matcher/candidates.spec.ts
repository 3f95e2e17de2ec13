import type { IndexHit, OfferRef } from '../ports';
import { runSync } from '../steps';
import { candidateOffers } from './candidates';
import { related } from './import-steps';
import type { MatcherReads } from './reads';

// Amazon-Google: a Google Shopping listing in its seller's boilerplate, and the plain listings of the item elsewhere.
const item = { title: 'Encore Software 33024 Hoyle Solitaire ( Win 98 Me 2000 Xp )', priceCents: 844 };
const hit = (offerId: number, productId: number): IndexHit => ({ offerId, productId, updatedAt: '2026-01-01T00:00:00.000Z', rank: -1 });

/** Reads whose full-text index answers the offers carrying every word with the seller's other listings, and the offers carrying its rarest words with the item. */
function reads(asked: Array<{ rarest?: number }>): MatcherReads {
  const candidates: MatcherReads['candidates'] = (_words, options) => {
    asked.push(options);
    return options.rarest ? [hit(657, 7)] : [hit(3735, 53), hit(3744, 40)];
  };
  return { offersWithGtin: () => [], offersWithModelKey: () => [], candidates, leadingCandidates: () => [] } as unknown as MatcherReads;
}

const productsOf = (found: Map<number, OfferRef[]>) => [...found.keys()].sort((a, b) => a - b);

describe('candidateOffers', () => {
  it("takes a joining offer's candidates from its rarest words too, not only from all its words", () => {
    const asked: Array<{ rarest?: number }> = [];
    expect(productsOf(runSync(candidateOffers(item, [], { useIndex: true, joining: true }), reads(asked)))).toEqual([7, 40, 53]);
    expect(asked.map((options) => options.rarest)).toEqual([undefined, 2]);
  });

  it('asks the full-text index once for words that are not joining (a search), or for a cheap look (rarest words already)', () => {
    const asked: Array<{ rarest?: number }> = [];
    expect(productsOf(runSync(candidateOffers(item, [], { useIndex: true }), reads(asked)))).toEqual([40, 53]);
    expect(productsOf(runSync(candidateOffers(item, [], { useIndex: true, joining: true, indexRarest: 3 }), reads(asked)))).toEqual([7]);
    expect(asked.map((options) => options.rarest)).toEqual([undefined, 3]);
  });

  it("asks the index for a possessive's word without its \"s\", a word model numbers carry alone, for candidates and related products", () => {
    const words: string[][] = [];
    const asking = { offersWithGtin: () => [], offersWithModelKey: () => [], leadingCandidates: () => [], candidates: (w: readonly string[]) => (words.push([...w]), []) } as unknown as MatcherReads;
    const jacket = { title: "Patagonia Men's Nano Puff Jacket", brand: 'Patagonia', priceCents: 22_900 };
    runSync(candidateOffers(jacket, [], { useIndex: true }), asking);
    // The products a search shows as related, where nothing matched, are looked up by the same words.
    runSync(related(jacket, 8), asking);
    expect(words).toEqual([
      ['patagonia', 'men', 'nano', 'puff', 'jacket'],
      ['patagonia', 'men', 'nano', 'puff', 'jacket'],
    ]);
  });
});
