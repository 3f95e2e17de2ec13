import { onThresholdScale } from './model';
import { codeNearMiss } from './codes';
import { pairTerms, pairWordModelFromJson, pairWordScore, wordShape } from './pair-words';
import { prepareOffer } from './prepare';
import { jaroWinkler, wordLikeness } from './similarity';
import { buildIdfStats } from './tfidf';

describe('word likeness', () => {
  it('scores Jaro-Winkler as the textbook examples do', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('finds the shorter title within the longer, and the rare word only one side states', () => {
    const titles = ['lg 2.0 cu ft over the range microwave oven', 'lg over the range microwave oven lmvm2085wh white warming lamp', 'sony dvd player', 'lg dryer'];
    const stats = buildIdfStats(titles);
    const short = prepareOffer({ title: titles[0] as string }, stats);
    const long = prepareOffer({ title: titles[1] as string }, stats);
    const f = wordLikeness(short, long);
    expect(f.shortWords).toBeLessThan(f.longWords);
    expect(f.longCoverage).toBeLessThan(f.shortCoverage);
    expect(f.longRarestUnshared).toBeGreaterThan(0.5);
    expect(wordLikeness(short, short)).toMatchObject({ shortCoverage: 1, softCoverage: 1, shortRarestUnshared: 0, codesUnmatched: 0 });
  });

  it('reads a code the other side states with a suffix as held, not as a word or code only one side has', () => {
    const typed = prepareOffer({ title: 'canon powershot sd1100' });
    const listing = prepareOffer({ title: 'Canon PowerShot Digital Camera, Pink SD1100ISP' });
    const f = wordLikeness(typed, listing);
    expect(f).toMatchObject({ shortCoverage: 1, shortRarestUnshared: 0, codesUnmatched: 0 });
    // A number that merely begins another is another code: "SD1100ISP" holds no "sd110" of the words'.
    expect(wordLikeness(prepareOffer({ title: 'canon powershot sd110' }), listing).codesUnmatched).toBe(1);
  });

  it('counts words spelt a little differently in the soft coverage only', () => {
    const a = prepareOffer({ title: 'printshop deluxe' });
    const b = prepareOffer({ title: 'printshops deluxe' });
    const f = wordLikeness(a, b);
    expect(f.shortCoverage).toBeLessThan(0.6);
    expect(f.softCoverage).toBeGreaterThan(0.9);
  });
});

describe('code near misses', () => {
  it('tells neighbouring codes of one line apart from one code written two ways', () => {
    const near = codeNearMiss(prepareOffer({ title: 'StarTech HDMI cable', model: 'HDMIMM1' }), prepareOffer({ title: 'StarTech HDMIMM10 HDMI cable' }));
    expect(near).toEqual({ nearCodeDistance: 1, nearCodeDigitsDiffer: 1 });
    const same = codeNearMiss(prepareOffer({ title: 'Canon PowerShot SX110 IS' }), prepareOffer({ title: 'Canon PowerShot SX110IS black' }));
    expect(same.nearCodeDistance).toBe(4);
    const suffix = codeNearMiss(prepareOffer({ title: 'Sony DVPNC800HS DVD changer' }), prepareOffer({ title: 'Sony DVPNC800HB DVD player' }));
    expect(suffix).toEqual({ nearCodeDistance: 1, nearCodeDigitsDiffer: 0 });
  });
});

describe('pair words', () => {
  it('names the words of one side only and the shapes of codes', () => {
    const a = prepareOffer({ title: 'Adobe Photoshop CS3 upgrade' });
    const b = prepareOffer({ title: 'Adobe Photoshop CS4' });
    expect(wordShape('dlex7177wm')).toBe('a9a');
    expect(pairTerms(a, b).sort()).toEqual(['x#a9', '~#a9', '~#a9', '~cs3', '~cs4', '~upgrade'].sort());
  });

  it('reads one code written with a suffix on one side as a shared code', () => {
    const a = prepareOffer({ title: 'Canon PowerShot SD1100 pink' });
    const b = prepareOffer({ title: 'Canon PowerShot SD1100ISP' });
    expect(pairTerms(a, b).sort()).toEqual(['=#a9', '~pink'].sort());
    expect(pairTerms(prepareOffer({ title: 'Canon PowerShot SD110' }), b)).toContain('~sd110');
  });

  it('adds the weights of the terms a model knows to its bias', () => {
    const model = pairWordModelFromJson({ bias: -1, weights: { '~upgrade': -2, 'x#a9': -1.5 } });
    const a = prepareOffer({ title: 'Adobe Photoshop CS3 upgrade' });
    expect(pairWordScore(a, prepareOffer({ title: 'Adobe Photoshop CS4' }), model)).toBeCloseTo(-4.5);
    expect(pairWordScore(a, a, model)).toBe(-1);
    expect(() => pairWordModelFromJson({} as never)).toThrow(TypeError);
  });
});

describe('scores of one model on the scale of another', () => {
  it('maps one threshold onto the other and keeps 0 and 1', () => {
    expect(onThresholdScale(0.4, 0.4, 0.3)).toBeCloseTo(0.3);
    expect(onThresholdScale(0.2, 0.4, 0.3)).toBeCloseTo(0.15);
    expect(onThresholdScale(0.7, 0.4, 0.3)).toBeCloseTo(0.65);
    expect(onThresholdScale(0, 0.4, 0.3)).toBe(0);
    expect(onThresholdScale(1, 0.4, 0.3)).toBeCloseTo(1);
    expect(onThresholdScale(0.55, 0.5, 0.5)).toBe(0.55);
  });
});
