import { addDays, dayOf, DEFAULT_PERIOD_DAYS, lastDays, type RangeQuery } from '@pricehunt/contracts';
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
