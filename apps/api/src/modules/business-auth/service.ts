import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuthMessages, PASSWORD_RESET_REQUESTED_MESSAGE, type Business } from '@pricehunt/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { conflict, forbidden, HttpError, unauthorized, badRequest } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createOutboxMailer, type Mailer } from '../../lib/mailer';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import { canSignIn } from '../auth/permissions';
import { createSignInGuard, type SignInGuard } from '../auth/sign-in-guard';
import { createBusinessRepository, type BusinessRow } from './repository';

export interface BusinessAccountsDeps {
  db: Db;
  log: Logger;
  config: Pick<AppConfig, 'MERCHANT_APP_URL' | 'PASSWORD_RESET_TTL_MINUTES'>;
  mailer: Mailer;
  /** Limits on sign-in (the app's); without one (CLI, seed) sign-in is not limited. */
  signInGuard?: SignInGuard;
}

/** A password sign-in as a route receives it. */
export interface SignInInput {
  email: string;
  password: string;
  /** The client address the limits count. */
  address: string;
  /** The trusted-device cookie the browser sent. */
  deviceToken?: string;
}

export interface CreateBusinessInput {
  email: string;
  password: string;
  storeDomain?: string;
  storeName?: string;
  isAdmin?: boolean;
}

/** The account as the API answers it (no hash, no internal columns). */
export function toBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    email: row.email,
    storeName: row.storeName,
    storeDomain: row.storeDomain,
    isAdmin: row.isAdmin,
    status: row.status,
    createdAt: row.createdAt,
  };
}

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

function isUniqueViolation(error: unknown, column: string): boolean {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? '';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes(column);
}

/**
 * Business accounts: registration, sign-in, password reset, admin creation. Emails arrive normalised
 * (trimmed, lower-case) from the contracts; the service normalises again for callers outside HTTP (CLI, seed).
 */
export function createBusinessAccountsService({ db, log, config, mailer, signInGuard }: BusinessAccountsDeps) {
  const repo = createBusinessRepository(db);
  const normalise = (email: string) => email.trim().toLowerCase();
  const guard = signInGuard ?? createSignInGuard({ db, enabled: false, freeFailures: 5, freeFailuresPerAddress: 20, maxWaitSeconds: 900 });

  /** Checks credentials; wrong or unknown → 401 with one message, suspended → 403. */
  async function authenticate(emailInput: string, password: string): Promise<Business> {
    const row = repo.findByEmail(normalise(emailInput));
    if (!row) {
      await verifyAgainstDummy(password);
      throw unauthorized(AuthMessages.invalidCredentials);
    }
    if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(AuthMessages.invalidCredentials);
    if (!canSignIn(row)) throw forbidden(AuthMessages.suspended);
    if (needsRehash(row.passwordHash)) repo.update(row.id, { passwordHash: await hashPassword(password) });
    return toBusiness(row);
  }

  async function create(input: CreateBusinessInput): Promise<Business> {
    const email = normalise(input.email);
    assertNewPassword(input.password, email);
    if (repo.findByEmail(email)) throw conflict(AuthMessages.emailTaken, 'email');
    if (input.storeDomain && repo.findByStoreDomain(input.storeDomain)) throw conflict(AuthMessages.storeDomainTaken, 'storeDomain');
    const passwordHash = await hashPassword(input.password);
    try {
      const row = repo.insert({
        id: randomUUID(),
        email,
        passwordHash,
        storeDomain: input.storeDomain ?? null,
        storeName: input.storeName ?? null,
        isAdmin: input.isAdmin ?? false,
      });
      log.info({ businessId: row.id }, 'business registered');
      return toBusiness(row);
    } catch (error) {
      // Two registrations racing past the checks above: the unique index decides.
      if (isUniqueViolation(error, 'businesses.email')) throw conflict(AuthMessages.emailTaken, 'email');
      throw error;
    }
  }

  return {
    /** Registers a business (also the seed's entry point: `createBusiness` below). */
    register: create,

    authenticate,

    /**
     * A sign-in through the limits of `signInGuard`: refused with a 429 (before any password is hashed) while this
     * account and address, or this address, must wait, unless the browser holds a trusted-device token of the
     * account. Answers the business and the device token for the cookie.
     */
    async signIn(input: SignInInput): Promise<{ business: Business; deviceToken: string }> {
      const email = normalise(input.email);
      const { account, deviceToken } = await guard.attempt(
        { audience: 'business', email, address: input.address, accountId: repo.findByEmail(email)?.id, deviceToken: input.deviceToken },
        () => authenticate(email, input.password),
      );
      return { business: account, deviceToken };
    },

    findById(id: string): Business | undefined {
      const row = repo.findById(id);
      return row ? toBusiness(row) : undefined;
    },

    findByEmail(email: string): Business | undefined {
      const row = repo.findByEmail(normalise(email));
      return row ? toBusiness(row) : undefined;
    },

    /**
     * Starts a reset: for an existing account, stores the hash of a single-use token and mails the link.
     * The caller always answers the same message, account or not.
     */
    async requestPasswordReset(emailInput: string): Promise<string> {
      const row = repo.findByEmail(normalise(emailInput));
      if (row) {
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        repo.insertResetToken({
          id: randomUUID(),
          businessId: row.id,
          tokenHash: hashResetToken(token),
          expiresAt: now + config.PASSWORD_RESET_TTL_MINUTES * 60_000,
          createdAt: now,
        });
        const link = new URL('/reset-password', config.MERCHANT_APP_URL);
        link.searchParams.set('token', token);
        // Delivery runs after the answer so its duration does not reveal whether the account exists.
        void mailer
          .send({
            to: row.email,
            subject: 'Reset your PriceHunt password',
            text: [
              'Someone asked to reset the password of your PriceHunt business account.',
              `Open this link within ${config.PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
              link.toString(),
              '',
              'If it was not you, ignore this email; your password stays the same.',
            ].join('\n'),
          })
          .catch((error: unknown) => log.error({ err: error, businessId: row.id }, 'password reset email failed'));
      }
      return PASSWORD_RESET_REQUESTED_MESSAGE;
    },

    /** Sets a new password with a valid token, consumes every open token and ends every session of the account. */
    async confirmPasswordReset(token: string, password: string): Promise<Business> {
      const now = Date.now();
      const found = repo.findUsableResetToken(hashResetToken(token), now);
      if (!found) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      const account = repo.findById(found.businessId);
      if (!account) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      assertNewPassword(password, account.email);
      const passwordHash = await hashPassword(password);
      const row = repo.transaction(() => {
        if (!repo.consumeResetTokens(found.businessId, found.id, Date.now())) return undefined;
        const updated = repo.update(found.businessId, { passwordHash });
        repo.deleteSessions(found.businessId);
        // Whoever knew the old password may have made a device trusted: none stays trusted.
        guard.forgetDevices('business', found.businessId);
        return updated;
      });
      if (!row) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      log.info({ businessId: row.id }, 'password reset');
      return toBusiness(row);
    },

    /** Creates an admin business, or promotes (and re-passwords when given) an existing one. Used by the CLI. */
    async createOrPromoteAdmin(emailInput: string, password: string): Promise<{ business: Business; created: boolean }> {
      const existing = repo.findByEmail(normalise(emailInput));
      if (!existing) return { business: await create({ email: emailInput, password, isAdmin: true }), created: true };
      assertNewPassword(password, existing.email);
      const row = repo.update(existing.id, { isAdmin: true, passwordHash: await hashPassword(password) });
      if (!row) throw new HttpError(500, 'INTERNAL_ERROR', 'Account vanished while promoting it');
      return { business: toBusiness(row), created: false };
    },

    /** Ends every session of a business (used after suspension by the admin area). */
    endSessions(businessId: string): number {
      return repo.deleteSessions(businessId);
    },
  };
}
export type BusinessAccountsService = ReturnType<typeof createBusinessAccountsService>;

const quietLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Seed hook: creates a business directly on a database (no HTTP, no session), e.g. for the demo seed of the
 * start script. Throws the 409 HttpError when the email or store domain is taken.
 */
export async function createBusiness(db: Db, input: CreateBusinessInput, log: Logger = quietLogger): Promise<Business> {
  const mailer = createOutboxMailer({ db, log, printToLog: false });
  const service = createBusinessAccountsService({
    db,
    log,
    mailer,
    config: { MERCHANT_APP_URL: 'http://localhost:4300', PASSWORD_RESET_TTL_MINUTES: 60 },
  });
  return service.register(input);
}
