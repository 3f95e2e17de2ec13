import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, startStack, workspaceRoot, type Stack } from '@pricehunt/e2e-harness';
import { screenshot } from './support/shopper-pages';

/** The real saved product pages of catalog-identity's page corpus (gzip-compressed, byte for byte as published). */
const CORPUS_DIR = path.join(workspaceRoot, 'libs/catalog/identity/src/fixtures/pages');

interface Pasted {
  /** The corpus page served, at its real address's path. */
  file: string;
  /** The link a shopper pastes: the page's real address. */
  url: string;
  /** What the results page shows of it. */
  title: string;
  brand: string;
  price: RegExp;
  identifiers: string[];
}

const PAGES: Pasted[] = [
  {
    // Amazon: read from its own page elements (productTitle, the price block, the byline, the details table).
    file: 'amazon-com-1.html.gz',
    url: 'https://www.amazon.com/Camcorder-Hausbell-302S-Control-Infrared/dp/B01KLOA1PI',
    title: 'Camcorder, Hausbell 302S FHD Camcorder with Night Vision 1080p Remote Control Infrared Camera Digital Camcorder with Touch screen (Black)',
    brand: 'Hausbell',
    price: /\$89\.00 at Amazon/,
    identifiers: ['302S'],
  },
  {
    // Walmart: microdata, with the shop's name in its Open Graph title.
    file: 'walmart-com-1.html.gz',
    url: 'https://www.walmart.com/ip/Evenflo-Big-Kid-High-Back-Booster-Car-Seat-Denver/42338107',
    title: 'Evenflo Big Kid High Back Booster Car Seat, Denver',
    brand: 'Evenflo',
    price: /\$37\.30 at Walmart/,
    identifiers: ['31911718', '032884187614'],
  },
  {
    // A Swiss shop: JSON-LD in Swiss francs.
    file: 'jumbo-ch-1.html.gz',
    url: 'https://www.jumbo.ch/de/filzstift-fibralo-medium-24718?sku=1049084',
    // The product is named as shops name it: with its brand.
    title: "CARAN D'ACHE Filzstift FIBRALO MEDIUM",
    brand: "CARAN D'ACHE",
    price: /CHF\s?19\.50 at Jumbo/,
    identifiers: ['7610186303159'],
  },
];

/**
 * Pasting a link to a shop the catalog does not know: the API fetches the shop's real page (served here from
 * 127.0.0.1 at its real path; STORE_ORIGIN_OVERRIDES points the shops' domains at this server), reads the
 * product from it and places it as the shop's offer; the results page shows the title, brand, the link's price at
 * that shop and its identifiers.
 */
describe('pasted links to real product pages', () => {
  let pageServer: http.Server;
  let stack: Stack;
  let browser: Browser;
  let shopper: string;
  const served: string[] = [];

  beforeAll(async () => {
    const routes = new Map(PAGES.map((p) => [new URL(p.url).pathname + new URL(p.url).search, zlib.gunzipSync(fs.readFileSync(path.join(CORPUS_DIR, p.file)))]));
    pageServer = http.createServer((req, res) => {
      const body = routes.get(req.url ?? '');
      served.push(req.url ?? '');
      // Best Buy's pages refuse robots, as a bot wall does.
      if (req.url?.startsWith('/site/')) return void res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Access denied</body></html>');
      if (!body) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
    const overrides = [...PAGES.map((p) => new URL(p.url).host), 'www.bestbuy.com'].map((host) => `${host}=${origin}`).join(',');
    // What is checked is what the reader reads: a machine busy with other tests may take longer than the 10 s a
    // page's read is given by default (the link's words are answered then), so these reads get the longest allowed.
    stack = await startStack({ apps: ['shopper'], offers: 0, env: { STORE_ORIGIN_OVERRIDES: overrides, PAGE_READ_TIMEOUT_MS: '60000' } });
    shopper = stack.appUrls.shopper as string;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise<void>((resolve) => (pageServer ? pageServer.close(() => resolve()) : resolve()));
  });

  it.each(PAGES.map((p) => [new URL(p.url).host, p] as const))('%s: the results page shows what the page says', async (host, pasted) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shopper}/${pasted.url}`);
    await page.waitForURL(/\/new-search\/[0-9a-f-]{36}\//);
    const heading = page.locator('#product-title');
    await heading.waitFor();
    expect((await heading.innerText()).trim()).toBe(pasted.title);
    const header = page.locator('.ph-product');
    expect(await header.locator('.ph-product__brand').innerText()).toContain(pasted.brand);
    const facts = await header.locator('.ph-product__facts').innerText();
    // Read from the page. On a busy machine the site's server gives up waiting (2.5 s) and the browser asks again under
    // a request id of its own; when it asks after the first search has placed the offer, the answer is that listing.
    expect(facts).toMatch(/Identified from the product page|Exact listing found in our catalog/);
    expect(facts.replace(/\u00a0/g, ' ')).toMatch(pasted.price);
    const shown = await header.innerText();
    for (const id of pasted.identifiers) expect(shown).toContain(id);
    expect(served).toContain(new URL(pasted.url).pathname + new URL(pasted.url).search);
    await screenshot(page, `pasted-${host.replace(/^www\./, '')}`);
    await context.close();
  });

  it('answers a page that refuses to be read with its link’s words, says so, and keeps the link in the box', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const link = 'https://www.bestbuy.com/site/lumetra-k7-mechanical-keyboard/6501234.p?skuId=6501234';
    await page.goto(`${shopper}/${link}`);
    await page.waitForURL(/\/new-search\/[0-9a-f-]{36}\//);
    const heading = page.locator('#product-title');
    await heading.waitFor();
    expect((await heading.innerText()).trim()).toBe('Lumetra K7 Mechanical Keyboard');
    const line = page.getByRole('status').filter({ hasText: 'We could not read this page' });
    expect(await line.innerText()).toContain('We could not read this page at Best Buy: the shop refused our request. We searched for the words in its link');
    expect(await page.getByRole('combobox').first().inputValue()).toBe(link);
    expect(served).toContain('/site/lumetra-k7-mechanical-keyboard/6501234.p?skuId=6501234');
    await screenshot(page, 'pasted-refused');
    await context.close();
  });
});
