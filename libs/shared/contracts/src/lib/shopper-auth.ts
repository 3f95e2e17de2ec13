import { z } from 'zod';
import { emailSchema, passwordSchema, PasswordMessages, PASSWORD_MAX_LENGTH, refusePasswordEqualToEmail } from './business-auth';

/** A shopper account as the API returns it (SPEC §3: id, email, createdAt, updatedAt). */
export const shopperUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Optional name the shopper gave at registration. */
  displayName: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShopperUser = z.infer<typeof shopperUserSchema>;

/** POST /api/shopper/auth/login body. */
export const shopperLoginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PasswordMessages.tooLong),
});
export type ShopperLoginBody = z.infer<typeof shopperLoginBodySchema>;

/** POST /api/shopper/auth/register body. */
export const shopperRegisterBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    displayName: z.string().trim().min(1, 'Name cannot be empty').max(80, 'Name must be at most 80 characters').optional(),
  })
  .superRefine(refusePasswordEqualToEmail);
export type ShopperRegisterBody = z.infer<typeof shopperRegisterBodySchema>;

/** Answer of GET /api/shopper/auth/me, login and register: `{ success: true, user }`. */
export const shopperAuthResponseSchema = z.object({
  success: z.literal(true),
  user: shopperUserSchema,
});
export type ShopperAuthResponse = z.infer<typeof shopperAuthResponseSchema>;

/** GET /api/shopper/auth/session: who is signed in, if anyone (`user: null`), without a 401 for signed-out visitors. */
export const shopperSessionResponseSchema = z.object({
  success: z.literal(true),
  user: shopperUserSchema.nullable(),
});
export type ShopperSessionResponse = z.infer<typeof shopperSessionResponseSchema>;
