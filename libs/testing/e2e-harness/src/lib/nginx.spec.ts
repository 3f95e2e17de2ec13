import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePort, tempDir } from './processes';
import { DEFAULT_API_PORTS, DEFAULT_SHOPPER_SERVER_PORT, DEFAULT_SITE_PORTS, NGINX_CONFIG_DIR, renderSites, startNginx, type RunningNginx } from './nginx';
import { closeTrafficAgents, request } from './traffic';

/** An API instance stand-in on loopback: answers who it is, or breaks the connection once it has read a request. */
interface Upstream {
  name: string;
  port: number;
  seen: { method: string; url: string; forwardedFor: string | undefined }[];
  breakAfterReading: boolean;
  /** The status it answers (200 unless told). */
  status: number;
  close(): Promise<void>;
}

async function startUpstream(name: string): Promise<Upstream> {
  const upstream = { name, port: 0, seen: [], breakAfterReading: false, status: 200 } as unknown as Upstream;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      upstream.seen.push({ method: request.method ?? '', url: request.url ?? '', forwardedFor: request.headers['x-forwarded-for'] as string | undefined });
      if (upstream.breakAfterReading) {
        request.socket.destroy();
        return;
      }
      response.statusCode = upstream.status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ instance: name, method: request.method, url: request.url, bytes: body.length, body: body.length > 1000 ? '' : body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.port = (server.address() as AddressInfo).port;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

describe('renderSites', () => {
  const text = fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'pricehunt.conf'), 'utf8');

  it('is the repository file itself on the default ports, but for the listening address', () => {
    expect(renderSites(text, { listenHost: '' })).toBe(text);
  });

  it('moves the sites and lists every API instance with the same parameters', () => {
    const rendered = renderSites(text, { sitePorts: { shopper: 9080, merchant: 9081, admin: 9082 }, apiPorts: [4001, 4002, 4003], shopperServerPort: 9400 });
    expect(rendered).toContain('listen 127.0.0.1:9080;');
    expect(rendered).toContain('listen 127.0.0.1:9082;');
    expect(rendered).not.toContain(`listen ${DEFAULT_SITE_PORTS.shopper};`);
    expect(rendered.match(/server 127\.0\.0\.1:\d+ max_fails=\d+ fail_timeout=\d+s;/g)).toEqual([
      'server 127.0.0.1:4001 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:4002 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:4003 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:9400 max_fails=1 fail_timeout=5s;',
    ]);
    expect(rendered).not.toContain(`:${DEFAULT_API_PORTS[1]} `);
    expect(rendered).not.toContain(`:${DEFAULT_SHOPPER_SERVER_PORT} `);
  });
});

// `npm test` installs Debian's nginx when it is missing (tools/scripts/ensure-install.mjs).
describe('the repository nginx configuration, run by Debian nginx', () => {
  let dir: string;
  let dist: string;
  let nginx: RunningNginx;
  let one: Upstream;
  let two: Upstream;
  let pages: Upstream;
  let shopper: string;
  let admin: string;

  beforeAll(async () => {
    dir = tempDir('pricehunt-nginx-');
    dist = path.join(dir, 'prefix');
    for (const app of ['shopper', 'merchant-dashboard', 'admin']) {
      fs.mkdirSync(path.join(dist, 'dist/apps', app, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'dist/apps', app, 'index.html'), `<!doctype html><title>${app}</title>`);
      fs.writeFileSync(path.join(dist, 'dist/apps', app, 'assets/index-3f2a.js'), `console.log(${JSON.stringify(app)});`.repeat(200));
    }
    one = await startUpstream('one');
    two = await startUpstream('two');
    pages = await startUpstream('shopper server');
    const sitePorts = { shopper: await freePort(), merchant: await freePort(), admin: await freePort() };
    nginx = await startNginx({ dir: path.join(dir, 'nginx'), prefix: dist, sitePorts, apiPorts: [one.port, two.port], shopperServerPort: pages.port });
    shopper = `http://127.0.0.1:${sitePorts.shopper}`;
    admin = `http://127.0.0.1:${sitePorts.admin}`;
  }, 30_000);

  afterAll(async () => {
    closeTrafficAgents();
    await nginx?.stop();
    await one?.close();
    await two?.close();
    await pages?.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes the shopper site's pages to its server, and answers the other apps' pages with their index.html, never cached", async () => {
    for (const page of ['/', '/https://www.amazon.com/dp/B0BXYZ1234?th=1', '/product/42/sony', '/sitemap.xml']) {
      const res = await fetch(`${shopper}${page}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ instance: 'shopper server', method: 'GET', url: page });
    }
    expect(pages.seen.every((request) => request.forwardedFor === '127.0.0.1')).toBe(true);
    const dashboard = await fetch(`${admin}/businesses`);
    expect(await dashboard.text()).toContain('<title>admin</title>');
    expect(dashboard.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves built assets for a year, compressed, and a missing asset as a 404 rather than the page', async () => {
    const asset = await fetch(`${shopper}/assets/index-3f2a.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect((await fetch(`${shopper}/assets/gone-1234.js`)).status).toBe(404);
  });

  it("answers the shopper site's pages with the app's shell, never cached, while its server is down", async () => {
    await pages.close();
    for (const page of ['/', '/https://www.amazon.com/dp/B0BXYZ1234?th=1', '/favorites']) {
      const res = await fetch(`${shopper}${page}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>shopper</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('passes /api and /t.js to the instances in turn, with the client address forwarded', async () => {
    one.seen.length = 0;
    two.seen.length = 0;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await (await fetch(`${shopper}/api/search?q=${i}`)).json()) as { instance: string; url: string });
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['one', 'two']));
    expect(answers[0]?.url).toBe('/api/search?q=0');
    expect(((await (await fetch(`${shopper}/t.js`)).json()) as { url: string }).url).toBe('/t.js');
    expect([...one.seen, ...two.seen].every((request) => request.forwardedFor === '127.0.0.1')).toBe(true);
  });

  it("forwards a client's own address and drops the X-Forwarded-For it made up; appends to the header of the shopper site's server", async () => {
    const get = (localAddress: string, forwardedFor: string) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${shopper}/api/health`, { localAddress, headers: { 'x-forwarded-for': forwardedFor } }, (response) => {
          response.resume();
          response.on('end', resolve);
        });
        request.on('error', reject);
      });
    one.seen.length = 0;
    two.seen.length = 0;
    // A browser (here 127.0.0.2, not an address nginx trusts) cannot name another address.
    await get('127.0.0.2', '198.51.100.7');
    // The shopper site's server (127.0.0.1) names its visitor: nginx appends the server's address.
    await get('127.0.0.1', '203.0.113.9');
    expect([...one.seen, ...two.seen].map((request) => request.forwardedFor).sort()).toEqual(['127.0.0.2', '203.0.113.9, 127.0.0.1']);
  });

  it("refuses a body over its route's limit with 413 and the JSON envelope before any instance sees it; feed uploads take more", async () => {
    one.seen.length = 0;
    two.seen.length = 0;
    const json = { 'content-type': 'application/json' };
    const big = await request(`${shopper}/api/track-event`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(1024 * 1024 + 1, 'a'), headers: json });
    expect(big.status).toBe(413);
    expect(big.headers['content-type']).toContain('application/json');
    expect(JSON.parse(big.body)).toEqual({ success: false, error: expect.any(String), code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
    // The API's own limit is 1 MB: a body of 1 MB exactly goes through.
    const limit = await request(`${shopper}/api/track-event`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(1024 * 1024, 'a'), headers: json });
    expect(limit.status).toBe(200);
    expect((await request(`${admin}/api/business/auth/login`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(2 * 1024 * 1024, 'a'), headers: json })).status).toBe(413);
    const tsv = { 'content-type': 'text/tab-separated-values' };
    const feed = await request(`${admin}/api/business/products/feed`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(5 * 1024 * 1024, 'a'), headers: tsv });
    expect(feed.status).toBe(200);
    expect((JSON.parse(feed.body) as { bytes: number }).bytes).toBe(5 * 1024 * 1024);
    expect((await request(`${admin}/api/business/products/feed`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(21 * 1024 * 1024, 'a'), headers: tsv })).status).toBe(413);
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    expect((await request(`${admin}/api/admin/imports`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(25 * 1024 * 1024, 'a'), headers: multipart })).status).toBe(200);
    expect((await request(`${admin}/api/admin/imports`, { localAddress: '127.0.0.5', method: 'POST', body: Buffer.alloc(27 * 1024 * 1024, 'a'), headers: multipart })).status).toBe(413);
    const posts = [...one.seen, ...two.seen].filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url).sort()).toEqual(['/api/admin/imports', '/api/business/products/feed', '/api/track-event']);
  }, 30_000);

  it("answers a client over its tracking rate 429 with Retry-After and the envelope, by the address it connects from; others are served", async () => {
    const json = { 'content-type': 'application/json' };
    const flood = await Promise.all(
      Array.from({ length: 150 }, () =>
        // A forged X-Forwarded-For changes nothing: the limit counts the address that connected.
        request(`${shopper}/api/track-event`, { localAddress: '127.0.0.6', method: 'POST', body: '{}', headers: { ...json, 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 250)}` } }),
      ),
    );
    const limited = flood.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(flood.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(limited[0]?.headers['retry-after']).toBe('1');
    expect(JSON.parse(limited[0]?.body ?? '')).toEqual({ success: false, error: expect.any(String), code: 'RATE_LIMITED', statusCode: 429 });
    // Another address at the same moment: served, on both tracking routes; reads from the flooding address too.
    expect((await request(`${shopper}/api/track-event`, { localAddress: '127.0.0.7', method: 'POST', body: '{}', headers: json })).status).toBe(200);
    expect((await request(`${shopper}/api/trackReferral`, { localAddress: '127.0.0.7', method: 'POST', body: '{}', headers: json })).status).toBe(200);
    expect((await request(`${shopper}/api/redirect?to=x`, { localAddress: '127.0.0.6' })).status).toBe(200);
  });

  it("keeps an instance in the rotation whatever it answers, and after one broken connection", async () => {
    one.status = 502;
    one.seen.length = 0;
    two.seen.length = 0;
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await request(`${shopper}/api/redirect?answer=${i}`, { localAddress: '127.0.0.8' }));
      // A 502 the instance wrote is its answer: the client gets it, nothing is sent again, the instance stays in.
      expect(answers.filter((a) => a.status === 502)).toHaveLength(3);
      expect(one.seen).toHaveLength(3);
      expect(two.seen).toHaveLength(3);
    } finally {
      one.status = 200;
    }
    one.breakAfterReading = true;
    const broken = await request(`${shopper}/api/redirect?broken=1`, { localAddress: '127.0.0.8' });
    const brokenAgain = await request(`${shopper}/api/redirect?broken=2`, { localAddress: '127.0.0.8' });
    one.breakAfterReading = false;
    // One of the two reached instance one, which broke it: it was passed to instance two.
    expect([broken.status, brokenAgain.status]).toEqual([200, 200]);
    one.seen.length = 0;
    for (let i = 0; i < 6; i++) expect((await request(`${shopper}/api/redirect?after=${i}`, { localAddress: '127.0.0.8' })).status).toBe(200);
    // One failure does not take it out: it still gets its turn.
    expect(one.seen.length).toBeGreaterThanOrEqual(2);
    expect(nginx.errorLog()).not.toContain('upstream server temporarily disabled');
  });

  it('retries a GET on the other instance when one breaks the connection, but never a POST it has sent', async () => {
    two.seen.length = 0;
    one.breakAfterReading = true;
    try {
      const statuses: number[] = [];
      one.seen.length = 0;
      for (let i = 0; i < 12 && one.seen.filter((r) => r.method === 'POST').length === 0; i++) {
        const res = await fetch(`${shopper}/api/track-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      // The POST that reached instance one was not sent again to instance two: its client gets a 502.
      expect(one.seen.some((r) => r.method === 'POST')).toBe(true);
      expect(statuses).toContain(502);
      expect(two.seen.filter((r) => r.method === 'POST').length).toBe(statuses.filter((s) => s === 200).length);
      // A GET that instance one breaks is passed to instance two.
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${shopper}/api/redirect?i=${i}`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { instance: string }).instance).toBe('two');
      }
    } finally {
      one.breakAfterReading = false;
    }
  }, 30_000);

  it('sends everything, POSTs too, to the instance that is up when the other refuses connections', async () => {
    await one.close();
    for (let i = 0; i < 6; i++) {
      const get = await fetch(`${shopper}/api/redirect?to=${i}`);
      expect(get.status).toBe(200);
      expect(((await get.json()) as { instance: string }).instance).toBe('two');
      const post = await fetch(`${shopper}/api/trackReferral`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(post.status).toBe(200);
      expect(((await post.json()) as { instance: string }).instance).toBe('two');
    }
  });
});
