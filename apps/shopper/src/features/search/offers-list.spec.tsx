import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchOffer } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OffersList, offersOrderText, visibleOffers } from './offers-list';

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
  it('says the order the offers are in: new ones of the product alone first while used, refurbished or bundled ones are among them', () => {
    const none = { includeUsed: false };
    const bundle = searchOffer({ id: 5, retailer: { id: 'target', name: 'Target' }, priceCents: 21_000, isBundle: true });
    expect(offersOrderText(OFFERS, none)).toBe('new first, cheapest total first; then used and refurbished');
    expect(offersOrderText([...OFFERS, bundle], none)).toBe('new first, cheapest total first; then used, refurbished and bundles');
    expect(offersOrderText([...OFFERS, bundle], { includeUsed: true })).toBe('cheapest total first; then bundles');
    expect(offersOrderText(OFFERS, { includeUsed: true })).toBe('cheapest total first');
    expect(offersOrderText(OFFERS.slice(1, 3), none)).toBe('cheapest total first');
  });

  it('ranks new offers of the product alone first, unless used and refurbished ones are included; keeps only those in stock on request, and always the pasted one', () => {
    const none = { includeUsed: false, inStockOnly: false };
    expect(visibleOffers(OFFERS, none).map((o) => o.id)).toEqual([2, 3, 1, 4]);
    expect(visibleOffers(OFFERS, { ...none, includeUsed: true }).map((o) => o.id)).toEqual([1, 2, 3, 4]);
    expect(visibleOffers(OFFERS, { ...none, inStockOnly: true }).map((o) => o.id)).toEqual([3, 1, 4]);
    expect(visibleOffers([...OFFERS].reverse(), { includeUsed: true, inStockOnly: true }).map((o) => o.id)).toEqual([1, 3, 4]);
    const bundle = searchOffer({ id: 5, retailer: { id: 'target', name: 'Target' }, priceCents: 21_000, isBundle: true });
    // A bundle is no used offer: it stays apart either way.
    expect(visibleOffers([...OFFERS, bundle], { ...none, includeUsed: true }).map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks the cheapest new offer one can buy as best price, shows the condition beside the price, and re-ranks on request', async () => {
    renderWithProviders(<OffersList offers={OFFERS} productName="Sony WH-1000XM5" layout="full" />);
    // Walmart's is the cheapest new offer, but sold out: the best price is one can buy, and new.
    expect(shown()).toEqual(['Go to Walmart', 'Go to Best Buy best', 'Go to eBay', 'Go to Amazon']);
    const items = within(screen.getByRole('list', { name: 'Offers, cheapest first' })).getAllByRole('listitem');
    expect(items[2]?.querySelector('.ph-offer__price')).toHaveTextContent('$200.00Refurbished');
    expect(items[3]?.querySelector('.ph-offer__price')).toHaveTextContent('$300.00Used');
    expect(items[1]?.querySelector('.ph-offer__price')).toHaveTextContent(/^\$280\.00$/);
    expect(within(screen.getByRole('group', { name: 'Filter offers' })).getByRole('status')).toHaveTextContent('All 4 offers shown');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished' }));
    expect(shown()).toEqual(['Go to eBay best', 'Go to Walmart', 'Go to Best Buy', 'Go to Amazon']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(shown()).toEqual(['Go to eBay best', 'Go to Best Buy', 'Go to Amazon']);
    expect(within(screen.getByRole('group', { name: 'Filter offers' })).getByRole('status')).toHaveTextContent('3 of 4 offers shown');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(shown()).toEqual(['Go to Walmart', 'Go to Best Buy best', 'Go to eBay', 'Go to Amazon']);
  });

  it('tells the saving of a used or refurbished offer against a pasted new one only once the shopper includes them', async () => {
    const pasted = [
      searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 20_000, condition: 'refurbished' }),
      searchOffer({ id: 2, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 28_000, savingsCents: 2_000, isBestPrice: true }),
      searchOffer({ id: 3, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000, savingsCents: 0, isSource: true }),
      searchOffer({ id: 4, retailer: { id: 'target', name: 'Target' }, priceCents: 25_000, isBundle: true }),
    ];
    renderWithProviders(<OffersList offers={pasted} productName="Sony WH-1000XM5" layout="full" sourceTotalCents={30_000} />);
    expect(shown()).toEqual(['Go to Best Buy best', 'Go to Amazon', 'Go to eBay', 'Go to Target']);
    expect(screen.getAllByText(/vs\. your link/).map((text) => text.textContent)).toEqual(['Save $20.00 vs. your link']);
    expect(screen.getByText('Bundle')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used and refurbished' }));
    expect(shown()).toEqual(['Go to eBay best', 'Go to Best Buy', 'Go to Amazon', 'Go to Target']);
    // The bundle stays apart: no saving against the product alone.
    expect(screen.getAllByText(/vs\. your link/).map((text) => text.textContent)).toEqual(['Save $100.00 vs. your link', 'Save $20.00 vs. your link']);
  });

  it('keeps a pasted offer the filters leave out as the reference, without the best-price mark', async () => {
    const pasted = [
      searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 20_000, availability: 'out_of_stock', isSource: true }),
      searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 30_000 }),
    ];
    renderWithProviders(<OffersList offers={pasted} productName="Sony WH-1000XM5" layout="full" />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
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
