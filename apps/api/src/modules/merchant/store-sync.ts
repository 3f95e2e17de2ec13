import { randomUUID } from 'node:crypto';
import type { StoreSync } from '@pricehunt/contracts';
import { badRequest } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import type { MerchantRepository, StoreSyncProgress, StoreSyncRow } from '@pricehunt/storage';
import { toStoreSync } from './service';

/** How far an import has come after a page. */
export type ShopifyPageProgress = StoreSyncProgress;

/** Imports a store's /products.json page by page into the catalog as the business's offers. */
export type ShopifyImport = (options: {
  storeDomain: string;
  businessId: string;
  onPage: (progress: ShopifyPageProgress) => Promise<void>;
}) => Promise<ShopifyPageProgress & { failure?: string }>;

/** How often a running sync says it is alive; one silent for `SYNC_SILENT_MS` is taken for dead. */
export const SYNC_HEARTBEAT_MS = 15_000;
export const SYNC_SILENT_MS = 4 * SYNC_HEARTBEAT_MS;

interface SyncDeps {
  repository: MerchantRepository;
  importShopify: ShopifyImport;
  storeDomainOf: (businessId: string) => Promise<string | null>;
  log: Logger;
  now?: () => number;
  /**
   * Told of each sync once it has ended, as stored (the store's source records it as a run, once for a sync told
   * twice). Its failure is logged and the sync stays as it ended, untold until the next start tells it again.
   */
  onEnded?: (sync: StoreSyncRow) => Promise<unknown>;
}

/** One sync, start to end, marking it alive every SYNC_HEARTBEAT_MS while it runs. */
async function runSync(deps: SyncDeps & { now: () => number }, syncId: string, businessId: string, storeDomain: string) {
  const { repository, log, now } = deps;
  const heartbeat = setInterval(() => {
    repository.updateSync(syncId, { heartbeatAt: now() }).catch((error: unknown) => log.warn({ err: error, syncId }, 'store sync heartbeat failed'));
  }, SYNC_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const result = await deps.importShopify({
      storeDomain,
      businessId,
      onPage: (p) => repository.updateSync(syncId, { ...p, heartbeatAt: now() }),
    });
    await repository.updateSync(syncId, {
      ...result,
      status: result.failure ? 'failed' : 'succeeded',
      error: result.failure ?? null,
      finishedAt: now(),
    });
  } catch (error) {
    log.warn({ err: error, businessId, storeDomain }, 'store sync failed');
    await repository.updateSync(syncId, { status: 'failed', error: error instanceof Error ? error.message : String(error), finishedAt: now() });
  } finally {
    clearInterval(heartbeat);
  }
  await tellEnded(deps, syncId, businessId);
}

/**
 * Hands an ended sync, as stored, to `onEnded` and notes it told; a failure is logged and leaves it untold, so that the
 * next start tells it again.
 */
async function tell({ repository, log, onEnded }: SyncDeps, sync: StoreSyncRow, now: () => number) {
  if (!onEnded || sync.status === 'running') return;
  try {
    await onEnded(sync);
    await repository.markSyncRunRecorded(sync.id, now());
  } catch (error) {
    log.warn({ err: error, businessId: sync.businessId, syncId: sync.id }, 'a store sync ended, but what follows its end failed');
  }
}

/** Hands the sync, as stored once it ended, to `onEnded`. */
async function tellEnded(deps: SyncDeps & { now: () => number }, syncId: string, businessId: string) {
  try {
    const ended = await deps.repository.findSync(businessId, syncId);
    if (ended) await tell(deps, ended, deps.now);
  } catch (error) {
    deps.log.warn({ err: error, businessId, syncId }, 'a store sync ended, but it could not be read back');
  }
}

/** How many untold syncs one start hands to `onEnded`; the rest wait for the next start. */
const UNTOLD_PER_START = 100;

/**
 * Marks failed the syncs whose process stopped (silent for SYNC_SILENT_MS), then hands to `onEnded` every sync that
 * ended untold: the ones just marked, and any whose process stopped between its end and that call. Its source records
 * each as a run, once, whoever tells it.
 */
async function failInterrupted(deps: SyncDeps, now: () => number): Promise<void> {
  await deps.repository.failInterruptedSyncs(now() - SYNC_SILENT_MS);
  if (!deps.onEnded) return;
  for (const sync of await deps.repository.syncsEndedUnrecorded(UNTOLD_PER_START)) await tell(deps, sync, now);
}

/**
 * Runs "Connect Shopify store": one sync per business at a time, whichever API instance is asked (the database
 * refuses a second running one), in the background; the dashboard polls its row for progress. The instance running
 * a sync marks it alive every SYNC_HEARTBEAT_MS; a running sync silent for SYNC_SILENT_MS lost its process (an
 * instance restarted mid-import) and is marked failed at start-up and before a new sync of its business, then told to
 * `onEnded` as any sync that ended. A sync that ended untold (its process stopped before it was told) is told then too.
 */
export function createStoreSyncService(deps: SyncDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const running = new Map<string, Promise<void>>();
  const interruptedMarked = failInterrupted(deps, now);
  // A failure here is the first start's to report.
  interruptedMarked.catch(() => undefined);

  async function begin(businessId: string): Promise<StoreSync> {
    await interruptedMarked;
    const storeDomain = await deps.storeDomainOf(businessId);
    // A sync whose instance died is given up, so that it does not hold the business's one running sync.
    await failInterrupted(deps, now);
    const existing = await repository.latestSync(businessId);
    if (existing?.status === 'running') return toStoreSync(existing);
    if (!storeDomain) throw badRequest('Set your store domain first', 'storeDomain');
    const startedAt = now();
    const row = await repository.insertSync({ id: randomUUID(), businessId, storeDomain, status: 'running', startedAt, heartbeatAt: startedAt });
    if (!row) {
      // Another instance started one between the look and the insert: that is the business's sync.
      const current = await repository.latestSync(businessId);
      if (current) return toStoreSync(current);
      throw new Error('a store sync was refused, but none is running');
    }
    const job = runSync({ ...deps, now }, row.id, businessId, storeDomain).finally(() => running.delete(businessId));
    running.set(businessId, job);
    return toStoreSync(row);
  }
  // A start still reading what is running is joined by the next start of that business, which would otherwise not
  // see the sync it is about to begin.
  const starting = new Map<string, Promise<StoreSync>>();

  return {
    start(businessId: string): Promise<StoreSync> {
      const pending = starting.get(businessId);
      if (pending) return pending;
      const begun = begin(businessId).finally(() => starting.delete(businessId));
      starting.set(businessId, begun);
      return begun;
    },
    async get(businessId: string, id: string): Promise<StoreSync | null> {
      const row = await repository.findSync(businessId, id);
      return row ? toStoreSync(row) : null;
    },
    /** Resolves when every running sync has ended (used at shutdown and in tests). */
    async idle(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}

export type StoreSyncService = ReturnType<typeof createStoreSyncService>;
