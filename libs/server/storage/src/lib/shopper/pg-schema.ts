import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { shoppers } from '../accounts/pg-schema';
import { epochMs, instant, wholeNumber } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts. Product ids and cents come from the shopper's browser here, as large as the
// contracts let them be (cents up to 1e11, ids up to 2^53), as SQLite's 64-bit integers hold them: bigint, read as numbers.

/** A signed-in shopper's searches (what the history page lists and re-opens). One row per shopper and request id. */
export const shopperHistory = pgTable(
  'shopper_history',
  {
    shopperId: text('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['url', 'query'] }).notNull(),
    input: text('input').notNull(),
    title: text('title'),
    imageUrl: text('image_url'),
    productId: wholeNumber('product_id'),
    bestPriceCents: wholeNumber('best_price_cents'),
    currency: text('currency'),
    offerCount: integer('offer_count'),
    searchedAt: instant('searched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopperId, table.requestId] }), index('shopper_history_recent_idx').on(table.shopperId, table.searchedAt)],
);

/** A signed-in shopper's favorite products, with the best price when saved and an optional price alert. */
export const shopperFavorites = pgTable(
  'shopper_favorites',
  {
    shopperId: text('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    productId: wholeNumber('product_id').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    imageUrl: text('image_url'),
    savedPriceCents: wholeNumber('saved_price_cents'),
    currency: text('currency'),
    savedAt: instant('saved_at').notNull(),
    alertBelowCents: wholeNumber('alert_below_cents'),
    alertSetAt: instant('alert_set_at'),
    alertStopToken: text('alert_stop_token'),
    alertReachedAt: instant('alert_reached_at'),
    alertReachedCents: wholeNumber('alert_reached_cents'),
    /** The product's best price when the alert was last checked (null until its first check). */
    alertCheckedCents: wholeNumber('alert_checked_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.shopperId, table.productId] }),
    index('shopper_favorites_saved_idx').on(table.shopperId, table.savedAt),
    index('shopper_favorites_alert_idx').on(table.productId).where(sql`${table.alertBelowCents} IS NOT NULL`),
    uniqueIndex('shopper_favorites_alert_stop_token_idx').on(table.alertStopToken),
  ],
);

/** Single-use password-reset tokens of shopper accounts; only the SHA-256 of the token is stored. */
export const shopperPasswordResetTokens = pgTable(
  'shopper_password_reset_tokens',
  {
    id: text('id').primaryKey(),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: epochMs('expires_at').notNull(),
    usedAt: epochMs('used_at'),
    createdAt: epochMs('created_at').notNull(),
  },
  (table) => [index('shopper_password_reset_tokens_shopper_idx').on(table.shopperId)],
);
