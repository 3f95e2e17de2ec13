import { sql } from 'drizzle-orm';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every action taken in the admin console: who (actor id and the email at the time), what (action), on what
 * (target), when, and the state before and after as JSON. Rows are only ever inserted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
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
