import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';

export interface LimitOptions {
  /** Distinguishes the counters of different limits. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The counted key (client address, email…); `undefined` skips the check. */
  key: (request: FastifyRequest) => string | undefined;
  message?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds an onRequest/preHandler hook that answers the 429 envelope once `max` calls in the window are exceeded. */
    limiter(options: LimitOptions): preHandlerAsyncHookHandler;
  }
}

/**
 * Rate limits on @fastify/rate-limit's in-process store. Limits are explicit hooks per route (several may apply
 * to one request, e.g. per address and per email); with RATE_LIMIT_ENABLED=false the hooks do nothing.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean }) => {
    if (!options.enabled) {
      app.decorate('limiter', () => async () => undefined);
      return;
    }
    await app.register(fastifyRateLimit, { global: false });
    app.decorate('limiter', (limit: LimitOptions) => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        keyGenerator: (request: FastifyRequest) => `${limit.name}:${limit.key(request) ?? ''}`,
      });
      return async (request, reply) => {
        if (limit.key(request) === undefined) return;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        void reply.header('retry-after', String(result.ttlInSeconds));
        throw tooManyRequests(limit.message);
      };
    });
  },
  { name: 'rate-limit' },
);
