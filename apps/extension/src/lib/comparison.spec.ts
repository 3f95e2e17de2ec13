import { ADDRESSES, answerFor, offerAt, PAGE_URL, STORES } from '../testing';
import { comparisonOf, comparisonUrlOf, extensionRedirectLink, formatMoney } from './comparison';

describe('a comparison read from a search answer', () => {
  it('counts the other stores that sell the product now, picks the cheapest new offer and the API’s saving against the page', () => {
    const comparison = comparisonOf(answerFor(), ADDRESSES, PAGE_URL);
    expect(comparison).toMatchObject({
      productId: 42,
      title: 'Lumetra K7 Mechanical Keyboard',
      // Walmart and Best Buy (used); Amazon is the page's store, Newegg has sold out.
      storeCount: 2,
      best: { store: 'Walmart', totalCents: 10_999, shippingKnown: true },
      pagePriceCents: 12_999,
      savingCents: 2_000,
      comparisonUrl: 'https://pricehunt.test/search/0d5e3c9a-6b1f-4e2a-8c7d-9f0a1b2c3d4e/amazon-com-b0k7lumetr',
    });
    expect(comparison?.offers.map((offer) => [offer.store, offer.totalCents, offer.shippingKnown])).toEqual([
      ['Walmart', 10_999, true],
      ['Best Buy', 11_450, false],
    ]);
  });

  it('sends every store link through the API’s /api/redirect with the extension as the source', () => {
    const comparison = comparisonOf(answerFor(), ADDRESSES, PAGE_URL);
    for (const offer of comparison?.offers ?? []) {
      const link = new URL(offer.link);
      expect(`${link.origin}${link.pathname}`).toBe('https://api.pricehunt.test/api/redirect');
      expect(link.searchParams.get('source')).toBe('extension');
      expect(link.searchParams.get('to')).toMatch(/^https:\/\/www\.(walmart|bestbuy)\.com\//);
    }
    // A signed link keeps its signature; a link that is no redirect is none.
    expect(extensionRedirectLink('http://localhost:3000', '/api/redirect?to=https%3A%2F%2Fshop.test%2Fp&source=product_suggestion&sig=abc')).toBe(
      'http://localhost:3000/api/redirect?to=https%3A%2F%2Fshop.test%2Fp&source=extension&sig=abc',
    );
    expect(extensionRedirectLink('http://localhost:3000', '/api/products/1')).toBeNull();
    expect(extensionRedirectLink('http://localhost:3000', '//evil.example/api/redirect?to=x')).toBeNull();
  });

  it('has no best price when no other store can sell it, and no comparison when the answer names no product', () => {
    const alone = comparisonOf(answerFor([offerAt(STORES.amazon, 12_999, { isSource: true }), offerAt(STORES.newegg, 9_999, { section: 'out_of_stock' })]), ADDRESSES, PAGE_URL);
    expect(alone).toMatchObject({ storeCount: 0, best: null, savingCents: null, offers: [] });
    expect(comparisonOf({ ...answerFor(), product: null, offers: [] }, ADDRESSES, PAGE_URL)).toBeNull();
  });

  it('writes money in the offer’s currency and the site’s comparison address', () => {
    expect(formatMoney(124_950, 'USD')).toBe('$1,249.50');
    expect(formatMoney(999, 'EUR')).toBe('€9.99');
    expect(comparisonUrlOf('http://localhost:4200', 'id-1', 'https://www.walmart.com/ip/Thing/123456')).toBe('http://localhost:4200/search/id-1/walmart-com-123456');
  });
});
