import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accessibilityViolations, launchBrowser, pollUntil, startFeedServer, startStack, type FeedServer, type Stack } from '@pricehunt/e2e-harness';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { AdminConsole, openConsole, api, demoAdminLogin } from './support/admin-console';

const FEED = [
  'id\ttitle\tlink\tprice\tbrand\tavailability',
  'CK-1\tCorner Kitchen Stand Mixer 5 qt\thttps://www.cornerkitchen.example/p/ck-1\t249.00 USD\tCorner Kitchen\tin stock',
  'CK-2\tCorner Kitchen Chef Knife 8 in\thttps://www.cornerkitchen.example/p/ck-2\t59.95 USD\tCorner Kitchen\tin stock',
].join('\n');

/** The text of the hint and error read with a form control (its aria-describedby). */
async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

async function waitForText(locator: Locator, text: string | RegExp, timeoutMs = 10_000): Promise<void> {
  await pollUntil(async () => (await locator.textContent().catch(() => '')) ?? '', (content) => (typeof text === 'string' ? content.includes(text) : text.test(content)), {
    timeoutMs,
    everyMs: 50,
    failure: (content) => `still "${content}", waiting for ${String(text)}`,
  });
}

/** Catalog → Sources against the real API (no worker runs in this stack yet: sources are added, paused, edited, removed). */
describe('admin console: feed sources', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let console_: AdminConsole;
  let admin: { email: string; password: string };
  let feedServer: http.Server;
  let feedUrl: string;

  beforeAll(async () => {
    // A feed on 127.0.0.1 for the source to name (a worker added to this stack will read it).
    feedServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/tab-separated-values' }).end(FEED));
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/exports/corner-kitchen.tsv`;
    stack = await startStack({ apps: ['admin'], offers: 0 });
    admin = demoAdminLogin(stack.seedOutput);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => feedServer?.close(resolve));
  });
  beforeEach(async () => {
    ({ context, console_ } = await openConsole(browser, stack.appUrls.admin as string));
  });
  afterEach(async () => {
    await context?.close();
  });

  const sourcesTable = (page: Page) => page.getByRole('table', { name: 'Feed sources' });
  const sourceRow = (page: Page, retailer: string) => sourcesTable(page).getByRole('row').filter({ has: page.getByRole('link', { name: retailer, exact: true }) });

  it('adds a source through the form (a bad URL first), lists it, pauses and resumes it, edits its interval and removes it', async () => {
    const { page } = console_;
    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Catalog', exact: true }).click();
    await page.getByRole('navigation', { name: 'Catalog pages' }).getByRole('link', { name: 'Sources' }).click();
    await page.getByRole('heading', { name: 'Feed sources', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No feed sources yet' }).waitFor();
    await console_.screenshot('admin-sources-empty');

    const form = page.getByRole('region', { name: 'Add source' });
    await form.getByLabel('Feed URL').fill('corner kitchen feed');
    await form.getByLabel('Retailer', { exact: true }).selectOption({ label: 'New retailer…' });
    await form.getByLabel('New retailer name').fill('Corner Kitchen');
    await form.getByRole('button', { name: 'Add source' }).click();
    await form.getByText('url must be an http(s) address without credentials').waitFor();
    expect(await form.getByLabel('Feed URL').getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(form.getByLabel('Feed URL'))).toContain('url must be an http(s) address without credentials');
    await console_.screenshot('admin-sources-bad-url');

    await form.getByLabel('Feed URL').fill(feedUrl);
    await form.getByRole('button', { name: 'Add source' }).click();
    await page.getByText('Added the source of Corner Kitchen: its first run is due now.').waitFor();
    const row = sourceRow(page, 'Corner Kitchen');
    await row.waitFor();
    const text = await row.innerText();
    for (const part of ['127.0.0.1:', '…/corner-kitchen.tsv', 'Google Merchant Center (TSV)', 'every 6 h', 'Active', 'Never run']) expect(text).toContain(part);
    expect(await row.getByTitle(feedUrl).count()).toBe(1);
    expect(await form.getByLabel('Feed URL').inputValue()).toBe('');

    // One source per retailer: the API's 409 goes under the field that named the retailer.
    await form.getByLabel('Feed URL').fill(`${feedUrl}?again`);
    await form.getByLabel('Retailer', { exact: true }).selectOption({ label: 'New retailer…' });
    await form.getByLabel('New retailer name').fill('corner kitchen');
    await form.getByRole('button', { name: 'Add source' }).click();
    await form.getByText('This retailer’s offers already come from another feed source').waitFor();
    expect(await descriptionOf(form.getByLabel('New retailer name'))).toContain('already come from another feed source');

    // A second source through the API, for a fuller table in the pictures.
    const session = await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: admin });
    const added = await api(stack.apiUrl, 'POST', '/api/admin/feed-sources', {
      cookie: session.cookie,
      body: { url: `${feedUrl.replace('corner-kitchen', 'hearth-home')}`, format: 'gmc-xml', retailerName: 'Hearth & Home', intervalMinutes: 1440 },
    });
    expect(added.status).toBe(201);
    await sourceRow(page, 'Hearth & Home').waitFor({ timeout: 40_000 });
    await console_.screenshot('admin-sources');
    await page.setViewportSize({ width: 390, height: 844 });
    await console_.screenshot('admin-sources-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('button', { name: 'Pause Corner Kitchen' }).click();
    await page.getByText('Corner Kitchen is paused.').waitFor();
    await waitForText(row, 'Paused');
    expect(await row.getByRole('button', { name: 'Run now: Corner Kitchen' }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: 'Resume Corner Kitchen' }).click();
    await page.getByText('Corner Kitchen is active again.').waitFor();
    await waitForText(row, 'Active');

    await row.getByRole('button', { name: 'Edit interval of Corner Kitchen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Interval of Corner Kitchen' });
    await dialog.getByLabel('Refresh every').fill('12');
    await dialog.getByRole('button', { name: 'Save interval' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForText(row, 'every 12 h');

    await row.getByRole('button', { name: 'Run now: Corner Kitchen' }).click();
    await page.getByText('Run of Corner Kitchen asked for').waitFor();

    await row.getByRole('link', { name: 'Corner Kitchen' }).click();
    await page.getByRole('heading', { name: 'Corner Kitchen feed', level: 1 }).waitFor();
    await page.getByText(/^No runs yet\./).waitFor();
    await console_.screenshot('admin-source-detail-new');
    await page.getByRole('link', { name: 'Feed sources' }).click();

    await row.getByRole('button', { name: 'Remove Corner Kitchen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the source of Corner Kitchen?' });
    await console_.screenshot('admin-sources-remove-dialog');
    await confirm.getByRole('button', { name: 'Remove source' }).click();
    await page.getByText('The source of Corner Kitchen is removed.').waitFor();
    await row.waitFor({ state: 'detached' });
    await sourceRow(page, 'Hearth & Home').waitFor();

    const audit = await api(stack.apiUrl, 'GET', '/api/admin/audit', { cookie: session.cookie });
    const actions = (audit.body.items as Array<{ action: string; targetLabel: string }>).filter((entry) => entry.targetLabel.startsWith('Corner Kitchen')).map((entry) => entry.action);
    expect(actions).toEqual(['feed_source.delete', 'feed_source.run', 'feed_source.update', 'feed_source.update', 'feed_source.update', 'feed_source.create']);
  });

  it('has no serious accessibility violations on the Sources pages (axe-core, WCAG 2.1 A and AA)', async () => {
    const { page } = console_;
    const found: Record<string, unknown> = {};
    const audit = async (name: string) => {
      const violations = await accessibilityViolations(page);
      if (violations.length) found[name] = violations;
    };
    await console_.logIn(admin.email, admin.password);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await console_.open('/admin/catalog/sources');
    await sourceRow(page, 'Hearth & Home').waitFor();
    await audit('sources');
    const form = page.getByRole('region', { name: 'Add source' });
    await form.getByRole('button', { name: 'Add source' }).click();
    await form.getByText('url is required').waitFor();
    await audit('add source with an error');
    await sourceRow(page, 'Hearth & Home').getByRole('button', { name: /^Edit interval/ }).click();
    await page.getByRole('dialog').waitFor();
    await audit('interval dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await sourceRow(page, 'Hearth & Home').getByRole('link', { name: 'Hearth & Home' }).click();
    await page.getByRole('heading', { name: 'Hearth & Home feed', level: 1 }).waitFor();
    await audit('source detail');
    expect(found).toEqual({});
  });
});

/** What the worker's runs leave on the Sources pages: a feed read with its counts, a 304, and a failing feed in red. */
describe('admin console: feed sources run by the worker', () => {
  let stack: Stack;
  let feeds: FeedServer;
  let browser: Browser;
  let context: BrowserContext;
  let console_: AdminConsole;
  let cookie: string;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.set('/corner-kitchen.tsv', FEED);
    stack = await startStack({ apps: ['admin'], offers: 0, worker: true });
    const admin = demoAdminLogin(stack.seedOutput);
    cookie = (await api(stack.apiUrl, 'POST', '/api/business/auth/login', { body: admin })).cookie as string;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    console_ = new AdminConsole(await context.newPage(), stack.appUrls.admin as string);
    await console_.logIn(admin.email, admin.password);
    await console_.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
    await feeds?.close();
  });

  /** Waits (up to 30 s) for a finished run of the source newer than the `known` runs. */
  async function nextRun(id: string, known: number) {
    const runs = await pollUntil(
      async () => (await api(stack.apiUrl, 'GET', `/api/admin/feed-sources/${id}`, { cookie })).body.runs as Array<{ status: string }>,
      (runs) => runs.length > known && runs[0]?.status !== 'running',
      { timeoutMs: 30_000, failure: () => `no new run of ${id}` },
    );
    return runs[0];
  }

  it('shows a read feed’s counts, a not-modified run, and a failing feed’s error in red on the list and on its page', async () => {
    const add = async (path: string, retailerName: string) =>
      ((await api(stack.apiUrl, 'POST', '/api/admin/feed-sources', { cookie, body: { url: feeds.url(path), format: 'gmc-tsv', retailerName, intervalMinutes: 60 } })).body.source as { id: string }).id;
    const good = await add('/corner-kitchen.tsv', 'Corner Kitchen');
    // Nothing is served at this path: the feed answers 404.
    const broken = await add('/gone/hearth-home.tsv', 'Hearth & Home');
    expect(await nextRun(good, 0)).toMatchObject({ status: 'succeeded', added: 2 });
    expect(await nextRun(broken, 0)).toMatchObject({ status: 'failed', error: 'The feed answered HTTP 404' });

    const { page } = console_;
    await console_.open('/admin/catalog/sources');
    const table = page.getByRole('table', { name: 'Feed sources' });
    const row = (retailer: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: retailer, exact: true }) });
    await waitForText(row('Corner Kitchen'), '+2 added');
    const failure = row('Hearth & Home').locator('.adm-failure');
    await waitForText(failure, 'The feed answered HTTP 404');
    expect(await failure.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)');

    // Run now: the unchanged feed answers 304.
    await row('Corner Kitchen').getByRole('button', { name: /^Run now/ }).click();
    expect(await nextRun(good, 1)).toMatchObject({ status: 'not-modified' });
    await waitForText(row('Corner Kitchen'), 'Not modified', 15_000);
    await console_.screenshot('admin-sources-states');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await console_.screenshot('admin-sources-states-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });

    await row('Hearth & Home').getByRole('link', { name: 'Hearth & Home' }).click();
    await page.getByRole('heading', { name: 'Hearth & Home feed', level: 1 }).waitFor();
    await waitForText(page.locator('.adm-failure').first(), 'The feed answered HTTP 404');
    await console_.screenshot('admin-source-detail-failing');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
