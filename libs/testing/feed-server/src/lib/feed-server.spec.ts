import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type FeedServer, startFeedServer } from './feed-server';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Set when the connection broke before the body ended. */
  aborted?: true;
}

/** A plain GET with node:http (no decompression, nothing hidden). Resolves with whatever arrived before `timeoutMs`. */
function get(url: string, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<Answer | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const done = (aborted?: true) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ...(aborted ? { aborted } : {}) });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done());
      res.on('aborted', () => done(true));
      res.on('error', () => done(true));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve('no answer');
    });
    req.on('error', reject);
  });
}

async function answer(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const result = await get(url, headers);
  if (result === 'no answer') throw new Error(`no answer from ${url}`);
  return result;
}

const CSV = 'id,title,link,price\nA,Lamp,https://shop.example.com/a,10 USD\n';

describe('feed server', () => {
  let server: FeedServer;
  afterEach(async () => {
    await server?.close();
  });

  it('serves files with strong ETags, Last-Modified and their content type', async () => {
    server = await startFeedServer({ '/feed.csv': CSV, '/feed.xml': { body: '<rss/>', lastModified: new Date('2026-11-01T10:00:00.500Z') } });
    const csv = await answer(server.url('/feed.csv'));
    expect(csv.status).toBe(200);
    expect(csv.body.toString()).toBe(CSV);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-length']).toBe(String(Buffer.byteLength(CSV)));
    expect(csv.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(csv.headers.etag).toBe(server.etag('/feed.csv'));
    const xml = await answer(server.url('/feed.xml'));
    expect(xml.headers['last-modified']).toBe('Sun, 01 Nov 2026 10:00:00 GMT');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((await answer(server.url('/missing.csv'))).status).toBe(404);
  });

  it('answers 304 to a matching If-None-Match or an If-Modified-Since not before the file, and 200 once it changes', async () => {
    server = await startFeedServer({ '/feed.csv': { body: CSV, lastModified: new Date('2026-11-01T10:00:00Z') } });
    const first = await answer(server.url('/feed.csv'));
    const etag = first.headers.etag as string;
    const byEtag = await answer(server.url('/feed.csv'), { 'if-none-match': etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.body.length).toBe(0);
    expect(byEtag.headers.etag).toBe(etag);
    expect((await answer(server.url('/feed.csv'), { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await answer(server.url('/feed.csv'), { 'if-modified-since': 'Sun, 01 Nov 2026 10:00:00 GMT' })).status).toBe(304);
    expect((await answer(server.url('/feed.csv'), { 'if-modified-since': 'Sun, 01 Nov 2026 09:59:59 GMT' })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await answer(server.url('/feed.csv'), { 'if-none-match': '"stale"', 'if-modified-since': 'Sun, 01 Nov 2026 10:00:00 GMT' })).status).toBe(200);

    server.set('/feed.csv', `${CSV}B,Shade,https://shop.example.com/b,5 USD\n`);
    const changed = await answer(server.url('/feed.csv'), { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString()).toContain('Shade');
  });

  it('sends gzip to a client that accepts it, with an ETag of its own, and serves .gz files as they are', async () => {
    server = await startFeedServer({ '/feed.csv': { body: CSV, gzip: true } });
    server.setGzipFile('/export.csv.gz', CSV);
    const gzipped = await answer(server.url('/feed.csv'), { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.body).toString()).toBe(CSV);
    expect(gzipped.headers.etag).toBe(server.etag('/feed.csv', 'gzip'));
    expect((await answer(server.url('/feed.csv'), { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.etag as string })).status).toBe(304);
    const plain = await answer(server.url('/feed.csv'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CSV);

    const file = await answer(server.url('/export.csv.gz'));
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(file.body).toString()).toBe(CSV);
  });

  it('fails the next request as told, then serves again', async () => {
    server = await startFeedServer({ '/feed.csv': CSV, '/other.csv': CSV });
    server.failNext('error');
    server.failNext('error', { status: 503, path: '/other.csv' });
    expect((await answer(server.url('/feed.csv'))).status).toBe(500);
    expect((await answer(server.url('/feed.csv'))).status).toBe(200);
    expect((await answer(server.url('/other.csv'))).status).toBe(503);

    server.failNext('truncate');
    const cut = await answer(server.url('/feed.csv'));
    expect(cut.headers['content-length']).toBe(String(Buffer.byteLength(CSV)));
    expect(cut.aborted).toBe(true);
    expect(cut.body.length).toBeLessThan(Buffer.byteLength(CSV));

    server.failNext('hang');
    expect(await get(server.url('/feed.csv'), {}, 300)).toBe('no answer');
    server.failNext('stall');
    expect(await get(server.url('/feed.csv'), {}, 300)).toBe('no answer');
    expect((await answer(server.url('/feed.csv'))).body.toString()).toBe(CSV);
  });

  it('redirects, removes files and records every request with its headers', async () => {
    server = await startFeedServer({ '/v2/feed.csv': CSV });
    server.redirect('/feed.csv', '/v2/feed.csv', 301);
    const moved = await answer(server.url('/feed.csv'));
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/v2/feed.csv');
    server.remove('/v2/feed.csv');
    expect((await answer(server.url('/v2/feed.csv'), { 'if-none-match': '"x"' })).status).toBe(404);
    expect(server.requests.map((r) => [r.method, r.path, r.status, r.headers['if-none-match']])).toEqual([
      ['GET', '/feed.csv', 301, undefined],
      ['GET', '/v2/feed.csv', 404, '"x"'],
    ]);
  });
});
