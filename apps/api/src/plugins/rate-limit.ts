import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { tooManyRequests } from '@pricehunt/http-errors';
import type { RateLimitRepository } from '@pricehunt/storage';
import type { Clock } from '../lib/clock';

export interface LimitOptions {
  /** Names the limit (each limit keeps its own counters). */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The counted key (client address, email…); `undefined` skips the check. */
  key: (request: FastifyRequest) => string | undefined;
  /** The 429's message, or a function of the seconds to wait that writes it. */
  message?: string | ((retryAfterSeconds: number) => string);
  /**
   * `shared` (the default): counted in the database, so the limit holds for the whole service however many API
   * instances answer. `instance`: counted in this process's memory, for flood guards on hot paths where a database
   * write per call would cost more than it protects (each instance then allows `max`).
   */
  scope?: 'shared' | 'instance';
}

/** A hook usable as `onRequest` or `preHandler`: passes, or fails with the 429 envelope and Retry-After. */
export type LimitHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds an onRequest/preHandler hook that answers the 429 envelope once `max` calls in the window are exceeded. */
    limiter(options: LimitOptions): LimitHook;
  }
}

interface Window {
  count: number;
  /** When this key's window ends (ms since the epoch). */
  resetAt: number;
}

/** Most keys one limit remembers; past that the oldest windows are dropped (a flood of addresses cannot exhaust memory). */
export const MAX_TRACKED_KEYS = 100_000;

/**
 * Fixed-window counters of one limit, in process memory: a key's window starts with its first call and lasts
 * `timeWindowMs`; call `max + 1` inside it is refused until the window ends. A key's window is (re)inserted
 * when it starts, so the map is ordered by window end and expired windows are pruned from its front.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly timeWindowMs: number,
    private readonly maxKeys = MAX_TRACKED_KEYS,
  ) {}

  /** Counts one call of `key`; answers 0 when allowed, else the seconds until its window ends (at least 1). */
  hit(key: string, now = Date.now()): number {
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.prune(now);
      window = { count: 0, resetAt: now + this.timeWindowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return waitOf(window.count, window.resetAt, this.max, now);
  }

  /** Drops ended windows, and the oldest ones while the map is full. */
  prune(now = Date.now()): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}

/** The seconds a call must wait once its window holds more than `max` calls (at least 1), else 0. */
function waitOf(count: number, resetAt: number, max: number, now: number): number {
  return count > max ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : 0;
}

/** A key as the shared store keeps it: its SHA-256, so no address or email sits in the table. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * Rate limits as explicit hooks per route (several may apply to one request, e.g. per address and per email),
 * counted in the database (`app.storage.rateLimits`) or, for `scope: 'instance'`, in process memory; with
 * RATE_LIMIT_ENABLED=false the hooks do nothing.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean; store: RateLimitRepository; clock: Clock }) => {
    if (!options.enabled) {
      const pass: LimitHook = (_request, _reply, done) => done();
      app.decorate('limiter', () => pass);
      return;
    }
    const { store, clock } = options;
    const counters: FixedWindowCounter[] = [];
    app.decorate('limiter', (limit: LimitOptions): LimitHook => {
      const refuse = (reply: FastifyReply, done: HookHandlerDoneFunction, retryAfter: number) => {
        void reply.header('retry-after', String(retryAfter));
        done(tooManyRequests(typeof limit.message === 'function' ? limit.message(retryAfter) : limit.message));
      };
      if (limit.scope === 'instance') {
        const counter = new FixedWindowCounter(limit.max, limit.timeWindowMs);
        counters.push(counter);
        return (request, reply, done) => {
          const key = limit.key(request);
          const retryAfter = key === undefined ? 0 : counter.hit(key, clock.now());
          if (retryAfter === 0) done();
          else refuse(reply, done, retryAfter);
        };
      }
      return (request, reply, done) => {
        const key = limit.key(request);
        if (key === undefined) return done();
        const now = clock.now();
        store.hit(limit.name, keyHash(key), limit.timeWindowMs, now).then(
          ({ count, resetAt }) => {
            const retryAfter = waitOf(count, resetAt, limit.max, now);
            if (retryAfter === 0) done();
            else refuse(reply, done, retryAfter);
          },
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      };
    });
    // Ended windows are dropped once a minute (and, in memory, whenever a limit is full).
    const timer = setInterval(() => {
      const now = clock.now();
      for (const counter of counters) counter.prune(now);
      store.prune(now).catch((error: unknown) => app.log.error({ err: error }, 'pruning rate-limit windows failed'));
    }, 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
