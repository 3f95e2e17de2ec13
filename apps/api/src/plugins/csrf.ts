import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from '@pricehunt/http-errors';

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

/** onRequest hook for cookie-authenticated areas: refuses cross-site writes with 403. */
export function createOriginCheck(trustedOrigins: readonly string[]): onRequestAsyncHookHandler {
  const trusted = new Set(trustedOrigins);
  return async (request) => {
    if (!isTrustedWriteOrigin(request, trusted)) {
      request.log.warn({ origin: request.headers.origin, referer: request.headers.referer }, 'cross-site write refused');
      throw forbidden('Cross-site request refused');
    }
  };
}
