/** Steps an axis may take, as a multiple of a power of ten: 1, 2, 2.5 and 5 (10, 20, 25, 50…). */
const ROUND_STEPS = [1, 2, 2.5, 5];

const isRound = (step: number) => {
  const power = 10 ** Math.floor(Math.log10(step));
  return ROUND_STEPS.some((round) => Math.abs(step / power - round) < 1e-9);
};

/** The smallest round number (1, 2, 2.5 or 5 times a power of ten) at or above `value` (1 for nothing above 0). */
export function roundUp(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [...ROUND_STEPS, 10].find((round) => round * power >= value * (1 - 1e-12)) ?? 10;
  return step * power;
}

/**
 * A y axis from 0 for values up to `largest`: a round top, and 4 or 5 steps to it that are round numbers too
 * (0, 5, 10 … 25 rather than 0, 12.5, 25). Counts (`whole`) get whole-number steps and a top of at least 4.
 */
export function valueAxis(largest: number, options: { whole?: boolean } = {}): { max: number; ticks: number[] } {
  const max = options.whole && largest <= 4 ? 4 : roundUp(largest);
  const fits = (steps: number) => isRound(max / steps) && (!options.whole || Number.isInteger(max / steps));
  const steps = fits(4) ? 4 : fits(5) ? 5 : 2;
  return { max, ticks: Array.from({ length: steps + 1 }, (_, i) => (i * max) / steps) };
}
