import { parseDemoTrafficArgs } from './demo-traffic';
import { CliError } from './shared';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('demo:traffic arguments', () => {
  it('plays 90 days ending now with seed 7 unless told', () => {
    expect(parseDemoTrafficArgs([], NOW)).toEqual({ days: 90, seed: 7, end: NOW, ifEmpty: false });
    expect(parseDemoTrafficArgs(['--days', '30', '--seed', '3', '--end', '2026-11-01T00:00:00Z', '--if-empty'], NOW)).toEqual({
      days: 30,
      seed: 3,
      end: Date.parse('2026-11-01T00:00:00Z'),
      ifEmpty: true,
    });
  });

  it.each([
    [['--days', '0'], '--days must be a whole number from 1 to 365'],
    [['--days', 'ninety'], '--days must be a whole number from 1 to 365'],
    [['--seed', '-1'], '--seed must be a whole number'],
    [['--end', 'yesterday'], '--end must be an ISO date-time'],
    [['--end', '2027-01-01T00:00:00Z'], '--end cannot be in the future'],
    [['--weeks', '3'], 'Unknown argument: --weeks'],
  ])('refuses %j, naming the flag', (argv, message) => {
    let error: unknown;
    try {
      parseDemoTrafficArgs(argv, NOW);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain(message);
    expect((error as CliError).exitCode).toBe(2);
  });
});
