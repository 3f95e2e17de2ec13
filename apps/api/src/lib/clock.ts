/**
 * Where the API's services read the time: one source per app instance (`app.clock`), the system's unless one is
 * injected (`buildApp(config, options, { clock })`). The demo's traffic simulator injects a clock it moves through
 * the simulated days, so their clicks, referrals, events, searches and orders are recorded by the same code as live
 * traffic. Sessions and cookies keep the system's time: they belong to a real browser.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands where it is set (starting at `start`); for simulations and tests. */
export interface SettableClock extends Clock {
  set(ms: number): void;
}

export function settableClock(start: number): SettableClock {
  let at = start;
  return {
    now: () => at,
    set(ms) {
      if (!Number.isFinite(ms)) throw new Error(`a clock cannot be set to ${ms}`);
      at = ms;
    },
  };
}
