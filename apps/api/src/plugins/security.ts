import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route CORS options, merged over the global ones by @fastify/cors (`false` disables CORS on the route). */
    cors?: { origin?: string | string[]; credentials?: boolean; methods?: string[] } | false;
  }
}

/** Route config for anonymous endpoints that any site may call (no cookies involved): CORS `*` without credentials. */
export const PUBLIC_CORS: { cors: { origin: string; credentials: boolean; methods: string[] } } = {
  cors: { origin: '*', credentials: false, methods: ['GET', 'HEAD', 'POST'] },
};

/**
 * Registers the preflight route of a PUBLIC_CORS path, so that browsers on any site may POST JSON to it.
 * (The CORS plugin answers the preflight in its hook; this route only gives it the public options.)
 */
export function publicPreflight(app: FastifyInstance, url: string): void {
  app.options(url, { config: PUBLIC_CORS, schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
}

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

    // Static options (normalised once). Routes marked PUBLIC_CORS override them per route; their preflight
    // requests reach an OPTIONS route of their own (see `publicPreflight`), which carries the same override.
    await app.register(fastifyCors, {
      origin: options.trustedOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      hideOptionsRoute: true,
    });
  },
  { name: 'security' },
);
