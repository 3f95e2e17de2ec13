import { z } from 'zod';
import { pageOf } from './paging';
import { pageNumber, pageSizeOf } from './admin-paging';

export const AUDIT_ACTIONS = [
  'business.suspend',
  'business.reactivate',
  'business.grant_admin',
  'business.revoke_admin',
  'retailer.update',
  'catalog.import',
  'catalog.recluster',
  'catalog.detach_offer',
  'catalog.merge_products',
  'catalog.resolve_report',
  'catalog.approve_price',
  'feed_source.create',
  'feed_source.update',
  'feed_source.delete',
  'feed_source.run',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A JSON snapshot of what an action changed (`before` / `after`). */
export const auditStateSchema = z.record(z.string(), z.unknown()).nullable();

/** One admin action: who, what, on what, when, and the state before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: auditActionSchema,
  targetType: z.enum(['business', 'retailer', 'catalog']),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: auditStateSchema,
  after: auditStateSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An audit entry as the action that writes it states it; the store gives it its id and time. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'createdAt'>;

export const auditQuerySchema = z.object({
  businessId: z.string().max(100).optional(),
  action: auditActionSchema.optional(),
  page: pageNumber,
  pageSize: pageSizeOf(20),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({ success: z.literal(true), ...pageOf(auditEntrySchema) });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
