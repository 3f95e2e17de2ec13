import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fetchShopifyPages } from '@pricehunt/catalog-feeds';
import { FeedHttpError, FeedTruncatedError, FetchFailedError, FetchTimeoutError, FetchTooLargeError, SsrfBlockedError } from './errors';
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS, createSafeFetchLike, fetchFeed } from './feed-fetch';
import { createSafeFetcher, loopbackAllowedHere } from './safe-fetch';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Server {
  origin: string;
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

async function serve(handler: Handler): Promise<Server> {
  const requests: Server['requests'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '/', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const FEED = [
  'id\ttitle\tlink\tprice\tavailability\tbrand\tgtin',
  'TV-55\tSony Bravia XR-55A80L 55" OLED\thttps://shop.example.com/p/tv-55\t1299.99 USD\tin stock\tSony\t4548736143524',
  'HP-1\tSony WH-1000XM5 Headphones – Black\thttps://shop.example.com/p/hp-1\t349.00 USD\tin stock\tSony\t4548736132610',
].join('\n');
const ETAG = `"${createHash('sha256').update(FEED).digest('hex').slice(0, 16)}"`;
const LAST_MODIFIED = 'Mon, 23 Nov 2026 06:00:00 GMT';

/** A feed with validators that honours conditional requests, as a well-behaved feed host does. */
const conditionalFeed: Handler = (req, res) => {
  const validators = { etag: ETAG, 'last-modified': LAST_MODIFIED };
  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  if ((inm !== undefined && inm === ETAG) || (inm === undefined && ims !== undefined && Date.parse(ims) >= Date.parse(LAST_MODIFIED))) {
    res.writeHead(304, validators).end();
    return;
  }
  res.writeHead(200, { ...validators, 'content-type': 'text/tab-separated-values; charset=utf-8' }).end(FEED);
};

describe('fetchFeed', () => {
  let server: Server;
  afterEach(async () => {
    await server?.close();
  });

  it('downloads a feed with its validators, then gets a 304 for the ETag it kept', async () => {
    server = await serve(conditionalFeed);
    const first = await fetchFeed(`${server.origin}/feed.tsv`, { allowLoopback: true });
    expect(first).toEqual({
      status: 'ok',
      body: FEED,
      etag: ETAG,
      lastModified: LAST_MODIFIED,
      finalUrl: `${server.origin}/feed.tsv`,
      contentType: 'text/tab-separated-values; charset=utf-8',
      bytes: Buffer.byteLength(FEED),
      transferredBytes: Buffer.byteLength(FEED),
    });
    if (first.status !== 'ok') throw new Error('expected a body');
    const second = await fetchFeed(`${server.origin}/feed.tsv`, { allowLoopback: true, etag: first.etag, lastModified: first.lastModified });
    expect(second).toEqual({ status: 'not-modified', etag: ETAG, lastModified: LAST_MODIFIED });
    expect(server.requests[0]?.headers).toMatchObject({ 'accept-encoding': 'gzip' });
    expect(server.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(server.requests[1]?.headers).toMatchObject({ 'if-none-match': ETAG, 'if-modified-since': LAST_MODIFIED, 'accept-encoding': 'gzip' });
  });

  it('gets a 304 for the Last-Modified alone, and keeps the validators it sent when the 304 repeats none', async () => {
    server = await serve((req, res) => {
      if (req.url === '/bare') res.writeHead(304).end();
      else conditionalFeed(req, res);
    });
    expect(await fetchFeed(`${server.origin}/feed.tsv`, { allowLoopback: true, lastModified: LAST_MODIFIED })).toEqual({
      status: 'not-modified',
      etag: ETAG,
      lastModified: LAST_MODIFIED,
    });
    expect(await fetchFeed(`${server.origin}/bare`, { allowLoopback: true, etag: '"v1"', lastModified: LAST_MODIFIED })).toEqual({
      status: 'not-modified',
      etag: '"v1"',
      lastModified: LAST_MODIFIED,
    });
    // A changed feed: a new body.
    const changed = await fetchFeed(`${server.origin}/feed.tsv`, { allowLoopback: true, etag: '"older"' });
    expect(changed).toMatchObject({ status: 'ok', body: FEED, etag: ETAG });
  });

  it('unpacks a gzip Content-Encoding and a .gz file, and follows redirects', async () => {
    const packed = gzipSync(FEED);
    server = await serve((req, res) => {
      if (req.url === '/feed.tsv') {
        res.writeHead(200, { 'content-type': 'text/tab-separated-values', 'content-encoding': 'gzip', 'content-length': String(packed.length) }).end(packed);
      } else if (req.url === '/export/feed.tsv.gz') {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(packed.length) }).end(packed);
      } else if (req.url === '/latest') {
        res.writeHead(302, { location: '/export/feed.tsv.gz' }).end();
      } else if (req.url === '/twice') {
        // A .gz file sent with Content-Encoding: gzip as well.
        const twice = gzipSync(packed);
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(twice.length) }).end(twice);
      } else res.writeHead(404).end();
    });
    expect(await fetchFeed(`${server.origin}/feed.tsv`, { allowLoopback: true })).toMatchObject({
      status: 'ok',
      body: FEED,
      bytes: Buffer.byteLength(FEED),
      transferredBytes: packed.length,
    });
    expect(await fetchFeed(`${server.origin}/latest`, { allowLoopback: true })).toMatchObject({
      status: 'ok',
      body: FEED,
      finalUrl: `${server.origin}/export/feed.tsv.gz`,
      contentType: 'application/gzip',
    });
    expect(await fetchFeed(`${server.origin}/twice`, { allowLoopback: true })).toMatchObject({ status: 'ok', body: FEED });
  });

  it('reads an empty body marked as gzip as empty, and a body that is no gzip as a failure', async () => {
    server = await serve((req, res) => {
      if (req.url === '/empty') res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': '0' }).end();
      else res.writeHead(200, { 'content-encoding': 'gzip' }).end('id,title\n1,not compressed at all\n');
    });
    expect(await fetchFeed(`${server.origin}/empty`, { allowLoopback: true })).toMatchObject({ status: 'ok', body: '', bytes: 0 });
    const err = await fetchFeed(`${server.origin}/plain`, { allowLoopback: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchFailedError);
    expect((err as Error).message).toContain('the body does not unpack');
  });

  it('decodes the charset the Content-Type or the XML declaration names', async () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\u00e9 cr\u00e8me</title></channel></rss>';
    server = await serve((req, res) => {
      if (req.url === '/latin1.csv') res.writeHead(200, { 'content-type': 'text/csv; charset=iso-8859-1' }).end(Buffer.from('id,title\n1,Cr\u00e8me br\u00fbl\u00e9e\n', 'latin1'));
      else res.writeHead(200, { 'content-type': 'application/xml' }).end(Buffer.from(xml, 'latin1'));
    });
    expect(await fetchFeed(`${server.origin}/latin1.csv`, { allowLoopback: true })).toMatchObject({ body: 'id,title\n1,Cr\u00e8me br\u00fbl\u00e9e\n' });
    expect(await fetchFeed(`${server.origin}/feed.xml`, { allowLoopback: true })).toMatchObject({ body: xml });
  });

  it('throws FeedHttpError naming the status for anything but 2xx and 304', async () => {
    server = await serve((req, res) => {
      const status = Number(req.url?.slice(1));
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status}`);
    });
    for (const status of [500, 404, 403, 410, 429]) {
      const err = await fetchFeed(`${server.origin}/${status}`, { allowLoopback: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeedHttpError);
      expect(err).toMatchObject({ status, code: 'HTTP_STATUS', message: `${server.origin}/${status} answered HTTP ${status}` });
    }
  });

  it('throws FeedTruncatedError, never a shorter feed, when the connection closes before the announced length', async () => {
    const body = Buffer.from(FEED.repeat(50));
    server = await serve((req, res) => {
      const sent = req.url === '/gzip' ? gzipSync(body) : body;
      res.writeHead(200, { 'content-length': String(sent.length), ...(req.url === '/gzip' ? { 'content-encoding': 'gzip' } : {}) });
      res.write(sent.subarray(0, Math.floor(sent.length / 2)), () => req.socket.destroy());
    });
    for (const path of ['/plain', '/gzip']) {
      const err = await fetchFeed(`${server.origin}${path}`, { allowLoopback: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeedTruncatedError);
      expect((err as FeedTruncatedError).code).toBe('TRUNCATED');
      expect((err as FeedTruncatedError).receivedBytes).toBeLessThan((err as FeedTruncatedError).expectedBytes ?? 0);
    }
  });

  it('throws FeedTruncatedError for a gzip stream that stops early though all its bytes arrived', async () => {
    const cut = gzipSync(FEED.repeat(20));
    const partial = cut.subarray(0, cut.length - 40);
    server = await serve((req, res) => {
      if (req.url === '/encoded') res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(partial.length) }).end(partial);
      else res.writeHead(200, { 'content-type': 'application/gzip' }).end(partial);
    });
    for (const path of ['/encoded', '/feed.tsv.gz']) {
      const err = await fetchFeed(`${server.origin}${path}`, { allowLoopback: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeedTruncatedError);
      expect((err as Error).message).toContain('the compressed stream stops before its end');
    }
  });

  it('stops at the size cap, as sent or unpacked: a gzip bomb is not unpacked past it', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MB of zeros in about 64 KB
    server = await serve((req, res) => {
      if (req.url === '/declared') res.writeHead(200, { 'content-length': String(2_000_000) }).end(Buffer.alloc(2_000_000, 'a'));
      else if (req.url === '/chunked') res.writeHead(200).end(Buffer.alloc(2_000_000, 'a'));
      else if (req.url === '/bomb') res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb);
      else res.writeHead(200, { 'content-type': 'application/gzip' }).end(bomb);
    });
    const before = process.memoryUsage().rss;
    for (const path of ['/declared', '/chunked', '/bomb', '/bomb.csv.gz']) {
      const err = await fetchFeed(`${server.origin}${path}`, { allowLoopback: true, maxBytes: 1_000_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FetchTooLargeError);
      expect((err as FetchTooLargeError).maxBytes).toBe(1_000_000);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('gives up at the deadline, whether the server never answers or stalls mid-body', async () => {
    server = await serve((req, res) => {
      if (req.url === '/stall') {
        res.writeHead(200, { 'content-length': '100000' });
        res.write('id\ttitle\n');
      }
      // '/silent' never answers
    });
    for (const path of ['/silent', '/stall']) {
      const started = Date.now();
      const err = await fetchFeed(`${server.origin}${path}`, { allowLoopback: true, timeoutMs: 300 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FetchTimeoutError);
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('refuses a redirect to a private address and never follows it', async () => {
    server = await serve((req, res) => {
      if (req.url === '/feed.tsv') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-lan') res.writeHead(302, { location: 'http://192.168.1.10/feed.tsv' }).end();
      else res.writeHead(302, { location: 'http://intranet.feeds.test/feed.tsv' }).end();
    });
    const resolve = async (name: string) => {
      if (name !== 'intranet.feeds.test') throw new Error(`unexpected lookup of ${name}`);
      return [{ address: '10.0.0.7', family: 4 as const }];
    };
    for (const path of ['/feed.tsv', '/to-lan', '/to-name']) {
      await expect(fetchFeed(`${server.origin}${path}`, { allowLoopback: true, resolve })).rejects.toBeInstanceOf(SsrfBlockedError);
    }
    // Without allowLoopback the loopback server itself is refused before any request.
    await expect(fetchFeed(`${server.origin}/feed.tsv`)).rejects.toBeInstanceOf(SsrfBlockedError);
    expect(server.requests.map((r) => r.path)).toEqual(['/feed.tsv', '/to-lan', '/to-name']);
  });

  it('has feed-sized defaults, and leaves the page fetcher’s as they were', async () => {
    expect(FEED_MAX_BYTES).toBe(200 * 1024 * 1024);
    expect(FEED_TIMEOUT_MS).toBe(120_000);
    const page = Buffer.alloc(4 * 1024 * 1024, 'a');
    server = await serve((_req, res) => res.writeHead(200, { 'content-length': String(page.length) }).end(page));
    await expect(createSafeFetcher({ allowLoopback: true }).fetch(`${server.origin}/big-page`)).rejects.toThrow('larger than 3145728 bytes');
    expect(await fetchFeed(`${server.origin}/big-feed`, { allowLoopback: true })).toMatchObject({ status: 'ok', bytes: page.length });
  });
});

describe('allowLoopback outside tests', () => {
  const saved = { NODE_ENV: process.env['NODE_ENV'], FETCH_ALLOW_LOOPBACK: process.env['FETCH_ALLOW_LOOPBACK'] };
  const setEnv = (nodeEnv: string | undefined, allow: string | undefined) => {
    for (const [name, value] of [['NODE_ENV', nodeEnv], ['FETCH_ALLOW_LOOPBACK', allow]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  afterEach(() => setEnv(saved.NODE_ENV, saved.FETCH_ALLOW_LOOPBACK));

  it('is allowed under tests and where FETCH_ALLOW_LOOPBACK=true outside production, as the API allows it', () => {
    expect(loopbackAllowedHere({ NODE_ENV: 'test' })).toBe(true);
    expect(loopbackAllowedHere({ NODE_ENV: 'development', FETCH_ALLOW_LOOPBACK: 'true' })).toBe(true);
    expect(loopbackAllowedHere({ FETCH_ALLOW_LOOPBACK: '1' })).toBe(true);
    expect(loopbackAllowedHere({ NODE_ENV: 'development' })).toBe(false);
    expect(loopbackAllowedHere({ NODE_ENV: 'development', FETCH_ALLOW_LOOPBACK: 'false' })).toBe(false);
    expect(loopbackAllowedHere({ NODE_ENV: 'production', FETCH_ALLOW_LOOPBACK: 'true' })).toBe(false);
  });

  it('is refused by every fetcher where it is not allowed', async () => {
    setEnv('production', 'true');
    await expect(fetchFeed('http://127.0.0.1:9/feed.tsv', { allowLoopback: true })).rejects.toThrow('allowLoopback is only for tests');
    expect(() => createSafeFetchLike({ allowLoopback: true })).toThrow('allowLoopback is only for tests');
    setEnv('development', undefined);
    expect(() => createSafeFetcher({ allowLoopback: true })).toThrow('allowLoopback is only for tests');
    setEnv('development', 'true');
    expect(() => createSafeFetcher({ allowLoopback: true })).not.toThrow();
  });
});

describe('createSafeFetchLike', () => {
  let server: Server;
  afterEach(async () => {
    await server?.close();
  });

  it('pages through a Shopify store with fetchShopifyPages, gzip and all', async () => {
    const product = (id: number) => ({
      id,
      title: `Mug ${id}`,
      handle: `mug-${id}`,
      vendor: 'Acme',
      variants: [{ id: id * 10, title: 'Default Title', price: '12.00', available: true }],
    });
    const pages: Record<string, unknown[]> = { '1': [product(1), product(2)], '2': [product(3)], '3': [] };
    server = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://store');
      const body = gzipSync(JSON.stringify({ products: pages[url.searchParams.get('page') ?? ''] ?? [] }));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', 'content-length': String(body.length) }).end(body);
    });
    const fetch = createSafeFetchLike({ allowLoopback: true, timeoutMs: 5000 });
    const seen: string[] = [];
    const iterator = fetchShopifyPages({ store: server.origin, fetch, currency: 'USD', limit: 2 });
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        expect(next.value).toBe('empty-page');
        break;
      }
      seen.push(...next.value.result.offers.map((o) => o.title));
    }
    expect(seen).toEqual(['Mug 1', 'Mug 2', 'Mug 3']);
    expect(server.requests.map((r) => [r.path, r.headers['accept'], r.headers['accept-encoding']])).toEqual([
      ['/products.json?limit=2&page=1', 'application/json', 'gzip'],
      ['/products.json?limit=2&page=2', 'application/json', 'gzip'],
      ['/products.json?limit=2&page=3', 'application/json', 'gzip'],
    ]);
  });

  it('hands the status over for the caller to judge, and refuses private addresses', async () => {
    server = await serve((_req, res) => res.writeHead(401, { 'content-type': 'text/plain' }).end('password protected'));
    const fetch = createSafeFetchLike({ allowLoopback: true });
    const answer = await fetch(`${server.origin}/products.json`);
    expect(answer.status).toBe(401);
    expect(await answer.text()).toBe('password protected');
    await expect(createSafeFetchLike()(`${server.origin}/products.json`)).rejects.toBeInstanceOf(SsrfBlockedError);
  });
});
