import { foldAccents } from '@pricehunt/contracts';
import { randomUuid } from '@pricehunt/tracking';

export const INVALID_URL_PATH = '/?error=invalid-url';
export const FALLBACK_SLUG = 'unknown-product';
export const PRODUCT_REQUEST_KEY_PREFIX = 'pricehunt_product_request_';

/**
 * SPEC §2 step 1: a product URL pasted after the site's address (`/https://www.amazon.com/dp/…`).
 * Browsers and proxies may collapse `//` to `/`, so `/https:/www…` is read the same way. The query string
 * belongs to the pasted URL and is kept. Returns null when the path does not begin with http(s).
 */
export function extractUrlFromPath(pathAndSearch: string): string | null {
  const match = /^\/(https?):\/\/?(.*)$/is.exec(pathAndSearch);
  if (!match) return null;
  const [, scheme = '', rest = ''] = match;
  return `${scheme.toLowerCase()}://${rest}`;
}

// A host name of letters, digits, hyphens and dots (IDNs arrive punycoded), or an IP address. Some browsers keep
// escapes such as `%20` in a host (`/https://not a url` reaches the page as `https://not%20a%20url`): not a host.
const VALID_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.?)$/i;

/** Parses a pasted product URL: only http(s) URLs with a valid host count. */
export function parseProductUrl(candidate: string): URL | null {
  try {
    const url = new URL(candidate.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !VALID_HOST.test(url.hostname)) return null;
    return url;
  } catch {
    return null;
  }
}

/** A random v4 UUID naming one search request. */
export function createRequestId(): string {
  return randomUuid();
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * SPEC §2 step 2: host without a leading `www.` plus the last path segment, lowercased, non-alphanumerics
 * turned to hyphens, runs collapsed, ends trimmed; "unknown-product" when nothing is left or the URL is invalid.
 * `https://www.amazon.com/dp/B09XS7JWHH` → `amazon-com-b09xs7jwhh`.
 */
export function buildSlug(url: string | URL): string {
  const parsed = typeof url === 'string' ? parseProductUrl(url) : url;
  if (!parsed) return FALLBACK_SLUG;
  const host = parsed.hostname.replace(/^www\./i, '');
  const lastSegment = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
  return slugify(`${host} ${lastSegment}`) || FALLBACK_SLUG;
}

/** Slug for a text search: the words of the query, their accents folded ("kopfhörer sony" → `kopfhorer-sony`). */
export function buildQuerySlug(query: string): string {
  return slugify(foldAccents(query)).slice(0, 80).replace(/-$/, '') || FALLBACK_SLUG;
}

/** Session storage key of one request's record. */
export function productRequestKey(requestId: string): string {
  return `${PRODUCT_REQUEST_KEY_PREFIX}${requestId}`;
}

/** A pasted-URL search: the product URL and when it was pasted (ms). */
export interface ProductUrlRequest {
  url: string;
  timestamp: number;
}
/** A text search: the words typed and when (ms). */
export interface ProductQueryRequest {
  query: string;
  timestamp: number;
}
export type ProductRequestRecord = ProductUrlRequest | ProductQueryRequest;

/**
 * Checks a record and returns a clean copy, or the name of the first bad field. Written by hand rather than
 * with a schema library so that the landing page, which runs the detector, loads no validation library.
 */
export function validateProductRequest(value: unknown): { ok: true; record: ProductRequestRecord } | { ok: false; field: string; message: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, field: 'record', message: 'must be an object' };
  const candidate = value as Record<string, unknown>;
  const timestamp = candidate['timestamp'];
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp) || timestamp < 0) {
    return { ok: false, field: 'timestamp', message: 'must be a non-negative whole number of milliseconds' };
  }
  if ('url' in candidate) {
    const url = candidate['url'];
    if (typeof url !== 'string' || url.trim() === '') return { ok: false, field: 'url', message: 'must be a non-empty string' };
    return { ok: true, record: { url, timestamp } };
  }
  const query = candidate['query'];
  if (typeof query !== 'string' || query.trim() === '') return { ok: false, field: 'query', message: 'must be a non-empty string (or give url)' };
  return { ok: true, record: { query, timestamp } };
}

function requireRequestId(requestId: string) {
  if (typeof requestId !== 'string' || requestId.trim() === '') throw new TypeError('requestId is required');
}

/** Keeps the request's url (or query) and timestamp in session storage for the results page. */
export function storeProductRequest(requestId: string, record: ProductRequestRecord): void {
  requireRequestId(requestId);
  const checked = validateProductRequest(record);
  if (!checked.ok) throw new TypeError(`Invalid product request: ${checked.field} ${checked.message}`);
  window.sessionStorage.setItem(productRequestKey(requestId), JSON.stringify(checked.record));
}

/** The stored record of a request, or null when there is none (another tab, expired session, corrupt value). */
export function readProductRequest(requestId: string): ProductRequestRecord | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(productRequestKey(requestId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const checked = validateProductRequest(JSON.parse(raw));
    return checked.ok ? checked.record : null;
  } catch {
    return null;
  }
}

export type NavigateLike = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

/** Navigation state of a started search; the results page may read it when session storage is unavailable. */
export interface SearchNavigationState {
  productRequest: ProductRequestRecord;
}

export type SearchStart = { ok: true; requestId: string; slug: string; path: string } | { ok: false; path: typeof INVALID_URL_PATH };

function trySave(requestId: string, record: ProductRequestRecord): void {
  try {
    storeProductRequest(requestId, record);
  } catch (error) {
    // Storage may be full or refused; the record also travels in the navigation state.
    if (error instanceof TypeError) throw error;
  }
}

/**
 * SPEC §2 steps 2–3: a URL that parses gets a request id and a slug, is stored, and the app navigates
 * (replacing the history entry) to `/new-search/{id}/{slug}`; anything else goes to `/?error=invalid-url`.
 */
export function startUrlSearch(url: string, navigate: NavigateLike, now: () => number = Date.now): SearchStart {
  const parsed = typeof url === 'string' ? parseProductUrl(url) : null;
  if (!parsed) {
    navigate(INVALID_URL_PATH, { replace: true });
    return { ok: false, path: INVALID_URL_PATH };
  }
  const requestId = createRequestId();
  const slug = buildSlug(parsed);
  const record: ProductUrlRequest = { url: url.trim(), timestamp: now() };
  trySave(requestId, record);
  const path = `/new-search/${requestId}/${slug}`;
  const state: SearchNavigationState = { productRequest: record };
  navigate(path, { replace: true, state });
  return { ok: true, requestId, slug, path };
}

/** A text search: stores `{ query, timestamp }` and navigates to `/new-search/{id}/{slug}` (a new history entry). */
export function startTextSearch(query: string, navigate: NavigateLike, now: () => number = Date.now): { requestId: string; slug: string; path: string } {
  const text = typeof query === 'string' ? query.trim() : '';
  if (!text) throw new TypeError('query is required');
  const requestId = createRequestId();
  const slug = buildQuerySlug(text);
  const record: ProductQueryRequest = { query: text, timestamp: now() };
  trySave(requestId, record);
  const path = `/new-search/${requestId}/${slug}`;
  const state: SearchNavigationState = { productRequest: record };
  navigate(path, { state });
  return { requestId, slug, path };
}
