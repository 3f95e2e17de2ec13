import type { MatchedProduct } from '@pricehunt/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers';
import { browseMore, byLowestPrice, listHint, QueryMatches } from './query-matches';

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
    const priced = (priceRange: { minCents: number | null; maxCents: number | null; currency: string | null }) => ({ priceRange, condition: null, cheapestFirst: false });
    expect(browseMore(laptops, priced({ minCents: null, maxCents: 99_950, currency: null }))?.to).toBe('/browse/laptops?maxPrice=999.5');
    expect(browseMore([product(1, 'Dell', 'Laptops')], priced({ minCents: 50_000, maxCents: 100_000, currency: 'USD' }))?.to).toBe('/browse/laptops?brand=Dell&minPrice=500&maxPrice=1000');
  });

  it('keeps the condition typed with the words in the browse filter, and the cheapest first when asked', () => {
    const laptops = [product(1, 'Dell', 'Laptops'), product(2, 'HP', 'Laptops')];
    expect(browseMore(laptops, { priceRange: null, condition: 'refurbished', cheapestFirst: true })).toEqual({
      to: '/browse/laptops?condition=refurbished&sort=price_asc',
      label: 'Browse all refurbished laptops',
    });
  });
});

describe('the list of products typed words fit', () => {
  it('comes cheapest first when the words asked to pay little, and says what a typed condition and price kept', () => {
    const laptops = [product(1, 'Dell', 'Laptops', 89_900), product(2, 'HP', 'Laptops', 45_000)];
    renderWithProviders(<QueryMatches query="laptop" products={laptops} wants={{ priceRange: null, condition: 'used', cheapestFirst: true }} />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    expect([...document.querySelectorAll('.ph-product-card__title')].map((title) => title.textContent)).toEqual(['Product 2', 'Product 1']);
    expect(listHint({ priceRange: null, condition: 'used', cheapestFirst: true })).toBe('Of the products your words fit, these are offered used.');
    expect(listHint({ priceRange: { minCents: null, maxCents: 50_000, currency: null }, condition: 'refurbished', cheapestFirst: false })).toBe(
      'Of the products your words fit, these are offered refurbished and within your price.',
    );
    expect(listHint({ priceRange: null, condition: null, cheapestFirst: true })).toBe('Your words fit more than one product.');
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
