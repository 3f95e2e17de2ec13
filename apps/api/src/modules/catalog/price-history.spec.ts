import { randomUUID } from 'node:crypto';
import { present, DAY_MS, dealsResponseSchema, productDetailResponseSchema, searchResultSchema } from '@pricehunt/contracts';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';
import { row, run } from '../../testing/db';

/**
 * What shoppers see of prices over time, on a history imported feed by feed with the import's clock set to past days:
 * the product page's figures per range and its "lowest price in 90 days" marks, search answers' marks, and deals.
 */
describe('price history, lowest prices and deals', () => {
  let t: TestApp;
  const started = Date.now();
  const daysAgo = (days: number) => new Date(started - days * DAY_MS).toISOString();

  const TV = { title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', category: 'Electronics > TVs' };
  const tv1 = (priceCents: number) => offer({ ...TV, externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', priceCents });
  const tv2 = (priceCents: number) =>
    offer({ ...TV, externalId: '6535495', url: 'https://www.bestbuy.com/site/lg-55-oled/6535495.p', title: 'LG - 55" Class C3 Series OLED evo 4K UHD Smart webOS TV OLED55C3PUA', priceCents });
  const headphones = (priceCents: number) =>
    offer({ externalId: 'HP1', url: 'https://www.walmart.com/ip/Sony-WH-1000XM5/11111111', title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones', brand: 'Sony', mpn: 'WH-1000XM5', category: 'Electronics > Audio > Headphones', priceCents });
  const mixer = (priceCents: number, availability: FeedOffer['availability'] = 'in_stock') =>
    offer({ externalId: 'K1', url: 'https://www.amazon.com/dp/B00005UP2P', title: 'KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', brand: 'KitchenAid', mpn: 'KSM150PSER', category: 'Home > Kitchen', priceCents, availability });
  const young = (priceCents: number) =>
    offer({ externalId: 'TV3', url: 'https://www.amazon.com/dp/B0C1J2H8XQ', title: 'Samsung QN65Q80C 65 inch QLED 4K TV', brand: 'Samsung', mpn: 'QN65Q80CAFXZA', category: 'Electronics > TVs', priceCents });

  const productOf = async (retailer: string, externalId: string) => present(present(await t.app.storage.catalog.findOfferByExternalId(retailer, externalId)).productId);
  const detail = async (id: number) => productDetailResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json());
  const deals = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/deals${query}` });
    expect(res.statusCode).toBe(200);
    return dealsResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp({ PRICE_ALERT_CHECK_MINUTES: '0' });
    const feeds: Array<[number, FeedOffer[]]> = [
      [400, [tv2(160_000)]],
      [200, [tv1(150_000), tv2(155_000)]],
      [150, [mixer(40_000)]],
      [120, [headphones(30_000)]],
      [100, [tv1(140_000)]],
      [60, [headphones(32_000)]],
      [45, [tv2(135_000)]],
      [20, [tv1(145_000)]],
      [10, [young(100_000)]],
      [0, [tv1(110_000), headphones(24_000), mixer(30_000, 'out_of_stock'), young(50_000)]],
    ];
    for (const [days, offers] of feeds) {
      const summary = await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source: `feed of ${days} days ago`, now: () => daysAgo(days) });
      expect(summary).toMatchObject({ status: 'succeeded', skipped: 0 });
    }
    await t.app.catalog.priceSummaries.refresh();
  });
  afterAll(async () => t.close());

  it('answers a product with a year of price history, the figures of each range and its offer at the lowest price in 90 days', async () => {
    const tv = await productOf('amazon', 'TV1');
    expect(await productOf('bestbuy', '6535495')).toBe(tv);
    const body = await detail(tv);
    expect(body.priceSummaries).toEqual([
      { days: 30, lowCents: 110_000, highCents: 135_000, typicalCents: 135_000, since: expect.any(String) },
      { days: 90, lowCents: 110_000, highCents: 140_000, typicalCents: 135_000, since: expect.any(String) },
      { days: 365, lowCents: 110_000, highCents: 160_000, typicalCents: 150_000, since: expect.any(String) },
    ]);
    // Each range's figures begin with it (the history is older than all of them).
    for (const summary of body.priceSummaries) expect(Date.parse(summary.since)).toBeCloseTo(started - summary.days * DAY_MS, -6);
    // Best Buy's price of 400 days ago is its price when the year begins; nothing older comes.
    expect(body.priceHistory.map((point) => [point.retailerId, point.priceCents])).toEqual([
      ['bestbuy', 160_000],
      ['amazon', 150_000],
      ['bestbuy', 155_000],
      ['amazon', 140_000],
      ['bestbuy', 135_000],
      ['amazon', 145_000],
      ['amazon', 110_000],
    ]);
    expect(body.priceHistory[0]?.recordedAt).toBe(daysAgo(400));
    expect(body.offers.map((o) => [o.retailer.id, o.totalCents, o.lowestIn90Days])).toEqual([
      ['amazon', 110_000, true],
      ['bestbuy', 135_000, false],
    ]);
  });

  it('marks no offer of a product with less than 30 days of history, nor one whose only offer is out of stock', async () => {
    const youngTv = await detail(await productOf('amazon', 'TV3'));
    expect(youngTv.offers.map((o) => o.lowestIn90Days)).toEqual([false]);
    expect(youngTv.priceSummaries.map((summary) => [summary.days, summary.lowCents, summary.highCents])).toEqual([
      [30, 50_000, 100_000],
      [90, 50_000, 100_000],
      [365, 50_000, 100_000],
    ]);
    expect(youngTv.priceSummaries[0]?.since).toBe(daysAgo(10));
    expect((await detail(await productOf('amazon', 'K1'))).offers.map((o) => [o.availability, o.lowestIn90Days])).toEqual([['out_of_stock', false]]);
  });

  it('marks the offer in a search answer too; a stored answer from before the mark reads it as false', async () => {
    const requestId = randomUUID();
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId, url: 'https://www.bestbuy.com/site/lg-55-oled/6535495.p' } });
    const answer = searchResultSchema.parse(res.json());
    expect(answer.offers.map((o) => [o.retailer.id, o.lowestIn90Days, o.isBestPrice])).toEqual([
      ['amazon', true, true],
      ['bestbuy', false, false],
    ]);
    const stored = present(await row<{ json: string | object }>(t.app, 'SELECT result_json AS json FROM search_requests WHERE request_id = ?', [requestId]), 'the stored search');
    const result = (typeof stored.json === 'string' ? JSON.parse(stored.json) : stored.json) as { offers: Array<Record<string, unknown>> };
    for (const each of result.offers) delete each.lowestIn90Days;
    await run(t.app, 'UPDATE search_requests SET result_json = ? WHERE request_id = ?', [JSON.stringify(result), requestId]);
    const again = await t.app.inject({ method: 'GET', url: `/api/search/${requestId}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().offers.map((o: { lowestIn90Days: boolean }) => o.lowestIn90Days)).toEqual([false, false]);
  });

  it('lists deals: the biggest drop under the typical price first, in stock, with 30 days of history, and the categories that have them', async () => {
    const tv = await productOf('amazon', 'TV1');
    const hp = await productOf('walmart', 'HP1');
    const all = await deals();
    expect(all.items.map((deal) => [deal.product.id, deal.retailer.name, deal.priceCents, deal.typicalCents, deal.dropCents, deal.dropPercent])).toEqual([
      [hp, 'Walmart', 24_000, 32_000, 8_000, 25],
      [tv, 'Amazon', 110_000, 135_000, 25_000, 18.5],
    ]);
    expect(all.items[0]).toMatchObject({ currency: 'USD', product: { title: expect.stringContaining('WH-1000XM5'), categorySlug: 'headphones', bestPriceCents: 24_000 } });
    // Its history is older than the 90 days its typical price comes from: it is said to begin with them.
    expect(Date.parse(present(all.items[0]).historySince)).toBeCloseTo(started - 90 * DAY_MS, -6);
    expect(all.categories).toEqual([
      { name: 'Headphones', slug: 'headphones', count: 1 },
      { name: 'TVs', slug: 'tvs', count: 1 },
    ]);
    expect(all).toMatchObject({ category: null, nextCursor: null });

    const tvs = await deals('?category=tvs');
    expect(tvs.items.map((deal) => deal.product.id)).toEqual([tv]);
    expect(tvs).toMatchObject({ category: 'tvs', categories: all.categories });
    expect((await deals('?category=kitchen')).items).toEqual([]);

    const first = await deals('?limit=1');
    expect(first.items.map((deal) => deal.product.id)).toEqual([hp]);
    expect(first.nextCursor).toBe(`2500-${hp}`);
    const second = await deals(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((deal) => deal.product.id)).toEqual([tv]);
    expect(second.nextCursor).toBeNull();
  });

  it('lists a new deal once the price summaries see the import that made it', async () => {
    const tv = await productOf('amazon', 'TV1');
    // Best Buy drops under Amazon today: the deal is the bigger, at Best Buy.
    await t.app.catalog.ingestion.importOffers([tv2(100_000)], { format: 'gmc', source: 'today again' });
    await t.app.catalog.priceSummaries.refresh();
    const deal = (await deals('?category=tvs')).items[0];
    expect(deal).toMatchObject({ product: { id: tv }, retailer: { id: 'bestbuy', name: 'Best Buy' }, priceCents: 100_000, dropCents: 35_000 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=49', 'limit'],
    ['limit=many', 'limit'],
    ['cursor=abc', 'cursor'],
    ['cursor=12-', 'cursor'],
    ['cursor=123456-1', 'cursor'],
    ['category=Not%20A%20Slug', 'category'],
  ])('refuses deals query %s naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/deals?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });
});
