import { render, screen } from '@testing-library/react';
import { PriceChart, toSeries } from './price-history';

const point = (offerId: number, retailerId: string, priceCents: number, recordedAt: string, shippingCents: number | null = null) => ({
  offerId,
  retailerId,
  priceCents,
  shippingCents,
  currency: 'USD',
  recordedAt,
});

describe('price history', () => {
  it("draws each retailer's lowest total over time across its offers, cheapest retailer first", () => {
    const series = toSeries(
      [
        point(1, 'amazon', 10_000, '2026-01-01T00:00:00Z'),
        point(2, 'amazon', 12_000, '2026-01-01T00:00:00Z'),
        point(1, 'amazon', 13_000, '2026-01-05T00:00:00Z'),
        point(3, 'walmart', 9_000, '2026-01-02T00:00:00Z', 500),
        point(3, 'walmart', 9_500, 'not a date'),
      ],
      { amazon: 'Amazon', walmart: 'Walmart' },
    );
    expect(series.map((s) => s.retailerName)).toEqual(['Walmart', 'Amazon']);
    expect(series[0]?.points).toEqual([{ time: Date.parse('2026-01-02T00:00:00Z'), cents: 9_500 }]);
    // Offer 1 goes up to 130.00, so Amazon's lowest becomes offer 2 at 120.00.
    expect(series[1]?.points.map((p) => p.cents)).toEqual([10_000, 12_000]);
  });

  it('names the chart by what it shows', () => {
    const series = toSeries([point(1, 'amazon', 10_000, '2026-01-01T00:00:00Z'), point(1, 'amazon', 8_000, '2026-01-03T00:00:00Z')], { amazon: 'Amazon' });
    render(<PriceChart series={series} currency="USD" />);
    expect(screen.getByRole('img', { name: /lowest \$80\.00, highest \$100\.00/ })).toBeInTheDocument();
    expect(screen.getByText('Amazon: $80.00 now')).toBeInTheDocument();
  });

  it('draws the six cheapest retailers, says how many it leaves out and when no price has changed', () => {
    const names = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`r${i}`, `Retailer ${i}`]));
    const series = toSeries(
      Array.from({ length: 8 }, (_, i) => point(i, `r${i}`, 10_000 - i * 100, '2026-01-01T10:00:00Z')),
      names,
    );
    expect(series).toHaveLength(8);
    render(<PriceChart series={series} currency="USD" now={Date.parse('2026-01-01T18:00:00Z')} />);
    expect(screen.getAllByText(/ now$/).map((key) => key.textContent)).toEqual(
      [7, 6, 5, 4, 3, 2].map((i) => `Retailer ${i}: ${`$${(100 - i).toFixed(2)}`} now`),
    );
    expect(screen.getByText('No retailer has changed its price since Jan 1, 2026, when tracking began. The 6 cheapest of 8 retailers are drawn.')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
  });

  it('draws one price, unchanged everywhere, as a low chart with its line through the middle', () => {
    const series = toSeries([point(1, 'amazon', 4_499, '2026-01-01T00:00:00Z'), point(2, 'walmart', 4_499, '2026-01-01T00:00:00Z')], { amazon: 'Amazon', walmart: 'Walmart' });
    render(<PriceChart series={series} currency="USD" now={Date.parse('2026-01-02T00:00:00Z')} />);
    const chart = screen.getByRole('img', { name: 'Price history from Jan 1, 2026 to Jan 2, 2026: $44.99 throughout.' });
    expect(chart.getAttribute('viewBox')).toBe('0 0 640 84');
    expect(screen.getAllByText('$44.99')).toHaveLength(1);
  });

  it('says nothing more once prices have changed and every retailer is drawn', () => {
    const series = toSeries([point(1, 'amazon', 10_000, '2026-01-01T00:00:00Z'), point(1, 'amazon', 8_000, '2026-01-03T00:00:00Z')], { amazon: 'Amazon' });
    render(<PriceChart series={series} currency="USD" />);
    expect(screen.queryByText(/tracking began|cheapest of/)).not.toBeInTheDocument();
  });

  it('says when nothing was recorded', () => {
    render(<PriceChart series={[]} currency="USD" />);
    expect(screen.getByText('No price history recorded yet.')).toBeInTheDocument();
  });
});
