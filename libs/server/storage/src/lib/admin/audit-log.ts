/**
 * The audit log on SQLite: how an entry is written and read. The admin port and the catalog's corrections write
 * entries inside their own transactions, so both import this module (and neither imports the other for it).
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AuditEntry, NewAuditEntry } from '@pricehunt/contracts';
import { auditEntryOf, type AuditRowOf } from './shared';

/** An audit log row as SQLite reads it: ISO text instants, json as text. */
export type AuditRow = AuditRowOf<string, string>;

export const AUDIT_COLUMNS = `id, created_at AS createdAt, actor_id AS actorId, actor_email AS actorEmail, action, target_type AS targetType,
  target_id AS targetId, target_label AS targetLabel, before_json AS beforeJson, after_json AS afterJson`;

export const toAudit = (row: AuditRow): AuditEntry => auditEntryOf(row, (at) => at, (json) => JSON.parse(json) as Record<string, unknown>);

/**
 * Writes an audit entry on `sqlite` at once (synchronously): inside a transaction of that connection, the entry
 * commits or rolls back with the change it records.
 */
export function writeAuditEntry(sqlite: Database.Database, entry: NewAuditEntry, now: string): AuditEntry {
  const row = sqlite
    .prepare(
      `INSERT INTO audit_log (id, created_at, actor_id, actor_email, action, target_type, target_id, target_label, before_json, after_json)
       VALUES (@id, @createdAt, @actorId, @actorEmail, @action, @targetType, @targetId, @targetLabel, @beforeJson, @afterJson)
       RETURNING ${AUDIT_COLUMNS}`,
    )
    .get({
      id: randomUUID(),
      createdAt: now,
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      beforeJson: entry.before ? JSON.stringify(entry.before) : null,
      afterJson: entry.after ? JSON.stringify(entry.after) : null,
    }) as AuditRow;
  return toAudit(row);
}
