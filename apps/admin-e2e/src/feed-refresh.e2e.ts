import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { pollUntil, registerConfirmed, startFeedServer, startStack, type FeedServer, type Stack } from '@pricehunt/e2e-harness';
import { api, demoAdminLogin } from './support/admin-console';

const HEADER = 'id\ttitle\tlink\tprice\tbrand\tmpn\tavailability';
const line = (id: string, title: string, price: string, mpn: string) => `${id}\t${title}\thttps://www.lakeside-audio.example/p/${id}\t${price}\tLakeside\t${mpn}\tin stock`;
const FEED = [
  HEADER,
  line('LS-1', 'Lakeside Studio Monitor Headphones LSH-900', '149.00 USD', 'LSH-900'),
  line('LS-2', 'Lakeside Bluetooth Speaker Pebble LSP-20', '59.00 USD', 'LSP-20'),
  line('LS-3', 'Lakeside Turntable Classic LST-1', '299.00 USD', 'LST-1'),
].join('\n');

/**
 * A feed source refreshed by the worker process, as an admin drives it through the API: the feed is fetched and its
 * offers searchable, a changed price and a dropped row are applied on "run now", an unchanged feed answers 304.
 */
describe('a feed source refreshed by the worker', () => {
  let stack: Stack;
  let feeds: FeedServer;
  let cookie: string;

  beforeAll(async () => {
    feeds = await startFeedServer();
    stack = await startStack({ offers: 0, worker: true });
    const admin = demoAdminLogin(stack.seedOutput);
    cookie = (await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: admin })).cookie as string;
  });
  afterAll(async () => {
    await stack?.stop();
    await feeds?.close();
  });

  /** A shopper's search for typed words: the product it found and that product's offers. */
  async function search(query: string) {
    const { body } = await api(stack.apiUrl, 'POST', '/api/search', { body: { requestId: randomUUID(), query } });
    return body as { product: { id: number; title: string } | null; offers: Array<{ title: string; priceCents: number; availability: string }> };
  }

  /** Waits (up to 30 s) until the source's last run is newer than `after` and finished. */
  async function finishedRun(id: string, after: string | null) {
    const firstRun = (body: Record<string, unknown>) => (body.runs as Array<{ id: string; status: string; startedAt: string }>)[0];
    const body = await pollUntil(
      async () => (await api(stack.apiUrl, 'GET', `/api/admin/feed-sources/${id}`, { cookie })).body,
      (latest) => {
        const run = firstRun(latest);
        return run !== undefined && run.status !== 'running' && (after === null || run.startedAt > after);
      },
      { timeoutMs: 30_000, failure: (latest) => `no finished run of ${id}: ${JSON.stringify(latest)}` },
    );
    return { source: body.source as Record<string, unknown>, run: firstRun(body) as Record<string, unknown> };
  }

  it('fetches the feed, applies a new price and a dropped row on "run now", and writes nothing for a 304', async () => {
    feeds.set('/lakeside.tsv', FEED);
    const created = await api(stack.apiUrl, 'POST', '/api/admin/feed-sources', {
      cookie,
      body: { url: feeds.url('/lakeside.tsv'), format: 'gmc-tsv', retailerName: 'Lakeside Audio', intervalMinutes: 60 },
    });
    expect(created.status).toBe(201);
    const id = (created.body.source as { id: string }).id;

    const first = await finishedRun(id, null);
    expect(first.run).toMatchObject({ status: 'succeeded', rowsRead: 3, added: 3, gone: 0 });
    expect((await search('lakeside turntable')).product?.title).toBe('Lakeside Turntable Classic LST-1');

    // A shopper watches the headphones for a price at or below 135.00.
    const shopper = { email: 'watcher@example.com', password: 'watch-the-price-42' };
    const shopperCookie = await registerConfirmed(stack, 'shopper', shopper);
    const watched = await search('lakeside LSH-900');
    const origin = { origin: 'http://localhost:4200' };
    const favorite = await fetch(`${stack.apiUrl}/api/shopper/favorites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: shopperCookie, ...origin },
      body: JSON.stringify({ productId: watched.product?.id, title: watched.product?.title, savedPriceCents: 14_900, currency: 'USD' }),
    });
    expect(favorite.status).toBeLessThan(300);
    const alert = await fetch(`${stack.apiUrl}/api/shopper/favorites/${watched.product?.id}/alert`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: shopperCookie, ...origin },
      body: JSON.stringify({ belowCents: 13_500 }),
    });
    expect(alert.status).toBe(200);

    // The headphones drop to 129.00 and the speaker is no longer listed.
    feeds.set('/lakeside.tsv', [HEADER, line('LS-1', 'Lakeside Studio Monitor Headphones LSH-900', '129.00 USD', 'LSH-900'), line('LS-3', 'Lakeside Turntable Classic LST-1', '299.00 USD', 'LST-1')].join('\n'));
    expect((await api(stack.apiUrl, 'POST', `/api/admin/feed-sources/${id}/run`, { cookie })).status).toBe(202);
    const second = await finishedRun(id, first.run.startedAt as string);
    expect(second.run).toMatchObject({ status: 'succeeded', rowsRead: 2, changed: 1, unchanged: 1, gone: 1 });

    const headphones = await search('lakeside LSH-900');
    expect(headphones.offers.map((offer) => offer.priceCents)).toEqual([12_900]);
    const product = await api(stack.apiUrl, 'GET', `/api/products/${headphones.product?.id}`);
    const history = product.body.priceHistory as Array<{ priceCents: number }>;
    expect(history.map((point) => point.priceCents)).toEqual([14_900, 12_900]);

    expect((await search('lakeside pebble LSP-20')).offers.map((offer) => offer.availability)).toEqual(['out_of_stock']);

    // The worker checked the alerts right after its run: the shopper's email says the old and the new price.
    const db = new Database(stack.databasePath, { readonly: true });
    try {
      const deadline = Date.now() + 15_000;
      let email: { subject: string; text: string } | undefined;
      while (!email && Date.now() < deadline) {
        email = db.prepare('SELECT subject, text FROM outbox_emails WHERE "to" = ? AND text LIKE ? ORDER BY rowid DESC').get(shopper.email, '%129.00%') as typeof email;
        if (!email) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(email?.text).toContain('$149.00');
      expect(email?.text).toContain('$129.00');
    } finally {
      db.close();
    }

    // Unchanged: one conditional request, answered 304, and a run that wrote nothing.
    expect((await api(stack.apiUrl, 'POST', `/api/admin/feed-sources/${id}/run`, { cookie })).status).toBe(202);
    const third = await finishedRun(id, second.run.startedAt as string);
    expect(third.run).toMatchObject({ status: 'not-modified', rowsRead: 0, added: 0, changed: 0, importRunId: null });
    expect(feeds.requests.at(-1)).toMatchObject({ status: 304 });
  });
});
