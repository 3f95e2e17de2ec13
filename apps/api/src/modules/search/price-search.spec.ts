import { searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildSearchTestApp, type SearchTestApp } from '../../testing/search-app';

const offer = (externalId: string, title: string, brand: string, priceCents: number, category = 'Electronics > Headphones') =>
  feedOffer({ externalId, url: `https://www.amazon.com/dp/${externalId}`, title, brand, priceCents, category });

const OFFERS = [
  offer('B0PRHP0001', 'Sony WH-CH520 Wireless On-Ear Headphones, Black', 'Sony', 4_900),
  offer('B0PRHP0002', 'JBL Tune 510BT Wireless On-Ear Headphones, Blue', 'JBL', 9_950),
  offer('B0PRHP0003', 'Bose QuietComfort 45 Wireless Noise Cancelling Headphones, Black', 'Bose', 27_900),
  offer('B0PRHP0004', 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Silver', 'Sony', 34_900),
  offer('B0PRTV0055', 'Samsung 55" Class Crystal UHD DU7200 4K Smart TV', 'Samsung', 37_999, 'Electronics > TVs'),
];

describe('search API: a price typed with the words', () => {
  let t: SearchTestApp;
  beforeAll(async () => {
    t = await buildSearchTestApp(OFFERS, 'price search fixtures');
  });
  afterAll(() => t.close());

  const search = (query: string) => t.search(query);
  const titles = (result: SearchResult) => [...(result.product ? [result.product] : []), ...result.matches].map((product) => product.title).sort();

  it('lists the products the other words fit whose best price is within it, and keeps the words typed', async () => {
    const under = await search('headphones under $100');
    expect(under.priceRange).toEqual({ minCents: null, maxCents: 10_000, currency: 'USD' });
    expect(under.input.query).toBe('headphones under $100');
    expect(under.source.title).toBe('headphones');
    expect(titles(under)).toEqual(['JBL Tune 510BT Wireless On-Ear Headphones (Blue)', 'Sony WH-CH520 Wireless On-Ear Headphones (Black)']);
    expect(under.similarProducts.every((product) => (product.bestPriceCents ?? Infinity) <= 10_000)).toBe(true);

    expect(titles(await search('noise cancelling headphones over 300'))).toEqual(['Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Silver)']);
    expect(titles(await search('headphones between 50 and 300'))).toEqual(['Bose QuietComfort 45 Wireless Noise Cancelling Headphones (Black)', 'JBL Tune 510BT Wireless On-Ear Headphones (Blue)']);
  });

  it('answers an empty list when nothing the words fit is priced within it, those nearest it shown, and keeps the answer as stored', async () => {
    const none = await search('headphones under 20');
    expect(none.product).toBeNull();
    expect(none.matches).toEqual([]);
    // The headphones priced nearest it, the cheapest first; no TV under $20 stands in for them.
    expect(none.similarProducts.map((product) => product.title)).toEqual([
      'Sony WH-CH520 Wireless On-Ear Headphones (Black)',
      'JBL Tune 510BT Wireless On-Ear Headphones (Blue)',
      'Bose QuietComfort 45 Wireless Noise Cancelling Headphones (Black)',
      'Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Silver)',
    ]);
    expect((await search('headphones over 400')).similarProducts[0]?.title).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Silver)');
    const stored = await t.app.inject({ method: 'GET', url: `/api/search/${none.requestId}` });
    expect(searchResultSchema.parse(stored.json()).priceRange).toEqual({ minCents: null, maxCents: 2_000, currency: null });
  });

  it('reads sizes, model names and a price typed alone as words', async () => {
    for (const words of ['samsung tv under 55 inches', 'headphones under 30w', 'under 100']) expect((await search(words)).priceRange).toBeNull();
  });
});
