import { roundUp, valueAxis } from './axis';

describe('roundUp', () => {
  it('answers the smallest of 1, 2, 2.5 and 5 times a power of ten at or above the value', () => {
    expect([0, -3, 0.3, 1, 1.1, 2.2, 21, 250, 251, 999].map(roundUp)).toEqual([1, 1, 0.5, 1, 2, 2.5, 25, 250, 500, 1000]);
  });
});

describe('valueAxis', () => {
  it('steps up to a round top in round steps', () => {
    expect(valueAxis(21, { whole: true }).ticks).toEqual([0, 5, 10, 15, 20, 25]);
    expect(valueAxis(17, { whole: true }).ticks).toEqual([0, 5, 10, 15, 20]);
    expect(valueAxis(90, { whole: true }).ticks).toEqual([0, 25, 50, 75, 100]);
    expect(valueAxis(240).ticks).toEqual([0, 50, 100, 150, 200, 250]);
    expect(valueAxis(1.7).ticks).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  it('gives counts whole-number steps and a top of at least 4', () => {
    expect(valueAxis(0, { whole: true }).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(valueAxis(3, { whole: true }).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(valueAxis(9, { whole: true }).ticks).toEqual([0, 2, 4, 6, 8, 10]);
    for (let n = 0; n < 2000; n += 7) {
      const { max, ticks } = valueAxis(n, { whole: true });
      expect(max).toBeGreaterThanOrEqual(n);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('spans nothing to 1 for values of 0', () => {
    expect(valueAxis(0)).toEqual({ max: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
  });
});
