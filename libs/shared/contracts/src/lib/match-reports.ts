import { z } from 'zod';
import { searchRequestIdSchema } from './search';

/** Why a shopper says a comparison shows the wrong product. */
export const MATCH_REPORT_REASONS = ['different_product', 'different_variant', 'wrong_price', 'other'] as const;
export const matchReportReasonSchema = z.enum(MATCH_REPORT_REASONS, { error: `reason must be one of ${MATCH_REPORT_REASONS.join(', ')}` });
export type MatchReportReason = z.infer<typeof matchReportReasonSchema>;

export const MATCH_REPORT_NOTE_LENGTH = 500;

/** POST /api/match-reports: the product of a stored search answer is not what the shopper looked for. */
export const matchReportBodySchema = z.object({
  requestId: searchRequestIdSchema,
  productId: z.number({ error: 'productId must be a product id' }).int('productId must be a product id').positive('productId must be a product id'),
  reason: matchReportReasonSchema,
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(MATCH_REPORT_NOTE_LENGTH, `note must be at most ${MATCH_REPORT_NOTE_LENGTH} characters`)
    .optional(),
});
export type MatchReportBody = z.input<typeof matchReportBodySchema>;
export const matchReportResponseSchema = z.object({ success: z.literal(true), reportId: z.string() });

export const MatchReportMessages = {
  unknownRequest: 'No search with this request id',
  productNotInAnswer: 'This search did not answer with this product',
} as const;

/** A report as the admin console lists it, with what the shopper had searched for. */
export const adminMatchReportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  requestId: z.string(),
  /** The pasted URL or the typed words of the search. */
  searched: z.string(),
  productId: z.number().int(),
  /** The product's name now; null when it no longer exists (merged, re-clustered). */
  productTitle: z.string().nullable(),
  reason: matchReportReasonSchema,
  note: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().nullable(),
});
export type AdminMatchReport = z.infer<typeof adminMatchReportSchema>;

export const adminMatchReportQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
});
export const adminMatchReportListResponseSchema = z.object({ success: z.literal(true), items: z.array(adminMatchReportSchema), open: z.number().int() });
export type AdminMatchReportListResponse = z.infer<typeof adminMatchReportListResponseSchema>;
export const adminMatchReportParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(100, 'id is too long') });
export const adminMatchReportResponseSchema = z.object({ success: z.literal(true), report: adminMatchReportSchema });
