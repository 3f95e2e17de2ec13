import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extensionOriginTest, isExtensionCall } from './extension-origins';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route CORS options, merged over the global ones by @fastify/cors (`false` disables CORS on the route). */
    cors?: { origin?: string | string[]; credentials?: boolean; methods?: string[] } | false;
    /** The route is open to any origin without credentials (see PUBLIC_CORS). */
    publicCors?: boolean;
  }
}

/**
 * Route config for anonymous endpoints that any site may call (no cookies involved): `Access-Control-Allow-Origin: *`
 * without credentials. The grant never varies, so it is set with the security headers and the CORS plugin,
 * which works out its answer per request, leaves these routes alone.
 */
export const PUBLIC_CORS: { cors: false; publicCors: true } = { cors: false, publicCors: true };
const PUBLIC_METHODS = 'GET, HEAD, POST';

/**
 * Registers the preflight route of a PUBLIC_CORS path, so that browsers on any site may POST JSON to it: the
 * methods, the request headers the browser asks for, no credentials.
 */
export function publicPreflight(app: FastifyInstance, url: string): void {
  app.options(url, { config: PUBLIC_CORS, schema: { hide: true } }, async (request, reply) => {
    const asked = request.headers['access-control-request-headers'];
    void reply.header('access-control-allow-methods', PUBLIC_METHODS).header('vary', 'Access-Control-Request-Headers');
    if (asked) void reply.header('access-control-allow-headers', asked);
    return reply.status(204).header('content-length', '0').send();
  });
}

/**
 * The API's security header policy (helmet). The API answers JSON and redirects, which no browser renders,
 * so it sends the headers that matter for such answers (OWASP's set for REST APIs): a CSP that allows nothing
 * and no framing, HSTS, nosniff, X-Frame-Options DENY, no referrer, and CORP. Helmet's document-only headers
 * (COOP, Origin-Agent-Cluster, DNS prefetch, IE download options, Flash policies, the legacy XSS filter) are
 * left out: they govern pages, and every answer would carry them for nothing. Swagger UI, the one HTML page,
 * sets its own CSP (see the docs plugin).
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers helmet sets for `options`, computed once: helmet's header values depend only on its options
 * (no per-request nonces here), so every answer can carry the same precomputed set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityPluginOptions {
  trustedOrigins: string[];
  /** The browser extension's origins (EXTENSION_ORIGINS): answered on the extension's routes only. */
  extensionOrigins?: string[];
}

/**
 * Helmet headers and CORS on every route. Cookie-carrying calls are allowed only from the trusted app
 * origins (with credentials); routes marked with `PUBLIC_CORS` accept any origin without credentials,
 * including their preflight requests.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityPluginOptions) => {
    // Helmet's headers on every answer, set from one precomputed object instead of running helmet's
    // middleware (which rebuilds itself from its options) per request. Routes serving HTML with other
    // needs (Swagger UI) set their own Content-Security-Policy in their handler, which replaces this one.
    const headers = helmetHeaders(HELMET_OPTIONS);
    const names = Object.keys(headers);
    app.addHook('onRequest', (request, reply, done) => {
      for (const name of names) void reply.header(name, headers[name]);
      if (request.routeOptions.config?.publicCors) void reply.header('access-control-allow-origin', '*');
      done();
    });

    // Static options (normalised once) for the cookie-carrying routes. Routes marked PUBLIC_CORS opt out and get
    // their grant above; their preflight requests reach an OPTIONS route of their own (see `publicPreflight`).
    // The browser extension's origin is one more trusted origin on its own routes (a search, the shopper's session and
    // watches), and on no other.
    const corsOptions = { origin: options.trustedOrigins, credentials: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] };
    const isExtensionOrigin = extensionOriginTest(options.extensionOrigins ?? []);
    await app.register(fastifyCors, {
      hideOptionsRoute: true,
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        if (origin !== undefined && isExtensionCall(request, isExtensionOrigin)) callback(null, { ...corsOptions, origin: [...options.trustedOrigins, origin] });
        else callback(null, corsOptions);
      },
    });
  },
  { name: 'security' },
);
