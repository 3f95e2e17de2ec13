import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { HttpError, RetryLaterError } from '@pricehunt/http-errors';
import type { Audience, SignInGuardRepository } from '@pricehunt/storage';

export type { Audience } from '@pricehunt/storage';

/** The trusted-device cookie of each audience, sent back only to its sign-in routes. */
export const DEVICE_COOKIE: Record<Audience, { name: string; path: string }> = {
  business: { name: 'pricehunt.device.business', path: '/api/business/auth' },
  shopper: { name: 'pricehunt.device.shopper', path: '/api/shopper/auth' },
};
export const TRUSTED_DEVICE_DAYS = 90;
const DAY_MS = 86_400_000;
/** Failed sign-ins with a device's token before the device is trusted no more. */
export const DEVICE_MAX_FAILURES = 5;
/** Devices remembered per account (the least recently used go first). */
export const MAX_DEVICES_PER_ACCOUNT = 10;
/** A key's failures are forgotten a day after its last one (and its row pruned). */
export const FORGET_FAILURES_AFTER_MS = DAY_MS;
/** The first wait once a key's free failures are spent; each further failure doubles it. */
export const FIRST_WAIT_MS = 1000;

export interface SignInGuardOptions {
  repo: SignInGuardRepository;
  /** Off (RATE_LIMIT_ENABLED=false): nothing is counted or refused; devices are still remembered. */
  enabled: boolean;
  /** Failures of one account from one address before waits begin (SIGN_IN_FREE_FAILURES). */
  freeFailures: number;
  /** Failures from one address, whatever the accounts, before waits begin (SIGN_IN_FREE_FAILURES_PER_ADDRESS). */
  freeFailuresPerAddress: number;
  maxWaitSeconds: number;
  now?: () => number;
}

export interface SignInAttempt {
  audience: Audience;
  /** The email as typed, normalised (an unknown one is counted all the same). */
  email: string;
  /** The client address (`request.ip`: the peer, or X-Forwarded-For from a configured proxy only). */
  address: string;
  /** The account the email belongs to, when it does: only its own trusted device opens the trusted path. */
  accountId: string | undefined;
  /** The trusted-device cookie the browser sent, if any. */
  deviceToken: string | undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The address a limit counts: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its /64, the block one
 * subscriber gets, so stepping through one's own /64 does not make a new address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How long a key waits after its `failures`-th failure: nothing while free, then 1 s, 2 s, 4 s… up to the cap. */
export function waitAfter(failures: number, free: number, maxWaitMs: number): number {
  if (failures <= free) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** Math.min(failures - free - 1, 40), maxWaitMs);
}

/** "Too many attempts. Try again in 8 seconds." (minutes past 90 seconds). */
export function tooManyAttemptsMessage(seconds: number): string {
  const wait = seconds <= 90 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many attempts. Try again in ${wait}.`;
}

const isWrongCredentials = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

/**
 * Limits on password sign-in (OWASP ASVS 6.3.1, and the device cookies of OWASP's guidance against lockout):
 * - failures are counted per account and address together, and per address across accounts, in the database;
 *   past the free ones each failure doubles the key's wait (1 s, 2 s, 4 s… up to SIGN_IN_MAX_WAIT_SECONDS), and
 *   an attempt during a wait is answered 429 with the true Retry-After before any password is hashed;
 * - there is no limit on an account alone, which anyone could trip to lock its owner out: from a new address the
 *   owner starts afresh (with one free failure instead of several while the account is under attack, so an attack
 *   spread over many addresses gets little from each);
 * - a browser that signed in to an account gets a trusted-device cookie; with it, sign-ins to that account skip
 *   the limits above, so the owner's path stays open whatever the attack; its failures count on the device, and
 *   DEVICE_MAX_FAILURES of them revoke it.
 */
export function createSignInGuard(options: SignInGuardOptions) {
  const { repo } = options;
  const clock = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitSeconds * 1000;
  const keys = (attempt: Pick<SignInAttempt, 'audience' | 'email' | 'address'>) => {
    const address = addressKey(attempt.address);
    return {
      pair: `${attempt.audience}|${attempt.email}|${address}`,
      address: `${attempt.audience}|*|${address}`,
      account: `${attempt.audience}|${attempt.email}|*`,
    };
  };

  async function trustedDevice(attempt: SignInAttempt, now: number) {
    if (!attempt.deviceToken || !attempt.accountId || attempt.deviceToken.length > 200) return undefined;
    return repo.findTrustedDevice(attempt.audience, attempt.accountId, hashToken(attempt.deviceToken), now);
  }

  /**
   * Counts an untrusted attempt as a failure before its password is checked (taken back unless it fails), so that
   * a burst of parallel attempts meets the limit as a sequence would: each key lets at most one attempt past its
   * free failures before its wait begins, whatever the concurrency. Throws the 429 while this account and address,
   * or this address, must wait (nothing counted); else answers the failures to take back (each key with the free
   * failures it was counted with).
   */
  async function countInAdvance(attempt: SignInAttempt, now: number): Promise<Array<{ key: string; free: number }>> {
    const k = keys(attempt);
    // An account failing from other addresses is under attack: this address gets one free failure, not several.
    // (Both counts include this attempt.)
    const pairFree = (accountFailures: number, pairFailures: number) => (accountFailures - pairFailures > options.freeFailures * 2 ? 1 : options.freeFailures);
    const result = await repo.countFailures([k.pair, k.address], [k.account, k.pair, k.address], now, now - FORGET_FAILURES_AFTER_MS, (key, failures, before) => {
      if (key === k.account) return waitAfter(failures, Number.MAX_SAFE_INTEGER, maxWaitMs);
      if (key === k.pair) return waitAfter(failures, pairFree(before.get(k.account) ?? 0, failures), maxWaitMs);
      return waitAfter(failures, options.freeFailuresPerAddress, maxWaitMs);
    });
    if (result.blocked) {
      const seconds = Math.ceil((result.blockedUntil - now) / 1000);
      throw new RetryLaterError(tooManyAttemptsMessage(seconds), seconds);
    }
    const counted = result.counts;
    return [
      { key: k.account, free: Number.MAX_SAFE_INTEGER },
      { key: k.address, free: options.freeFailuresPerAddress },
      { key: k.pair, free: pairFree(counted.get(k.account) ?? 0, counted.get(k.pair) ?? 0) },
    ];
  }

  async function rememberDevice(attempt: SignInAttempt, accountId: string, now: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repo.addDevice(
      { audience: attempt.audience, accountId, tokenHash: hashToken(token), now, expiresAt: now + TRUSTED_DEVICE_DAYS * DAY_MS },
      MAX_DEVICES_PER_ACCOUNT,
    );
    return token;
  }

  return {
    /**
     * Runs `verify` (which hashes the password) only when the attempt may go ahead, else throws the 429. Counts a
     * 401 from `verify` as a failure; on success forgets this account's failures from this address and answers the
     * device token to set (the one sent, or a new one).
     */
    async attempt<T extends { id: string }>(attempt: SignInAttempt, verify: () => Promise<T>): Promise<{ account: T; deviceToken: string }> {
      const started = clock();
      const device = await trustedDevice(attempt, started);
      let counted: Array<{ key: string; free: number }> | undefined;
      if (!device && options.enabled) counted = await countInAdvance(attempt, started);
      let account: T;
      try {
        account = await verify();
      } catch (error) {
        if (!isWrongCredentials(error)) {
          if (counted) await repo.takeBackFailures(counted);
        } else if (device) {
          if (device.failures + 1 >= DEVICE_MAX_FAILURES) await repo.forgetDevice(device.tokenHash);
          else await repo.setDeviceFailures(device.tokenHash, device.failures + 1);
        }
        throw error;
      }
      const now = clock();
      // The account's failures from this address are forgiven once its password is given there.
      if (counted) await repo.takeBackFailures(counted, keys(attempt).pair);
      if (device && attempt.deviceToken) {
        await repo.renewDevice(device.tokenHash, now, now + TRUSTED_DEVICE_DAYS * DAY_MS);
        return { account, deviceToken: attempt.deviceToken };
      }
      return { account, deviceToken: await rememberDevice(attempt, account.id, now) };
    },

    /** Forgets every trusted device of an account (after a password reset: whoever had the password may have one). */
    forgetDevices(audience: Audience, accountId: string): Promise<number> {
      return repo.forgetDevices(audience, accountId);
    },

    /** Deletes failures a day old and expired devices; answers how many rows went. */
    prune(now = clock()): Promise<number> {
      return repo.prune(now - FORGET_FAILURES_AFTER_MS, now);
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
