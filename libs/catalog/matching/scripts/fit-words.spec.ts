import { termsScore } from '../src';
import { crossFittedScores, fitPairWords, type TermRow } from './fit-words';

/**
 * Synthetic pairs of two sources: "~upgrade" on one side makes a non-match, "~black" says nothing (a fifth of the rest
 * are no match either); "~edition" makes a non-match in the pairs of one source only.
 */
function rows(): TermRow[] {
  return Array.from({ length: 300 }, (_, i) => {
    const upgrade = i % 3 === 0;
    const source = i % 4 < 2 ? 'shop-a' : 'shop-b';
    const edition = source === 'shop-a' && i % 7 === 0;
    const terms = [...(upgrade ? ['~upgrade'] : []), ...(i % 2 === 0 ? ['~black'] : []), ...(i === 5 ? ['~once'] : []), ...(edition ? ['~edition'] : [])];
    return { terms, label: upgrade || edition || i % 5 === 0 ? 0 : 1, source };
  });
}

describe('pair word fitting', () => {
  it('learns a word against a match, leaves out terms of one pair, and fits the same weights twice', () => {
    const model = fitPairWords(rows());
    expect(model.weights.get('~upgrade')).toBeLessThan(-1);
    expect(Math.abs(model.weights.get('~black') ?? 0)).toBeLessThan(0.5);
    expect(model.weights.has('~once')).toBe(false);
    expect(model.weights.has('~edition')).toBe(false);
    expect(termsScore(model, ['~upgrade'])).toBeLessThan(termsScore(model, []));
    expect(fitPairWords(rows())).toEqual(model);
  });

  it('scores each row with a model fitted without its fold', () => {
    const scores = crossFittedScores(rows(), 5);
    expect(scores).toHaveLength(300);
    expect(scores[0]).toBeLessThan(scores[1] as number);
  });
});
