import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  linkFromOutbox,
  pollUntil,
  registerConfirmed,
  startShopServer,
  startStack,
  workspaceRoot,
  writeOriginFor,
  type ShopProduct,
  type ShopServer,
  type Stack,
} from '@pricehunt/e2e-harness';
import { withCheckDigit } from './support/gtin';

const SCREENSHOTS = path.join(workspaceRoot, 'screenshots', 'merchant-dashboard');
const PASSWORD = 'kettle-store-2026';

const products: ShopProduct[] = [
  { handle: 'acme-kettle-pro', title: 'Acme Kettle Pro 1.7L Stainless', vendor: 'Acme', productType: 'Kitchen', sku: 'AK-PRO-17', barcode: withCheckDigit('00840012345'), price: '59.00' },
  { handle: 'acme-toaster-4', title: 'Acme Toaster 4-Slice Chrome', vendor: 'Acme', productType: 'Kitchen', sku: 'AT-4-CHR', barcode: withCheckDigit('00840012346'), price: '44.50' },
  { handle: 'acme-grinder', title: 'Acme Burr Coffee Grinder 40mm', vendor: 'Acme', productType: 'Kitchen', sku: 'AG-40', barcode: withCheckDigit('00840012347'), price: '89.99' },
];

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The whole loop: register → connect the store → catalog → shopper search → referral → purchase → dashboard figures. */
describe('merchant closed loop', () => {
  let stack: Stack;
  let store: ShopServer;
  let otherStore: ShopServer;
  let browser: Browser;
  let merchant: BrowserContext;
  let dashboard: string;
  let shopper: string;

  beforeAll(async () => {
    store = await startShopServer({ domain: 'kettle-store.test', name: 'Kettle Store', products, pageSize: 2 });
    otherStore = await startShopServer({ domain: 'other-retailer.example', name: 'Other Retailer', products: [] });
    // The API reaches the stores' domains at the shop servers (test-only override; FETCH_ALLOW_LOOPBACK is on in the harness).
    stack = await startStack({
      apps: ['merchant-dashboard', 'shopper'],
      offers: 0,
      env: { STORE_ORIGIN_OVERRIDES: `${store.domain}=${store.origin},${otherStore.domain}=${otherStore.origin}` },
    });
    dashboard = stack.appUrls['merchant-dashboard'] as string;
    shopper = stack.appUrls.shopper as string;
    browser = await launchBrowser({ args: store.browserArgs });
    merchant = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await store?.close();
    await otherStore?.close();
  });

  let page: Page;

  it('registers, verifies the domain, imports the store and ranks its products', async () => {
    page = await merchant.newPage();

    // 1. A signed-out visit goes to login and comes back after.
    await page.goto(`${dashboard}/business/dashboard/analytics`);
    await page.waitForURL(/\/business-login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/business/dashboard/analytics');
    await shot(page, '01-login');

    // 2. Register with field errors first.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/business\/register/);
    // Navigation is a transition: the login form stays until the lazily loaded page is ready.
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText(/Password must be at least/).waitFor();
    await shot(page, '02-register-errors');
    await page.getByLabel('Email').fill('owner@kettle-store.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Store domain').fill(store.domain);
    await page.getByRole('button', { name: 'Create account' }).click();
    // 3. The emailed link confirms the address and signs in.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'we have sent an email to owner@kettle-store.test' }).waitFor();
    await shot(page, '02-check-inbox');
    await page.goto(`${dashboard}${await linkFromOutbox(stack.databasePath, 'owner@kettle-store.test')}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.waitForURL(/\/business\/dashboard\/integrate/);
    await page.getByRole('heading', { name: 'Integrate' }).waitFor();

    // 4. Until the domain is proved, the store is trusted for nothing; verify it with the tracking script tag on the store, and connect the Shopify store.
    await page.getByText('Until you prove that the store is yours').waitFor();
    await page.getByRole('table', { name: 'DNS record' }).getByText(/^pricehunt-verification=/).waitFor();
    const scriptTag = (await page.getByLabel('Tracking script tag').textContent()) as string;
    expect(scriptTag).toContain('/t.js');
    store.setHead(scriptTag);
    await page.getByRole('button', { name: 'Verify domain' }).click();
    await page.getByText(`${store.domain} is verified (tracking script)`).waitFor();
    await page.getByRole('button', { name: 'Connect Shopify store' }).click();
    await page.getByText(/Import finished: 3 products/).waitFor({ timeout: 30_000 });
    expect(store.requests.filter((r) => r.startsWith('/products.json'))).toEqual([
      '/products.json?limit=250&page=1',
      '/products.json?limit=250&page=2',
      '/products.json?limit=250&page=3',
    ]);
    await shot(page, '03-integrate');

    // 5. Another retailer sells the kettle for more (a second business uploads a Merchant Center feed).
    const cookie = await registerConfirmed(stack, 'business', { email: 'other@retailer.test', password: PASSWORD, storeDomain: 'other-retailer.example', storeName: 'Other Retailer' });
    // It proves its store domain with the meta tag on its home page, as the first merchant did with the script.
    const otherIntegration = (await (await fetch(`${stack.apiUrl}/api/business/integration`, { headers: { cookie } })).json()) as { metaTag: string };
    otherStore.setHead(otherIntegration.metaTag);
    const otherVerify = await fetch(`${stack.apiUrl}/api/business/integration/verify`, { method: 'POST', headers: { cookie, origin: writeOriginFor(stack.apiUrl, '/api/business') } });
    expect(((await otherVerify.json()) as { verified: boolean }).verified).toBe(true);
    const feed = [
      'id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition',
      `OR-1\tAcme Kettle Pro 1.7L Stainless Steel\thttps://other-retailer.example/kettle\t64.00 USD\tin stock\tAcme\t${products[0]?.barcode}\tnew`,
      `OR-2\tBroken row\tnot a url\tfree\tin stock\tAcme\t\tnew`,
    ].join('\n');
    const upload = await fetch(`${stack.apiUrl}/api/business/products/feed?format=tsv`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/tab-separated-values', origin: writeOriginFor(stack.apiUrl, '/api/business') },
      body: feed,
    });
    expect(upload.status).toBe(200);
    const report = (await upload.json()) as { inserted: number; skipped: number };
    expect(report).toMatchObject({ inserted: 1, skipped: 1 });

    // 6. The merchant's products are in the catalog, ranked against the other retailer.
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('rowheader', { name: /Acme Kettle Pro/ }).waitFor();
    await page.getByText('#1 of 2').waitFor();
    await shot(page, '04-products');
  });

  it('a shopper finds the store offer next to another retailer, follows it and buys', async () => {
    // 7. A shopper finds the kettle next to the other retailer and follows the store's offer.
    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await shopperPage.goto(`${shopper}/${store.publicOrigin}/products/acme-kettle-pro`);
    await shopperPage.waitForURL(/\/new-search\//);
    // Offers carry the shop's name (made from its domain when the business gave none), not a raw domain.
    const storeLink = shopperPage.getByRole('link', { name: 'Go to Kettle Store' }).first();
    await storeLink.waitFor({ timeout: 30_000 });
    await shopperPage.getByRole('link', { name: /Go to Other Retailer/ }).first().waitFor();
    await shot(shopperPage, '05-shopper-results');
    // The results page is rendered on the server: its links work before the app has taken over the page, but a store's
    // referral (the `ref` its landing page reads) is made by the app's click handler.
    await shopperPage.waitForFunction(() => document.querySelector('#root')?.getAttribute('data-hydrated') === 'true', undefined, { timeout: 30_000 });
    const [storePage] = await Promise.all([shopperContext.waitForEvent('page'), storeLink.click()]);
    await storePage.waitForURL((u) => u.hostname === store.domain && u.pathname === '/products/acme-kettle-pro', { timeout: 30_000 });
    const landing = new URL(storePage.url());
    expect(landing.searchParams.get('ref')).toBeTruthy();
    await storePage.waitForFunction(() => typeof (window as unknown as { pricehunt?: unknown }).pricehunt === 'function');

    // 8. The shopper buys through the cart; the tracking script reports the order from the order-status page's
    // Shopify.checkout, once even if the page is reloaded.
    await storePage.getByRole('button', { name: 'Add to cart' }).click();
    await storePage.waitForURL((u) => u.pathname === '/cart');
    await storePage.getByRole('link', { name: 'Cart (1)' }).waitFor();
    await shot(storePage, '05b-store-cart');
    await storePage.getByRole('button', { name: 'Check out' }).click();
    await storePage.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await storePage.getByText('Order #1001 is confirmed.').waitFor();
    await shot(storePage, '05c-store-order');
    expect(store.orders.map((o) => o.total)).toEqual(['59.00']);
    await storePage.waitForLoadState('networkidle');
    await storePage.reload();
    await storePage.waitForLoadState('networkidle');
    await shopperContext.close();
  });

  it('shows the click, the referral, the conversion and its revenue on Home, Analytics and Attribution', async () => {
    // 9. Home, Analytics and Attribution show the click, the referral, the conversion and its revenue.
    await page.getByRole('link', { name: 'Home' }).click();
    const metric = (label: string) => page.getByRole('region', { name: label }).locator('.md-metric__value');
    await expectText(metric('Referrals'), '1');
    await expectText(metric('Clicks'), '1');
    await expectText(metric('Conversions'), '1');
    await expectText(metric('Revenue'), '$59.00');
    await expectText(metric('Conversion rate'), '100.0%');
    await shot(page, '06-home');

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('rowheader', { name: 'Acme Kettle Pro 1.7L Stainless' }).waitFor();
    const row = page.getByRole('row', { name: /Acme Kettle Pro 1\.7L Stainless/ });
    await expectText(row, /\$59\.00/);
    await page.getByLabel('Break down by').selectOption('utm_campaign');
    await page.getByRole('rowheader', { name: 'product_referral' }).waitFor();
    const download = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]).then(([d]) => d);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('product_referral,');
    expect(csv).toContain('product_referral,1,1,1,59,1');
    await shot(page, '07-analytics');

    await page.getByRole('link', { name: 'Attribution' }).click();
    const orderId = String(store.orders[0]?.id);
    await page.getByRole('rowheader', { name: orderId }).waitFor();
    const totals = page.getByRole('definition');
    expect(await totals.allTextContents()).toEqual(['1', '$59.00', '1', '$59.00']);
    await shot(page, '08-attribution');

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByText(`Order ${orderId}`).waitFor();
    await shot(page, '09-activity');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('New API key').waitFor();
    await shot(page, '10-settings');

    // Logging out ends the session: the dashboard asks for login again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/business-login$/);
    await page.goto(`${dashboard}/business/dashboard`);
    await page.waitForURL(/\/business-login\?next=%2Fbusiness%2Fdashboard/);
  });
});

async function expectText(locator: ReturnType<Page['locator']>, expected: string | RegExp) {
  await pollUntil(
    async () => ((await locator.first().textContent().catch(() => '')) ?? '').trim(),
    (last) => (typeof expected === 'string' ? last === expected : expected.test(last)),
    { timeoutMs: 15_000, everyMs: 250, failure: (last) => `expected ${String(expected)}, saw "${last}"` },
  );
}
