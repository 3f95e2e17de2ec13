import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import type { ProductDetailResponse } from '@pricehunt/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchOffer } from '../../testing/fixtures';
import { mockApi } from '../../testing/render-with-providers';
import PriceHistory, { answerTime, PriceChart, toSeries } from './price-history';

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

  it('draws every retailer that sold the product, cheapest first, each line its own, and says when no price has changed', () => {
    const names = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`r${i}`, `Retailer ${i}`]));
    const series = toSeries(
      Array.from({ length: 12 }, (_, i) => point(i, `r${i}`, 10_000 - i * 100, '2026-01-01T10:00:00Z')),
      names,
    );
    expect(series).toHaveLength(12);
    const { container } = render(<PriceChart series={series} currency="USD" now={Date.parse('2026-01-01T18:00:00Z')} />);
    expect(screen.getAllByText(/ now$/).map((key) => key.textContent)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => `Retailer ${i}: ${`$${(100 - i).toFixed(2)}`} now`),
    );
    const lines = [...container.querySelectorAll('polyline')];
    expect(lines.map((line) => line.getAttribute('data-retailer'))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => `r${i}`));
    // No two lines look alike: past the ten colours, the colours come round dashed.
    const looks = lines.map((line) => `${line.getAttribute('stroke')} ${line.getAttribute('stroke-dasharray') ?? 'solid'}`);
    expect(new Set(looks).size).toBe(12);
    expect(screen.getByText('No retailer has changed its price since Jan 1, 2026, when tracking began.')).toBeInTheDocument();
    expect(screen.queryByText(/cheapest of/)).not.toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
  });

  it("draws a merchant's store beside the retailers, however many cheaper ones there are", () => {
    const retailers = Array.from({ length: 7 }, (_, i) => point(i, `r${i}`, 3_000 + i * 50, '2026-01-01T10:00:00Z'));
    const series = toSeries([...retailers, point(99, 'demo-store.localhost', 3_952, '2026-01-01T10:00:00Z'), point(100, 'apple', 3_999, '2026-01-01T10:00:00Z')], {
      'demo-store.localhost': 'Demo Store',
      apple: 'Apple',
    });
    render(<PriceChart series={series} currency="USD" now={Date.parse('2026-01-02T00:00:00Z')} />);
    expect(screen.getByText('Demo Store: $39.52 now')).toBeInTheDocument();
    expect(screen.getByText('Apple: $39.99 now')).toBeInTheDocument();
    expect(screen.getAllByText(/ now$/)).toHaveLength(9);
  });

  it('draws a store first priced today as a dot, where a line would have no length', () => {
    const series = toSeries(
      [point(1, 'amazon', 39_899, '2026-09-01T12:00:00Z'), point(1, 'amazon', 41_099, '2026-11-23T12:00:00Z'), point(2, 'demo-store.localhost', 37_019, '2026-12-02T13:01:46Z')],
      { amazon: 'Amazon', 'demo-store.localhost': 'Demo Store' },
    );
    const { container } = render(<PriceChart series={series} currency="USD" now={Date.parse('2026-12-02T13:05:00Z')} />);
    const store = container.querySelector('[data-retailer="demo-store.localhost"]');
    expect(store?.tagName).toBe('circle');
    expect(Number(store?.getAttribute('cx'))).toBeGreaterThan(600);
    expect(container.querySelector('[data-retailer="amazon"]')?.tagName).toBe('polyline');
    expect(screen.getByText('Demo Store: $370.19 now')).toBeInTheDocument();
  });

  it('draws one price, unchanged everywhere, with its line through the middle of a chart of the usual height', () => {
    const series = toSeries([point(1, 'amazon', 4_499, '2026-01-01T00:00:00Z'), point(2, 'walmart', 4_499, '2026-01-01T00:00:00Z')], { amazon: 'Amazon', walmart: 'Walmart' });
    render(<PriceChart series={series} currency="USD" now={Date.parse('2026-01-02T00:00:00Z')} />);
    const chart = screen.getByRole('img', { name: 'Price history from Jan 1, 2026 to Jan 2, 2026: $44.99 throughout.' });
    expect(chart.getAttribute('viewBox')).toBe('0 0 640 220');
    expect(screen.getAllByText('$44.99')).toHaveLength(1);
  });

  it('draws a range from its start, each retailer at the price it had then', () => {
    const series = toSeries(
      [point(1, 'amazon', 10_000, '2026-01-01T00:00:00Z'), point(1, 'amazon', 8_000, '2026-03-01T00:00:00Z'), point(2, 'walmart', 9_000, '2026-02-20T00:00:00Z')],
      { amazon: 'Amazon', walmart: 'Walmart' },
    );
    render(<PriceChart series={series} currency="USD" now={Date.parse('2026-03-10T00:00:00Z')} from={Date.parse('2026-02-08T00:00:00Z')} />);
    expect(screen.getByRole('img', { name: 'Price history from Feb 8, 2026 to Mar 10, 2026: lowest $80.00, highest $100.00.' })).toBeInTheDocument();
    // Walmart's line begins with its first price, after the range's start.
    expect(screen.getByText('Walmart: $90.00 now')).toBeInTheDocument();
  });

  it('says nothing more once prices have changed and every retailer is drawn', () => {
    const series = toSeries([point(1, 'amazon', 10_000, '2026-01-01T00:00:00Z'), point(1, 'amazon', 8_000, '2026-01-03T00:00:00Z')], { amazon: 'Amazon' });
    render(<PriceChart series={series} currency="USD" />);
    expect(screen.queryByText(/tracking began/)).not.toBeInTheDocument();
  });

  it('says when nothing was recorded', () => {
    render(<PriceChart series={[]} currency="USD" />);
    expect(screen.getByText('No price history recorded yet.')).toBeInTheDocument();
  });

  describe('on the results page', () => {
    const NOW = Date.parse('2026-11-23T12:00:00Z');
    const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
    const detail: ProductDetailResponse = {
      success: true,
      product: { id: 7, title: 'Sony WH-1000XM5', brand: 'Sony', model: null, gtin: null, category: 'Headphones', categorySlug: 'headphones', imageUrl: null, offerCount: 2, bestPriceCents: 24_000, currency: 'USD' },
      offers: [searchOffer({ id: 1, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 24_000 }), searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 31_000 })],
      specs: [],
      variants: [],
      priceHistory: [
        point(1, 'walmart', 30_000, daysAgo(200)),
        point(2, 'amazon', 31_000, daysAgo(150)),
        point(1, 'walmart', 32_000, daysAgo(60)),
        point(1, 'walmart', 24_000, daysAgo(1)),
      ],
      priceSummaries: [
        { days: 30, lowCents: 24_000, highCents: 31_000, typicalCents: 31_000, since: daysAgo(30) },
        { days: 90, lowCents: 24_000, highCents: 31_000, typicalCents: 30_500, since: daysAgo(90) },
        { days: 365, lowCents: 24_000, highCents: 31_000, typicalCents: 30_000, since: daysAgo(200) },
      ],
    };
    const figures = () =>
      within(screen.getByLabelText(/^Best price/))
        .getAllByRole('definition')
        .map((figure) => figure.textContent);
    const chart = () => screen.getByRole('img', { name: /^Price history from/ });

    it("writes a product's prices in its offers' currency when none is in stock, so no best price names one", async () => {
      const soldOut: ProductDetailResponse = {
        ...detail,
        product: { ...detail.product, bestPriceCents: null, currency: null },
        offers: detail.offers.map((offer) => ({ ...offer, currency: 'BRL', availability: 'out_of_stock' as const, isBestPrice: false })),
      };
      mockApi({ 'GET /api/products/7': () => jsonResponse(soldOut) });
      render(<PriceHistory productId={7} now={NOW} />);
      expect(await screen.findByRole('img', { name: /^Price history from/ })).toHaveAccessibleName('Price history from Aug 25, 2026 to Nov 23, 2026: lowest R$240.00, highest R$320.00.');
      expect(figures()).toEqual(['R$240.00', 'R$310.00', 'R$305.00']);
    });

    it('says why a range has no best price', async () => {
      const soldOut: ProductDetailResponse = { ...detail, product: { ...detail.product, bestPriceCents: null, currency: null }, priceSummaries: [] };
      mockApi({ 'GET /api/products/7': () => jsonResponse(soldOut) });
      render(<PriceHistory productId={7} now={NOW} />);
      await screen.findByRole('img', { name: /^Price history from/ });
      expect(figures()).toEqual(['—', '—', '—']);
      expect(screen.getByText(/^No best price in this range: a best price counts only offers in stock, new and sold alone/)).toBeInTheDocument();
    });

    it('switches between 30, 90 and 365 days: the drawn range and the figures follow, the height stays, and the choice is kept', async () => {
      mockApi({ 'GET /api/products/7': () => jsonResponse(detail) });
      const { unmount } = render(<PriceHistory productId={7} now={NOW} />);
      const range = await screen.findByRole('group', { name: 'Price history range' });
      await screen.findByRole('img', { name: /^Price history from/ });
      expect(within(range).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
      expect(chart()).toHaveAccessibleName('Price history from Aug 25, 2026 to Nov 23, 2026: lowest $240.00, highest $320.00.');
      expect(figures()).toEqual(['$240.00', '$310.00', '$305.00']);
      expect(screen.getByLabelText('Best price over the last 90 days')).toBeInTheDocument();
      expect(screen.getByText('Typical')).toHaveAccessibleDescription(/median of the product's best price of each day in the range/);

      await userEvent.click(within(range).getByRole('button', { name: '30 days' }));
      expect(within(range).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(range).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'false');
      expect(chart()).toHaveAccessibleName('Price history from Oct 24, 2026 to Nov 23, 2026: lowest $240.00, highest $320.00.');
      expect(figures()).toEqual(['$240.00', '$310.00', '$310.00']);
      expect(chart().getAttribute('viewBox')).toBe('0 0 640 220');

      await userEvent.click(within(range).getByRole('button', { name: '365 days' }));
      // The history is younger than a year: the chart begins with the first price.
      expect(chart()).toHaveAccessibleName('Price history from May 7, 2026 to Nov 23, 2026: lowest $240.00, highest $320.00.');
      expect(figures()).toEqual(['$240.00', '$310.00', '$300.00']);
      expect(screen.getByLabelText('Best price since May 7, 2026')).toBeInTheDocument();
      expect(chart().getAttribute('viewBox')).toBe('0 0 640 220');

      // Another chart on the page (another product, or this one again) opens on the range chosen.
      unmount();
      mockApi({ 'GET /api/products/7': () => jsonResponse(detail) });
      render(<PriceHistory productId={7} now={NOW} />);
      await screen.findByRole('img', { name: /^Price history from May 7, 2026/ });
      expect(screen.getByRole('button', { name: '365 days' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('shows a loading placeholder, then an error with a retry', async () => {
      let calls = 0;
      mockApi({
        'GET /api/products/7': () => {
          calls++;
          return calls === 1 ? errorResponse(500, 'INTERNAL_ERROR', 'Down') : jsonResponse(detail);
        },
      });
      render(<PriceHistory productId={7} now={NOW} />);
      expect(screen.getByRole('status', { name: 'Loading price history' })).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('img', { name: /^Price history from/ })).toBeInTheDocument();
    });

    it('reads when the answer was made from the ranges its history covers in full, else from its newest price', () => {
      expect(answerTime(detail)).toBe(NOW);
      // Under 90 days of history: the 30 days are still covered in full.
      const young = { ...detail, priceSummaries: detail.priceSummaries.map((summary) => (summary.days === 30 ? summary : { ...summary, since: daysAgo(60) })) };
      expect(answerTime(young)).toBe(NOW);
      // Under 30 days: every range begins with the first price, and the newest price is the latest time the answer knows.
      const newborn = { ...detail, priceSummaries: detail.priceSummaries.map((summary) => ({ ...summary, since: daysAgo(10) })) };
      expect(answerTime(newborn)).toBe(Date.parse(daysAgo(1)));
      expect(answerTime({ priceHistory: [], priceSummaries: [] })).toBe(0);
    });
  });
});
