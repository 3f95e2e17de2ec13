/**
 * The audit log on PostgreSQL: how an entry is written and read. The admin port and the catalog's corrections write
 * entries inside their own transactions, so both import this module (and neither imports the other for it).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AuditAction, AuditEntry, NewAuditEntry } from '@pricehunt/contracts';

/** A connection or the pool: what runs a statement. A transaction's statements run on its client. */
export type PgQueryable = pg.ClientBase | pg.Pool;

export interface AuditRow {
  id: string;
  createdAt: Date;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: AuditEntry['targetType'];
  targetId: string | null;
  targetLabel: string | null;
  // json columns, parsed by node-postgres (their text as written: keys in their order).
  beforeJson: Record<string, unknown> | null;
  afterJson: Record<string, unknown> | null;
}

export const AUDIT_COLUMNS = `id, created_at AS "createdAt", actor_id AS "actorId", actor_email AS "actorEmail", action, target_type AS "targetType",
  target_id AS "targetId", target_label AS "targetLabel", before_json AS "beforeJson", after_json AS "afterJson"`;

export const toAudit = (row: AuditRow): AuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action as AuditAction,
  targetType: row.targetType,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  before: row.beforeJson ?? null,
  after: row.afterJson ?? null,
});

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
