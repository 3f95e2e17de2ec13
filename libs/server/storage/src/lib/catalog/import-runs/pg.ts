import type { ImportRunCounts, ImportRunFilter, ImportRunReads, ImportRunRow, IngestionStore } from '@pricehunt/catalog-core';
import type pg from 'pg';

const IMPORT_RUN = `SELECT id, format, source, retailer_id AS "retailerId", retailer_ids AS "retailerIds", business_id AS "businessId", status,
    started_at AS "startedAt", finished_at AS "finishedAt", total_rows AS "totalRows", inserted, updated, unchanged, skipped,
    products_created AS "productsCreated", report_json AS report FROM import_runs`;
type ImportRunRecord = Omit<ImportRunRow, 'startedAt' | 'finishedAt' | 'retailerIds'> & { startedAt: Date; finishedAt: Date | null; retailerIds: string[] | null };

/** A run as the SQLite side answers it (keys in its order): ISO instants, and the one retailer of a run not yet finished. */
const toImportRun = ({ retailerIds, startedAt, finishedAt, ...rest }: ImportRunRecord): ImportRunRow => ({
  id: rest.id,
  format: rest.format,
  source: rest.source,
  retailerId: rest.retailerId,
  businessId: rest.businessId,
  status: rest.status,
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt?.toISOString() ?? null,
  totalRows: rest.totalRows,
  inserted: rest.inserted,
  updated: rest.updated,
  unchanged: rest.unchanged,
  skipped: rest.skipped,
  productsCreated: rest.productsCreated,
  // Where the SQLite side puts it (its rows' own keys first).
  retailerIds: retailerIds ?? (rest.retailerId ? [rest.retailerId] : []),
  report: rest.report,
});

/** The runs an `ImportRunFilter` holds, its status and retailer as $1 and $2 (null holds every run). */
const RUNS_HELD = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR retailer_id = $2 OR coalesce(retailer_ids, '[]'::jsonb) ? $2)`;
const filterValues = (filter: ImportRunFilter = {}) => [filter.status ?? null, filter.retailerId ?? null];

/** `ImportRunReads` on PostgreSQL, through the pool. */
export function createPgImportRuns(pool: pg.Pool): ImportRunReads {
  return {
    async lastImportAt() {
      const { rows } = await pool.query<{ at: Date | null }>({
        name: 'catalog/last-import-at',
        text: 'SELECT max(coalesce(finished_at, heartbeat_at, started_at)) AS at FROM import_runs',
        values: [],
      });
      return rows[0]?.at ? rows[0].at.toISOString() : null;
    },
    async getImportRun(id) {
      const { rows } = await pool.query<ImportRunRecord>({ name: 'catalog/import-run', text: `${IMPORT_RUN} WHERE id = $1`, values: [id] });
      return rows[0] ? toImportRun(rows[0]) : null;
    },
    async listImportRuns(limit, filter = {}) {
      // The newest first; runs begun in the same millisecond by their ids (SQLite: by insertion order).
      const { rows } = await pool.query<ImportRunRecord>({
        name: 'catalog/import-runs',
        text: `${IMPORT_RUN} WHERE ${RUNS_HELD} ORDER BY started_at DESC, id DESC LIMIT $3 OFFSET $4`,
        values: [...filterValues(filter), limit, filter.offset ?? 0],
      });
      return rows.map(toImportRun);
    },
    async countImportRuns(filter) {
      const { rows } = await pool.query<{ n: number }>({ name: 'catalog/count-import-runs', text: `SELECT count(*)::int AS n FROM import_runs WHERE ${RUNS_HELD}`, values: filterValues(filter) });
      return rows[0]?.n ?? 0;
    },
    async runningImportRuns() {
      const { rows } = await pool.query<{ id: string; ownerPid: number | null; ownerHost: string | null; startedAt: Date; heartbeatAt: Date | null }>({
        name: 'catalog/running-import-runs',
        text: `SELECT id, owner_pid AS "ownerPid", owner_host AS "ownerHost", started_at AS "startedAt", heartbeat_at AS "heartbeatAt"
          FROM import_runs WHERE status = 'running' ORDER BY started_at, id`,
        values: [],
      });
      return rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString(), heartbeatAt: row.heartbeatAt?.toISOString() ?? null }));
    },
    async interruptImportRun(id, note) {
      // One statement guarded by the status: of several instances that find the run, one marks it.
      const { rowCount } = await pool.query({
        name: 'catalog/interrupt-import-run',
        text: `UPDATE import_runs SET status = 'interrupted', finished_at = coalesce(heartbeat_at, started_at),
            report_json = jsonb_set(report_json, '{interrupted}', $2::jsonb) WHERE id = $1 AND status = 'running'`,
        values: [id, JSON.stringify(note)],
      });
      return (rowCount ?? 0) > 0;
    },
  };
}

/** The import runs an import records (`IngestionStore`'s part), through the pool. */
export function pgImportRunWrites(pool: pg.Pool): Pick<IngestionStore, 'startImportRun' | 'finishImportRun' | 'importRunCounts'> {
  const query = (name: string, text: string, values: unknown[]) => pool.query({ name: `catalog/${name}`, text, values });
  return {
    async startImportRun(run) {
      const now = new Date().toISOString();
      await query(
        'start-import-run',
        `INSERT INTO import_runs (id, format, source, retailer_id, business_id, status, started_at, owner_pid, owner_host, heartbeat_at)
          VALUES ($1, $2, $3, $4, $5, 'running', $6, $7, $8, $6)`,
        [run.id, run.format, run.source, run.retailerId, run.businessId, now, run.owner.pid, run.owner.host],
      );
    },
    async finishImportRun(run) {
      const now = new Date().toISOString();
      await query(
        'finish-import-run',
        'UPDATE import_runs SET status = $2, finished_at = $3, heartbeat_at = $3, report_json = $4::jsonb, retailer_ids = $5::jsonb WHERE id = $1',
        [run.id, run.status, now, JSON.stringify(run.report), JSON.stringify(run.retailerIds)],
      );
    },
    async importRunCounts(id) {
      const { rows } = await query(
        'import-run-counts',
        `SELECT total_rows AS "totalRows", inserted, updated, unchanged, skipped, products_created AS "productsCreated" FROM import_runs WHERE id = $1`,
        [id],
      );
      return (rows[0] as ImportRunCounts | undefined) ?? null;
    },
  };
}
