import { present, DAY_MS, MIN_HISTORY_DAYS, PRICE_RANGES, type PriceRangeSummary } from '@pricehunt/contracts';
import type { Availability } from '@pricehunt/contracts';
import type { PriceGroup } from '@pricehunt/catalog-pricing';
import type { PricePointRow } from './ports';

/**
 * What a product's price history says, computed once for both engines: the product detail's figures per range, the
 * "lowest price in 90 days" mark of its offers, and the typical price deals are measured against (kept in
 * `product_price_summaries` by `price-summaries.ts`). Every figure comes from the product's best price of each day.
 */

/** The days whose best prices give a product's typical price (deals and the mark compare with them). */
export const TYPICAL_PRICE_DAYS = 90;

/** The best price of one UTC day: `day` is the day's first millisecond. */
export interface DailyBest {
  day: number;
  cents: number;
}

const totalOf = (point: Pick<PricePointRow, 'priceCents' | 'shippingCents'>) => point.priceCents + (point.shippingCents ?? 0);

/** A point or offer of the product's `new` price group (`catalog-pricing`): new, and the product alone. */
const isNew = (item: { priceGroup?: PriceGroup }) => (item.priceGroup ?? 'new') === 'new';

/**
 * The product's best price of each UTC day between `from` and `to` (both instants in milliseconds; the first and last
 * days count from `from` and up to `to`): the lowest total (price + shipping) any offer of its `new` price group had at
 * any moment of the day, or, on a day none of those had a price, any of its second-hand offers (bundles never count:
 * the product's stored best price compares alike). An offer's price holds from when it was recorded until its next one, so a point
 * recorded before `from` gives the offer's price when the range begins. Points in another currency than `currency` are
 * left out; days before the first price have none. Oldest day first.
 */
export function dailyBestPrices(points: readonly PricePointRow[], options: { from: number; to: number; currency: string }): DailyBest[] {
  const { from, to, currency } = options;
  const byOffer = new Map<number, { isNew: boolean; list: Array<{ time: number; cents: number }> }>();
  let first = Infinity;
  for (const point of points) {
    const time = Date.parse(point.recordedAt);
    if (point.currency !== currency || Number.isNaN(time) || time > to) continue;
    // A bundle's price is no price of the product alone.
    if (point.priceGroup === 'bundle') continue;
    let offer = byOffer.get(point.offerId);
    if (!offer) byOffer.set(point.offerId, (offer = { isNew: isNew(point), list: [] }));
    offer.list.push({ time, cents: totalOf(point) });
    first = Math.min(first, time);
  }
  if (byOffer.size === 0) return [];
  // Stable: points recorded at the same instant stay in the order given (the order they were recorded in).
  const offers = [...byOffer.values()].map((offer) => ({ isNew: offer.isNew, list: offer.list.sort((a, b) => a.time - b.time) }));
  const cursor = offers.map(() => ({ next: 0, current: null as number | null }));
  const days: DailyBest[] = [];
  for (let day = Math.floor(Math.max(from, first) / DAY_MS) * DAY_MS; day <= to; day += DAY_MS) {
    const start = Math.max(day, from);
    const end = Math.min(day + DAY_MS, to + 1);
    let bestNew = Infinity;
    let bestAny = Infinity;
    offers.forEach(({ isNew: fresh, list }, index) => {
      const state = present(cursor[index]);
      // The price in effect when the day (or the range) begins, then every price recorded during it.
      while (state.next < list.length && present(list[state.next]).time <= start) state.current = present(list[state.next++]).cents;
      let low = state.current ?? Infinity;
      while (state.next < list.length && present(list[state.next]).time < end) {
        state.current = present(list[state.next++]).cents;
        low = Math.min(low, state.current);
      }
      bestAny = Math.min(bestAny, low);
      if (fresh) bestNew = Math.min(bestNew, low);
    });
    const best = bestNew !== Infinity ? bestNew : bestAny;
    if (best !== Infinity) days.push({ day, cents: best });
  }
  return days;
}

/** The middle value (the mean of the two middle ones, to the cent, for an even count); `values` must not be empty. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? present(sorted[middle]) : Math.round((present(sorted[middle - 1]) + present(sorted[middle])) / 2);
}

/**
 * The lowest, highest and typical (median) best price of the `days` before `now`, from the product's daily best prices
 * in `currency`; null when it had no price in that currency then. `since`: the range's start, or the first price
 * recorded when that is later.
 */
export function priceRangeSummary(points: readonly PricePointRow[], options: { days: number; now: number; currency: string }): PriceRangeSummary | null {
  const from = options.now - options.days * DAY_MS;
  const daily = dailyBestPrices(points, { from, to: options.now, currency: options.currency });
  if (daily.length === 0) return null;
  const cents = daily.map((entry) => entry.cents);
  let first = Infinity;
  for (const point of points) {
    if (point.currency === options.currency) first = Math.min(first, Date.parse(point.recordedAt));
  }
  return {
    days: options.days,
    lowCents: Math.min(...cents),
    highCents: Math.max(...cents),
    typicalCents: median(cents),
    since: new Date(Math.max(from, first)).toISOString(),
  };
}

/** The summary of each range of PRICE_RANGES that has prices, shortest first. */
export function priceRangeSummaries(points: readonly PricePointRow[], options: { now: number; currency: string | null }): PriceRangeSummary[] {
  const { currency } = options;
  if (currency === null) return [];
  return PRICE_RANGES.map((days) => priceRangeSummary(points, { days, now: options.now, currency })).filter((summary) => summary !== null);
}

/** True when the figures rest on at least MIN_HISTORY_DAYS of history before `now`. */
export const hasEnoughHistory = (since: string, now: number) => Date.parse(since) <= now - MIN_HISTORY_DAYS * DAY_MS;

/** What the mark needs of an offer. */
export interface MarkableOffer {
  id: number;
  priceCents: number;
  shippingCents: number | null;
  currency: string;
  availability: Availability;
  priceGroup?: PriceGroup;
}

/**
 * The offers whose total now is the lowest best price the product had in the last TYPICAL_PRICE_DAYS: "Lowest price in
 * 90 days". None when the history is shorter than MIN_HISTORY_DAYS (a low over a few days says nothing), nor when the
 * best price did not move in those days (every price would be its lowest: no news); an offer out of stock is no
 * price one can pay, so it carries no mark, and while the product has a new offer a used or refurbished one carries
 * none either (the best price is a new offer's then). `points`: the product's history from at least
 * TYPICAL_PRICE_DAYS back.
 */
export function lowestPriceOffers(offers: readonly MarkableOffer[], points: readonly PricePointRow[], options: { now: number; currency: string | null }): Set<number> {
  const marked = new Set<number>();
  if (options.currency === null) return marked;
  const summary = priceRangeSummary(points, { days: TYPICAL_PRICE_DAYS, now: options.now, currency: options.currency });
  if (!summary || !hasEnoughHistory(summary.since, options.now) || summary.highCents === summary.lowCents) return marked;
  const anyNew = offers.some(isNew);
  for (const offer of offers) {
    if (offer.priceGroup === 'bundle' || (anyNew && !isNew(offer))) continue;
    if (offer.availability !== 'out_of_stock' && offer.currency === options.currency && totalOf(offer) <= summary.lowCents) marked.add(offer.id);
  }
  return marked;
}
