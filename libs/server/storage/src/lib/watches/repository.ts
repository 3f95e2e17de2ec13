import type { Watch, WatchChannel, WatchEvent } from '@pricehunt/contracts';

/** A channel of a watch as saved: where its messages go. */
export interface WatchChannelInput {
  channel: WatchChannel;
  /** The email address, the ntfy topic URL or the webhook URL. */
  destination: string;
}

/** A watch as `save` writes it. Times are epoch milliseconds. */
export interface NewWatch {
  id: string;
  /** The signed-in shopper's id; null for a watch made signed out (it belongs to `email`). */
  shopperId: string | null;
  /** Whose watch it is: `shopper:<id>` or `email:<address>`; one watch per owner and target. */
  owner: string;
  email: string;
  status: 'pending' | 'active';
  /** SHA-256 (hex) of a pending watch's confirmation token, and when its link expires. */
  confirmTokenHash: string | null;
  confirmExpiresAt: number | null;
  stopToken: string;
  /** What is watched: `product:<id>` or `url:<link>`. */
  target: string;
  productId: number | null;
  offerId: number | null;
  url: string | null;
  title: string;
  targetPriceCents: number | null;
  createdAt: number;
}

export type SaveWatchResult =
  /** A new watch. */
  | { kind: 'created'; watch: Watch }
  /** The owner's watch of the same target, its target price and channels replaced (a pending one: its link too). */
  | { kind: 'updated'; watch: Watch }
  /** The owner's active watch of the target, left as it was (`replaceActive: false`). */
  | { kind: 'exists'; watch: Watch }
  /** The owner has `limit` watches already: nothing saved. */
  | { kind: 'full' };

export interface WatchChange {
  /** A new target (null: none); the watch is armed again. */
  targetPriceCents?: number | null;
  /** The channels the watch keeps (a channel whose destination stays keeps its state). */
  channels?: WatchChannelInput[];
  /** Un-pauses the paused channels. */
  resume?: boolean;
}

/** An active watch as an evaluation reads it: what it watches now and what the previous evaluation saw. */
export interface WatchEvaluationRow {
  id: string;
  productId: number | null;
  url: string | null;
  title: string;
  store: string | null;
  storeUrl: string | null;
  currency: string | null;
  targetPriceCents: number | null;
  /** The watched offer's total (a link), or the product's best price. */
  priceCents: number | null;
  /** Null when unknown. */
  inStock: boolean | null;
  armed: boolean;
  seenPriceCents: number | null;
  seenInStock: boolean | null;
  /** Null before the first evaluation. */
  evaluatedAt: number | null;
  /** The count of recorded evaluations; `recordEvaluation` records only on top of the one read. */
  evaluations: number;
}

export interface NewWatchEvent {
  id: string;
  event: WatchEvent;
  oldPriceCents: number | null;
  newPriceCents: number | null;
}

/** One evaluation's outcome, recorded with its events and their deliveries in one transaction. */
export interface WatchEvaluation {
  watchId: string;
  /** `evaluations` as read: another evaluation recorded since makes this one record nothing. */
  evaluations: number;
  at: number;
  seenPriceCents: number | null;
  seenInStock: boolean | null;
  armed: boolean;
  events: NewWatchEvent[];
}

/** A delivery taken from the queue, with what its message says. */
export interface WatchDeliveryJob {
  id: string;
  eventId: string;
  watchId: string;
  channel: WatchChannel;
  destination: string;
  /** Attempts before this one. */
  attempts: number;
  event: WatchEvent;
  occurredAt: number;
  oldPriceCents: number | null;
  newPriceCents: number | null;
  targetPriceCents: number | null;
  currency: string | null;
  productId: number | null;
  title: string;
  store: string | null;
  storeUrl: string | null;
  stopToken: string;
}

/**
 * Shoppers' watches, their evaluations and the delivery queue of their messages. The shopper's methods are scoped to
 * one shopper id; the emailed links' to their tokens.
 */
export interface WatchRepository {
  /**
   * Atomically: the owner's watch of `watch.target` is updated (a pending one, or an active one when `replaceActive`)
   * or answered as it is; otherwise `watch` is saved unless the owner has `limit` watches.
   */
  save(watch: NewWatch, channels: WatchChannelInput[], limit: number, options: { replaceActive: boolean; at: number }): Promise<SaveWatchResult>;
  /** The shopper's watches, newest first. */
  list(shopperId: string, limit: number): Promise<Watch[]>;
  get(shopperId: string, id: string): Promise<Watch | null>;
  /** Null when the shopper has no such watch. */
  update(shopperId: string, id: string, change: WatchChange, at: number): Promise<Watch | null>;
  /** Answers the number of watches removed (0 or 1). */
  remove(shopperId: string, id: string): Promise<number>;
  /** Activates the pending watch of an unexpired confirmation token; answers its title, or null. */
  confirm(tokenHash: string, at: number): Promise<string | null>;
  /** Removes the watch of a stop link's token; answers its title, or null. */
  stop(stopToken: string): Promise<string | null>;
  /** The pages to read again, each once: the links of active watches, and the page offers of watched products. */
  watchedUrls(): Promise<string[]>;
  /** Notes a read of a watched link; `placed` (the offer the read page is) is kept on its watches. */
  notePageRead(url: string, at: number, placed: { offerId: number; productId: number } | null): Promise<void>;
  /** Every active watch with what it watches now. */
  evaluationRows(): Promise<WatchEvaluationRow[]>;
  /**
   * One transaction: the watch's seen state, its events, and one pending delivery per channel that is not paused;
   * false (nothing written) when another evaluation was recorded since `evaluations` was read, or the watch is gone.
   */
  recordEvaluation(evaluation: WatchEvaluation): Promise<boolean>;
  /** Takes up to `limit` due deliveries of channels not paused under a lease until `now + leaseMs`. */
  claimDeliveries(owner: string, now: number, leaseMs: number, limit: number): Promise<WatchDeliveryJob[]>;
  /** Marks a delivery sent (if `owner` still holds it); the channel's failures start again. */
  deliverySucceeded(id: string, owner: string, at: number): Promise<boolean>;
  /**
   * Records a failed attempt (if `owner` still holds it): tried again at `retryAt`; the channel's failures in a row
   * reaching `pauseAfter` pause it and stop its pending deliveries.
   */
  deliveryFailed(id: string, owner: string, failure: { at: number; error: string; retryAt: number; pauseAfter: number }): Promise<{ recorded: boolean; paused: boolean }>;
}
