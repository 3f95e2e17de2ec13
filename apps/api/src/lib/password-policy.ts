import type { FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { isRepetitivePassword, passwordMatchesEmail, PasswordMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pricehunt/contracts';
import { badRequest } from '@pricehunt/http-errors';

/**
 * zxcvbn's code and word lists, loaded at the first password checked: evaluating them takes about 0.3 s of a core,
 * which every start of the API (and every test file that builds one) would otherwise spend on sign-ups it may never see.
 * Loaded with require, not import(): the checks are synchronous.
 */
function strengthModules() {
  return {
    core: require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core'),
    common: require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common'),
    english: require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en'),
  };
}

let common: Set<string> | undefined;

/**
 * The most commonly used passwords of breached password lists (about 49,000, as zxcvbn-ts ships them in
 * @zxcvbn-ts/language-common), lower-cased. Checked here on the server, never sent to browsers.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(strengthModules().common.dictionary['passwords-common'].map((word) => word.toLowerCase()));
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

/**
 * The lowest zxcvbn score a new password may have: 3, "safely unguessable" (at least 10^8 guesses). Score 2 (10^6)
 * falls to an offline attack on a stolen hash in little time even with scrypt, and to a patient online one spread over
 * many addresses; 4 (10^10) would refuse most three-word passphrases people remember. Same threshold as zxcvbn's
 * authors recommend for sign-up forms.
 */
export const MIN_PASSWORD_SCORE = 3;

/** The product's own words: the first ones an attacker of this site tries. */
export const PRODUCT_WORDS = ['pricehunt', 'price', 'prices', 'hunt', 'hunter', 'shop', 'shops', 'shopper', 'shopping', 'store', 'deal', 'deals', 'merchant', 'admin', 'demo', 'compare', 'bargain', 'dashboard'];

let strength: ZxcvbnFactory | undefined;

/** zxcvbn with the common and English dictionaries (server only: the browsers never load them) and the product's words. */
function zxcvbn(): ZxcvbnFactory {
  if (!strength) {
    const { core, common: shared, english } = strengthModules();
    strength = new core.ZxcvbnFactory({ translations: english.translations, graphs: shared.adjacencyGraphs, dictionary: { ...shared.dictionary, ...english.dictionary, pricehunt: PRODUCT_WORDS } });
  }
  return strength;
}

/** The words of an email address: its local part and its domain's labels, split at anything but letters and digits. */
export function emailWords(email: string): string[] {
  const address = email.trim().toLowerCase();
  const words = [address, ...address.split(/[^\p{L}\p{N}]+/u)].filter((word) => word.length >= 3);
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return [...new Set(local ? [local, ...words] : words)];
}

/** zxcvbn's feedback in plain words, after what was wrong. */
function weakMessage(feedback: FeedbackType): string {
  const parts = [feedback.warning, ...feedback.suggestions].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const why = parts.length ? parts.map((part) => part.trim().replace(/([^.!?])$/, '$1.')).join(' ') : 'Add more words that are less common.';
  return `This password is too easy to guess. ${why}`;
}

/**
 * Why a password is too easy to guess, or null. Its zxcvbn score with the user's email words as inputs; a password
 * holding one of the product's or the email's words is also scored with its separators (spaces, dashes, dots,
 * underscores) taken out, since they add next to nothing to such a password ("pricehunt-admin-1").
 */
export function weakPasswordProblem(password: string, email: string): string | null {
  const inputs = emailWords(email);
  let result = zxcvbn().check(password, inputs);
  const lower = password.toLowerCase();
  const joined = password.replace(/[\s\-_.]+/g, '');
  if (result.score >= MIN_PASSWORD_SCORE && joined !== password && [...PRODUCT_WORDS, ...inputs].some((word) => word.length >= 4 && lower.includes(word))) {
    const tighter = zxcvbn().check(joined, inputs);
    if (tighter.score < result.score) result = tighter;
  }
  return result.score >= MIN_PASSWORD_SCORE ? null : weakMessage(result.feedback);
}

/** Why a new password is refused, or null when it is accepted. `email` is the account's address. */
export function newPasswordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PasswordMessages.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PasswordMessages.tooLong;
  if (passwordMatchesEmail(password, email)) return PasswordMessages.isEmail;
  if (isRepetitivePassword(password)) return PasswordMessages.repetitive;
  if (isCommonPassword(password)) return PasswordMessages.common;
  return weakPasswordProblem(password, email);
}

/**
 * Every place that sets a password calls this first: a refused password answers 400 naming `field` (`password`,
 * or `newPassword` in the merchant's settings) with the reason.
 */
export function assertNewPassword(password: string, email: string, field = 'password'): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw badRequest(problem, field);
}
