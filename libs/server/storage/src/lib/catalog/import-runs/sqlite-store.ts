import type { ImportRunDelta, ImportRunFilter, ImportRunOwner, ImportRunRow, RunningImportRun } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import { BULK_SQL, importRunAdvanceParams } from '../sqlite/bulk-sql';
import { prepareAll } from '../sqlite/prepare';

const nowIso = () => new Date().toISOString();
const RUN_COLUMNS = `id, format, source, retailer_id AS retailerId, retailer_ids AS retailerIdsJson, business_id AS businessId, status, started_at AS startedAt,
      finished_at AS finishedAt, total_rows AS totalRows, inserted, updated, unchanged, skipped, products_created AS productsCreated,
      report_json AS reportJson`;

/** The runs an `ImportRunFilter` holds (a parameter left null holds every run). */
const RUNS_HELD = `(@status IS NULL OR status = @status)
      AND (@retailerId IS NULL OR retailer_id = @retailerId OR EXISTS (SELECT 1 FROM json_each(retailer_ids) WHERE value = @retailerId))`;
const filterParams = (filter: ImportRunFilter = {}) => ({ status: filter.status ?? null, retailerId: filter.retailerId ?? null });

const RUNS = {
  insertImportRun: `INSERT INTO import_runs (id, format, source, retailer_id, business_id, status, started_at, owner_pid, owner_host, heartbeat_at)
      VALUES (@id, @format, @source, @retailerId, @businessId, 'running', @now, @ownerPid, @ownerHost, @now)`,
  advanceImportRun: BULK_SQL.advanceImportRun,
  // The counts are those the batches committed (advanceImportRun); products the import joined into others at its
  // end were taken off as they were joined.
  finishImportRun: `UPDATE import_runs SET status = @status, finished_at = @now, heartbeat_at = @now, report_json = @reportJson,
      retailer_ids = @retailerIdsJson WHERE id = @id`,
  runningImportRuns: `SELECT id, owner_pid AS ownerPid, owner_host AS ownerHost, started_at AS startedAt, heartbeat_at AS heartbeatAt
      FROM import_runs WHERE status = 'running'`,
  // The run ends when it last showed life: its last committed batch (or its start).
  interruptImportRun: `UPDATE import_runs SET status = 'interrupted', finished_at = coalesce(heartbeat_at, started_at),
      report_json = json_set(report_json, '$.interrupted', json(@noteJson)) WHERE id = @id AND status = 'running'`,
  importRun: `SELECT ${RUN_COLUMNS} FROM import_runs WHERE id = ?`,
  importRuns: `SELECT ${RUN_COLUMNS} FROM import_runs WHERE ${RUNS_HELD} ORDER BY started_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
  countImportRuns: `SELECT count(*) FROM import_runs WHERE ${RUNS_HELD}`,
};

type ImportRunRecord = Omit<ImportRunRow, 'report' | 'retailerIds'> & { reportJson: string; retailerIdsJson: string | null };
const toImportRun = ({ reportJson, retailerIdsJson, ...rest }: ImportRunRecord): ImportRunRow => {
  // Runs that have not finished (or finished before the column existed) know only their fixed retailer.
  const retailerIds = retailerIdsJson ? (JSON.parse(retailerIdsJson) as string[]) : rest.retailerId ? [rest.retailerId] : [];
  return { ...rest, retailerIds, report: JSON.parse(reportJson) };
};

/** The catalog store's import runs, on one connection. */
export function sqliteImportRunStore(sqlite: Database.Database) {
  const s = prepareAll(sqlite, RUNS, ['countImportRuns']);
  return {
    /** Records a run begun by `owner` (its counts start at zero and grow with each committed batch). */
    startImportRun(run: { id: string; format: ImportRunRow['format']; source: string; retailerId: string | null; businessId: string | null; owner: ImportRunOwner }) {
      const { owner, ...rest } = run;
      s.insertImportRun.run({ ...rest, ownerPid: owner.pid, ownerHost: owner.host, now: nowIso() });
    },
    /** Adds a batch to its run's counts; call inside the batch's transaction. */
    advanceImportRun(id: string, delta: Partial<ImportRunDelta>) {
      s.advanceImportRun.run(importRunAdvanceParams(id, delta));
    },
    /** Ends a run: its status, report and retailers (its counts are those its batches committed). */
    finishImportRun(run: { id: string; status: 'succeeded' | 'failed'; report: unknown; retailerIds: string[] }) {
      s.finishImportRun.run({ id: run.id, status: run.status, reportJson: JSON.stringify(run.report), retailerIdsJson: JSON.stringify(run.retailerIds), now: nowIso() });
    },
    runningImportRuns: () => s.runningImportRuns.all() as RunningImportRun[],
    /**
     * Marks a run `interrupted` (only while it is still `running`): its counts stay those it committed, it ends at
     * its last sign of life, and its report keeps `note`. Answers whether it was still running.
     */
    interruptImportRun(id: string, note: Record<string, unknown>): boolean {
      return s.interruptImportRun.run({ id, noteJson: JSON.stringify(note) }).changes > 0;
    },
    getImportRun: (id: string) => {
      const row = s.importRun.get(id) as ImportRunRecord | undefined;
      return row ? toImportRun(row) : null;
    },
    listImportRuns: (limit = 50, filter: ImportRunFilter & { offset?: number } = {}) =>
      (s.importRuns.all({ ...filterParams(filter), limit, offset: filter.offset ?? 0 }) as ImportRunRecord[]).map(toImportRun),
    countImportRuns: (filter?: ImportRunFilter) => s.countImportRuns.get(filterParams(filter)) as number,
  };
}
