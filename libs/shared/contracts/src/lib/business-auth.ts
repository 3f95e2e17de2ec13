import { z } from 'zod';

/** Emails are trimmed and lower-cased before anything else looks at them. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(3, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/**
 * Password rules (OWASP ASVS 6.2): a length, no composition rules. The length and repetition rules are checked on the
 * server and mirrored by the forms; the server also refuses the email address itself and the most commonly used
 * passwords (a list it keeps to itself).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The hint under every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one. Common passwords and your email address are refused.`;

export const PasswordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  repetitive: 'The password repeats one character too much; choose another',
  isEmail: 'The password must not be your email address',
  common: 'This password is among the most commonly used passwords; choose another',
} as const;

/**
 * A password whose length is mostly one character gives none of the strength its length suggests: refused when it
 * holds fewer than three different characters ("abababababab", "aaaaaaaaaaa1") or when one character makes up more
 * than half of it (ten spaces and "1a", "xxxxxxxx1234"). Spaces count like any character, so padding a short
 * password with them does not get it through. A passphrase ("correct horse battery staple") is far from both.
 */
export function isRepetitivePassword(password: string): boolean {
  const counts = new Map<string, number>();
  for (const char of password) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...password].length;
  return counts.size < 3 || Math.max(...counts.values()) * 2 > length;
}

/** True when the password is the email address or its part before the @, ignoring case and surrounding spaces. */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return typed === address || (local !== '' && typed === local);
}

export const passwordSchema = z
  .string({ error: PasswordMessages.required })
  .min(PASSWORD_MIN_LENGTH, PasswordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, PasswordMessages.tooLong)
  .refine((value) => !isRepetitivePassword(value), PasswordMessages.repetitive);

/** Adds the "not your email address" rule to a body holding `email` and `password`. */
export function refusePasswordEqualToEmail(body: { email: string; password: string }, ctx: z.RefinementCtx) {
  if (passwordMatchesEmail(body.password, body.email)) ctx.addIssue({ code: 'custom', path: ['password'], message: PasswordMessages.isEmail });
}

/** A store domain as a merchant types it: a bare host name such as `shop.example.com` or `acme.myshopify.com`. */
export const storeDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, ''))
  .pipe(
    z
      .string()
      .min(3, 'Enter a store domain such as shop.example.com')
      .max(253, 'Store domain is too long')
      .regex(/^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a store domain such as shop.example.com'),
  );

export const businessStatusSchema = z.enum(['active', 'suspended']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** The business account as the API returns it (SPEC §3: clients read `isAdmin`). */
export const businessSchema = z.object({
  id: z.string(),
  email: z.string(),
  storeName: z.string().nullable(),
  storeDomain: z.string().nullable(),
  isAdmin: z.boolean(),
  status: businessStatusSchema,
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

export const businessLoginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PasswordMessages.tooLong),
});
export type BusinessLoginBody = z.infer<typeof businessLoginBodySchema>;

export const businessRegisterBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    storeDomain: storeDomainSchema.optional(),
    storeName: z.string().trim().min(1).max(120).optional(),
  })
  .superRefine(refusePasswordEqualToEmail);
export type BusinessRegisterBody = z.infer<typeof businessRegisterBodySchema>;

/** Answer of login, register and me: `{ success: true, business }`. */
export const businessAuthResponseSchema = z.object({
  success: z.literal(true),
  business: businessSchema,
});
export type BusinessAuthResponse = z.infer<typeof businessAuthResponseSchema>;

/**
 * Answer of registration (business and shopper), the same whether the address was new, registered but not
 * confirmed, or already an account's: the link (or, for an account, a reminder) goes to the inbox.
 */
export const registrationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const registrationCheckInboxMessage = (email: string) =>
  `Check your inbox: we have sent an email to ${email}. Open the link in it to confirm your address and sign in.`;

/** POST …/auth/confirm-email: the token of the emailed link. */
export const emailConfirmBodySchema = z.object({
  token: z.string({ error: 'The confirmation link is invalid' }).min(20, 'The confirmation link is invalid').max(200, 'The confirmation link is invalid'),
});
export type EmailConfirmBody = z.infer<typeof emailConfirmBodySchema>;

export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(20, 'The reset link is invalid').max(200, 'The reset link is invalid'),
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** The one answer of a reset request, whether or not the email belongs to an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account exists for this email, we have sent a link to reset its password.';

/** Error messages of the business and shopper auth calls (SPEC §8 shows the server's `error`). */
export const AuthMessages = {
  storeDomainTaken: 'Another business has already verified this store domain',
  invalidCredentials: 'Invalid email or password',
  suspended: 'This account is suspended',
  signedOut: 'Sign in to continue',
  adminOnly: 'This area is for administrators',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  confirmTokenInvalid: 'This confirmation link is invalid or has expired',
  emailNotConfirmed: 'Confirm your email first — we have sent you a new link',
  /** A sign-in answered 429 (`RATE_LIMITED`, with `Retry-After`): "… Try again in 8 seconds." follows. */
  tooManyAttempts: 'Too many attempts.',
  /**
   * A sign-in answered 429 while the account's guesses from unknown devices wait (15 evaluated an hour at most):
   * "… Try again in 60 minutes, or sign in from a browser you have signed in with before." follows.
   */
  newDevicesPaused: 'Too many failed sign-ins to this account from new devices.',
} as const;

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
