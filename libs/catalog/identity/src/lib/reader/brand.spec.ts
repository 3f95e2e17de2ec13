import { extractProductIdentity } from '../page-identity';

const page = (jsonLd: object, body = '') =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', offers: { '@type': 'Offer', price: '99.00', priceCurrency: 'USD' }, ...jsonLd })}</script></head><body>${body}</body></html>`;
const brandOf = (html: string, url: string) => extractProductIdentity(html, { url })?.brand ?? null;

describe('the brand a page names', () => {
  it('leaves out a country or region set after the maker’s name', () => {
    expect(brandOf(page({ name: 'Crusher ANC 2', brand: { '@type': 'Brand', name: 'Skullcandy US' } }), 'https://www.example-audio.com/p/crusher')).toBe('Skullcandy');
    expect(brandOf(page({ name: 'Infraphil lamp', brand: 'Philips, Netherlands' }), 'https://www.example-vintage.co.uk/p/lamp')).toBe('Philips');
    expect(brandOf(page({ name: 'Dinner plate', brand: 'Certified International' }), 'https://www.example-home.com/p/plate')).toBe('Certified International');
    // A lower-case word is part of the name, and a region alone is all the brand there is.
    expect(brandOf(page({ name: 'Mug', brand: 'Made for us' }), 'https://www.example-home.com/p/mug')).toBe('Made for us');
    expect(brandOf(page({ name: 'Mug', brand: 'Canada' }), 'https://www.example-home.com/p/mug')).toBe('Canada');
  });
});
