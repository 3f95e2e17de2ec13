import { bigint, index, integer, json, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts.

/** Every action taken in the admin console, with the state before and after as JSON. Rows are only ever inserted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /**
     * Insertion order, breaking ties between entries of the same millisecond as SQLite's rowid does there (the
     * schema drift test lists it as PostgreSQL's own).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** The admin business; kept as text (no foreign key) so the log outlives a deleted account. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['business', 'retailer', 'catalog'] }).notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    // json, not jsonb: the snapshots are read back as written, their keys in the order the API answered them on SQLite
    // (jsonb would sort them). They are only stored and read, never queried into.
    beforeJson: json('before_json'),
    afterJson: json('after_json'),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt)],
);

/** Shoppers' reports that a comparison shows the wrong product, and what became of them. */
export const matchReports = pgTable(
  'match_reports',
  {
    /** Time-ordered (UUID v7). */
    id: text('id').primaryKey(),
    createdAt: instant('created_at').notNull(),
    /** The stored search answer the shopper looked at. */
    requestId: text('request_id').notNull(),
    productId: integer('product_id').notNull(),
    reason: text('reason', { enum: ['different_product', 'different_variant', 'wrong_price', 'other'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    resolvedAt: instant('resolved_at'),
    resolvedBy: text('resolved_by'),
  },
  (table) => [index('match_reports_status_idx').on(table.status, table.createdAt)],
);
