import { buckets, bucketIndex, dayOf, startOfDay, zoneOffsetMs } from './time';

describe('time zones at day boundaries', () => {
  it('finds local midnight in UTC instants', () => {
    expect(new Date(startOfDay('2026-03-10', 'UTC')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'Europe/Berlin')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(new Date(startOfDay('2026-07-10', 'Europe/Berlin')).toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'America/New_York')).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(new Date(startOfDay('2026-03-05', 'America/New_York')).toISOString()).toBe('2026-03-05T05:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'Asia/Kolkata')).toISOString()).toBe('2026-03-09T18:30:00.000Z');
  });

  it('gives a 23-hour day on the spring-forward date and a 25-hour day in autumn', () => {
    const [spring] = buckets('2026-03-08', '2026-03-08', 'America/New_York', 'day');
    expect(((spring?.end ?? 0) - (spring?.start ?? 0)) / 3_600_000).toBe(23);
    const [autumn] = buckets('2026-10-25', '2026-10-25', 'Europe/Berlin', 'day');
    expect(((autumn?.end ?? 0) - (autumn?.start ?? 0)) / 3_600_000).toBe(25);
  });

  it('names the local day of an instant', () => {
    const t = Date.parse('2026-03-10T23:30:00Z');
    expect(dayOf(t, 'UTC')).toBe('2026-03-10');
    expect(dayOf(t, 'Europe/Berlin')).toBe('2026-03-11');
    expect(dayOf(t, 'Pacific/Honolulu')).toBe('2026-03-10');
    expect(zoneOffsetMs(t, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
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
