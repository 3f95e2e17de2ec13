import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT, registerConfirmed, sidewaysOverflow, startStack, type Stack } from '@pricehunt/e2e-harness';
import { openPage } from './support/shopper-pages';

/** Pictures of the pages for a person to look at; outside the repository unless told. */
const SHOTS = process.env.WATCHES_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'pricehunt-watches-screenshots');

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

interface Listed {
  id: number;
  title: string;
  bestPriceCents: number | null;
  offerCount: number;
}

/** A money amount as the site writes it: "$1,249.50". */
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Watching a product through the real stack: the API on a temporary database with the demo catalog, the shopper
 * site's server, Chromium. A signed-in shopper watches a product with a target price and a webhook, finds it on the
 * Watches page, changes its target and removes it; the page fits a 375 px phone.
 */
describe('watching a product', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shopper: string;
  let product: Listed;
  let webhook: http.Server;
  let webhookUrl: string;
  const problems: string[] = [];

  /** Console errors and uncaught exceptions of a page: none are expected. */
  const watchConsole = (watched: Page) => {
    watched.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${watched.url()}: ${message.text()}`);
    });
    watched.on('pageerror', (error) => problems.push(`${watched.url()}: ${error.message}`));
  };

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], demo: true, demoDays: 3 });
    shopper = stack.appUrls.shopper as string;
    const browse = (await (await fetch(`${stack.apiUrl}/api/browse?sort=offers&pageSize=10`)).json()) as { items: Listed[] };
    const found = browse.items.find((item) => item.bestPriceCents !== null && item.bestPriceCents > 1_000);
    if (!found) throw new Error('the demo catalog has no product with a price');
    product = found;

    // Where the watch's webhook messages would go: a receiver on this machine (the stack lets the API reach loopback).
    webhook = http.createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/prices`;

    // A shopper with a confirmed account, signed in in the browser by the session cookie the API set.
    const cookie = await registerConfirmed(stack, 'shopper', { email: `watcher-${Date.now()}@example.com`, password: 'correct-horse-42' });
    const [name, value] = cookie.split('=') as [string, string];
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: shopper }]);
    page = await context.newPage();
    watchConsole(page);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
    await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
  });

  it('watches a product with a target and a webhook, lists it, changes its target and removes it', async () => {
    const target = Math.floor(((product.bestPriceCents as number) * 0.9) / 100) * 100;
    await openPage(page, `${shopper}/product/${product.id}/its-words`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const watchButton = page.getByRole('button', { name: 'Watch price' });
    await watchButton.and(page.locator(':enabled')).waitFor();
    await watchButton.click();

    const dialog = page.getByRole('dialog', { name: 'Watch the price' });
    await dialog.waitFor();
    const price = dialog.getByRole('textbox', { name: 'Target price ($, optional)' });
    expect(await price.evaluate((element) => element === document.activeElement)).toBe(true);
    await price.fill((target / 100).toFixed(2));
    await dialog.getByRole('textbox', { name: 'Webhook URL (optional)' }).fill(webhookUrl);
    await shot(page, 'watch-dialog-1280', false);
    await dialog.getByRole('button', { name: 'Watch price' }).click();

    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Watching ' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(`${dollars(target)} or less`);
    await page.getByRole('button', { name: 'Watching · edit' }).waitFor();
    await toast.getByRole('button', { name: 'See your watches' }).click();
    await page.waitForURL(`${shopper}/watches`);

    // A wide window shows the table: the product links to its page, with its target and both channels.
    const table = page.getByRole('table', { name: 'Your watches' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('link').first().getAttribute('href')).toMatch(new RegExp(`^/product/${product.id}/`));
    await row.getByText(dollars(target), { exact: true }).waitFor();
    await row.getByText('Email', { exact: true }).waitFor();
    await row.getByText('Webhook', { exact: true }).waitFor();
    await shot(page, 'watches-1280');

    // The target, changed in place and kept by the API.
    const newTarget = target - 100;
    await row.getByRole('button', { name: /^Change the target price for / }).click();
    const field = row.getByRole('textbox', { name: 'Target $' });
    await field.fill((newTarget / 100).toFixed(2));
    await field.press('Enter');
    await row.getByText(dollars(newTarget), { exact: true }).waitFor();
    await page.reload();
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
    await table.getByRole('row').filter({ has: page.getByRole('rowheader') }).getByText(dollars(newTarget), { exact: true }).waitFor();

    // Removed after asking: the page says what watching does and how to start.
    await page.getByRole('button', { name: /^Remove the watch of / }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByRole('heading', { name: 'You are not watching anything yet' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'You are not watching anything yet' }).waitFor();
    // The product page offers to watch it again.
    await openPage(page, `${shopper}/product/${product.id}/its-words`);
    await page.getByRole('button', { name: 'Watch price' }).and(page.locator(':enabled')).waitFor();
    expect(problems).toEqual([]);
  });

  it('fits /watches and the watch dialog on a 375 px phone without sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: await context.storageState() });
    const small = await phone.newPage();
    watchConsole(small);
    const overflowing: Record<string, unknown> = {};
    const measure = async (name: string) => {
      const overflow = await sidewaysOverflow(small);
      if (overflow) overflowing[name] = overflow;
    };

    await openPage(small, `${shopper}/watches`);
    await small.getByRole('heading', { name: 'You are not watching anything yet' }).waitFor();
    await measure('watches, empty');
    await shot(small, 'watches-empty-375');

    await openPage(small, `${shopper}/product/${product.id}/its-words`);
    const watchButton = small.getByRole('button', { name: 'Watch price' });
    await watchButton.and(small.locator(':enabled')).waitFor();
    await watchButton.click();
    const dialog = small.getByRole('dialog', { name: 'Watch the price' });
    await dialog.getByRole('textbox', { name: 'ntfy topic URL (optional)' }).fill('not a link');
    await dialog.getByRole('button', { name: 'Watch price' }).click();
    await dialog.getByText('Enter the topic’s whole address', { exact: false }).waitFor();
    await measure('watch dialog');
    await shot(small, 'watch-dialog-375', false);
    await dialog.getByRole('textbox', { name: 'ntfy topic URL (optional)' }).fill('');
    await dialog.getByRole('textbox', { name: 'Webhook URL (optional)' }).fill(webhookUrl);
    await dialog.getByRole('button', { name: 'Watch price' }).click();
    await small.getByRole('button', { name: 'Watching · edit' }).waitFor();

    // A phone shows a card per watch.
    await openPage(small, `${shopper}/watches`);
    const card = small.getByRole('list', { name: 'Your watches' }).getByRole('listitem').filter({ has: small.getByRole('heading', { level: 2 }) });
    await card.first().waitFor();
    await measure('watches');
    await shot(small, 'watches-375');
    await card.first().getByRole('button', { name: /^Change the target price for / }).click();
    await measure('watches, changing a target');
    await phone.close();

    // Signed out: a prompt to sign in, and the dialog asks for an email address.
    const visitor = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const signedOut = await visitor.newPage();
    watchConsole(signedOut);
    await openPage(signedOut, `${shopper}/watches`);
    await signedOut.getByText('Sign in to see your watches.').waitFor();
    const overflowOut = await sidewaysOverflow(signedOut);
    if (overflowOut) overflowing['watches, signed out'] = overflowOut;
    await shot(signedOut, 'watches-signed-out-375');
    await openPage(signedOut, `${shopper}/product/${product.id}/its-words`);
    await signedOut.getByRole('button', { name: 'Watch price' }).and(signedOut.locator(':enabled')).click();
    await signedOut.getByRole('dialog', { name: 'Watch the price' }).getByRole('textbox', { name: /Your email/ }).waitFor();
    await shot(signedOut, 'watch-dialog-signed-out-375', false);
    await visitor.close();

    expect(overflowing).toEqual({});
    expect(problems).toEqual([]);
  });
});
