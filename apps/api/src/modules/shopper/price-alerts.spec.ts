import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { present, favoriteResponseSchema, favoritesListResponseSchema } from '@pricehunt/contracts';
import type { Mailer } from '@pricehunt/notifications';
import { registerShopper, STRONG_PASSWORD } from '../../testing/http';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { comparisonLink, createPriceAlertChecker } from '@pricehunt/notifications';
import { rows, run } from '../../testing/db';

const ORIGIN = 'http://localhost:4200';
const TV_URL = 'https://www.amazon.com/dp/B0BVXHT3MY';

function tv(priceCents: number): FeedOffer {
  return { externalId: 'TV1', url: TV_URL, title: 'LG OLED55C3PUA 55 inch OLED evo 4K TV', brand: 'LG', mpn: 'OLED55C3PUA', priceCents, currency: 'USD', availability: 'in_stock', condition: 'new' };
}

describe('price alerts', () => {
  let t: TestApp;
  let tvId: number;
  let cookie: string;
  const email = 'alerts@example.com';

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, withCookie = true) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, ...(withCookie ? { cookie } : {}) }, ...(body !== undefined ? { payload: body as object } : {}) });
  const mails = () => rows<{ subject: string; text: string }>(t.app, 'SELECT subject, text FROM outbox_emails WHERE "to" = ? ORDER BY created_at, id', [email]);
  const importPrice = (priceCents: number) => t.app.catalog.ingestion.importOffers([tv(priceCents)], { format: 'gmc', source: 'price change' });
  const favorite = async () => present(favoritesListResponseSchema.parse((await send('GET', '/api/shopper/favorites')).json()).favorites[0]);

  beforeAll(async () => {
    t = await buildTestApp({ APP_ORIGINS: ORIGIN, PRICE_ALERT_CHECK_MINUTES: '0' });
    await importPrice(149_999);
    tvId = present(present(await t.app.storage.catalog.findOfferByExternalId('amazon', 'TV1')).productId);
    cookie = (await registerShopper(t.app, email, STRONG_PASSWORD, { origin: ORIGIN })).cookie;
    expect((await send('POST', '/api/shopper/favorites', { productId: tvId, title: 'LG OLED TV', savedPriceCents: 149_999, currency: 'USD' })).statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  it('sets an alert on a favorite, lists it, and removes it', async () => {
    const set = await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 120_000 });
    expect(set.statusCode).toBe(200);
    expect(favoriteResponseSchema.parse(set.json()).favorite.alert).toMatchObject({ belowCents: 120_000, reachedAt: null, reachedPriceCents: null });
    expect((await favorite()).alert?.belowCents).toBe(120_000);

    const removed = await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().favorite.alert).toBeNull();
    expect((await favorite()).alert).toBeNull();
  });

  it.each([
    [{}, 'belowCents'],
    [{ belowCents: 0 }, 'belowCents'],
    [{ belowCents: -5 }, 'belowCents'],
    [{ belowCents: 99.5 }, 'belowCents'],
    [{ belowCents: 'cheap' }, 'belowCents'],
    [{ belowCents: 1e12 }, 'belowCents'],
  ])('refuses the alert %j naming %s, and leaves the favorite as it was', async (body, field) => {
    const res = await send('PUT', `/api/shopper/favorites/${tvId}/alert`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
    expect((await favorite()).alert).toBeNull();
  });

  it('answers 404 for a product that is not a favorite, 400 for a bad id, and 401 when signed out', async () => {
    expect((await send('PUT', `/api/shopper/favorites/999999/alert`, { belowCents: 100 })).json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await send('DELETE', `/api/shopper/favorites/999999/alert`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/shopper/favorites/abc/alert`, { belowCents: 100 })).json()).toMatchObject({ field: 'productId' });
    expect((await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 100 }, false)).statusCode).toBe(401);
  });

  it('emails once when an import drops the price to the alert, re-arms when it rises, and emails again at the next drop', async () => {
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 130_000 });
    const before = (await mails()).length;

    await importPrice(139_999);
    expect((await t.app.priceAlerts.check()).sent).toBe(0);

    await importPrice(124_999);
    await t.app.priceAlerts.idle();
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(present(sent[0]).subject).toBe('Price alert: LG OLED55C3PUA 55 inch OLED evo 4K TV is now $1,249.99 at Amazon');
    expect(present(sent[0]).text).toContain(`${t.config.SHOPPER_APP_URL}/favorites`);
    expect(present(sent[0]).text).toContain('at or below the $1,300.00 you asked to be told about');
    expect(present(sent[0]).text).toContain(comparisonLink(t.config.SHOPPER_APP_URL, 'LG OLED55C3PUA 55 inch OLED evo 4K TV'));
    expect((await favorite()).alert).toMatchObject({ belowCents: 130_000, reachedPriceCents: 124_999, reachedAt: expect.any(String) });

    // Still below: no second email.
    expect(await t.app.priceAlerts.check()).toMatchObject({ sent: 0, rearmed: 0 });
    await importPrice(119_999);
    await t.app.priceAlerts.idle();
    expect((await mails()).slice(before)).toHaveLength(1);

    // Up again, then down again: one more email.
    await importPrice(135_000);
    await t.app.priceAlerts.idle();
    expect((await favorite()).alert).toMatchObject({ reachedAt: null, reachedPriceCents: null });
    await importPrice(129_000);
    await t.app.priceAlerts.idle();
    expect((await mails()).slice(before)).toHaveLength(2);
    await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
  });

  it('keeps a reached alert while its product has no price (regrouped by a re-clustering), and emails no second time when it is back', async () => {
    await importPrice(139_999);
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 130_000 });
    const before = (await mails()).length;
    await importPrice(124_999);
    await t.app.priceAlerts.idle();
    expect((await mails()).slice(before)).toHaveLength(1);

    // A re-clustering under way, as it records one: the product's offers taken off it, the product gone until placed.
    await run(t.app, 'INSERT INTO recluster_offers (offer_id, product_before) SELECT id, product_id FROM offers WHERE product_id = ?', [tvId]);
    await run(t.app, 'UPDATE offers SET product_id = NULL WHERE product_id = ?', [tvId]);
    await run(t.app, 'DELETE FROM products WHERE id = ?', [tvId]);
    expect(await t.app.priceAlerts.check()).toMatchObject({ sent: 0, rearmed: 0 });
    expect((await favorite()).alert).toMatchObject({ reachedPriceCents: 124_999, reachedAt: expect.any(String) });

    await t.app.catalog.ingestion.recluster();
    expect(await t.app.storage.catalog.getProduct(tvId)).toMatchObject({ bestPriceCents: 124_999 });
    expect(await t.app.priceAlerts.check()).toMatchObject({ sent: 0, rearmed: 0 });
    expect((await mails()).slice(before)).toHaveLength(1);
    await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
  });

  it('marks an alert the price already meets as reached when it is set, without an email', async () => {
    await importPrice(100_000);
    await t.app.priceAlerts.idle();
    const before = (await mails()).length;
    const set = await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 110_000 });
    expect(set.json().favorite.alert).toMatchObject({ belowCents: 110_000, reachedPriceCents: 100_000, reachedAt: expect.any(String) });
    expect(await t.app.priceAlerts.check()).toMatchObject({ sent: 0 });
    expect(await mails()).toHaveLength(before);
    await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
  });

  it('stops an alert from its email link without signing in, once, and only that alert', async () => {
    await importPrice(150_000);
    await t.app.priceAlerts.idle();
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 140_000 });
    const before = (await mails()).length;
    await importPrice(139_000);
    await t.app.priceAlerts.idle();
    const [mail] = (await mails()).slice(before);
    const link = present(mail).text.split('\n').find((line) => line.startsWith(`${t.config.SHOPPER_APP_URL}/alerts/stop?token=`));
    const token = present(new URL(present(link)).searchParams.get('token'));

    // A newer alert on the same favorite gets a new link: the old one cannot stop it.
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 130_000 });
    const stale = await send('POST', '/api/shopper/alerts/stop', { token }, false);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ success: false, field: 'token', error: expect.stringContaining('no longer stops an alert') });
    expect((await favorite()).alert?.belowCents).toBe(130_000);

    await importPrice(129_000);
    await t.app.priceAlerts.idle();
    const latest = present((await mails()).at(-1));
    const current = present(new URL(present(latest.text.split('\n').find((line) => line.includes('/alerts/stop?token=')))).searchParams.get('token'));
    expect(current).not.toBe(token);
    const stopped = await send('POST', '/api/shopper/alerts/stop', { token: current }, false);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ success: true, title: 'LG OLED TV', stopped: true });
    expect((await favorite()).alert).toBeNull();
    expect((await send('POST', '/api/shopper/alerts/stop', { token: current }, false)).statusCode).toBe(400);
  });

  it('says in text and HTML the price before (when saved, then at the previous check), the price now with its retailer, and the drop', async () => {
    await importPrice(150_000);
    await t.app.priceAlerts.idle();
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 130_000 });
    const before = (await mails()).length;
    const html = () => rows<{ html: string | null }>(t.app, 'SELECT html FROM outbox_emails WHERE "to" = ? ORDER BY created_at, id', [email]);

    // No check has seen this alert yet: the drop is from the price when the favorite was saved ($1,499.99).
    await importPrice(124_000);
    await t.app.priceAlerts.idle();
    const [first] = (await mails()).slice(before);
    expect(present(first).text).toContain(
      ['Price before (when you saved it): $1,499.99', 'Price now: $1,240.00 at Amazon', 'Drop: $259.99 (17%)'].join('\n'),
    );
    const firstHtml = present(present((await html()).at(-1)).html);
    expect(firstHtml).toContain('<strong>LG OLED55C3PUA 55 inch OLED evo 4K TV</strong> is now <strong>$1,240.00 at Amazon</strong>');
    expect(firstHtml).toMatch(/<th scope="row"[^>]*>Price before \(when you saved it\)<\/th><td[^>]*>\$1,499\.99<\/td>/);
    expect(firstHtml).toMatch(/>Drop<\/th><td[^>]*>\$259\.99 \(17%\)<\/td>/);
    expect(firstHtml).toContain(`<a href="${comparisonLink(t.config.SHOPPER_APP_URL, 'LG OLED55C3PUA 55 inch OLED evo 4K TV')}">Compare its prices at every retailer</a>`);
    expect(firstHtml).toMatch(/<a href="http[^"]+\/alerts\/stop\?token=[^"]+">Stop this alert<\/a>/);

    // Up above the alert (re-armed, the check keeps $1,400.00), then down: the drop is from that check's price.
    await importPrice(140_000);
    await t.app.priceAlerts.idle();
    await importPrice(128_000);
    await t.app.priceAlerts.idle();
    const second = present((await mails()).at(-1));
    expect(second.subject).toBe('Price alert: LG OLED55C3PUA 55 inch OLED evo 4K TV is now $1,280.00 at Amazon');
    expect(second.text).toContain(['Price before (at our previous check): $1,400.00', 'Price now: $1,280.00 at Amazon', 'Drop: $120.00 (9%)'].join('\n'));
    expect(present((await html()).at(-1)).html).toContain('Price before (at our previous check)');
    await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
  });

  it('names the shop of the best price it tells, not a cheaper back-order at another shop', async () => {
    await importPrice(150_000);
    await t.app.priceAlerts.idle();
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 130_000 });
    const before = (await mails()).length;
    const backorder: FeedOffer = { ...tv(110_000), externalId: 'TV-WM', url: 'https://www.walmart.com/ip/LG-OLED55C3PUA/5123456789', availability: 'backorder' };
    await t.app.catalog.ingestion.importOffers([backorder], { format: 'gmc', source: 'walmart feed' });
    expect(present(await t.app.storage.catalog.findOfferByExternalId('walmart', 'TV-WM')).productId).toBe(tvId);
    await importPrice(125_000);
    await t.app.priceAlerts.idle();
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    // Listed at two shops, the product is named by what they agree on, its size in the brackets.
    expect(present(sent[0]).subject).toBe('Price alert: LG OLED55C3PUA OLED evo 4K TV (55") is now $1,250.00 at Amazon');
    await send('DELETE', `/api/shopper/favorites/${tvId}/alert`);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['an unknown token', { token: 'not-a-token' }],
    ['a 2,000-character token', { token: 'x'.repeat(2000) }],
    ['a number', { token: 5 }],
  ])('refuses a stop request with %s, naming the token', async (_label, body) => {
    const res = await send('POST', '/api/shopper/alerts/stop', body, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'token' });
  });

  it('tries a failed email again at the next check, never runs two checks at once, and checks again after one asked for meanwhile', async () => {
    await importPrice(150_000);
    // The app's own check after the import is over (it would take the drop below for itself).
    await t.app.priceAlerts.idle();
    await send('PUT', `/api/shopper/favorites/${tvId}/alert`, { belowCents: 140_000 });
    // The best price drops under the alert without an import (as another process's import would leave it).
    await run(t.app, 'UPDATE products SET best_price_cents = 90000 WHERE id = ?', [tvId]);
    let attempts = 0;
    const flaky: Mailer = {
      kind: 'outbox',
      send: async () => {
        attempts++;
        if (attempts === 1) throw new Error('SMTP down');
      },
    };
    const log = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const checker = createPriceAlertChecker({ repo: t.app.storage.priceAlerts, mailer: flaky, log, shopperAppUrl: ORIGIN });
    expect(await checker.check()).toMatchObject({ sent: 0, failed: 1 });
    expect(log.warn).toHaveBeenCalled();
    expect((await favorite()).alert?.reachedAt).toBeNull();
    // Asked for while a check runs: one more check follows it, shared by every call meanwhile.
    const [first, second, third] = [checker.check(), checker.check(), checker.check()];
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    expect(await first).toMatchObject({ sent: 1, failed: 0 });
    expect(await second).toMatchObject({ sent: 0, failed: 0 });
    expect(attempts).toBe(2);
    expect((await favorite()).alert?.reachedPriceCents).toBe(90_000);
  });
});
