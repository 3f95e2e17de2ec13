import type { DatabaseHandle } from '../db/client';
import type { MatchReportRecord, MatchReportRepository } from './repository';

const COLUMNS = `id, created_at AS createdAt, request_id AS requestId, product_id AS productId, reason, note, status, resolved_at AS resolvedAt`;

/** Match reports in the `match_reports` table. */
export function createSqliteMatchReportRepository(handle: DatabaseHandle): MatchReportRepository {
  const { sqlite } = handle;
  const insert = sqlite.prepare(`INSERT INTO match_reports (id, created_at, request_id, product_id, reason, note, status)
    VALUES (@id, @createdAt, @requestId, @productId, @reason, @note, 'open')`);
  const list = sqlite.prepare(`SELECT ${COLUMNS} FROM match_reports WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ?`);
  const one = sqlite.prepare(`SELECT ${COLUMNS} FROM match_reports WHERE id = ?`);
  const openCount = sqlite.prepare(`SELECT count(*) FROM match_reports WHERE status = 'open'`).pluck();
  const resolve = sqlite.prepare(`UPDATE match_reports SET status = 'resolved', resolved_at = ?, resolved_by = ? WHERE id = ? AND status = 'open'`);
  return {
    async add(report) {
      insert.run(report);
    },
    async list(status, limit) {
      return { items: list.all(status, limit) as MatchReportRecord[], open: openCount.get() as number };
    },
    async get(id) {
      return (one.get(id) as MatchReportRecord | undefined) ?? null;
    },
    async resolve(id, by, at) {
      return resolve.run(at, by, id).changes > 0;
    },
  };
}
