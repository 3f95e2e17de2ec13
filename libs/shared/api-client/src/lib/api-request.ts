import { errorEnvelopeSchema, fieldErrorsFromIssues } from '@pricehunt/contracts';
import type { z } from 'zod';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_CODE } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiRequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: HttpMethod;
  /** Sent as JSON; `FormData`, `Blob` and `URLSearchParams` are sent as they are. */
  body?: unknown;
  /** Appended to the path; `undefined` and `null` values are left out, arrays repeat the key. */
  query?: QueryParams;
  /** Parses the successful answer; without it the decoded JSON is returned as `unknown`. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Message used when a failing answer carries no message of its own (e.g. "Login failed"). */
  errorMessage?: string;
  /** Prefix for `path`; relative `/api/...` paths by default. */
  baseUrl?: string;
  /** The fetch implementation; `globalThis.fetch` by default. */
  fetch?: FetchLike;
}

export type ApiResult<S> = S extends z.ZodType ? z.output<S> : unknown;

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

/** Reads a failing answer: the error envelope when it is one, a plain `{ error }` otherwise, else a generic error. */
function errorFromBody(status: number, body: unknown, fallbackMessage: string): ApiError {
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { error, code, field, details, requestId } = envelope.data;
    return new ApiError({ status, code, message: error, field, details, requestId });
  }
  if (body && typeof body === 'object') {
    const loose = body as { error?: unknown; code?: unknown; message?: unknown };
    const message = typeof loose.error === 'string' && loose.error ? loose.error : typeof loose.message === 'string' && loose.message ? loose.message : undefined;
    if (message) {
      return new ApiError({ status, code: typeof loose.code === 'string' ? loose.code : REQUEST_FAILED_CODE, message });
    }
  }
  return new ApiError({ status, code: REQUEST_FAILED_CODE, message: fallbackMessage });
}

/**
 * Calls the API: cookies included, JSON in and out.
 * Resolves with the answer parsed by `schema`; rejects with `ApiError` (decoded error envelope,
 * `NETWORK_ERROR` when nothing came back, `INVALID_RESPONSE` when the answer has the wrong shape).
 * An aborted request rejects with the abort error itself so callers can tell cancellation apart.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<ApiResult<S>> {
  const { method = 'GET', body, query, schema, signal, errorMessage, baseUrl = '' } = options;
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
    throw errorFromBody(response.status, decoded.ok ? decoded.value : undefined, errorMessage ?? `Request failed with status ${response.status}`);
  }
  if (!decoded.ok) {
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE_CODE, message: errorMessage ?? 'The server sent an answer that is not JSON' });
  }
  const value = decoded.value;
  // Some answers report failure in a 2xx body (`{ success: false, error }`); they are failures all the same.
  if (value && typeof value === 'object' && (value as { success?: unknown }).success === false) {
    throw errorFromBody(response.status, value, errorMessage ?? 'The request did not succeed');
  }
  if (!schema) return value as ApiResult<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = fieldErrorsFromIssues(parsed.error.issues, 'response');
    throw new ApiError({
      status: response.status,
      code: INVALID_RESPONSE_CODE,
      message: errorMessage ?? 'The server sent an unexpected answer',
      field: details[0]?.field,
      details,
    });
  }
  return parsed.data as ApiResult<S>;
}
