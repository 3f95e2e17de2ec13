import { WORDS_EVIDENCE, type WordsCandidate, type WordsEvidence, type WordsRanking } from '../src/lib/words-ranking';
import { answeredRight, fitRanking, type RankingCase } from './fit-ranking';

const neutral: WordsRanking = { blend: 0.5, factors: Object.fromEntries(WORDS_EVIDENCE.map((evidence) => [evidence, 1])) as Record<WordsEvidence, number> };
const THRESHOLD = 0.4;

function candidate(matcher: number, coverage: number, evidence: Partial<Record<WordsEvidence, number>> = {}): WordsCandidate {
  return { matcher, coverage, evidence: { ...(Object.fromEntries(WORDS_EVIDENCE.map((name) => [name, 0])) as Record<WordsEvidence, number>), ...evidence } };
}

describe('fitRanking', () => {
  // The wrong candidate fits the words a little better but states another colour; the right one states none.
  const colourCases: RankingCase[] = Array.from({ length: 40 }, (_, i) => ({
    candidates: [candidate(0.7, 0.8, { colourConflict: 1 }), candidate(0.6 + (i % 5) / 100, 0.75)],
    right: 1,
  }));
  // A word missing from the wrong candidate as often as from the right one tells nothing of which comes first.
  const noiseCases: RankingCase[] = Array.from({ length: 40 }, (_, i) => ({
    candidates: [candidate(0.9, 0.9, { wordsMissing: i % 2 }), candidate(0.5, 0.5, { wordsMissing: (i + 1) % 2 })],
    right: 0,
  }));

  it('lowers the factor of evidence that marks wrong candidates until the right ones rank first', () => {
    const cases = [...colourCases, ...noiseCases];
    expect(answeredRight(cases, neutral, THRESHOLD)).toBe(0.5);
    const fit = fitRanking(cases, neutral, { threshold: THRESHOLD });
    expect(fit.answeredRight).toBe(1);
    expect(fit.ranking.factors.colourConflict).toBeLessThan(0.9);
    // Evidence no case holds keeps its start value.
    expect(fit.ranking.factors.listedAtRetailer).toBe(1);
  });

  it('keeps the right answers above the threshold: evidence every candidate shares is not lowered past it', () => {
    // Every candidate of these lacks a word, and the right one is just above the threshold: lowering the factor would
    // not change the order but would leave the searches without an answer.
    const shared: RankingCase[] = Array.from({ length: 40 }, () => ({ candidates: [candidate(0.5, 0.5, { wordsMissing: 1 }), candidate(0.3, 0.3, { wordsMissing: 1 })], right: 0 }));
    const fit = fitRanking(shared, neutral, { threshold: THRESHOLD });
    expect(fit.answeredRight).toBe(1);
    expect(fit.ranking.factors.wordsMissing).toBeGreaterThanOrEqual(0.8);
  });

  it('lowers evidence that marks searches whose right product is not among the candidates below the threshold', () => {
    const absent: RankingCase[] = Array.from({ length: 40 }, () => ({ candidates: [candidate(0.6, 0.6, { brandConflict: 1 })], right: -1 }));
    const present: RankingCase[] = Array.from({ length: 40 }, () => ({ candidates: [candidate(0.6, 0.6)], right: 0 }));
    const fit = fitRanking([...absent, ...present], neutral, { threshold: THRESHOLD });
    expect(fit.answeredRight).toBe(1);
    expect(fit.ranking.factors.brandConflict).toBeLessThan(THRESHOLD / 0.6);
  });

  it('keeps a held factor at its start value', () => {
    const fit = fitRanking(colourCases, { ...neutral, factors: { ...neutral.factors, colourConflict: 0.95 } }, { threshold: THRESHOLD, held: ['colourConflict'] });
    expect(fit.ranking.factors.colourConflict).toBe(0.95);
  });

  it('keeps the blend at its start value when asked to', () => {
    const coverageCases: RankingCase[] = Array.from({ length: 40 }, () => ({ candidates: [candidate(0.9, 0.3), candidate(0.5, 0.9)], right: 1 }));
    expect(fitRanking(coverageCases, neutral, { threshold: THRESHOLD }).ranking.blend).toBeLessThan(0.5);
    expect(fitRanking(coverageCases, neutral, { threshold: THRESHOLD, holdBlend: true }).ranking.blend).toBe(0.5);
  });

  it('gives the same parameters for the same cases', () => {
    const cases = [...colourCases, ...noiseCases];
    expect(JSON.stringify(fitRanking(cases, neutral, { threshold: THRESHOLD }))).toBe(JSON.stringify(fitRanking(cases, neutral, { threshold: THRESHOLD })));
  });

  it('counts a tie for first as a share of a win, and a right product below the threshold as a miss', () => {
    expect(answeredRight([{ candidates: [candidate(0.5, 0.5), candidate(0.5, 0.5)], right: 0 }], neutral, THRESHOLD)).toBe(0.5);
    expect(answeredRight([{ candidates: [candidate(0.3, 0.3)], right: 0 }], neutral, THRESHOLD)).toBe(0);
    expect(answeredRight([{ candidates: [candidate(0.3, 0.3)], right: -1 }], neutral, THRESHOLD)).toBe(1);
  });
});
