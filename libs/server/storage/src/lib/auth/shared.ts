import type { FailureCounts, SignInGuardRepository } from './repository';

type CountFailures = SignInGuardRepository['countFailures'];

/** A key's failure row as both engines store it. */
export interface FailureValues {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/**
 * A key's count after one more failure at `now`: the stored count goes on unless its last failure is forgotten, and
 * the wait `waitFor` asks for (0: none) blocks the key until then.
 */
export function nextFailure(
  key: string,
  stored: { failures: number; lastFailureAt: number } | undefined,
  now: number,
  forgetBefore: Parameters<CountFailures>[3],
  waitFor: Parameters<CountFailures>[4],
  counted: FailureCounts,
): FailureValues {
  const forget = typeof forgetBefore === 'number' ? forgetBefore : forgetBefore(key);
  const failures = stored && stored.lastFailureAt > forget ? stored.failures + 1 : 1;
  const wait = waitFor(key, failures, counted);
  return { failures, lastFailureAt: now, blockedUntil: wait ? now + wait : 0 };
}
