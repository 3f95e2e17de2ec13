/** The formats a feed source can be read in. */
export type { FeedSourceFormat } from '@pricehunt/contracts';
import type { FeedSourceFormat } from '@pricehunt/contracts';

export interface FeedSourceRecord {
  id: string;
  url: string;
  format: FeedSourceFormat;
  retailerId: string;
  /** The retailer's name as the source was given it. */
  retailerName: string;
  /** The merchant whose store the source is; null for an admin's source. */
  businessId: string | null;
  intervalMinutes: number;
  status: 'active' | 'paused';
  /** When the source is next due (ISO 8601). */
  nextRunAt: string;
  etag: string | null;
  lastModified: string | null;
  /** Runs that failed in a row. */
  failures: number;
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewFeedSource = Pick<FeedSourceRecord, 'id' | 'url' | 'format' | 'retailerId' | 'retailerName' | 'businessId' | 'intervalMinutes' | 'nextRunAt'>;

/** What an admin changes of a source: pause or resume it, its interval, when it next runs ("run now"). */
export type FeedSourceChanges = Partial<Pick<FeedSourceRecord, 'status' | 'intervalMinutes' | 'nextRunAt'>>;

export interface FeedRunRecord {
  id: string;
  sourceId: string;
  status: 'running' | 'succeeded' | 'not-modified' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  rowsRead: number;
  added: number;
  changed: number;
  unchanged: number;
  gone: number;
  rejected: number;
  error: string | null;
  importRunId: string | null;
}

/** How a run ended, and what the source keeps of it for the next one. */
export interface FeedRunEnd {
  status: Exclude<FeedRunRecord['status'], 'running'>;
  finishedAt: string;
  counts: Pick<FeedRunRecord, 'rowsRead' | 'added' | 'changed' | 'unchanged' | 'gone' | 'rejected'>;
  error: string | null;
  importRunId: string | null;
  /** The validators to send next time (kept as they were when null: a failed run changes nothing). */
  validators: { etag: string | null; lastModified: string | null } | null;
  /** When the source is due again: its interval after a success, a backoff after a failure. */
  nextRunAt: string;
}

/** A run that happened outside the workers' queue (a merchant's store sync of the source's store), as it ended. */
export type OutsideRun = Pick<FeedRunRecord, 'id' | 'startedAt' | 'rowsRead' | 'added' | 'changed' | 'unchanged' | 'gone' | 'rejected' | 'error'> & {
  status: 'succeeded' | 'failed';
  finishedAt: string;
};

/**
 * Feed sources and their runs. The sources are also the work queue of the workers that refresh them: `claimDue` hands
 * a due source to one worker at a time, under a lease that the worker renews while it runs; a worker that is killed
 * stops renewing, and the source is due for another one when its lease runs out.
 */
export interface FeedSourceRepository {
  /** Adds a source; null (nothing written) when its retailer already has one. */
  create(source: NewFeedSource, now: string): Promise<FeedSourceRecord | null>;
  /** Every source, oldest first (a business's only when `businessId` is given). */
  list(businessId?: string): Promise<FeedSourceRecord[]>;
  get(id: string): Promise<FeedSourceRecord | null>;
  update(id: string, changes: FeedSourceChanges, now: string): Promise<FeedSourceRecord | null>;
  /** Deletes a source and its runs; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** A source's last runs, newest first. */
  runs(sourceId: string, limit: number): Promise<FeedRunRecord[]>;
  /**
   * Adds a run that read the source outside the queue, ended as given; the source's schedule, lease and failure count
   * stay as they are. False (nothing written) when the source is gone or a run of that id is recorded already: a run
   * told twice is recorded once.
   */
  recordRun(sourceId: string, run: OutsideRun): Promise<boolean>;
  /**
   * Takes the active source that has been due longest (`next_run_at` at or before `now`) and whose lease is free or ran
   * out, for `owner` until `leaseUntil`, and starts its run `runId`: one worker gets it, whatever number ask at once.
   * A run of the source still `running` (its worker was killed) is marked failed first.
   */
  claimDue(owner: string, now: string, leaseUntil: string, runId: string): Promise<{ source: FeedSourceRecord; run: FeedRunRecord } | null>;
  /** Extends `owner`'s lease; false when it is no longer the owner's (it ran out and another worker took it). */
  renewLease(sourceId: string, owner: string, leaseUntil: string): Promise<boolean>;
  /** Ends `owner`'s run and frees the source until `end.nextRunAt`; false when the lease is no longer the owner's. */
  finishRun(sourceId: string, owner: string, runId: string, end: FeedRunEnd): Promise<boolean>;
}
