import { termsScore } from '../src';
import { crossFittedScores, fitPairWords, type TermRow } from './fit-words';

/** Synthetic pairs: "~upgrade" on one side makes a non-match, "~black" says nothing (a fifth of the rest are no match either). */
function rows(): TermRow[] {
  return Array.from({ length: 300 }, (_, i) => {
    const upgrade = i % 3 === 0;
    const terms = [...(upgrade ? ['~upgrade'] : []), ...(i % 2 === 0 ? ['~black'] : []), ...(i === 5 ? ['~once'] : [])];
    return { terms, label: upgrade || i % 5 === 0 ? 0 : 1 };
  });
}

describe('pair word fitting', () => {
  it('learns a word against a match, leaves out terms of one pair, and fits the same weights twice', () => {
    const model = fitPairWords(rows());
    expect(model.weights.get('~upgrade')).toBeLessThan(-1);
    expect(Math.abs(model.weights.get('~black') ?? 0)).toBeLessThan(0.5);
    expect(model.weights.has('~once')).toBe(false);
    expect(termsScore(model, ['~upgrade'])).toBeLessThan(termsScore(model, []));
    expect(fitPairWords(rows())).toEqual(model);
  });

  it('scores each row with a model fitted without its fold', () => {
    const scores = crossFittedScores(rows(), 5);
    expect(scores).toHaveLength(300);
    expect(scores[0]).toBeLessThan(scores[1] as number);
  });
});
