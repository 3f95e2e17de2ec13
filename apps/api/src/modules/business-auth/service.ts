import { randomUUID } from 'node:crypto';
import { AuthMessages, registrationCheckInboxMessage, type Business } from '@pricehunt/contracts';
import type { AppConfig } from '../../config';
import { badRequest, conflict, forbidden, HttpError } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '@pricehunt/notifications';
import { hashPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import { afterAnswer } from '../../lib/after-answer';
import { appLink, CONFIRM_EMAIL_PAGE, createEmailConfirmations, EMAIL_CONFIRMATION_TTL_HOURS, type EmailConfirmations } from '../auth/email-confirmation';
import { checkPassword } from '../auth/credentials';
import { confirmPasswordReset, requestPasswordReset } from '../auth/password-reset';
import { canSignIn } from '../auth/permissions';
import type { BusinessAccountsRepository, BusinessRecord, EmailConfirmationRepository } from '@pricehunt/storage';
import type { SignInGuard } from '../auth/sign-in-guard';
import { storeDomainRefusal } from '../merchant/store-domains';

export interface BusinessAccountsDeps {
  repo: BusinessAccountsRepository;
  confirmations: EmailConfirmationRepository;
  log: Logger;
  config: Pick<AppConfig, 'MERCHANT_APP_URL' | 'PASSWORD_RESET_TTL_MINUTES'>;
  mailer: Mailer;
  /** Limits on sign-in (the app's; the CLI gives one that is off). */
  signInGuard: SignInGuard;
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
export function toBusiness(row: BusinessRecord): Business {
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

/** Pages of the merchant dashboard that emails link to. */
const BUSINESS_LOGIN_PAGE = '/business-login';
const RESET_PASSWORD_PAGE = '/reset-password';
const REGISTER_PAGE = '/business/register';

export { hashResetToken } from '../auth/password-reset';
const normalise = (email: string) => email.trim().toLowerCase();

/**
 * A store domain is only claimed at registration: it becomes the business's once proved (merchant module), and a claim
 * blocks nobody. Refused: a public suffix, and a domain another business has proved (it stays theirs). Neither
 * depends on the email, so the answer tells nothing about accounts.
 */
async function assertStoreDomainFree(repo: BusinessAccountsRepository, storeDomain: string | undefined): Promise<void> {
  if (!storeDomain) return;
  const refusal = storeDomainRefusal(storeDomain);
  if (refusal) throw badRequest(refusal, 'storeDomain');
  if (await repo.isDomainVerified(storeDomain)) throw conflict(AuthMessages.storeDomainTaken, 'storeDomain');
}

/** An account made directly, confirmed (seed, admin:create): its email was given by whoever runs the server. */
async function createConfirmed(repo: BusinessAccountsRepository, log: Logger, input: CreateBusinessInput): Promise<Business> {
  const email = normalise(input.email);
  assertNewPassword(input.password, email);
  const taken = () => conflict('An account with this email already exists', 'email');
  if (await repo.findByEmail(email)) throw taken();
  await assertStoreDomainFree(repo, input.storeDomain);
  const row = await repo.insert({
    id: randomUUID(),
    email,
    passwordHash: await hashPassword(input.password),
    storeDomain: input.storeDomain ?? null,
    storeName: input.storeName ?? null,
    isAdmin: input.isAdmin ?? false,
    emailConfirmedAt: Date.now(),
  });
  if (!row) throw taken();
  log.info({ businessId: row.id }, 'business created');
  return toBusiness(row);
}

async function createOrPromoteAdmin(repo: BusinessAccountsRepository, log: Logger, emailInput: string, password: string): Promise<{ business: Business; created: boolean }> {
  const existing = await repo.findByEmail(normalise(emailInput));
  if (!existing) return { business: await createConfirmed(repo, log, { email: emailInput, password, isAdmin: true }), created: true };
  assertNewPassword(password, existing.email);
  const row = await repo.update(existing.id, { isAdmin: true, passwordHash: await hashPassword(password), emailConfirmedAt: existing.emailConfirmedAt ?? Date.now() });
  if (!row) throw new HttpError(500, 'INTERNAL_ERROR', 'Account vanished while promoting it');
  return { business: toBusiness(row), created: false };
}

/** What the steps of the business accounts service work with. */
interface AccountsContext {
  repo: BusinessAccountsRepository;
  log: Logger;
  config: BusinessAccountsDeps['config'];
  mailer: Mailer;
  guard: SignInGuard;
  confirmations: EmailConfirmations;
  link: (pathname: string, token?: string) => string;
}

function context({ repo, log, config, mailer, signInGuard, confirmations }: BusinessAccountsDeps): AccountsContext {
  return { repo, log, config, mailer, guard: signInGuard, confirmations: createEmailConfirmations(confirmations), link: appLink(config.MERCHANT_APP_URL) };
}

/** Confirmation links, and the part of a registration done after the answer. */
function registrationSteps({ repo, log, mailer, confirmations, link }: AccountsContext) {
  /** Mails a new confirmation link to an unconfirmed account. */
  async function sendConfirmation(row: BusinessRecord): Promise<void> {
    const token = await confirmations.issue('business', row.id);
    await mailer.send({
      to: row.email,
      subject: 'Confirm your PriceHunt business account',
      text: [
        'Welcome to PriceHunt. Open this link to confirm your email address and sign in to your dashboard:',
        link(CONFIRM_EMAIL_PAGE, token),
        '',
        `The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not register, ignore this email: no account is made without it.`,
      ].join('\n'),
    });
  }

  /**
   * The part of a registration that depends on the address, done after the answer: a new address becomes an
   * unconfirmed account, an unconfirmed one takes the newest password and store, and each gets a confirmation link;
   * a confirmed account's owner is told instead that they already have an account.
   */
  async function settleRegistration(email: string, passwordHash: string, input: CreateBusinessInput): Promise<void> {
    const existing = await repo.findByEmail(email);
    if (existing?.emailConfirmedAt != null) {
      await mailer.send({
        to: existing.email,
        subject: 'You already have a PriceHunt business account',
        text: [
          'Someone (perhaps you) tried to register a PriceHunt business account with this email address, which already has one.',
          `Log in: ${link(BUSINESS_LOGIN_PAGE)}`,
          `Forgot your password? Choose a new one: ${link(RESET_PASSWORD_PAGE)}`,
          '',
          'If it was not you, ignore this email; nothing has changed.',
        ].join('\n'),
      });
      return;
    }
    const store = { storeDomain: input.storeDomain ?? null, storeName: input.storeName ?? null };
    let row: BusinessRecord | undefined;
    if (existing) row = await repo.update(existing.id, { passwordHash, ...store });
    else {
      row = await repo.insert({ id: randomUUID(), email, passwordHash, ...store, isAdmin: false, emailConfirmedAt: null });
      // Without a row, two registrations of one address raced: the first made the account and mails its link.
      if (row) log.info({ businessId: row.id }, 'business registered, email to confirm');
    }
    if (row) await sendConfirmation(row);
  }

  return { sendConfirmation, settleRegistration };
}

/** Password reset by a single-use, expiring token sent by email. */
function passwordResetMethods({ repo, log, config, mailer, guard, link }: AccountsContext) {
  return {
    /**
     * Starts a reset. The request is answered at once with one message; then, for an account, the hash of a
     * single-use token is stored and the link mailed, and for an unknown address a note says there is no account
     * (with a link to register). Both take the same path: nothing that depends on the address happens before the
     * answer, and each is one email after it.
     */
    requestPasswordReset(emailInput: string): string {
      return requestPasswordReset(
        {
          log,
          mailer,
          ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
          task: 'password reset email',
          accountName: 'PriceHunt business account',
          signUpLine: `To create one, register here: ${link(REGISTER_PAGE)}`,
          resetLink: (token) => link(RESET_PASSWORD_PAGE, token),
          findByEmail: (email) => repo.findByEmail(email),
          saveToken: (row, token) => repo.addResetToken({ id: randomUUID(), businessId: row.id, ...token }),
        },
        normalise(emailInput),
      );
    },

    /** Sets a new password with a valid token, consumes every open token and ends every session of the account. */
    async confirmPasswordReset(token: string, password: string): Promise<Business> {
      // Whoever knew the old password may have made a device trusted: none stays trusted, and every session ends.
      const { result: row } = await confirmPasswordReset(
        {
          findUsableToken: (tokenHash, now) => repo.findUsableResetToken(tokenHash, now),
          accountOf: (found) => repo.findById(found.businessId),
          resetPassword: (found, passwordHash, now) => repo.resetPassword(found.businessId, found.id, passwordHash, now),
        },
        token,
        password,
      );
      await guard.passwordChanged('business', row.email);
      log.info({ businessId: row.id }, 'password reset');
      return toBusiness(row);
    },
  };
}

/**
 * Business accounts: registration, sign-in, password reset, admin creation. Emails arrive normalised
 * (trimmed, lower-case) from the contracts; the service normalises again for callers outside HTTP (CLI, seed).
 */
export function createBusinessAccountsService(deps: BusinessAccountsDeps) {
  const ctx = context(deps);
  const { repo, log, guard, confirmations } = ctx;
  const { sendConfirmation, settleRegistration } = registrationSteps(ctx);

  /** Checks credentials; wrong or unknown → 401 with one message, email not confirmed or suspended → 403. */
  async function authenticate(emailInput: string, password: string): Promise<Business> {
    const row = await checkPassword(await repo.findByEmail(normalise(emailInput)), password, {
      log,
      sendConfirmation,
      saveHash: (account, passwordHash) => repo.update(account.id, { passwordHash }),
    });
    if (!canSignIn(row)) throw forbidden(AuthMessages.suspended);
    return toBusiness(row);
  }

  return {
    /**
     * Registers a business by email: answers the same message whether the address is new, registered but not
     * confirmed, or an account's, after the same work (the password is hashed in every case); what differs (the
     * account's row, the confirmation link or the "you already have an account" email) happens after the answer.
     * Refusals come only from the input: a password the policy refuses, a store domain already held.
     */
    async register(input: CreateBusinessInput): Promise<string> {
      const email = normalise(input.email);
      assertNewPassword(input.password, email);
      await assertStoreDomainFree(repo, input.storeDomain);
      const passwordHash = await hashPassword(input.password);
      afterAnswer(log, 'business registration', () => settleRegistration(email, passwordHash, input));
      return registrationCheckInboxMessage(email);
    },

    /** Opens a confirmation link: confirms the email (once) and answers the business to sign in. */
    async confirmEmail(token: string): Promise<Business> {
      const businessId = await confirmations.consume('business', token);
      const row = businessId ? await repo.confirmEmail(businessId, Date.now()) : undefined;
      if (!row) throw badRequest(AuthMessages.confirmTokenInvalid, 'token');
      if (!canSignIn(row)) throw forbidden(AuthMessages.suspended);
      log.info({ businessId: row.id }, 'business email confirmed');
      return toBusiness(row);
    },

    authenticate,

    /**
     * A sign-in through the limits of `signInGuard`: refused with a 429 (before any password is hashed) while this
     * account and address, or this address, must wait, unless the browser holds a trusted-device token of the
     * account. Answers the business and the device token for the cookie.
     */
    async signIn(input: SignInInput): Promise<{ business: Business; deviceToken: string }> {
      const email = normalise(input.email);
      const { account, deviceToken } = await guard.attempt(
        { audience: 'business', email, address: input.address, accountId: (await repo.findByEmail(email))?.id, deviceToken: input.deviceToken },
        () => authenticate(email, input.password),
      );
      return { business: account, deviceToken };
    },

    async findById(id: string): Promise<Business | undefined> {
      const row = await repo.findById(id);
      return row ? toBusiness(row) : undefined;
    },

    async findByEmail(email: string): Promise<Business | undefined> {
      const row = await repo.findByEmail(normalise(email));
      return row ? toBusiness(row) : undefined;
    },

    ...passwordResetMethods(ctx),

    /** Creates a confirmed account directly (seed; `createBusiness` below). */
    createConfirmed: (input: CreateBusinessInput) => createConfirmed(repo, log, input),

    /** Creates an admin business, or promotes (and re-passwords when given) an existing one. Used by the CLI. */
    createOrPromoteAdmin: (emailInput: string, password: string) => createOrPromoteAdmin(repo, log, emailInput, password),
  };
}
export type BusinessAccountsService = ReturnType<typeof createBusinessAccountsService>;

const quietLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Seed hook: creates a business directly (no HTTP, no session), its email counted as confirmed, e.g. for the demo
 * seed of the start script. Throws the 409 HttpError when the email or store domain is taken.
 */
export function createBusiness(repo: BusinessAccountsRepository, input: CreateBusinessInput, log: Logger = quietLogger): Promise<Business> {
  return createConfirmed(repo, log, input);
}
