import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { row, value } from './db';
import { afterAnswerIdle } from '../lib/after-answer';
import { present } from '@pricehunt/contracts';

/** The merchant dashboard's origin (MERCHANT_APP_URL's default): business writes need it. */
export const APP_ORIGIN = 'http://localhost:4300';
/** The admin console's origin (ADMIN_APP_URL's default): admin writes need it. */
export const ADMIN_ORIGIN = 'http://localhost:4400';
export const SHOPPER_ORIGIN = 'http://localhost:4200';

/** The Origin the app that makes a call to `url` sends: the admin console's for /api/admin, else the merchant dashboard's. */
export function originFor(url: string): string {
  return /^\/api\/admin(?:[/?]|$)/.test(url) ? ADMIN_ORIGIN : APP_ORIGIN;
}
export const STRONG_PASSWORD = 'correct-horse-42';

/** The `name=value` pair of a Set-Cookie for the given cookie, for the next request's Cookie header. */
export function cookieFrom(response: LightMyRequestResponse, name = 'pricehunt.sid'): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** A browser-like JSON call from the app that makes it (`originFor`: the admin console or the merchant dashboard). */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? originFor(url);
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method, url, headers, ...(options.body !== undefined ? { payload: options.body as object } : {}) });
}

/** A browser's CORS preflight from `origin` for a `method` call to `url` that sends the request `headers` it names (none: null). */
export function preflight(app: FastifyInstance, url: string, origin: string, { method = 'POST', headers = 'content-type' }: { method?: string; headers?: string | null } = {}) {
  const asked: Record<string, string> = { origin, 'access-control-request-method': method };
  if (headers !== null) asked['access-control-request-headers'] = headers;
  return app.inject({ method: 'OPTIONS', url, headers: asked });
}

/** Emails are written after the answer: lets that work run (some event-loop turns, then until it has ended). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
  await afterAnswerIdle();
}

/** The newest email to `to` in the outbox (the mailer of tests), waiting (up to 5 s) for the work after an answer. */
export async function lastEmailTo(app: FastifyInstance, to: string, matching = /./): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 5_000;
  for (let attempt = 0; ; attempt++) {
    const email = await row<{ subject: string; text: string }>(app, 'SELECT subject, text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC, id DESC LIMIT 1', [to]);
    if (email && matching.test(email.text)) return email;
    if (Date.now() > deadline) break;
    // A few event-loop turns first (SQLite writes in them), then short waits (a PostgreSQL round trip takes longer).
    await new Promise((resolve) => (attempt < 50 ? setImmediate(resolve) : setTimeout(resolve, 5)));
  }
  throw new Error(`no email to ${to} matching ${matching}`);
}

/** The token of the newest confirmation link mailed to `to`. */
export async function confirmationTokenFor(app: FastifyInstance, to: string): Promise<string> {
  const mail = await lastEmailTo(app, to, /\/confirm-email\?token=/);
  return present(present(/\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text))[1]);
}

/** Counts the outbox emails to `to`. */
export const emailsTo = (app: FastifyInstance, to: string) => value<number>(app, 'SELECT count(*) AS n FROM outbox_emails WHERE "to" = ?', [to]);

/**
 * Registers a business through the API and opens the confirmation link mailed to it, as its owner would: answers
 * the session cookie of the confirmation and the business.
 */
export async function registerBusiness(app: FastifyInstance, email: string, password = STRONG_PASSWORD, extra: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/business/auth/register', { body: { email, password, ...extra } });
  if (res.statusCode !== 202) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = await confirmationTokenFor(app, email.trim().toLowerCase());
  const confirmed = await call(app, 'POST', '/api/business/auth/confirm-email', { body: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirming failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { cookie: present(cookieFrom(confirmed)), business: confirmed.json().business as { id: string; email: string; isAdmin: boolean } };
}

/** Registers a shopper through the API and opens the confirmation link: answers the session cookie and the user. */
export async function registerShopper(app: FastifyInstance, email: string, password = STRONG_PASSWORD, options: { origin?: string; displayName?: string } = {}) {
  const origin = options.origin ?? SHOPPER_ORIGIN;
  const body = { email, password, ...(options.displayName ? { displayName: options.displayName } : {}) };
  const res = await call(app, 'POST', '/api/shopper/auth/register', { body, origin });
  if (res.statusCode !== 202) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = await confirmationTokenFor(app, email.trim().toLowerCase());
  const confirmed = await call(app, 'POST', '/api/shopper/auth/confirm-email', { body: { token }, origin });
  if (confirmed.statusCode !== 200) throw new Error(`confirming failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { cookie: present(cookieFrom(confirmed)), user: confirmed.json().user as { id: string; email: string } };
}

/**
 * Proves the signed-in business's store domain with the DNS TXT record its Integrate page shows, served by `dns`
 * (the app must run with DNS_SERVERS pointing at it).
 */
export async function verifyStoreDomain(app: FastifyInstance, cookie: string, dns: { setTxt(name: string, records: string[]): void }) {
  const integration = (await call(app, 'GET', '/api/business/integration', { cookie })).json<{ dnsRecord: { name: string; value: string } }>();
  dns.setTxt(integration.dnsRecord.name, [integration.dnsRecord.value]);
  const res = await call(app, 'POST', '/api/business/integration/verify', { cookie });
  const body = res.json<{ verified: boolean; message: string }>();
  if (!body.verified) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return body;
}
