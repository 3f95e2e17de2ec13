import { addDays, dayOf, daysBetween, lastDays, mondayOf, periodBounds, startOfDay, trendInterval, weekInPeriod, zoneOffsetMs } from './period';

describe('calendar days in a time zone', () => {
  it('finds local midnight in UTC instants', () => {
    expect(new Date(startOfDay('2026-03-10', 'UTC')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'Europe/Berlin')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(new Date(startOfDay('2026-07-10', 'Europe/Berlin')).toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'America/New_York')).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(new Date(startOfDay('2026-03-05', 'America/New_York')).toISOString()).toBe('2026-03-05T05:00:00.000Z');
    expect(new Date(startOfDay('2026-03-10', 'Asia/Kolkata')).toISOString()).toBe('2026-03-09T18:30:00.000Z');
  });

  it('names the local day of an instant', () => {
    const t = Date.parse('2026-03-10T23:30:00Z');
    expect(dayOf(t, 'UTC')).toBe('2026-03-10');
    expect(dayOf(t, 'Europe/Berlin')).toBe('2026-03-11');
    expect(dayOf(t, 'Pacific/Honolulu')).toBe('2026-03-10');
    expect(zoneOffsetMs(t, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-12-31', '2026-03-01')).toBe(60);
  });
});

describe('the last N days', () => {
  it('is today and the days before it, whole calendar days, not the last N × 24 hours', () => {
    const now = Date.parse('2026-03-10T15:30:00Z');
    const period = lastDays(30, now, 'UTC');
    expect(period).toEqual({ from: '2026-02-09', to: '2026-03-10', tz: 'UTC' });
    const { start, end } = periodBounds(period);
    expect(new Date(start).toISOString()).toBe('2026-02-09T00:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    // 720 hours before now would begin on the afternoon of February 8th.
    expect(start).toBeGreaterThan(now - 30 * 86_400_000);
  });

  it('cuts the days in the business time zone', () => {
    // 02:00 in Berlin on March 11th is still March 10th in UTC and in New York.
    const now = Date.parse('2026-03-11T01:00:00Z');
    expect(lastDays(7, now, 'Europe/Berlin')).toEqual({ from: '2026-03-05', to: '2026-03-11', tz: 'Europe/Berlin' });
    expect(lastDays(7, now, 'America/New_York')).toEqual({ from: '2026-03-04', to: '2026-03-10', tz: 'America/New_York' });
    const berlin = periodBounds(lastDays(7, now, 'Europe/Berlin'));
    expect(new Date(berlin.start).toISOString()).toBe('2026-03-04T23:00:00.000Z');
    expect(new Date(berlin.end).toISOString()).toBe('2026-03-11T23:00:00.000Z');
  });

  it('gives a day of 23 hours when the clocks go forward and one of 25 when they go back', () => {
    const spring = periodBounds({ from: '2026-03-08', to: '2026-03-08', tz: 'America/New_York' });
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = periodBounds({ from: '2026-10-25', to: '2026-10-25', tz: 'Europe/Berlin' });
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });

  it('is one day for the last 1 day', () => {
    expect(lastDays(1, Date.parse('2026-03-10T00:00:00Z'), 'UTC')).toEqual({ from: '2026-03-10', to: '2026-03-10', tz: 'UTC' });
  });
});

describe('weeks of figures', () => {
  it('start on the Monday of the day’s ISO week', () => {
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-03-12')).toBe('2026-03-09');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
  });

  it('count the days of a week the period holds: the whole week, or the part it starts or ends inside', () => {
    const period = { from: '2026-03-11', to: '2026-03-25' };
    expect(weekInPeriod('2026-03-09', period)).toEqual({ from: '2026-03-11', to: '2026-03-15' });
    expect(weekInPeriod('2026-03-16', period)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(weekInPeriod('2026-03-23', period)).toEqual({ from: '2026-03-23', to: '2026-03-25' });
    expect(weekInPeriod('2026-03-09', { from: '2026-03-10', to: '2026-03-12' })).toEqual({ from: '2026-03-10', to: '2026-03-12' });
  });

  it('group a summary’s trend by day up to 92 days and by week beyond', () => {
    expect(trendInterval('2026-01-01', '2026-04-02')).toBe('day');
    expect(trendInterval('2026-01-01', '2026-04-03')).toBe('week');
  });
});
