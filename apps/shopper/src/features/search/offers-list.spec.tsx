import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchOffer } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OffersList, visibleOffers } from './offers-list';

const OFFERS = [
  searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 20_000, condition: 'refurbished', isBestPrice: true }),
  searchOffer({ id: 2, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 25_000, availability: 'out_of_stock' }),
  searchOffer({ id: 3, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 28_000 }),
  searchOffer({ id: 4, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000, condition: 'used', isSource: true }),
];

const shown = () =>
  within(screen.getByRole('list', { name: 'Offers, cheapest first' }))
    .getAllByRole('listitem')
    .map((item) => [within(item).getByRole('link').textContent, within(item).queryByText('Best price') ? 'best' : ''].join(' ').trim());

describe('offers list filters', () => {
  it('keeps only new offers, or only those in stock, and always the pasted one', () => {
    expect(visibleOffers(OFFERS, { newOnly: true, inStockOnly: false }).map((o) => o.id)).toEqual([2, 3, 4]);
    expect(visibleOffers(OFFERS, { newOnly: false, inStockOnly: true }).map((o) => o.id)).toEqual([1, 3, 4]);
    expect(visibleOffers(OFFERS, { newOnly: true, inStockOnly: true }).map((o) => o.id)).toEqual([3, 4]);
    expect(visibleOffers([...OFFERS].reverse(), { newOnly: false, inStockOnly: false }).map((o) => o.id)).toEqual([1, 2, 3, 4]);
  });

  it('filters the list on request and moves the best-price mark to the cheapest offer shown that one can buy', async () => {
    renderWithProviders(<OffersList offers={OFFERS} productName="Sony WH-1000XM5" layout="full" />);
    expect(shown()).toEqual(['Go to eBay best', 'Go to Walmart', 'Go to Best Buy', 'Go to Amazon']);
    expect(within(screen.getByRole('group', { name: 'Filter offers' })).getByRole('status')).toHaveTextContent('All 4 offers shown');

    await userEvent.click(screen.getByRole('checkbox', { name: 'New only' }));
    // Walmart's is the cheapest new offer, but sold out: the best price is one can buy.
    expect(shown()).toEqual(['Go to Walmart', 'Go to Best Buy best', 'Go to Amazon']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(shown()).toEqual(['Go to Best Buy best', 'Go to Amazon']);
    expect(within(screen.getByRole('group', { name: 'Filter offers' })).getByRole('status')).toHaveTextContent('2 of 4 offers shown');

    await userEvent.click(screen.getByRole('checkbox', { name: 'New only' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(shown()).toEqual(['Go to eBay best', 'Go to Walmart', 'Go to Best Buy', 'Go to Amazon']);
  });

  it('keeps a pasted offer the filters leave out as the reference, without the best-price mark', async () => {
    const pasted = [
      searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 20_000, condition: 'refurbished', isBestPrice: true, isSource: true }),
      searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000 }),
    ];
    renderWithProviders(<OffersList offers={pasted} productName="Sony WH-1000XM5" layout="full" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'New only' }));
    expect(shown()).toEqual(['Go to eBay', 'Go to Amazon best']);
  });

  it('offers no filter when every offer is new and in stock', () => {
    renderWithProviders(<OffersList offers={OFFERS.slice(2, 3)} productName="Sony WH-1000XM5" layout="compact" />);
    expect(screen.queryByRole('group', { name: 'Filter offers' })).not.toBeInTheDocument();
  });

  it('marks the offers the API says are at the lowest price of 90 days', () => {
    const offers = [
      searchOffer({ id: 1, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 24_000, isBestPrice: true, lowestIn90Days: true }),
      searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 31_000 }),
    ];
    renderWithProviders(<OffersList offers={offers} productName="Sony WH-1000XM5" layout="full" />);
    const [walmart, amazon] = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(within(walmart!).getByText('Lowest price in 90 days')).toHaveAttribute('title', 'Its best price has not been lower in the last 90 days');
    expect(within(amazon!).queryByText('Lowest price in 90 days')).not.toBeInTheDocument();
  });
});
