import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, startStack, type Stack } from '@pricehunt/e2e-harness';

/** SPEC §2 "Direct-URL behaviour": a product link pasted after the site's address becomes a search. */
describe('direct-URL detector', () => {
  let stack: Stack;
  let browser: Browser;
  let shopper: string;

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], offers: 0 });
    shopper = stack.appUrls.shopper as string;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('turns /https://www.amazon.com/dp/… into /new-search/<uuid>/<slug> with the url in session storage', async () => {
    const page = await browser.newPage();
    await page.route('**/*', (route) => (route.request().url().startsWith(shopper) ? route.continue() : route.abort()));
    await page.goto(`${shopper}/https://www.amazon.com/dp/B09XS7JWHH`);
    await page.waitForURL(/\/new-search\//);

    const url = new URL(page.url());
    const match = url.pathname.match(/^\/new-search\/([0-9a-f-]{36})\/(.+)$/);
    expect(match).not.toBeNull();
    const [, requestId, slug] = match as RegExpMatchArray;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(slug).toBe('amazon-com-b09xs7jwhh');

    const stored = await page.evaluate((id) => {
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i) as string;
        if (key.includes(id)) return sessionStorage.getItem(key);
      }
      return null;
    }, requestId as string);
    expect(stored).not.toBeNull();
    const record = JSON.parse(stored as string) as { url: string; timestamp: number };
    expect(record.url).toBe('https://www.amazon.com/dp/B09XS7JWHH');
    expect(typeof record.timestamp).toBe('number');

    // The detector replaces the history entry: going back never returns to the pasted-URL page.
    await page.goBack().catch(() => null);
    expect(page.url()).not.toContain('/https:');
    await page.close();
  });

  it('shows "Processing URL..." while the browser runs a search the site\'s server could not answer in time', async () => {
    // A product page that takes longer to answer than the site's server waits for a search (SEARCH_WAIT_MS, 2.5 s).
    const slowPage = http.createServer((request, response) => {
      setTimeout(() => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end('<!doctype html><html><head><title>Slowpoke Kettle 1.7 L - Kitchen Shop</title></head><body><h1>Slowpoke Kettle 1.7 L</h1></body></html>');
      }, 3500);
    });
    await new Promise<void>((resolve) => slowPage.listen(0, '127.0.0.1', resolve));
    const port = (slowPage.address() as AddressInfo).port;
    const page = await browser.newPage();
    try {
      await page.addInitScript(() => {
        // Make the navigation observable: record whether the processing text was rendered before leaving.
        const observer = new MutationObserver(() => {
          if (document.body?.innerText.includes('Processing URL...')) sessionStorage.setItem('saw-processing', '1');
        });
        document.addEventListener('DOMContentLoaded', () => {
          if (document.body.innerText.includes('Processing URL...')) sessionStorage.setItem('saw-processing', '1');
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      });
      await page.goto(`${shopper}/http://127.0.0.1:${port}/products/slow-kettle-123`);
      await page.waitForURL(/\/new-search\/[0-9a-f-]{36}\/127-0-0-1-slow-kettle-123$/, { timeout: 20_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('saw-processing'))).toBe('1');
    } finally {
      await page.close();
      slowPage.closeAllConnections();
      slowPage.close();
    }
  });

  it('answers a pasted link the server could search at once with its results, the request kept as the browser keeps it', async () => {
    const page = await browser.newPage();
    await page.goto(`${shopper}/https://www.walmart.com/ip/Some-Thing/123456`);
    expect(new URL(page.url()).pathname).toMatch(/^\/new-search\/[0-9a-f-]{36}\/walmart-com-123456$/);
    expect(await page.evaluate(() => document.body.innerText.includes('Processing URL...'))).toBe(false);
    await page.close();
  });

  it('sends a path that is not a URL to /?error=invalid-url', async () => {
    const page = await browser.newPage();
    await page.goto(`${shopper}/https://not a url`);
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('error') === 'invalid-url');
    expect(new URL(page.url()).search).toBe('?error=invalid-url');
    await page.close();
  });
});
