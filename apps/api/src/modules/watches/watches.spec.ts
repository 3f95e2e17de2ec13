import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { present, watchesListResponseSchema, watchPendingResponseSchema, watchResponseSchema, WATCH_LIMITS } from '@pricehunt/contracts';
import { registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { rows, run, value } from '../../testing/db';

const ORIGIN = 'http://localhost:4200';
const TV_URL = 'https://www.amazon.com/dp/B0BVXHT3MY';

const tv = (priceCents: number): FeedOffer => ({
  externalId: 'TV1',
  url: TV_URL,
  title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV',
  brand: 'LG',
  mpn: 'OLED55C3PUA',
  priceCents,
  currency: 'USD',
  availability: 'in_stock',
  condition: 'new',
});

describe('watches API', () => {
  let t: TestApp;
  let tvId: number;
  let cookie: string;
  let missingPage: http.Server;
  let missingUrl: string;
  const email = 'watcher@example.com';

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, withCookie = true) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, ...(withCookie ? { cookie } : {}) }, ...(body !== undefined ? { payload: body as object } : {}) });
  const list = async () => watchesListResponseSchema.parse((await send('GET', '/api/shopper/watches')).json()).watches;

  beforeAll(async () => {
    t = await buildTestApp({ APP_ORIGINS: ORIGIN, FETCH_ALLOW_LOOPBACK: 'true' });
    await t.app.catalog.ingestion.importOffers([tv(149_999)], { format: 'gmc', source: 'test' });
    tvId = present(present(await t.app.storage.catalog.findOfferByExternalId('amazon', 'TV1')).productId);
    cookie = (await registerShopper(t.app, email, STRONG_PASSWORD, { origin: ORIGIN })).cookie;
    missingPage = http.createServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>gone</body></html>'));
    await new Promise<void>((resolve) => missingPage.listen(0, '127.0.0.1', resolve));
    missingUrl = `http://127.0.0.1:${(missingPage.address() as AddressInfo).port}/p/acme-kettle-17`;
  });
  afterAll(async () => {
    await new Promise((resolve) => missingPage.close(resolve));
    await t.close();
  });
  beforeEach(() => run(t.app, 'DELETE FROM watches'));

  it('watches a product (201), answers the same product again with the watch updated (200), lists, patches and deletes it', async () => {
    const created = await send('POST', '/api/shopper/watches', { productId: tvId, targetPriceCents: 120_000 });
    expect(created.statusCode).toBe(201);
    const watch = watchResponseSchema.parse(created.json()).watch;
    expect(watch).toMatchObject({
      status: 'active',
      productId: tvId,
      url: null,
      title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV',
      store: 'Amazon',
      targetPriceCents: 120_000,
      currency: 'USD',
      currentPriceCents: 149_999,
      bestPriceCents: 149_999,
      lowestPriceCents90d: 149_999,
      inStock: true,
      channels: [{ channel: 'email', target: email, state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null }],
      lastEvent: null,
    });

    const again = await send('POST', '/api/shopper/watches', { productId: tvId, targetPriceCents: 110_000, notify: { email: true, webhookUrl: 'https://hooks.example.com/pricehunt' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().watch).toMatchObject({ id: watch.id, targetPriceCents: 110_000, channels: [{ channel: 'email' }, { channel: 'webhook', target: 'https://hooks.example.com/pricehunt' }] });
    expect((await list()).map((each) => each.id)).toEqual([watch.id]);

    const patched = await send('PATCH', `/api/shopper/watches/${watch.id}`, { targetPriceCents: null, notify: { ntfyUrl: 'https://ntfy.sh/my-topic' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().watch).toMatchObject({ targetPriceCents: null, channels: [{ channel: 'ntfy', target: 'https://ntfy.sh/my-topic' }] });
    expect((await send('PATCH', `/api/shopper/watches/${watch.id}`, { resume: true })).statusCode).toBe(200);

    expect((await send('DELETE', `/api/shopper/watches/${watch.id}`)).json()).toEqual({ success: true, removed: 1 });
    expect((await send('DELETE', `/api/shopper/watches/${watch.id}`)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/shopper/watches/${watch.id}`, { resume: true })).statusCode).toBe(404);
    expect(await list()).toEqual([]);
  });

  it('watches a known product link, as the paste endpoint identifies it', async () => {
    const created = await send('POST', '/api/shopper/watches', { url: TV_URL });
    expect(created.statusCode).toBe(201);
    const offer = await t.app.storage.catalog.findOfferByExternalId('amazon', 'TV1');
    expect(created.json().watch).toMatchObject({ url: TV_URL, productId: tvId, store: 'Amazon', currentPriceCents: 149_999, inStock: true });
    expect(await rows(t.app, 'SELECT offer_id, product_id, url FROM watches')).toEqual([{ offer_id: present(offer).id, product_id: tvId, url: TV_URL }]);
  });

  it('answers 422 on url when the page cannot be read', async () => {
    const res = await send('POST', '/api/shopper/watches', { url: missingUrl });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, statusCode: 422, field: 'url', error: expect.stringMatching(/could not read this page: 127\.0\.0\.1 says it does not exist/) });
    expect(await value(t.app, 'SELECT count(*) AS n FROM watches')).toBe(0);
  });

  it.each([
    [{}, 'url'],
    [{ url: TV_URL, productId: 1 }, 'url'],
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'not a link' }, 'url'],
    [{ productId: 'one' }, 'productId'],
    [{ productId: 1, targetPriceCents: 0 }, 'targetPriceCents'],
    [{ productId: 1, targetPriceCents: 12.5 }, 'targetPriceCents'],
    [{ productId: 1, notify: { webhookUrl: 'javascript:alert(1)' } }, 'notify.webhookUrl'],
    [{ productId: 1, notify: { ntfyUrl: 'ntfy' } }, 'notify.ntfyUrl'],
    [{ productId: 1, notify: { email: 'yes' } }, 'notify.email'],
    [{ productId: 1, notify: {} }, 'notify'],
    [{ productId: 1, notify: { email: false } }, 'notify'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await send('POST', '/api/shopper/watches', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', statusCode: 400, field });
  });

  it('answers 404 for an unknown product, 401 signed out on the signed-in routes, 400 on a bad id or an empty patch', async () => {
    expect((await send('POST', '/api/shopper/watches', { productId: 987_654 })).statusCode).toBe(404);
    expect((await send('GET', '/api/shopper/watches', undefined, false)).statusCode).toBe(401);
    expect((await send('PATCH', '/api/shopper/watches/6f1d6c1e-4b0e-4c47-9a57-1b2d3c4d5e6f', { resume: true }, false)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/shopper/watches/6f1d6c1e-4b0e-4c47-9a57-1b2d3c4d5e6f', undefined, false)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/shopper/watches/not-an-id')).json()).toMatchObject({ statusCode: 400, field: 'id' });
    const created = watchResponseSchema.parse((await send('POST', '/api/shopper/watches', { productId: tvId })).json()).watch;
    expect((await send('PATCH', `/api/shopper/watches/${created.id}`, {})).json()).toMatchObject({ statusCode: 400, field: 'body' });
  });

  it('answers 409 past the limit of watches', async () => {
    const shopper = await value<string>(t.app, 'SELECT id FROM shoppers WHERE email = ?', [email]);
    for (let i = 0; i < WATCH_LIMITS.perShopper; i++) {
      await run(t.app, `INSERT INTO watches (id, shopper_id, owner, email, status, stop_token, target, title, armed, evaluations, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, 'x', ?, 0, 1, 1)`, [
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        shopper,
        `shopper:${shopper}`,
        email,
        `stop-${i}`,
        `url:https://example.com/${i}`,
        1,
      ]);
    }
    const res = await send('POST', '/api/shopper/watches', { productId: tvId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, statusCode: 409, code: 'CONFLICT' });
  });

  it('takes a signed-out watch by email (202, the same for any address), active once the mailed link is opened; the stop link ends it', async () => {
    expect((await send('POST', '/api/shopper/watches', { productId: tvId }, false)).json()).toMatchObject({ statusCode: 400, field: 'email' });
    const stranger = 'stranger@example.com';
    const answers = [];
    for (const address of [stranger, email]) {
      const res = await send('POST', '/api/shopper/watches', { productId: tvId, targetPriceCents: 130_000, email: address }, false);
      expect(res.statusCode).toBe(202);
      answers.push(watchPendingResponseSchema.parse(res.json()));
    }
    expect(answers[0]).toEqual(answers[1]);
    const [mail] = await rows<{ subject: string; text: string; html: string }>(t.app, 'SELECT subject, text, html FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC LIMIT 1', [stranger]);
    expect(mail?.subject).toBe('Confirm: watch LG OLED55C3PUA 55 inch OLED evo 4K TV on PriceHunt');
    const token = /\/watches\/confirm\?token=([A-Za-z0-9_-]+)/.exec(present(mail).text)?.[1];
    expect(token).toBeDefined();
    expect(await rows(t.app, 'SELECT status FROM watches WHERE email = ?', [stranger])).toEqual([{ status: 'pending' }]);

    const confirmed = await send('POST', '/api/watches/confirm', { token }, false);
    expect(confirmed.json()).toEqual({ success: true, title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', confirmed: true });
    expect(await rows(t.app, 'SELECT status FROM watches WHERE email = ?', [stranger])).toEqual([{ status: 'active' }]);
    expect((await send('POST', '/api/watches/confirm', { token }, false)).json()).toMatchObject({ statusCode: 400, field: 'token' });

    const stopToken = await value<string>(t.app, 'SELECT stop_token FROM watches WHERE email = ?', [stranger]);
    expect((await send('POST', '/api/watches/stop', { token: stopToken }, false)).json()).toEqual({ success: true, title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', stopped: true });
    expect((await send('POST', '/api/watches/stop', { token: stopToken }, false)).json()).toMatchObject({ statusCode: 400, field: 'token' });
    expect(await value(t.app, 'SELECT count(*) AS n FROM watches WHERE email = ?', [stranger])).toBe(0);
  });

  it('refuses signed-out watches past the hourly limit of an address', async () => {
    const limited = await buildTestApp({ APP_ORIGINS: ORIGIN, RATE_LIMIT_ENABLED: 'true' });
    try {
      await limited.app.catalog.ingestion.importOffers([tv(149_999)], { format: 'gmc', source: 'test' });
      const productId = present(present(await limited.app.storage.catalog.findOfferByExternalId('amazon', 'TV1')).productId);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/shopper/watches', headers: { origin: ORIGIN }, payload: { productId, email: 'many@example.com' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
