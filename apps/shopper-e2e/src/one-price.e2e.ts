import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, startStack, type Stack } from '@pricehunt/e2e-harness';
import { importFeedFile, inTempDir, LandingPage, openLocalBrowser, openPage, ProductPage, ResultsPage, screenshot } from './support/shopper-pages';

const MPN = 'QN65QN90DAFXZA';
const TARGET = 'https://www.target.com/p/samsung-65-qn90d-neo-qled-4k-smart-tv/-/A-89123456';
const HEADER = ['id', 'title', 'link', 'price', 'availability', 'brand', 'mpn', 'condition', 'product_type', 'shipping'];

/**
 * One TV at six shops, each offer a trap for a careless "best price": a cheaper bundle, a cheaper sold-out offer, a
 * cheaper refurbished one, and a cheaper price whose shipping the shop does not state. Walmart's $2,655.99 delivered
 * is the price a shopper can really pay, new and alone.
 */
const ROWS = [
  ['QN90D-WM', 'Samsung 65" Class QN90D Neo QLED 4K Smart TV QN65QN90DAFXZA', 'https://www.walmart.com/ip/Samsung-65-QN90D/5123456789', '2655.99 USD', 'in stock', 'new', 'US:::0.00 USD'],
  ['QN90D-CO', 'Samsung 65" Class QN90D Neo QLED 4K Smart TV QN65QN90DAFXZA with Wall Mount Kit', 'https://www.costco.com/samsung-65-qn90d-wall-mount.product.4000212345.html', '2473.99 USD', 'in stock', 'new', 'US:::0.00 USD'],
  ['B0CVQN90D1', 'SAMSUNG 65-Inch Class Neo QLED 4K QN90D Series Smart TV', 'https://www.amazon.com/dp/B0CVQN90D1', '2399.99 USD', 'out of stock', 'new', 'US:::0.00 USD'],
  ['6576123', 'Samsung - 65" Class QN90D Neo QLED 4K Smart Tizen TV (Refurbished)', 'https://www.bestbuy.com/site/samsung-65-qn90d/6576123.p?skuId=6576123', '2199.99 USD', 'in stock', 'refurbished', 'US:::0.00 USD'],
  ['N82E1689QN90D', 'Samsung QN65QN90D 65 inch Neo QLED 4K Smart TV', 'https://www.newegg.com/p/N82E1689QN90D', '2599.99 USD', 'in stock', 'new', ''],
  ['89123456', 'Samsung 65" QN90D 4K Neo QLED Smart TV', TARGET, '2699.99 USD', 'in stock', 'new', 'US:::0.00 USD'],
];

/** The best price every page shows for the TV, as the catalog decided it: Walmart's total, new, in stock, delivered. */
describe('one truth for every price', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let shopper: string;
  const redirects: Array<{ status: number; location: string | null }> = [];

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], offers: 0 });
    shopper = stack.appUrls.shopper as string;
    await inTempDir('pricehunt-one-price-', async (dir) => {
      const file = path.join(dir, 'tv.tsv');
      const lines = ROWS.map(([id, title, link, price, availability, condition, shipping]) =>
        [id, title, link, price, availability, 'Samsung', MPN, condition, 'Electronics > TVs', shipping].join('\t'),
      );
      fs.writeFileSync(file, [HEADER.join('\t'), ...lines].join('\n'));
      await importFeedFile(stack, file, 'import of the TV');
    });
    ({ browser, page } = await openLocalBrowser(redirects));
  }, 300_000);

  afterAll(async () => {
    await browser?.close(); // and its contexts
    await stack?.stop();
  });

  it('lists the offers a shopper can buy first, marks the delivered new price as best, and keeps bundles, sold-out and refurbished offers apart', async () => {
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(TARGET);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    const rows = await results.offerRows();
    // Refurbished offers are hidden until asked for; the sold-out one comes last. The best price heads the list: Newegg's
    // lower price, whose shipping is not stated, comes after the stated totals.
    expect(rows.map((row) => [row.link, row.section])).toEqual([
      ['Go to Walmart', 'new'],
      ['Go to Target', 'new'],
      ['Go to Newegg', 'new'],
      ['Go to Costco', 'bundle'],
      ['Go to Amazon', 'out_of_stock'],
    ]);
    const offer = (name: string) => results.offers.filter({ has: page.getByRole('link', { name: `Go to ${name}` }) });
    await offer('Walmart').getByText('Best price').waitFor();
    expect(await results.offers.getByText('Best price', { exact: true }).count()).toBe(1);
    // A price whose shipping is not stated says so, and never wins the cheapest total; the heading says why it comes later.
    expect(await offer('Newegg').locator('.ph-offer__price').textContent()).toContain('+ shipping');
    await page.getByText('new first, shipping listed first, then cheapest total; then bundles and out of stock').waitFor();
    // Savings against the pasted Target offer: the new ones one can buy alone.
    expect(await offer('Walmart').textContent()).toContain('Save $44.00 vs. your link');
    expect(await offer('Amazon').textContent()).not.toMatch(/Save|more than your link/);
    expect(await offer('Costco').textContent()).not.toMatch(/Save|more than your link/);
    await page.getByText('Bundles and multipacks').waitFor();
    await page.getByText('Not available now').waitFor();
    expect(await page.getByRole('link', { name: 'Go to Best Buy' }).count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Include used and refurbished (1)' }).check();
    await page.getByText('Used and refurbished', { exact: true }).waitFor();
    expect(await offer('Best Buy').locator('.ph-offer__condition').textContent()).toBe('Refurbished');
    expect(await offer('Best Buy').getByText('Best price').count()).toBe(0);
    expect((await results.offerRows()).map((row) => row.section)).toEqual(['new', 'new', 'new', 'second_hand', 'bundle', 'out_of_stock']);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'one-price-results-1280');
  });

  it('shows the same best price on the product page, in its JSON-LD, on browse and in the API', async () => {
    const browse = (await (await fetch(`${stack.apiUrl}/api/browse?category=tvs`)).json()) as { items: Array<{ id: number; bestPriceCents: number }> };
    expect(browse.items).toHaveLength(1);
    const id = browse.items[0]?.id as number;
    expect(browse.items[0]?.bestPriceCents).toBe(265_599);
    const detail = (await (await fetch(`${stack.apiUrl}/api/products/${id}`)).json()) as { product: { bestPriceCents: number }; offers: Array<{ isBestPrice: boolean; retailer: { name: string } }> };
    expect(detail.product.bestPriceCents).toBe(265_599);
    expect(detail.offers.filter((o) => o.isBestPrice).map((o) => o.retailer.name)).toEqual(['Walmart']);

    await page.goto(`${shopper}/product/${id}/x`);
    const product = new ProductPage(page);
    await product.waitForOffers();
    expect(await page.getByText('Best price', { exact: true }).first().locator('..').textContent()).toContain('$2,655.99 at Walmart');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { offers: { lowPrice: string } };
    expect(ld.offers.lowPrice).toBe('2655.99');

    await page.goto(`${shopper}/browse/tvs`);
    const card = page.locator('.ph-product-card').first();
    await card.waitFor();
    expect(await card.textContent()).toContain('from $2,655.99');
    await screenshot(page, 'one-price-browse-1280');
  });

  it('names the TV by what its shops agree on, lists its specifications, and filters offers and products through the address', async () => {
    const browse = (await (await fetch(`${stack.apiUrl}/api/browse?category=tvs`)).json()) as { items: Array<{ id: number }> };
    const id = browse.items[0]?.id as number;
    await openPage(page, `${shopper}/product/${id}/x`);
    const product = new ProductPage(page);
    await product.waitForOffers();
    // No shop's listing: the words most of the six say, the model, its size apart.
    const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
    expect(name).toBe('Samsung QN90D 4K Neo QLED Smart TV (65")');
    expect(ROWS.map((row) => row[1]?.toLowerCase())).not.toContain(name?.toLowerCase());
    const specs = page.getByRole('region', { name: 'Specifications' });
    await specs.waitFor();
    expect(await specs.getByRole('row', { name: /Size/ }).textContent()).toContain('65"');
    expect(await specs.getByRole('row', { name: /Stores/ }).textContent()).toContain('6 stores');

    // The offers' filters are kept in the address: a reload shows the same offers.
    // A filter's box shows what the address says: it turns once the page has taken the new address, after the click.
    await page.getByRole('checkbox', { name: 'Free shipping' }).click();
    await page.waitForURL(/\?freeShipping=1$/);
    expect(await page.getByRole('link', { name: 'Go to Newegg' }).count()).toBe(0);
    await page.reload();
    // Filters answer once the app has taken over the page the server sent.
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    await product.offers.first().waitFor();
    expect(await page.getByRole('checkbox', { name: 'Free shipping' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Newegg' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Store' }).selectOption('target');
    await page.waitForURL(/freeShipping=1&store=target$/);
    await page.getByRole('link', { name: 'Go to Walmart' }).waitFor({ state: 'detached' });
    expect((await product.offerRows()).map((row) => row.link)).toEqual(['Go to Target']);

    // Browse narrows the category by store, condition, stock, free shipping and size, in the address too.
    await openPage(page, `${shopper}/browse/tvs?store=bestbuy&condition=refurbished`);
    await page.locator('.ph-product-card').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Condition' }).inputValue()).toBe('refurbished');
    expect(await page.getByRole('combobox', { name: 'Store' }).inputValue()).toBe('bestbuy');
    await page.getByRole('combobox', { name: 'Size' }).selectOption('65"');
    await page.waitForURL(/size=65%22/);
    await page.locator('.ph-product-card').first().waitFor();
    await page.getByRole('checkbox', { name: 'Free shipping' }).click();
    await page.waitForURL(/freeShipping=1/);
    await page.locator('.ph-product-card').first().waitFor();
    await screenshot(page, 'one-price-browse-filters-1280');
    // Newegg does not say what it charges for shipping: no product of it ships free.
    await openPage(page, `${shopper}/browse/tvs?store=newegg&freeShipping=1`);
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL(/\/browse\/tvs$/);
    await page.locator('.ph-product-card').first().waitFor();
  });
});
