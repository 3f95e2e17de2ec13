import { SERVING_BATCHES, type ReclusterResult } from '@pricehunt/catalog-core';
import type { AuditEntry, ReclusterStatus } from '@pricehunt/contracts';
import type { Actor, AdminServiceDeps } from './service-types';

/** Who asked for a re-clustering: an admin, or the system when an instance carried one on as it started. */
type Asker = Pick<Actor, 'email'> & { id: string | null };

/** Who the audit log names for a re-clustering an instance carried on when it started. */
const AT_START: Asker = { id: null, email: 'system (carried on when the API started)' };

/** Writes what a re-clustering came to to the audit log, naming who asked for it. */
async function recordRecluster({ repo, log, now }: Pick<Required<AdminServiceDeps>, 'repo' | 'log' | 'now'>, actor: Asker, productsBefore: number, result: ReclusterResult, durationMs: number, resumed: boolean) {
  const productsAfter = await repo.countProducts();
  log.info({ ...result, productsBefore, productsAfter, durationMs, resumed }, 're-clustering ended');
  await repo.insertAudit(
    {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'catalog.recluster',
      targetType: 'catalog',
      targetId: null,
      targetLabel: 'products',
      before: { products: productsBefore },
      after: { products: productsAfter, productsKept: result.productsKept, offers: result.offers, durationMs, resumed },
    },
    now().toISOString(),
  );
}

/** The last re-clustering as its audit entry records it; null with none. */
function lastRecluster(entry: AuditEntry | undefined): ReclusterStatus['last'] {
  if (!entry) return null;
  const after = (entry.after ?? {}) as { products?: number; productsKept?: number; offers?: number; durationMs?: number; resumed?: boolean };
  return {
    endedAt: entry.createdAt,
    by: entry.actorEmail,
    offers: after.offers ?? 0,
    productsBefore: Number((entry.before ?? {}).products ?? 0),
    productsAfter: after.products ?? 0,
    productsKept: after.productsKept ?? 0,
    durationMs: after.durationMs ?? 0,
    resumed: after.resumed ?? false,
  };
}

/**
 * Re-clustering from the admin console, in the background of this instance: begun (or joined) when asked, its offers
 * placed in batches of about 100 ms (`SERVING_BATCHES`) so requests are answered meanwhile, its outcome written to the
 * audit log when it ends. One placing loop per instance; other instances at the same re-clustering share its batches.
 * A re-clustering left under way by an instance that died is carried on by the next to start (`resumeAtStart`).
 */
export function createReclusterRuns({ repo, catalog, log, now = () => new Date() }: AdminServiceDeps) {
  let running: Promise<void> | null = null;
  let stopping = false;
  // The products the offers were in when the re-clustering began, read before it ends (and forgets them).
  let productsBefore = 0;

  /** Places the offers of the re-clustering under way to its end, then records who asked and what it came to. */
  function carryOn(actor: Asker, resumed: boolean) {
    const started = Date.now();
    running = catalog.ingestion
      .resumeRecluster({
        ...SERVING_BATCHES,
        stopping: () => stopping,
        onUnplaceable: (offerId, error) => log.warn({ err: error, offerId }, 're-clustering could not place an offer: it is in a product of its own'),
      })
      .then((result) => {
        // Recorded once, by the instance that ended it (others at the same re-clustering shared its batches).
        if (result?.ended) return recordRecluster({ repo, log, now }, actor, productsBefore, result, Date.now() - started, resumed);
        if (stopping) log.info({}, 're-clustering stopped for the close: the next start carries it on');
        return undefined;
      })
      .catch((error: unknown) => log.error({ err: error }, 're-clustering failed: the next start carries it on'))
      .finally(() => (running = null));
  }

  const underWay = () => catalog.ingestion.reclusterProgress();

  return {
    /**
     * Begins a re-clustering, or joins the one under way (begun by another admin, instance or command: `resumed`),
     * and answers at once with its progress; the offers are placed in the background.
     */
    async startRecluster(actor: Actor) {
      if (running) return { underWay: await underWay(), resumed: true };
      const resumed = !(await catalog.ingestion.beginRecluster());
      const progress = await underWay();
      productsBefore = progress?.productsBefore ?? 0;
      carryOn(actor, resumed);
      return { underWay: progress, resumed };
    },

    /** The re-clustering under way, if any, and the last one the audit log records. */
    async reclusterStatus(): Promise<ReclusterStatus> {
      const [progress, audit] = await Promise.all([underWay(), repo.listAudit({ action: 'catalog.recluster', page: 1, pageSize: 1 })]);
      return { underWay: progress, last: lastRecluster(audit.items[0]) };
    },

    /** Carries on a re-clustering an instance that died left under way (called once the API is up). */
    async resumeAtStart() {
      const progress = await underWay();
      if (!progress || running) return;
      log.warn(progress, 'a re-clustering was left under way: carrying it on');
      productsBefore = progress.productsBefore;
      carryOn(AT_START, true);
    },

    /** Stops placing offers after the batch under way (the app is closing); the next start carries the rest on. */
    async stopReclustering() {
      stopping = true;
      await running;
    },
  };
}
