import { favoritesListResponseSchema, historyListResponseSchema, shopperMergeResponseSchema } from '@pricehunt/contracts';
import { registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';

const ORIGIN = 'http://localhost:4200';

function entry(requestId: string, overrides: Record<string, unknown> = {}) {
  return {
    requestId,
    slug: 'amazon-com-b0bvxht3my',
    kind: 'url',
    input: 'https://www.amazon.com/dp/B0BVXHT3MY',
    title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV',
    productId: null,
    bestPriceCents: 129_999,
    currency: 'USD',
    offerCount: 2,
    searchedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';

describe('shopper history and favorites API', () => {
  let t: TestApp;
  let tvId: number;
  let mixerId: number;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  async function signUp(email: string): Promise<string> {
    return (await registerShopper(t.app, email, STRONG_PASSWORD, { origin: ORIGIN })).cookie;
  }

  beforeAll(async () => {
    t = await buildTestApp({ APP_ORIGINS: ORIGIN });
    await t.app.catalog.ingestion.importOffers(
      [
        offer({ externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', priceCents: 149_999 }),
        offer({ externalId: 'K1', url: 'https://www.walmart.com/ip/KitchenAid-Mixer/55555555', title: 'KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', brand: 'KitchenAid', mpn: 'KSM150PSER', priceCents: 37_999 }),
      ],
      { format: 'gmc', source: 'fixtures' },
    );
    tvId = await productIdOf('amazon', 'TV1');
    mixerId = await productIdOf('walmart', 'K1');
  });
  afterAll(async () => t.close());

  async function productIdOf(retailer: string, externalId: string): Promise<number> {
    const id = (await t.app.storage.catalog.findOfferByExternalId(retailer, externalId))?.productId;
    if (typeof id !== 'number') throw new Error(`no product for ${retailer} ${externalId}`);
    return id;
  }

  it('answers 401 with the error envelope when nobody is signed in', async () => {
    for (const [method, url] of [
      ['GET', '/api/shopper/history'],
      ['GET', '/api/shopper/favorites'],
      ['DELETE', '/api/shopper/history'],
    ] as const) {
      const res = await send(method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', statusCode: 401 });
    }
    const post = await send('POST', '/api/shopper/favorites', undefined, { productId: tvId, title: 'x' });
    expect(post.statusCode).toBe(401);
  });

  it('keeps the history newest first, refreshes a repeated search, removes one and clears all', async () => {
    const cookie = await signUp('history@example.com');
    expect((await send('POST', '/api/shopper/history', cookie, entry(ID_A))).statusCode).toBe(201);
    const second = await send('POST', '/api/shopper/history', cookie, entry(ID_B, { kind: 'query', input: 'stand mixer', searchedAt: '2026-01-03T10:00:00Z' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().entry).toMatchObject({ requestId: ID_B, kind: 'query', input: 'stand mixer', imageUrl: null, searchedAt: '2026-01-03T10:00:00.000Z' });

    let list = historyListResponseSchema.parse((await send('GET', '/api/shopper/history', cookie)).json());
    expect(list.entries.map((e) => e.requestId)).toEqual([ID_B, ID_A]);

    // Opening A again moves it to the top.
    await send('POST', '/api/shopper/history', cookie, entry(ID_A, { searchedAt: '2026-01-04T10:00:00Z' }));
    list = historyListResponseSchema.parse((await send('GET', '/api/shopper/history', cookie)).json());
    expect(list.entries.map((e) => e.requestId)).toEqual([ID_A, ID_B]);

    const removed = await send('DELETE', `/api/shopper/history/${ID_A}`, cookie);
    expect(removed.json()).toEqual({ success: true, removed: 1 });
    const again = await send('DELETE', `/api/shopper/history/${ID_A}`, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, error: 'This search is not in your history' });

    expect((await send('DELETE', '/api/shopper/history', cookie)).json()).toEqual({ success: true, removed: 1 });
    expect(historyListResponseSchema.parse((await send('GET', '/api/shopper/history', cookie)).json()).entries).toEqual([]);
  });

  it('refuses a bad history entry with a 400 that names the field', async () => {
    const cookie = await signUp('bad-input@example.com');
    const badId = await send('POST', '/api/shopper/history', cookie, entry('not-a-uuid'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ success: false, field: 'requestId' });
    const badKind = await send('POST', '/api/shopper/history', cookie, entry(ID_C, { kind: 'photo' }));
    expect(badKind.json()).toMatchObject({ field: 'kind' });
    const badDate = await send('POST', '/api/shopper/history', cookie, entry(ID_C, { searchedAt: 'yesterday' }));
    expect(badDate.json()).toMatchObject({ field: 'searchedAt' });
    const badParam = await send('DELETE', '/api/shopper/history/nope', cookie);
    expect(badParam.statusCode).toBe(400);
  });

  it('keeps favorites with the saved price and shows the best price now', async () => {
    const cookie = await signUp('favorites@example.com');
    const added = await send('POST', '/api/shopper/favorites', cookie, { productId: tvId, title: 'LG OLED TV', brand: 'LG', savedPriceCents: 159_999, currency: 'USD' });
    expect(added.statusCode).toBe(201);
    expect(added.json().favorite).toMatchObject({ productId: tvId, savedPriceCents: 159_999, currentPriceCents: 149_999, offerCount: 1 });

    // Saving it again keeps the first saved price (the change since saved stays meaningful).
    const twice = await send('POST', '/api/shopper/favorites', cookie, { productId: tvId, title: 'LG OLED TV', savedPriceCents: 1 });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().favorite.savedPriceCents).toBe(159_999);

    // The price drops in the catalog: the favorite shows the new best price.
    await t.app.catalog.ingestion.importOffers(
      [offer({ externalId: 'TV1', url: 'https://www.amazon.com/dp/B0BVXHT3MY', title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', priceCents: 129_999 })],
      { format: 'gmc', source: 'price drop' },
    );
    const list = favoritesListResponseSchema.parse((await send('GET', '/api/shopper/favorites', cookie)).json());
    expect(list.favorites).toEqual([expect.objectContaining({ productId: tvId, savedPriceCents: 159_999, currentPriceCents: 129_999 })]);

    const unknown = await send('POST', '/api/shopper/favorites', cookie, { productId: 999_999, title: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'productId names no product in the catalog' });
    const bad = await send('POST', '/api/shopper/favorites', cookie, { productId: -1, title: 'x' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'productId' });

    expect((await send('DELETE', `/api/shopper/favorites/${tvId}`, cookie)).json()).toEqual({ success: true, removed: 1 });
    expect((await send('DELETE', `/api/shopper/favorites/${tvId}`, cookie)).statusCode).toBe(404);
  });

  it("never shows or changes another shopper's lists", async () => {
    const alice = await signUp('alice@example.com');
    const bob = await signUp('bob@example.com');
    await send('POST', '/api/shopper/history', alice, entry(ID_A));
    await send('POST', '/api/shopper/favorites', alice, { productId: mixerId, title: 'Mixer' });

    expect(historyListResponseSchema.parse((await send('GET', '/api/shopper/history', bob)).json()).entries).toEqual([]);
    expect(favoritesListResponseSchema.parse((await send('GET', '/api/shopper/favorites', bob)).json()).favorites).toEqual([]);
    expect((await send('DELETE', `/api/shopper/history/${ID_A}`, bob)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/shopper/favorites/${mixerId}`, bob)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/shopper/history', bob)).json()).toEqual({ success: true, removed: 0 });

    expect(historyListResponseSchema.parse((await send('GET', '/api/shopper/history', alice)).json()).entries).toHaveLength(1);
    expect(favoritesListResponseSchema.parse((await send('GET', '/api/shopper/favorites', alice)).json()).favorites).toHaveLength(1);
  });

  it('merges what the browser kept into the account: newer entries win, saved favorites keep their price, unknown products are left out', async () => {
    const cookie = await signUp('merge@example.com');
    await send('POST', '/api/shopper/history', cookie, entry(ID_A, { title: 'account copy', searchedAt: '2026-02-01T00:00:00Z' }));
    await send('POST', '/api/shopper/favorites', cookie, { productId: tvId, title: 'LG OLED TV', savedPriceCents: 150_000 });

    const res = await send('POST', '/api/shopper/merge', cookie, {
      history: [entry(ID_A, { title: 'older browser copy', searchedAt: '2026-01-01T00:00:00Z' }), entry(ID_B, { searchedAt: '2026-03-01T00:00:00Z' })],
      favorites: [
        { productId: tvId, title: 'LG OLED TV', savedPriceCents: 1 },
        { productId: mixerId, title: 'Mixer', savedPriceCents: 40_000, savedAt: '2026-01-05T00:00:00Z' },
        { productId: 424_242, title: 'Gone' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = shopperMergeResponseSchema.parse(res.json());
    expect(body.entries.map((e) => [e.requestId, e.title])).toEqual([
      [ID_B, 'LG OLED55C3PUA 55 inch OLED evo 4K TV'],
      [ID_A, 'account copy'],
    ]);
    expect(body.favorites.map((f) => [f.productId, f.savedPriceCents]).sort()).toEqual(
      [
        [tvId, 150_000],
        [mixerId, 40_000],
      ].sort(),
    );

    const tooMany = await send('POST', '/api/shopper/merge', cookie, { history: Array.from({ length: 201 }, () => entry(ID_C)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'history' });
  });

  it('refuses a cross-site write', async () => {
    const cookie = await signUp('csrf@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/shopper/history', headers: { origin: 'https://evil.example', cookie }, payload: entry(ID_C) });
    expect(res.statusCode).toBe(403);
  });
});
