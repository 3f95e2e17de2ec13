/**
 * The shopper site rendered on the server for one URL (Vite's SSR build of this file; `server/main.ts` serves it): the
 * pages search engines and link previews read, with their data, their `<head>` and the data the browser's app starts
 * from when it hydrates them. Every other page is rendered as the browser first draws it, without data (its header,
 * headings and skeletons, or what it knows from the address alone), and finishes in the browser; the not-found page
 * answers 404.
 */
import { browseResponseSchema, categoriesResponseSchema, productDetailResponseSchema, searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { buildQuerySlug, buildSlug, createRequestId, extractUrlFromPath, INVALID_URL_PATH, parseProductUrl, productRequestKey, type ProductRequestRecord } from '@pricehunt/direct-url';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { ACCOUNT_HINT_KEY } from './features/account/account-context';
import { paths, PRODUCT_URL_PATH } from './config/paths';
import type { RenderStatus, RouteData } from './lib/route-data';
import { ApiError, isApiError, retryAfterOf, setDefaultBaseUrl } from '@pricehunt/api-client';
import { browseRequestOf, CATEGORIES_KEY } from './features/browse/browse-request';
import { getDeals } from './features/deals/api';
import { DEMO_EXAMPLES_KEY, loadDemoExamples } from './features/search/demo-examples';
import { classifySearchInput } from './features/search/search-input';
import { formatMoney } from './lib/format';
import { DEALS_PAGE_SIZE } from './routes/deals';
import { DEFAULT_WAIT_SECONDS } from './routes/product-not-ready';
import { SiteHead } from './seo/site-head';
import { CategoryHead } from './seo/category-head';
import { ProductHead, shareImageUrl } from './seo/product-head';

export interface RenderOptions {
  /** The API's origin: the pages' own loaders (the api.ts of each feature) ask it for their data, as the browser would. */
  apiOrigin: string;
  /**
   * Asks the API (`GET /api/products/42`, or a POST with a JSON body) → its answer: the server's fetch to the API's
   * origin, on behalf of the visitor (their address passed on); `signal` gives up waiting.
   */
  api: (path: string, init?: { method: 'POST'; body: unknown; signal?: AbortSignal }) => Promise<Response>;
  /** The site's public origin, for canonical URLs (`https://pricehunt.example`). */
  origin: string;
  /**
   * Whether the request carries a session cookie. Without one the visitor is signed out, which the page can show at
   * once (the header's "Sign in", lists kept in this browser) instead of after asking the API.
   */
  hasSession: boolean;
}

/** What every page is rendered with besides its own data: the account state the request already tells. */
function accountData(options: RenderOptions): RouteData {
  return options.hasSession ? {} : { [ACCOUNT_HINT_KEY]: 'signed-out' };
}

export type RenderResult =
  /**
   * A server-rendered page: its status, what goes into `<head>`, the app's HTML and the data it was rendered with;
   * `location` when the page is another address's (a search run for a pasted link is its results page): the browser's
   * address bar takes it before the app starts, and `stored` goes into session storage, as the direct-URL flow keeps
   * a search's request there.
   */
  | { kind: 'page'; status: number; head: string; html: string; data: RouteData; location?: string; stored?: { key: string; value: string } }
  /**
   * The page lives at another URL: a product's slug changed (permanent), or a search the server ran is answered at its
   * results page (303, See Other).
   */
  | { kind: 'redirect'; location: string; status: 301 | 303 }
  /**
   * Not a page rendered on the server: the shell, rendered in the browser; with the API's 503 and its Retry-After when
   * what the page shows is not ready yet (a product being regrouped, a database busy): the browser's page waits and
   * asks again, and a crawler comes back later.
   */
  | { kind: 'shell'; unavailable?: { retryAfterSeconds: number } };

const PRODUCT_PATH = /^\/product\/(\d{1,15})(?:\/([^/]*))?\/?$/;
const CATEGORY_PATH = /^\/browse(?:\/([^/]+))?\/?$/;

type RoutePage = Extract<RenderResult, { kind: 'page' }>;

/** GET of an API path, its JSON read by `schema`; null for a 404; a 503 throws the API's error (`render`). */
async function readApi<T>(options: RenderOptions, path: string, schema: { parse(value: unknown): T }): Promise<T | null> {
  const response = await options.api(path);
  if (response.status === 404) return null;
  if (response.status === 503) throw new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: `GET ${path} answered 503`, retryAfterSeconds: retryAfterOf(response) });
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
    return { kind: 'page', status: 404, head, html: await renderApp(url, data, options), data };
  }
  const data: RouteData = { ...(categories ? { [CATEGORIES_KEY]: categories } : {}), [request.key]: answer };
  return {
    kind: 'page',
    status: 200,
    head: renderToStaticMarkup(<CategoryHead answer={answer} origin={options.origin} filtered={request.filtered} />),
    html: await renderApp(url, data, options),
    data,
  };
}

async function renderApp(url: string, data: RouteData, options: RenderOptions, status?: RenderStatus): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppShell data={{ ...data, ...accountData(options) }} status={status} />
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

/**
 * How long the server waits for a search it starts (a pasted link, `/search?q=`) before leaving the page to the browser,
 * which then shows its progress and runs the search itself: most answers come back in a few hundred milliseconds, but a
 * link the catalog does not know has its page read first.
 */
export const SEARCH_WAIT_MS = 2500;

const SEARCH_RESULTS_PATH = /^\/(?:new-search|search)\/([^/]+)\/[^/]*\/?$/;

/**
 * A pasted link (`/https://…`) or `/search?q=…`: the server takes the direct-URL flow's steps (SPEC §2: a v4 request
 * id, the slug, the request kept in session storage, the history entry replaced by `/new-search/<id>/<slug>`) and runs
 * the search the results page would ask for, so the first answer is the results page itself: its address and stored
 * request are set in the browser before the app starts. A link that is not a URL goes home with the error, an empty
 * `q` home. Null when the search did not answer in time or failed: the page is then the browser's ("Processing
 * URL..."), which runs the search itself; a search the server gave up on is still stored, under its own id.
 */
async function searchFirst(pathname: string, search: string, params: URLSearchParams, options: RenderOptions): Promise<RenderResult | null> {
  let input: { url: string } | { query: string };
  let slug: string;
  const timestamp = Date.now();
  const typed = pathname === '/search' ? classifySearchInput(params.get('q') ?? '') : null;
  if (typed?.kind === 'empty') return { kind: 'redirect', status: 303, location: paths.home };
  if (typed?.kind === 'query') {
    input = { query: typed.query };
    slug = buildQuerySlug(typed.query);
  } else {
    const link = typed?.kind === 'url' ? typed.url : extractUrlFromPath(`${pathname}${search}`);
    const parsed = link ? parseProductUrl(link) : null;
    if (!link || !parsed) return { kind: 'redirect', status: 303, location: INVALID_URL_PATH };
    input = { url: link.trim() };
    slug = buildSlug(parsed);
  }
  const requestId = createRequestId();
  let result: SearchResult;
  try {
    const answer = await options.api('/api/search', { method: 'POST', body: { requestId, ...input }, signal: AbortSignal.timeout(SEARCH_WAIT_MS) });
    if (!answer.ok) return null;
    result = searchResultSchema.parse(await answer.json());
  } catch {
    return null;
  }
  const location = `/new-search/${requestId}/${slug}`;
  const record: ProductRequestRecord = { ...input, timestamp };
  return { ...(await renderSearchResult(location, result, options)), location, stored: { key: productRequestKey(requestId), value: JSON.stringify(record) } };
}

/** A search's results page (`/new-search/<id>/<slug>`, `/search/<id>/<slug>`), with its stored answer when there is one. */
async function renderSearchResults(url: string, requestId: string, options: RenderOptions): Promise<RoutePage> {
  const answer = await options.api(`/api/search/${encodeURIComponent(requestId)}`);
  if (!answer.ok) return renderWithoutData(url, options);
  return renderSearchResult(url, searchResultSchema.parse(await answer.json()), options);
}

async function renderSearchResult(url: string, result: SearchResult, options: RenderOptions): Promise<RoutePage> {
  const data: RouteData = { [result.requestId]: result };
  return { kind: 'page', status: 200, head: renderToStaticMarkup(<SearchHead result={result} origin={options.origin} />), html: await renderApp(url, data, options), data };
}

/** A shared comparison's title and preview: the product, its best price and how many retailers offer it. */
function SearchHead({ result, origin }: { result: SearchResult; origin: string }) {
  const image = shareImageUrl(result.product?.imageUrl, origin);
  const title = result.product?.title ?? result.source.title ?? (result.input.query ? `Products matching “${result.input.query}”` : 'Price comparison');
  const best = result.offers.find((offer) => offer.isBestPrice);
  // The total a shopper pays, as the offers list and its "Best price" mark compare them.
  const description = best
    ? `Best price ${formatMoney(best.totalCents, best.currency)}${best.shippingCents === null ? ' + shipping' : ''} at ${best.retailer.name}, compared across ${result.offers.length} ${result.offers.length === 1 ? 'offer' : 'offers'}.`
    : result.offers.length > 0
      ? `Prices compared across ${result.offers.length} ${result.offers.length === 1 ? 'offer' : 'offers'}; none can be bought now.`
      : result.matches.length > 0
      ? `${result.matches.length} ${result.matches.length === 1 ? 'product matches' : 'products match'} these words, each with its prices across retailers.`
      : 'Prices compared across retailers.';
  return (
    <>
      <title>{`${title} · PriceHunt`}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="PriceHunt" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

/** Any other page, as the browser first draws it: no data, the not-found page's 404. */
async function renderWithoutData(url: string, options: RenderOptions): Promise<RoutePage> {
  const status: RenderStatus = { status: 200 };
  const html = await renderApp(url, {}, options, status);
  const head = status.status === 404 ? renderToStaticMarkup(<><title>Page not found · PriceHunt</title><meta name="robots" content="noindex" /></>) : '';
  return { kind: 'page', status: status.status, head, html, data: {} };
}

export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  let result: RenderResult;
  try {
    result = await renderRoute(url, options);
  } catch (error) {
    if (!isApiError(error) || error.status !== 503) throw error;
    return { kind: 'shell', unavailable: { retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS } };
  }
  return result.kind === 'page' ? { ...result, data: { ...result.data, ...accountData(options) } } : result;
}

async function renderRoute(url: string, options: RenderOptions): Promise<RenderResult> {
  setDefaultBaseUrl(options.apiOrigin);
  const { pathname, search, searchParams } = new URL(url, 'http://server.invalid');
  if (pathname === '/') {
    const data: RouteData = { [DEMO_EXAMPLES_KEY]: await loadDemoExamples() };
    return { kind: 'page', status: 200, head: renderToStaticMarkup(<SiteHead origin={options.origin} path="/" />), html: await renderApp(url, data, options), data };
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
    return { kind: 'page', status: 200, head, html: await renderApp(url, data, options), data };
  }
  if (pathname === '/search' || PRODUCT_URL_PATH.test(pathname)) return (await searchFirst(pathname, search, searchParams, options)) ?? renderWithoutData(url, options);
  const results = SEARCH_RESULTS_PATH.exec(pathname);
  if (results) return renderSearchResults(url, decodeURIComponent(results[1] as string), options);
  const category = CATEGORY_PATH.exec(pathname);
  if (category) return renderCategory(url, category[1] === undefined ? undefined : decodeURIComponent(category[1]), searchParams, options);
  const product = PRODUCT_PATH.exec(pathname);
  // /product/<anything but an id>: the page's not-found state, and a 404 for crawlers.
  if (!product && !/^\/product(?:\/|$)/.test(pathname)) return renderWithoutData(url, options);
  const detail = product ? await readApi(options, `/api/products/${Number(product[1])}`, productDetailResponseSchema) : null;
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
    return { kind: 'page', status: 404, head, html: await renderApp(url, data, options), data };
  }
  const canonical = paths.product(detail.product.id, detail.product.title);
  if (pathname !== canonical) return { kind: 'redirect', status: 301, location: `${canonical}${search}` };
  const data: RouteData = { [`product-${id}`]: detail };
  return { kind: 'page', status: 200, head: renderToStaticMarkup(<ProductHead detail={detail} origin={options.origin} />), html: await renderApp(url, data, options), data };
}
