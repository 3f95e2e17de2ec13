import { z } from 'zod';
import { ApiError, INVALID_RESPONSE_CODE, isApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_CODE } from './api-error';
import { apiRequest, buildUrl } from './api-request';
import { createFetchMock, errorResponse, jsonResponse, networkFailure, textResponse } from '../testing';

const itemSchema = z.object({ id: z.string(), price: z.number() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends cookies with every call', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse({ id: '1', price: 3 }) });
    await apiRequest('/api/items/1', { fetch: mock.fetch });
    expect(mock.requests[0]?.credentials).toBe('include');
  });

  it('uses GET when no method is given and sends no body', async () => {
    const mock = createFetchMock({ 'GET /api/items': jsonResponse([]) });
    await apiRequest('/api/items', { fetch: mock.fetch });
    expect(mock.requests[0]?.method).toBe('GET');
    expect(mock.requests[0]?.body).toBeUndefined();
    expect(mock.requests[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('sends the body as JSON with a JSON content type', async () => {
    const mock = createFetchMock({ 'POST /api/items': jsonResponse({ id: '9', price: 1 }, { status: 201 }) });
    await apiRequest('/api/items', { method: 'POST', body: { title: 'Lamp', price: 1 }, fetch: mock.fetch });
    expect(mock.requests[0]?.headers['Content-Type']).toBe('application/json');
    expect(mock.requests[0]?.body).toEqual({ title: 'Lamp', price: 1 });
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const mock = createFetchMock({ 'POST /api/feeds': jsonResponse({ ok: true }) });
    const form = new FormData();
    form.append('file', 'id\ttitle');
    await apiRequest('/api/feeds', { method: 'POST', body: form, fetch: mock.fetch });
    expect(mock.requests[0]?.body).toBe(form);
    expect(mock.requests[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('adds query parameters, leaving out undefined and null, repeating arrays', async () => {
    const mock = createFetchMock({ 'GET /api/search': jsonResponse({}) });
    await apiRequest('/api/search', { query: { q: 'tv 55"', page: 2, brand: undefined, sale: null, store: ['abt', 'walmart'], exact: false }, fetch: mock.fetch });
    const query = mock.requests[0]?.query;
    expect(query?.get('q')).toBe('tv 55"');
    expect(query?.get('page')).toBe('2');
    expect(query?.has('brand')).toBe(false);
    expect(query?.has('sale')).toBe(false);
    expect(query?.getAll('store')).toEqual(['abt', 'walmart']);
    expect(query?.get('exact')).toBe('false');
  });

  it('parses the successful answer with the schema', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse({ id: '1', price: 3, extra: true }) });
    const item = await apiRequest('/api/items/1', { schema: itemSchema, fetch: mock.fetch });
    expect(item).toEqual({ id: '1', price: 3 });
  });

  it('returns the decoded JSON when no schema is given', async () => {
    const mock = createFetchMock({ 'GET /api/raw': jsonResponse({ anything: [1, 2] }) });
    await expect(apiRequest('/api/raw', { fetch: mock.fetch })).resolves.toEqual({ anything: [1, 2] });
  });

  it('returns undefined for an empty successful answer (204)', async () => {
    const mock = createFetchMock({ 'POST /api/logout': textResponse('', { status: 204 }) });
    await expect(apiRequest('/api/logout', { method: 'POST', fetch: mock.fetch })).resolves.toBeUndefined();
  });

  it('rejects a successful answer that does not match the schema, naming the field', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse({ id: '1', price: 'cheap' }) });
    const error = await failure(apiRequest('/api/items/1', { schema: itemSchema, fetch: mock.fetch }));
    expect(error.code).toBe(INVALID_RESPONSE_CODE);
    expect(error.status).toBe(200);
    expect(error.field).toBe('price');
  });

  it('loads a lazy schema alongside the request and parses with it', async () => {
    const order: string[] = [];
    const mock = createFetchMock({
      'GET /api/items/1': () => {
        order.push('fetch');
        return jsonResponse({ id: '1', price: 3 });
      },
    });
    const loader = jest.fn(async () => {
      order.push('schema');
      return itemSchema;
    });
    await expect(apiRequest('/api/items/1', { schema: loader, fetch: mock.fetch })).resolves.toEqual({ id: '1', price: 3 });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['schema', 'fetch']);
  });

  it('rejects with a lazy schema that refuses the answer', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse({ id: 1 }) });
    const error = await failure(apiRequest('/api/items/1', { schema: async () => itemSchema, fetch: mock.fetch }));
    expect(error.code).toBe(INVALID_RESPONSE_CODE);
    expect(error.details.map((detail) => detail.field)).toEqual(['id', 'price']);
  });

  it('reports the failed request, not the schema loader, when both fail', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': networkFailure });
    const error = await failure(apiRequest('/api/items/1', { schema: () => Promise.reject(new Error('chunk failed')), fetch: mock.fetch }));
    expect(error.code).toBe(NETWORK_ERROR_CODE);
  });

  it('rejects with the loader error when only the schema cannot be loaded', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse({ id: '1', price: 3 }) });
    await expect(apiRequest('/api/items/1', { schema: () => Promise.reject(new Error('chunk failed')), fetch: mock.fetch })).rejects.toThrow('chunk failed');
  });

  it('names the root "response" when the whole answer has the wrong type', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': jsonResponse([1, 2]) });
    const error = await failure(apiRequest('/api/items/1', { schema: itemSchema, fetch: mock.fetch }));
    expect(error.field).toBe('response');
  });

  it('keeps only well-formed details of an envelope', async () => {
    const mock = createFetchMock({
      'POST /api/x': jsonResponse({ success: false, error: 'Bad', code: 'VALIDATION_ERROR', statusCode: 400, details: [{ field: 'a', message: 'A' }, { field: 1 }, null], requestId: 'req-1' }, { status: 400 }),
    });
    const error = await failure(apiRequest('/api/x', { method: 'POST', fetch: mock.fetch }));
    expect(error.details).toEqual([{ field: 'a', message: 'A' }]);
    expect(error.requestId).toBe('req-1');
  });

  it('reads a { message } body when there is no error field', async () => {
    const mock = createFetchMock({ 'GET /api/x': jsonResponse({ message: 'Route not found' }, { status: 404 }) });
    expect((await failure(apiRequest('/api/x', { fetch: mock.fetch }))).message).toBe('Route not found');
  });

  it('rejects a successful answer that is not JSON', async () => {
    const mock = createFetchMock({ 'GET /api/items/1': textResponse('<html>', { status: 200 }) });
    const error = await failure(apiRequest('/api/items/1', { schema: itemSchema, fetch: mock.fetch }));
    expect(error.code).toBe(INVALID_RESPONSE_CODE);
  });

  it('turns the error envelope into an ApiError with status, code, message, field and details', async () => {
    const mock = createFetchMock({
      'POST /api/business/auth/register': errorResponse(400, 'VALIDATION_ERROR', 'Enter a valid email address', {
        field: 'email',
        details: [{ field: 'email', message: 'Enter a valid email address' }],
      }),
    });
    const error = await failure(apiRequest('/api/business/auth/register', { method: 'POST', body: {}, fetch: mock.fetch }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Enter a valid email address');
    expect(error.field).toBe('email');
    expect(error.details).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    expect(error.fieldMessage('email')).toBe('Enter a valid email address');
    expect(error.fieldMessage('password')).toBeUndefined();
    expect(error.isNetworkError).toBe(false);
  });

  it('reads the wait a 429 asks for from Retry-After (seconds only)', async () => {
    const mock = createFetchMock({
      'POST /api/business/auth/login': errorResponse(429, 'RATE_LIMITED', 'Too many attempts. Try again in 8 seconds.', { headers: { 'Retry-After': '8' } }),
      'POST /api/shopper/auth/login': errorResponse(429, 'RATE_LIMITED', 'Too many attempts', { headers: { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' } }),
    });
    const limited = await failure(apiRequest('/api/business/auth/login', { method: 'POST', fetch: mock.fetch }));
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBe(8);
    expect((await failure(apiRequest('/api/shopper/auth/login', { method: 'POST', fetch: mock.fetch }))).retryAfterSeconds).toBeUndefined();
  });

  it('uses the HTTP status of the answer even when the envelope says otherwise', async () => {
    const mock = createFetchMock({ 'GET /api/x': jsonResponse({ success: false, error: 'Gone', code: 'NOT_FOUND', statusCode: 400 }, { status: 404 }) });
    expect((await failure(apiRequest('/api/x', { fetch: mock.fetch }))).status).toBe(404);
  });

  it('reads a plain { error } body that is not the full envelope', async () => {
    const mock = createFetchMock({ 'POST /api/business/auth/login': jsonResponse({ success: false, error: 'Invalid credentials' }, { status: 401 }) });
    const error = await failure(apiRequest('/api/business/auth/login', { method: 'POST', fetch: mock.fetch }));
    expect(error.message).toBe('Invalid credentials');
    expect(error.code).toBe(REQUEST_FAILED_CODE);
    expect(error.status).toBe(401);
  });

  it('uses the given error message when a failing answer carries none', async () => {
    const mock = createFetchMock({ 'POST /api/business/auth/login': textResponse('<h1>Bad Gateway</h1>', { status: 502 }) });
    const error = await failure(apiRequest('/api/business/auth/login', { method: 'POST', errorMessage: 'Login failed', fetch: mock.fetch }));
    expect(error.message).toBe('Login failed');
    expect(error.status).toBe(502);
    expect(error.code).toBe(REQUEST_FAILED_CODE);
  });

  it('names the status when a failing answer carries no message and none is given', async () => {
    const mock = createFetchMock({ 'GET /api/x': textResponse('', { status: 500 }) });
    expect((await failure(apiRequest('/api/x', { fetch: mock.fetch }))).message).toBe('Request failed with status 500');
  });

  it('treats a 2xx answer with success false as a failure', async () => {
    const mock = createFetchMock({ 'POST /api/business/auth/login': jsonResponse({ success: false, error: 'Account suspended' }) });
    const error = await failure(apiRequest('/api/business/auth/login', { method: 'POST', errorMessage: 'Login failed', fetch: mock.fetch }));
    expect(error.message).toBe('Account suspended');
  });

  it('turns a network failure into NETWORK_ERROR "Network error occurred"', async () => {
    const mock = createFetchMock({ 'GET /api/x': networkFailure });
    const error = await failure(apiRequest('/api/x', { fetch: mock.fetch, errorMessage: 'Login failed' }));
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toBe('Network error occurred');
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('passes the abort signal and rejects with the abort error itself, not a network error', async () => {
    const mock = createFetchMock({ 'GET /api/x': jsonResponse({}) });
    const controller = new AbortController();
    controller.abort();
    const rejection = apiRequest('/api/x', { signal: controller.signal, fetch: mock.fetch });
    await expect(rejection).rejects.toMatchObject({ name: 'AbortError' });
    await expect(rejection).rejects.not.toBeInstanceOf(ApiError);
    expect(mock.requests[0]?.signal).toBe(controller.signal);
  });

  it('uses the global fetch when none is injected', async () => {
    const mock = createFetchMock({ 'GET /api/x': jsonResponse({ ok: 1 }) });
    const globals = globalThis as { fetch?: unknown };
    const previous = globals.fetch;
    globals.fetch = mock.fetch;
    try {
      await expect(apiRequest('/api/x')).resolves.toEqual({ ok: 1 });
    } finally {
      globals.fetch = previous;
    }
  });

  it('reports a network error when the environment has no fetch at all', async () => {
    const globals = globalThis as { fetch?: unknown };
    const previous = globals.fetch;
    delete globals.fetch;
    try {
      expect((await failure(apiRequest('/api/x'))).code).toBe(NETWORK_ERROR_CODE);
    } finally {
      globals.fetch = previous;
    }
  });
});

describe('buildUrl', () => {
  it('keeps the path alone without query values', () => {
    expect(buildUrl('/api/x', { a: undefined })).toBe('/api/x');
  });

  it('appends to a path that already has a query string', () => {
    expect(buildUrl('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
  });

  it('prefixes the base URL', () => {
    expect(buildUrl('/api/x', { q: 'a b' }, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/api/x?q=a+b');
  });
});
