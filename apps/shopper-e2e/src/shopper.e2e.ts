import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, linkFromOutbox, PHONE_VIEWPORT, sessionCookie, sidewaysOverflow, startStack, type Stack, writeOriginFor } from '@pricehunt/e2e-harness';
import { LandingPage, listedOrder, openLocalBrowser, openPage, ProductPage, ResultsPage, screenshot } from './support/shopper-pages';

interface CatalogOffer {
  url: string;
  totalCents: number;
  retailer: { name: string };
}
interface CatalogProduct {
  id: number;
  title: string;
  model: string | null;
  offerCount: number;
}

/** The shopper's journey against the real API on a temporary database with the demo catalog of real products. */
describe('shopper site', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shopper: string;
  const redirects: Array<{ status: number; location: string | null }> = [];
  let demo: { product: CatalogProduct; pasted: CatalogOffer; offers: CatalogOffer[] };

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(`${stack.apiUrl}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /**
   * Leading words of a demo product's name that the API answers with one product (`one`) or with a list of the
   * products they fit (`several`): the catalog is generated, so the words are found by asking, as a shopper would type.
   * One set per product of the best-sold ones, first found first.
   */
  async function* wordsThatAnswer(kind: 'one' | 'several'): AsyncGenerator<string> {
    const browse = await api<{ items: CatalogProduct[] }>('/api/browse?sort=offers&pageSize=20');
    for (const item of browse.items) {
      const words = item.title.split(/\s+/);
      for (let count = 2; count < words.length; count++) {
        const query = words.slice(0, count).join(' ');
        const response = await fetch(`${stack.apiUrl}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requestId: crypto.randomUUID(), query }),
        });
        const result = (await response.json()) as { product: unknown; matches: unknown[] };
        if (kind === 'one' ? result.product !== null : result.matches.length >= 2) {
          yield query;
          break;
        }
      }
    }
  }

  async function wordsAnswering(kind: 'one' | 'several'): Promise<string> {
    for await (const words of wordsThatAnswer(kind)) return words;
    throw new Error(`no words of the demo catalog answer ${kind === 'one' ? 'one product' : 'several products'}`);
  }

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], demo: true, demoDays: 3 });
    shopper = stack.appUrls.shopper as string;
    // A product several retailers sell; its dearest offer is the link a shopper pastes.
    const browse = await api<{ items: CatalogProduct[] }>('/api/browse?sort=offers&pageSize=10');
    const product = browse.items.find((item) => item.offerCount >= 3) ?? browse.items.find((item) => item.offerCount >= 2);
    if (!product) throw new Error('the demo catalog has no product with two offers');
    const detail = await api<{ offers: CatalogOffer[] }>(`/api/products/${product.id}`);
    const pasted = [...detail.offers].sort((a, b) => b.totalCents - a.totalCents)[0] as CatalogOffer;
    demo = { product, pasted, offers: detail.offers };

    ({ browser, context, page } = await openLocalBrowser(redirects));
  }, 300_000);

  afterAll(async () => {
    await browser?.close(); // and its contexts
    await stack?.stop();
  });

  it('compares a pasted demo link: every retailer, in the best price’s order, links through /api/redirect', async () => {
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await page.getByRole('heading', { name: 'Try an example link' }).waitFor();
    await screenshot(page, 'landing-1280');
    await landing.search(demo.pasted.url);

    const results = new ResultsPage(page);
    await results.waitForOffers();
    const rows = await results.offerRows();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows).toEqual(listedOrder(rows));
    expect(new Set(rows.map((row) => row.link)).size).toBeGreaterThanOrEqual(2);
    await expect(results.heading.textContent()).resolves.toBeTruthy();
    // The price history under the offers is drawn once the shopper scrolls near it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('heading', { name: 'Price history' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'results-1280');

    const first = results.offers.first().getByRole('link');
    const name = (await first.textContent())?.trim() ?? '';
    expect(name).toMatch(/^Go to .+/);
    expect(await first.getAttribute('rel')).toBe('sponsored nofollow noopener');
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('href')).toMatch(/^\/api\/redirect\?to=/);

    const target = new URL(decodeURIComponent(((await first.getAttribute('href')) as string).replace(/^\/api\/redirect\?to=/, '').split('&source=')[0] as string));
    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name }).first().click();
    const opened = await popup;
    await opened.waitForLoadState('domcontentloaded').catch(() => undefined);
    await opened.close();
    expect(redirects.length).toBeGreaterThan(0);
    const answer = redirects[redirects.length - 1] as { status: number; location: string };
    expect(answer.status).toBe(302);
    // The tagged retailer URL: the retailer's own page with an affiliate tag, or its affiliate network's link wrapping it.
    const location = new URL(answer.location);
    if (location.hostname === target.hostname) {
      expect(location.pathname).toBe(target.pathname);
      expect(location.search).not.toBe('');
    } else {
      expect(decodeURIComponent(location.href)).toContain(`${target.hostname}${target.pathname}`);
    }
  });

  it('reports a comparison that shows the wrong product, and the admin console’s API lists the report', async () => {
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(demo.pasted.url);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    await page.getByRole('button', { name: 'Wrong product?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Is this the wrong product?' });
    await dialog.getByRole('radio', { name: 'It is another variant (colour, size, capacity)' }).check();
    await dialog.getByLabel('Anything that helps us (optional)').fill('The one I pasted is another colour');
    await screenshot(page, 'report-match-1280');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('button', { name: 'Reported, thank you' }).waitFor();

    const login = stack.seedOutput.match(/admin console login: (\S+) \/ (\S+)/);
    expect(login).not.toBeNull();
    const signedIn = await fetch(`${stack.apiUrl}/api/business/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: writeOriginFor(stack.apiUrl, '/api/admin') },
      body: JSON.stringify({ email: login?.[1], password: login?.[2] }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn) as string;
    const reports = (await (await fetch(`${stack.apiUrl}/api/admin/match-reports`, { headers: { cookie } })).json()) as {
      items: Array<{ productId: number; searched: string; reason: string; note: string | null }>;
    };
    expect(reports.items).toContainEqual(
      expect.objectContaining({ productId: demo.product.id, searched: demo.pasted.url, reason: 'different_variant', note: 'The one I pasted is another colour' }),
    );
  });

  it('runs a text search that names one product', async () => {
    const words = await wordsAnswering('one');
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(words);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect((await results.offerRows()).length).toBeGreaterThanOrEqual(1);
    // The words stay in the box, to refine them.
    expect(await page.getByRole('combobox', { name: 'Paste a product link or search' }).inputValue()).toBe(words);
  });

  it('lists the products that words fitting several of them match, and compares the one chosen', async () => {
    const words = await wordsAnswering('several');
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(words);
    const heading = page.getByRole('heading', { level: 1, name: `products match “${words}”`, exact: false });
    await heading.waitFor();
    const listed = page.getByRole('region', { name: /products match/ }).getByRole('listitem');
    expect(await listed.count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'query-matches-1280');

    // Cheapest first on request.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Lowest price');
    const prices = await listed.locator('.ph-product-card__meta strong').allTextContents();
    const cents = prices.map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));

    const chosen = (await listed.first().getByRole('heading', { level: 2 }).textContent()) ?? '';
    await listed.first().getByRole('button', { name: /^Compare prices for / }).click();
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect(await results.heading.textContent()).toBe(chosen);
  });

  it('suggests products while a title is typed and compares the one picked from the keyboard', async () => {
    const [first = '', second = ''] = demo.product.title.split(' ');
    const typed = `${first} ${second.slice(0, 2)}`;
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.typeForSuggestions(typed);
    const options = landing.suggestions.getByRole('option');
    expect(await options.count()).toBeGreaterThanOrEqual(1);
    // The best suggestion's title holds the typed words, the last one as the start of a word.
    const words = ((await options.first().locator('.ph-suggestions__title').textContent()) ?? '').toLowerCase().split(/[^a-z0-9]+/);
    for (const part of first.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)) expect(words).toContain(part);
    const lastPart = second.slice(0, 2).toLowerCase().replace(/[^a-z0-9]/g, '');
    if (lastPart) expect(words.some((word) => word.startsWith(lastPart))).toBe(true);
    await screenshot(page, 'suggestions-1280');

    const chosen = (await options.first().locator('.ph-suggestions__title').textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect(await results.heading.textContent()).toBe(chosen);
  });

  it('suggests a product from its model number typed without dashes, and compares it', async () => {
    const code = (demo.product.model ?? '').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
    expect(code.length).toBeGreaterThanOrEqual(6);
    const landing = new LandingPage(page, shopper);
    await landing.open();
    // Typed as far as its last character: the number being typed suggests the product that states it.
    await landing.typeForSuggestions(code.slice(0, -1));
    expect(await landing.suggestions.getByRole('option').locator('.ph-suggestions__title').allTextContents()).toContain(demo.product.title);

    await landing.search(code);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect(await results.heading.textContent()).toBe(demo.product.title);
  });

  it('searches a misspelt word as the catalog word it meant, and says so', async () => {
    // Words answering one product, and the same words with two neighbouring letters of one long word swapped, as the
    // API corrects them back (a word the catalog also knows in the swapped spelling is not corrected: the next words).
    let words = '';
    let typo: string | null = null;
    for await (const found of wordsThatAnswer('one')) {
      for (const [index, word] of found.split(' ').entries()) {
        if (typo || !/^[A-Za-z]{5,}$/.test(word)) continue;
        for (let at = 1; at < word.length - 2 && !typo; at++) {
          const swapped = word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
          if (swapped === word) continue;
          const candidate = found.split(' ').map((w, i) => (i === index ? swapped : w)).join(' ');
          const response = await fetch(`${stack.apiUrl}/api/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ requestId: crypto.randomUUID(), query: candidate }),
          });
          const result = (await response.json()) as { correctedQuery: string | null };
          if (result.correctedQuery === found) typo = candidate;
        }
      }
      words = found;
      if (typo) break;
    }
    if (!typo) throw new Error('no misspelling of words answering one product is corrected back');

    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(typo);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect(await page.locator('.ph-results__correction').textContent()).toBe(`Showing results for ${words} · you typed “${typo}”`);
    expect(await page.getByRole('combobox', { name: 'Paste a product link or search' }).inputValue()).toBe(typo);
  });

  it('lists what words with a price fit priced within it, and the words at any price on request', async () => {
    const words = await wordsAnswering('several');
    const response = await fetch(`${stack.apiUrl}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requestId: crypto.randomUUID(), query: words }) });
    const prices = ((await response.json()) as { matches: Array<{ bestPriceCents: number | null }> }).matches.flatMap((product) => (product.bestPriceCents === null ? [] : [product.bestPriceCents])).sort((a, b) => a - b);
    // A whole amount that some of the listed products are priced within and some are not.
    const cap = Math.ceil((prices[0] as number) / 100);
    expect(prices.some((cents) => cents > cap * 100)).toBe(true);

    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(`${words} under ${cap}`);
    await page.getByRole('heading', { level: 1, name: `“${words} under ${cap}”`, exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.ph-results__wants').textContent()).toBe(`Priced up to $${cap} · Show all prices`);
    const listed = page.getByRole('region', { name: /match/ }).getByRole('listitem');
    const shown = (await listed.locator('.ph-product-card__meta strong').allTextContents()).map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown.every((cents) => cents <= cap * 100)).toBe(true);
    await screenshot(page, 'price-words-1280');

    await page.getByRole('link', { name: 'Show all prices' }).click();
    await page.getByRole('heading', { level: 1, name: `products match “${words}”`, exact: false }).waitFor({ timeout: 30_000 });
    expect(await listed.count()).toBeGreaterThan(shown.length);
  });

  it('lists what words asking to pay little fit cheapest first, and by best match on request', async () => {
    const words = await wordsAnswering('several');
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search(`cheap ${words}`);
    await page.getByRole('heading', { level: 1, name: `“cheap ${words}”`, exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.ph-results__wants').textContent()).toBe('Cheapest first · Show best matches first');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price');
    const listed = page.getByRole('region', { name: /match/ }).getByRole('listitem');
    const shown = (await listed.locator('.ph-product-card__meta strong').allTextContents()).map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await screenshot(page, 'cheap-words-1280');

    await page.getByRole('link', { name: 'Show best matches first' }).click();
    await page.getByRole('heading', { level: 1, name: `products match “${words}”`, exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('match');
  });

  it('answers a sentence of common words as typed, with no "Showing results for"', async () => {
    // Words the catalog lacks, one edit from words it may hold ("link", "pink"): common words are never corrected.
    for (const words of ['not a link', 'what time does the store close']) {
      const landing = new LandingPage(page, shopper);
      await landing.open();
      await landing.search(words);
      await page.waitForURL(/\/new-search\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1, name: `No product matches “${words}”` }).waitFor({ timeout: 30_000 });
      expect(await page.locator('.ph-results__correction').count()).toBe(0);
    }
  });

  it('starts a search from /search?q=… (a shared link or the address bar) and Back skips it', async () => {
    const words = await wordsAnswering('one');
    await openPage(page, `${shopper}/browse`);
    await openPage(page, `${shopper}/search?q=${encodeURIComponent(words)}`);
    await page.waitForURL((url) => url.pathname.startsWith('/new-search/'));
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect((await results.offerRows()).length).toBeGreaterThanOrEqual(1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/browse');
  });

  it('turns /https://… in the address bar into the same comparison', async () => {
    await openPage(page, `${shopper}/${demo.pasted.url}`);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    expect((await results.offerRows()).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a clear message on / for a link that is not a URL', async () => {
    const landing = new LandingPage(page, shopper);
    await landing.open();
    await landing.search('https://not a real link');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('error') === 'invalid-url');
    await page.getByText('That link is not a web address we can read.', { exact: false }).waitFor();
  });

  it('keeps a favorite across a reload, and lists both searches in the history', async () => {
    await openPage(page, `${shopper}/${demo.pasted.url}`);
    const results = new ResultsPage(page);
    await results.waitForOffers();
    const title = (await results.heading.textContent())?.trim() ?? '';
    const add = page.getByRole('button', { name: 'Add to favorites' });
    await add.click();
    await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();

    await openPage(page, `${shopper}/favorites`);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await page.getByText(/^Now \$/).first().waitFor();
    await screenshot(page, 'favorites-1280');

    await openPage(page, `${shopper}/history`);
    const items = page.getByRole('main').getByRole('listitem');
    await items.first().waitFor();
    const text = await page.getByRole('main').textContent();
    expect(text).toContain('Link');
    expect(text).toContain('Search');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
  });

  it('shows browse with categories, products, best prices and offer counts', async () => {
    await openPage(page, `${shopper}/browse`);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1).waitFor();
    await page.getByText(/\d+ offers/).first().waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    await page.getByText(/\d+ offers/).first().waitFor();
    await screenshot(page, 'browse-1280');
    // A category's chip counts what its page heads: its products, a line's versions one.
    const chip = page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1);
    const chipCount = Number(await chip.locator('.ph-chip__count').textContent());
    await chip.click();
    await page.waitForURL(/\/browse\/[^/?]+/);
    await page.waitForFunction((count) => new RegExp(`^${count} products?( · \\d+ versions)?$`).test(document.querySelector('.ph-browse__count')?.textContent ?? ''), chipCount);
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/browse'));
    await page.getByText(/\d+ offers/).first().waitFor();

    // Filters: the first brand of the list, then a price range that leaves out the cheapest of its products.
    const brandOption = (await page.getByRole('combobox', { name: 'Brand' }).locator('option').nth(1).textContent()) as string;
    const brand = brandOption.replace(/ \(\d+\)$/, '');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption(brand);
    await page.waitForURL((url) => url.searchParams.get('brand') === brand);
    // The filtered grid replaces the previous one once its answer arrives: wait for cards of that brand only.
    await page.waitForFunction((wanted) => {
      const shown = [...document.querySelectorAll('.ph-product-grid .ph-product-card__brand')].map((node) => node.textContent);
      return shown.length > 0 && shown.every((name) => name === wanted);
    }, brand);
    const brands = await page.locator('.ph-product-grid .ph-product-card__brand').allTextContents();
    expect(brands.length).toBeGreaterThan(0);
    expect(new Set(brands)).toEqual(new Set([brand]));
    // The brand's count is the page's: its products, a line's versions one.
    const counted = /^(\d+) products?(?: · (\d+) versions)?$/.exec((await page.locator('.ph-browse__count').textContent()) ?? '');
    expect(Number(counted?.[1])).toBe(Number(/\((\d+)\)$/.exec(brandOption)?.[1]));
    await page.getByRole('textbox', { name: 'Min $' }).fill('0');
    await page.getByRole('textbox', { name: 'Max $' }).fill('0.01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('brand') && !url.searchParams.has('maxPrice'));
    await page.getByText(/\d+ offers/).first().waitFor();
  });

  it('opens a product’s own page from browse: every offer in the best price’s order, its price history, and one address for it', async () => {
    await openPage(page, `${shopper}/browse`);
    await page.getByRole('link', { name: demo.product.title, exact: true }).first().click();
    const product = new ProductPage(page);
    await product.waitForOffers();
    const address = new URL(page.url()).pathname;
    expect(address).toMatch(new RegExp(`^/product/${demo.product.id}/[a-z0-9-]+$`));
    expect(await product.heading.textContent()).toBe(demo.product.title);
    const rows = await product.offerRows();
    expect(rows).toHaveLength(demo.offers.length);
    expect(rows).toEqual(listedOrder(rows));
    expect(rows.map((row) => row.totalCents).sort((a, b) => a - b)).toEqual([...demo.offers.map((offer) => offer.totalCents)].sort((a, b) => a - b));
    await product.priceHistory.getByText(/^Best price (over the last 90 days|since )/).waitFor();
    expect(await page.getByRole('link', { name: /^More / }).getAttribute('href')).toMatch(/^\/browse\/[a-z0-9-]+$/);
    await screenshot(page, 'product-1280');

    // Old words in the address give way to the product's own.
    await openPage(page, `${shopper}/product/${demo.product.id}/an-older-title`);
    await page.waitForURL((url) => url.pathname === address);
    await openPage(page, `${shopper}/product/999999999/gone`);
    await page.getByRole('heading', { level: 1, name: 'This product is no longer in the catalog' }).waitFor();
  });

  it('signs up, confirms the email by its link, sets a price alert, signs out and signs in again, keeping the favorite in the account', async () => {
    const email = `shopper-${Date.now()}@example.com`;
    const password = 'correct-horse-42';
    await openPage(page, `${shopper}/`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByRole('status').filter({ hasText: `Check your inbox: we have sent an email to ${email}` }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The emailed link confirms the address and signs in.
    await openPage(page, `${shopper}${await linkFromOutbox(stack.databasePath, email)}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.getByRole('heading', { name: 'Your email is confirmed' }).waitFor();
    await page.getByRole('banner').getByText(email).waitFor();

    // What the browser kept while signed out is now in the account.
    await openPage(page, `${shopper}/favorites`);
    await page.getByText(`Saved to your account (${email}).`).waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(1);

    // A price alert under today's price: saved to the account, shown after a reload.
    await page.getByRole('button', { name: /^Set a price alert for / }).click();
    const price = page.getByRole('textbox', { name: 'Email me at or below $' });
    await price.fill('0');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter a price above 0' }).waitFor();
    await price.fill('1.00');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Alert at $1.00 · we will email you when the price gets there').waitFor();
    await page.reload();
    await page.getByText('Alert at $1.00 · we will email you when the price gets there').waitFor();
    await screenshot(page, 'favorites-alert-1280');

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByText('Saved in this browser only.').waitFor();

    await openPage(page, `${shopper}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shopper}/`);
    await page.getByRole('banner').getByText(email).waitFor();
    await openPage(page, `${shopper}/favorites`);
    await page.getByText(`Saved to your account (${email}).`).waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(1);
  });

  it('fits every page on a 375 px phone without sideways scrolling', async () => {
    const several = await wordsAnswering('several');
    const overflowing: Record<string, unknown> = {};
    const walk = async (small: Page, name: string, path: string, ready: (p: Page) => Promise<unknown>) => {
      await openPage(small, `${shopper}${path}`);
      await ready(small);
      // What is drawn once scrolled near (the price history) is drawn too, then the page is measured from its top.
      await small.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await small.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await small.evaluate(() => window.scrollTo(0, 0));
      const overflow = await sidewaysOverflow(small);
      if (overflow) overflowing[name] = overflow;
      await screenshot(small, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}-375`);
    };
    const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { level: 1, name }).waitFor();

    // As the shopper of the tests above: signed in, with a favorite, an alert and a history.
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: await context.storageState() });
    const small = await phone.newPage();
    await walk(small, 'results', `/${demo.pasted.url}`, (p) => new ResultsPage(p).waitForOffers());
    // The same comparison in the older compact layout of /search/:requestId/:slug.
    const compact = new URL(small.url()).pathname.replace(/^\/new-search\//, '/search/');
    await small.getByRole('heading', { name: /offers/ }).scrollIntoViewIfNeeded();
    await screenshot(small, 'results-375-offers', false);
    await walk(small, 'landing', '/', (p) => p.getByRole('heading', { name: 'Try an example link' }).waitFor());
    await walk(small, 'demo landing', '/demo-landing', (p) => p.getByRole('heading', { name: 'Try an example link' }).waitFor());
    await walk(small, 'alternate landing', '/landing2', heading('Paid too much last time? Not again.'));
    await walk(small, 'landing with an unreadable link', '/?error=invalid-url', (p) => p.getByText('That link is not a web address we can read.', { exact: false }).waitFor());
    await walk(small, 'results compact', compact, (p) => new ResultsPage(p).offers.first().waitFor({ timeout: 30_000 }));
    await walk(small, 'product list', `/search?q=${encodeURIComponent(several)}`, heading(/products match/));
    await walk(small, 'no match', `/search?q=${encodeURIComponent('what time does the store close')}`, heading(/^No product matches/));
    await walk(small, 'product', `/product/${demo.product.id}/its-words`, (p) => new ProductPage(p).waitForOffers());
    await walk(small, 'product not found', '/product/999999999/gone', heading('This product is no longer in the catalog'));
    await walk(small, 'browse', '/browse', (p) => p.getByText(/\d+ offers/).first().waitFor());
    const category = (await small.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1).getAttribute('href')) as string;
    expect(category).toMatch(/^\/browse\/[a-z0-9-]+$/);
    await walk(small, 'category', category, (p) => p.getByText(/\d+ offers/).first().waitFor());
    await walk(small, 'deals', '/deals', heading(/^Deals/));
    await walk(small, 'favorites', '/favorites', (p) => p.getByText('Alert at $1.00', { exact: false }).waitFor());
    await walk(small, 'history', '/history', heading('Search history'));
    await walk(small, 'signed in', '/login', heading('You are signed in'));
    await walk(small, 'tracking test', '/tracking-test', heading('Tracking test'));
    await walk(small, 'real tracking test', '/real-tracking-test', heading('Real tracking test'));
    await walk(small, 'not found', '/no-such-page', heading('Page not found'));
    await phone.close();

    // Signed out: the account's own pages.
    const visitor = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const signedOut = await visitor.newPage();
    await walk(signedOut, 'sign in', '/login', (p) => p.getByRole('textbox', { name: 'Email' }).waitFor());
    await walk(signedOut, 'create an account', '/login?mode=signup', (p) => p.getByRole('button', { name: 'Create account' }).waitFor());
    await walk(signedOut, 'reset password', '/reset-password?token=a-link-from-an-email-0123456789', heading('Choose a new password'));
    await walk(signedOut, 'reset password without its link', '/reset-password', heading('Choose a new password'));
    await walk(signedOut, 'confirm email', '/confirm-email?token=a-link-used-already-0123456789', (p) => p.getByRole('button', { name: 'Confirm my email' }).waitFor());
    await walk(signedOut, 'stop a price alert', '/alerts/stop?token=from-an-email', (p) => p.getByRole('button', { name: 'Stop this alert' }).waitFor());
    await walk(signedOut, 'favorites signed out', '/favorites', heading('Favorites'));
    await walk(signedOut, 'history signed out', '/history', heading('Search history'));
    await visitor.close();
    expect(overflowing).toEqual({});
  });

  it('has no serious accessibility violations on its pages (axe-core, WCAG 2.1 A and AA)', async () => {
    // Signed out, as most shoppers are.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const audited = await fresh.newPage();
    const several = await wordsAnswering('several');
    const pages: Array<[string, string, (p: Page) => Promise<unknown>]> = [
      ['landing', '/', (p) => p.getByRole('heading', { name: 'Try an example link' }).waitFor()],
      ['results', `/${demo.pasted.url}`, (p) => new ResultsPage(p).waitForOffers()],
      ['browse', '/browse', (p) => p.getByText(/\d+ offers/).first().waitFor()],
      ['product', `/product/${demo.product.id}/its-words`, (p) => new ProductPage(p).waitForOffers()],
      ['product not found', '/product/999999999/gone', (p) => p.getByRole('heading', { name: 'This product is no longer in the catalog' }).waitFor()],
      ['product list', `/search?q=${encodeURIComponent(several)}`, (p) => p.getByRole('heading', { level: 1, name: /products match/ }).waitFor()],
      ['history', '/history', (p) => p.getByRole('heading', { level: 1, name: 'History' }).waitFor()],
      ['favorites', '/favorites', (p) => p.getByRole('heading', { level: 1, name: 'Favorites' }).waitFor()],
      ['sign in', '/login', (p) => p.getByRole('textbox', { name: 'Email' }).waitFor()],
      ['stop a price alert', '/alerts/stop?token=from-an-email', (p) => p.getByRole('button', { name: 'Stop this alert' }).waitFor()],
      ['confirm email', '/confirm-email?token=a-link-used-already-0123456789', (p) => p.getByRole('button', { name: 'Confirm my email' }).waitFor()],
      [
        'confirm email (a used link)',
        '/confirm-email?token=a-link-used-already-0123456789',
        async (p) => {
          await p.getByRole('button', { name: 'Confirm my email' }).click();
          await p.getByRole('heading', { name: 'This link does not work' }).waitFor();
        },
      ],
      ['not found', '/no-such-page', (p) => p.getByRole('heading', { name: 'Page not found' }).waitFor()],
    ];
    const found: Record<string, unknown> = {};
    for (const [name, path, ready] of pages) {
      await audited.goto(`${shopper}${path}`);
      await ready(audited);
      const violations = await accessibilityViolations(audited);
      if (violations.length) found[name] = violations;
    }
    await fresh.close();
    expect(found).toEqual({});
  });
});
