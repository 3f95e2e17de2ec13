import { randomUUID } from 'node:crypto';
import { searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '../../testing/offers';

/** Typed words that fit several products list first those with a listing that holds the words as typed. */
describe('search API: typed words as a phrase', () => {
  const OFFERS = [
    offer({ externalId: '9101001', url: 'https://www.walmart.com/ip/x/9101001', title: 'Adobe Creative Suite CS3 Premium Print Design Web Tools for Windows', brand: 'Adobe', priceCents: 99_999, category: 'Software' }),
    offer({ externalId: '9101002', url: 'https://www.walmart.com/ip/x/9101002', title: 'Adobe Creative Suite CS3 Web Standard', brand: 'Adobe', priceCents: 79_999, category: 'Software' }),
    offer({ externalId: '9101003', url: 'https://www.walmart.com/ip/x/9101003', title: 'Adobe Creative Suite CS3 Master Collection with Web Tools', brand: 'Adobe', priceCents: 249_999, category: 'Software' }),
  ];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(OFFERS, { format: 'gmc', source: 'phrase fixtures' });
  });
  afterAll(() => t.close());

  const search = async (query: string): Promise<SearchResult> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), query } });
    expect(res.statusCode).toBe(200);
    return searchResultSchema.parse(res.json());
  };

  it('lists the product whose listing holds the words in their order first', async () => {
    const result = await search('adobe creative suite cs3 web');
    const listed = [result.product, ...result.matches].filter((entry) => entry !== null).map((entry) => entry.title);
    expect(listed[0]).toBe('Adobe Creative Suite CS3 Web Standard');
  });
});
