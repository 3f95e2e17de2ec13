import { defaultRanking, rankingFromJson, WORDS_EVIDENCE, wordsScore, type WordsCandidate, type WordsEvidence } from './words-ranking';

const none = () => Object.fromEntries(WORDS_EVIDENCE.map((evidence) => [evidence, 0])) as Record<WordsEvidence, number>;
const factors = (value: number) => Object.fromEntries(WORDS_EVIDENCE.map((evidence) => [evidence, value])) as Record<WordsEvidence, number>;

describe('wordsScore', () => {
  it('blends the matcher with coverage, then applies each factor as often as its evidence counts', () => {
    const candidate: WordsCandidate = { matcher: 0.8, coverage: 0.4, evidence: { ...none(), quantityConflicts: 2, colourConflict: 1 } };
    const ranking = { blend: 0.25, factors: { ...factors(1), quantityConflicts: 0.5, colourConflict: 0.9 } };
    expect(wordsScore(candidate, ranking)).toBeCloseTo((0.25 * 0.8 + 0.75 * 0.4) * 0.5 * 0.5 * 0.9, 12);
  });
});

describe('rankingFromJson', () => {
  it('reads the committed file: parameters for typed words and for slugs, every factor in (0, 1]', () => {
    for (const kind of ['typed', 'slug'] as const) {
      const ranking = defaultRanking()[kind];
      expect(ranking.blend).toBeGreaterThanOrEqual(0);
      for (const evidence of WORDS_EVIDENCE) expect(ranking.factors[evidence]).toBeGreaterThan(0);
    }
  });

  it('names what is wrong in a file', () => {
    const good = { blend: 0.5, factors: factors(1) };
    expect(() => rankingFromJson({ typed: good })).toThrow('ranking weights: slug.blend must be a number in [0, 1]');
    expect(() => rankingFromJson({ typed: good, slug: { blend: 0.5, factors: { ...factors(1), colourConflict: 0 } } })).toThrow(
      'ranking weights: slug.factors.colourConflict must be a number in (0, 1]',
    );
    expect(() => rankingFromJson({ typed: { blend: 2, factors: factors(1) }, slug: good })).toThrow('typed.blend');
  });
});
