import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Business (merchant) accounts. `isAdmin` makes an admin. */
export const businesses = sqliteTable(
  'businesses',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    storeName: text('store_name'),
    storeDomain: text('store_domain'),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [index('businesses_store_domain_idx').on(table.storeDomain)],
);

/**
 * Server-side sessions (they survive an API restart). `businessId` / `shopperId` mirror who is signed in,
 * so every session of an account can be ended at once (password reset, suspension).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: text('data').notNull(),
    expiresAt: integer('expires_at').notNull(),
    businessId: text('business_id'),
    shopperId: text('shopper_id'),
  },
  (table) => [
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_business_idx').on(table.businessId),
    index('sessions_shopper_idx').on(table.shopperId),
  ],
);

/** Shopper accounts (separate from businesses; same password hashing). */
export const shoppers = sqliteTable('shoppers', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name'),
  createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** Single-use password-reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('password_reset_tokens_business_idx').on(table.businessId)],
);

/** Emails written instead of sent when no SMTP server is configured (the dev log prints them). */
export const outboxEmails = sqliteTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('outbox_emails_to_idx').on(table.to)],
);
