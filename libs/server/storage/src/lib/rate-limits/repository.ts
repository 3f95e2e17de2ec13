/** A key's window after a call was counted in it. */
export interface CountedWindow {
  /** Calls counted in the window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** Fixed-window counters every API instance shares. */
export interface RateLimitRepository {
  /**
   * Counts one call of `keyHash` under `limitName`, atomically: a window that ended at or before `now` starts again
   * (count 1, ending at `now + windowMs`). Answers the window as it is after this call.
   */
  hit(limitName: string, keyHash: string, windowMs: number, now: number): Promise<CountedWindow>;
  /** Deletes the windows that ended at or before `now`; answers how many. */
  prune(now: number): Promise<number>;
}
