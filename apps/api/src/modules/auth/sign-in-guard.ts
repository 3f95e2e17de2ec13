import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { HttpError, RetryLaterError } from '@pricehunt/http-errors';
import { AuthMessages } from '@pricehunt/contracts';
import type { Audience, SignInGuardRepository } from '@pricehunt/storage';

export type { Audience } from '@pricehunt/storage';

/** The trusted-device cookie of each audience, sent back only to its sign-in routes. */
export const DEVICE_COOKIE: Record<Audience, { name: string; path: string }> = {
  business: { name: 'pricehunt.device.business', path: '/api/business/auth' },
  shopper: { name: 'pricehunt.device.shopper', path: '/api/shopper/auth' },
};
export const TRUSTED_DEVICE_DAYS = 90;
const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** Devices remembered per account (the least recently used go first). */
export const MAX_DEVICES_PER_ACCOUNT = 10;
/** A key's failures are forgotten a day after its last one (and its row pruned). */
export const FORGET_FAILURES_AFTER_MS = DAY_MS;
/** The first wait once a key's free failures are spent; each further failure doubles it. */
export const FIRST_WAIT_MS = 1000;

/** An account whose guesses from unknown devices are spent for the hour (its owner is told, once). */
export interface NewDevicesPaused {
  audience: Audience;
  accountId: string;
  /** The account's email (the one the guesses named). */
  email: string;
  /** Evaluated guesses from unknown devices in the window that ends now. */
  failures: number;
  /** When unknown devices may try again. */
  until: number;
}

export interface SignInGuardOptions {
  repo: SignInGuardRepository;
  /** Off (RATE_LIMIT_ENABLED=false): nothing is counted or refused; devices are still remembered. */
  enabled: boolean;
  /** Failures of one account from one address before waits begin (SIGN_IN_FREE_FAILURES). */
  freeFailures: number;
  /** Failures from one address, whatever the accounts, before waits begin (SIGN_IN_FREE_FAILURES_PER_ADDRESS). */
  freeFailuresPerAddress: number;
  /** Failures of one account from unknown devices, whatever the addresses, before its waits begin (SIGN_IN_ACCOUNT_FREE_FAILURES). */
  accountFreeFailures: number;
  /** Guesses at one account from unknown devices evaluated in an hour at most (SIGN_IN_ACCOUNT_MAX_PER_HOUR). */
  accountMaxPerHour: number;
  /** Failures of one trusted device in an hour before it signs in as an unknown one until the hour is over (SIGN_IN_DEVICE_MAX_PER_HOUR). */
  deviceMaxPerHour: number;
  maxWaitSeconds: number;
  now?: () => number;
  /** Called once per window, when an account's guesses from unknown devices are spent (the owner's notice). */
  onNewDevicesPaused?: (event: NewDevicesPaused) => void;
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

/** "8 seconds", "2 seconds", "1 second" (minutes past 90 seconds). */
function waitText(seconds: number): string {
  return seconds <= 90 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} minutes`;
}

/** "Too many attempts. Try again in 8 seconds." (minutes past 90 seconds). */
export function tooManyAttemptsMessage(seconds: number): string {
  return `${AuthMessages.tooManyAttempts} Try again in ${waitText(seconds)}.`;
}

/** The answer while an account's guesses from unknown devices wait: a browser that signed in before still can. */
export function newDevicesPausedMessage(seconds: number): string {
  return `${AuthMessages.newDevicesPaused} Try again in ${waitText(seconds)}, or sign in from a browser you have signed in with before.`;
}

const isWrongCredentials = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

/** A failure counted in advance, to take back unless the attempt fails (with the free failures of its key). */
type Counted = { key: string; free: number };

/** The failure keys of an unknown device's attempt: the account and address together, the address, the account. */
function failureKeys(attempt: Pick<SignInAttempt, 'audience' | 'email' | 'address'>) {
  const address = addressKey(attempt.address);
  return {
    pair: `${attempt.audience}|${attempt.email}|${address}`,
    address: `${attempt.audience}|*|${address}`,
    account: `${attempt.audience}|${attempt.email}|*`,
  };
}
const deviceKey = (audience: Audience, tokenHash: string) => `${audience}|device|${tokenHash}`;

/**
 * The trusted device of the account the browser presents, with its failure counted in advance; none when there is no
 * such device or it has spent its failures for the hour (the attempt then goes as an unknown device's).
 */
async function knownDevice(options: SignInGuardOptions, attempt: SignInAttempt, now: number): Promise<{ tokenHash: string; counted: Counted[] } | undefined> {
  if (!attempt.deviceToken || !attempt.accountId || attempt.deviceToken.length > 200) return undefined;
  const device = await options.repo.findTrustedDevice(attempt.audience, attempt.accountId, hashToken(attempt.deviceToken), now);
  if (!device) return undefined;
  if (!options.enabled) return { tokenHash: device.tokenHash, counted: [] };
  const key = deviceKey(attempt.audience, device.tokenHash);
  const result = await options.repo.countFailures([key], [key], now, now - HOUR_MS, (_key, failures) => (failures >= options.deviceMaxPerHour ? HOUR_MS : 0));
  return result.blocked ? undefined : { tokenHash: device.tokenHash, counted: [{ key, free: Number.MAX_SAFE_INTEGER }] };
}

/**
 * Counts an unknown device's attempt as a failure before its password is checked (taken back unless it fails), so
 * that a burst of parallel attempts meets the limits as a sequence would: each key lets at most one attempt past its
 * free failures before its wait begins, whatever the concurrency. Throws the 429 while this account (from unknown
 * devices), this account and address, or this address must wait (nothing counted); else answers the failures to
 * take back. The count that reaches the account's hourly limit (made once per window: the next attempts wait for
 * the pause to end) tells `onNewDevicesPaused`.
 */
async function countInAdvance(options: SignInGuardOptions, attempt: SignInAttempt, now: number): Promise<Counted[]> {
  const k = failureKeys(attempt);
  const maxWaitMs = options.maxWaitSeconds * 1000;
  // An account failing from other addresses is under attack: this address gets one free failure, not several.
  // (Both counts include this attempt.)
  const pairFree = (accountFailures: number, pairFailures: number) => (accountFailures - pairFailures > options.freeFailures * 2 ? 1 : options.freeFailures);
  const accountWait = (failures: number) => (failures >= options.accountMaxPerHour ? HOUR_MS : waitAfter(failures, options.accountFreeFailures, maxWaitMs));
  const forgetBefore = (key: string) => (key === k.account ? now - HOUR_MS : now - FORGET_FAILURES_AFTER_MS);
  const result = await options.repo.countFailures([k.pair, k.address, k.account], [k.account, k.pair, k.address], now, forgetBefore, (key, failures, before) => {
    if (key === k.account) return accountWait(failures);
    if (key === k.pair) return waitAfter(failures, pairFree(before.get(k.account) ?? 0, failures), maxWaitMs);
    return waitAfter(failures, options.freeFailuresPerAddress, maxWaitMs);
  });
  if (result.blocked) {
    const seconds = Math.ceil((result.blockedUntil - now) / 1000);
    throw new RetryLaterError(result.key === k.account ? newDevicesPausedMessage(seconds) : tooManyAttemptsMessage(seconds), seconds);
  }
  const accountFailures = result.counts.get(k.account) ?? 0;
  if (accountFailures === options.accountMaxPerHour && attempt.accountId) {
    options.onNewDevicesPaused?.({ audience: attempt.audience, accountId: attempt.accountId, email: attempt.email, failures: accountFailures, until: now + HOUR_MS });
  }
  return [
    { key: k.account, free: options.accountFreeFailures },
    { key: k.address, free: options.freeFailuresPerAddress },
    { key: k.pair, free: pairFree(accountFailures, result.counts.get(k.pair) ?? 0) },
  ];
}

/**
 * Limits on password sign-in (OWASP ASVS 6.3.1 and OWASP's guidance on device cookies against lockout), counted in
 * the database so every API instance meets the same counts:
 * - a browser that signed in to an account gets a trusted-device cookie (a random token; only its hash is stored,
 *   so a forged or altered one is unknown); with it, sign-ins to that account skip the limits below and count on the
 *   device alone: `deviceMaxPerHour` failures in an hour, then it signs in as an unknown device until the hour is
 *   over. The owner's path stays open whatever an attacker does elsewhere;
 * - unknown devices, per account whatever the address: past `accountFreeFailures` each failure doubles the account's
 *   wait (1 s, 2 s, 4 s… up to SIGN_IN_MAX_WAIT_SECONDS), and the `accountMaxPerHour`-th pauses them for an hour
 *   (the owner is mailed, once): at most that many guesses at an account are evaluated in any hour, however many
 *   addresses they come from. The count restarts after an hour without a failure;
 * - per account and address, and per address across accounts, the same doubling waits past their free failures
 *   (an address gets one free failure instead of several while the account is failing from other addresses);
 * - an attempt during a wait is answered 429 with the true Retry-After before any password is hashed.
 */
export function createSignInGuard(options: SignInGuardOptions) {
  const { repo } = options;
  const clock = options.now ?? Date.now;

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
     * Runs `verify` (which hashes the password) only when the attempt may go ahead, else throws the 429. A 401 from
     * `verify` stays counted; anything else takes the attempt's counts back. On success forgets this account's
     * failures from this address (or the device's) and answers the device token to set (the one sent, or a new one).
     */
    async attempt<T extends { id: string }>(attempt: SignInAttempt, verify: () => Promise<T>): Promise<{ account: T; deviceToken: string }> {
      const started = clock();
      const device = await knownDevice(options, attempt, started);
      let counted: Counted[] = device?.counted ?? [];
      if (!device && options.enabled) counted = await countInAdvance(options, attempt, started);
      let account: T;
      try {
        account = await verify();
      } catch (error) {
        if (!isWrongCredentials(error) && counted.length) await repo.takeBackFailures(counted);
        throw error;
      }
      const now = clock();
      // The failures that led here are forgiven once the password is given: the device's, or this address's.
      if (counted.length) await repo.takeBackFailures(counted, device ? deviceKey(attempt.audience, device.tokenHash) : failureKeys(attempt).pair);
      if (device && attempt.deviceToken) {
        await repo.renewDevice(device.tokenHash, now, now + TRUSTED_DEVICE_DAYS * DAY_MS);
        return { account, deviceToken: attempt.deviceToken };
      }
      return { account, deviceToken: await rememberDevice(attempt, account.id, now) };
    },

    /**
     * After a password reset (which also forgets the account's devices): the guesses at the old password no longer
     * hold back new devices, so the owner signs in with the new one at once.
     */
    async passwordChanged(audience: Audience, email: string): Promise<void> {
      await repo.takeBackFailures([], failureKeys({ audience, email, address: '' }).account);
    },

    /** Deletes failures a day old and expired devices; answers how many rows went. */
    prune(now = clock()): Promise<number> {
      return repo.prune(now - FORGET_FAILURES_AFTER_MS, now);
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
