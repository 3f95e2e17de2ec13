import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous cross-origin endpoint (tracking): CORS `*` without credentials. */
    publicCors?: boolean;
  }
}

/** Route config for anonymous endpoints that any site may call (no cookies involved). */
export const PUBLIC_CORS = {
  publicCors: true,
  cors: { origin: '*', credentials: false },
} as const;

export interface SecurityPluginOptions {
  trustedOrigins: string[];
}

/**
 * Helmet headers, cookie parsing and CORS. Cookie-carrying calls are allowed only from the trusted app
 * origins (with credentials); routes marked with `PUBLIC_CORS` accept any origin without credentials,
 * including their preflight requests.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityPluginOptions) => {
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    await app.register(fastifyCookie);

    const publicPaths = new Set<string>();
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCors) publicPaths.add(route.url);
    });

    const trusted = { origin: options.trustedOrigins, credentials: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] };
    const open = { origin: '*', credentials: false, methods: ['GET', 'HEAD', 'POST'] };
    await app.register(fastifyCors, {
      delegator: (request: FastifyRequest, callback) => {
        const path = request.url.split('?', 1)[0] ?? '';
        // A preflight is routed to the OPTIONS catch-all, so its target is recognised by path among PUBLIC_CORS routes.
        callback(null, request.method === 'OPTIONS' && publicPaths.has(path) ? open : trusted);
      },
      hideOptionsRoute: true,
    });
  },
  { name: 'security' },
);
