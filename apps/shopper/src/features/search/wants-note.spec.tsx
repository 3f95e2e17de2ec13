import { screen } from '@testing-library/react';
import { present, type SearchResult } from '@pricehunt/contracts';
import { searchResult } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { priceRangeText, WantsNote, wantsOf } from './wants-note';

const typed = (query: string, title: string, wants: Partial<Pick<SearchResult, 'priceRange' | 'condition' | 'cheapestFirst'>>) =>
  searchResult({
    input: { url: null, query },
    identifiedBy: 'query',
    source: { ...searchResult().source, offerId: null, retailer: null, title, priceCents: null, url: null, canonicalUrl: null, externalId: null },
    product: null,
    offers: [],
    ...wants,
  });

describe('priceRangeText', () => {
  it('writes an upper bound, a lower bound and both, in the currency given', () => {
    expect(priceRangeText({ minCents: null, maxCents: 10_000, currency: null }, 'USD')).toBe('Priced up to $100');
    expect(priceRangeText({ minCents: 50_000, maxCents: null, currency: 'GBP' }, 'GBP')).toBe('Priced from £500');
    expect(priceRangeText({ minCents: 80_000, maxCents: 150_050, currency: null }, 'EUR')).toBe('Priced €800 – €1,500.50');
  });
});

describe('wantsOf', () => {
  it('names what a typed condition and wish to pay little ask, and what one click undoes', () => {
    expect(wantsOf({ priceRange: null, condition: 'used', cheapestFirst: false })).toEqual({ text: ['Offered used'], undo: 'Show every condition' });
    expect(wantsOf({ priceRange: null, condition: null, cheapestFirst: true })).toEqual({ text: ['Cheapest first'], undo: 'Show best matches first' });
    expect(wantsOf({ priceRange: { minCents: null, maxCents: 1, currency: null }, condition: 'refurbished', cheapestFirst: false })).toEqual({ text: ['Offered refurbished'], undo: 'Search the words alone' });
    expect(wantsOf({ priceRange: null, condition: null, cheapestFirst: false })).toBeNull();
  });
});

describe('WantsNote', () => {
  it('says what the typed price bounds, with a link to the words at any price', () => {
    renderWithProviders(<WantsNote result={typed('headphones under 100', 'headphones', { priceRange: { minCents: null, maxCents: 10_000, currency: null } })} />);
    expect(screen.getByText(/Priced up to \$100/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all prices' })).toHaveAttribute('href', '/search?q=headphones');
  });

  it('says what a typed condition and wish to pay little ask, with a link to the words alone', () => {
    const { container } = renderWithProviders(<WantsNote result={typed('cheap used macbook', 'macbook', { condition: 'used', cheapestFirst: true })} />);
    expect(container.querySelector('.ph-results__wants')?.textContent).toBe('Offered used · Cheapest first · Search the words alone');
    expect(screen.getByRole('link', { name: 'Search the words alone' })).toHaveAttribute('href', '/search?q=macbook');
  });

  it('says whether a product named with a condition is offered in it now', () => {
    const base = searchResult();
    const named = { priceRange: null, condition: 'used' as const, cheapestFirst: false, product: base.product };
    const offer = present(base.offers[0]);
    expect(wantsOf({ ...named, offers: base.offers })?.text).toEqual(['Not offered used now']);
    expect(wantsOf({ ...named, offers: [...base.offers, { ...offer, id: 99, condition: 'used' }] })?.text).toEqual(['Offered used']);
    expect(wantsOf({ ...named, offers: [{ ...offer, id: 99, condition: 'used', availability: 'out_of_stock' }] })?.text).toEqual(['Not offered used now']);
  });

  it('says nothing when the words asked nothing more, or for a pasted link', () => {
    const { container } = renderWithProviders(<WantsNote result={typed('headphones', 'headphones', {})} />);
    expect(container.querySelector('.ph-results__wants')).toBeNull();
    renderWithProviders(<WantsNote result={searchResult()} />);
    expect(screen.queryByText(/Priced/)).not.toBeInTheDocument();
  });
});
