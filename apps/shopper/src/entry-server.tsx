/**
 * The shopper site rendered on the server for one URL (Vite's SSR build of this file; `server/main.ts` serves it): the
 * pages search engines and link previews read, with their data, their `<head>` and the data the browser's app starts
 * from when it hydrates them. Other pages are the app's shell, rendered in the browser.
 */
import { browseResponseSchema, categoriesResponseSchema, productDetailResponseSchema, type ProductDetailResponse } from '@pricehunt/contracts';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { paths } from './config/paths';
import type { RouteData } from './lib/route-data';
import { setDefaultBaseUrl } from '@pricehunt/api-client';
import { browseRequestOf, CATEGORIES_KEY } from './features/browse/browse-request';
import { getDeals } from './features/deals/api';
import { DEMO_EXAMPLES_KEY, loadDemoExamples } from './features/search/demo-examples';
import { DEALS_PAGE_SIZE } from './routes/deals';
import { SiteHead } from './seo/site-head';
import { CategoryHead } from './seo/category-head';
import { ProductHead } from './seo/product-head';

export interface RenderOptions {
  /** The API's origin: the pages' own loaders (the api.ts of each feature) ask it for their data, as the browser would. */
  apiOrigin: string;
  /** Reads the API (`GET /api/products/42` → its answer): the server's fetch to the API's origin. */
  api: (path: string) => Promise<Response>;
  /** The site's public origin, for canonical URLs (`https://pricehunt.example`). */
  origin: string;
}

export type RenderResult =
  /** A server-rendered page: its status, what goes into `<head>`, the app's HTML and the data it was rendered with. */
  | { kind: 'page'; status: number; head: string; html: string; data: RouteData }
  /** The page lives at another URL (a product's slug changed): a permanent redirect. */
  | { kind: 'redirect'; location: string }
  /** Not a page rendered on the server: the shell, rendered in the browser. */
  | { kind: 'shell' };

const PRODUCT_PATH = /^\/product\/(\d{1,15})(?:\/([^/]*))?\/?$/;
const CATEGORY_PATH = /^\/browse(?:\/([^/]+))?\/?$/;

/** GET of an API path, its JSON read by `schema`; null for a 404. */
async function readApi<T>(options: RenderOptions, path: string, schema: { parse(value: unknown): T }): Promise<T | null> {
  const response = await options.api(path);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}

/** /browse and /browse/<category>: the list and its categories, as the page asks for them. */
async function renderCategory(url: string, category: string | undefined, params: URLSearchParams, options: RenderOptions): Promise<RenderResult> {
  const request = browseRequestOf(category, params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) if (value !== undefined) query.set(key, String(value));
  const [categories, answer] = await Promise.all([
    readApi(options, '/api/categories', categoriesResponseSchema),
    readApi(options, `/api/browse?${query}`, browseResponseSchema),
  ]);
  if (!answer) {
    const data: RouteData = categories ? { [CATEGORIES_KEY]: categories } : {};
    const head = renderToStaticMarkup(
      <>
        <title>Category not found · PriceHunt</title>
        <meta name="robots" content="noindex" />
      </>,
    );
    return { kind: 'page', status: 404, head, html: await renderApp(url, data), data };
  }
  const data: RouteData = { ...(categories ? { [CATEGORIES_KEY]: categories } : {}), [request.key]: answer };
  return {
    kind: 'page',
    status: 200,
    head: renderToStaticMarkup(<CategoryHead answer={answer} origin={options.origin} filtered={request.filtered} />),
    html: await renderApp(url, data),
    data,
  };
}

async function readProduct(options: RenderOptions, id: number): Promise<ProductDetailResponse | null> {
  const response = await options.api(`/api/products/${id}`);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api/products/${id} answered ${response.status}`);
  return productDetailResponseSchema.parse(await response.json());
}

async function renderApp(url: string, data: RouteData): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppShell data={data} />
      </StaticRouter>
    </StrictMode>,
    // Every part in place, none sent apart to be moved in by a script (React does that with large parts by default):
    // crawlers that run no script see the page, and the browser paints it once, as it is.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  setDefaultBaseUrl(options.apiOrigin);
  const { pathname, search, searchParams } = new URL(url, 'http://server.invalid');
  if (pathname === '/') {
    const data: RouteData = { [DEMO_EXAMPLES_KEY]: await loadDemoExamples() };
    return { kind: 'page', status: 200, head: renderToStaticMarkup(<SiteHead origin={options.origin} path="/" />), html: await renderApp(url, data), data };
  }
  if (pathname === '/deals') {
    const category = searchParams.get('category') ?? '';
    const data: RouteData = { [`deals:${category}`]: await getDeals({ category: category || undefined, limit: DEALS_PAGE_SIZE }) };
    const head = renderToStaticMarkup(
      <SiteHead
        origin={options.origin}
        path={category ? `/deals?category=${encodeURIComponent(category)}` : '/deals'}
        title="Deals: prices well under their usual · PriceHunt"
        description="Products whose best price today is furthest under their typical price of the last 90 days, across retailers."
      />,
    );
    return { kind: 'page', status: 200, head, html: await renderApp(url, data), data };
  }
  const category = CATEGORY_PATH.exec(pathname);
  if (category) return renderCategory(url, category[1] === undefined ? undefined : decodeURIComponent(category[1]), searchParams, options);
  const product = PRODUCT_PATH.exec(pathname);
  // /product/<anything but an id>: the page's not-found state, and a 404 for crawlers.
  if (!product && !/^\/product(?:\/|$)/.test(pathname)) return { kind: 'shell' };
  const detail = product ? await readProduct(options, Number(product[1])) : null;
  const id = product ? Number(product[1]) : 0;
  if (!detail) {
    // The app's own not-found state for the product, with a 404 for crawlers.
    const data: RouteData = {};
    const head = renderToStaticMarkup(
      <>
        <title>Product not found · PriceHunt</title>
        <meta name="robots" content="noindex" />
      </>,
    );
    return { kind: 'page', status: 404, head, html: await renderApp(url, data), data };
  }
  const canonical = paths.product(detail.product.id, detail.product.title);
  if (pathname !== canonical) return { kind: 'redirect', location: `${canonical}${search}` };
  const data: RouteData = { [`product-${id}`]: detail };
  return { kind: 'page', status: 200, head: renderToStaticMarkup(<ProductHead detail={detail} origin={options.origin} />), html: await renderApp(url, data), data };
}
