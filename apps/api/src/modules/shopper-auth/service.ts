import { randomUUID } from 'node:crypto';
import { AuthMessages, registrationCheckInboxMessage, type ShopperUser } from '@pricehunt/contracts';
import type { AppConfig } from '../../config';
import { afterAnswer } from '../../lib/after-answer';
import { badRequest } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '@pricehunt/notifications';
import { hashPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import { appLink, CONFIRM_EMAIL_PAGE, createEmailConfirmations, EMAIL_CONFIRMATION_TTL_HOURS, type EmailConfirmations } from '../auth/email-confirmation';
import { checkPassword } from '../auth/credentials';
import type { EmailConfirmationRepository, ShopperAccountsRepository, ShopperRecord } from '@pricehunt/storage';
import type { SignInGuard } from '../auth/sign-in-guard';
import type { SignInInput } from '../business-auth/service';

export function toShopper(row: ShopperRecord): ShopperUser {
  return { id: row.id, email: row.email, displayName: row.displayName, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export interface ShopperAccountsDeps {
  repo: ShopperAccountsRepository;
  confirmations: EmailConfirmationRepository;
  log: Logger;
  mailer: Mailer;
  config: Pick<AppConfig, 'SHOPPER_APP_URL'>;
  signInGuard: SignInGuard;
}

/** Pages of the shopper site that emails link to. */
const LOGIN_PAGE = '/login';
const RESET_PASSWORD_PAGE = '/reset-password';

/** Confirmation links, and the part of a registration done after the answer. */
function registrationSteps({ repo, log, mailer, confirmations, link }: {
  repo: ShopperAccountsRepository;
  log: Logger;
  mailer: Mailer;
  confirmations: EmailConfirmations;
  link: (pathname: string, token?: string) => string;
}) {
  async function sendConfirmation(row: ShopperRecord): Promise<void> {
    const token = await confirmations.issue('shopper', row.id);
    await mailer.send({
      to: row.email,
      subject: 'Confirm your PriceHunt account',
      text: [
        'Welcome to PriceHunt. Open this link to confirm your email address and sign in:',
        link(CONFIRM_EMAIL_PAGE, token),
        '',
        `The link works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this email: no account is made without it.`,
      ].join('\n'),
    });
  }

  /** After the answer: a new or unconfirmed address gets its link (the newest password wins), an account a reminder. */
  async function settleRegistration(email: string, passwordHash: string, displayName: string | null): Promise<void> {
    const existing = await repo.findByEmail(email);
    if (existing?.emailConfirmedAt != null) {
      await mailer.send({
        to: existing.email,
        subject: 'You already have a PriceHunt account',
        text: [
          'Someone (perhaps you) tried to create a PriceHunt account with this email address, which already has one.',
          `Sign in: ${link(LOGIN_PAGE)}`,
          `Forgot your password? Choose a new one: ${link(LOGIN_PAGE)} ("Forgot password?"), or open ${link(RESET_PASSWORD_PAGE)}`,
          '',
          'If it was not you, ignore this email; nothing has changed.',
        ].join('\n'),
      });
      return;
    }
    let row: ShopperRecord | undefined;
    if (existing) row = await repo.updateUnconfirmed(existing.id, { passwordHash, displayName });
    else {
      row = await repo.insert({ id: randomUUID(), email, passwordHash, displayName, emailConfirmedAt: null });
      // Without a row, two registrations of one address raced: the first made the account and mails its link.
      if (row) log.info({ shopperId: row.id }, 'shopper registered, email to confirm');
    }
    if (row) await sendConfirmation(row);
  }

  return { sendConfirmation, settleRegistration };
}

/**
 * Shopper accounts: registration confirmed by email, and sign-in, hashed like business passwords. Registration
 * answers the same whether the address is new or an account's (see the business service's `register`).
 */
export function createShopperAccountsService({ repo, log, signInGuard: guard, ...deps }: ShopperAccountsDeps) {
  const normalise = (email: string) => email.trim().toLowerCase();
  const confirmations = createEmailConfirmations(deps.confirmations);
  const { sendConfirmation, settleRegistration } = registrationSteps({ repo, log, mailer: deps.mailer, confirmations, link: appLink(deps.config.SHOPPER_APP_URL) });

  async function authenticate(emailInput: string, password: string): Promise<ShopperUser> {
    const row = await checkPassword(await repo.findByEmail(normalise(emailInput)), password, {
      log,
      sendConfirmation,
      saveHash: (account, passwordHash) => repo.updatePasswordHash(account.id, passwordHash),
    });
    return toShopper(row);
  }

  return {
    /** Answers "check your inbox" after hashing the password, whatever the address; the rest happens after the answer. */
    async register(input: { email: string; password: string; displayName?: string }): Promise<string> {
      const email = normalise(input.email);
      assertNewPassword(input.password, email);
      const passwordHash = await hashPassword(input.password);
      afterAnswer(log, 'shopper registration', () => settleRegistration(email, passwordHash, input.displayName ?? null));
      return registrationCheckInboxMessage(email);
    },

    /** Opens a confirmation link: confirms the email (once) and answers the shopper to sign in. */
    async confirmEmail(token: string): Promise<ShopperUser> {
      const shopperId = await confirmations.consume('shopper', token);
      const row = shopperId ? await repo.confirmEmail(shopperId, Date.now()) : undefined;
      if (!row) throw badRequest(AuthMessages.confirmTokenInvalid, 'token');
      log.info({ shopperId: row.id }, 'shopper email confirmed');
      return toShopper(row);
    },

    authenticate,

    /** A sign-in through the limits of `signInGuard` (see the business service's `signIn`). */
    async signIn(input: SignInInput): Promise<{ user: ShopperUser; deviceToken: string }> {
      const email = normalise(input.email);
      const { account, deviceToken } = await guard.attempt(
        { audience: 'shopper', email, address: input.address, accountId: (await repo.findByEmail(email))?.id, deviceToken: input.deviceToken },
        () => authenticate(email, input.password),
      );
      return { user: account, deviceToken };
    },

    async findById(id: string): Promise<ShopperUser | undefined> {
      const row = await repo.findById(id);
      return row ? toShopper(row) : undefined;
    },
  };
}
export type ShopperAccountsService = ReturnType<typeof createShopperAccountsService>;
