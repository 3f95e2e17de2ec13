import { randomUUID } from 'node:crypto';
import type { FeedRow } from '@pricehunt/catalog-feeds';
import type { CatalogServices, ImportFormat, RefreshSummary } from '@pricehunt/catalog-core';
import type { FeedRunEnd, FeedSourceRecord, FeedSourceRepository } from '@pricehunt/storage';
import type { Logger } from './logger';

/** The validators a conditional request sends back (`If-None-Match`, `If-Modified-Since`). */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/**
 * What reading a source gave: the feed had not changed since the validators were taken (one request, nothing to
 * apply), or its rows with the validators to send next time. A read that fails throws, with a message for the console.
 */
export type FeedRead = { status: 'not-modified' } | { status: 'read'; rows: FeedRow[]; validators: Validators | null };

export type ReadSource = (source: FeedSourceRecord, validators: Validators) => Promise<FeedRead>;

/** The first wait after a failed run; each failure in a row doubles it, up to the source's interval. */
export const FIRST_RETRY_MS = 60_000;

/** When a source is due again after a run: its interval after a success, a backoff after failures in a row. */
export function nextRunAfter(source: Pick<FeedSourceRecord, 'intervalMinutes' | 'failures'>, failed: boolean, now: Date): Date {
  const interval = source.intervalMinutes * 60_000;
  if (!failed) return new Date(now.getTime() + interval);
  const backoff = FIRST_RETRY_MS * 2 ** Math.min(source.failures, 20);
  return new Date(now.getTime() + Math.min(interval, backoff));
}

/** The import run's format for a source's format. */
const IMPORT_FORMATS: Record<FeedSourceRecord['format'], ImportFormat> = {
  'gmc-tsv': 'gmc',
  'gmc-xml': 'gmc',
  shopify: 'shopify',
  'awin-csv': 'awin',
  'impact-csv': 'impact',
};

const noCounts: FeedRunEnd['counts'] = { rowsRead: 0, added: 0, changed: 0, unchanged: 0, gone: 0, rejected: 0 };

/** What one run did, for the log and for what follows a run (price alerts). */
export interface RunOutcome {
  sourceId: string;
  runId: string;
  status: FeedRunEnd['status'];
  counts: FeedRunEnd['counts'];
  error: string | null;
  /** False when the lease was lost before the end (another worker took the source): nothing of the end was written. */
  recorded: boolean;
}

export interface FeedWorkerDeps {
  sources: FeedSourceRepository;
  refresh: CatalogServices['refresh'];
  read: ReadSource;
  /** The store domain a merchant's offers must link to (null: the business has none, its source is refused). */
  storeDomainOf: (businessId: string) => Promise<string | null>;
  /** Told after each run that changed prices or stock (price alerts are checked there). */
  afterRun?: (outcome: RunOutcome) => Promise<void>;
  owner: string;
  retireAfterRuns: number;
  /** How long a lease lasts; it is renewed every third of it while the run goes on. */
  leaseMs: number;
  log: Logger;
  clock?: () => Date;
}

type RunEnd = Omit<FeedRunEnd, 'finishedAt' | 'nextRunAt'>;

async function apply(deps: FeedWorkerDeps, source: FeedSourceRecord, rows: FeedRow[]): Promise<RefreshSummary> {
  const linkDomain = source.businessId ? await deps.storeDomainOf(source.businessId) : undefined;
  if (source.businessId && !linkDomain) throw new Error('The merchant has no store domain any more: its feed cannot be applied');
  return deps.refresh(rows, {
    format: IMPORT_FORMATS[source.format],
    source: source.url,
    retailer: { id: source.retailerId, name: source.retailerName || source.retailerId },
    businessId: source.businessId,
    ...(linkDomain ? { linkDomain } : {}),
    expectedRows: rows.length,
    retireAfterRuns: deps.retireAfterRuns,
  });
}

/** Reads the source (conditionally) and applies what changed; a failure is the run's end, never thrown. */
async function readAndApply(deps: FeedWorkerDeps, source: FeedSourceRecord): Promise<RunEnd> {
  try {
    const read = await deps.read(source, { etag: source.etag, lastModified: source.lastModified });
    if (read.status === 'not-modified') return { status: 'not-modified', counts: noCounts, error: null, importRunId: null, validators: null };
    const summary = await apply(deps, source, read.rows);
    const counts = { rowsRead: summary.rowsRead, added: summary.added, changed: summary.changed, unchanged: summary.unchanged, gone: summary.gone, rejected: summary.rejected };
    return summary.status === 'succeeded'
      ? { status: 'succeeded', counts, error: null, importRunId: summary.runId, validators: read.validators ?? { etag: null, lastModified: null } }
      : { status: 'failed', counts, error: summary.failure ?? 'The import failed', importRunId: summary.runId, validators: null };
  } catch (error) {
    return { status: 'failed', counts: noCounts, error: error instanceof Error ? error.message : String(error), importRunId: null, validators: null };
  }
}

/** Renews the source's lease every third of its length until `stop` is called; `lost()` says whether it ran out. */
function keepLease(deps: FeedWorkerDeps, source: FeedSourceRecord, clock: () => Date) {
  let leaseLost = false;
  const renew = setInterval(() => {
    deps.sources
      .renewLease(source.id, deps.owner, new Date(clock().getTime() + deps.leaseMs).toISOString())
      .then((kept) => {
        if (!kept) leaseLost = true;
      })
      .catch((error: unknown) => deps.log.warn({ err: error, sourceId: source.id }, 'feed source lease renewal failed'));
  }, Math.max(1000, Math.floor(deps.leaseMs / 3)));
  return { stop: () => clearInterval(renew), lost: () => leaseLost };
}

/** The run's line in the log, and what follows a run that changed prices or stock. */
async function reportRun(deps: FeedWorkerDeps, source: FeedSourceRecord, outcome: RunOutcome) {
  const { log } = deps;
  const { runId, counts, recorded } = outcome;
  const line = `feed run ${outcome.status}: ${source.retailerName} read ${counts.rowsRead}, added ${counts.added}, changed ${counts.changed}, gone ${counts.gone}, rejected ${counts.rejected}`;
  if (outcome.status === 'failed') log.warn({ sourceId: source.id, runId, error: outcome.error, recorded }, `${line}: ${outcome.error}`);
  else log.info({ sourceId: source.id, runId, recorded }, line);
  if (!recorded) log.warn({ sourceId: source.id, runId }, 'the lease of the source ran out before the run ended: another worker has it');
  if (deps.afterRun && (counts.changed > 0 || counts.added > 0 || counts.gone > 0)) {
    await deps.afterRun(outcome).catch((error: unknown) => log.warn({ err: error, sourceId: source.id }, 'what follows a feed run failed'));
  }
}

/**
 * A worker of the feed-source queue: takes the source due longest (one worker per source, whatever number run), keeps
 * its lease while it reads and applies the feed, and ends the run with its counts or its error. A failing source
 * keeps its offers and its last validators and is tried again after a backoff; a worker killed mid-run stops renewing
 * its lease, and the next worker to take the source marks that run failed and reads the feed again.
 */
export function createFeedWorker(deps: FeedWorkerDeps) {
  const { sources, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Runs the source due longest, if any; answers what the run did, or null when nothing was due. */
  async function runDue(): Promise<RunOutcome | null> {
    const started = clock();
    const runId = randomUUID();
    const claimed = await sources.claimDue(deps.owner, started.toISOString(), new Date(started.getTime() + deps.leaseMs).toISOString(), runId);
    if (!claimed) return null;
    const { source } = claimed;
    log.info({ sourceId: source.id, runId, url: source.url }, `feed run started: ${source.retailerName} (${source.format})`);
    const lease = keepLease(deps, source, clock);
    let end: RunEnd;
    try {
      end = await readAndApply(deps, source);
    } finally {
      lease.stop();
    }
    const finished = clock();
    const recorded =
      !lease.lost() &&
      (await sources.finishRun(source.id, deps.owner, runId, {
        ...end,
        finishedAt: finished.toISOString(),
        nextRunAt: nextRunAfter(source, end.status === 'failed', finished).toISOString(),
      }));
    const outcome: RunOutcome = { sourceId: source.id, runId, status: end.status, counts: end.counts, error: end.error, recorded };
    await reportRun(deps, source, outcome);
    return outcome;
  }

  let stopping = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  return {
    runDue,
    /** Runs due sources one after another, and looks for the next every `pollMs` while none is due. */
    start(pollMs: number): void {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          let ran: RunOutcome | null = null;
          try {
            ran = await runDue();
          } catch (error) {
            log.error({ err: error }, 'the feed worker could not take a source');
          }
          if (ran || stopping) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      })();
    },
    /** Stops after the run under way, if any. */
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
}

export type FeedWorker = ReturnType<typeof createFeedWorker>;
