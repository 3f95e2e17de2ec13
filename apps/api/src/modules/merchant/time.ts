/** Calendar days in an IANA time zone turned into UTC instants, without a time-zone library. */

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
  const second = wall - zoneOffsetMs(first, timeZone);
  return second;
}

/** The calendar day (YYYY-MM-DD) that the instant `utcMs` falls on in `timeZone`. */
export function dayOf(utcMs: number, timeZone: string): string {
  return new Date(utcMs + zoneOffsetMs(utcMs, timeZone)).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Monday of the ISO week that `date` belongs to. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export interface Bucket {
  /** Label: the day, or the Monday that starts the week. */
  period: string;
  start: number;
  end: number;
}

/** Consecutive buckets covering the calendar days from..to (inclusive) in `timeZone`; weeks are clipped to the range. */
export function buckets(from: string, to: string, timeZone: string, interval: 'day' | 'week'): Bucket[] {
  const result: Bucket[] = [];
  let day = from;
  while (day <= to) {
    const next = interval === 'day' ? addDays(day, 1) : addDays(mondayOf(day), 7);
    const endDay = next > addDays(to, 1) ? addDays(to, 1) : next;
    result.push({ period: interval === 'day' ? day : mondayOf(day), start: startOfDay(day, timeZone), end: startOfDay(endDay, timeZone) });
    day = endDay;
  }
  return result;
}

/** Index of the bucket holding `t`, or -1 (buckets are sorted and contiguous). */
export function bucketIndex(list: readonly Bucket[], t: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = list[mid] as Bucket;
    if (t < b.start) hi = mid - 1;
    else if (t >= b.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
