import { buckets, bucketIndex } from './time';

describe('day and week buckets in a time zone', () => {
  it('gives a 23-hour day on the spring-forward date and a 25-hour day in autumn', () => {
    const [spring] = buckets('2026-03-08', '2026-03-08', 'America/New_York', 'day');
    expect(((spring?.end ?? 0) - (spring?.start ?? 0)) / 3_600_000).toBe(23);
    const [autumn] = buckets('2026-10-25', '2026-10-25', 'Europe/Berlin', 'day');
    expect(((autumn?.end ?? 0) - (autumn?.start ?? 0)) / 3_600_000).toBe(25);
  });

  it('makes contiguous weekly buckets starting on Monday, clipped to the range', () => {
    const list = buckets('2026-03-01', '2026-03-16', 'UTC', 'week');
    expect(list.map((b) => b.period)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16']);
    expect(list[0]?.start).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(list[3]?.end).toBe(Date.parse('2026-03-17T00:00:00Z'));
    for (let i = 1; i < list.length; i++) expect(list[i]?.start).toBe(list[i - 1]?.end);
    expect(bucketIndex(list, Date.parse('2026-03-09T00:00:00Z'))).toBe(2);
    expect(bucketIndex(list, Date.parse('2026-03-08T23:59:59.999Z'))).toBe(1);
    expect(bucketIndex(list, Date.parse('2026-03-17T00:00:00Z'))).toBe(-1);
  });
});
