import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startProcess, tempDir, workspaceRoot, type Stack } from '@pricehunt/e2e-harness';

export const SCREENSHOT_DIR = path.join(workspaceRoot, 'screenshots');

/**
 * Records what /api/redirect answers on this context: its status and Location, as the browser received them. The
 * browser goes on to the retailer's address, whose name resolves to nothing here (`launchBrowser` keeps every page on
 * 127.0.0.1), so nothing leaves the machine.
 */
export function recordRedirects(context: BrowserContext, redirects: Array<{ status: number; location: string | null }>): void {
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.hostname === '127.0.0.1' && url.pathname === '/api/redirect') redirects.push({ status: response.status(), location: response.headers()['location'] ?? null });
  });
}

/** A desktop-sized Chromium that records /api/redirect answers (see recordRedirects), and its first page. */
export async function openLocalBrowser(redirects: Array<{ status: number; location: string | null }>): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  recordRedirects(context, redirects);
  return { browser, context, page: await context.newPage() };
}

/** Runs `work` in a new temporary folder, removed after it whatever happens. */
export async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = tempDir(prefix);
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports a Google Merchant Center feed file into the stack's catalog with the import command; returns its output. */
export async function importFeedFile(stack: Stack, file: string, what: string, args: string[] = []): Promise<string> {
  const command = startProcess(what, path.join(workspaceRoot, 'node_modules/.bin/tsx'), ['apps/api/src/cli/catalog-import.ts', file, '--format', 'gmc', ...args], {
    NODE_ENV: 'test',
    DATABASE_URL: `file:${stack.databasePath}`,
    TSX_TSCONFIG_PATH: path.join(workspaceRoot, 'tsconfig.base.json'),
  });
  const code = await new Promise<number | null>((resolve) => command.child.once('exit', resolve));
  if (code !== 0) throw new Error(`the ${what} failed:\n${command.output()}`);
  return command.output();
}

/**
 * Opens a page of the site and waits until the app has taken over what the server sent: every page arrives rendered,
 * but its controls answer (a sort, a filter, a button) once it is hydrated.
 */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The landing page and its one search box. */
export class LandingPage {
  constructor(readonly page: Page, readonly base: string) {}

  async open(query = '') {
    await openPage(this.page, `${this.base}/${query}`);
  }

  get searchBox() {
    return this.page.getByRole('combobox', { name: 'Paste a product link or search' });
  }

  async search(text: string) {
    await this.searchBox.fill(text);
    await this.page.getByRole('button', { name: 'Compare prices' }).click();
  }

  get suggestions() {
    return this.page.getByRole('listbox', { name: 'Suggested products' });
  }

  /**
   * Types `text` key by key and waits until the list shows the API's suggestions for all of it. While keys go in,
   * the list may show what a pause in the typing asked for (a shorter text's suggestions stay until newer arrive).
   */
  async typeForSuggestions(text: string): Promise<string[]> {
    const answered = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname.endsWith('/api/suggest') && url.searchParams.get('q') === text.trim().replace(/\s+/g, ' ');
    });
    await this.searchBox.click();
    await this.searchBox.pressSequentially(text, { delay: 40 });
    const body = (await (await answered).json()) as { suggestions: Array<{ title: string }> };
    const titles = body.suggestions.map((item) => item.title);
    const [best] = titles;
    if (best !== undefined) {
      await this.suggestions.getByRole('option').first().locator('.ph-suggestions__title', { hasText: best }).waitFor();
    }
    return titles;
  }
}

/** A results page (/new-search/:requestId/:slug). */
export class ResultsPage {
  constructor(readonly page: Page) {}

  async waitForOffers() {
    await this.page.waitForURL(/\/new-search\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
    await this.offers.first().waitFor({ timeout: 30_000 });
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get offers() {
    return this.page.getByRole('list', { name: 'Offers, cheapest first' }).getByRole('listitem');
  }

  /**
   * The offers as listed: retailer link name, total in cents, section (`new`, `second_hand`, `bundle`, `out_of_stock`),
   * `apart`: a used, refurbished or bundled offer (its condition shown beside its price), `inStock` (its availability
   * mark) and `shippingKnown` (no "+ shipping" under a total that is the price alone).
   */
  async offerRows(): Promise<OfferRow[]> {
    const rows: OfferRow[] = [];
    for (const item of await this.offers.all()) {
      const link = (await item.getByRole('link').textContent())?.trim() ?? '';
      const total = (await item.locator('.ph-offer__total').textContent()) ?? '';
      const apart = (await item.locator('.ph-offer__condition').count()) > 0;
      const section = /ph-offer--(new|second_hand|bundle|out_of_stock)/.exec((await item.getAttribute('class')) ?? '')?.[1] ?? '';
      const inStock = (await item.locator('.ph-offer__availability--in_stock').count()) > 0;
      const base = item.locator('.ph-offer__base');
      const shippingKnown = (await base.count()) === 0 || (await base.textContent())?.trim() !== '+ shipping';
      rows.push({ link, totalCents: Math.round(Number(total.replace(/[^0-9.]/g, '')) * 100), apart, section, inStock, shippingKnown });
    }
    return rows;
  }
}

const SECTIONS = ['new', 'second_hand', 'bundle', 'out_of_stock'];

/** An offer as a results page lists it (`ResultsPage.offerRows`). */
export interface OfferRow {
  link: string;
  totalCents: number;
  apart: boolean;
  section: string;
  inStock: boolean;
  shippingKnown: boolean;
}

/**
 * The order offers are listed in: new offers of the product alone one can buy, then the used and refurbished ones, the
 * bundles, and last every out-of-stock offer. Within a section one can buy from, the best price's order: in stock
 * before the rest, a stated shipping cost before an unlisted one, then cheapest total first; out of stock, cheapest first.
 */
export function listedOrder<T extends Pick<OfferRow, 'totalCents' | 'section' | 'inStock' | 'shippingKnown'>>(rows: readonly T[]): T[] {
  const tier = (row: T) => (row.section === 'out_of_stock' ? 0 : (row.inStock ? 0 : 2) + (row.shippingKnown ? 0 : 1));
  return [...rows].sort((a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section) || tier(a) - tier(b) || a.totalCents - b.totalCents);
}

/** A product's own page (/product/:id/:slug): the same heading and offers as a results page. */
export class ProductPage extends ResultsPage {
  override async waitForOffers() {
    await this.page.waitForURL(/\/product\/\d+\/[a-z0-9-]+$/);
    await this.offers.first().waitFor({ timeout: 30_000 });
  }

  get priceHistory() {
    return this.page.getByRole('region', { name: 'Price history' });
  }
}

/** Saves `screenshots/<name>.png`: the whole page, or only what the window shows (small screens). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
