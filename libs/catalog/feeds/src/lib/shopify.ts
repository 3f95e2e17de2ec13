import { clean, type FieldNames, type OfferDraft, buildOffer } from './normalise';
import { type FeedParseResult, type FeedRow, LIMITS, type RowError, type StreamOptions } from './offer';
import { FeedFormatError, withProgress } from './stream';

/** The parts of a Shopify `/products.json` product this reader uses. */
export interface ShopifyProduct {
  id: number | string;
  title?: string;
  handle?: string;
  body_html?: string | null;
  vendor?: string | null;
  product_type?: string | null;
  images?: Array<{ id?: number | string; src?: string; variant_ids?: Array<number | string> }>;
  variants?: ShopifyVariant[];
}

export interface ShopifyVariant {
  id: number | string;
  title?: string;
  sku?: string | null;
  barcode?: string | null;
  price?: string | number | null;
  compare_at_price?: string | number | null;
  available?: boolean;
  featured_image?: { src?: string } | null;
}

export interface ShopifyOptions {
  /** Store host (`shop.example.com` or `x.myshopify.com`) or origin; product links are built on it. */
  store: string;
  /** Retailer id stamped on every offer. */
  retailer?: string;
  /** The store's currency: `/products.json` prices carry none. Default `USD`. */
  currency?: string;
}

/** `https://<host>` of a store given as a host or a URL; throws on anything else. */
export function storeOrigin(store: string): string {
  const text = store.trim();
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new FeedFormatError(`"${store}" is not a store address`, 'store');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FeedFormatError(`"${store}" is not a store address`, 'store');
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(url.host) || !url.hostname.includes('.')) {
    if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') throw new FeedFormatError(`"${store}" is not a store address`, 'store');
  }
  return url.origin;
}

/** Plain text of product HTML: tags dropped, common entities decoded, whitespace collapsed, cut to the description limit. */
export function htmlToText(html: string): string | undefined {
  const text = clean(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/?(p|div|li|ul|ol|h\d|tr|td|table)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))),
  );
  if (!text) return undefined;
  return text.length > LIMITS.description ? `${text.slice(0, LIMITS.description - 1)}…` : text;
}

function priceText(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return String(value);
}

/**
 * One offer per variant of each product. Title is the product title plus the variant title (Shopify's
 * "Default Title" is left out); link is `<store>/products/<handle>?variant=<id>`; prices are the
 * store's currency; `available` becomes in or out of stock; `barcode` becomes the GTIN only when it is
 * a valid GTIN (stores often put internal codes there); `vendor` is the brand and `product_type` the
 * category. The image is the variant's own, else the product image linked to the variant, else the first; the
 * product's other images are the offer's further images.
 *
 * Row positions: `line` is the 1-based position of the product in the page, and field names carry the
 * path (`products[3].variants[1].price`), since JSON has no useful line numbers.
 */
export function shopifyProductRows(products: unknown, options: ShopifyOptions): FeedRow[] {
  const origin = storeOrigin(options.store);
  if (!Array.isArray(products)) throw new FeedFormatError('Expected a "products" array', 'products');
  const rows: FeedRow[] = [];
  products.forEach((raw: unknown, index) => {
    const line = index + 1;
    const at = `products[${index}]`;
    if (typeof raw !== 'object' || raw === null) {
      rows.push({ line, errors: [{ line, field: at, reason: 'is not an object' }] });
      return;
    }
    const product = raw as ShopifyProduct;
    const productErrors: RowError[] = [];
    if (!product.handle || !/^[\w-]+$/u.test(product.handle)) productErrors.push({ line, field: `${at}.handle`, reason: 'is missing or not a URL handle' });
    if (!Array.isArray(product.variants) || product.variants.length === 0) {
      productErrors.push({ line, field: `${at}.variants`, reason: 'has no variants' });
    }
    if (productErrors.length > 0) {
      rows.push({ line, errors: productErrors });
      return;
    }
    const images = Array.isArray(product.images) ? product.images : [];
    const description = product.body_html ? htmlToText(product.body_html) : undefined;
    (product.variants ?? []).forEach((variant, v) => {
      const path = `${at}.variants[${v}]`;
      if (typeof variant !== 'object' || variant === null || variant.id === undefined || variant.id === null) {
        rows.push({ line, errors: [{ line, field: `${path}.id`, reason: 'is required' }] });
        return;
      }
      const variantTitle = clean(variant.title);
      const title = [clean(product.title), variantTitle && variantTitle !== 'Default Title' ? variantTitle : undefined].filter(Boolean).join(' - ');
      const image =
        variant.featured_image?.src ??
        images.find((img) => img.variant_ids?.some((id) => String(id) === String(variant.id)))?.src ??
        images[0]?.src;
      const draft: OfferDraft = {
        externalId: String(variant.id),
        retailer: options.retailer,
        url: `${origin}/products/${product.handle}?variant=${encodeURIComponent(String(variant.id))}`,
        title,
        description,
        brand: product.vendor ?? undefined,
        gtin: variant.barcode ?? undefined,
        price: priceText(variant.price),
        compareAtPrice: priceText(variant.compare_at_price),
        availability: variant.available === undefined ? undefined : variant.available ? 'in_stock' : 'out_of_stock',
        imageUrl: absoluteImage(image),
        // The product's other pictures, in the store's order.
        additionalImageUrls: images.map((img) => absoluteImage(img.src) ?? '').filter((src) => src && src !== absoluteImage(image)),
        category: product.product_type ?? undefined,
        sku: variant.sku ?? undefined,
      };
      rows.push(buildOffer(draft, line, fieldNames(at, path), { defaultCurrency: options.currency ?? 'USD' }));
    });
  });
  return rows;
}

/** The offer fields read from the product, by the name of the product's field they come from. */
const PRODUCT_FIELDS = { title: 'title', description: 'body_html', brand: 'vendor', imageUrl: 'images', additionalImageUrls: 'images', category: 'product_type', url: 'handle' };
/** The offer fields read from the variant, by the name of the variant's field they come from. */
const VARIANT_FIELDS = { externalId: 'id', gtin: 'barcode', price: 'price', compareAtPrice: 'compare_at_price', sku: 'sku' };

/** The offer fields' names in the document (`products[2].variants[0].price`), for the product at `at` and its variant at `path`. */
function fieldNames(at: string, path: string): FieldNames {
  const names: FieldNames = {};
  for (const [field, name] of Object.entries(PRODUCT_FIELDS)) names[field as keyof FieldNames] = `${at}.${name}`;
  for (const [field, name] of Object.entries(VARIANT_FIELDS)) names[field as keyof FieldNames] = `${path}.${name}`;
  return names;
}

/** Shopify writes its CDN's links without a scheme (`//cdn.shopify.com/…`). */
function absoluteImage(src: string | undefined): string | undefined {
  return src?.startsWith('//') ? `https:${src}` : src;
}

/** A `/products.json` document given as its text or already parsed, parsed. */
function productsDocument(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new FeedFormatError(`The products file is not valid JSON: ${(error as Error).message}`, 'products');
  }
}

function productsOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('products' in body)) {
    throw new FeedFormatError('Expected a JSON object with a "products" array', 'products');
  }
  return body.products;
}

/** Parses one `/products.json` document (text or already-parsed JSON). */
export function parseShopifyProducts(json: unknown, options: ShopifyOptions): FeedParseResult {
  const result: FeedParseResult = { offers: [], errors: [], total: 0 };
  for (const row of shopifyProductRows(productsOf(productsDocument(json)), options)) {
    result.total++;
    if (row.offer) result.offers.push(row.offer);
    else result.errors.push(...row.errors);
  }
  return result;
}

/** Shopify's largest page size for `/products.json`. */
export const SHOPIFY_PAGE_LIMIT = 250;

/** `https://<store>/products.json?limit=<limit>&page=<page>` (pages count from 1). */
export function shopifyProductsPageUrl(store: string, page: number, limit = SHOPIFY_PAGE_LIMIT): string {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > SHOPIFY_PAGE_LIMIT) throw new RangeError(`limit must be 1 to ${SHOPIFY_PAGE_LIMIT}`);
  return `${storeOrigin(store)}/products.json?limit=${limit}&page=${page}`;
}

/** The HTTP client the caller injects (the API passes its SSRF-guarded fetcher); `fetch` itself fits. */
export type FetchLike = (url: string, init?: { headers?: Record<string, string> }) => Promise<{ status: number; text(): Promise<string> }>;

export interface ShopifyFetchOptions extends ShopifyOptions {
  fetch: FetchLike;
  /** Products per page, at most 250. */
  limit?: number;
  /** Stop after this many pages even if more remain; default 100 (25,000 products). */
  maxPages?: number;
  onPage?: (page: ShopifyPage) => void;
}

export interface ShopifyPage {
  page: number;
  url: string;
  products: number;
  result: FeedParseResult;
}

export type ShopifyStopReason = 'empty-page' | 'repeated-page' | 'max-pages';

/** Why page-by-page fetching ends: an empty page, a page equal to the previous one (stores that ignore `page`), or the cap. */
export function shopifyStopReason(page: number, productIds: string[], previousIds: string[] | undefined, maxPages: number): ShopifyStopReason | undefined {
  if (productIds.length === 0) return 'empty-page';
  if (previousIds && previousIds.length === productIds.length && previousIds.every((id, i) => id === productIds[i])) return 'repeated-page';
  if (page >= maxPages) return 'max-pages';
  return undefined;
}

/**
 * Fetches `/products.json` page by page through the injected client and yields each page's offers.
 * Stops at the first empty page, when a page repeats the previous one, or at `maxPages`. A non-200
 * answer or a body that is not a products document throws `FeedFormatError`.
 */
export async function* fetchShopifyPages(options: ShopifyFetchOptions): AsyncGenerator<ShopifyPage, ShopifyStopReason> {
  const limit = options.limit ?? SHOPIFY_PAGE_LIMIT;
  const maxPages = options.maxPages ?? 100;
  let previous: string[] | undefined;
  for (let page = 1; ; page++) {
    const url = shopifyProductsPageUrl(options.store, page, limit);
    const response = await options.fetch(url, { headers: { accept: 'application/json' } });
    if (response.status !== 200) throw new FeedFormatError(`${url} answered HTTP ${response.status}`, 'store');
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new FeedFormatError(`${url} did not answer JSON`, 'products');
    }
    const products = productsOf(body);
    if (!Array.isArray(products)) throw new FeedFormatError(`${url} has no "products" array`, 'products');
    const ids = products.map((p: unknown) => String((p as { id?: unknown } | null)?.id));
    const repeated = shopifyStopReason(page, ids, previous, maxPages);
    if (repeated === 'empty-page' || repeated === 'repeated-page') return repeated;
    const result = parseShopifyProducts(body, options);
    const shopifyPage: ShopifyPage = { page, url, products: products.length, result };
    options.onPage?.(shopifyPage);
    yield shopifyPage;
    if (repeated === 'max-pages') return repeated;
    previous = ids;
  }
}

/**
 * Fetches every page and gathers the offers. `line` in errors is the product's 1-based position across
 * all pages (page 2 of 250 starts at 251); field paths stay relative to the product's page.
 */
export async function fetchShopifyProducts(options: ShopifyFetchOptions & StreamOptions): Promise<FeedParseResult & { pages: number; stop: ShopifyStopReason }> {
  const all: FeedParseResult & { pages: number; stop: ShopifyStopReason } = { offers: [], errors: [], total: 0, pages: 0, stop: 'empty-page' };
  const iterator = fetchShopifyPages(options);
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      all.stop = next.value;
      break;
    }
    all.pages++;
    all.total += next.value.result.total;
    all.offers.push(...next.value.result.offers);
    const offset = (next.value.page - 1) * (options.limit ?? SHOPIFY_PAGE_LIMIT);
    all.errors.push(...next.value.result.errors.map((e) => ({ ...e, line: e.line + offset })));
    options.onProgress?.({ rows: all.total, offers: all.offers.length, errors: all.errors.length });
  }
  return all;
}

/** Streaming form for a products file already in memory, with progress. */
export async function* readShopifyProducts(json: unknown, options: ShopifyOptions & StreamOptions): AsyncGenerator<FeedRow> {
  async function* rows() {
    yield* shopifyProductRows(productsOf(productsDocument(json)), options);
  }
  yield* withProgress(rows(), options);
}
