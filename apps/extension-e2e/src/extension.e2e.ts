import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchWithExtension, registerConfirmed, startStack, workspaceRoot, type ExtensionBrowser, type Stack } from '@pricehunt/e2e-harness';
import { findDemoProduct, type DemoProduct } from './support/demo-product';
import { productPageHtml, startCountingProxy, startFixtureShops, type Listening, type ProxiedRequest } from './support/servers';

const BUILT = path.join(workspaceRoot, 'dist/apps/extension');
/** Pictures for a person to look at: the panel on the fixture page and the popup. */
const SHOTS = process.env.EXTENSION_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'pricehunt-extension-screenshots');
const UNKNOWN_HOST = 'www.unknown-shop.test';
const PANEL = '[data-pricehunt-panel]';
/** A password the API's strength policy accepts. */
const STRONG_PASSWORD = 'violet-harbour-lantern-42';

/**
 * The built extension in Debian's Chromium: Amazon's host mapped to a fixture shop on 127.0.0.1 serving a demo product's
 * page at its real path, the API (temporary database, demo catalog) behind a proxy that keeps every request it passes.
 */
describe('the browser extension', () => {
  let stack: Stack;
  let proxy: Listening & { requests: ProxiedRequest[] };
  let shops: Listening & { seen: string[] };
  let browser: ExtensionBrowser;
  let product: DemoProduct;
  let productUrl: string;
  let copy: string;
  const siteUrl = 'http://127.0.0.1:4999';

  beforeAll(async () => {
    if (!fs.existsSync(path.join(BUILT, 'manifest.json'))) throw new Error('the extension is not built: run "npx nx build extension" first');
    stack = await startStack({ demo: true, demoDays: 3 });
    product = await findDemoProduct(stack.apiUrl);
    proxy = await startCountingProxy(stack.apiUrl);
    // The shop serves the product's page at the address of its Amazon link, on this machine.
    const amazon = new URL(product.amazonUrl);
    productUrl = `https://www.amazon.com${amazon.pathname}`;
    const page = productPageHtml({ title: product.title, priceCents: product.amazonTotalCents });
    shops = await startFixtureShops(
      new Map([
        [`www.amazon.com${amazon.pathname}`, page],
        ['www.amazon.com/gp/help/customer', '<!doctype html><title>Help</title><h1>Customer service</h1>'],
        [`${UNKNOWN_HOST}/products/widget-123`, page],
      ]),
    );
    // The API's address is one of the extension's host permissions, as the production address is in its build.
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-extension-'));
    fs.cpSync(BUILT, copy, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as { host_permissions: string[] };
    manifest.host_permissions.push(`${proxy.url}/*`);
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
    browser = await launchWithExtension(copy, {
      args: [`--host-resolver-rules=MAP www.amazon.com 127.0.0.1:${shops.port}, MAP ${UNKNOWN_HOST} 127.0.0.1:${shops.port}`, '--ignore-certificate-errors'],
    });
    // The options page points the extension at this API and at a shopper site address.
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
    await options.getByLabel('API address').fill(proxy.url);
    await options.getByLabel('PriceHunt site address (comparison links)').fill(siteUrl);
    await options.getByRole('button', { name: 'Save addresses' }).click();
    await options.getByRole('region', { name: 'Notifications' }).getByText('Addresses saved').waitFor();
    await options.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shops?.close();
    await proxy?.close();
    await stack?.stop();
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  const shot = async (page: Page, name: string, fullPage = false) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, name), fullPage });
  };

  it('shows the panel on a known retailer’s product page within 2 s: other stores, best price, links through /api/redirect', async () => {
    proxy.requests.length = 0;
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    const started = Date.now();
    await page.goto(productUrl);
    const panel = page.locator(PANEL);
    await panel.locator('section').waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);

    const stores = await panel.locator('[data-field="stores"]').textContent();
    expect(stores).toBe(`Sold by ${product.otherStores.length} other stores`);
    expect(await panel.locator('[data-field="best-price"]').textContent()).toMatch(/^\$\d[\d,]*\.\d\d$/);
    // The shop's own styles (red 40 px links, dashed borders on every div) reach neither into the panel nor its host.
    expect(await panel.getByRole('link', { name: 'Compare all prices' }).evaluate((link) => getComputedStyle(link).fontSize)).toBe('13px');
    expect(await panel.evaluate((host) => getComputedStyle(host).borderTopStyle)).toBe('none');

    const links = await panel.locator('a').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    const storeLinks = links.filter((link) => !link.startsWith(siteUrl));
    expect(storeLinks.length).toBeGreaterThan(0);
    for (const link of storeLinks) {
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}`).toBe(`${proxy.url}/api/redirect`);
      expect(url.searchParams.get('source')).toBe('extension');
    }
    expect(links).toContainEqual(expect.stringMatching(new RegExp(`^${siteUrl}/search/[0-9a-f-]{36}/amazon-com-`)));
    // The redirect sends the shopper on to the store.
    const followed = await fetch(storeLinks[0] as string, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get('location') as string).protocol).toBe('https:');

    // One request, from the extension's origin: a search for this page's address and nothing else.
    const sent = proxy.requests.filter((request) => request.path !== '/api/redirect' && !request.path.startsWith('/api/redirect?'));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/search']);
    expect(sent[0]?.origin).toBe(`chrome-extension://${browser.extensionId}`);
    expect((JSON.parse(sent[0]?.body ?? '{}') as { url?: string }).url).toBe(productUrl);
    await shot(page, 'extension-panel.png');

    // Signed out, Watch asks for the address its confirmation goes to.
    await panel.getByRole('button', { name: 'Watch' }).click();
    await panel.getByLabel('Email for price alerts').waitFor();
    await page.close();
  });

  it('sends nothing and shows nothing on an unknown host, nor on a known host’s page that is no product', async () => {
    proxy.requests.length = 0;
    const page = await browser.context.newPage();
    for (const url of [`https://${UNKNOWN_HOST}/products/widget-123`, 'https://www.amazon.com/gp/help/customer']) {
      await page.goto(url);
      await page.getByRole('heading').first().waitFor();
      await page.waitForTimeout(1_500);
      expect(await page.locator(PANEL).count()).toBe(0);
    }
    expect(shops.seen).toContain(`${UNKNOWN_HOST}/products/widget-123`);
    expect(proxy.requests).toEqual([]);
    await page.close();
  });

  it('signed in, Watch watches the product, and the popup compares a pasted link and lists the shopper’s watches', async () => {
    const cookie = await registerConfirmed(stack, 'shopper', { email: `extension-${Date.now()}@example.com`, password: STRONG_PASSWORD });
    const [name, value] = cookie.split('=') as [string, string];
    await browser.context.addCookies([{ name, value, url: proxy.url }]);

    const page = await browser.context.newPage();
    await page.goto(productUrl);
    const panel = page.locator(PANEL);
    await panel.getByRole('button', { name: 'Watch' }).click();
    await panel.getByRole('button', { name: 'Watching' }).waitFor();
    await page.close();

    const popup = await browser.context.newPage();
    await popup.setViewportSize({ width: 360, height: 600 });
    await popup.goto(`chrome-extension://${browser.extensionId}/popup.html`);
    await popup.getByRole('list', { name: 'Your watches' }).getByText(product.title).waitFor();
    await popup.getByLabel('Paste a product link to compare').fill(product.amazonUrl);
    await popup.getByRole('button', { name: 'Compare' }).click();
    const card = popup.getByRole('region', { name: 'Comparison' });
    await card.getByText(`Sold by ${product.otherStores.length} other stores`).waitFor();
    const links = await card.locator('li a').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(links).toHaveLength(product.otherStores.length);
    for (const link of links) {
      expect(link.startsWith(`${proxy.url}/api/redirect?`) && new URL(link).searchParams.get('source') === 'extension').toBe(true);
    }
    expect(await popup.locator('.privacy').textContent()).toContain('no browsing history leaves your browser');
    await shot(popup, 'extension-popup.png', true);
    await popup.close();
  });
});
