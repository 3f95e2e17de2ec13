import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, startStack, type Stack } from '@pricehunt/e2e-harness';
import { importFeedFile, inTempDir, LandingPage, openLocalBrowser, ProductPage, ResultsPage, screenshot } from './support/shopper-pages';

const DAY_MS = 86_400_000;
const TV_AMAZON = 'https://www.amazon.com/dp/B0BVXHT3MY';

/** One row of a Google Merchant Center feed. */
interface Row {
  id: string;
  title: string;
  link: string;
  price: string;
  brand: string;
  mpn: string;
  category: string;
}

const HEADER = ['id', 'title', 'link', 'price', 'availability', 'brand', 'mpn', 'condition', 'product_type'];
const tvAt = (retailer: 'amazon' | 'bestbuy', dollars: number): Row => ({
  id: retailer === 'amazon' ? 'B0BVXHT3MY' : '6535495',
  title: retailer === 'amazon' ? 'LG OLED55C3PUA 55 inch OLED evo 4K Smart TV' : 'LG - 55" Class C3 Series OLED evo 4K UHD Smart webOS TV OLED55C3PUA',
  link: retailer === 'amazon' ? TV_AMAZON : 'https://www.bestbuy.com/site/lg-55-class-c3-series-oled-evo-4k/6535495.p?skuId=6535495',
  price: `${dollars.toFixed(2)} USD`,
  brand: 'LG',
  mpn: 'OLED55C3PUA',
  category: 'Electronics > TVs',
});
const headphonesAt = (dollars: number): Row => ({
  id: '11111111',
  title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones',
  link: 'https://www.walmart.com/ip/Sony-WH-1000XM5-Wireless-Headphones/11111111',
  price: `${dollars.toFixed(2)} USD`,
  brand: 'Sony',
  mpn: 'WH-1000XM5',
  category: 'Electronics > Audio > Headphones',
});

/**
 * The same feed as it read on several days: each snapshot is imported by `catalog:import --at <that day>` (the real
 * ingestion, its clock set to the day), so only the prices that changed write history.
 */
const SNAPSHOTS: Array<{ daysAgo: number; rows: Row[] }> = [
  { daysAgo: 200, rows: [tvAt('amazon', 1500), tvAt('bestbuy', 1550), headphonesAt(300)] },
  { daysAgo: 100, rows: [tvAt('amazon', 1400), tvAt('bestbuy', 1550), headphonesAt(300)] },
  { daysAgo: 60, rows: [tvAt('amazon', 1400), tvAt('bestbuy', 1550), headphonesAt(320)] },
  { daysAgo: 45, rows: [tvAt('amazon', 1400), tvAt('bestbuy', 1350), headphonesAt(320)] },
  { daysAgo: 20, rows: [tvAt('amazon', 1450), tvAt('bestbuy', 1350), headphonesAt(320)] },
  { daysAgo: 0, rows: [tvAt('amazon', 1100), tvAt('bestbuy', 1350), headphonesAt(240)] },
];

const dateText = (time: number) => new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The price history's range buttons, chart and figures on the results page, and the deals page. */
describe('prices over time', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let shopper: string;
  const redirects: Array<{ status: number; location: string | null }> = [];
  const started = Date.now();

  async function importSnapshot(dir: string, snapshot: (typeof SNAPSHOTS)[number]) {
    const file = path.join(dir, `feed-${snapshot.daysAgo}.tsv`);
    const lines = snapshot.rows.map((row) => [row.id, row.title, row.link, row.price, 'in stock', row.brand, row.mpn, 'new', row.category].join('\t'));
    fs.writeFileSync(file, [HEADER.join('\t'), ...lines].join('\n'));
    const at = snapshot.daysAgo === 0 ? [] : ['--at', new Date(started - snapshot.daysAgo * DAY_MS).toISOString()];
    const output = await importFeedFile(stack, file, `import of ${snapshot.daysAgo} days ago`, at);
    expect(output).toMatch(/rows skipped \(errors\) +0\n/);
  }

  async function api<T>(pathname: string): Promise<T> {
    const response = await fetch(`${stack.apiUrl}${pathname}`);
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], offers: 0 });
    shopper = stack.appUrls.shopper as string;
    await inTempDir('pricehunt-feeds-', async (dir) => {
      for (const snapshot of SNAPSHOTS) await importSnapshot(dir, snapshot);
    });
    ({ browser, page } = await openLocalBrowser(redirects));
  }, 300_000);

  afterAll(async () => {
    await browser?.close(); // and its contexts
    await stack?.stop();
  });

  const chart = () => page.getByRole('img', { name: /^Price history from/ });
  const rangeButton = (name: string) => page.getByRole('group', { name: 'Price history range' }).getByRole('button', { name });
  const figures = () => page.getByLabel(/^Best price /).locator('dd').allTextContents();

  it('draws the price history over 30, 90 or 365 days with the lowest, highest and typical price of each, at one height', async () => {
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(TV_AMAZON);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    // The API marks Amazon's price today: the lowest of 90 days.
    const amazon = results.offers.filter({ hasText: 'Amazon' });
    await amazon.getByText('Lowest price in 90 days').waitFor();
    expect(await results.offers.filter({ hasText: 'Best Buy' }).getByText('Lowest price in 90 days').count()).toBe(0);

    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Price history' }) });
    // The chart under the offers is drawn once the shopper scrolls near it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await chart().waitFor();
    await panel.scrollIntoViewIfNeeded();
    expect(await rangeButton('90 days').getAttribute('aria-pressed')).toBe('true');
    // Best Buy's line stays at $1,550.00 until 45 days ago; the best price of those days was Amazon's $1,400.00.
    expect(await chart().getAttribute('aria-label')).toBe(`Price history from ${dateText(Date.now() - 90 * DAY_MS)} to ${dateText(Date.now())}: lowest $1,100.00, highest $1,550.00.`);
    expect(await figures()).toEqual(['$1,100.00', '$1,400.00', '$1,350.00']);
    const height = (await panel.boundingBox())?.height;
    await screenshot(page, 'price-history-90-days-1280');

    await rangeButton('30 days').click();
    expect(await rangeButton('30 days').getAttribute('aria-pressed')).toBe('true');
    expect(await chart().getAttribute('aria-label')).toBe(`Price history from ${dateText(Date.now() - 30 * DAY_MS)} to ${dateText(Date.now())}: lowest $1,100.00, highest $1,450.00.`);
    expect(await figures()).toEqual(['$1,100.00', '$1,350.00', '$1,350.00']);
    expect((await panel.boundingBox())?.height).toBe(height);

    await rangeButton('365 days').click();
    // The history begins 200 days ago: the year is drawn from there.
    expect(await chart().getAttribute('aria-label')).toBe(`Price history from ${dateText(started - 200 * DAY_MS)} to ${dateText(Date.now())}: lowest $1,100.00, highest $1,550.00.`);
    expect(await figures()).toEqual(['$1,100.00', '$1,500.00', '$1,400.00']);
    expect((await panel.boundingBox())?.height).toBe(height);
    await screenshot(page, 'price-history-365-days-1280');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Phone width: the same chart, drawn at the width it has.
    await page.setViewportSize({ width: 390, height: 844 });
    await rangeButton('90 days').click();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'price-history-390', false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lists the products whose price dropped under their typical price on /deals, and narrows them by category', async () => {
    const tvs = await api<{ items: Array<{ title: string }> }>('/api/browse?category=tvs');
    await page.goto(shopper);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).click();
    await page.waitForURL(`${shopper}/deals`);
    const list = page.getByRole('list', { name: 'Deals, biggest drop first' });
    await list.waitFor();
    const titles = () => list.getByRole('listitem').getByRole('heading').allTextContents();
    expect(await titles()).toEqual([expect.stringContaining('WH-1000XM5'), expect.stringContaining('OLED55C3PUA')]);
    const headphones = list.getByRole('listitem').first();
    expect(await headphones.textContent()).toContain('Best price at Walmart');
    expect(await headphones.textContent()).toContain('25% under its typical price · $80.00 less');
    expect(await list.getByRole('listitem').nth(1).textContent()).toContain('18.5% under its typical price · $250.00 less');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'deals-1280');

    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'TVs (1)' });
    await page.waitForURL(`${shopper}/deals?category=tvs`);
    await page.getByRole('heading', { level: 1, name: 'Deals: TVs' }).waitFor();
    // The category's deals replace the skeleton once they arrive.
    await list.getByRole('listitem').getByRole('heading').first().waitFor();
    expect(await titles()).toEqual([expect.stringContaining('OLED55C3PUA')]);

    // The deal opens its product's page: its offers, cheapest first, and its price history.
    await list.getByRole('link').first().click();
    const product = new ProductPage(page);
    await product.waitForOffers();
    expect(await product.heading.textContent()).toBe(tvs.items[0]?.title);
    expect((await product.offerRows()).map((row) => row.totalCents)).toEqual([110_000, 135_000]);
    await product.priceHistory.getByText('Best price over the last 90 days').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shopper}/deals`);
    await page.getByRole('list', { name: 'Deals, biggest drop first' }).waitFor();
    await screenshot(page, 'deals-390', false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
