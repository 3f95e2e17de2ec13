// Answer schemas of the auth endpoints. Loaded on demand (see `loadAuthSchemas`) so that the validation
// library is not part of a page's first download: the first auth call brings it, in parallel with the request.
import { businessSchema, registrationResponseSchema, shopperAuthResponseSchema, shopperSessionResponseSchema } from '@pricehunt/contracts';
import { z } from 'zod';

// SPEC §4: admin status equals isAdmin, false when absent.
const sessionBusinessSchema = businessSchema.extend({ isAdmin: z.boolean().optional().default(false) });

export const businessAnswerSchema = z
  .object({ success: z.literal(true), business: sessionBusinessSchema })
  .transform((answer) => ({ account: answer.business }));

/** Registration answers "check your inbox" (no account yet): its message. */
export const registrationAnswerSchema = registrationResponseSchema.transform((answer) => ({ message: answer.message }));

export const shopperAnswerSchema = shopperAuthResponseSchema.transform((answer) => ({ account: answer.user }));

export const shopperSessionAnswerSchema = shopperSessionResponseSchema.transform((answer) => ({ account: answer.user }));
