/**
 * Politeness towards a shop: at most one request to a host every `spacingMs`, whichever instance of the service sends
 * it. The spacing is kept in the counters every instance shares (the rate limits' table): a host's window opens with
 * the request that finds none open, and a request that finds one open waits for it to close and asks again.
 */

/** Fixed-window counters every instance shares (`RateLimitRepository` of the storage). */
export interface SharedCounters {
  hit(limitName: string, key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

export interface HostGate {
  /** Resolves when a request to `host` may be sent; rejects with `HostBusyError` past the longest wait. */
  wait(host: string): Promise<void>;
}

/** A host whose turn did not come within the longest wait (other requests to it queue ahead). */
export class HostBusyError extends Error {
  constructor(readonly host: string, readonly waitedMs: number) {
    super(`${host} was asked too often: no turn within ${waitedMs} ms`);
    this.name = 'HostBusyError';
  }
}

/** The counters' name for the hosts' turns. */
export const HOST_GATE_LIMIT = 'page-fetch-host';

export function createHostGate(options: {
  counters: SharedCounters;
  spacingMs: number;
  /** The longest a request waits for its turn (default 6 s). */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): HostGate {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxWaitMs = options.maxWaitMs ?? 6000;
  return {
    async wait(host: string) {
      const key = host.toLowerCase();
      const started = now();
      // A turn is counted before its request leaves: the window outlasts the spacing by the time the count may take.
      const windowMs = options.spacingMs + Math.max(50, Math.round(options.spacingMs / 10));
      for (;;) {
        const at = now();
        const window = await options.counters.hit(HOST_GATE_LIMIT, key, windowMs, at);
        if (window.count === 1) return;
        const waited = at - started;
        if (waited + (window.resetAt - at) > maxWaitMs) throw new HostBusyError(key, waited);
        await sleep(Math.max(1, window.resetAt - at));
      }
    },
  };
}
