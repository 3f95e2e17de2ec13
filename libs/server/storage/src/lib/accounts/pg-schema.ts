import { boolean, index, integer, json, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAndUpdatedAt, epochMs } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts (same tables, columns, keys and indexes; see apps/api/src/db/schema-drift.spec.ts).

/** Business (merchant) accounts. `isAdmin` makes an admin. */
export const businesses = pgTable(
  'businesses',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    storeName: text('store_name'),
    storeDomain: text('store_domain'),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    /** When the owner opened the confirmation link (or a reset link); null until then: the account cannot sign in. */
    emailConfirmedAt: epochMs('email_confirmed_at'),
    ...createdAndUpdatedAt(),
  },
  (table) => [index('businesses_store_domain_idx').on(table.storeDomain)],
);

/**
 * Server-side sessions (they survive an API restart); `data` is the session's JSON. Type json, not jsonb: the blob is
 * never queried inside, and json keeps the text as written, so a session loads back byte for byte as SQLite gives it
 * (jsonb would reorder keys and respace), without jsonb's conversion on every signed-in request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: json('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: epochMs('expires_at').notNull(),
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
export const shoppers = pgTable('shoppers', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name'),
  emailConfirmedAt: epochMs('email_confirmed_at'),
  ...createdAndUpdatedAt(),
});

/** Single-use password-reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: epochMs('expires_at').notNull(),
    usedAt: epochMs('used_at'),
    createdAt: epochMs('created_at').notNull(),
  },
  (table) => [index('password_reset_tokens_business_idx').on(table.businessId)],
);

/** Emails written instead of sent when no SMTP server is configured (the dev log prints them). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML version of the email, when it has one. */
    html: text('html'),
    createdAt: epochMs('created_at').notNull(),
  },
  (table) => [index('outbox_emails_to_idx').on(table.to)],
);

/** Failed sign-ins counted per key (see ./sqlite-schema.ts). */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: epochMs('last_failure_at').notNull(),
    blockedUntil: epochMs('blocked_until').notNull().default(0),
  },
  (table) => [index('sign_in_failures_last_idx').on(table.lastFailureAt)],
);

/** Devices an account signed in from (OWASP's device cookies); the table holds the token's SHA-256. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    shopperId: text('shopper_id').references(() => shoppers.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    createdAt: epochMs('created_at').notNull(),
    lastUsedAt: epochMs('last_used_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (table) => [
    index('trusted_devices_business_idx').on(table.businessId),
    index('trusted_devices_shopper_idx').on(table.shopperId),
    index('trusted_devices_expires_idx').on(table.expiresAt),
  ],
);

/** Single-use links that confirm an account's email address; only the SHA-256 of the token is stored. */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    shopperId: text('shopper_id').references(() => shoppers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: epochMs('expires_at').notNull(),
    usedAt: epochMs('used_at'),
    createdAt: epochMs('created_at').notNull(),
  },
  (table) => [index('email_confirmation_tokens_business_idx').on(table.businessId), index('email_confirmation_tokens_shopper_idx').on(table.shopperId)],
);

/** Fixed windows of the rate limits every API instance shares; keys are SHA-256 digests. */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    limitName: text('limit_name').notNull(),
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    resetAt: epochMs('reset_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.limitName, table.keyHash] }), index('rate_limit_windows_reset_idx').on(table.resetAt)],
);
