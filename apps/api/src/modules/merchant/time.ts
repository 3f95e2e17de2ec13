/** Buckets of calendar days in an IANA time zone (the days themselves are contracts' `period.ts`). */
import { addDays, mondayOf, startOfDay, weekInPeriod } from '@pricehunt/contracts';

export { addDays, dayOf, daysBetween, startOfDay, zoneOffsetMs } from '@pricehunt/contracts';

export interface Bucket {
  /** Label: the day, or the Monday that starts the week. */
  period: string;
  start: number;
  end: number;
}

/**
 * Consecutive buckets covering the calendar days from..to (inclusive) in `timeZone`; a week counts only its days in the
 * range (contracts' `weekInPeriod`, which the dashboard names a partial week by).
 */
export function buckets(from: string, to: string, timeZone: string, interval: 'day' | 'week'): Bucket[] {
  const result: Bucket[] = [];
  let day = from;
  while (day <= to) {
    const endDay = addDays(interval === 'day' ? day : weekInPeriod(mondayOf(day), { from, to }).to, 1);
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
