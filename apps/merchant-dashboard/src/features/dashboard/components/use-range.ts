import { addDays, dayOf, DEFAULT_PERIOD_DAYS, lastDays, mondayOf, weekInPeriod, type Interval, type RangeQuery } from '@pricehunt/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { browserTimeZone } from '../../../lib/format';
import { useSettings } from '../api/merchant-api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period shown, kept in the URL (`?from=&to=`) so it survives navigation and reloads; by default the last 30
 * calendar days (contracts' `lastDays`, the period the admin console shows a business's figures for too). Days are cut
 * in the store's time zone from Settings (the browser's until Settings have loaded).
 */
export function useRange(): [RangeQuery, (next: { from: string; to: string }) => void, boolean] {
  const [params, setParams] = useSearchParams();
  const settings = useSettings();
  const tz = settings.data?.timeZone ?? browserTimeZone();
  const last = lastDays(DEFAULT_PERIOD_DAYS, Date.now(), tz);
  const today = last.to;
  const from = params.get('from');
  const to = params.get('to');
  const range = useMemo<RangeQuery>(() => {
    const end = to && DATE.test(to) ? to : today;
    const start = from && DATE.test(from) && from <= end ? from : addDays(end, -(DEFAULT_PERIOD_DAYS - 1));
    return { from: start, to: end, tz };
  }, [from, to, today, tz]);
  const setRange = (next: { from: string; to: string }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('from', next.from);
        copy.set('to', next.to);
        copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  // Figures wait for Settings so they are asked once, in the right time zone.
  return [range, setRange, !settings.isLoading];
}

/** Whether the period runs to today or later in its time zone: its last day, week or month is still under way. */
export function endsToday(range: RangeQuery, now: number = Date.now()): boolean {
  return range.to >= dayOf(now, range.tz);
}

/** What a chart of the period says of its first and last points when their days or weeks are not whole. */
export interface PartialEnds {
  firstPartial?: string;
  lastPartial?: string;
}

/**
 * The legend of a period's chart by day or week for a first or last point whose period the figures cover only part of:
 * today so far; by week, the days of a week the period starts or ends in the middle of ("Partial week: 11-04 to 11-08",
 * in the axis's month-day form), or this week so far. A point by week is labelled by its week's Monday.
 */
export function partialEnds(range: RangeQuery, interval: Interval, now: number = Date.now()): PartialEnds {
  const underWay = endsToday(range, now);
  if (interval === 'day') return underWay ? { lastPartial: 'Today so far' } : {};
  // The days the period counts of its first and last weeks (contracts' `weekInPeriod`, as the API counts them).
  const first = weekInPeriod(mondayOf(range.from), range);
  const last = weekInPeriod(mondayOf(range.to), range);
  const words = (week: { from: string; to: string }) => `Partial week: ${week.from.slice(5)} to ${week.to.slice(5)}`;
  return {
    ...(first.from !== mondayOf(range.from) ? { firstPartial: words(first) } : {}),
    ...(underWay ? { lastPartial: 'This week so far' } : last.to !== addDays(mondayOf(range.to), 6) ? { lastPartial: words(last) } : {}),
  };
}
