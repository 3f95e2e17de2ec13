import type { AnalyticsResponse, BreakdownRow } from '@pricehunt/contracts';
import { mostClicked, seriesCsv } from './analytics-page';

const row = (key: string, clicks: number, referrals: number, revenueCents = 0): BreakdownRow => ({
  key,
  clicks,
  referrals,
  conversions: revenueCents > 0 ? 1 : 0,
  revenueCents,
  conversionRate: referrals > 0 && revenueCents > 0 ? 1 / referrals : 0,
});

describe('mostClicked', () => {
  it('bars the ten most clicked, most first, whatever order the table lists them in', () => {
    // The table lists the breakdown by revenue: a product clicked little may lead it.
    const rows = [row('AirPods Max', 3, 3, 52_939), ...Array.from({ length: 11 }, (_, i) => row(`Speaker ${i + 1}`, i + 1, i + 1)), row('WH-1000XM4', 13, 12)];
    const bars = mostClicked(rows);
    expect(bars).toHaveLength(10);
    expect(bars[0]).toEqual({ label: 'WH-1000XM4', value: 13 });
    expect(bars.map((bar) => bar.value)).toEqual([13, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('puts more referrals first among equal clicks', () => {
    expect(mostClicked([row('A', 5, 2), row('B', 5, 4)]).map((bar) => bar.label)).toEqual(['B', 'A']);
  });
});

describe('seriesCsv', () => {
  const point = (period: string, clicks: number) => ({ period, clicks, referrals: clicks, conversions: 0, revenueCents: 0, conversionRate: 0 });
  const data = { currency: 'USD', series: [point('2026-10-05', 31), point('2026-10-12', 40), point('2026-10-19', 12)] } as unknown as AnalyticsResponse;
  const range = { from: '2026-10-07', to: '2026-10-21', tz: 'UTC' };

  it('writes by week the first and last day each row counts, the period’s own at a week it starts or ends inside', () => {
    const lines = seriesCsv(data, range, 'week').split('\r\n');
    expect(lines[0]).toBe('week starting,first day counted,last day counted,clicks,referrals,conversions,revenue (USD),conversion rate');
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '2026-10-05,2026-10-07,2026-10-11,31',
      '2026-10-12,2026-10-12,2026-10-18,40',
      '2026-10-19,2026-10-19,2026-10-21,12',
    ]);
  });

  it('writes a row per day by day', () => {
    expect(seriesCsv(data, range, 'day').split('\r\n')[0]).toBe('day,clicks,referrals,conversions,revenue (USD),conversion rate');
  });
});
