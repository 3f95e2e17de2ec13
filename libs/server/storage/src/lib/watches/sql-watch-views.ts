import type { Watch, WatchChannel, WatchChannelState, WatchEvent } from '@pricehunt/contracts';
import type { WatchChannelInput } from './repository';
import { count, flag, rows, type Work } from './sql-work';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * What a watch watches now, on both engines: a link's offer (its total, stock and store) or a product's best price
 * and its best offer's store; in stock for a product when any offer shoppers see is.
 */
export const WATCH_SELECT = `SELECT w.id AS "id", w.status AS "status", COALESCE(o.product_id, w.product_id) AS "productId", w.url AS "url",
    COALESCE(p.title, o.title, w.title) AS "title",
    CASE WHEN w.url IS NULL THEN br.name ELSE r.name END AS "store",
    CASE WHEN w.url IS NULL THEN b.url ELSE COALESCE(o.url, w.url) END AS "storeUrl",
    w.target_price_cents AS "targetPriceCents",
    CASE WHEN w.url IS NULL THEN p.currency ELSE COALESCE(o.currency, p.currency) END AS "currency",
    CASE WHEN w.url IS NULL THEN p.best_price_cents WHEN o.id IS NULL THEN NULL ELSE o.price_cents + COALESCE(o.shipping_cents, 0) END AS "priceCents",
    p.best_price_cents AS "bestPriceCents", s.low_cents AS "lowCents",
    CASE WHEN w.url IS NULL THEN
        (CASE WHEN p.id IS NULL THEN NULL
              WHEN EXISTS (SELECT 1 FROM offers x WHERE x.product_id = p.id AND x.held IS NULL AND x.availability = 'in_stock') THEN 1 ELSE 0 END)
      WHEN o.id IS NULL OR o.availability = 'unknown' THEN NULL
      WHEN o.availability = 'in_stock' THEN 1 ELSE 0 END AS "inStock",
    w.armed AS "armed", w.seen_price_cents AS "seenPriceCents", w.seen_in_stock AS "seenInStock", w.evaluated_at AS "evaluatedAt",
    w.evaluations AS "evaluations", w.created_at AS "createdAt", w.last_checked_at AS "lastCheckedAt"
  FROM watches w
  LEFT JOIN offers o ON o.id = w.offer_id
  LEFT JOIN products p ON p.id = COALESCE(o.product_id, w.product_id)
  LEFT JOIN offers b ON b.id = p.best_offer_id
  LEFT JOIN retailers r ON r.id = o.retailer_id
  LEFT JOIN retailers br ON br.id = b.retailer_id
  LEFT JOIN product_price_summaries s ON s.product_id = p.id`;

export interface WatchSelection {
  id: string;
  status: 'pending' | 'active';
  productId: number | null;
  url: string | null;
  title: string;
  store: string | null;
  storeUrl: string | null;
  targetPriceCents: number | null;
  currency: string | null;
  priceCents: number | null;
  bestPriceCents: number | null;
  lowCents: number | null;
  inStock: unknown;
  armed: unknown;
  seenPriceCents: number | null;
  seenInStock: unknown;
  evaluatedAt: number | null;
  evaluations: number;
  createdAt: number;
  lastCheckedAt: number | null;
}

interface ChannelSelection {
  watchId: string;
  channel: WatchChannel;
  destination: string;
  failures: number;
  pausedAt: number | null;
  lastError: string | null;
  lastDeliveredAt: number | null;
}

const CHANNEL_ORDER: Record<WatchChannel, number> = { email: 0, ntfy: 1, webhook: 2 };

function channelState(row: ChannelSelection): WatchChannelState {
  return {
    channel: row.channel,
    target: row.destination,
    state: row.pausedAt !== null ? 'paused' : Number(row.failures) > 0 ? 'failing' : 'ok',
    failures: Number(row.failures),
    lastError: row.lastError,
    lastDeliveredAt: iso(num(row.lastDeliveredAt)),
  };
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The watches of `selections` as shoppers see them, with their channels and last events. */
export function* views(selections: WatchSelection[]): Work<Watch[]> {
  if (selections.length === 0) return [];
  const ids = selections.map((row) => row.id);
  const channels = yield* rows<ChannelSelection>(
    `SELECT watch_id AS "watchId", channel AS "channel", destination AS "destination", failures AS "failures", paused_at AS "pausedAt",
       last_error AS "lastError", last_delivered_at AS "lastDeliveredAt"
     FROM watch_channels WHERE watch_id IN (${placeholders(ids.length)})`,
    ids,
  );
  const events = yield* rows<{ watchId: string; event: WatchEvent; occurredAt: number; newPriceCents: number | null }>(
    `SELECT e.watch_id AS "watchId", e.event AS "event", e.occurred_at AS "occurredAt", e.new_price_cents AS "newPriceCents"
     FROM watch_events e WHERE e.watch_id IN (${placeholders(ids.length)}) ORDER BY e.occurred_at DESC, e.id DESC`,
    ids,
  );
  const lastEvent = new Map<string, (typeof events)[number]>();
  for (const event of events) if (!lastEvent.has(event.watchId)) lastEvent.set(event.watchId, event);
  return selections.map((row): Watch => {
    const best = num(row.bestPriceCents);
    const low = num(row.lowCents);
    const event = lastEvent.get(row.id);
    return {
      id: row.id,
      status: row.status,
      productId: num(row.productId),
      url: row.url,
      title: row.title,
      store: row.store,
      targetPriceCents: num(row.targetPriceCents),
      currency: row.currency,
      currentPriceCents: num(row.priceCents),
      bestPriceCents: best,
      // The summary's low of the 90 days before it was computed, or today's best price when lower.
      lowestPriceCents90d: low === null ? best : best === null ? low : Math.min(low, best),
      inStock: flag(row.inStock),
      channels: channels
        .filter((channel) => channel.watchId === row.id)
        .sort((a, b) => CHANNEL_ORDER[a.channel] - CHANNEL_ORDER[b.channel])
        .map(channelState),
      createdAt: iso(num(row.createdAt)) as string,
      lastCheckedAt: iso(num(row.lastCheckedAt)),
      lastEvent: event ? { event: event.event, at: iso(num(event.occurredAt)) as string, priceCents: num(event.newPriceCents) } : null,
    };
  });
}

export function* viewOf(id: string): Work<Watch | null> {
  const selected = yield* rows<WatchSelection>(`${WATCH_SELECT} WHERE w.id = ?`, [id]);
  return (yield* views(selected))[0] ?? null;
}

/** The name of the watched product now (the name saved with the watch when it has none). */
export function* titleOf(id: string): Work<string> {
  const [row] = yield* rows<{ title: string }>(`${WATCH_SELECT} WHERE w.id = ?`, [id]);
  return row?.title ?? '';
}

/** Replaces the channels of a watch: a channel whose destination stays keeps its state; a removed or moved one's pending deliveries stop. */
export function* setChannels(watchId: string, channels: WatchChannelInput[]): Work<void> {
  const existing = yield* rows<{ channel: WatchChannel; destination: string }>(
    'SELECT channel AS "channel", destination AS "destination" FROM watch_channels WHERE watch_id = ?',
    [watchId],
  );
  for (const old of existing) {
    const kept = channels.find((channel) => channel.channel === old.channel);
    if (kept && kept.destination === old.destination) continue;
    yield* count('DELETE FROM watch_channels WHERE watch_id = ? AND channel = ?', [watchId, old.channel]);
    yield* count(`UPDATE watch_deliveries SET status = 'stopped', lease_owner = NULL, lease_until = NULL WHERE watch_id = ? AND channel = ? AND status = 'pending'`, [
      watchId,
      old.channel,
    ]);
  }
  for (const channel of channels) {
    if (existing.some((old) => old.channel === channel.channel && old.destination === channel.destination)) continue;
    yield* count('INSERT INTO watch_channels (watch_id, channel, destination, failures) VALUES (?, ?, ?, 0)', [watchId, channel.channel, channel.destination]);
  }
}
