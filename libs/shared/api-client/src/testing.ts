/**
 * Test fixtures: a recording fetch mock that answers by route and refuses unhandled requests.
 * Not part of the main entry, so it never ships in an app bundle.
 */
import type { OfferView } from '@pricehunt/contracts';
import type { FetchLike } from './lib/api-request';

export { feedRun, feedSource, minutesFromNow } from './feed-source-fixtures';

export interface RecordedRequest {
  method: string;
  /** The URL as requested, with its query string. */
  url: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The JSON-decoded body, or the raw body when it is not a string. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type MockHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** A minimal `Response` for environments without one (jsdom): status, headers and a text body. */
export function textResponse(text: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const status = init.status ?? 200;
  const headers = new Map(Object.entries(init.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
  let used = false;
  const read = async () => {
    if (used) throw new TypeError('Body has already been consumed');
    used = true;
    return text;
  };
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    text: read,
    json: async () => JSON.parse(await read()) as unknown,
  };
  return response as unknown as Response;
}

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return textResponse(JSON.stringify(body), { status: init.status, headers: { 'content-type': 'application/json', ...init.headers } });
}

/** The error envelope the API answers with. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  { headers, ...extra }: { field?: string; details?: { field: string; message: string }[]; headers?: Record<string, string> } = {},
): Response {
  return jsonResponse({ success: false, error: message, code, statusCode: status, ...extra }, { status, headers });
}

/** A handler that fails like `fetch` does when the network is down. */
export const networkFailure: MockHandler = () => Promise.reject(new TypeError('Failed to fetch'));

export interface FetchMock {
  fetch: FetchLike & jest.Mock;
  requests: RecordedRequest[];
  /** Requests that matched no route (each also rejected). */
  unhandled: RecordedRequest[];
  /** Adds or replaces the handler of `'METHOD /path'`. */
  on(route: string, handler: MockHandler | Response): void;
  requestsTo(route: string): RecordedRequest[];
}

function decodeBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * A fetch mock keyed by `'METHOD /path'` that records every request. A `Response` value's body can be
 * read once: pass a handler for a route that is called more than once.
 */
export function createFetchMock(routes: Record<string, MockHandler | Response> = {}): FetchMock {
  const handlers = new Map<string, MockHandler>();
  const requests: RecordedRequest[] = [];
  const unhandled: RecordedRequest[] = [];
  const on = (route: string, handler: MockHandler | Response) => {
    handlers.set(route, typeof handler === 'function' ? handler : () => handler);
  };
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  const fetchImpl = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://127.0.0.1');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url: input,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: decodeBody(init.body),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler) {
      unhandled.push(request);
      throw new Error(`Unhandled request: ${method} ${url.pathname}`);
    }
    return handler(request);
  });

  return {
    fetch: fetchImpl as FetchLike & jest.Mock,
    requests,
    unhandled,
    on,
    requestsTo: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}

/** An offer as the API lists it, without the marks newer answers add (`lowestIn90Days`, `isBundle`, `section`, `isBestPrice`). */
export type ListedOffer = Omit<OfferView, 'lowestIn90Days' | 'isBundle' | 'section' | 'isBestPrice'>;

/**
 * An offer as the API lists it: new, in stock, in US dollars, shipped free for `totalCents`, with no GTIN or picture,
 * at a store no business owns; its tracked link is the API's redirect to its `url`.
 */
export function listedOffer({ totalCents, ...offer }: Pick<OfferView, 'id' | 'productId' | 'retailer' | 'title' | 'brand' | 'model' | 'url' | 'totalCents'>): ListedOffer {
  return {
    ...offer,
    gtin: null,
    price: totalCents / 100,
    priceCents: totalCents,
    shippingCents: 0,
    totalCents,
    currency: 'USD',
    availability: 'in_stock',
    condition: 'new',
    imageUrl: null,
    redirectUrl: `/api/redirect?to=${encodeURIComponent(offer.url)}&source=product_suggestion&timestamp=1700000000000`,
    businessDomain: null,
    isShopify: false,
  };
}
