import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shoppers } from '../accounts/sqlite-schema';

/** A signed-in shopper's searches (what the history page lists and re-opens). One row per shopper and request id. */
export const shopperHistory = sqliteTable(
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
    productId: integer('product_id'),
    bestPriceCents: integer('best_price_cents'),
    currency: text('currency'),
    offerCount: integer('offer_count'),
    searchedAt: text('searched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopperId, table.requestId] }), index('shopper_history_recent_idx').on(table.shopperId, table.searchedAt)],
);

/**
 * A signed-in shopper's favorite products, with the best price when saved. The product is not a foreign key: a
 * product may go away. When a merge or a re-cluster retires it, the favorite moves to the product its offers went to
 * (`product_redirects`); otherwise it shows "no current offers" instead of vanishing.
 */
export const shopperFavorites = sqliteTable(
  'shopper_favorites',
  {
    shopperId: text('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    imageUrl: text('image_url'),
    savedPriceCents: integer('saved_price_cents'),
    currency: text('currency'),
    savedAt: text('saved_at').notNull(),
    /** Price alert: email the shopper when the product's best price drops to this many cents or below (null: no alert). */
    alertBelowCents: integer('alert_below_cents'),
    alertSetAt: text('alert_set_at'),
    /**
     * Random token of the "stop this alert" link in the alert's emails, new with each alert: it can only turn this
     * alert off, so it is kept as is (the link must be written into every email).
     */
    alertStopToken: text('alert_stop_token'),
    /** When the best price last reached the alert, and that price; cleared when the price rises above it again. */
    alertReachedAt: text('alert_reached_at'),
    alertReachedCents: integer('alert_reached_cents'),
    /**
     * The product's best price when the alert was last checked (null until its first check): the price an alert email
     * says it dropped from.
     */
    alertCheckedCents: integer('alert_checked_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.shopperId, table.productId] }),
    index('shopper_favorites_saved_idx').on(table.shopperId, table.savedAt),
    // The alert check reads only favorites with an alert.
    index('shopper_favorites_alert_idx').on(table.productId).where(sql`${table.alertBelowCents} IS NOT NULL`),
    uniqueIndex('shopper_favorites_alert_stop_token_idx').on(table.alertStopToken),
  ],
);

/** Single-use password-reset tokens of shopper accounts; only the SHA-256 of the token is stored. */
export const shopperPasswordResetTokens = sqliteTable(
  'shopper_password_reset_tokens',
  {
    id: text('id').primaryKey(),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => shoppers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('shopper_password_reset_tokens_shopper_idx').on(table.shopperId)],
);
