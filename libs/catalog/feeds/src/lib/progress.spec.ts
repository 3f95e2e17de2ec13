import { createProgressBar, formatDuration, formatProgress } from './progress';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (text: string) => writes.push(text) } };
}

describe('formatProgress', () => {
  it('shows bar, percentage, count, rate and ETA', () => {
    expect(formatProgress({ label: 'offers', value: 250_000, total: 1_000_000, elapsedMs: 2_000, width: 10 })).toBe(
      'offers [###-------]  25.0% 250,000/1,000,000 125,000/s ETA 6s',
    );
    expect(formatProgress({ value: 1_000, total: 1_000, elapsedMs: 65_000, width: 4, unit: 'rows' })).toBe('[####] 100.0% 1,000/1,000 rows 15/s in 1m05s');
  });

  it('shows count, rate and elapsed time without a total', () => {
    expect(formatProgress({ label: 'import', value: 1_500, elapsedMs: 3_000, unit: 'rows' })).toBe('import 1,500 rows 500/s 3s');
    expect(formatProgress({ value: 0, total: 10, elapsedMs: 0, width: 2 })).toBe('[--]   0.0% 0/10 0/s ETA ?');
  });

  it('formats durations', () => {
    expect(formatDuration(4.4)).toBe('4s');
    expect(formatDuration(3_725)).toBe('1h02m');
    expect(formatDuration(Number.NaN)).toBe('?');
  });
});

describe('createProgressBar', () => {
  it('redraws in place on a terminal, throttled', () => {
    let clock = 0;
    const { writes, stream } = fakeStream(true);
    const bar = createProgressBar({ total: 100, width: 4, stream, now: () => clock, intervalMs: 100 });
    bar.tick(10);
    clock = 50;
    bar.tick(10);
    clock = 200;
    bar.tick(30);
    clock = 400;
    bar.update(100);
    bar.done();
    bar.done();
    expect(writes).toEqual([
      '\r[##--]  50.0% 50/100 250/s ETA 0s\x1b[K',
      '\r[####] 100.0% 100/100 250/s in 0s\x1b[K',
      '\r[####] 100.0% 100/100 250/s in 0s\x1b[K\n',
    ]);
    expect(bar.value).toBe(100);
  });

  it('prints periodic plain lines when not on a terminal', () => {
    let clock = 0;
    const { writes, stream } = fakeStream(false);
    const bar = createProgressBar({ label: 'seed', unit: 'offers', stream, now: () => clock });
    for (let i = 0; i < 10; i++) {
      clock += 500;
      bar.tick(1_000);
    }
    bar.done();
    expect(writes).toEqual(['seed 4,000 offers 2,000/s 2s\n', 'seed 8,000 offers 2,000/s 4s\n', 'seed 10,000 offers 2,000/s 5s\n']);
    expect(writes.every((w) => !w.includes('\r'))).toBe(true);
  });
});
