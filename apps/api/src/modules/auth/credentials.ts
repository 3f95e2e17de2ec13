import { AuthMessages, ErrorCode } from '@pricehunt/contracts';
import { afterAnswer } from '../../lib/after-answer';
import { HttpError, unauthorized } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/password';

/** What a password sign-in needs of an account row (business or shopper). */
export interface PasswordAccount {
  passwordHash: string;
  emailConfirmedAt: number | null;
}

/**
 * Checks a password against an account found by its email (or none): an unknown email or a wrong password is one
 * 401 after the same work; the right password on an unconfirmed account is a 403 and mails a new confirmation link
 * (only someone with the password learns this, and the link goes to the inbox). A hash with weaker parameters than
 * today's is replaced.
 */
export async function checkPassword<Row extends PasswordAccount>(
  row: Row | undefined,
  password: string,
  deps: { log: Logger; sendConfirmation(row: Row): Promise<void>; saveHash(row: Row, hash: string): Promise<unknown> },
): Promise<Row> {
  if (!row) {
    await verifyAgainstDummy(password);
    throw unauthorized(AuthMessages.invalidCredentials);
  }
  if (!(await verifyPassword(password, row.passwordHash))) throw unauthorized(AuthMessages.invalidCredentials);
  if (row.emailConfirmedAt == null) {
    afterAnswer(deps.log, 'confirmation email', () => deps.sendConfirmation(row));
    throw new HttpError(403, ErrorCode.emailNotConfirmed, AuthMessages.emailNotConfirmed);
  }
  if (needsRehash(row.passwordHash)) await deps.saveHash(row, await hashPassword(password));
  return row;
}
