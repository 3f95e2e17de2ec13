import { screen } from '@testing-library/react';
import { searchResult } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PriceRangeNote, priceRangeText } from './price-range-note';

const typed = (query: string, title: string, priceRange: { minCents: number | null; maxCents: number | null; currency: string | null } | null) =>
  searchResult({
    input: { url: null, query },
    identifiedBy: 'query',
    source: { ...searchResult().source, offerId: null, retailer: null, title, priceCents: null, url: null, canonicalUrl: null, externalId: null },
    product: null,
    offers: [],
    priceRange,
  });

describe('priceRangeText', () => {
  it('writes an upper bound, a lower bound and both, in the currency given', () => {
    expect(priceRangeText({ minCents: null, maxCents: 10_000, currency: null }, 'USD')).toBe('Priced up to $100');
    expect(priceRangeText({ minCents: 50_000, maxCents: null, currency: 'GBP' }, 'GBP')).toBe('Priced from £500');
    expect(priceRangeText({ minCents: 80_000, maxCents: 150_050, currency: null }, 'EUR')).toBe('Priced €800 – €1,500.50');
  });
});

describe('PriceRangeNote', () => {
  it('says what the typed price bounds, with a link to the words at any price', () => {
    renderWithProviders(<PriceRangeNote result={typed('headphones under 100', 'headphones', { minCents: null, maxCents: 10_000, currency: null })} />);
    expect(screen.getByText(/Priced up to \$100/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all prices' })).toHaveAttribute('href', '/search?q=headphones');
  });

  it('says nothing when no price was typed, or for a pasted link', () => {
    const { container } = renderWithProviders(<PriceRangeNote result={typed('headphones', 'headphones', null)} />);
    expect(container.querySelector('.ph-results__price-range')).toBeNull();
    renderWithProviders(<PriceRangeNote result={searchResult()} />);
    expect(screen.queryByText(/Priced/)).not.toBeInTheDocument();
  });
});
