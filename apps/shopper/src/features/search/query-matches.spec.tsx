import type { MatchedProduct } from '@pricehunt/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers';
import { browseMore, byLowestPrice, QueryMatches } from './query-matches';

const product = (id: number, brand: string | null, category: string | null, bestPriceCents: number | null = 10_000): MatchedProduct => ({
  id,
  title: `Product ${id}`,
  brand,
  model: null,
  gtin: null,
  category,
  categorySlug: category ? category.toLowerCase().replace(/\s+/g, '-') : null,
  imageUrl: null,
  offerCount: 2,
  bestPriceCents,
  currency: 'USD',
  confidence: 0.7,
});

describe('query matches', () => {
  it('orders by lowest price, unpriced products last in their match order', () => {
    const list = [product(1, 'A', 'Laptops', 50_000), product(2, 'A', 'Laptops', null), product(3, 'A', 'Laptops', 20_000), product(4, 'A', 'Laptops', null)];
    expect(byLowestPrice(list).map((p) => p.id)).toEqual([3, 1, 2, 4]);
  });

  it('points at the category most products share, with their brand when there is one', () => {
    expect(browseMore([product(1, 'Dell', 'Laptops'), product(2, 'Dell', 'Laptops'), product(3, 'Dell', 'Monitors')])).toEqual({ to: '/browse/laptops?brand=Dell', label: 'Browse all Dell laptops' });
    expect(browseMore([product(1, 'Dell', 'Laptops'), product(2, 'HP', 'Laptops')])).toEqual({ to: '/browse/laptops', label: 'Browse all laptops' });
    expect(browseMore([product(1, 'Dell', 'Laptops'), product(2, 'HP', 'Monitors'), product(3, 'LG', 'TVs')])).toBeNull();
    expect(browseMore([product(1, 'Dell', null), product(2, 'HP', null)])).toBeNull();
    expect(browseMore([product(1, 'LG', 'TVs'), product(2, 'Sony', 'TVs')])?.label).toBe('Browse all TVs');
  });

  it('keeps the price typed with the words in the browse filter, in the currency units', () => {
    const laptops = [product(1, 'Dell', 'Laptops'), product(2, 'HP', 'Laptops')];
    expect(browseMore(laptops, { minCents: null, maxCents: 99_950, currency: null })?.to).toBe('/browse/laptops?maxPrice=999.5');
    expect(browseMore([product(1, 'Dell', 'Laptops')], { minCents: 50_000, maxCents: 100_000, currency: 'USD' })?.to).toBe('/browse/laptops?brand=Dell&minPrice=500&maxPrice=1000');
  });
});

describe('the cards of products one model number names', () => {
  it('say under each clamped title the colour that tells it from the others, sorted or not', async () => {
    const headphones = [
      { ...product(1, 'Sony', 'Headphones', 34_299), title: 'Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones (Silver)' },
      { ...product(2, 'Sony', 'Headphones', 29_499), title: 'Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones (Midnight Blue)' },
    ];
    renderWithProviders(<QueryMatches query="wh1000 xm5" products={headphones} />);
    const lines = () => [...document.querySelectorAll('.ph-product-card__differences')].map((line) => line.textContent);
    expect(lines()).toEqual(['Silver', 'Midnight Blue']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest price');
    expect(lines()).toEqual(['Midnight Blue', 'Silver']);
  });
});
