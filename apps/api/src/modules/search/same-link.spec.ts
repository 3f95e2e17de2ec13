import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { searchResultSchema } from '@pricehunt/contracts';
import { readProductPageFixture } from '@pricehunt/catalog-identity/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';

const PAGE = readProductPageFixture('walmart-product');

/**
 * One link pasted twice at once, as the shopper site's server gives up waiting for a page being read and the browser
 * asks itself: the page is read once and both searches answer what it says.
 */
describe('a link asked for again while its page is being read', () => {
  let shop: http.Server;
  let t: TestApp;
  let reads = 0;
  beforeAll(async () => {
    shop = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      reads++;
      // Slow enough that the second search arrives while the first still waits for the page.
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE), 1_500);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const port = (shop.address() as AddressInfo).port;
    t = await buildTestApp({ FETCH_ALLOW_LOOPBACK: 'true', STORE_ORIGIN_OVERRIDES: `shop.slow.example=http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => shop.close(resolve));
  });

  const paste = async (requestId: string, url: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId, url } });
    expect(res.statusCode).toBe(200);
    return searchResultSchema.parse(res.json());
  };

  it('reads the page once and answers both searches from it, each under its own request id', async () => {
    const url = 'https://shop.slow.example/ip/1752657021';
    const [first, second] = [randomUUID(), randomUUID()];
    const answers = await Promise.all([paste(first, url), new Promise((resolve) => setTimeout(resolve, 300)).then(() => paste(second, url))]);
    expect(reads).toBe(1);
    // A page not read says why (`unreadPage`), so a failure here names its cause.
    expect(answers.map((answer) => [answer.identifiedBy, answer.unreadPage])).toEqual([
      ['page-metadata', null],
      ['page-metadata', null],
    ]);
    expect(answers.map((answer) => answer.requestId)).toEqual([first, second]);
    expect(answers[1]?.product?.id).toBe(answers[0]?.product?.id);
    // Each is stored under its own id.
    const stored = await t.app.inject({ method: 'GET', url: `/api/search/${second}` });
    expect(stored.json()).toMatchObject({ requestId: second, identifiedBy: 'page-metadata' });
  });
});
