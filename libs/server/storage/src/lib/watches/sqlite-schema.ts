import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shoppers } from '../accounts/sqlite-schema';
import { epochMs, leaseColumns } from '../db/sqlite-columns';

// Shoppers' watches of a product or a product link, what the worker saw at its last evaluation, the events it found
// and the delivery queue of their messages. Times are epoch milliseconds.

/**
 * A watch: a product (`product_id`, every store's offers of it) or a link (`url`, its offer `offer_id`). A signed-in
 * shopper's (`shopper_id`), or an email address's, `pending` until its emailed confirmation link is opened. `owner`
 * and `target` name it ("shopper:<id>" or "email:<address>"; "product:<id>" or "url:<link>"): one watch per pair.
 */
export const watches = sqliteTable(
  'watches',
  {
    id: text('id').primaryKey(),
    shopperId: text('shopper_id').references(() => shoppers.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    /** Where email messages go: the account's address, or the one a signed-out shopper gave. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'active'] }).notNull(),
    /** SHA-256 of the confirmation link's token (pending watches only) and when the link expires. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: integer('confirm_expires_at'),
    /** The random token of every message's stop link (kept as is: it is written into each message). */
    stopToken: text('stop_token').notNull(),
    target: text('target').notNull(),
    productId: integer('product_id'),
    offerId: integer('offer_id'),
    url: text('url'),
    title: text('title').notNull(),
    targetPriceCents: integer('target_price_cents'),
    /** A price at or below the target is told (the target was set, or the price was above it at the last evaluation). */
    armed: integer('armed', { mode: 'boolean' }).notNull().default(true),
    /** What the last evaluation saw (null before the first). */
    seenPriceCents: integer('seen_price_cents'),
    seenInStock: integer('seen_in_stock', { mode: 'boolean' }),
    evaluatedAt: integer('evaluated_at'),
    /** Moves on with each recorded evaluation: an evaluation made from an older reading records nothing. */
    evaluations: integer('evaluations').notNull().default(0),
    /** When the worker last read the watched page. */
    lastCheckedAt: integer('last_checked_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('watches_owner_target_uq').on(table.owner, table.target),
    uniqueIndex('watches_stop_token_uq').on(table.stopToken),
    uniqueIndex('watches_confirm_token_uq').on(table.confirmTokenHash),
    index('watches_shopper_idx').on(table.shopperId, table.createdAt),
    index('watches_url_idx').on(table.url).where(sql`${table.url} IS NOT NULL`),
  ],
);

/** A channel of a watch (`email`, `ntfy`, `webhook`) and how its deliveries are going; paused after failures in a row. */
export const watchChannels = sqliteTable(
  'watch_channels',
  {
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'ntfy', 'webhook'] }).notNull(),
    /** The address, ntfy topic URL or webhook URL. */
    destination: text('destination').notNull(),
    failures: integer('failures').notNull().default(0),
    pausedAt: integer('paused_at'),
    lastError: text('last_error'),
    lastDeliveredAt: integer('last_delivered_at'),
  },
  (table) => [primaryKey({ columns: [table.watchId, table.channel] })],
);

/** What an evaluation found: a price at or below the target (a drop, without one) or a return to stock. */
export const watchEvents = sqliteTable(
  'watch_events',
  {
    id: text('id').primaryKey(),
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['price_drop', 'back_in_stock'] }).notNull(),
    oldPriceCents: integer('old_price_cents'),
    newPriceCents: integer('new_price_cents'),
    targetPriceCents: integer('target_price_cents'),
    currency: text('currency'),
    productId: integer('product_id'),
    title: text('title').notNull(),
    store: text('store'),
    storeUrl: text('store_url'),
    occurredAt: integer('occurred_at').notNull(),
  },
  (table) => [index('watch_events_watch_idx').on(table.watchId, table.occurredAt)],
);

/**
 * The delivery queue: one row per event and channel, taken by a worker under a lease, tried again with a growing
 * wait after a failure; `sent` once acknowledged, `stopped` when its channel was paused.
 */
export const watchDeliveries = sqliteTable(
  'watch_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => watchEvents.id, { onDelete: 'cascade' }),
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'ntfy', 'webhook'] }).notNull(),
    destination: text('destination').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'stopped'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    ...leaseColumns(epochMs),
    lastError: text('last_error'),
    sentAt: integer('sent_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('watch_deliveries_event_channel_uq').on(table.eventId, table.channel),
    index('watch_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('watch_deliveries_watch_idx').on(table.watchId, table.channel),
  ],
);
