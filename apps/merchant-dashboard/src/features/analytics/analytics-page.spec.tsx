import type { BreakdownRow } from '@pricehunt/contracts';
import { mostClicked } from './analytics-page';

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
