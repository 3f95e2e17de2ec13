import { createHash, randomBytes } from 'node:crypto';
import { AuthMessages, PASSWORD_RESET_REQUESTED_MESSAGE } from '@pricehunt/contracts';
import { badRequest } from '@pricehunt/http-errors';
import type { Mailer } from '@pricehunt/notifications';
import { afterAnswer } from '../../lib/after-answer';
import type { Logger } from '../../lib/logger';
import { hashPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';

/** Only this hash of a reset token is stored; the token itself is in the emailed link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How one kind of account (business, shopper) asks for a reset link. */
export interface ResetRequestDeps<A extends { email: string }> {
  log: Logger;
  mailer: Mailer;
  ttlMinutes: number;
  /** What the after-answer work is called in the log. */
  task: string;
  /** The account as its owner knows it: "PriceHunt business account", "PriceHunt account". */
  accountName: string;
  /** The line of the "no account here" email that says how to make one. */
  signUpLine: string;
  /** The link that sets a new password with `token`. */
  resetLink: (token: string) => string;
  findByEmail: (email: string) => Promise<A | undefined>;
  saveToken: (account: A, token: { tokenHash: string; expiresAt: number; createdAt: number }) => Promise<void>;
}

/**
 * Answered at once with one message; then an account gets its link (the hash of a single-use token is stored) and an
 * unknown address a note that there is no account: the same path and one email after the answer either way.
 */
export function requestPasswordReset<A extends { email: string }>(deps: ResetRequestDeps<A>, email: string): string {
  afterAnswer(deps.log, deps.task, async () => {
    const account = await deps.findByEmail(email);
    if (!account) {
      await deps.mailer.send({
        to: email,
        subject: 'Reset your PriceHunt password',
        text: [
          `Someone asked to reset the password of a ${deps.accountName} for this email address, but there is no account for it.`,
          deps.signUpLine,
          '',
          'If it was not you, ignore this email.',
        ].join('\n'),
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await deps.saveToken(account, { tokenHash: hashResetToken(token), expiresAt: now + deps.ttlMinutes * 60_000, createdAt: now });
    await deps.mailer.send({
      to: account.email,
      subject: 'Reset your PriceHunt password',
      text: [
        `Someone asked to reset the password of your ${deps.accountName}.`,
        `Open this link within ${deps.ttlMinutes} minutes to choose a new password:`,
        deps.resetLink(token),
        '',
        'If it was not you, ignore this email; your password stays the same.',
      ].join('\n'),
    });
  });
  return PASSWORD_RESET_REQUESTED_MESSAGE;
}

/** Where one kind of account keeps its reset tokens. */
export interface ResetConfirmDeps<T, R> {
  findUsableToken: (tokenHash: string, now: number) => Promise<T | undefined>;
  accountOf: (found: T) => Promise<{ email: string } | undefined>;
  /** Sets the hash, uses up every open token of the account and ends its sessions; falsy when the token went meanwhile. */
  resetPassword: (found: T, passwordHash: string, now: number) => Promise<R | undefined | false>;
}

/**
 * Sets a new password with a usable token, checked against the policy for the account's address; a token unknown,
 * expired, used, or used up meanwhile is a 400 on `token`. The link came to the inbox: the address is proven too.
 */
export async function confirmPasswordReset<T, R>(deps: ResetConfirmDeps<T, R>, token: string, password: string): Promise<{ found: T; account: { email: string }; result: R }> {
  const found = await deps.findUsableToken(hashResetToken(token), Date.now());
  if (!found) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
  const account = await deps.accountOf(found);
  if (!account) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
  assertNewPassword(password, account.email);
  const passwordHash = await hashPassword(password);
  const result = await deps.resetPassword(found, passwordHash, Date.now());
  if (!result) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
  return { found, account, result };
}
