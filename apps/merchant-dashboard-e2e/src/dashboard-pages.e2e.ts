import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  launchBrowser,
  linkFromOutbox,
  PHONE_VIEWPORT,
  sidewaysOverflow,
  startShopServer,
  startStack,
  workspaceRoot,
  type ShopServer,
  type Stack,
} from '@pricehunt/e2e-harness';
import { withCheckDigit } from './support/gtin';

const SCREENSHOTS = path.join(workspaceRoot, 'screenshots', 'merchant-dashboard');
const PASSWORD = 'mug-store-2026-ok';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** From a product page: Add to cart, Check out, and the order-status page. */
async function buy(storePage: Page) {
  await storePage.getByRole('button', { name: 'Add to cart' }).click();
  await storePage.waitForURL((u) => u.pathname === '/cart');
  await storePage.getByRole('button', { name: 'Check out' }).click();
  await storePage.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
}

async function textOf(page: Page, label: string): Promise<string> {
  const locator = page.getByRole('region', { name: label }).locator('.md-metric__value');
  const deadline = Date.now() + 15_000;
  let last = '';
  while (Date.now() < deadline) {
    last = ((await locator.textContent().catch(() => '')) ?? '').trim();
    if (last && last !== '0' && last !== '$0.00' && last !== '0.0%') return last;
    await page.reload();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
  }
  return last;
}

/**
 * The store side of attribution in a real browser: a referral made through the public tracking calls (as the
 * shopper site makes them), the tracking script on the store page, a purchase, and every dashboard page.
 */

/** The dashboard's own pages: a name, their address and their heading. */
const DASHBOARD_PAGES: ReadonlyArray<[string, string, string]> = [
      ['home', '/business/dashboard', 'Home'],
      ['analytics', '/business/dashboard/analytics', 'Analytics'],
      ['attribution', '/business/dashboard/attribution', 'Attribution'],
      ['products', '/business/dashboard/products', 'Products'],
      ['activity', '/business/dashboard/activity', 'Activity'],
      ['integrate', '/business/dashboard/integrate', 'Integrate'],
      ['settings', '/business/dashboard/settings', 'Settings'],
];

describe('dashboard pages with tracked traffic', () => {
  let stack: Stack;
  let store: ShopServer;
  /** The id of the order the shopper places (the order-status page's Shopify.checkout.order_id). */
  let storeOrderId: string;
  let browser: Browser;
  let merchant: BrowserContext;
  let page: Page;
  let dashboard: string;

  beforeAll(async () => {
    store = await startShopServer({
      domain: 'mug-store.test',
      name: 'Mug Store',
      products: [
        { handle: 'big-mug', title: 'Stoneware Big Mug 500ml', vendor: 'Mugs', productType: 'Tableware', sku: 'MUG-500', barcode: withCheckDigit('00840055501'), price: '18.00' },
        { handle: 'tea-pot', title: 'Cast Iron Tea Pot 1L', vendor: 'Mugs', productType: 'Tableware', sku: 'POT-1', barcode: withCheckDigit('00840055502'), price: '42.00' },
      ],
    });
    stack = await startStack({ apps: ['merchant-dashboard'], offers: 0, env: { STORE_ORIGIN_OVERRIDES: `${store.domain}=${store.origin}` } });
    dashboard = stack.appUrls['merchant-dashboard'] as string;
    browser = await launchBrowser({ args: store.browserArgs });
    merchant = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await merchant.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await store?.close();
  });

  it('attributes a purchase on the store page to the referral that brought the shopper', async () => {
    await page.goto(`${dashboard}/business/register`);
    await page.getByLabel('Email').fill('owner@mug-store.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Store domain').fill(store.domain);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.goto(`${dashboard}${await linkFromOutbox(stack.databasePath, 'owner@mug-store.test')}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.getByRole('heading', { name: 'Integrate' }).waitFor();
    // A feed read on a schedule waits for the store to be proved: the refusal says so.
    const feedForm = page.getByRole('region', { name: '4. Scheduled refresh' }).getByRole('form', { name: 'Add a feed URL' });
    await feedForm.getByLabel('Feed URL').fill(`${store.publicOrigin}/feeds/products.tsv`);
    await feedForm.getByRole('button', { name: 'Add feed' }).click();
    await feedForm.getByRole('alert').filter({ hasText: 'Verify your store domain before adding a feed.' }).waitFor();
    expect(await feedForm.getByRole('alert').innerText()).toContain(`Verify ${store.domain} in step 1 above, then add the feed again.`);
    await shot(page, '19-integrate-feed-refused');
    const scriptTag = (await page.getByLabel('Tracking script tag').textContent()) as string;
    store.setHead(scriptTag);
    // Only a proved store receives referrals, clicks and orders: the script tag on its home page proves it.
    await page.getByRole('button', { name: 'Verify domain' }).click();
    await page.getByText(`${store.domain} is verified (tracking script)`).waitFor();
    await page.getByRole('button', { name: 'Connect Shopify store' }).click();
    await page.getByText(/Import finished: 2 products/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sync products again' }).waitFor();

    // The referral, as the shopper site records it, then the shopper's browser lands on the store.
    const referral = await fetch(`${stack.apiUrl}/api/trackReferral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        referralId: `aff_${store.domain}_${Date.now()}_e2e`,
        businessDomain: store.domain,
        targetUrl: `${store.publicOrigin}/products/tea-pot`,
        sourceUrl: 'https://www.amazon.com/dp/B0TEAPOT01',
        productName: 'Cast Iron Tea Pot 1L',
        utmSource: 'pricehunt',
        utmMedium: 'price_comparison',
        utmCampaign: 'product_referral',
      }),
    });
    expect(referral.status).toBe(200);
    const { targetUrl, referralId } = (await referral.json()) as { targetUrl: string; referralId: string };
    expect(new URL(targetUrl).searchParams.get('ref')).toBe(referralId);

    const shopper = await browser.newContext();
    const storePage = await shopper.newPage();
    await storePage.goto(`${stack.apiUrl}/api/redirect?to=${encodeURIComponent(targetUrl)}&source=product_suggestion`);
    await storePage.waitForURL((u) => u.hostname === store.domain);
    await storePage.waitForFunction(() => typeof (window as unknown as { pricehunt?: unknown }).pricehunt === 'function');
    // Later pages of the same visit carry no ref: the script remembers it. The shopper buys through the cart; the
    // order-status page's Shopify.checkout reports the purchase, once even if the page is reloaded.
    await storePage.goto(`${store.publicOrigin}/`);
    await storePage.getByRole('link', { name: 'Cast Iron Tea Pot 1L' }).click();
    await buy(storePage);
    storeOrderId = String(store.orders[0]?.id);
    expect(store.orders.map((o) => o.total)).toEqual(['42.00']);
    await storePage.waitForLoadState('networkidle');
    await storePage.reload();
    await storePage.waitForLoadState('networkidle');
    await shopper.close();

    // A visitor who asks not to be tracked sends nothing, an order of theirs neither.
    const private_ = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
    await private_.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    const privatePage = await private_.newPage();
    await privatePage.goto(`${store.publicOrigin}/products/big-mug`);
    await buy(privatePage);
    expect(store.orders.map((o) => o.total)).toEqual(['42.00', '18.00']);
    await privatePage.waitForFunction(() => (window as unknown as { pricehunt?: { disabled?: boolean } }).pricehunt?.disabled === true);
    await private_.close();

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await textOf(page, 'Revenue')).toBe('$42.00');
    expect(await textOf(page, 'Conversions')).toBe('1');
    expect(await textOf(page, 'Referrals')).toBe('1');
    expect(await textOf(page, 'Clicks')).toBe('1');
    expect(await textOf(page, 'Conversion rate')).toBe('100.0%');
    await shot(page, '20-home');
  });

  it('shows the figures on every page', async () => {
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('rowheader', { name: 'Cast Iron Tea Pot 1L' }).waitFor();
    await page.getByLabel('Break down by').selectOption('retailer');
    await page.getByRole('rowheader', { name: 'amazon.com' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('amazon.com,1,1,1,42,1');
    await shot(page, '21-analytics');

    await page.getByRole('link', { name: 'Attribution' }).click();
    await page.getByRole('rowheader', { name: storeOrderId }).waitFor();
    expect(await page.getByRole('definition').allTextContents()).toEqual(['1', '$42.00', '1', '$42.00']);
    await shot(page, '22-attribution');

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByText(`Order ${storeOrderId}`).waitFor();
    await page.getByLabel('Type').selectOption('event');
    await page.getByText('page_view').first().waitFor();
    await shot(page, '23-activity');

    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('rowheader', { name: /Cast Iron Tea Pot/ }).waitFor();
    await page.getByRole('button', { name: 'Edit Cast Iron Tea Pot 1L' }).click();
    await page.getByLabel('Price (USD)').fill('39.50');
    await page.getByLabel('Availability').selectOption('out_of_stock');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: '$39.50' }).waitFor();
    await shot(page, '24-products');

    await page.getByRole('link', { name: 'Integrate' }).click();
    await page.getByText(/Script last seen/).waitFor();
    await page.getByRole('button', { name: 'Verify domain' }).click();
    await page.getByText(`${store.domain} is verified (tracking script)`).waitFor();
    await shot(page, '25-integrate');

    // The connected Shopify store is read again every 6 hours from its sync on, the sync being its last run so far:
    // paused, resumed, then replaced by the store's Merchant Center feed, read every 12 hours.
    const refresh = page.getByRole('region', { name: '4. Scheduled refresh' });
    const storeSource = refresh.getByRole('article', { name: 'Shopify store' });
    await storeSource.waitFor();
    const storeText = await storeSource.innerText();
    for (const part of [store.publicOrigin, 'every 6 h', 'Active', '+2 added', 'Succeeded']) expect(storeText).toContain(part);
    await storeSource.getByRole('button', { name: 'Pause' }).click();
    await storeSource.getByText('Scheduled refresh is paused.').waitFor();
    await storeSource.getByRole('button', { name: 'Resume' }).click();
    await storeSource.getByText('Scheduled refresh is on again.').waitFor();
    await shot(page, '25b-integrate-scheduled-refresh');
    await storeSource.getByRole('button', { name: 'Remove' }).click();
    await storeSource.getByRole('button', { name: 'Remove feed' }).click();
    await storeSource.waitFor({ state: 'detached' });

    const feedForm = refresh.getByRole('form', { name: 'Add a feed URL' });
    await feedForm.getByLabel('Feed URL').fill(`${store.publicOrigin}/feeds/products.tsv`);
    await feedForm.getByLabel('Read it').selectOption({ label: 'every 12 h' });
    await feedForm.getByRole('button', { name: 'Add feed' }).click();
    const feed = refresh.getByRole('article', { name: 'Google Merchant Center (TSV)' });
    await feed.waitFor();
    const feedText = await feed.innerText();
    for (const part of [`${store.publicOrigin}/feeds/products.tsv`, 'every 12 h', 'due now', 'not yet', 'Active']) expect(feedText).toContain(part);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, '25c-integrate-feed');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Attribution window (days)').fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Attribution window is at least 1 day').waitFor();
    await page.getByLabel('Attribution window (days)').fill('14');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const key = (await page.getByLabel('New API key').textContent()) as string;
    expect(key).toMatch(/^phk_/);
    await shot(page, '26-settings');

    // The key works for the store's server.
    const webhook = await fetch(`${stack.apiUrl}/api/merchant/conversions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: storeOrderId, value: 42 }),
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toMatchObject({ duplicate: true });

    // The stand-alone entries show the same pages.
    await page.goto(`${dashboard}/business-integrate`);
    await page.getByRole('heading', { name: 'Integrate' }).waitFor();
    await page.goto(`${dashboard}/business/activity`);
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
  });

  it('exports text sent anonymously by anyone escaped, so a spreadsheet reads no formula in the attribution CSV', async () => {
    // Anyone can send a referral and a purchase for the store, as the shopper site and the store script do.
    const orderId = "-2+3+cmd|' /C calc'!A0";
    const referral = await fetch(`${stack.apiUrl}/api/trackReferral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        referralId: `aff_${store.domain}_${Date.now()}_csv`,
        businessDomain: store.domain,
        // A page the store's catalog does not list: the attribution names it as the referral did.
        targetUrl: `${store.publicOrigin}/pages/gift-guide`,
        productName: '-1+1',
        utmSource: '@SUM(1+1)',
        utmCampaign: '\t=1+1',
      }),
    });
    expect(referral.status).toBe(200);
    const { referralId } = (await referral.json()) as { referralId: string };
    const purchase = await fetch(`${stack.apiUrl}/api/track-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.publicOrigin },
      body: JSON.stringify({ eventType: 'purchase', businessDomain: store.domain, eventData: { orderId, value: 12.5, currency: 'USD', referralId } }),
    });
    expect(purchase.status).toBe(201);

    await page.goto(`${dashboard}/business/dashboard/attribution`);
    await page.getByRole('rowheader', { name: orderId }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes('calc')) as string;
    expect(line.startsWith(`"'-2+3+cmd|' /C calc'!A0",`)).toBe(true);
    expect(line).toContain(',12.5,USD,');
    expect(line.endsWith(`,"'-1+1","'\t=1+1","'@SUM(1+1)"`)).toBe(true);
    // The order the store script reported keeps its amount a number.
    expect(csv).toMatch(new RegExp(`\\r\\n${storeOrderId},[^,]+,42,USD,`));
  });

  it('fits every page on a 375 px phone without sideways scrolling', async () => {
    const overflowing: Record<string, unknown> = {};
    const walk = async (on: Page, name: string, route: string, heading: string | RegExp) => {
      await on.goto(`${dashboard}${route}`);
      await on.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The figures, tables and feeds arrive after the heading: measure the page as it ends up.
      await on.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await on.getByRole('status', { name: 'Loading…' }).waitFor({ state: 'detached' }).catch(() => undefined);
      const overflow = await sidewaysOverflow(on);
      if (overflow) overflowing[name] = overflow;
      await shot(on, `375-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`);
    };
    // Signed in as the merchant of the tests above, with their traffic, products and feeds.
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: await merchant.storageState() });
    const signedIn = await phone.newPage();
    const pages: Array<[string, string, string]> = [
      ...DASHBOARD_PAGES,
      ['integrate at /business/integrate', '/business/integrate', 'Integrate'],
      ['integrate at /business-integrate (dashed)', '/business-integrate', 'Integrate'],
      ['integrate at /business/connect', '/business/connect', 'Integrate'],
      ['activity at /business/activity', '/business/activity', 'Activity'],
    ];
    for (const [name, route, heading] of pages) await walk(signedIn, name, route, heading);
    await phone.close();
    // Signed out.
    const visitor = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const signedOut = await visitor.newPage();
    const signedOutPages: Array<[string, string, string]> = [
      ['login', '/business-login', 'Log in to your dashboard'],
      ['login (opened at /)', '/', 'Log in to your dashboard'],
      ['register', '/business/register', 'Create your business account'],
      ['reset password', '/reset-password', 'Reset your password'],
      ['reset password (the emailed link)', '/reset-password?token=a-link-from-an-email-0123456789', 'Choose a new password'],
      ['confirm email', '/confirm-email?token=a-link-used-already-0123456789', 'Confirm your email'],
      ['not found', '/no-such-page', 'Page not found'],
    ];
    for (const [name, route, heading] of signedOutPages) await walk(signedOut, name, route, heading);
    await visitor.close();
    expect(overflowing).toEqual({});
  });

  it('has no serious accessibility violations on its pages (axe-core, WCAG 2.1 A and AA)', async () => {
    const found: Record<string, unknown> = {};
    const audit = async (on: Page, name: string) => {
      const violations = await accessibilityViolations(on);
      if (violations.length) found[name] = violations;
    };
    // Signed in, with the traffic of the tests above.
    const pages = DASHBOARD_PAGES;
    for (const [name, route, heading] of pages) {
      await page.goto(`${dashboard}${route}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await audit(page, name);
    }
    // Signed out.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const signedOut = await visitor.newPage();
    const signedOutPages: Array<[string, string]> = [
      ['login', '/business-login'],
      ['register', '/business/register'],
      ['confirm email (a used link)', '/confirm-email?token=a-link-used-already-0123456789'],
      ['not found', '/no-such-page'],
    ];
    for (const [name, route] of signedOutPages) {
      await signedOut.goto(`${dashboard}${route}`);
      await signedOut.getByRole('heading', { level: 1 }).waitFor();
      await audit(signedOut, name);
    }
    await visitor.close();
    expect(found).toEqual({});
  });
});
