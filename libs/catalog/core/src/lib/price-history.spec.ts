import { present, DAY_MS } from '@pricehunt/contracts';
import type { PricePointRow } from './ports';
import { dailyBestPrices, lowestPriceOffers, median, priceRangeSummaries, priceRangeSummary } from './price-history';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const daysAgo = (days: number, hours = 0) => new Date(NOW - days * DAY_MS + hours * 3_600_000).toISOString();
const point = (offerId: number, priceCents: number, recordedAt: string, extra: Partial<PricePointRow> = {}): PricePointRow => ({
  offerId,
  retailerId: `r${offerId}`,
  priceCents,
  shippingCents: null,
  currency: 'USD',
  recordedAt,
  condition: 'new',
  priceGroup: extra.priceGroup ?? (extra.condition && extra.condition !== 'new' ? 'second_hand' : 'new'),
  ...extra,
});
const offer = (id: number, priceCents: number, availability: 'in_stock' | 'out_of_stock' = 'in_stock', condition: 'new' | 'used' = 'new') => ({
  id,
  priceCents,
  shippingCents: null,
  currency: 'USD',
  availability,
  priceGroup: condition === 'new' ? ('new' as const) : ('second_hand' as const),
});

describe('daily best prices', () => {
  it('takes each day the lowest total any offer had at any moment of it, a price holding until the next one', () => {
    const points = [
      point(1, 10_000, daysAgo(3)),
      point(2, 9_500, daysAgo(3, 1), { shippingCents: 600 }),
      // Cheaper for an hour on day -2, then back.
      point(1, 9_000, daysAgo(2)),
      point(1, 10_000, daysAgo(2, 1)),
    ];
    const days = dailyBestPrices(points, { from: NOW - 5 * DAY_MS, to: NOW, currency: 'USD' });
    expect(days.map((day) => day.cents)).toEqual([10_000, 9_000, 10_000, 10_000]);
    expect(new Date(present(days[0]).day).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(new Date(present(days.at(-1)).day).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('starts a range with the price each offer had before it, and leaves other currencies and later points out', () => {
    const points = [point(1, 8_000, daysAgo(40)), point(1, 12_000, daysAgo(1)), point(2, 1_000, daysAgo(3), { currency: 'EUR' }), point(1, 1, daysAgo(-1))];
    const days = dailyBestPrices(points, { from: NOW - 2 * DAY_MS, to: NOW, currency: 'USD' });
    expect(days.map((day) => day.cents)).toEqual([8_000, 8_000, 12_000]);
  });

  it("takes a new offer's price on the days a new offer had one, any offer's on the others", () => {
    const points = [
      point(1, 20_000, daysAgo(3)),
      point(2, 12_000, daysAgo(4), { condition: 'used' }),
      point(3, 15_000, daysAgo(4), { condition: 'refurbished' }),
    ];
    const days = dailyBestPrices(points, { from: NOW - 5 * DAY_MS, to: NOW, currency: 'USD' });
    expect(days.map((day) => day.cents)).toEqual([12_000, 20_000, 20_000, 20_000, 20_000]);
  });

  it('has no day before the first price', () => {
    expect(dailyBestPrices([], { from: 0, to: NOW, currency: 'USD' })).toEqual([]);
    expect(dailyBestPrices([point(1, 100, daysAgo(0))], { from: NOW - 30 * DAY_MS, to: NOW, currency: 'USD' })).toHaveLength(1);
  });
});

describe('price range summaries', () => {
  const history = [point(1, 20_000, daysAgo(200)), point(1, 15_000, daysAgo(60)), point(2, 14_000, daysAgo(20)), point(1, 12_000, daysAgo(0, -1))];

  it('answers the lowest, highest and median daily best price of each range, and when its figures begin', () => {
    const [month, quarter, year] = priceRangeSummaries(history, { now: NOW, currency: 'USD' });
    expect(month).toEqual({ days: 30, lowCents: 12_000, highCents: 15_000, typicalCents: 14_000, since: daysAgo(30) });
    expect(quarter).toMatchObject({ days: 90, lowCents: 12_000, highCents: 20_000, typicalCents: 15_000, since: daysAgo(90) });
    expect(year).toMatchObject({ days: 365, lowCents: 12_000, highCents: 20_000, typicalCents: 20_000, since: daysAgo(200) });
  });

  it('answers nothing for a product without prices in its currency', () => {
    expect(priceRangeSummaries(history, { now: NOW, currency: null })).toEqual([]);
    expect(priceRangeSummary(history, { days: 30, now: NOW, currency: 'EUR' })).toBeNull();
  });

  it('takes the mean of the two middle values, to the cent, for an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(3);
    expect(median([100, 101])).toBe(101);
  });
});

describe('lowest price in 90 days', () => {
  it('marks the offers in stock at the lowest best price of 90 days', () => {
    const points = [point(1, 15_000, daysAgo(100)), point(2, 16_000, daysAgo(50)), point(1, 12_000, daysAgo(1)), point(3, 12_000, daysAgo(1))];
    const marked = lowestPriceOffers([offer(1, 12_000), offer(2, 16_000), offer(3, 12_000, 'out_of_stock')], points, { now: NOW, currency: 'USD' });
    expect([...marked]).toEqual([1]);
  });

  it('marks no used offer while the product has a new one, whatever its price', () => {
    const points = [point(1, 15_000, daysAgo(100)), point(1, 12_000, daysAgo(1)), point(2, 9_000, daysAgo(100), { condition: 'used' })];
    expect([...lowestPriceOffers([offer(1, 12_000), offer(2, 9_000, 'in_stock', 'used')], points, { now: NOW, currency: 'USD' })]).toEqual([1]);
    const used = [point(2, 11_000, daysAgo(100), { condition: 'used' }), point(2, 9_000, daysAgo(1), { condition: 'used' })];
    expect([...lowestPriceOffers([offer(2, 9_000, 'in_stock', 'used')], used, { now: NOW, currency: 'USD' })]).toEqual([2]);
  });

  it('marks nothing when the price was lower earlier in the 90 days', () => {
    const points = [point(1, 15_000, daysAgo(100)), point(1, 11_000, daysAgo(40)), point(1, 12_000, daysAgo(30))];
    expect(lowestPriceOffers([offer(1, 12_000)], points, { now: NOW, currency: 'USD' }).size).toBe(0);
  });

  it('marks nothing with less than 30 days of history, nor for a price that never moved', () => {
    const young = [point(1, 15_000, daysAgo(20)), point(1, 12_000, daysAgo(1))];
    expect(lowestPriceOffers([offer(1, 12_000)], young, { now: NOW, currency: 'USD' }).size).toBe(0);
    const flat = [point(1, 12_000, daysAgo(200))];
    expect(lowestPriceOffers([offer(1, 12_000)], flat, { now: NOW, currency: 'USD' }).size).toBe(0);
  });
});

describe('bundles in the history', () => {
  it('never make a day’s best price nor carry the lowest-in-90-days mark', () => {
    const points = [point(1, 15_000, daysAgo(100)), point(1, 12_000, daysAgo(1)), point(2, 5_000, daysAgo(100), { priceGroup: 'bundle' })];
    expect(dailyBestPrices(points, { from: NOW - 2 * DAY_MS, to: NOW, currency: 'USD' }).map((day) => day.cents)).toEqual([15_000, 12_000, 12_000]);
    const bundle = { ...offer(2, 5_000), priceGroup: 'bundle' as const };
    expect([...lowestPriceOffers([offer(1, 12_000), bundle], points, { now: NOW, currency: 'USD' })]).toEqual([1]);
  });
});
