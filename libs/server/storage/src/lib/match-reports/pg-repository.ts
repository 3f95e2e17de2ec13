import type { PostgresHandle } from '../db/pg-client';
import type { MatchReportRecord, MatchReportRepository } from './repository';
import { present } from '@pricehunt/contracts';

const COLUMNS = `id, created_at AS "createdAt", request_id AS "requestId", product_id AS "productId", reason, note, status, resolved_at AS "resolvedAt"`;

type Row = Omit<MatchReportRecord, 'createdAt' | 'resolvedAt'> & { createdAt: Date; resolvedAt: Date | null };

/** Instants as the SQLite side stores them (ISO strings); PostgreSQL holds timestamptz. Keys in the SQLite side's order. */
const toRecord = (row: Row): MatchReportRecord => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  requestId: row.requestId,
  productId: row.productId,
  reason: row.reason,
  note: row.note,
  status: row.status,
  resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
});

/**
 * Match reports in the `match_reports` table. Resolving is one guarded UPDATE (`WHERE status = 'open'`): of two
 * concurrent resolutions of a report, only one changes the row (the other re-checks the guard after the first
 * commits and finds the report resolved).
 */
export function createPgMatchReportRepository({ pool }: PostgresHandle): MatchReportRepository {
  return {
    async add(report) {
      await pool.query({
        name: 'match-reports/add',
        text: `INSERT INTO match_reports (id, created_at, request_id, product_id, reason, note, status) VALUES ($1, $2, $3, $4, $5, $6, 'open')`,
        values: [report.id, report.createdAt, report.requestId, report.productId, report.reason, report.note],
      });
    },
    async list(status, limit) {
      const [page, open] = await Promise.all([
        pool.query<Row>({
          name: 'match-reports/list',
          text: `SELECT ${COLUMNS} FROM match_reports WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
          values: [status, limit],
        }),
        pool.query<{ n: number }>({ name: 'match-reports/open', text: `SELECT count(*) AS n FROM match_reports WHERE status = 'open'`, values: [] }),
      ]);
      return { items: page.rows.map(toRecord), open: present(open.rows[0]).n };
    },
    async get(id) {
      const { rows } = await pool.query<Row>({ name: 'match-reports/get', text: `SELECT ${COLUMNS} FROM match_reports WHERE id = $1`, values: [id] });
      return rows[0] ? toRecord(rows[0]) : null;
    },
    async resolve(id, by, at) {
      const result = await pool.query({
        name: 'match-reports/resolve',
        text: `UPDATE match_reports SET status = 'resolved', resolved_at = $1, resolved_by = $2 WHERE id = $3 AND status = 'open'`,
        values: [at, by, id],
      });
      return (result.rowCount ?? 0) > 0;
    },
  };
}
