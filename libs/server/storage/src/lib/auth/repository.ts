/** Who an account belongs to: a business (merchant or admin) or a shopper. */
export type Audience = 'business' | 'shopper';

/** A server-side session as stored: its data serialised, and who is signed in to it (to end an account's sessions). */
export interface SessionRecord {
  id: string;
  /** The session object as JSON. */
  data: string;
  expiresAt: number;
  businessId: string | null;
  shopperId: string | null;
}

/** The store behind @fastify/session, and the ending of an account's sessions. */
export interface SessionRepository {
  /** The data of an unexpired session (one indexed read: every signed-in request asks it). */
  load(id: string, now: number): Promise<string | undefined>;
  /** Writes the session (insert or replace); durable once it resolves. */
  save(session: SessionRecord): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Deletes sessions expired at `now`; answers how many. */
  pruneExpired(now: number): Promise<number>;
  /** Ends every session in which the business is signed in, except `keepSessionId` when given; answers how many. */
  endBusinessSessions(businessId: string, keepSessionId?: string | null): Promise<number>;
  /** Ends every session in which the shopper is signed in; answers how many. */
  endShopperSessions(shopperId: string): Promise<number>;
}

/** A trusted device of an account, found by its token's hash. */
export interface TrustedDeviceRecord {
  tokenHash: string;
}

/** Each failure key's new count, as `countFailures` made it. */
export type FailureCounts = Map<string, number>;

/** What `countFailures` did: nothing, because `key` is blocked until `blockedUntil` (the latest block), or counted. */
export type FailureCountResult = { blocked: true; key: string; blockedUntil: number } | { blocked: false; counts: FailureCounts };

/** Failed sign-ins per key and trusted devices per account (the sign-in guard's state). */
export interface SignInGuardRepository {
  /** The unexpired trusted device of the account with this token hash (one indexed read, before any hashing). */
  findTrustedDevice(audience: Audience, accountId: string, tokenHash: string, now: number): Promise<TrustedDeviceRecord | undefined>;
  /**
   * Counts an attempt as a failure in advance, atomically (parallel attempts meet the limits as a sequence would):
   * when one of the `guarded` keys is blocked after `now`, counts nothing and answers the latest such block and its
   * key (one indexed read); otherwise counts one failure of each of `keys`, in order, and answers their new counts. A
   * key whose last failure is at or before `forgetBefore` (or `forgetBefore(key)`, each key its own) starts again
   * from one. `waitFor(key, failures, counted)` (pure: no
   * storage) answers how long a key's new count makes it wait, given the counts this call already made; the key is
   * blocked until `now` plus that wait.
   */
  countFailures(
    guarded: readonly string[],
    keys: readonly string[],
    now: number,
    forgetBefore: number | ((key: string) => number),
    waitFor: (key: string, failures: number, counted: FailureCounts) => number,
  ): Promise<FailureCountResult>;
  /**
   * Atomically takes back one failure of each key (a key back within its `free` failures is blocked no more) and
   * deletes the row of `forget`, when given.
   */
  takeBackFailures(keys: ReadonlyArray<{ key: string; free: number }>, forget?: string): Promise<void>;
  /** A successful sign-in with the device: its use and expiry are renewed. */
  renewDevice(tokenHash: string, now: number, expiresAt: number): Promise<void>;
  /** Trusts a new device of the account and, atomically, forgets its least recently used ones beyond `keep`. */
  addDevice(device: { audience: Audience; accountId: string; tokenHash: string; now: number; expiresAt: number }, keep: number): Promise<void>;
  /** Forgets every trusted device of the account; answers how many. */
  forgetDevices(audience: Audience, accountId: string): Promise<number>;
  /** Deletes failures whose last one is before `failuresBefore` and devices expired at `now`; answers how many rows went. */
  prune(failuresBefore: number, now: number): Promise<number>;
}

/** A confirmation link's token as stored (only its hash). */
export interface NewConfirmationToken {
  id: string;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Single-use links that confirm an account's email. */
export interface EmailConfirmationRepository {
  /** Stores a new token of the account and, atomically, deletes its open ones (the newest link wins). */
  issue(audience: Audience, accountId: string, token: NewConfirmationToken): Promise<void>;
  /**
   * Uses up the open, unexpired token of the audience with this hash and deletes the account's other open tokens,
   * atomically; answers the account, or undefined when there is no such token.
   */
  consume(audience: Audience, tokenHash: string, now: number): Promise<string | undefined>;
}

/** An email kept in the outbox instead of sent. */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Its HTML version, when it has one. */
  html?: string | null;
  createdAt: number;
}

/** Emails written when no SMTP server is configured. */
export interface OutboxRepository {
  /** Stores the email; durable once it resolves. */
  add(email: OutboxEmail): Promise<void>;
}
