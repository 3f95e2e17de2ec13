import type { FieldError } from '@pricehunt/contracts';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_CODE } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One problem reported by a schema (a zod issue has this shape). */
export interface SchemaIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * Anything with zod's `safeParse`. The client depends on this shape only, so that it never loads a
 * validation library itself: pages that need schemas bring them (or load them lazily).
 */
export interface SchemaLike<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<SchemaIssue> } };
}

/** A schema, or a function that loads one (e.g. `() => import('@pricehunt/contracts').then((m) => m.xSchema)`). */
export type SchemaSource<T> = SchemaLike<T> | (() => Promise<SchemaLike<T>>);

export interface ApiRequestOptions<T = unknown> {
  method?: HttpMethod;
  /** Sent as JSON; `FormData`, `Blob` and `URLSearchParams` are sent as they are. */
  body?: unknown;
  /** Appended to the path; `undefined` and `null` values are left out, arrays repeat the key. */
  query?: QueryParams;
  /**
   * Parses the successful answer; without it the decoded JSON is returned as `unknown`. A loader function
   * is called alongside the request, so a lazily loaded schema costs no extra round trip.
   */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Message used when a failing answer carries no message of its own (e.g. "Login failed"). */
  errorMessage?: string;
  /** Prefix for `path`; relative `/api/...` paths by default. */
  baseUrl?: string;
  /** The fetch implementation; `globalThis.fetch` by default. */
  fetch?: FetchLike;
}


let defaultBaseUrl = '';

/**
 * The prefix of every request that names none: '' in the browser (relative `/api/...`), the API's origin where there is
 * no page to be relative to (the shopper site's server renderer, which loads pages' data as the browser would).
 */
export function setDefaultBaseUrl(baseUrl: string): void {
  defaultBaseUrl = baseUrl.replace(/\/+$/, '');
}

/** Builds `path?query` from query parameters, leaving out empty values. */
export function buildUrl(path: string, query?: QueryParams, baseUrl = ''): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryScalar[]) {
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  const separator = path.includes('?') ? '&' : '?';
  return `${baseUrl}${path}${search ? separator + search : ''}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function readDetails(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is FieldError => Boolean(item) && typeof item.field === 'string' && typeof item.message === 'string');
}

/**
 * Reads a failing answer: the error envelope (`{ success: false, error, code, statusCode, field?, details? }`),
 * a looser `{ error }` or `{ message }` body, or else a generic error with `fallbackMessage`.
 */
function errorFromBody(status: number, body: unknown, fallbackMessage: string, retryAfterSeconds?: number): ApiError {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const envelope = body as Record<string, unknown>;
    const message =
      typeof envelope['error'] === 'string' && envelope['error']
        ? envelope['error']
        : typeof envelope['message'] === 'string' && envelope['message']
          ? envelope['message']
          : undefined;
    if (message) {
      return new ApiError({
        status,
        code: typeof envelope['code'] === 'string' && envelope['code'] ? envelope['code'] : REQUEST_FAILED_CODE,
        message,
        field: typeof envelope['field'] === 'string' ? envelope['field'] : undefined,
        details: readDetails(envelope['details']),
        requestId: typeof envelope['requestId'] === 'string' ? envelope['requestId'] : undefined,
        retryAfterSeconds,
      });
    }
  }
  return new ApiError({ status, code: REQUEST_FAILED_CODE, message: fallbackMessage, retryAfterSeconds });
}

/** A `Retry-After` given in seconds (the API's form); dates and other values are left out. */
export function retryAfterOf(response: Pick<Response, 'headers'>): number | undefined {
  const value = response.headers?.get?.('retry-after');
  return value && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

function issuesToDetails(issues: ReadonlyArray<SchemaIssue>): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.length ? issue.path.map(String).join('.') : 'response', message: issue.message }));
}

/**
 * Calls the API: cookies included, JSON in and out.
 * Resolves with the answer parsed by `schema`; rejects with `ApiError` (decoded error envelope,
 * `NETWORK_ERROR` when nothing came back, `INVALID_RESPONSE` when the answer has the wrong shape).
 * An aborted request rejects with the abort error itself so callers can tell cancellation apart.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, signal, errorMessage, baseUrl = defaultBaseUrl } = options;
  const fetchImpl: FetchLike | undefined = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  if (!fetchImpl) throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  // A schema loader runs alongside the request; its failure surfaces after the request settles.
  const schemaPromise: Promise<SchemaLike<T> | undefined> = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  schemaPromise.catch(() => undefined);

  let response: Response;
  try {
    response = await fetchImpl(buildUrl(path, query, baseUrl), { method, headers, body: payload, credentials: 'include', signal });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE, cause: error });
  }

  let decoded: Awaited<ReturnType<typeof readJson>>;
  try {
    decoded = await readJson(response);
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError({ status: response.status, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE, cause: error });
  }

  if (!response.ok) {
    throw errorFromBody(response.status, decoded.ok ? decoded.value : undefined, errorMessage ?? `Request failed with status ${response.status}`, retryAfterOf(response));
  }
  if (!decoded.ok) {
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE_CODE, message: errorMessage ?? 'The server sent an answer that is not JSON' });
  }
  const value = decoded.value;
  // Some answers report failure in a 2xx body (`{ success: false, error }`); they are failures all the same.
  if (value && typeof value === 'object' && (value as { success?: unknown }).success === false) {
    throw errorFromBody(response.status, value, errorMessage ?? 'The request did not succeed');
  }
  const parser = await schemaPromise;
  if (!parser) return value as T;
  const parsed = parser.safeParse(value);
  if (!parsed.success) {
    const details = issuesToDetails(parsed.error.issues);
    throw new ApiError({
      status: response.status,
      code: INVALID_RESPONSE_CODE,
      message: errorMessage ?? 'The server sent an unexpected answer',
      field: details[0]?.field,
      details,
    });
  }
  return parsed.data;
}
