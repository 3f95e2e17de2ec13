/**
 * @jest-environment node
 */
// The wire as a browser sends it: Node's own fetch against a real HTTP server on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { apiRequest } from './api-request';

let server: http.Server;
let baseUrl: string;
const seen: { method?: string; url?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
      if (req.url?.startsWith('/api/echo')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: JSON.parse(body || 'null') as unknown }));
        return;
      }
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'Email already registered', code: 'CONFLICT', statusCode: 409, field: 'email' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('posts JSON and parses the JSON answer over real HTTP', async () => {
  const result = await apiRequest('/api/echo', {
    baseUrl,
    method: 'POST',
    body: { email: 'a@b.co' },
    query: { v: 1 },
    schema: z.object({ received: z.object({ email: z.string() }) }),
  });
  expect(result.received.email).toBe('a@b.co');
  expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/echo?v=1', contentType: 'application/json' });
});

it('decodes the error envelope over real HTTP', async () => {
  const error = await apiRequest('/api/register', { baseUrl, method: 'POST', body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email already registered', field: 'email' });
});

it('reports a refused connection as a network error', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const error = await apiRequest('/api/x', { baseUrl: `http://127.0.0.1:${port}` }).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, message: 'Network error occurred', status: 0 });
});
