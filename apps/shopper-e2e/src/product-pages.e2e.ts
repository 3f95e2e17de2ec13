import type { Browser } from 'playwright-core';
import Database from 'better-sqlite3';
import { launchBrowser, pollUntil, sessionCookie, startStack, writeOriginFor, type Stack } from '@pricehunt/e2e-harness';

interface Listed {
  id: number;
  title: string;
}

/** The JSON-LD blocks of a page's HTML, parsed. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] as string) as Record<string, unknown>);
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1] ?? null;

/**
 * Product pages as search engines and link previews read them: the first HTML answer, without JavaScript, holds the
 * product, its offers and its structured data; the sitemap lists every product; in Chromium the page hydrates into the
 * app without moving or logging an error.
 */
describe('product pages rendered on the server', () => {
  let stack: Stack;
  let browser: Browser;
  let shopper: string;
  let product: Listed;

  beforeAll(async () => {
    stack = await startStack({ apps: ['shopper'], demo: true, demoDays: 3 });
    shopper = stack.appUrls.shopper as string;
    browser = await launchBrowser();
    const page = (await (await fetch(`${stack.apiUrl}/api/sitemap/products?page=1`)).json()) as { items: Listed[] };
    product = page.items[0] as Listed;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('answers a product URL with its title, offers, lowest price and valid JSON-LD before any JavaScript', async () => {
    const detail = (await (await fetch(`${stack.apiUrl}/api/products/${product.id}`)).json()) as {
      product: { title: string; bestPriceCents: number };
      offers: Array<{ totalCents: number; availability: string; condition: string; isBestPrice: boolean; retailer: { name: string } }>;
    };
    // Its slug is not the title's: a permanent redirect to the one URL.
    const moved = await fetch(`${shopper}/product/${product.id}/old-name`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    const location = moved.headers.get('location') as string;
    expect(location).toMatch(new RegExp(`^/product/${product.id}/[a-z0-9-]+$`));

    const response = await fetch(`${shopper}${location}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = detail.product.title;
    const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    expect(html).toContain(`<title>${escaped}: compare prices · PriceHunt</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="${shopper}${location}"/>`);
    expect(html).not.toMatch(/<template id="B:|\$RC/);
    expect(metaContent(html, 'property', 'og:title')).toBe(escaped);
    expect(metaContent(html, 'name', 'twitter:card')).toMatch(/^summary/);
    expect(metaContent(html, 'name', 'description')).toContain('Best price');
    for (const offer of detail.offers) expect(html).toContain(offer.retailer.name);
    // The lowest price is the product's best price, as its cards show it: the total of the offer the API marks.
    const marked = detail.offers.filter((offer) => offer.isBestPrice);
    expect(marked).toHaveLength(1);
    const lowest = marked[0]?.totalCents as number;
    expect(detail.product.bestPriceCents).toBe(lowest);
    const lowestText = `$${(lowest / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(html).toContain(lowestText);

    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: title, url: `${shopper}${location}` });
    const aggregate = ld?.offers as Record<string, unknown>;
    expect(aggregate).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: (lowest / 100).toFixed(2) });
    expect(Number(aggregate.highPrice)).toBeGreaterThanOrEqual(Number(aggregate.lowPrice));
    const offers = aggregate.offers as Array<Record<string, unknown>>;
    expect(aggregate.offerCount).toBe(offers.length);
    expect(new Set(offers.map((offer) => (offer.seller as { name: string }).name)).size).toBe(offers.length);
    for (const offer of offers) {
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', seller: { '@type': 'Organization' } });
      expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
      expect(String(offer.availability)).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|LimitedAvailability)$/);
      expect(String(offer.url)).toMatch(/^https?:\/\//);
    }
  });

  it('answers a category page with its products and an ItemList in the first HTML', async () => {
    const response = await fetch(`${shopper}/browse/headphones`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Headphones<\/h1>/);
    // Every part in place: nothing sent aside for a script to move in (a reader without scripts would see a skeleton).
    expect(html).not.toMatch(/<template id="B:|\$RC/);
    expect(html).toContain(`<link rel="canonical" href="${shopper}/browse/headphones"/>`);
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', name: 'Headphones' });
    const items = ld?.itemListElement as Array<{ '@type': string; position: number; url: string; name: string }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    for (const item of items) {
      expect(item['@type']).toBe('ListItem');
      expect(item.url).toMatch(new RegExp(`^${shopper}/product/\\d+/[a-z0-9-]+$`));
      expect(html).toContain(`href="${item.url.slice(shopper.length)}"`);
    }
    expect((await fetch(`${shopper}/browse/no-such-category`)).status).toBe(404);
  });

  it('answers 404 for a product that is not in the catalog, and keeps searches out of the index', async () => {
    const missing = await fetch(`${shopper}/product/987654321/gone`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${shopper}/product/not-a-number/gone`)).status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex"/>');
    const search = await fetch(`${shopper}/search?q=headphones`);
    expect(search.headers.get('x-robots-tag')).toBe('noindex');
    expect(await search.text()).toContain('<meta name="robots" content="noindex" />');
  });

  it('lists every product in the sitemap, and names the sitemap in robots.txt', async () => {
    const robots = await (await fetch(`${shopper}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${shopper}/sitemap.xml`);
    const index = await (await fetch(`${shopper}/sitemap.xml`)).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
    expect(sitemaps).toContain(`${shopper}/sitemaps/categories.xml`);
    const urls: string[] = [];
    for (const sitemap of sitemaps.filter((loc) => loc.includes('/sitemaps/products-'))) {
      const xml = await (await fetch(sitemap)).text();
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string));
    }
    // Every product shoppers may see, as the catalog's browse lists them.
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const answer = (await (await fetch(`${stack.apiUrl}/api/browse?page=${page}&pageSize=100&sort=name`)).json()) as { items: Array<{ id: number }>; total: number };
      for (const item of answer.items) ids.add(item.id);
      if (answer.items.length < 100) break;
    }
    const listed = new Set(urls.map((url) => Number(/\/product\/(\d+)\//.exec(url)?.[1])));
    expect(listed.size).toBe(urls.length);
    expect([...ids].filter((id) => !listed.has(id))).toEqual([]);
    expect(listed.size).toBe(ids.size);
  });

  it('answers a pasted link and a typed search with their results in the first HTML, at the address of the results', async () => {
    const detail = (await (await fetch(`${stack.apiUrl}/api/products/${product.id}`)).json()) as { offers: Array<{ url: string; retailer: { name: string } }> };
    const link = detail.offers[0]?.url as string;
    const pasted = await fetch(`${shopper}/${link}`, { redirect: 'manual' });
    expect(pasted.status).toBe(200);
    expect(pasted.headers.get('x-robots-tag')).toBe('noindex');
    const html = await pasted.text();
    const address = /history\.replaceState\(null,'',"(\/new-search\/[0-9a-f-]{36}\/[a-z0-9-]+)"\)/.exec(html)?.[1] as string;
    expect(address).toBeDefined();
    expect(html).toContain('id="product-title"');
    // The preview names the best price as the offers list marks it: a total, at its retailer.
    const stored = (await (await fetch(`${stack.apiUrl}/api/search/${address.split('/')[2]}`)).json()) as { offers: Array<{ isBestPrice: boolean; totalCents: number; retailer: { name: string } }> };
    const best = stored.offers.find((offer) => offer.isBestPrice) as { totalCents: number; retailer: { name: string } };
    const bestText = `$${(best.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(metaContent(html, 'property', 'og:description')).toBe(`Best price ${bestText} at ${best.retailer.name}, compared across ${stored.offers.length} offers.`);
    for (const offer of detail.offers) expect(html).toContain(offer.retailer.name);
    // The search was stored under the address's request id: a reload, or a shared link, shows it again.
    const again = await fetch(`${shopper}${address}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('id="product-title"');

    const typed = await (await fetch(`${shopper}/search?q=${encodeURIComponent('wireless headphones')}`)).text();
    expect(typed).toMatch(/history\.replaceState\(null,'',"\/new-search\/[0-9a-f-]{36}\/wireless-headphones"\)/);
    expect((await fetch(`${shopper}/search?q=%20`, { redirect: 'manual' })).headers.get('location')).toBe('/');
    expect((await fetch(`${shopper}/https://not%20a%20url`, { redirect: 'manual' })).headers.get('location')).toBe('/?error=invalid-url');
  });

  it('lists a line’s versions as one card in a typed search, each size a link to its version, whose page lists the line', async () => {
    type Listed = { id: number; title: string; line?: { key: string; name: string; variant: string } | null };
    const words = 'iphone 16 pro';
    const answer = (await (
      await fetch(`${stack.apiUrl}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requestId: crypto.randomUUID(), query: words }) })
    ).json()) as { matches: Listed[]; similarProducts: Listed[] };
    const line = answer.matches[0]?.line;
    if (!line) throw new Error(`the demo's first product for "${words}" has no line: ${answer.matches[0]?.title}`);
    const versions = [...answer.matches, ...answer.similarProducts].filter((listed) => listed.line?.key === line.key);
    expect(versions.length).toBeGreaterThan(2);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${shopper}/search?q=${encodeURIComponent(words)}`);
    const card = page.locator('li.ph-line-card').filter({ has: page.getByRole('heading', { name: line.name, exact: true }) });
    await card.waitFor();
    expect(await card.locator('.ph-product-card__meta').textContent()).toContain(`${versions.length} versions`);
    const choices = card.getByRole('list', { name: `Versions of ${line.name}` }).getByRole('link');
    expect(await choices.count()).toBeGreaterThan(1);
    const label = (await choices.nth(1).locator('.ph-line-card__label').textContent()) as string;
    await page.waitForFunction(() => document.querySelector('#root')?.getAttribute('data-hydrated') === 'true', undefined, { timeout: 15_000 });
    await choices.nth(1).click();
    await page.waitForURL(/\/product\/\d+\//);
    await page.getByRole('heading', { level: 1, name: `${line.name} (${label}`, exact: false }).waitFor();
    // The version's page offers the line's other versions.
    await page.getByRole('navigation', { name: /\d+ versions/ }).waitFor();
    await page.close();
  });

  it("shows a visitor without a session what they have at once: signed out, lists kept in this browser", async () => {
    const html = await (await fetch(`${shopper}/favorites`)).text();
    expect(html).toContain('>Sign in</button>');
    expect(html).toContain('Saved in this browser only.');
    // With a session cookie the server cannot tell, and leaves the account to the browser.
    const withCookie = await (await fetch(`${shopper}/favorites`, { headers: { cookie: 'pricehunt.sid=unknown' } })).text();
    expect(withCookie).not.toContain('>Sign in</button>');
    expect(withCookie).toContain('ph-header__account-placeholder');
  });

  it('answers an unknown address with the not-found page and a 404', async () => {
    const response = await fetch(`${shopper}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(['product', 'category', 'landing', 'returning', 'deals', 'results', 'search', 'favorites', 'history'])('hydrates the %s page the server rendered, without a layout shift or a console error', async (kind) => {
    // A phone; the returning shopper on a desktop screen, where the landing page's sections all show at once.
    const context = await browser.newContext({ viewport: kind === 'returning' ? { width: 1350, height: 940 } : { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // A returning shopper: the landing page lists their recent searches, which only the browser knows.
    if (kind === 'returning')
      await page.addInitScript(() => {
        const entry = { requestId: '0193a3f4-0000-4000-8000-000000000001', slug: 'sony-wh-1000xm5', input: 'sony wh-1000xm5', kind: 'query', searchedAt: new Date().toISOString(), title: 'Sony WH-1000XM5', bestPriceCents: 29_999, currency: 'USD' };
        localStorage.setItem('pricehunt_history', JSON.stringify([entry]));
      });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const searches: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/search') && searches.push(request.url()));
    const offerUrl = async () => ((await (await fetch(`${stack.apiUrl}/api/products/${product.id}`)).json()) as { offers: Array<{ url: string }> }).offers[0]?.url as string;
    const paths: Record<string, string> = {
      product: `/product/${product.id}/x`,
      category: '/browse/headphones',
      landing: '/',
      returning: '/',
      deals: '/deals',
      results: kind === 'results' ? `/${await offerUrl()}` : '',
      search: '/search?q=wireless+headphones',
      favorites: '/favorites',
      history: '/history',
    };
    const response = await page.goto(`${shopper}${paths[kind]}`);
    expect(response?.status()).toBe(200);
    // The server ran the search; the browser does not ask again, and shows the results' address.
    if (kind === 'results' || kind === 'search') expect(new URL(page.url()).pathname).toMatch(/^\/new-search\/[0-9a-f-]{36}\//);
    const heading = await page.locator('h1').first().textContent();
    // Hydrated: the app answers a click (the favorite button toggles).
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.querySelector('#root')?.getAttribute('data-hydrated') === 'true', undefined, { timeout: 15_000 });
    expect(await page.locator('h1').first().textContent()).toBe(heading);
    const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
    expect(cls).toBeLessThan(0.01);
    if (kind === 'returning') await page.getByRole('heading', { name: 'Your recent searches' }).waitFor();
    expect(errors).toEqual([]);
    expect(searches).toEqual([]);
    await context.close();
  });

  it('says a product being regrouped with its offers is being updated, with a 503 and Retry-After, and shows it once it is back', async () => {
    const { items } = (await (await fetch(`${stack.apiUrl}/api/sitemap/products?page=1`)).json()) as { items: Listed[] };
    const regrouped = items.find((item) => item.id !== product.id) as Listed;
    // A re-clustering under way in another process, as it records one: the product's offers taken off it, it removed.
    const db = new Database(stack.databasePath);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.transaction(() => {
        db.prepare('INSERT INTO recluster_offers (offer_id, product_before) SELECT id, product_id FROM offers WHERE product_id = ?').run(regrouped.id);
        db.prepare('UPDATE offers SET product_id = NULL WHERE product_id = ?').run(regrouped.id);
        db.prepare('DELETE FROM products WHERE id = ?').run(regrouped.id);
      })();
    } finally {
      db.close();
    }
    const address = `/product/${regrouped.id}/x`;
    const first = await fetch(`${shopper}${address}`);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('5');

    const page = await browser.newPage();
    try {
      await page.goto(`${shopper}${address}`);
      await page.getByRole('heading', { name: 'This product is being updated' }).waitFor();
      await page.getByText('This product is being regrouped with its offers: try again in a few seconds').waitFor();
      await page.getByText(/^Asking again in \d seconds?\.$/).waitFor();
      expect(await page.title()).toBe('This product is being updated · PriceHunt');

      // An admin carries the re-clustering on: its offers are placed again, and the page finds the product by itself.
      const login = stack.seedOutput.match(/admin console login: (\S+) \/ (\S+)/);
      const origin = writeOriginFor(stack.apiUrl, '/api/admin');
      const signedIn = await fetch(`${stack.apiUrl}/api/business/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: login?.[1], password: login?.[2] }),
      });
      const cookie = sessionCookie(signedIn) as string;
      const carried = await fetch(`${stack.apiUrl}/api/admin/catalog/recluster`, { method: 'POST', headers: { cookie, origin } });
      expect(carried.status).toBe(202);
      expect(await carried.json()).toMatchObject({ resumed: true });
      const back = (await pollUntil(
        async () => {
          const answer = await fetch(`${stack.apiUrl}/api/products/${regrouped.id}`);
          return answer.status === 200 ? ((await answer.json()) as { product: Listed }).product : null;
        },
        (found) => found !== null,
        { failure: () => `product ${regrouped.id} was not back after the re-clustering was carried on` },
      )) as Listed;
      await page.getByRole('heading', { level: 1, name: back.title }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/product/${back.id}/[a-z0-9-]+$`));
    } finally {
      await page.close();
    }
  });
});
