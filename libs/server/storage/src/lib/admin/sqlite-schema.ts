import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '../db/sqlite-columns';

/**
 * Every action taken in the admin console: who (actor id and the email at the time), what (action), on what
 * (target), when, and the state before and after as JSON. Rows are only ever inserted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull().default(now),
    /** The admin business; kept as text (no foreign key) so the log outlives a deleted account. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['business', 'retailer', 'catalog'] }).notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    beforeJson: text('before_json'),
    afterJson: text('after_json'),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt)],
);

/**
 * Shoppers' reports that a comparison shows the wrong product: which search answer, which product in it, why, and
 * what became of the report. Admins work through the open ones in the console.
 */
export const matchReports = sqliteTable(
  'match_reports',
  {
    /** Time-ordered (UUID v7). */
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    /** The stored search answer the shopper looked at. */
    requestId: text('request_id').notNull(),
    productId: integer('product_id').notNull(),
    reason: text('reason', { enum: ['different_product', 'different_variant', 'wrong_price', 'other'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by'),
  },
  (table) => [index('match_reports_status_idx').on(table.status, table.createdAt)],
);
