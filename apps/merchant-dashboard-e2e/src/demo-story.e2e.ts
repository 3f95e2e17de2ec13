import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startStack, workspaceRoot, type Stack } from '@pricehunt/e2e-harness';

const SCREENSHOTS = path.join(workspaceRoot, 'screenshots', 'demo');
const MERCHANT = { email: 'merchant@pricehunt.local', password: 'pricehunt-merchant-1' };
const ADMIN = { email: 'admin@pricehunt.local', password: 'pricehunt-admin-1' };

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A number as the pages write it ("1,204", "$3,410.50", "6.2%"). */
const numberOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * The demo on a fresh seed, as a newcomer meets it after `npm start`: the demo store connected and weeks of shoppers'
 * traffic played through the API (`demo:traffic`), then the merchant's dashboard, the admin console and the shopper
 * site in Chromium.
 */
describe('the demo story', () => {
  let stack: Stack;
  let browser: Browser;
  /** A product of the demo store, as its Products page lists it. */
  let storeProduct = '';
  /** The merchant's figures of its default period (the last 30 days), as Home shows them. */
  let merchantFigures: Record<string, number> = {};

  beforeAll(async () => {
    stack = await startStack({ apps: ['merchant-dashboard', 'admin', 'shopper'], demo: true, demoDays: 3, demoTraffic: { days: 35 } });
    browser = await launchBrowser();
    // Seeding and playing 35 days of shoppers take minutes on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('plays the traffic through the API without a refusal', () => {
    expect(stack.trafficOutput).toMatch(/demo store demo-store\.localhost: tracking script installed .*domain verified/);
    expect(stack.trafficOutput).toMatch(/demo traffic: [\d,]+ visits/);
    expect(stack.trafficOutput).not.toMatch(/refused/);
  });

  it('shows the demo merchant non-zero figures and drawn charts for the last 30 days', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.appUrls['merchant-dashboard']}/business-login`);
    await page.getByLabel('Email').fill(MERCHANT.email);
    await page.getByLabel('Password').fill(MERCHANT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    // Signed in (the sign-in page's session check answered 401 before): from here on, no page logs an error.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    const metric = (label: string) => page.getByRole('region', { name: label }).locator('.md-metric__value');
    await metric('Clicks').filter({ hasNotText: /^0$/ }).waitFor();
    const clicks = numberOf(await metric('Clicks').textContent());
    const referrals = numberOf(await metric('Referrals').textContent());
    const conversions = numberOf(await metric('Conversions').textContent());
    const revenue = numberOf(await metric('Revenue').textContent());
    expect(conversions).toBeGreaterThan(0);
    expect(revenue).toBeGreaterThan(0);
    expect(clicks).toBeGreaterThanOrEqual(referrals);
    expect(referrals).toBeGreaterThanOrEqual(conversions);
    merchantFigures = { Clicks: clicks, Referrals: referrals, Conversions: conversions, Revenue: revenue };
    // The trend is drawn: a chart with its lines, not the "nothing in this period" state.
    await page.locator('.md-chart:not(.md-chart--empty) svg').first().waitFor();
    expect(await page.locator('.md-chart--empty').count()).toBe(0);
    await shot(page, 'merchant-home');

    await page.getByRole('link', { name: 'Analytics' }).click();
    // By product (the first breakdown): one row per product, however a search or a listing worded its name.
    await page.getByLabel('Break down by').selectOption('product');
    await page.getByRole('rowheader').first().waitFor();
    const products = (await page.getByRole('rowheader').allTextContents()).map((name) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim());
    expect(products.length).toBeGreaterThan(3);
    expect(new Set(products).size).toBe(products.length);
    await page.getByLabel('Break down by').selectOption('utm_campaign');
    await page.getByRole('rowheader', { name: 'weekly-deals' }).waitFor();
    await page.getByLabel('Break down by').selectOption('retailer');
    await page.getByRole('rowheader', { name: 'amazon.com' }).waitFor();
    await shot(page, 'merchant-analytics');

    await page.getByRole('link', { name: 'Attribution' }).click();
    await page.getByRole('heading', { name: 'Attribution' }).waitFor();
    await page.getByRole('rowheader').first().waitFor();
    await shot(page, 'merchant-attribution');

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(/^Page 2 of \d+/).waitFor();
    await shot(page, 'merchant-activity');

    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    // Each product ranked by price against the other retailers that sell it.
    await page.getByRole('cell', { name: /^#\d+ of \d+/ }).first().waitFor();
    storeProduct = ((await page.getByRole('table').getByRole('link').first().textContent()) ?? '').trim();
    expect(storeProduct).not.toBe('');
    await shot(page, 'merchant-products');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the admin the same weeks on the overview', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.appUrls.admin}/admin-login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const activity = page.getByRole('table');
    await activity.getByRole('rowheader', { name: 'Searches' }).waitFor();
    const cells = async (figure: string) => (await activity.getByRole('row').filter({ has: page.getByRole('rowheader', { name: figure, exact: true }) }).getByRole('cell').allTextContents()).map(numberOf);
    const [, searches7, searches30] = await cells('Searches');
    expect(searches30).toBeGreaterThan(searches7 as number);
    expect((await cells('Referrals'))[2]).toBeGreaterThan(0);
    expect((await cells('Conversions'))[2]).toBeGreaterThan(0);
    await shot(page, 'admin-overview');

    // The merchant's page in the console: its last 30 days are the dashboard's (calendar days in its time zone),
    // the traffic having begun more than 30 days ago.
    const found = await page.request.get(`${stack.appUrls.admin}/api/admin/businesses?q=${encodeURIComponent(MERCHANT.email)}`);
    const { items } = (await found.json()) as { items: Array<{ id: string }> };
    await page.goto(`${stack.appUrls.admin}/admin/business/${items[0]?.id}`);
    const figures = page.getByRole('table', { name: /Clicks, referrals, conversions and revenue/ });
    await figures.getByRole('columnheader', { name: /Last 30 days .* \(UTC\)/ }).waitFor();
    const last30 = async (figure: string) =>
      numberOf(await figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${figure}`) }) }).getByRole('cell').first().textContent());
    const shown: Record<string, number> = {};
    for (const figure of Object.keys(merchantFigures)) shown[figure] = await last30(figure);
    expect(shown).toEqual(merchantFigures);
    await shot(page, 'admin-business');
    await page.close();
  });

  it('compares the demo store’s products with the other retailers on the shopper site', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The store's product title as a shopper types it: its own product's offers, or a list to choose it from.
    await page.goto(`${stack.appUrls.shopper}/search?q=${encodeURIComponent(storeProduct.replace(/ - [^-]+$/, ''))}`);
    const goToStore = page.getByRole('link', { name: 'Go to Demo Store' }).first();
    await goToStore.or(page.getByRole('button', { name: /^Compare prices for / }).first()).waitFor({ timeout: 30_000 });
    if (!(await goToStore.isVisible())) await page.getByRole('button', { name: /^Compare prices for / }).first().click();
    await goToStore.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: /^Go to / }).count()).toBeGreaterThan(1);
    await shot(page, 'shopper-demo-store-offer');

    // The price history under the offers draws a line for every store that sells the product, the Demo Store too.
    const stores = new Set((await page.getByRole('link', { name: /^Go to / }).allTextContents()).map((text) => text.replace(/^Go to /, '').trim()));
    const legend = page.locator('.ph-chart__legend');
    await legend.scrollIntoViewIfNeeded();
    await legend.getByText(/^Demo Store: /).waitFor({ timeout: 30_000 });
    const keys = (await legend.locator('.ph-chart__key').allTextContents()).map((text) => text.replace(/: .* now$/, ''));
    expect(new Set(keys)).toEqual(stores);
    expect(await page.locator('.ph-chart svg[role="img"] polyline').count()).toBe(stores.size);
    await page.close();
  });
});
