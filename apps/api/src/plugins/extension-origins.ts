import type { FastifyRequest } from 'fastify';

/** The id Chromium gives the browser extension's unpacked build (the key in its manifest fixes it; apps/extension). */
export const EXTENSION_CHROMIUM_ID = 'cppdbbnjceodababbhdjpelpfajachgh';
export const DEFAULT_EXTENSION_ORIGINS = `chrome-extension://${EXTENSION_CHROMIUM_ID}`;

/** Every Firefox install of the extension: Firefox gives each install an origin of its own, a random UUID. */
export const ANY_FIREFOX_INSTALL = 'moz-extension://*';

const CHROMIUM_ORIGIN = /^chrome-extension:\/\/[a-p]{32}$/;
const FIREFOX_ORIGIN = /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What is wrong with an EXTENSION_ORIGINS entry, or null: `chrome-extension://<id>`, `moz-extension://<uuid>` or `moz-extension://*`. */
export function extensionOriginProblem(entry: string): string | null {
  if (CHROMIUM_ORIGIN.test(entry) || FIREFOX_ORIGIN.test(entry) || entry === ANY_FIREFOX_INSTALL) return null;
  return `EXTENSION_ORIGINS has an entry that is no extension origin: ${entry} (chrome-extension://<32 letters a-p>, moz-extension://<uuid> or moz-extension://*)`;
}

/** A test of a request's Origin against the configured extension origins. */
export function extensionOriginTest(entries: readonly string[]): (origin: string | undefined) => boolean {
  const exact = new Set(entries.filter((entry) => entry !== ANY_FIREFOX_INSTALL));
  const anyFirefox = entries.includes(ANY_FIREFOX_INSTALL);
  return (origin) => origin !== undefined && (exact.has(origin) || (anyFirefox && FIREFOX_ORIGIN.test(origin)));
}

/**
 * The routes the browser extension calls, the only ones that answer its origin: a search for the page it is on, the
 * shopper's session (is one signed in?), and the shopper's watches (list, add). Every other route treats an extension's
 * origin as any other site's.
 */
export const EXTENSION_ROUTES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'POST', path: '/api/search' },
  { method: 'GET', path: '/api/shopper/auth/session' },
  { method: 'GET', path: '/api/shopper/watches' },
  { method: 'POST', path: '/api/shopper/watches' },
];

/** Whether a request (or the preflight of one) is for one of the extension's routes. */
export function isExtensionRoute(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  const path = request.url.split('?')[0];
  const asked = request.headers['access-control-request-method'];
  const method = request.method === 'OPTIONS' && typeof asked === 'string' ? asked.toUpperCase() : request.method;
  return EXTENSION_ROUTES.some((route) => route.path === path && (route.method === method || (route.method === 'GET' && method === 'HEAD')));
}

/** The request comes from a configured extension origin to one of the extension's routes. */
export function isExtensionCall(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>, isExtensionOrigin: (origin: string | undefined) => boolean): boolean {
  return isExtensionOrigin(request.headers.origin) && isExtensionRoute(request);
}
