/**
 * The audit log on PostgreSQL: how an entry is written and read. The admin port and the catalog's corrections write
 * entries inside their own transactions, so both import this module (and neither imports the other for it).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AuditEntry, NewAuditEntry } from '@pricehunt/contracts';
import { auditEntryOf, type AuditRowOf } from './shared';

/** A connection or the pool: what runs a statement. A transaction's statements run on its client. */
export type PgQueryable = pg.ClientBase | pg.Pool;

/** An audit log row as PostgreSQL reads it: timestamptz as a Date, json parsed by node-postgres (keys in their order). */
export type AuditRow = AuditRowOf<Date, Record<string, unknown>>;

export const AUDIT_COLUMNS = `id, created_at AS "createdAt", actor_id AS "actorId", actor_email AS "actorEmail", action, target_type AS "targetType",
  target_id AS "targetId", target_label AS "targetLabel", before_json AS "beforeJson", after_json AS "afterJson"`;

export const toAudit = (row: AuditRow): AuditEntry => auditEntryOf(row, (at) => at.toISOString(), (json) => json);

/**
 * Writes an audit entry through `client`: given a transaction's client, the entry commits or rolls back with the
 * change it records (the PostgreSQL twin of `writeAuditEntry` of audit-log.ts).
 */
export async function writeAuditEntryPg(client: PgQueryable, entry: NewAuditEntry, now: string): Promise<AuditEntry> {
  const { rows } = await client.query<AuditRow>(
    `INSERT INTO audit_log (id, created_at, actor_id, actor_email, action, target_type, target_id, target_label, before_json, after_json)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING ${AUDIT_COLUMNS}`,
    [
      randomUUID(),
      new Date(now),
      entry.actorId,
      entry.actorEmail,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.targetLabel,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ],
  );
  return toAudit(rows[0] as AuditRow);
}
