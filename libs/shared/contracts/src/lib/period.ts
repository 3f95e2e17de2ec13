/**
 * The one definition of a reporting period, read by the merchant dashboard (its default range and presets, the API's
 * figures) and the admin console (a business's figures, the overview): whole calendar days in a time zone, `from` and
 * `to` inclusive, "the last 30 days" being today and the 29 days before it. A business's figures are counted in its
 * time zone (its settings'), the overview's in UTC. Calendar days are turned into UTC instants without a time-zone
 * library.
 */

/** A period of whole calendar days (YYYY-MM-DD, both inclusive) in the IANA time zone `tz`. */
export interface CalendarPeriod {
  from: string;
  to: string;
  tz: string;
}

/** The days "last N days" figures cover when nothing else is chosen. */
export const DEFAULT_PERIOD_DAYS = 30;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant at which the calendar day `date` (YYYY-MM-DD) starts in `timeZone`. */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/** The calendar day (YYYY-MM-DD) that the instant `utcMs` falls on in `timeZone`. */
export function dayOf(utcMs: number, timeZone: string): string {
  return new Date(utcMs + zoneOffsetMs(utcMs, timeZone)).toISOString().slice(0, 10);
}

/** The calendar day `days` days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Monday of the ISO week that the calendar day `date` belongs to (weeks of figures start on it). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The days of the week that starts on the Monday `monday` which the period `from`..`to` counts: the whole week, or the
 * part of it the period starts or ends inside. Figures by week are counted over these days and say so.
 */
export function weekInPeriod(monday: string, period: { from: string; to: string }): { from: string; to: string } {
  const sunday = addDays(monday, 6);
  return { from: monday < period.from ? period.from : monday, to: sunday > period.to ? period.to : sunday };
}

/** The longest period whose summary trend has a point per day; a longer one has a point per week. */
export const DAILY_TREND_MAX_DAYS = 92;

/** How a summary's trend over `from`..`to` is grouped: by day up to `DAILY_TREND_MAX_DAYS` days, else by week. */
export function trendInterval(from: string, to: string): 'day' | 'week' {
  return daysBetween(from, to) + 1 > DAILY_TREND_MAX_DAYS ? 'week' : 'day';
}

/** The last `days` calendar days in `timeZone` at the instant `now`: today (its start until now) and the days before it. */
export function lastDays(days: number, now: number, timeZone: string): CalendarPeriod {
  const to = dayOf(now, timeZone);
  return { from: addDays(to, -(days - 1)), to, tz: timeZone };
}

/**
 * The instants a period covers: from the start of its first day to the start of the day after its last, in its time
 * zone (`end` excluded). A day is 23 or 25 hours long when the zone's clocks change on it.
 */
export function periodBounds(period: CalendarPeriod): { start: number; end: number } {
  return { start: startOfDay(period.from, period.tz), end: startOfDay(addDays(period.to, 1), period.tz) };
}
