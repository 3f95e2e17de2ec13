import { daysOf } from './attribution-page';

describe('daysOf', () => {
  it('lists every day of the range, both ends included, across a month end', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
  });

  it('gives nothing for a reversed or unreadable range', () => {
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysOf('2026-02-31x', '2026-03-01')).toEqual([]);
  });
});
