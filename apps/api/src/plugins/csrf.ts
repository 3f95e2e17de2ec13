import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from '@pricehunt/http-errors';
import { extensionOriginTest, isExtensionCall } from './extension-origins';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Decides whether an unsafe (state-changing) request to a cookie-authenticated area may proceed.
 *
 * - `Origin` present: it must be a trusted app origin or the API's own origin.
 * - `Origin` absent but `Sec-Fetch-Site` present (a current browser): only `same-origin` or `none`
 *   (typed in the address bar / same-origin page behind the dev proxy) are accepted.
 * - Neither header but a `Referer`: its origin must be trusted.
 * - None of the three: not a browser making a cross-site request (every browser that can send
 *   cookies cross-site sends `Origin` on POST), e.g. curl or a server-side client; accepted.
 *   SameSite=Lax on the session cookie is the second layer for very old browsers.
 */
export function isTrustedWriteOrigin(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const ownOrigin = `${request.protocol}://${request.host}`;
  const accept = (origin: string | null) => origin !== null && (trustedOrigins.has(origin) || origin === ownOrigin);

  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== 'null' && accept(origin);

  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';

  const referer = request.headers.referer;
  if (referer !== undefined) return accept(originOf(referer));
  return true;
}

/** The apps whose writes an area takes: the admin console's and the merchant dashboard's origins. */
export interface AppWriteOrigins {
  admin: readonly string[];
  merchant: readonly string[];
}

/** Which app's origin a state-changing request to `url` needs; null for the areas any trusted app may write to. */
export function requiredApp(url: string): { apps: Array<keyof AppWriteOrigins>; name: string } | null {
  const path = url.split('?')[0] as string;
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/api/admin')) return { apps: ['admin'], name: 'the admin console' };
  // The admin console signs in (and out) through the business account's calls.
  if (under('/api/business/auth')) return { apps: ['merchant', 'admin'], name: 'the merchant dashboard or the admin console' };
  if (under('/api/business')) return { apps: ['merchant'], name: 'the merchant dashboard' };
  return null;
}

/**
 * The admin and business areas' rule for state-changing requests: the `Origin` must be one of the area's app origins;
 * without `Origin`, the `Referer`'s origin must be; with neither the request is refused (every browser sends `Origin`
 * on such requests, so only a client that is no browser, or one that hides where it comes from, sends neither). The
 * API's own address is no such app: the shopper site's server passes `/api` on with the browser's Host, so a page of
 * the shopper site would pass for it. Answers null when accepted, else why not.
 */
export function areaWriteRefusal(request: FastifyRequest, origins: AppWriteOrigins): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const area = requiredApp(request.url);
  if (!area) return null;
  const allowed = new Set(area.apps.flatMap((app) => origins[app]));
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  if (origin !== undefined) return origin !== 'null' && allowed.has(origin) ? null : `This request must come from ${area.name}`;
  if (referer !== undefined) return allowed.has(originOf(referer) ?? '') ? null : `This request must come from ${area.name}`;
  return `This request must come from ${area.name}: it carries no Origin or Referer header`;
}

/**
 * onRequest hook for cookie-authenticated areas: refuses cross-site writes with 403. Writes to the admin and business
 * areas need their own app's origin (`areaWriteRefusal`); the others a trusted app origin (`isTrustedWriteOrigin`), or
 * the browser extension's on the extension's routes (`isExtensionCall`).
 */
export function createOriginCheck(trustedOrigins: readonly string[], appOrigins?: AppWriteOrigins, extensionOrigins: readonly string[] = []): onRequestAsyncHookHandler {
  const trusted = new Set(trustedOrigins);
  const isExtensionOrigin = extensionOriginTest(extensionOrigins);
  return async (request) => {
    // The browser extension writes to its own routes only (a watch); anywhere else its origin is any other site's.
    if (isExtensionCall(request, isExtensionOrigin)) return;
    const refusal = appOrigins ? areaWriteRefusal(request, appOrigins) : null;
    if (refusal) {
      request.log.warn({ origin: request.headers.origin, referer: request.headers.referer }, 'write from another app refused');
      throw forbidden(refusal);
    }
    if (!isTrustedWriteOrigin(request, trusted)) {
      request.log.warn({ origin: request.headers.origin, referer: request.headers.referer }, 'cross-site write refused');
      throw forbidden('Cross-site request refused');
    }
  };
}
