import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createPageReadPool, createSafeFetcher } from '@pricehunt/catalog-identity';
import { canonicalizeUrl } from '@pricehunt/marketplace';
import { createHostGate, createPageReader } from '@pricehunt/catalog-search';
import { present, watchWebhookPayloadSchema, WATCH_LIMITS } from '@pricehunt/contracts';
import { backoffAfter, createOutboxMailer, createWatchDeliveryWorker, createWatchEvaluator, createWatchSender, WATCH_DELIVERY_BACKOFF_MS } from '@pricehunt/notifications';
import type { CatalogDatabase } from '@pricehunt/storage';
import { createLogger } from './logger';
import { createPagePlacer } from './place-page';
import { createWatchLoop } from './watches';
import { ENGINES, openFresh } from './testing/fresh-database';

const SHOPPER_APP = 'http://localhost:4200';


/** A plain server on 127.0.0.1 answering with `answer` and recording every request with its body. */
interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
async function startServer(answer: (request: Recorded, response: http.ServerResponse) => void) {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      answer(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, url: (p: string) => `${base}${p}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(ENGINES)('watched pages and notifications on %s', (engine) => {
  let db: { open: CatalogDatabase; remove(): Promise<void> };
  let shop: Awaited<ReturnType<typeof startServer>>;
  let ntfy: Awaited<ReturnType<typeof startServer>>;
  let hook: Awaited<ReturnType<typeof startServer>>;
  const page = { price: '29.99', stock: 'InStock' };
  let hookStatus = 200;
  let now = Date.UTC(2026, 10, 23, 8, 0, 0);

  const query = async <Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> => {
    const connection = db.open.connection;
    if (connection.engine === 'sqlite') {
      const statement = connection.handle.sqlite.prepare(sql);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as Row[];
    }
    let n = 0;
    return (await connection.handle.pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as Row[];
  };

  // The pages are re-read in threads, as the worker reads them (main.ts).
  const pool = createPageReadPool({ size: 1 });
  beforeAll(async () => {
    shop = await startServer((request, response) => {
      if (request.url !== '/p/acme-kettle') return void response.writeHead(404).end();
      const ld = {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Acme Kettle 1.7 L',
        brand: { '@type': 'Brand', name: 'Acme' },
        mpn: 'AK-17',
        offers: { '@type': 'Offer', price: page.price, priceCurrency: 'USD', availability: `https://schema.org/${page.stock}` },
      };
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Acme Kettle</title><meta property="og:site_name" content="Fixture Shop"><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>Kettle</body></html>`);
    });
    ntfy = await startServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}'));
    hook = await startServer((_request, response) => response.writeHead(hookStatus).end());
  });
  afterAll(async () => {
    await Promise.all([shop.close(), ntfy.close(), hook.close(), pool.close()]);
  });
  beforeEach(async () => {
    db = await openFresh(engine);
  });
  afterEach(async () => {
    await db.open.close();
    await db.remove();
  });

  it('tells a drop below the target once on every channel, nothing for an unchanged page, a return to stock, retries and pauses a failing webhook', async () => {
    const { storage, catalog } = db.open;
    const pageUrl = shop.url('/p/acme-kettle');
    // The kettle's page, pasted: the catalog knew no offer of it, so it became the shop's offer (a product of its own);
    // then it is watched by link with a target of $25.
    const pasted = present(await catalog.pages.place(pageUrl, canonicalizeUrl(pageUrl), present(await createPageReader({ allowLoopback: true, pool }).read(pageUrl))));
    expect(pasted.change).toBe('inserted');
    const kettle = () => storage.catalog.findOfferByCanonicalUrl(canonicalizeUrl(pageUrl));
    const offer = present(await kettle());
    await query(`INSERT INTO shoppers (id, email, password_hash) VALUES ('s1', 'watcher@example.com', 'x')`);
    const saved = await storage.watches.save(
      {
        id: randomUUID(),
        shopperId: 's1',
        owner: 'shopper:s1',
        email: 'watcher@example.com',
        status: 'active',
        confirmTokenHash: null,
        confirmExpiresAt: null,
        stopToken: 'stop-token-1',
        target: `url:${pageUrl}`,
        productId: offer.productId,
        offerId: offer.id,
        url: pageUrl,
        title: 'Acme Kettle 1.7 L',
        targetPriceCents: 2500,
        createdAt: now,
      },
      [
        { channel: 'email', destination: 'watcher@example.com' },
        { channel: 'ntfy', destination: ntfy.url('/pricehunt-kettle') },
        { channel: 'webhook', destination: hook.url('/hooks/pricehunt') },
      ],
      WATCH_LIMITS.perShopper,
      { replaceActive: true, at: now },
    );
    const watchId = saved.kind === 'created' ? saved.watch.id : '';

    const log = createLogger('silent');
    const deliveries = createWatchDeliveryWorker({
      repo: storage.watches,
      send: createWatchSender({
        mailer: createOutboxMailer({ outbox: storage.outbox, log, printToLog: false }),
        http: createSafeFetcher({ allowLoopback: true, timeoutMs: 5_000, maxRedirects: 0 }),
        shopperAppUrl: SHOPPER_APP,
      }),
      owner: 'worker-1',
      log,
      clock: () => now,
    });
    const loop = createWatchLoop({
      repo: storage.watches,
      reader: createPageReader({ allowLoopback: true, pool, hostGate: createHostGate({ counters: storage.rateLimits, spacingMs: 50 }) }),
      place: createPagePlacer(catalog.pages),
      evaluate: createWatchEvaluator({ repo: storage.watches, clock: () => now }).evaluate,
      deliver: deliveries.deliverDue,
      log,
      clock: () => now,
    });
    const emails = () => query<{ subject: string; text: string; html: string }>(`SELECT subject, text, html FROM outbox_emails WHERE "to" = 'watcher@example.com' ORDER BY created_at, id`);
    const pageReads = () => shop.requests.filter((request) => request.url === '/p/acme-kettle').length;

    // The first round records what it sees: no message.
    expect(await loop.round()).toMatchObject({ pages: 1, read: 1, failed: 0, watches: 1, events: 0, sent: 0 });
    expect(pageReads()).toBe(2);
    expect([ntfy.requests.length, hook.requests.length, (await emails()).length]).toEqual([0, 0, 0]);

    // $29.99 → $24.99, under the $25 target: one message on each channel.
    page.price = '24.99';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ read: 1, events: 1, sent: 3, deliveryFailures: 0 });
    expect(hook.requests).toHaveLength(1);
    expect(ntfy.requests).toHaveLength(1);
    const mails = await emails();
    expect(mails).toHaveLength(1);
    const productUrl = `${SHOPPER_APP}/product/${offer.productId}`;

    const webhook = present(hook.requests[0]);
    expect(webhook.method).toBe('POST');
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(webhook.headers['user-agent']).toMatch(/^PriceHunt-Watches\/1\.0/);
    const payload = watchWebhookPayloadSchema.parse(JSON.parse(webhook.body));
    expect(webhook.headers['idempotency-key']).toBe(payload.eventId);
    expect(payload).toEqual({
      event: 'price_drop',
      eventId: payload.eventId,
      occurredAt: new Date(now).toISOString(),
      watchId,
      product: { id: offer.productId, title: 'Acme Kettle 1.7 L', url: productUrl },
      store: { name: 'Fixture Shop', url: pageUrl },
      oldPriceCents: 2999,
      newPriceCents: 2499,
      targetPriceCents: 2500,
      currency: 'USD',
      links: { product: productUrl, store: pageUrl, watches: `${SHOPPER_APP}/watches`, stop: `${SHOPPER_APP}/watches/stop?token=stop-token-1` },
    });

    const message = present(ntfy.requests[0]);
    expect(message).toMatchObject({ method: 'POST', url: '/pricehunt-kettle' });
    expect(message.headers).toMatchObject({ title: 'Price drop: Acme Kettle 1.7 L', click: productUrl, tags: 'chart_with_downwards_trend', 'content-type': 'text/plain; charset=utf-8' });
    expect(message.body).toBe(`Now $24.99 at Fixture Shop (was $29.99)\nStop watching: ${SHOPPER_APP}/watches/stop?token=stop-token-1`);

    expect(present(mails[0]).subject).toBe('Price drop: Acme Kettle 1.7 L is now $24.99 at Fixture Shop');
    expect(present(mails[0]).text).toContain('Acme Kettle 1.7 L is now $24.99 at Fixture Shop, down from $29.99 (your target: $25.00).');
    expect(present(mails[0]).text).toContain(productUrl);
    expect(present(mails[0]).text).toContain(`${SHOPPER_APP}/watches/stop?token=stop-token-1`);
    expect(present(mails[0]).html).toContain(`href="${productUrl}"`);

    // The offer took the new price, and its product's history the new point.
    expect(await kettle()).toMatchObject({ priceCents: 2499, availability: 'in_stock' });
    const history = await storage.catalog.priceHistoryOfProduct(present(offer.productId), { since: '1970-01-01T00:00:00.000Z', limit: 100 });
    expect(history.map((point) => point.priceCents)).toEqual([2999, 2499]);

    // Read again, unchanged: nothing.
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ read: 1, events: 0, sent: 0 });
    expect([ntfy.requests.length, hook.requests.length, (await emails()).length]).toEqual([1, 1, 1]);

    // Out of stock, then in stock again: one back_in_stock.
    page.stock = 'OutOfStock';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ events: 0, sent: 0 });
    page.stock = 'InStock';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ events: 1, sent: 3 });
    expect(JSON.parse(present(hook.requests[1]).body)).toMatchObject({ event: 'back_in_stock', newPriceCents: 2499 });
    expect(present(ntfy.requests[1]).headers).toMatchObject({ title: 'Back in stock: Acme Kettle 1.7 L', tags: 'package' });
    expect(present((await emails())[1]).subject).toBe('Back in stock: Acme Kettle 1.7 L is now $24.99 at Fixture Shop');

    // Above the target (re-armed), then under it while the webhook answers 500: retried after its wait, with the same event id.
    page.price = '27.00';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ events: 0 });
    page.price = '23.50';
    hookStatus = 500;
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ events: 1, sent: 2, deliveryFailures: 1 });
    expect(hook.requests).toHaveLength(3);
    expect(await deliveries.deliverDue()).toEqual({ sent: 0, failed: 0, paused: 0 });
    now += WATCH_DELIVERY_BACKOFF_MS[0];
    expect(await deliveries.deliverDue()).toEqual({ sent: 0, failed: 1, paused: 0 });
    hookStatus = 200;
    now += WATCH_DELIVERY_BACKOFF_MS[1];
    expect(await deliveries.deliverDue()).toEqual({ sent: 1, failed: 0, paused: 0 });
    const retried = hook.requests.slice(2);
    expect(retried).toHaveLength(3);
    expect(new Set(retried.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(JSON.parse(present(retried[2]).body)).toMatchObject({ event: 'price_drop', oldPriceCents: 2700, newPriceCents: 2350 });
    expect(ntfy.requests).toHaveLength(3);
    expect(await emails()).toHaveLength(3);
    expect(await deliveries.deliverDue()).toEqual({ sent: 0, failed: 0, paused: 0 });

    // A webhook that keeps failing is paused after WATCH_LIMITS.pauseAfterFailures failures in a row; the shopper sees it.
    hookStatus = 503;
    page.price = '28.00';
    now += 3_600_000;
    await loop.round();
    page.price = '22.00';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ events: 1, deliveryFailures: 1 });
    for (let attempt = 1; attempt < WATCH_LIMITS.pauseAfterFailures; attempt++) {
      now += backoffAfter(attempt - 1);
      expect(await deliveries.deliverDue()).toEqual({ sent: 0, failed: 1, paused: attempt === WATCH_LIMITS.pauseAfterFailures - 1 ? 1 : 0 });
    }
    const failing = hook.requests.length;
    now += 86_400_000;
    expect(await deliveries.deliverDue()).toEqual({ sent: 0, failed: 0, paused: 0 });
    expect(hook.requests).toHaveLength(failing);
    const watch = await storage.watches.get('s1', watchId);
    expect(watch?.channels.find((channel) => channel.channel === 'webhook')).toMatchObject({ state: 'paused', failures: WATCH_LIMITS.pauseAfterFailures, lastError: 'HTTP 503' });
    expect(watch?.channels.find((channel) => channel.channel === 'ntfy')).toMatchObject({ state: 'ok', failures: 0 });
    expect(watch).toMatchObject({ currentPriceCents: 2200, lastEvent: { event: 'price_drop', priceCents: 2200 } });

    // A page that fails to read leaves the offer as it was.
    await query(`UPDATE watches SET url = ? WHERE id = ?`, [shop.url('/p/gone'), watchId]);
    expect(await loop.round()).toMatchObject({ pages: 1, read: 0, failed: 1, events: 0 });
    expect(await kettle()).toMatchObject({ priceCents: 2200 });
  });

  it('reads again the pasted pages among a watched product’s offers, which no feed keeps fresh', async () => {
    const { storage, catalog } = db.open;
    page.price = '29.99';
    page.stock = 'InStock';
    hookStatus = 200;
    const pageUrl = shop.url('/p/acme-kettle');
    const placed = present(await catalog.pages.place(pageUrl, canonicalizeUrl(pageUrl), present(await createPageReader({ allowLoopback: true, pool }).read(pageUrl))));
    await query(`INSERT INTO shoppers (id, email, password_hash) VALUES ('s2', 'product-watcher@example.com', 'x')`);
    await storage.watches.save(
      {
        id: randomUUID(),
        shopperId: 's2',
        owner: 'shopper:s2',
        email: 'product-watcher@example.com',
        status: 'active',
        confirmTokenHash: null,
        confirmExpiresAt: null,
        stopToken: 'stop-token-2',
        target: `product:${placed.productId}`,
        productId: placed.productId,
        offerId: null,
        url: null,
        title: 'Acme Kettle 1.7 L',
        targetPriceCents: 2500,
        createdAt: now,
      },
      [{ channel: 'webhook', destination: hook.url('/hooks/product') }],
      WATCH_LIMITS.perShopper,
      { replaceActive: true, at: now },
    );
    const log = createLogger('silent');
    const deliveries = createWatchDeliveryWorker({
      repo: storage.watches,
      send: createWatchSender({ mailer: createOutboxMailer({ outbox: storage.outbox, log, printToLog: false }), http: createSafeFetcher({ allowLoopback: true, timeoutMs: 5_000, maxRedirects: 0 }), shopperAppUrl: SHOPPER_APP }),
      owner: 'worker-2',
      log,
      clock: () => now,
    });
    const loop = createWatchLoop({
      repo: storage.watches,
      reader: createPageReader({ allowLoopback: true, pool }),
      place: createPagePlacer(catalog.pages),
      evaluate: createWatchEvaluator({ repo: storage.watches, clock: () => now }).evaluate,
      deliver: deliveries.deliverDue,
      log,
      clock: () => now,
    });
    const before = hook.requests.filter((request) => request.url === '/hooks/product').length;
    expect(await loop.round()).toMatchObject({ pages: 1, read: 1, events: 0 });
    page.price = '24.00';
    now += 3_600_000;
    expect(await loop.round()).toMatchObject({ pages: 1, read: 1, events: 1, sent: 1 });
    const sent = hook.requests.filter((request) => request.url === '/hooks/product');
    expect(sent).toHaveLength(before + 1);
    expect(JSON.parse(present(sent[sent.length - 1]).body)).toMatchObject({ event: 'price_drop', product: { id: placed.productId }, oldPriceCents: 2999, newPriceCents: 2400 });
  });
});
