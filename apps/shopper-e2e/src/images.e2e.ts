import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { accessibilityViolations, launchBrowser, startStack, tempDir, workspaceRoot, type Stack } from '@pricehunt/e2e-harness';

/** A picture made here: a coloured box with a darker square in it, `width`×`height`. */
async function picture(width: number, height: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const inner = await sharp({ create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: { r: colour.r / 2, g: colour.g / 2, b: colour.b / 2 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png()
    .toBuffer();
}

interface Listed {
  id: number;
  title: string;
  imageUrl: string | null;
}

/**
 * Product pictures in the shopper site: the results page's cards and the product page show them from the API's image
 * route (never from the retailer's host, here a server on 127.0.0.1 the browser never hears of), sized before they
 * come, in the first HTML; a product without a picture shows the placeholder.
 */
describe('product pictures', () => {
  let stack: Stack;
  let browser: Browser;
  let shopper: string;
  let sources: http.Server;
  let sourceOrigin: string;
  const sourceHits: string[] = [];
  let products: Listed[];
  const screenshots = path.join(workspaceRoot, 'screenshots');

  beforeAll(async () => {
    const pictures: Record<string, Buffer> = {
      '/img/kettle-steel.png': await picture(800, 800, { r: 180, g: 190, b: 200 }),
      '/img/kettle-glass.png': await picture(900, 600, { r: 90, g: 160, b: 220 }),
      '/img/kettle-red.png': await picture(600, 800, { r: 210, g: 50, b: 40 }),
    };
    sources = http.createServer((req, res) => {
      sourceHits.push(req.url ?? '');
      const body = pictures[req.url ?? ''];
      if (body) res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.length) }).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => sources.listen(0, '127.0.0.1', resolve));
    sourceOrigin = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;

    stack = await startStack({ apps: ['shopper'] });
    shopper = stack.appUrls.shopper as string;
    // A retailer's feed: three kettles with pictures, one without.
    const rows = [
      ['K-100', 'Acme Electric Kettle 1.7L Brushed Steel K-100', '/img/kettle-steel.png', '39.99'],
      ['K-200', 'Acme Electric Kettle 1.0L Glass K-200', '/img/kettle-glass.png', '44.99'],
      ['K-300', 'Acme Electric Kettle 1.5L Red K-300', '/img/kettle-red.png', '29.99'],
      ['K-400', 'Acme Electric Kettle 1.2L Travel K-400', '', '24.99'],
    ];
    const dir = tempDir('pricehunt-images-e2e-');
    const feed = path.join(dir, 'kettles.tsv');
    fs.writeFileSync(
      feed,
      ['id\ttitle\tlink\tprice\tbrand\tmpn\tavailability\tproduct_type\timage_link']
        .concat(rows.map(([id, title, image, price]) => [id, title, `https://shop-one.example/p/${id}`, `${price} USD`, 'Acme', id, 'in stock', 'Kitchen > Kettles', image ? `${sourceOrigin}${image}` : ''].join('\t')))
        .join('\n'),
    );
    execFileSync(
      path.join(workspaceRoot, 'node_modules/.bin/tsx'),
      ['--tsconfig', 'apps/api/tsconfig.json', 'apps/api/src/cli/catalog-import.ts', feed, '--format', 'gmc', '--retailer', 'Shop One'],
      { cwd: workspaceRoot, env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: `file:${stack.databasePath}` }, stdio: 'pipe' },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    const sitemap = (await (await fetch(`${stack.apiUrl}/api/sitemap/products?page=1`)).json()) as { items: Array<{ id: number }> };
    products = await Promise.all(sitemap.items.map(async ({ id }) => ((await (await fetch(`${stack.apiUrl}/api/products/${id}`)).json()) as { product: Listed }).product));
    expect(products).toHaveLength(4);
    fs.mkdirSync(screenshots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise<void>((resolve) => sources?.close(() => resolve()));
  });

  /** A page that records every request's origin. */
  async function openPage(): Promise<{ page: Page; origins: Set<string>; images: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const origins = new Set<string>();
    const images: string[] = [];
    page.on('request', (request) => {
      origins.add(new URL(request.url()).origin);
      if (request.resourceType() === 'image') images.push(request.url());
    });
    return { page, origins, images };
  }

  /** The pictures of the page: where from, their size attributes, and whether they came (naturalWidth). */
  const picturesOf = (page: Page, selector: string) =>
    page.$$eval(selector, (elements) =>
      (elements as HTMLImageElement[]).map((img) => ({
        alt: img.alt,
        src: img.getAttribute('src'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        loaded: img.complete && img.naturalWidth > 0,
      })),
    );

  it('shows the results’ pictures from the image route, sized in the first HTML, and the placeholder for a product without one', async () => {
    const withPicture = products.filter((product) => product.imageUrl !== null);
    expect(withPicture).toHaveLength(3);
    for (const product of withPicture) expect(product.imageUrl).toMatch(new RegExp(`^/api/images/products/${product.id}\\?v=[0-9a-z]+$`));

    const url = `${shopper}/browse/kettles`;
    const first = await (await fetch(url)).text();
    // Rendered on the server: the cards' pictures are in the first HTML, with their size.
    for (const product of withPicture) expect(first).toMatch(new RegExp(`<img[^>]*src="${product.imageUrl?.replace(/[?]/g, '\\?')}&amp;w=96"[^>]*width="64" height="64"`));

    const { page, origins, images } = await openPage();
    await page.goto(url);
    await page.waitForFunction(() => [...document.querySelectorAll('.ph-product-card img')].every((img) => (img as HTMLImageElement).complete));
    const shown = await picturesOf(page, '.ph-product-card img');
    expect(shown).toHaveLength(3);
    for (const image of shown) {
      expect(image).toMatchObject({ width: '64', height: '64', loaded: true, src: expect.stringMatching(/^\/api\/images\/products\/\d+\?v=[0-9a-z]+&w=96$/) });
      expect(withPicture.map((product) => product.title)).toContain(image.alt);
    }
    const placeholders = await page.$$eval('.ph-product-card [data-placeholder]', (elements) => elements.map((element) => element.getAttribute('aria-label')));
    expect(placeholders).toEqual(['Acme Electric Kettle 1.2L Travel K-400']);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(image.startsWith(`${shopper}/api/images/products/`)).toBe(true);
    // Nothing but the site itself: never the retailer's host (the sources' server).
    expect([...origins]).toEqual([shopper]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'images-results.png'), fullPage: true });

    // Typed words that fit the kettles list them, with their pictures.
    await page.goto(`${shopper}/search?q=${encodeURIComponent('acme electric kettle')}`);
    await page.waitForSelector('img.ph-product-image, .ph-product-image--empty');
    const listed = await picturesOf(page, 'img.ph-product-image');
    expect(listed.length).toBeGreaterThanOrEqual(1);
    for (const image of listed) expect(image.src).toMatch(/^\/api\/images\/products\/\d+\?v=/);
    await page.waitForFunction(() => [...document.querySelectorAll('img.ph-product-image')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    await page.screenshot({ path: path.join(screenshots, 'images-search.png'), fullPage: true });
    expect([...origins]).toEqual([shopper]);
    await page.context().close();
  });

  it('shows the product page’s picture larger, at once, in the first HTML and its link previews; the placeholder without one', async () => {
    const product = products.find((p) => p.title.includes('Glass')) as Listed;
    const { page, origins } = await openPage();
    const response = await page.goto(`${shopper}/product/${product.id}/x`);
    expect(response?.status()).toBe(200);
    const html = await (await fetch(page.url())).text();
    const absolute = `${shopper}${product.imageUrl}&w=960`;
    expect(html).toContain(`<meta property="og:image" content="${absolute.replace(/&/g, '&amp;')}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${absolute.replace(/&/g, '&amp;')}"/>`);
    expect(html).toMatch(/<img[^>]*width="200" height="200"[^>]*loading="eager"/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] as string) as { image: string };
    expect(ld.image).toBe(absolute);
    // The preview's picture is served, and is a picture.
    const preview = await fetch(absolute, { headers: { accept: 'image/webp' } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(preview.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(900);

    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.ph-product--full img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const [main] = await picturesOf(page, '.ph-product--full img');
    expect(main).toMatchObject({ alt: product.title, width: '200', height: '200', loading: 'eager', loaded: true, src: `${product.imageUrl}&w=240` });
    const box = await page.$eval('.ph-product--full img', (img) => img.getBoundingClientRect().height);
    expect(box).toBeGreaterThan(150);
    expect([...origins]).toEqual([shopper]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'images-product.png'), fullPage: true });

    const plain = products.find((p) => p.imageUrl === null) as Listed;
    await page.goto(`${shopper}/product/${plain.id}/x`);
    await page.waitForSelector('.ph-product--full [data-placeholder]');
    expect(await page.$$('.ph-product--full img')).toHaveLength(0);
    expect(await page.$eval('.ph-product--full [data-placeholder]', (element) => element.getAttribute('aria-label'))).toBe(plain.title);
    await page.screenshot({ path: path.join(screenshots, 'images-product-placeholder.png') });
    // Each source was fetched once by the API, however many pages and widths showed it.
    for (const source of ['/img/kettle-steel.png', '/img/kettle-glass.png', '/img/kettle-red.png']) expect(sourceHits.filter((hit) => hit === source)).toHaveLength(1);
    await page.context().close();
  });
});
