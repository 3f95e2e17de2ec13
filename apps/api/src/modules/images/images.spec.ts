import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { imageVersion } from '@pricehunt/contracts';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer } from '@pricehunt/storage/testing';
import { value } from '../../testing/db';

/** A picture made here: `width`×`height` of one colour, in `format`. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .toFormat(format)
    .toBuffer();

interface Source {
  status?: number;
  type?: string;
  body: Buffer | string;
  /** Wait this long before answering (a slow source). */
  delayMs?: number;
  chunked?: boolean;
}

/** A real HTTP server on 127.0.0.1 serving the pictures' sources, counting the requests each path gets. */
async function startSources(routes: Record<string, Source>) {
  const hits = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    const route = routes[url];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    const send = () => {
      // A chunked answer, without its length: the size cap is found while reading.
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'image/png', ...(route.chunked ? {} : { 'content-length': String(Buffer.byteLength(route.body)) }) });
      res.end(route.body);
    };
    if (route.delayMs) setTimeout(send, route.delayMs).unref();
    else send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${origin}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the image route', () => {
  let t: TestApp;
  let sources: Awaited<ReturnType<typeof startSources>>;

  beforeAll(async () => {
    sources = await startSources({
      '/kettle.png': { body: await picture(1200, 800) },
      '/toaster.jpg': { body: await picture(300, 200, 'jpeg'), type: 'image/jpeg' },
      '/gone.png': { status: 404, body: 'no such picture', type: 'text/plain' },
      '/page.html': { body: '<!doctype html><title>not a picture</title>', type: 'text/html' },
      '/vector.svg': { body: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>', type: 'image/svg+xml' },
      '/huge-file.png': { body: Buffer.alloc(9 * 1024 * 1024, 7) },
      '/huge-chunked.png': { body: Buffer.alloc(9 * 1024 * 1024, 7), chunked: true },
      '/huge-pixels.png': { body: await picture(8000, 8000) },
      '/slow.png': { body: await picture(100, 100), delayMs: 20_000 },
    });
  });
  afterAll(async () => sources.close());

  beforeEach(async () => {
    // The slow source gives up after 6 s: long enough for a quick picture to be fetched and resized beside it on a
    // machine busy with other suites, short enough to keep the 504 case quick.
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', IMAGE_FETCH_TIMEOUT_MS: '6000' });
  });
  afterEach(async () => t.close());

  /** Imports one offer per picture path (a product each) and answers the products' ids by path. */
  async function catalogWith(paths: string[]): Promise<Map<string, number>> {
    const offers = paths.map((path, i) =>
      feedOffer({ externalId: `P${i}`, url: `https://shop.example/p/${i}`, title: `Acme Widget model W-${100 + i} number ${i}`, brand: 'Acme', mpn: `W-${100 + i}`, imageUrl: sources.url(path) }),
    );
    const summary = await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source: 'images.tsv', retailer: { id: 'shop', name: 'Shop' } });
    expect(summary.status).toBe('succeeded');
    const ids = new Map<string, number>();
    for (const [i, path] of paths.entries()) ids.set(path, await value<number>(t.app, 'SELECT product_id FROM offers WHERE external_id = ?', [`P${i}`]));
    return ids;
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*', ...headers } });

  it('serves a product’s picture resized to an allowed width, as WebP, cacheable forever under the URL its summary gives', async () => {
    const ids = await catalogWith(['/kettle.png']);
    const id = ids.get('/kettle.png') as number;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
    const path = `/api/images/products/${id}?v=${imageVersion(sources.url('/kettle.png'))}`;
    expect(detail.product.imageUrl).toBe(path);

    const fetched = sources.hits('/kettle.png');
    const answer = await get(`${path}&w=160`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toMatch(/accept/i);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 107 });

    // Other widths and JPEG for a client without WebP: made from the one fetched source.
    const large = await get(`${path}&w=640`);
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
    const jpeg = await get(`${path}&w=320`, { accept: 'image/jpeg,image/png' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    expect(sources.hits('/kettle.png')).toBe(fetched + 1);

    // Asked again: the same bytes from the cache, and a client holding them gets a 304.
    const again = await get(`${path}&w=160`);
    expect(again.rawPayload.equals(answer.rawPayload)).toBe(true);
    const unchanged = await get(`${path}&w=160`, { 'if-none-match': answer.headers['etag'] as string });
    expect(unchanged.statusCode).toBe(304);
    expect(sources.hits('/kettle.png')).toBe(fetched + 1);

    // A URL without the current version may name another picture later: cached briefly.
    expect((await get(`/api/images/products/${id}?w=160`)).headers['cache-control']).toBe('public, max-age=300');
    expect((await get(`/api/images/products/${id}?v=old1&w=160`)).headers['cache-control']).toBe('public, max-age=300');
    // No width: the default one; a source smaller than the width is not enlarged.
    expect(await sharp((await get(path)).rawPayload).metadata()).toMatchObject({ width: 320 });
  });

  it('serves an offer’s picture, and keeps its original size when it is smaller than the width', async () => {
    await catalogWith(['/toaster.jpg']);
    const offerId = await value<number>(t.app, "SELECT id FROM offers WHERE external_id = 'P0'");
    const answer = await get(`/api/images/offers/${offerId}?w=960`);
    expect(answer.statusCode).toBe(200);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('fetches a source once for requests that come together', async () => {
    const ids = await catalogWith(['/kettle.png']);
    const path = `/api/images/products/${ids.get('/kettle.png')}`;
    const before = sources.hits('/kettle.png');
    const answers = await Promise.all([160, 160, 160, 320, 320, 96].map((w) => get(`${path}?w=${w}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sources.hits('/kettle.png')).toBe(before + 1);
  });

  it('refuses a width it does not make, naming w, and ids of nothing', async () => {
    const ids = await catalogWith(['/kettle.png']);
    const id = ids.get('/kettle.png') as number;
    const toaster = sources.hits('/toaster.jpg');
    for (const w of ['150', '0', '100000', 'abc', '-160', '160.5']) {
      const answer = await get(`/api/images/products/${id}?w=${w}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, field: 'w', error: expect.stringContaining('w must be one of 96, 160') });
    }
    expect((await get('/api/images/products/999999?w=160')).json()).toMatchObject({ success: false, statusCode: 404 });
    expect((await get('/api/images/offers/999999?w=160')).statusCode).toBe(404);
    expect((await get('/api/images/products/x')).json()).toMatchObject({ statusCode: 400, field: 'id' });
    // Only catalog pictures: a URL named by the caller is no parameter of the route.
    expect((await get(`/api/images/products/${id}?url=${encodeURIComponent(sources.url('/toaster.jpg'))}`)).statusCode).toBe(200);
    expect(sources.hits('/toaster.jpg')).toBe(toaster);
  });

  it('serves a retired product’s picture URL (a favorite keeps it) with its successor’s picture', async () => {
    const ids = await catalogWith(['/kettle.png', '/toaster.jpg']);
    const [kettle, toaster] = [ids.get('/kettle.png') as number, ids.get('/toaster.jpg') as number];
    const merged = await t.app.storage.catalog.mergeProducts(
      toaster,
      kettle,
      () => ({ actorId: 'a1', actorEmail: 'admin@example.com', action: 'catalog.merge_products', targetType: 'catalog', targetId: String(kettle), targetLabel: null, before: null, after: null }),
      new Date().toISOString(),
    );
    expect(merged).toMatchObject({ ok: true });
    const toasterFetched = sources.hits('/toaster.jpg');
    const answer = await get(`/api/images/products/${toaster}?v=${imageVersion(sources.url('/toaster.jpg'))}&w=160`);
    expect(answer.statusCode).toBe(200);
    // The successor's picture, not cached for long: the version named is not its picture's.
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    const successors = await get(`/api/images/products/${kettle}?v=${imageVersion(sources.url('/kettle.png'))}&w=160`);
    expect(answer.rawPayload.equals(successors.rawPayload)).toBe(true);
    expect(sources.hits('/toaster.jpg')).toBe(toasterFetched);
  });

  it('answers a product without a picture 404', async () => {
    const offers = [feedOffer({ externalId: 'N1', url: 'https://shop.example/p/n1', title: 'Acme Plain Thing without picture' })];
    await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source: 'plain.tsv', retailer: { id: 'shop', name: 'Shop' } });
    const id = await value<number>(t.app, "SELECT product_id FROM offers WHERE external_id = 'N1'");
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product.imageUrl).toBeNull();
    const answer = await get(`/api/images/products/${id}?w=160`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ success: false, error: 'The product has no picture' });
  });

  it.each([
    ['a source that answers 404', '/gone.png', 502, /answered 404/],
    ['a page that is no picture', '/page.html', 502, /not a picture/],
    ['an SVG document', '/vector.svg', 502, /not a picture/],
    ['a file over the size cap', '/huge-file.png', 502, /larger than 8 MB/],
    ['a file over the size cap, its length untold', '/huge-chunked.png', 502, /larger than 8 MB/],
    ['a picture of too many pixels', '/huge-pixels.png', 502, /too many pixels/],
    ['a source that does not answer in time', '/slow.png', 504, /did not answer in time/],
  ])('answers %s with the error envelope, never cached, and does not fetch it again at once', async (_what, source, status, message) => {
    const ids = await catalogWith([source]);
    const url = `/api/images/products/${ids.get(source)}?v=${imageVersion(sources.url(source))}&w=160`;
    const answer = await get(url);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ success: false, statusCode: status, error: expect.stringMatching(message) });
    expect(answer.headers['cache-control']).toBeUndefined();
    const before = sources.hits(source);
    expect((await get(url)).statusCode).toBe(status);
    expect(sources.hits(source)).toBe(before);
  });

  it('keeps other pictures coming while a source is slow', async () => {
    const ids = await catalogWith(['/slow.png', '/toaster.jpg']);
    const order: string[] = [];
    const slow = get(`/api/images/products/${ids.get('/slow.png')}?w=160`).then((a) => order.push(`slow ${a.statusCode}`));
    const quick = get(`/api/images/products/${ids.get('/toaster.jpg')}?w=160`).then((a) => order.push(`quick ${a.statusCode}`));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['quick 200', 'slow 504']);
  });

  it('gives a product whose picture changed a new URL', async () => {
    const ids = await catalogWith(['/kettle.png']);
    const id = ids.get('/kettle.png') as number;
    await t.app.catalog.ingestion.importOffers(
      [feedOffer({ externalId: 'P0', url: 'https://shop.example/p/0', title: 'Acme Widget model W-100 number 0', brand: 'Acme', mpn: 'W-100', imageUrl: sources.url('/toaster.jpg') })],
      { format: 'gmc', source: 'images.tsv', retailer: { id: 'shop', name: 'Shop' } },
    );
    const offerId = await value<number>(t.app, "SELECT id FROM offers WHERE external_id = 'P0'");
    const search = (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
    expect(search.offers[0].imageUrl).toBe(`/api/images/offers/${offerId}?v=${imageVersion(sources.url('/toaster.jpg'))}`);
  });
});
