import { z } from 'zod';
import { businessSchema, businessStatusSchema } from './business-auth';
import { pageOf } from './paging';
import { pageNumber, pageSizeOf } from './admin-paging';
import { auditEntrySchema } from './admin-audit';
import { activityFiguresSchema } from './admin-overview';

export const BUSINESS_SORTS = ['createdAt', 'email', 'status', 'storeDomain'] as const;

const booleanQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((value) => value === 'true');

export const businessListQuerySchema = z.object({
  q: z.string().trim().max(200, 'q is too long').optional(),
  status: businessStatusSchema.optional(),
  admin: booleanQuery('admin').optional(),
  hasStore: booleanQuery('hasStore').optional(),
  sort: z.enum(BUSINESS_SORTS, { error: `sort must be one of ${BUSINESS_SORTS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  page: pageNumber,
  pageSize: pageSizeOf(20),
});
/** The list query once parsed (booleans and numbers), as the service and the console's state hold it. */
export type BusinessListQuery = z.output<typeof businessListQuerySchema>;

export const adminBusinessSchema = businessSchema.extend({
  updatedAt: z.string(),
  /** True when the business has proved its store domain (only then is the store trusted: redirects, attribution, offers shown). */
  domainVerified: z.boolean(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

export const businessListResponseSchema = z.object({ success: z.literal(true), ...pageOf(adminBusinessSchema) });
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;

export const businessParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(100, 'id is too long') });

/**
 * A business's figures as its merchant dashboard counts them (clicks with its product clicks, referrals, conversions
 * its referrals earned inside its attribution window, their revenue in its currency): over `period`, the last 30
 * calendar days in its time zone (contracts' period.ts), and ever.
 */
export const businessFiguresSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  currency: z.string(),
  last30Days: activityFiguresSchema.omit({ searches: true }),
  allTime: activityFiguresSchema.omit({ searches: true }),
  offers: z.number().int(),
  activeSessions: z.number().int(),
});
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

export const businessDetailResponseSchema = z.object({
  success: z.literal(true),
  business: adminBusinessSchema,
  figures: businessFiguresSchema,
  audit: z.array(auditEntrySchema),
});
export type BusinessDetailResponse = z.infer<typeof businessDetailResponseSchema>;

export const BUSINESS_ACTIONS = ['suspend', 'reactivate', 'grant-admin', 'revoke-admin'] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];
export const businessActionParamsSchema = businessParamsSchema.extend({
  action: z.enum(BUSINESS_ACTIONS, { error: `action must be one of ${BUSINESS_ACTIONS.join(', ')}` }),
});

export const businessActionResponseSchema = z.object({
  success: z.literal(true),
  business: adminBusinessSchema,
  audit: auditEntrySchema,
  /** Sessions ended by the action (suspension signs the business out everywhere). */
  sessionsEnded: z.number().int(),
});
export type BusinessActionResponse = z.infer<typeof businessActionResponseSchema>;
