import { z } from 'zod';

/** Emails are trimmed and lower-cased before anything else looks at them. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(3, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/** Password rules, checked on the server and mirrored by the forms. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => /[A-Za-z]/.test(value) && /[0-9]/.test(value), 'Password must contain a letter and a digit');

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
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type BusinessLoginBody = z.infer<typeof businessLoginBodySchema>;

export const businessRegisterBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  storeDomain: storeDomainSchema.optional(),
  storeName: z.string().trim().min(1).max(120).optional(),
});
export type BusinessRegisterBody = z.infer<typeof businessRegisterBodySchema>;

/** Answer of login, register and me: `{ success: true, business }`. */
export const businessAuthResponseSchema = z.object({
  success: z.literal(true),
  business: businessSchema,
});
export type BusinessAuthResponse = z.infer<typeof businessAuthResponseSchema>;

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
  emailTaken: 'An account with this email already exists',
  storeDomainTaken: 'Another business has already verified this store domain',
  invalidCredentials: 'Invalid email or password',
  suspended: 'This account is suspended',
  signedOut: 'Sign in to continue',
  adminOnly: 'This area is for administrators',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  tooManyAttempts: 'Too many attempts, try again later',
} as const;

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
