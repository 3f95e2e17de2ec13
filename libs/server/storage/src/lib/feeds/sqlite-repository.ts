import type { DatabaseHandle } from '../db/client';
import type { FeedRunRecord, FeedSourceRecord, FeedSourceRepository } from './repository';

const SOURCE = `id, url, format, retailer_id AS retailerId, retailer_name AS retailerName, business_id AS businessId, interval_minutes AS intervalMinutes, status,
  next_run_at AS nextRunAt, etag, last_modified AS lastModified, failures, lease_owner AS leaseOwner, lease_until AS leaseUntil,
  created_at AS createdAt, updated_at AS updatedAt`;
const RUN = `id, source_id AS sourceId, status, started_at AS startedAt, finished_at AS finishedAt, rows_read AS rowsRead, added, changed,
  unchanged, gone, rejected, error, import_run_id AS importRunId`;

type Sqlite = DatabaseHandle['sqlite'];
type SourceCrud = Pick<FeedSourceRepository, 'create' | 'list' | 'get' | 'update' | 'delete' | 'runs' | 'recordRun'>;
type SourceLeases = Pick<FeedSourceRepository, 'claimDue' | 'renewLease' | 'finishRun'>;

/** Feed sources and runs in `feed_sources` and `feed_runs`; claims are immediate transactions (SQLite's one writer). */
export function createSqliteFeedSourceRepository({ sqlite }: DatabaseHandle): FeedSourceRepository {
  return { ...sourceCrud(sqlite), ...sourceLeases(sqlite) };
}

/** Sources written and read, with their runs. */
function sourceCrud(sqlite: Sqlite): SourceCrud {
  const insert = sqlite.prepare(`INSERT INTO feed_sources (id, url, format, retailer_id, retailer_name, business_id, interval_minutes, next_run_at, created_at, updated_at)
    VALUES (@id, @url, @format, @retailerId, @retailerName, @businessId, @intervalMinutes, @nextRunAt, @now, @now) ON CONFLICT (retailer_id) DO NOTHING`);
  const one = sqlite.prepare(`SELECT ${SOURCE} FROM feed_sources WHERE id = ?`);
  const all = sqlite.prepare(`SELECT ${SOURCE} FROM feed_sources ORDER BY created_at, id`);
  const ofBusiness = sqlite.prepare(`SELECT ${SOURCE} FROM feed_sources WHERE business_id = ? ORDER BY created_at, id`);
  const update = sqlite.prepare(`UPDATE feed_sources SET status = coalesce(@status, status), interval_minutes = coalesce(@intervalMinutes, interval_minutes),
    next_run_at = coalesce(@nextRunAt, next_run_at), updated_at = @now WHERE id = @id`);
  const deleteRuns = sqlite.prepare('DELETE FROM feed_runs WHERE source_id = ?');
  const deleteSource = sqlite.prepare('DELETE FROM feed_sources WHERE id = ?');
  const runs = sqlite.prepare(`SELECT ${RUN} FROM feed_runs WHERE source_id = ? ORDER BY started_at DESC, id DESC LIMIT ?`);
  const outsideRun = sqlite.prepare(`INSERT INTO feed_runs (id, source_id, status, started_at, finished_at, rows_read, added, changed, unchanged, gone, rejected, error)
    SELECT @id, @sourceId, @status, @startedAt, @finishedAt, @rowsRead, @added, @changed, @unchanged, @gone, @rejected, @error
    WHERE EXISTS (SELECT 1 FROM feed_sources WHERE id = @sourceId) ON CONFLICT (id) DO NOTHING`);
  return {
    async create(source, now) {
      if (insert.run({ ...source, now }).changes === 0) return null;
      return one.get(source.id) as FeedSourceRecord;
    },
    async list(businessId) {
      return (businessId === undefined ? all.all() : ofBusiness.all(businessId)) as FeedSourceRecord[];
    },
    async get(id) {
      return (one.get(id) as FeedSourceRecord | undefined) ?? null;
    },
    async update(id, changes, now) {
      const result = update.run({ id, status: changes.status ?? null, intervalMinutes: changes.intervalMinutes ?? null, nextRunAt: changes.nextRunAt ?? null, now });
      return result.changes > 0 ? (one.get(id) as FeedSourceRecord) : null;
    },
    async delete(id) {
      return sqlite.transaction(() => {
        deleteRuns.run(id);
        return deleteSource.run(id).changes > 0;
      }).immediate();
    },
    async runs(sourceId, limit) {
      return runs.all(sourceId, limit) as FeedRunRecord[];
    },
    async recordRun(sourceId, run) {
      return outsideRun.run({ ...run, sourceId }).changes > 0;
    },
  };
}

/** Due sources claimed under a lease, leases renewed, runs finished. */
function sourceLeases(sqlite: Sqlite): SourceLeases {
  const one = sqlite.prepare(`SELECT ${SOURCE} FROM feed_sources WHERE id = ?`);
  const run = sqlite.prepare(`SELECT ${RUN} FROM feed_runs WHERE id = ?`);
  const due = sqlite.prepare(`SELECT id FROM feed_sources WHERE status = 'active' AND next_run_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
    ORDER BY next_run_at, id LIMIT 1`);
  const lease = sqlite.prepare('UPDATE feed_sources SET lease_owner = @owner, lease_until = @leaseUntil WHERE id = @id');
  const interrupt = sqlite.prepare(`UPDATE feed_runs SET status = 'failed', finished_at = @now, error = 'interrupted: its worker stopped before the end'
    WHERE source_id = @id AND status = 'running'`);
  const startRun = sqlite.prepare(`INSERT INTO feed_runs (id, source_id, status, started_at) VALUES (@runId, @id, 'running', @now)`);
  const renew = sqlite.prepare('UPDATE feed_sources SET lease_until = ? WHERE id = ? AND lease_owner = ?');
  const endRun = sqlite.prepare(`UPDATE feed_runs SET status = @status, finished_at = @finishedAt, rows_read = @rowsRead, added = @added, changed = @changed,
    unchanged = @unchanged, gone = @gone, rejected = @rejected, error = @error, import_run_id = @importRunId WHERE id = @runId AND source_id = @sourceId`);
  const release = sqlite.prepare(`UPDATE feed_sources SET lease_owner = NULL, lease_until = NULL, next_run_at = @nextRunAt,
    failures = CASE WHEN @failed THEN failures + 1 ELSE 0 END,
    etag = CASE WHEN @keepValidators THEN etag ELSE @etag END, last_modified = CASE WHEN @keepValidators THEN last_modified ELSE @lastModified END
    WHERE id = @sourceId AND lease_owner = @owner`);

  const claim = sqlite.transaction((owner: string, now: string, leaseUntil: string, runId: string) => {
    const found = due.get({ now }) as { id: string } | undefined;
    if (!found) return null;
    lease.run({ id: found.id, owner, leaseUntil });
    interrupt.run({ id: found.id, now });
    startRun.run({ runId, id: found.id, now });
    return { source: one.get(found.id) as FeedSourceRecord, run: run.get(runId) as FeedRunRecord };
  });
  const finish = sqlite.transaction((sourceId: string, owner: string, runId: string, end: Parameters<FeedSourceRepository['finishRun']>[3]) => {
    const released = release.run({
      sourceId,
      owner,
      nextRunAt: end.nextRunAt,
      failed: end.status === 'failed' ? 1 : 0,
      keepValidators: end.validators ? 0 : 1,
      etag: end.validators?.etag ?? null,
      lastModified: end.validators?.lastModified ?? null,
    });
    if (released.changes === 0) return false;
    endRun.run({ runId, sourceId, status: end.status, finishedAt: end.finishedAt, ...end.counts, error: end.error, importRunId: end.importRunId });
    return true;
  });

  return {
    async claimDue(owner, now, leaseUntil, runId) {
      return claim.immediate(owner, now, leaseUntil, runId);
    },
    async renewLease(sourceId, owner, leaseUntil) {
      return renew.run(leaseUntil, sourceId, owner).changes > 0;
    },
    async finishRun(sourceId, owner, runId, end) {
      return finish.immediate(sourceId, owner, runId, end);
    },
  };
}
