import { randomUUID } from 'node:crypto';
import type { Watch, WatchChannel, WatchEvent } from '@pricehunt/contracts';
import type { SaveWatchResult, WatchDeliveryJob, WatchEvaluationRow, WatchRepository } from './repository';
import { count, flag, flagParam, pgOnly, rows, type Work, type WorkRunner } from './sql-work';
import { num, placeholders, setChannels, titleOf, viewOf, views, WATCH_SELECT, type WatchSelection } from './sql-watch-views';

/** The unit-of-work runner's transaction: each method's statements run as one. */
type Tx = WorkRunner['transaction'];

/** A delivery job from its row. */
function deliveryJobOf(job: Record<string, unknown>): WatchDeliveryJob {
  return {
    id: job['id'] as string,
    eventId: job['eventId'] as string,
    watchId: job['watchId'] as string,
    channel: job['channel'] as WatchChannel,
    destination: job['destination'] as string,
    attempts: Number(job['attempts']),
    event: job['event'] as WatchEvent,
    occurredAt: Number(job['occurredAt']),
    oldPriceCents: num(job['oldPriceCents']),
    newPriceCents: num(job['newPriceCents']),
    targetPriceCents: num(job['targetPriceCents']),
    currency: job['currency'] as string | null,
    productId: num(job['productId']),
    title: job['title'] as string,
    store: job['store'] as string | null,
    storeUrl: job['storeUrl'] as string | null,
    stopToken: job['stopToken'] as string,
  };
}

/** Watches: one saved per owner and target, up to the owner's limit. */
function saveWatch(tx: Tx): Pick<WatchRepository, 'save'> {
  return {
    save(watch, channels, limit, options) {
      return tx(function* (): Work<SaveWatchResult> {
        // One unit of work of an owner at a time (SQLite: the immediate transaction): count, then insert.
        yield* pgOnly('SELECT pg_advisory_xact_lock(hashtext(?))', [`watch-owner:${watch.owner}`]);
        const [existing] = yield* rows<{ id: string; status: 'pending' | 'active' }>('SELECT id AS "id", status AS "status" FROM watches WHERE owner = ? AND target = ?', [
          watch.owner,
          watch.target,
        ]);
        if (existing) {
          if (existing.status === 'active' && !options.replaceActive) return { kind: 'exists', watch: (yield* viewOf(existing.id)) as Watch };
          yield* count(
            `UPDATE watches SET target_price_cents = ?, armed = ?, title = ?, offer_id = COALESCE(?, offer_id), product_id = COALESCE(?, product_id),
               confirm_token_hash = ?, confirm_expires_at = ?, updated_at = ? WHERE id = ?`,
            [
              watch.targetPriceCents,
              flagParam(true),
              watch.title,
              watch.offerId,
              watch.productId,
              existing.status === 'pending' ? watch.confirmTokenHash : null,
              existing.status === 'pending' ? watch.confirmExpiresAt : null,
              options.at,
              existing.id,
            ],
          );
          yield* setChannels(existing.id, channels);
          return { kind: 'updated', watch: (yield* viewOf(existing.id)) as Watch };
        }
        const [{ n }] = (yield* rows<{ n: number }>('SELECT count(*) AS "n" FROM watches WHERE owner = ?', [watch.owner])) as [{ n: number }];
        if (Number(n) >= limit) return { kind: 'full' };
        yield* count(
          `INSERT INTO watches (id, shopper_id, owner, email, status, confirm_token_hash, confirm_expires_at, stop_token, target, product_id, offer_id, url, title,
             target_price_cents, armed, evaluations, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
          [
            watch.id,
            watch.shopperId,
            watch.owner,
            watch.email,
            watch.status,
            watch.confirmTokenHash,
            watch.confirmExpiresAt,
            watch.stopToken,
            watch.target,
            watch.productId,
            watch.offerId,
            watch.url,
            watch.title,
            watch.targetPriceCents,
            flagParam(true),
            watch.createdAt,
            watch.createdAt,
          ],
        );
        yield* setChannels(watch.id, channels);
        return { kind: 'created', watch: (yield* viewOf(watch.id)) as Watch };
      });
    },
  };
}

/** An owner's watches: listed, read, changed, removed, confirmed, stopped. */
function ownerWatches(tx: Tx): Pick<WatchRepository, 'list' | 'get' | 'update' | 'remove' | 'confirm' | 'stop'> {
  return {
    list(shopperId, limit) {
      return tx(function* () {
        const selected = yield* rows<WatchSelection>(`${WATCH_SELECT} WHERE w.shopper_id = ? ORDER BY w.created_at DESC, w.id DESC LIMIT ?`, [shopperId, limit]);
        return yield* views(selected);
      });
    },

    get(shopperId, id) {
      return tx(function* () {
        const selected = yield* rows<WatchSelection>(`${WATCH_SELECT} WHERE w.shopper_id = ? AND w.id = ?`, [shopperId, id]);
        return (yield* views(selected))[0] ?? null;
      });
    },

    update(shopperId, id, change, at) {
      return tx(function* (): Work<Watch | null> {
        const [found] = yield* rows<{ id: string }>('SELECT id AS "id" FROM watches WHERE shopper_id = ? AND id = ? /*pg: FOR UPDATE */', [shopperId, id]);
        if (!found) return null;
        if (change.targetPriceCents !== undefined) {
          yield* count('UPDATE watches SET target_price_cents = ?, armed = ?, updated_at = ? WHERE id = ?', [change.targetPriceCents, flagParam(true), at, id]);
        }
        if (change.channels) yield* setChannels(id, change.channels);
        if (change.resume) yield* count('UPDATE watch_channels SET paused_at = NULL, failures = 0, last_error = NULL WHERE watch_id = ? AND paused_at IS NOT NULL', [id]);
        yield* count('UPDATE watches SET updated_at = ? WHERE id = ?', [at, id]);
        return yield* viewOf(id);
      });
    },

    remove(shopperId, id) {
      return tx(() => count('DELETE FROM watches WHERE shopper_id = ? AND id = ?', [shopperId, id]));
    },

    confirm(tokenHash, at) {
      return tx(function* () {
        const [row] = yield* rows<{ id: string }>(
          `UPDATE watches SET status = 'active', confirm_token_hash = NULL, confirm_expires_at = NULL, updated_at = ?
           WHERE confirm_token_hash = ? AND status = 'pending' AND confirm_expires_at > ? RETURNING id AS "id"`,
          [at, tokenHash, at],
        );
        return row ? yield* titleOf(row.id) : null;
      });
    },

    stop(stopToken) {
      return tx(function* () {
        const [row] = yield* rows<{ id: string }>('SELECT id AS "id" FROM watches WHERE stop_token = ?', [stopToken]);
        if (!row) return null;
        const title = yield* titleOf(row.id);
        return (yield* count('DELETE FROM watches WHERE id = ?', [row.id])) > 0 ? title : null;
      });
    },
  };
}

/** The pages watched, their reads, and the rows evaluations start from. */
function watchedPages(tx: Tx): Pick<WatchRepository, 'watchedUrls' | 'notePageRead' | 'evaluationRows'> {
  return {
    watchedUrls() {
      return tx(function* () {
        // The watched links, and the pages read for shoppers among the offers of watched products: no feed keeps those
        // fresh (a product watch covers every store's offer of it).
        const found = yield* rows<{ url: string }>(
          `SELECT url AS "url" FROM watches WHERE status = 'active' AND url IS NOT NULL
           UNION
           SELECT o.url AS "url" FROM offers o JOIN watches w ON w.product_id = o.product_id
           WHERE w.status = 'active' AND w.url IS NULL AND o.origin = 'page'
           ORDER BY 1`,
        );
        return found.map((row) => row.url);
      });
    },

    notePageRead(url, at, placed) {
      return tx(function* () {
        if (placed) {
          yield* count(`UPDATE watches SET last_checked_at = ?, offer_id = ?, product_id = ? WHERE url = ? AND status = 'active'`, [at, placed.offerId, placed.productId, url]);
        } else {
          yield* count(`UPDATE watches SET last_checked_at = ? WHERE url = ? AND status = 'active'`, [at, url]);
        }
      });
    },

    evaluationRows() {
      return tx(function* () {
        const selected = yield* rows<WatchSelection>(`${WATCH_SELECT} WHERE w.status = 'active' ORDER BY w.id`);
        return selected.map(
          (row): WatchEvaluationRow => ({
            id: row.id,
            productId: num(row.productId),
            url: row.url,
            title: row.title,
            store: row.store,
            storeUrl: row.storeUrl,
            currency: row.currency,
            targetPriceCents: num(row.targetPriceCents),
            priceCents: num(row.priceCents),
            inStock: flag(row.inStock),
            armed: flag(row.armed) === true,
            seenPriceCents: num(row.seenPriceCents),
            seenInStock: flag(row.seenInStock),
            evaluatedAt: num(row.evaluatedAt),
            evaluations: Number(row.evaluations),
          }),
        );
      });
    },
  };
}

/** An evaluation, with the events it found and their deliveries. */
function evaluations(tx: Tx): Pick<WatchRepository, 'recordEvaluation'> {
  return {
    recordEvaluation(evaluation) {
      return tx(function* (): Work<boolean> {
        // Conditional on the evaluation read: of two evaluations of one reading, one writes (PostgreSQL: the second
        // waits for the first's row lock, then finds the count moved on).
        const changed = yield* count(
          `UPDATE watches SET seen_price_cents = ?, seen_in_stock = ?, armed = ?, evaluated_at = ?, evaluations = evaluations + 1
           WHERE id = ? AND evaluations = ? AND status = 'active'`,
          [evaluation.seenPriceCents, flagParam(evaluation.seenInStock), flagParam(evaluation.armed), evaluation.at, evaluation.watchId, evaluation.evaluations],
        );
        if (changed === 0) return false;
        if (evaluation.events.length === 0) return true;
        const [watch] = yield* rows<WatchSelection>(`${WATCH_SELECT} WHERE w.id = ?`, [evaluation.watchId]);
        if (!watch) return true;
        const channels = yield* rows<{ channel: WatchChannel; destination: string }>(
          'SELECT channel AS "channel", destination AS "destination" FROM watch_channels WHERE watch_id = ? AND paused_at IS NULL ORDER BY channel',
          [evaluation.watchId],
        );
        for (const event of evaluation.events) {
          yield* count(
            `INSERT INTO watch_events (id, watch_id, event, old_price_cents, new_price_cents, target_price_cents, currency, product_id, title, store, store_url, occurred_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              event.id,
              evaluation.watchId,
              event.event,
              event.oldPriceCents,
              event.newPriceCents,
              num(watch.targetPriceCents),
              watch.currency,
              num(watch.productId),
              watch.title,
              watch.store,
              watch.storeUrl,
              evaluation.at,
            ],
          );
          for (const channel of channels) {
            yield* count(
              `INSERT INTO watch_deliveries (id, event_id, watch_id, channel, destination, status, attempts, next_attempt_at, created_at)
               VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
              [randomUUID(), event.id, evaluation.watchId, channel.channel, channel.destination, evaluation.at, evaluation.at],
            );
          }
        }
        return true;
      });
    },
  };
}

/** Deliveries due, claimed under a lease. */
function deliveryClaims(tx: Tx): Pick<WatchRepository, 'claimDeliveries'> {
  return {
    claimDeliveries(owner, now, leaseMs, limit) {
      return tx(function* (): Work<WatchDeliveryJob[]> {
        // PostgreSQL: rows another worker is claiming are passed over; SQLite: the immediate transaction claims alone.
        const due = yield* rows<{ id: string }>(
          `SELECT d.id AS "id" FROM watch_deliveries d
           JOIN watch_channels c ON c.watch_id = d.watch_id AND c.channel = d.channel
           WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until <= ?) AND c.paused_at IS NULL
           ORDER BY d.next_attempt_at, d.id LIMIT ? /*pg: FOR UPDATE OF d SKIP LOCKED */`,
          [now, now, limit],
        );
        if (due.length === 0) return [];
        const ids = due.map((row) => row.id);
        yield* count(`UPDATE watch_deliveries SET lease_owner = ?, lease_until = ? WHERE id IN (${placeholders(ids.length)})`, [owner, now + leaseMs, ...ids]);
        const jobs = yield* rows<Record<string, unknown>>(
          `SELECT d.id AS "id", d.event_id AS "eventId", d.watch_id AS "watchId", d.channel AS "channel", d.destination AS "destination", d.attempts AS "attempts",
             e.event AS "event", e.occurred_at AS "occurredAt", e.old_price_cents AS "oldPriceCents", e.new_price_cents AS "newPriceCents",
             e.target_price_cents AS "targetPriceCents", e.currency AS "currency", e.product_id AS "productId", e.title AS "title", e.store AS "store",
             e.store_url AS "storeUrl", w.stop_token AS "stopToken"
           FROM watch_deliveries d JOIN watch_events e ON e.id = d.event_id JOIN watches w ON w.id = d.watch_id
           WHERE d.id IN (${placeholders(ids.length)}) ORDER BY d.next_attempt_at, d.id`,
          ids,
        );
        return jobs.map(deliveryJobOf);
      });
    },
  };
}

/** A delivery sent, or failed (a channel failing too often is paused). */
function deliveryOutcomes(tx: Tx): Pick<WatchRepository, 'deliverySucceeded' | 'deliveryFailed'> {
  return {
    deliverySucceeded(id, owner, at) {
      return tx(function* (): Work<boolean> {
        const [sent] = yield* rows<{ watchId: string; channel: string }>(
          `UPDATE watch_deliveries SET status = 'sent', sent_at = ?, attempts = attempts + 1, lease_owner = NULL, lease_until = NULL, last_error = NULL
           WHERE id = ? AND lease_owner = ? AND status = 'pending' RETURNING watch_id AS "watchId", channel AS "channel"`,
          [at, id, owner],
        );
        if (!sent) return false;
        yield* count('UPDATE watch_channels SET failures = 0, last_error = NULL, last_delivered_at = ? WHERE watch_id = ? AND channel = ?', [at, sent.watchId, sent.channel]);
        return true;
      });
    },

    deliveryFailed(id, owner, failure) {
      return tx(function* (): Work<{ recorded: boolean; paused: boolean }> {
        const [failed] = yield* rows<{ watchId: string; channel: string }>(
          `UPDATE watch_deliveries SET attempts = attempts + 1, next_attempt_at = ?, lease_owner = NULL, lease_until = NULL, last_error = ?
           WHERE id = ? AND lease_owner = ? AND status = 'pending' RETURNING watch_id AS "watchId", channel AS "channel"`,
          [failure.retryAt, failure.error, id, owner],
        );
        if (!failed) return { recorded: false, paused: false };
        const [channel] = yield* rows<{ failures: number; pausedAt: number | null }>(
          `UPDATE watch_channels SET failures = failures + 1, last_error = ? WHERE watch_id = ? AND channel = ?
           RETURNING failures AS "failures", paused_at AS "pausedAt"`,
          [failure.error, failed.watchId, failed.channel],
        );
        if (!channel || channel.pausedAt !== null || Number(channel.failures) < failure.pauseAfter) return { recorded: true, paused: false };
        yield* count('UPDATE watch_channels SET paused_at = ? WHERE watch_id = ? AND channel = ?', [failure.at, failed.watchId, failed.channel]);
        yield* count(
          `UPDATE watch_deliveries SET status = 'stopped', lease_owner = NULL, lease_until = NULL WHERE watch_id = ? AND channel = ? AND status = 'pending'`,
          [failed.watchId, failed.channel],
        );
        return { recorded: true, paused: true };
      });
    },
  };
}

/** Watches, evaluations and deliveries over a unit-of-work runner: the same statements on SQLite and PostgreSQL. */
export function createWatchRepository(runner: WorkRunner): WatchRepository {
  const tx: Tx = runner.transaction.bind(runner);
  return { ...saveWatch(tx), ...ownerWatches(tx), ...watchedPages(tx), ...evaluations(tx), ...deliveryClaims(tx), ...deliveryOutcomes(tx) };
}
