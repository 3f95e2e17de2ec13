import { searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildSearchTestApp, type SearchTestApp } from '../../testing/search-app';

type Extra = Partial<Parameters<typeof feedOffer>[0]>;
const at = (host: string, externalId: string, title: string, priceCents: number, extra: Extra = {}) =>
  feedOffer({ externalId, url: `https://www.${host}/dp/${externalId}`, title, brand: title.replace(/^(Used|Renewed) /, '').split(' ')[0], priceCents, category: 'Electronics > Headphones', ...extra });

const OFFERS = [
  at('amazon.com', 'B0SHHP0001', 'Sony WH-CH520 Wireless On-Ear Headphones, Black', 4_900),
  at('amazon.com', 'B0SHHP0002', 'JBL Tune 510BT Wireless On-Ear Headphones, Blue', 9_950),
  at('amazon.com', 'B0SHHP0003', 'Bose QuietComfort 45 Wireless Noise Cancelling Headphones, Black', 27_900),
  at('amazon.com', 'B0SHHP0004', 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Silver', 34_900),
  at('bestbuy.com', 'BB0SHHP004', 'Used Sony WH-1000XM5 Wireless Noise Cancelling Headphones Silver', 22_900, { condition: 'used' }),
  at('bestbuy.com', 'BB0SHHP003', 'Renewed Bose QuietComfort 45 Wireless Noise Cancelling Headphones Black', 18_900, { condition: 'refurbished' }),
  at('bestbuy.com', 'BB0SHHP002', 'Used JBL Tune 510BT Wireless On-Ear Headphones Blue', 4_000, { condition: 'used', availability: 'out_of_stock' }),
];

describe('search API: a condition and a wish to pay little typed with the words', () => {
  let t: SearchTestApp;
  beforeAll(async () => {
    t = await buildSearchTestApp(OFFERS, 'shopping search fixtures');
  });
  afterAll(() => t.close());

  const search = (query: string) => t.search(query);
  const titles = (result: SearchResult) => [...(result.product ? [result.product] : []), ...result.matches].map((product) => product.title);

  it('lists only the products a shop offers in the condition typed, not out of stock, and keeps the words typed', async () => {
    const used = await search('used headphones');
    expect(used.condition).toBe('used');
    expect(used.input.query).toBe('used headphones');
    expect(used.source.title).toBe('headphones');
    expect(titles(used)).toEqual([expect.stringMatching(/^Sony WH-1000XM5/)]);
    // At its price used, and said to be so.
    expect(used.matches.map((product) => [product.bestPriceCents, product.bestPriceCondition])).toEqual([[22_900, 'used']]);
    expect(used.similarProducts).toEqual([]);
    const refurbished = await search('refurbished wireless headphones');
    expect(refurbished.condition).toBe('refurbished');
    expect(titles(refurbished)).toEqual([expect.stringMatching(/Bose QuietComfort 45/)]);
    // A price typed with a condition bounds the price in that condition: the Bose is $279 new, $189 renewed.
    expect(titles(await search('refurbished headphones under 200'))).toEqual([expect.stringMatching(/Bose QuietComfort 45/)]);
    // The answer is kept as it was given.
    const stored = await t.app.inject({ method: 'GET', url: `/api/search/${used.requestId}` });
    expect(searchResultSchema.parse(stored.json()).condition).toBe('used');
  });

  it('lists the products the words fit cheapest first when they ask to pay little', async () => {
    const cheap = await search('cheap wireless headphones');
    expect(cheap.cheapestFirst).toBe(true);
    expect(cheap.condition).toBeNull();
    expect(cheap.matches.length).toBeGreaterThanOrEqual(4);
    const prices = cheap.matches.map((product) => product.bestPriceCents ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await search('wireless headphones')).cheapestFirst).toBe(false);
  });

  it('reads no condition in a listing description, and searches a condition alone as typed', async () => {
    const verb = await search('headphones used with a phone');
    expect(verb.condition).toBeNull();
    const alone = await search('refurbished');
    expect(alone.condition).toBeNull();
    expect(alone.source.title).toBe('refurbished');
  });
});
