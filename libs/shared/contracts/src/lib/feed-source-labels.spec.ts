import {
  feedIntervalLabel,
  feedSourceIsBusy,
  feedNextRunLabel,
  feedRunCounts,
  feedRunDuration,
  feedRunOutcome,
  relativeTimeLabel,
} from './feed-source-labels';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const run = { added: 3, changed: 1, gone: 2, rejected: 0, error: null };

describe('feed source labels', () => {
  it('words an interval in minutes, hours or days', () => {
    expect([5, 30, 60, 90, 360, 1440, 2880, 10080, 1500].map(feedIntervalLabel)).toEqual([
      'every 5 min',
      'every 30 min',
      'every 1 h',
      'every 1 h 30 min',
      'every 6 h',
      'every day',
      'every 2 days',
      'every 7 days',
      'every 25 h',
    ]);
  });

  it('says what a run did, or why it did nothing', () => {
    expect(feedRunCounts(run)).toBe('+3 added · 1 changed · 2 gone · 0 rejected');
    expect(feedRunOutcome({ ...run, status: 'succeeded' })).toBe('+3 added · 1 changed · 2 gone · 0 rejected');
    expect(feedRunOutcome({ ...run, status: 'not-modified' })).toBe('Not modified');
    expect(feedRunOutcome({ ...run, status: 'running' })).toBe('Running');
    expect(feedRunOutcome({ ...run, status: 'failed', error: 'HTTP 503 from the feed' })).toBe('Failed: HTTP 503 from the feed');
    expect(feedRunOutcome({ ...run, status: 'failed' })).toBe('Failed');
  });

  it('gives a finished run its duration', () => {
    expect(feedRunDuration({ startedAt: at(0), finishedAt: null })).toBeNull();
    expect(feedRunDuration({ startedAt: at(0), finishedAt: new Date(NOW + 42_000).toISOString() })).toBe('42 s');
    expect(feedRunDuration({ startedAt: at(0), finishedAt: new Date(NOW + 185_000).toISOString() })).toBe('3 min 5 s');
    expect(feedRunDuration({ startedAt: at(0), finishedAt: at(62) })).toBe('1 h 2 min');
  });

  it('puts a time before or after now', () => {
    expect(relativeTimeLabel(at(0.4), NOW)).toBe('just now');
    expect(relativeTimeLabel(at(5), NOW)).toBe('in 5 min');
    expect(relativeTimeLabel(at(-180), NOW)).toBe('3 h ago');
    expect(relativeTimeLabel(at(3 * 1440), NOW)).toBe('in 3 days');
  });

  it('says when a source runs next: paused, running, due, or in some time', () => {
    const source = { status: 'active' as const, running: false, lastRun: null, nextRunAt: at(90) };
    expect(feedNextRunLabel(source, NOW)).toBe('in 2 h');
    expect(feedNextRunLabel({ ...source, status: 'paused' }, NOW)).toBe('Paused');
    expect(feedNextRunLabel({ ...source, running: true }, NOW)).toBe('Running now');
    expect(feedNextRunLabel({ ...source, nextRunAt: at(0) }, NOW)).toBe('due now');
    expect(feedNextRunLabel({ ...source, nextRunAt: at(0.5) }, NOW)).toBe('due now');
    expect(feedNextRunLabel({ ...source, nextRunAt: at(-5) }, NOW)).toBe('due 5 min ago');
  });

  it('tells a source about to change (running, or just due) from one that waits', () => {
    const source = { status: 'active' as const, running: false, lastRun: null, nextRunAt: at(90) };
    expect(feedSourceIsBusy(source, NOW)).toBe(false);
    expect(feedSourceIsBusy({ ...source, running: true }, NOW)).toBe(true);
    expect(feedSourceIsBusy({ ...source, lastRun: { status: 'running' as const } as never }, NOW)).toBe(true);
    expect(feedSourceIsBusy({ ...source, nextRunAt: at(-0.5) }, NOW)).toBe(true);
    // Due for long (no worker takes it), or paused: nothing is about to change.
    expect(feedSourceIsBusy({ ...source, nextRunAt: at(-10) }, NOW)).toBe(false);
    expect(feedSourceIsBusy({ ...source, status: 'paused', nextRunAt: at(-0.5) }, NOW)).toBe(false);
  });
});
