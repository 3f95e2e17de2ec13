import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const APP_ORIGIN = 'http://localhost:4300';
export const STRONG_PASSWORD = 'correct-horse-42';

/** The `name=value` pair of a Set-Cookie for the given cookie, for the next request's Cookie header. */
export function cookieFrom(response: LightMyRequestResponse, name = 'pricehunt.sid'): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** A browser-like JSON call from the merchant app origin. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? APP_ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method, url, headers, ...(options.body !== undefined ? { payload: options.body as object } : {}) });
}

/** Registers a business through the API and answers its session cookie. */
export async function registerBusiness(app: FastifyInstance, email: string, password = STRONG_PASSWORD, extra: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/business/auth/register', { body: { email, password, ...extra } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res)!, business: res.json().business as { id: string; email: string; isAdmin: boolean } };
}

/**
 * Proves the signed-in business's store domain with the DNS TXT record its Integrate page shows, served by `dns`
 * (the app must run with DNS_SERVERS pointing at it).
 */
export async function verifyStoreDomain(app: FastifyInstance, cookie: string, dns: { setTxt(name: string, records: string[]): void }) {
  const integration = (await call(app, 'GET', '/api/business/integration', { cookie })).json() as { dnsRecord: { name: string; value: string } };
  dns.setTxt(integration.dnsRecord.name, [integration.dnsRecord.value]);
  const res = await call(app, 'POST', '/api/business/integration/verify', { cookie });
  const body = res.json() as { verified: boolean; message: string };
  if (!body.verified) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return body;
}
