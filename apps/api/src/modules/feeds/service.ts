import { randomUUID } from 'node:crypto';
import { FEED_INTERVAL_MINUTES, FeedSourceMessages, type AdminRetailer, type FeedRun, type FeedSource, type FeedSourceFormat, type NewAuditEntry } from '@pricehunt/contracts';
import { slugId } from '@pricehunt/catalog-core';
import { badRequest, conflict, notFound } from '@pricehunt/http-errors';
import { RETAILER_LIST } from '@pricehunt/marketplace';
import type { FeedRunRecord, FeedSourceRecord, FeedSourceRepository, OutsideRun, StoreSyncRow } from '@pricehunt/storage';

/** Runs of a source its detail answers, newest first. */
export const RUNS_SHOWN = 20;

/** Who asks: an admin (audited), or a merchant's own store (its business). */
export type FeedSourceActor = { kind: 'admin'; id: string; email: string } | { kind: 'merchant'; businessId: string };

export interface NewSourceInput {
  url: string;
  format: FeedSourceFormat;
  retailerId?: string;
  retailerName?: string;
  /** The retailer itself (a merchant's store), taken as it is. */
  retailer?: { id: string; name: string };
  intervalMinutes: number;
}

const toRun = (run: FeedRunRecord): FeedRun => ({
  id: run.id,
  status: run.status,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  rowsRead: run.rowsRead,
  added: run.added,
  changed: run.changed,
  unchanged: run.unchanged,
  gone: run.gone,
  rejected: run.rejected,
  error: run.error,
  importRunId: run.importRunId,
});

interface FeedSourceDeps {
  sources: FeedSourceRepository;
  retailers: { find(id: string): Promise<AdminRetailer | undefined>; list(): Promise<AdminRetailer[]> };
  audit: (entry: NewAuditEntry, now: string) => Promise<unknown>;
  now?: () => Date;
}

/** Whether a worker holds the source's lease at `at`. */
const running = (source: FeedSourceRecord, at: Date) => source.leaseUntil !== null && Date.parse(source.leaseUntil) > at.getTime();

/** What the audit log keeps of a source's schedule. */
const settings = (source: FeedSourceRecord) => ({ status: source.status, intervalMinutes: source.intervalMinutes });

/** The helpers every method of the service uses: a source as answered, as seen by an actor, and audited. */
function steps(deps: FeedSourceDeps) {
  const { sources } = deps;
  const now = deps.now ?? (() => new Date());

  async function present(source: FeedSourceRecord, at = now()): Promise<FeedSource> {
    const [last] = await sources.runs(source.id, 1);
    return {
      id: source.id,
      url: source.url,
      format: source.format,
      retailerId: source.retailerId,
      retailerName: source.retailerName || source.retailerId,
      businessId: source.businessId,
      intervalMinutes: source.intervalMinutes,
      status: source.status,
      nextRunAt: source.nextRunAt,
      failures: source.failures,
      running: running(source, at),
      lastRun: last ? toRun(last) : null,
      createdAt: source.createdAt,
      updatedAt: source.updatedAt,
    };
  }

  /** The source, if `actor` may see it (a merchant sees its own sources only). */
  async function visible(actor: FeedSourceActor, id: string): Promise<FeedSourceRecord> {
    const source = await sources.get(id);
    if (!source || (actor.kind === 'merchant' && source.businessId !== actor.businessId)) throw notFound(FeedSourceMessages.notFound);
    return source;
  }

  /** The retailer a new source names: one of the catalog's by id, or by name (the catalog's, the registry's, or a new one). */
  async function retailerOf(input: NewSourceInput): Promise<{ id: string; name: string }> {
    if (input.retailer) return input.retailer;
    if (input.retailerId) {
      const known = await deps.retailers.find(input.retailerId);
      if (!known) throw badRequest(FeedSourceMessages.retailerNotFound, 'retailerId');
      return { id: known.id, name: known.name };
    }
    const name = input.retailerName ?? '';
    const lower = name.toLowerCase();
    const inCatalog = (await deps.retailers.list()).find((retailer) => retailer.name.toLowerCase() === lower || retailer.id === lower);
    if (inCatalog) return { id: inCatalog.id, name: inCatalog.name };
    const registered = RETAILER_LIST.find((retailer) => retailer.name.toLowerCase() === lower || retailer.id === lower);
    if (registered) return { id: registered.id, name: registered.name };
    const id = slugId(name);
    if (!id) throw badRequest('retailerName must hold letters or digits', 'retailerName');
    return { id, name };
  }

  async function audit(actor: FeedSourceActor, action: NewAuditEntry['action'], source: FeedSourceRecord, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
    if (actor.kind !== 'admin') return;
    await deps.audit(
      { actorId: actor.id, actorEmail: actor.email, action, targetType: 'catalog', targetId: source.id, targetLabel: `${source.retailerName}: ${source.url}`, before, after },
      now().toISOString(),
    );
  }

  return { sources, now, present, visible, retailerOf, audit };
}

/** Pausing, resuming, a new interval, "run now" and removal of a source. */
function scheduleMethods({ sources, now, present, visible, audit }: ReturnType<typeof steps>) {
  return {
    async update(actor: FeedSourceActor, id: string, changes: { status?: 'active' | 'paused'; intervalMinutes?: number }): Promise<FeedSource> {
      const before = await visible(actor, id);
      const at = now();
      // A resumed source that fell due while paused runs at once; a new interval counts from the last run.
      const nextRunAt =
        changes.intervalMinutes !== undefined && before.status === 'active' && !running(before, at)
          ? new Date(Math.max(at.getTime(), Date.parse(before.nextRunAt) - before.intervalMinutes * 60_000 + changes.intervalMinutes * 60_000)).toISOString()
          : undefined;
      const updated = await sources.update(id, { ...changes, nextRunAt }, at.toISOString());
      if (!updated) throw notFound(FeedSourceMessages.notFound);
      await audit(actor, 'feed_source.update', updated, settings(before), settings(updated));
      return present(updated, at);
    },

    async remove(actor: FeedSourceActor, id: string): Promise<void> {
      const source = await visible(actor, id);
      if (!(await sources.delete(id))) throw notFound(FeedSourceMessages.notFound);
      // The offers stay in the catalog as the source left them: they go out of date, or another source takes them over.
      await audit(actor, 'feed_source.delete', source, { url: source.url, format: source.format, retailerId: source.retailerId, ...settings(source) }, null);
    },

    /** "Run now": the source is due at once; refused while paused or while a worker is running it. */
    async runNow(actor: FeedSourceActor, id: string): Promise<FeedSource> {
      const source = await visible(actor, id);
      const at = now();
      if (source.status === 'paused') throw conflict(FeedSourceMessages.paused, 'status');
      if (running(source, at)) throw conflict(FeedSourceMessages.running, 'id');
      const updated = await sources.update(id, { nextRunAt: at.toISOString() }, at.toISOString());
      if (!updated) throw notFound(FeedSourceMessages.notFound);
      await audit(actor, 'feed_source.run', updated, null, null);
      return present(updated, at);
    },
  };
}

/** A store sync's counts as a run's: the offers it read, inserted, updated and refused, the rest unchanged. */
function runOfSync(sync: StoreSyncRow, finishedAt: number): OutsideRun {
  return {
    id: sync.id,
    status: sync.status === 'failed' ? 'failed' : 'succeeded',
    startedAt: new Date(sync.startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    rowsRead: sync.offers,
    added: sync.inserted,
    changed: sync.updated,
    unchanged: Math.max(0, sync.offers - sync.inserted - sync.updated - sync.skipped),
    gone: 0,
    rejected: sync.skipped,
    error: sync.error,
  };
}

/** A merchant's connected store as a source of its own, and the store's syncs as its runs. */
function storeSourceMethods({ sources, now, present }: ReturnType<typeof steps>) {
  /**
   * A merchant's connected Shopify store as a source, made once (when the merchant syncs the store): refreshed every
   * FEED_INTERVAL_MINUTES.fallback minutes from an interval after that sync. Answers the business's source for its
   * retailer (its store, or the feed URL it added before), or null when another source has its retailer. `storeUrl` is
   * the store's public origin (`https://<domain>`), on which its product links are built.
   */
  async function ensureStoreSource(businessId: string, retailer: { id: string; name: string }, storeUrl: string): Promise<FeedSource | null> {
    const own = (await sources.list(businessId)).find((source) => source.retailerId === retailer.id);
    if (own) return present(own);
    const at = now();
    const created = await sources.create(
      {
        id: randomUUID(),
        url: storeUrl,
        format: 'shopify',
        retailerId: retailer.id,
        retailerName: retailer.name,
        businessId,
        intervalMinutes: FEED_INTERVAL_MINUTES.fallback,
        nextRunAt: new Date(at.getTime() + FEED_INTERVAL_MINUTES.fallback * 60_000).toISOString(),
      },
      at.toISOString(),
    );
    return created ? present(created, at) : null;
  }

  return {
    ensureStoreSource,

    /**
     * A merchant's store sync, ended, as a run of its store's source (made first when the sync is the store's first),
     * so that the merchant and admins see when the store was last read and what that changed, whoever read it. A sync
     * leaves a feed URL the merchant added for its retailer alone: it did not read that feed. False when nothing was
     * recorded.
     */
    async recordStoreSync(retailer: { id: string; name: string }, storeUrl: string, sync: StoreSyncRow): Promise<boolean> {
      if (sync.status === 'running' || sync.finishedAt === null) return false;
      const source = await ensureStoreSource(sync.businessId, retailer, storeUrl);
      if (!source || source.format !== 'shopify') return false;
      return sources.recordRun(source.id, runOfSync(sync, sync.finishedAt));
    },
  };
}

/**
 * Feed sources as admins and merchants manage them: registering one (with the retailer its offers belong to), pausing,
 * resuming, a new interval, "run now" (the source is due at once: a worker takes it within its poll interval) and
 * removal. The workers run them (apps/worker); this service only edits the schedule.
 */
export function createFeedSourceService(deps: FeedSourceDeps) {
  const ctx = steps(deps);
  const { sources, now, present, visible, retailerOf, audit } = ctx;

  return {
    async list(actor: FeedSourceActor): Promise<FeedSource[]> {
      const at = now();
      const all = await sources.list(actor.kind === 'merchant' ? actor.businessId : undefined);
      return Promise.all(all.map((source) => present(source, at)));
    },

    async detail(actor: FeedSourceActor, id: string): Promise<{ source: FeedSource; runs: FeedRun[] }> {
      const source = await visible(actor, id);
      return { source: await present(source), runs: (await sources.runs(id, RUNS_SHOWN)).map(toRun) };
    },

    /** Registers a source, due at once: its first run follows within a worker's poll interval. */
    async create(actor: FeedSourceActor, input: NewSourceInput): Promise<FeedSource> {
      const retailer = await retailerOf(input);
      const at = now().toISOString();
      const created = await sources.create(
        {
          id: randomUUID(),
          url: input.url,
          format: input.format,
          retailerId: retailer.id,
          retailerName: retailer.name,
          businessId: actor.kind === 'merchant' ? actor.businessId : null,
          intervalMinutes: input.intervalMinutes,
          nextRunAt: at,
        },
        at,
      );
      if (!created) throw conflict(FeedSourceMessages.retailerTaken, input.retailerId ? 'retailerId' : 'retailerName');
      await audit(actor, 'feed_source.create', created, null, { url: created.url, format: created.format, retailerId: created.retailerId, ...settings(created) });
      return present(created);
    },

    ...storeSourceMethods(ctx),
    ...scheduleMethods(ctx),
  };
}

export type FeedSourceService = ReturnType<typeof createFeedSourceService>;
