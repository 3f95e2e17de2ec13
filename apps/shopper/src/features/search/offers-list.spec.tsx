import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchOffer } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { NO_OFFER_FILTERS, OffersList, offerFiltersOf, offersOrderText, shownCount, visibleOffers } from './offers-list';
import { present, type SearchOffer } from '@pricehunt/contracts';

// In the API's order: the new offer one can buy, the second-hand ones, then the sold-out one.
const OFFERS = [
  searchOffer({ id: 3, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 28_000, isBestPrice: true }),
  searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 20_000, condition: 'refurbished' }),
  searchOffer({ id: 4, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000, condition: 'used', isSource: true }),
  searchOffer({ id: 2, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 25_000, availability: 'out_of_stock' }),
];
const none = NO_OFFER_FILTERS;

const shown = () =>
  within(screen.getByRole('list', { name: 'Offers, cheapest first' }))
    .getAllByRole('listitem')
    .map((item) => [within(item).getByRole('link').textContent, within(item).queryByText('Best price') ? 'best' : ''].join(' ').trim());

describe('offers list filters', () => {
  it('says the order the offers are in: the sections that follow the new ones shown', () => {
    const bundle = searchOffer({ id: 5, retailer: { id: 'target', name: 'Target' }, priceCents: 21_000, isBundle: true });
    expect(offersOrderText(OFFERS, none)).toBe('new first, cheapest total first; then used and refurbished and out of stock');
    expect(offersOrderText([...OFFERS.slice(0, 3), bundle], { ...none, includeUsed: true })).toBe('new first, cheapest total first; then used and refurbished and bundles');
    expect(offersOrderText(OFFERS, { ...none, inStockOnly: true })).toBe('new first, cheapest total first; then used and refurbished');
    expect(offersOrderText(OFFERS.slice(0, 1), none)).toBe('cheapest total first');
    // The best price's order, said where it puts a dearer offer first; a pre-order dearer than the rest changes nothing.
    const dearPreorder = searchOffer({ id: 8, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 39_000, availability: 'preorder' });
    expect(offersOrderText([OFFERS[0] as SearchOffer, dearPreorder], none)).toBe('cheapest total first');
    const backorder = searchOffer({ id: 6, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 27_000, availability: 'backorder' });
    const unlisted = searchOffer({ id: 7, retailer: { id: 'target', name: 'Target' }, priceCents: 26_000, shippingCents: null });
    expect(offersOrderText([OFFERS[0] as SearchOffer, backorder], none)).toBe('in stock first, then cheapest total');
    expect(offersOrderText([OFFERS[0] as SearchOffer, unlisted, backorder, OFFERS[3] as SearchOffer], none)).toBe(
      'new first, in stock and shipping listed first, then cheapest total; then out of stock',
    );
    // An unlisted shipping cost in stock above a dearer stated one to order: cheapest first as it stands, nothing to say.
    const dearBackorder = searchOffer({ id: 9, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 35_000, availability: 'backorder' });
    const cheapUnlisted = searchOffer({ id: 10, retailer: { id: 'target', name: 'Target' }, priceCents: 30_000, shippingCents: null });
    expect(offersOrderText([cheapUnlisted, dearBackorder], none)).toBe('cheapest total first');
  });

  it('counts the offers shown in words that fit one offer ("1 offer shown", not "All 1 offers shown")', () => {
    expect(shownCount(1, 1)).toBe('1 offer shown');
    expect(shownCount(0, 1)).toBe('0 of 1 offer shown');
    expect(shownCount(3, 4)).toBe('3 of 4 offers shown');
    expect(shownCount(4, 4)).toBe('All 4 offers shown');
  });

  it('hides used and refurbished offers unless asked for, sold-out ones on request, and always keeps the pasted one, in the API’s order', () => {
    expect(visibleOffers(OFFERS, none).map((o) => o.id)).toEqual([3, 4, 2]);
    expect(visibleOffers(OFFERS, { ...none, includeUsed: true }).map((o) => o.id)).toEqual([3, 1, 4, 2]);
    expect(visibleOffers(OFFERS, { ...none, inStockOnly: true }).map((o) => o.id)).toEqual([3, 4]);
    const bundle = searchOffer({ id: 5, retailer: { id: 'target', name: 'Target' }, priceCents: 21_000, isBundle: true });
    // A bundle is no used offer: it stays, in its own section.
    expect(visibleOffers([...OFFERS, bundle], none).map((o) => o.id)).toEqual([3, 4, 2, 5]);
  });

  it('shows the API’s best price mark, each section under its name, the condition beside the price, and filters on request', async () => {
    renderWithProviders(<OffersList offers={OFFERS} productName="Sony WH-1000XM5" layout="full" />);
    expect(shown()).toEqual(['Go to Best Buy best', 'Go to Amazon', 'Go to Walmart']);
    expect(screen.getByText('Used and refurbished')).toBeInTheDocument();
    expect(screen.getByText('Not available now')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(items[1]?.querySelector('.ph-offer__price')).toHaveTextContent('$300.00Used');
    expect(items[0]?.querySelector('.ph-offer__price')).toHaveTextContent(/^\$280\.00$/);
    expect(within(screen.getByRole('group', { name: 'Filter offers' })).getByRole('status')).toHaveTextContent('3 of 4 offers shown');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished (2)' }));
    expect(shown()).toEqual(['Go to Best Buy best', 'Go to eBay', 'Go to Amazon', 'Go to Walmart']);
    const after = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(after[1]?.querySelector('.ph-offer__price')).toHaveTextContent('$200.00Refurbished');
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(shown()).toEqual(['Go to Best Buy best', 'Go to eBay', 'Go to Amazon']);
  });

  it('keeps the offers that ship free or are a store’s on request, and reads the filters from an address', async () => {
    const offers = [
      searchOffer({ id: 3, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 28_000, shippingCents: 0, isBestPrice: true }),
      searchOffer({ id: 5, retailer: { id: 'newegg', name: 'Newegg' }, priceCents: 28_500, shippingCents: null }),
      searchOffer({ id: 6, retailer: { id: 'target', name: 'Target' }, priceCents: 29_000, shippingCents: 599 }),
    ];
    expect(visibleOffers(offers, { ...none, freeShippingOnly: true }).map((o) => o.id)).toEqual([3]);
    expect(visibleOffers(offers, { ...none, store: 'target' }).map((o) => o.id)).toEqual([6]);
    expect(offerFiltersOf(new URLSearchParams('used=1&freeShipping=1&store=target'))).toEqual({ includeUsed: true, inStockOnly: false, freeShippingOnly: true, store: 'target' });
    expect(offerFiltersOf(new URLSearchParams('inStock=true'))).toEqual({ ...none, inStockOnly: true });

    renderWithProviders(<OffersList offers={offers} productName="Sony WH-1000XM5" layout="full" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Free shipping' }));
    expect(shown()).toEqual(['Go to Best Buy best']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Free shipping' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'newegg');
    expect(shown()).toEqual(['Go to Newegg']);
  });

  it('shows the savings the API tells, and "+ shipping" for an offer whose shipping is unknown', () => {
    const pasted = [
      searchOffer({ id: 2, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 28_000, savingsCents: 2_000, isBestPrice: true }),
      searchOffer({ id: 3, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000, savingsCents: 0, isSource: true }),
      searchOffer({ id: 5, retailer: { id: 'newegg', name: 'Newegg' }, priceCents: 30_500, shippingCents: null }),
      searchOffer({ id: 4, retailer: { id: 'target', name: 'Target' }, priceCents: 25_000, isBundle: true }),
      searchOffer({ id: 1, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 19_000, availability: 'out_of_stock' }),
    ];
    renderWithProviders(<OffersList offers={pasted} productName="Sony WH-1000XM5" layout="full" />);
    expect(screen.getAllByText(/vs\. your link/).map((text) => text.textContent)).toEqual(['Save $20.00 vs. your link']);
    expect(screen.getByText('Bundle')).toBeInTheDocument();
    expect(screen.getByText('Bundles and multipacks')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(items[2]?.querySelector('.ph-offer__price')).toHaveTextContent('$305.00+ shipping');
  });

  it('offers no filter when every offer is new and in stock', () => {
    renderWithProviders(<OffersList offers={OFFERS.slice(0, 1)} productName="Sony WH-1000XM5" layout="compact" />);
    expect(screen.queryByRole('group', { name: 'Filter offers' })).not.toBeInTheDocument();
  });

  it('marks the offers the API says are at the lowest price of 90 days', () => {
    const offers = [
      searchOffer({ id: 1, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 24_000, isBestPrice: true, lowestIn90Days: true }),
      searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 31_000 }),
    ];
    renderWithProviders(<OffersList offers={offers} productName="Sony WH-1000XM5" layout="full" />);
    const [walmart, amazon] = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(within(present(walmart)).getByText('Lowest price in 90 days')).toHaveAttribute('title', 'Its best price has not been lower in the last 90 days');
    expect(within(present(amazon)).queryByText('Lowest price in 90 days')).not.toBeInTheDocument();
  });
});
