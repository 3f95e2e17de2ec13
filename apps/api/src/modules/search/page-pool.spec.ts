import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { searchResultSchema } from '@pricehunt/contracts';
import { readProductPageFixture } from '@pricehunt/catalog-identity/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { describeOnEngine, value } from '../../testing/db';

const ORIGIN = 'http://localhost:4200';
const PAGE = readProductPageFixture('walmart-product');
/** A real product page padded with 1 MB of markup: about a quarter of a second of reading each. */
const HEAVY_PAGE = PAGE.replace('</body>', `${'<div class="tile"><span>Lorem ipsum 12.99 in stock</span><a href="/p/1">more</a></div>\n'.repeat(12_000)}</body>`);
/** A page nested 1 MB deep: reading it takes about two minutes on a quiet machine, far past the time cap. */
const STUCK_PAGE = PAGE.replace('</body>', `${'<div><b><i>'.repeat(92_000)}</body>`);

/** Reading threads yield the CPU to the event loop: on a machine busy with other work these pages take minutes. */
const PAGES_TEST_MS = 240_000;

/** GET /api/health over a real connection, as a client waits for it: its time in milliseconds. */
function healthTime(origin: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/api/health`, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`health answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** The times of /api/health asked one after another until `work` settles. */
async function healthTimesWhile(origin: string, work: Promise<unknown>): Promise<number[]> {
  let working = true;
  void work.finally(() => (working = false)).catch(() => undefined);
  const times: number[] = [];
  while (working) {
    times.push(await healthTime(origin));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

/** A test shop: /stuck/… answers the nested page, /plain/… the page itself, anything else the heavy page. */
async function startShop(): Promise<{ shop: http.Server; port: number }> {
  const shop = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url?.startsWith('/stuck') ? STUCK_PAGE : req.url?.startsWith('/plain') ? PAGE : HEAVY_PAGE);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  return { shop, port: (shop.address() as AddressInfo).port };
}

const paste = async (t: TestApp, url: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), url } });
  expect(res.statusCode).toBe(200);
  return searchResultSchema.parse(res.json());
};

// The pool of reader threads is the same whatever the engine; its pages take many seconds of a thread's time, so they run in
// the SQLite run alone.
describeOnEngine('sqlite', 'pasted pages are read off the event loop', () => {
  let shop: http.Server;
  let t: TestApp;
  let apiOrigin = '';
  beforeAll(async () => {
    const started = await startShop();
    shop = started.shop;
    // The longest cap the API takes: a 1 MB page takes a quarter of a second of CPU, and the cap counts the thread's CPU
    // time, but reading threads yield the CPU, so on a machine busy with other tests these pages take many seconds on the
    // clock (two passed 30 s in a CI run), and the clock's own limit is six times the cap.
    t = await buildTestApp({ APP_ORIGINS: ORIGIN, FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `shop.heavy.example=http://127.0.0.1:${started.port}`, PAGE_READ_TIMEOUT_MS: '60000' });
    apiOrigin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => shop.close(resolve));
  });

  it('answers /api/health all along while heavy pasted pages are being read', async () => {
    // The threads are started and loaded first.
    expect((await t.app.pageReadPool.read(PAGE))?.gtin).toBe('00194253939153');
    const heavy = Array.from({ length: 6 }, (_, i) => paste(t, `https://shop.heavy.example/ip/${1752657021 + i}`));
    const times = await healthTimesWhile(apiOrigin, Promise.all(heavy));
    const results = await Promise.all(heavy);
    expect(results.map((result) => result.unreadPage?.reason ?? result.identifiedBy)).toEqual(Array(6).fill('page-metadata'));
    expect(results[0]?.source.title).toContain('AirPods Pro');
    // Read on the event loop, each would hold every request back for about half a second, too little for these bounds
    // to tell on a busy machine: the page that never ends (below) is what fails them there. How fast /api/health
    // answers while pages are read is measured by `npm run bench:extraction`, not here.
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(8_000);
  }, PAGES_TEST_MS);
});

// A page that never ends is read under a cap short enough that giving it up costs a thread seconds of CPU, not the
// minute the heavy pages are allowed; giving up is the same at any cap.
describeOnEngine('sqlite', 'a pasted page past its time cap', () => {
  let shop: http.Server;
  let t: TestApp;
  let apiOrigin = '';
  beforeAll(async () => {
    const started = await startShop();
    shop = started.shop;
    t = await buildTestApp({ APP_ORIGINS: ORIGIN, FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `shop.heavy.example=http://127.0.0.1:${started.port}`, PAGE_READ_TIMEOUT_MS: '6000' });
    apiOrigin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => shop.close(resolve));
  });

  it('is given up while /api/health answers all along: its link is searched with a line that says so, and a watch of it is a 422 on url', async () => {
    const pasted = paste(t, 'https://shop.heavy.example/stuck/acme-kettle-17');
    // Read on the event loop, the nested page would hold every request back for minutes.
    const times = await healthTimesWhile(apiOrigin, pasted);
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(8_000);
    const result = await pasted;
    expect(result.unreadPage).toEqual({ reason: 'read-timeout', shop: 'shop.heavy.example' });
    expect(result.identifiedBy).toBe('url-slug');

    const watch = await t.app.inject({
      method: 'POST',
      url: '/api/shopper/watches',
      headers: { origin: ORIGIN },
      payload: { url: 'https://shop.heavy.example/stuck/acme-kettle-17', email: 'watcher@example.com' },
    });
    expect(watch.statusCode).toBe(422);
    expect(watch.json()).toMatchObject({ field: 'url', error: 'We could not read this page: shop.heavy.example sent a page that took too long to read' });
    expect(await value(t.app, 'SELECT count(*) AS n FROM watches')).toBe(0);
    // The pool reads on after the page it gave up.
    expect((await paste(t, 'https://shop.heavy.example/plain/ip/1752657099')).identifiedBy).toBe('page-metadata');
  }, PAGES_TEST_MS);
});
