/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSettings, withPanel, type Settings } from '../lib/settings';
import { answerFor, PAGE_URL } from '../testing';
import { createBackgroundService } from './service';

/** An API on 127.0.0.1 that keeps what it is asked and answers searches, sessions and watches as the real one does. */
function startApi(watchAnswer: { status: number; body: unknown }) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      requests.push({ method: request.method ?? '', path: request.url ?? '', body });
      const send = (status: number, payload: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (request.url === '/api/search') send(200, { ...answerFor(), requestId: body?.['requestId'], input: { url: body?.['url'], query: null } });
      else if (request.url === '/api/shopper/auth/session') send(200, { success: true, user: null });
      else if (request.url === '/api/shopper/watches') send(watchAnswer.status, watchAnswer.body);
      else send(404, { success: false, error: 'Not found', code: 'NOT_FOUND', statusCode: 404 });
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

describe('the background worker', () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  let settings: Settings;
  const watchAnswer = { status: 400, body: {} as unknown };
  beforeAll(async () => {
    api = await startApi(watchAnswer);
  });
  afterAll(async () => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    settings = readSettings({ apiUrl: api.url, siteUrl: 'https://pricehunt.test' }, { apiUrl: api.url, siteUrl: api.url });
  });
  const service = () => createBackgroundService({ settings: async () => settings });

  it('asks the API about a product page’s own address once, and answers the comparison', async () => {
    const worker = service();
    const reply = await worker.handle({ type: 'compare', url: `${PAGE_URL}#reviews` }, 'page');
    expect(reply).toMatchObject({ ok: true, comparison: { storeCount: 2, best: { store: 'Walmart', totalCents: 10_999 }, savingCents: 2_000 } });
    expect(api.requests).toEqual([{ method: 'POST', path: '/api/search', body: { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), url: PAGE_URL } }]);
    // The popup opened on the same page reuses the answer.
    await worker.handle({ type: 'compare', url: PAGE_URL }, 'extension');
    expect(api.requests).toHaveLength(1);
  });

  it('sends nothing for a page that is no known retailer’s product page, nor where the panel is off', async () => {
    const worker = service();
    for (const url of ['https://www.unknown-shop.test/products/widget-123', 'https://www.amazon.com/gp/help/customer', 'chrome://history']) {
      expect(await worker.handle({ type: 'compare', url }, 'page')).toMatchObject({ ok: false });
    }
    settings = withPanel(settings, 'amazon.com', false);
    expect(await worker.handle({ type: 'compare', url: PAGE_URL }, 'page')).toEqual({ ok: true, off: true });
    expect(api.requests).toEqual([]);
  });

  it('compares a link the shopper pasted into the popup, whatever its shop', async () => {
    const reply = await service().handle({ type: 'compare', url: 'https://www.unknown-shop.test/products/widget-123' }, 'extension');
    expect(reply).toMatchObject({ ok: true });
    expect(api.requests.map((request) => (request.body as { url: string }).url)).toEqual(['https://www.unknown-shop.test/products/widget-123']);
  });

  it('watches: signed out the API asks for an email, then the watch waits for its confirmation', async () => {
    const worker = service();
    watchAnswer.status = 400;
    watchAnswer.body = { success: false, error: 'email is required to watch signed out', code: 'VALIDATION_ERROR', statusCode: 400, field: 'email' };
    expect(await worker.handle({ type: 'watch', productId: 42 }, 'page')).toEqual({ ok: false, needsEmail: true, error: 'email is required to watch signed out' });
    watchAnswer.status = 202;
    watchAnswer.body = { success: true, pending: true, message: 'Open the link we sent to me@example.com.' };
    expect(await worker.handle({ type: 'watch', productId: 42, email: 'me@example.com' }, 'page')).toEqual({ ok: true, status: 'pending', message: 'Open the link we sent to me@example.com.' });
    expect(api.requests.map((request) => request.body)).toEqual([{ productId: 42 }, { productId: 42, email: 'me@example.com' }]);
  });

  it('tells a signed-out popup so without asking for watches', async () => {
    expect(await service().handle({ type: 'account' }, 'extension')).toEqual({ ok: true, email: null, watches: [], siteUrl: 'https://pricehunt.test' });
    expect(api.requests.map((request) => request.path)).toEqual(['/api/shopper/auth/session']);
  });
});
