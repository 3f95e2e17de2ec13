import { randomUUID } from 'node:crypto';
import { accessibilityViolations, launchBrowser, PHONE_VIEWPORT, pollUntil, registerConfirmed, sidewaysOverflow, startStack, type Stack } from '@pricehunt/e2e-harness';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { AdminConsole, openConsole, api, demoAdminLogin } from './support/admin-console';

const MERCHANT = { email: 'corner-shop@example.com', password: 'amber-kettle-orchard-42', storeDomain: 'corner-shop.example.com' };
const OTHER = { email: 'other-shop@example.com', password: 'silver-cactus-meadow-42' };

const FEED = [
  'id\ttitle\tlink\tprice\tbrand\tgtin\tavailability',
  'CK-1\tCorner Kitchen Stand Mixer 5 qt\thttps://www.cornerkitchen.example/p/ck-1\t249.00 USD\tCorner Kitchen\t\tin stock',
  'CK-2\tCorner Kitchen Espresso Machine\thttps://www.cornerkitchen.example/p/ck-2\tfree\tCorner Kitchen\t\tin stock',
  'CK-3\tCorner Kitchen Chef Knife 8 in\thttps://www.cornerkitchen.example/p/ck-3\t59.95 USD\tCorner Kitchen\t\tin stock',
  'CK-4\tCorner Kitchen Cast Iron Skillet 12 in\thttps://www.cornerkitchen.example/p/ck-4\t39.50 USD\tCorner Kitchen\t\tout of stock',
].join('\n');

/** Waits (up to 10 s) until the table has `rows` rows, its header row included. */
async function rowsBecome(table: Locator, rows: number): Promise<void> {
  await pollUntil(() => table.getByRole('row').count(), (count) => count === rows, { everyMs: 50, failure: (count) => `the table still has ${count} rows, not ${rows}` });
}

/** The admin console against the real API on a temporary database, in Chromium. */
describe('admin console', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let console_: AdminConsole;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    stack = await startStack({ apps: ['admin'], offers: 0 });
    admin = demoAdminLogin(stack.seedOutput);
    await registerConfirmed(stack, 'business', MERCHANT);
    await registerConfirmed(stack, 'business', OTHER);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  beforeEach(async () => {
    ({ context, console_ } = await openConsole(browser, stack.appUrls.admin as string));
  });
  afterEach(async () => {
    await context?.close();
  });

  it('refuses a business without admin access at /admin-login, and the API refuses it too', async () => {
    const { page } = console_;
    await console_.logIn(MERCHANT.email, MERCHANT.password);
    await page.getByRole('alert').filter({ hasText: 'This account has no admin access' }).waitFor();
    await console_.screenshot('admin-login-refused');
    // The guard renders no admin page: opening one directly sends the (signed-out again) visitor to the login.
    await console_.open('/admin/business');
    await page.waitForURL(/\/admin-login\?next=%2Fadmin%2Fbusiness$/);

    const merchant = await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: { email: MERCHANT.email, password: MERCHANT.password } });
    expect(merchant.status).toBe(200);
    const refused = await api(stack.apiUrl, 'GET', '/api/admin/businesses', { cookie: merchant.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await api(stack.apiUrl, 'GET', '/api/admin/businesses')).status).toBe(401);
  });

  it('shows "no admin access" instead of any admin page to a signed-in merchant', async () => {
    const { page } = console_;
    const login = await page.request.post(`${console_.baseUrl}/api/business/auth/login`, { data: { email: OTHER.email, password: OTHER.password }, headers: { origin: new URL(console_.baseUrl).origin } });
    expect(login.status()).toBe(200);
    await console_.open('/admin');
    await page.getByText('This account has no admin access').waitFor();
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
    await console_.screenshot('admin-no-access');
  });

  it('lets an admin find a business by email, suspend it (it can no longer log in; the audit log shows it) and reactivate it', async () => {
    const { page } = console_;
    const merchantSession = await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: { email: MERCHANT.email, password: MERCHANT.password } });
    expect(merchantSession.status).toBe(200);

    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await console_.screenshot('admin-overview');

    await console_.findBusiness(MERCHANT.email);
    await console_.confirmAction('Suspend');
    await page.getByRole('status').filter({ hasText: `${MERCHANT.email} is suspended.` }).waitFor();
    await page.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();

    const auditRow = console_.auditRows().filter({ hasText: 'Suspended' });
    await auditRow.waitFor();
    expect(await auditRow.innerText()).toContain(admin.email);
    expect(await auditRow.innerText()).toContain('status: active → suspended');
    await console_.screenshot('admin-business-suspended');

    // The suspended business is signed out everywhere and cannot log in.
    expect((await api(stack.apiUrl, 'GET', '/api/business/auth/me', { cookie: merchantSession.cookie })).status).toBe(401);
    const refused = await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: { email: MERCHANT.email, password: MERCHANT.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This account is suspended');

    await console_.confirmAction('Reactivate');
    await page.getByRole('status').filter({ hasText: `${MERCHANT.email} is active again.` }).waitFor();
    await console_.auditRows().filter({ hasText: 'Reactivated' }).waitFor();
    expect((await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: { email: MERCHANT.email, password: MERCHANT.password } })).status).toBe(200);

    // The admin's own account offers neither Suspend nor Revoke admin.
    await console_.findBusiness(admin.email);
    expect(await page.getByRole('button', { name: 'Suspend', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Revoke admin', exact: true }).isDisabled()).toBe(true);
  });

  it('imports a retailer feed with progress and a per-row report, and shows every console page', async () => {
    const { page } = console_;
    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    await page.getByRole('link', { name: 'Catalog', exact: true }).click();
    await page.getByRole('heading', { name: 'Catalog', level: 1 }).waitFor();
    const importForm = page.getByRole('region', { name: 'Import a retailer feed' });
    await importForm.getByLabel('Retailer', { exact: true }).selectOption({ label: 'New retailer…' });
    await importForm.getByLabel('New retailer name').fill('Corner Kitchen');
    await importForm.getByLabel('Feed file').setInputFiles({ name: 'corner-kitchen.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(FEED) });
    await importForm.getByRole('button', { name: 'Import feed' }).click();
    await page.getByText('corner-kitchen.tsv: import finished').waitFor();
    const progress = page.getByRole('progressbar', { name: 'Rows imported' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('4');
    await page.getByRole('cell', { name: 'price', exact: true }).waitFor();
    await page.getByRole('row', { name: /Corner Kitchen \(corner-kitchen\)/ }).waitFor();
    await console_.screenshot('admin-catalog');

    // The import runs of one retailer and status, kept in the address.
    const runs = page.getByRole('region', { name: 'Import runs' });
    await runs.getByLabel('Retailer').selectOption({ label: 'Corner Kitchen' });
    await runs.getByLabel('Status').selectOption({ label: 'Succeeded' });
    await runs.getByText('1 succeeded run of Corner Kitchen').waitFor();
    expect(new URL(page.url()).searchParams.get('runRetailer')).toBe('corner-kitchen');
    await runs.getByLabel('Status').selectOption({ label: 'Failed' });
    await runs.getByText('No failed import runs of Corner Kitchen.').waitFor();
    await runs.getByRole('button', { name: 'Show every run' }).click();

    await page.getByRole('link', { name: 'Open the saved report' }).click();
    await page.getByRole('heading', { name: 'Import report' }).waitFor();
    await page.getByText('1 row error.').waitFor();
    await console_.screenshot('admin-import-report');

    await console_.open('/admin/catalog');
    await page.getByRole('button', { name: 'Edit Corner Kitchen' }).click();
    await page.getByRole('dialog').getByLabel('Affiliate parameter').fill('ref');
    await console_.screenshot('admin-retailer-edit');
    await page.getByRole('dialog').getByRole('button', { name: 'Save retailer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Corner Kitchen/ }).getByText('ref', { exact: true }).waitFor();

    // Some traffic for the overview: two searches, a click on an imported offer, a referral to the merchant.
    for (const query of ['stand mixer', 'chef knife']) {
      expect((await api(stack.apiUrl, 'POST', '/api/search', { body: { requestId: randomUUID(), query } })).status).toBe(200);
    }
    const click = await fetch(
      `${stack.apiUrl}/api/redirect?to=${encodeURIComponent('https://www.cornerkitchen.example/p/ck-1')}&source=product_suggestion&timestamp=${Date.now()}`,
      { redirect: 'manual' },
    );
    expect(click.status).toBe(302);
    const referral = await api(stack.apiUrl, 'POST', '/api/trackReferral', {
      body: { referralId: `ref-${randomUUID()}`, businessDomain: MERCHANT.storeDomain, targetUrl: `https://${MERCHANT.storeDomain}/products/mug` },
    });
    expect(referral.body.success).toBe(true);

    await console_.open('/admin/business');
    await page.getByRole('link', { name: MERCHANT.email }).waitFor();
    await console_.screenshot('admin-businesses');

    await console_.open('/admin/audit');
    await page.getByRole('cell', { name: 'Edited retailer' }).waitFor();
    await console_.screenshot('admin-audit-log');

    await console_.open('/admin');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('list', { name: 'Offers per retailer' }).getByText('Corner Kitchen').waitFor();
    expect(await page.getByRole('row', { name: /^Searches/ }).innerText()).toMatch(/Searches\s+2\s+2\s+2/);
    expect(await page.getByRole('row', { name: /^Clicks/ }).innerText()).toMatch(/Clicks\s+1\s+1\s+1/);
    expect(await page.getByRole('row', { name: /^Referrals/ }).innerText()).toMatch(/Referrals\s+1\s+1\s+1/);
    await console_.screenshot('admin-overview-with-catalog');

    await console_.open('/admin-login');
    await page.waitForURL(/\/admin$/);
    // Signed in, the login page sends the admin on to the overview: the button is clicked once that page is drawn.
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await console_.page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/admin-login$/);
    await console_.screenshot('admin-login');
  });

  it('corrects a wrong match: takes an offer out of its product, then merges the two products again', async () => {
    const { page } = console_;
    const feed = [
      'id\ttitle\tlink\tprice\tbrand\tgtin\tmpn\tavailability',
      'W-1\tHearth Stand Mixer 5 qt HSM-500\thttps://www.walmart.com/ip/hearth-stand-mixer/500000001\t249.00 USD\tHearth\t\tHSM-500\tin stock',
      'B-1\tHearth - Stand Mixer 5 qt HSM-500 - Red\thttps://www.bestbuy.com/site/hearth-stand-mixer/5000002.p\t239.00 USD\tHearth\t\tHSM-500\tin stock',
    ].join('\n');
    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await console_.open('/admin/catalog');
    await page.getByLabel('Feed file').setInputFiles({ name: 'hearth.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(feed) });
    await page.getByRole('button', { name: 'Import feed' }).click();
    await page.getByText('hearth.tsv: import finished').waitFor();

    const search = page.getByRole('search', { name: 'Find a product' });
    await search.getByLabel('Product id or name').fill('hearth mixer');
    await search.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: /^Open #\d+ Hearth/ }).click();
    const heading = page.getByRole('heading', { name: /^#\d+ Hearth/ });
    const original = Number(/^#(\d+)/.exec(await heading.innerText())?.[1]);
    const offers = page.getByRole('table', { name: `Offers of product #${original}` });
    expect(await offers.getByRole('row').count()).toBe(3);

    await page.getByRole('button', { name: /^Take out Best Buy / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take out' }).click();
    const taken = await page.getByRole('status').filter({ hasText: 'is now product' }).innerText();
    const created = Number(/#(\d+)/.exec(taken)?.[1]);
    expect(created).toBeGreaterThan(original);
    await rowsBecome(offers, 2);
    await console_.screenshot('admin-product-corrections');

    await search.getByLabel('Product id or name').fill(`#${created}`);
    await search.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: new RegExp(`^Open #${created} `) }).click();
    await page.getByLabel('Merge into product id').fill(String(original));
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('dialog', { name: `Merge #${created} into #${original}?` }).getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('status').filter({ hasText: `1 offer of #${created} moved into #${original}` }).waitFor();
    await rowsBecome(page.getByRole('table', { name: `Offers of product #${original}` }), 3);

    await console_.open('/admin/audit');
    await page.getByRole('cell', { name: 'Took an offer out of a product' }).first().waitFor();
    await page.getByRole('cell', { name: 'Merged products' }).first().waitFor();
  });

  it('fits every page on a 375 px phone without sideways scrolling', async () => {
    const appUrl = stack.appUrls.admin as string;
    // Ids of the pages about one thing: a business, the import of the tests above, a feed source added here.
    const session = await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: admin });
    const businesses = await api(stack.apiUrl, 'GET', `/api/admin/businesses?q=${encodeURIComponent(MERCHANT.email)}`, { cookie: session.cookie });
    const business = (businesses.body.items as Array<{ id: string }>)[0]?.id as string;
    const imports = await api(stack.apiUrl, 'GET', '/api/admin/imports', { cookie: session.cookie });
    const importRun = (imports.body.items as Array<{ id: string }>)[0]?.id as string;
    const source = await api(stack.apiUrl, 'POST', '/api/admin/feed-sources', {
      cookie: session.cookie,
      body: { url: 'https://feeds.corner-kitchen.example/exports/google-merchant-center/products-with-a-rather-long-name.tsv', format: 'gmc-tsv', retailerName: 'Corner Kitchen Outlet', intervalMinutes: 360 },
    });
    expect(source.status).toBe(201);
    const sourceId = (source.body.source as { id: string }).id;

    const overflowing: Record<string, unknown> = {};
    const walk = async (phone: AdminConsole, name: string, route: string, heading: string | RegExp) => {
      await phone.open(route);
      await phone.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The screenshot waits for the page's figures and tables to arrive; the page is measured as it ends up.
      await phone.screenshot(`admin-375-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`);
      const overflow = await sidewaysOverflow(phone.page);
      if (overflow) overflowing[name] = overflow;
    };
    const phoneConsole = async (): Promise<[BrowserContext, AdminConsole]> => {
      const phone = await browser.newContext({ viewport: PHONE_VIEWPORT });
      return [phone, new AdminConsole(await phone.newPage(), appUrl)];
    };

    // Signed out.
    const [visitor, signedOut] = await phoneConsole();
    await walk(signedOut, 'login', '/admin-login', 'Admin console');
    await walk(signedOut, 'not found', '/no-such-page', 'Page not found');
    await visitor.close();
    // A merchant without admin access.
    const [merchant, notAdmin] = await phoneConsole();
    expect((await notAdmin.page.request.post(`${appUrl}/api/business/auth/login`, { data: { email: OTHER.email, password: OTHER.password }, headers: { origin: new URL(appUrl).origin } })).status()).toBe(200);
    await walk(notAdmin, 'no admin access', '/admin', 'Admin console');
    await merchant.close();
    // The admin.
    const [adminContext, signedIn] = await phoneConsole();
    await signedIn.logIn(admin.email, admin.password);
    await signedIn.page.getByRole('heading', { name: 'Overview' }).waitFor();
    const pages: Array<[string, string, string | RegExp]> = [
      ['overview', '/admin', 'Overview'],
      ['businesses', '/admin/business', 'Businesses'],
      ['business', `/admin/business/${business}`, MERCHANT.email],
      ['catalog', '/admin/catalog', 'Catalog'],
      ['import report', `/admin/catalog/imports/${importRun}`, 'Import report'],
      ['feed sources', '/admin/catalog/sources', 'Feed sources'],
      ['feed source', `/admin/catalog/sources/${sourceId}`, 'Corner Kitchen Outlet feed'],
      ['audit log', '/admin/audit', 'Audit log'],
    ];
    for (const [name, route, heading] of pages) await walk(signedIn, name, route, heading);
    await adminContext.close();
    expect(overflowing).toEqual({});
  });

  it('has no serious accessibility violations on its pages (axe-core, WCAG 2.1 A and AA)', async () => {
    const { page } = console_;
    const found: Record<string, unknown> = {};
    const audit = async (name: string) => {
      const violations = await accessibilityViolations(page);
      if (violations.length) found[name] = violations;
    };
    await console_.open('/admin-login');
    await page.getByLabel('Email').waitFor();
    await audit('login');
    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('row', { name: /^Searches/ }).waitFor();
    await audit('overview');
    await console_.open('/admin/business');
    await page.getByRole('link', { name: MERCHANT.email }).waitFor();
    await audit('businesses');
    await page.getByRole('link', { name: MERCHANT.email }).click();
    await page.getByRole('heading', { name: MERCHANT.email }).waitFor();
    await audit('business detail');
    await console_.open('/admin/catalog');
    await page.getByRole('heading', { name: 'Catalog', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Edit / }).first().waitFor();
    await audit('catalog');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await page.getByRole('dialog').waitFor();
    await audit('retailer dialog');
    await console_.open('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await audit('audit log');
    expect(found).toEqual({});
  });
});
