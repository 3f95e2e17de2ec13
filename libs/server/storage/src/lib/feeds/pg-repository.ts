import type pg from 'pg';
import { inPgTransaction, type PostgresHandle } from '../db/pg-client';
import type { FeedRunRecord, FeedSourceRecord, FeedSourceRepository } from './repository';
import { present } from '@pricehunt/contracts';

const SOURCE = `id, url, format, retailer_id AS "retailerId", retailer_name AS "retailerName", business_id AS "businessId", interval_minutes AS "intervalMinutes", status,
  next_run_at AS "nextRunAt", etag, last_modified AS "lastModified", failures, lease_owner AS "leaseOwner", lease_until AS "leaseUntil",
  created_at AS "createdAt", updated_at AS "updatedAt"`;
const RUN = `id, source_id AS "sourceId", status, started_at AS "startedAt", finished_at AS "finishedAt", rows_read AS "rowsRead", added, changed,
  unchanged, gone, rejected, error, import_run_id AS "importRunId"`;

type SourceRow = Omit<FeedSourceRecord, 'nextRunAt' | 'leaseUntil' | 'createdAt' | 'updatedAt'> & { nextRunAt: Date; leaseUntil: Date | null; createdAt: Date; updatedAt: Date };
type RunRow = Omit<FeedRunRecord, 'startedAt' | 'finishedAt'> & { startedAt: Date; finishedAt: Date | null };

/** Instants as the SQLite side stores them (ISO strings). */
const toSource = (row: SourceRow): FeedSourceRecord => ({
  ...row,
  nextRunAt: row.nextRunAt.toISOString(),
  leaseUntil: row.leaseUntil ? row.leaseUntil.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const toRun = (row: RunRow): FeedRunRecord => ({ ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null });

/**
 * Feed sources and runs in `feed_sources` and `feed_runs`. A claim locks the due row it takes with
 * `FOR UPDATE SKIP LOCKED`: workers asking at once each take another source, or none, without waiting on each other.
 */
export function createPgFeedSourceRepository({ pool }: PostgresHandle): FeedSourceRepository {
  return { ...sourceCrud(pool), ...sourceLeases(pool) };
}

type SourceCrud = Pick<FeedSourceRepository, 'create' | 'list' | 'get' | 'update' | 'delete' | 'runs' | 'recordRun'>;
type SourceLeases = Pick<FeedSourceRepository, 'claimDue' | 'renewLease' | 'finishRun'>;

const source = async (db: pg.Pool | pg.PoolClient, id: string) => {
  const { rows } = await db.query<SourceRow>({ name: 'feeds/source', text: `SELECT ${SOURCE} FROM feed_sources WHERE id = $1`, values: [id] });
  return rows[0] ? toSource(rows[0]) : null;
};

/** Sources written and read, with their runs. */
function sourceCrud(pool: pg.Pool): SourceCrud {
  return {
    async create(s, now) {
      const { rowCount } = await pool.query({
        name: 'feeds/create',
        text: `INSERT INTO feed_sources (id, url, format, retailer_id, retailer_name, business_id, interval_minutes, next_run_at, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (retailer_id) DO NOTHING`,
        values: [s.id, s.url, s.format, s.retailerId, s.retailerName, s.businessId, s.intervalMinutes, s.nextRunAt, now],
      });
      return rowCount ? source(pool, s.id) : null;
    },
    async list(businessId) {
      const { rows } =
        businessId === undefined
          ? await pool.query<SourceRow>({ name: 'feeds/all', text: `SELECT ${SOURCE} FROM feed_sources ORDER BY created_at, id`, values: [] })
          : await pool.query<SourceRow>({ name: 'feeds/of-business', text: `SELECT ${SOURCE} FROM feed_sources WHERE business_id = $1 ORDER BY created_at, id`, values: [businessId] });
      return rows.map(toSource);
    },
    get: (id) => source(pool, id),
    async update(id, changes, now) {
      const result = await pool.query({
        name: 'feeds/update',
        text: `UPDATE feed_sources SET status = coalesce($2, status), interval_minutes = coalesce($3, interval_minutes), next_run_at = coalesce($4, next_run_at),
          updated_at = $5 WHERE id = $1`,
        values: [id, changes.status ?? null, changes.intervalMinutes ?? null, changes.nextRunAt ?? null, now],
      });
      return (result.rowCount ?? 0) > 0 ? source(pool, id) : null;
    },
    delete: (id) =>
      inPgTransaction(pool, async (client) => {
        await client.query({ name: 'feeds/delete-runs', text: 'DELETE FROM feed_runs WHERE source_id = $1', values: [id] });
        const result = await client.query({ name: 'feeds/delete', text: 'DELETE FROM feed_sources WHERE id = $1', values: [id] });
        return (result.rowCount ?? 0) > 0;
      }),
    async runs(sourceId, limit) {
      const { rows } = await pool.query<RunRow>({
        name: 'feeds/runs',
        text: `SELECT ${RUN} FROM feed_runs WHERE source_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2`,
        values: [sourceId, limit],
      });
      return rows.map(toRun);
    },
    async recordRun(sourceId, run) {
      const result = await pool.query({
        name: 'feeds/outside-run',
        text: `INSERT INTO feed_runs (id, source_id, status, started_at, finished_at, rows_read, added, changed, unchanged, gone, rejected, error)
          SELECT $1::text, id, $3::text, $4::timestamptz, $5::timestamptz, $6::int, $7::int, $8::int, $9::int, $10::int, $11::int, $12::text FROM feed_sources WHERE id = $2
          ON CONFLICT (id) DO NOTHING`,
        values: [run.id, sourceId, run.status, run.startedAt, run.finishedAt, run.rowsRead, run.added, run.changed, run.unchanged, run.gone, run.rejected, run.error],
      });
      return (result.rowCount ?? 0) > 0;
    },
  };
}

/** Due sources claimed under a lease (`FOR UPDATE SKIP LOCKED`), leases renewed, runs finished. */
function sourceLeases(pool: pg.Pool): SourceLeases {
  return {
    claimDue: (owner, now, leaseUntil, runId) =>
      inPgTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: string }>({
          name: 'feeds/claim',
          text: `UPDATE feed_sources SET lease_owner = $1, lease_until = $3 WHERE id = (
              SELECT id FROM feed_sources WHERE status = 'active' AND next_run_at <= $2 AND (lease_until IS NULL OR lease_until <= $2)
              ORDER BY next_run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING id`,
          values: [owner, now, leaseUntil],
        });
        const id = rows[0]?.id;
        if (!id) return null;
        await client.query({
          name: 'feeds/interrupt',
          text: `UPDATE feed_runs SET status = 'failed', finished_at = $2, error = 'interrupted: its worker stopped before the end' WHERE source_id = $1 AND status = 'running'`,
          values: [id, now],
        });
        const started = await client.query<RunRow>({
          name: 'feeds/start-run',
          text: `INSERT INTO feed_runs (id, source_id, status, started_at) VALUES ($1, $2, 'running', $3) RETURNING ${RUN}`,
          values: [runId, id, now],
        });
        return { source: present(await source(client, id)), run: toRun(present(started.rows[0])) };
      }),
    async renewLease(sourceId, owner, leaseUntil) {
      const result = await pool.query({ name: 'feeds/renew', text: 'UPDATE feed_sources SET lease_until = $3 WHERE id = $1 AND lease_owner = $2', values: [sourceId, owner, leaseUntil] });
      return (result.rowCount ?? 0) > 0;
    },
    finishRun: (sourceId, owner, runId, end) =>
      inPgTransaction(pool, async (client) => {
        const released = await client.query({
          name: 'feeds/release',
          text: `UPDATE feed_sources SET lease_owner = NULL, lease_until = NULL, next_run_at = $3,
              failures = CASE WHEN $4 THEN failures + 1 ELSE 0 END,
              etag = CASE WHEN $5 THEN etag ELSE $6 END, last_modified = CASE WHEN $5 THEN last_modified ELSE $7 END
            WHERE id = $1 AND lease_owner = $2`,
          values: [sourceId, owner, end.nextRunAt, end.status === 'failed', end.validators === null, end.validators?.etag ?? null, end.validators?.lastModified ?? null],
        });
        if ((released.rowCount ?? 0) === 0) return false;
        const c = end.counts;
        await client.query({
          name: 'feeds/end-run',
          text: `UPDATE feed_runs SET status = $3, finished_at = $4, rows_read = $5, added = $6, changed = $7, unchanged = $8, gone = $9, rejected = $10,
              error = $11, import_run_id = $12 WHERE id = $1 AND source_id = $2`,
          values: [runId, sourceId, end.status, end.finishedAt, c.rowsRead, c.added, c.changed, c.unchanged, c.gone, c.rejected, end.error, end.importRunId],
        });
        return true;
      }),
  };
}
