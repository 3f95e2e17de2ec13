import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Errors that say the database was busy, not that anything is wrong: SQLite's lock was held past the connection's busy
 * timeout (`SQLITE_BUSY`, and `SQLITE_BUSY_SNAPSHOT`: a read transaction could not become a write after another
 * connection committed), or PostgreSQL gave up on a lock or a transaction that may simply run again (lock not
 * available, serialization failure, deadlock).
 */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED', '55P03', '40001', '40P01']);

export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BUSY_CODES.has(code);
}

/** Attempts a port method makes when the database is busy, and the waits between them (each with jitter). */
export const BUSY_ATTEMPTS = 4;
const FIRST_WAIT_MS = 50;

/** The wait before attempt `attempt + 1`: doubling from FIRST_WAIT_MS, each drawn between half and all of it. */
export const busyWait = (attempt: number, random = Math.random) => {
  const ceiling = FIRST_WAIT_MS * 2 ** attempt;
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

/** Runs `work` again, after a jittered wait, while it fails because the database is busy (BUSY_ATTEMPTS in all). */
export async function retryBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusyError(error) || attempt + 1 >= BUSY_ATTEMPTS) throw error;
      await sleep(busyWait(attempt));
    }
  }
}

/**
 * The port with each of its asynchronous methods run by `retryBusy`: a unit of work the database refused as busy is
 * rolled back whole (one statement, or a transaction), so it runs again from its start. Synchronous methods and other
 * members are left as they are.
 */
export function withBusyRetries<T extends object>(port: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(port)) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    const method = member as (...args: unknown[]) => unknown;
    wrapped[name] = (...args: unknown[]) => {
      const first = method.apply(port, args);
      if (!(first instanceof Promise)) return first;
      let calls = 0;
      return retryBusy(() => (calls++ === 0 ? first : (method.apply(port, args) as Promise<unknown>)));
    };
  }
  return wrapped as T;
}
