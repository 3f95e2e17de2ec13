import { dictionary } from '@zxcvbn-ts/language-common';
import { isRepetitivePassword, passwordMatchesEmail, PasswordMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pricehunt/contracts';
import { badRequest } from '@pricehunt/http-errors';

let common: Set<string> | undefined;

/**
 * The most commonly used passwords of breached password lists (about 49,000, as zxcvbn-ts ships them in
 * @zxcvbn-ts/language-common), lower-cased. Checked here on the server, never sent to browsers.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

/**
 * True when the password, ignoring case, is on the list, or is a word of the list with only digits, spaces or
 * symbols around it ("password1234", "Dragon!2024"): a list of short words catches the long variants people make of
 * them to meet a length rule.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.normalize('NFKC').toLowerCase();
  if (list.has(lower) || list.has(lower.trim())) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 3 && core !== lower && list.has(core);
}

/** Why a new password is refused, or null when it is accepted. `email` is the account's address. */
export function newPasswordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PasswordMessages.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PasswordMessages.tooLong;
  if (passwordMatchesEmail(password, email)) return PasswordMessages.isEmail;
  if (isRepetitivePassword(password)) return PasswordMessages.repetitive;
  if (isCommonPassword(password)) return PasswordMessages.common;
  return null;
}

/**
 * Every place that sets a password calls this first: a refused password answers 400 naming `field` (`password`,
 * or `newPassword` in the merchant's settings) with the reason.
 */
export function assertNewPassword(password: string, email: string, field = 'password'): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw badRequest(problem, field);
}
