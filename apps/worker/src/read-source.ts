import { fetchShopifyPages, readFeedText, type FeedRow } from '@pricehunt/catalog-feeds';
import { createSafeFetchLike, fetchFeed, fetchUrlFor, type StoreOriginOverrides, FeedHttpError, FeedTruncatedError, FetchTimeoutError, FetchTooLargeError, SafeFetchError, SsrfBlockedError } from '@pricehunt/catalog-identity';
import type { FeedSourceRecord } from '@pricehunt/storage';
import type { FeedRead, ReadSource, Validators } from './runner';

export interface ReadOptions {
  maxBytes: number;
  timeoutMs: number;
  allowLoopback: boolean;
  userAgent: string;
  /** Stores a Shopify source may page through before it is taken for endless. */
  maxShopifyPages?: number;
  /** A merchant store's currency (its dashboard setting): Shopify's `/products.json` prices carry none. */
  storeCurrencyOf?: (businessId: string) => Promise<string | null>;
  /** Stores served on this machine (STORE_ORIGIN_OVERRIDES): fetched there, their links kept on their public origin. */
  storeOrigins?: StoreOriginOverrides;
}

/** A failure to read a feed, in words for the console (its cause kept). */
export class FeedReadError extends Error {}

/** What a failed download says in the console. */
export function describeFetchError(error: unknown, options: Pick<ReadOptions, 'maxBytes' | 'timeoutMs'>): string {
  if (error instanceof FeedHttpError) return `The feed answered HTTP ${error.status}`;
  if (error instanceof FeedTruncatedError) return 'The feed was cut short before its end: its offers were left as they were';
  if (error instanceof FetchTooLargeError) return `The feed is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`;
  if (error instanceof FetchTimeoutError) return `The feed did not arrive within ${Math.round(options.timeoutMs / 1000)} s`;
  if (error instanceof SsrfBlockedError) return `The feed's address is not a public one: ${error.message}`;
  if (error instanceof SafeFetchError) return `The feed could not be fetched: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads a source through the SSRF-safe fetcher: a text feed with one conditional request (its ETag and Last-Modified
 * sent back: an unchanged feed is one request and a 304), a Shopify store page by page through `/products.json`.
 * The whole feed is read before anything is applied: a download that fails or is cut short applies nothing.
 */
export function createSourceReader(options: ReadOptions): ReadSource {
  const fetchOptions = { maxBytes: options.maxBytes, timeoutMs: options.timeoutMs, allowLoopback: options.allowLoopback, userAgent: options.userAgent };

  async function readText(source: FeedSourceRecord, validators: Validators): Promise<FeedRead> {
    let fetched;
    try {
      fetched = await fetchFeed(source.url, { ...fetchOptions, etag: validators.etag, lastModified: validators.lastModified });
    } catch (error) {
      throw new FeedReadError(describeFetchError(error, options), { cause: error });
    }
    if (fetched.status === 'not-modified') return { status: 'not-modified' };
    if (source.format === 'shopify') throw new FeedReadError('A Shopify store is read page by page');
    const rows: FeedRow[] = [];
    try {
      for await (const row of readFeedText(source.format, fetched.body)) rows.push(row);
    } catch (error) {
      throw new FeedReadError(`The feed could not be read as ${source.format}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return { status: 'read', rows, validators: { etag: fetched.etag, lastModified: fetched.lastModified } };
  }

  async function readShopify(source: FeedSourceRecord): Promise<FeedRead> {
    const safeFetch = createSafeFetchLike(fetchOptions);
    const origins = options.storeOrigins ?? {};
    const fetch: typeof safeFetch = (url) => safeFetch(fetchUrlFor(url, origins));
    const rows: FeedRow[] = [];
    const currency = (source.businessId ? await options.storeCurrencyOf?.(source.businessId) : null) ?? undefined;
    const pages = fetchShopifyPages({ store: source.url, retailer: source.retailerName, currency, fetch, maxPages: options.maxShopifyPages });
    try {
      for (;;) {
        const next = await pages.next();
        if (next.done) {
          if (next.value === 'max-pages') throw new FeedReadError(`The store has more than ${options.maxShopifyPages} pages of products: nothing was applied`);
          break;
        }
        for (const offer of next.value.result.offers) rows.push({ line: rows.length + 1, offer });
        for (const error of next.value.result.errors) rows.push({ line: rows.length + 1, errors: [error] });
      }
    } catch (error) {
      if (error instanceof FeedReadError) throw error;
      throw new FeedReadError(describeFetchError(error, options), { cause: error });
    }
    return { status: 'read', rows, validators: null };
  }

  return (source, validators) => (source.format === 'shopify' ? readShopify(source) : readText(source, validators));
}
