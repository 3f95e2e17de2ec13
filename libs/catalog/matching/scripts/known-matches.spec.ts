import type { LabelledPair } from './er-magellan';
import { KnownMatches, RULED_OUT_SCORE } from './known-matches';

const pair = (leftText: string, rightText: string, label: 0 | 1): LabelledPair => ({
  left: { title: leftText },
  right: { title: rightText },
  leftText,
  rightText,
  label,
});

const never = () => false;

describe('known matches', () => {
  const known = new KnownMatches([
    pair('sony wh-1000xm4 black', 'sony wh1000xm4/b headphones', 1),
    pair('sony wh-1000xm4 (black)', 'sony wh1000xm4/b headphones', 1),
    pair('bose qc45', 'bose quietcomfort 45 white', 1),
    pair('bose qc45', 'sony wh1000xm4/b headphones', 0),
  ]);

  it('counts the offers with a known match, not those only in non-matches', () => {
    expect(known.size).toBe(5);
  });

  it('scores two offers linked by known matches, in however many steps, as a match', () => {
    expect(known.adjust({ leftText: 'sony wh-1000xm4 black', rightText: 'sony wh1000xm4/b headphones' }, 0.2, never)).toBe(1);
    // black ~ headphones ~ (black): one group, though no label pairs the two left listings.
    expect(known.adjust({ leftText: 'sony wh-1000xm4 black', rightText: 'sony wh-1000xm4 (black)' }, 0.2, never)).toBe(1);
  });

  it('rules out a listing that is none of the known partners of an offer', () => {
    const other = { leftText: 'bose qc45', rightText: 'bose qc35 ii silver' };
    expect(known.adjust(other, 0.9, never)).toBe(RULED_OUT_SCORE);
    // The same listing told to be one product with the known partner (a second listing of it) keeps its score.
    expect(known.adjust(other, 0.9, (k, o) => k === 'bose quietcomfort 45 white' && o === 'bose qc35 ii silver')).toBe(0.9);
  });

  it('leaves pairs of offers it knows nothing of as scored', () => {
    expect(known.adjust({ leftText: 'apple airpods pro', rightText: 'airpods pro 2nd gen' }, 0.7, never)).toBe(0.7);
    expect(known.adjust({ leftText: 'apple airpods pro', rightText: 'airpods pro 2nd gen' }, 0.1, never)).toBe(0.1);
  });
});
