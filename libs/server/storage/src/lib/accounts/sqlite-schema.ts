import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAndUpdatedAt } from '../db/sqlite-columns';

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
    /** When the owner opened the confirmation link (or a reset link); null until then: the account cannot sign in. */
    emailConfirmedAt: integer('email_confirmed_at'),
    ...createdAndUpdatedAt(),
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
  /** When the shopper opened the confirmation link (or a reset link); null until then: the account cannot sign in. */
  emailConfirmedAt: integer('email_confirmed_at'),
  ...createdAndUpdatedAt(),
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
    /** The HTML version of the email, when it has one. */
    html: text('html'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('outbox_emails_to_idx').on(table.to)],
);

/**
 * Failed sign-ins, counted per key: one account from one client address (`<audience>|<email>|<address>`), one address
 * whatever the account (`<audience>|*|<address>`), and one account from anywhere (`<audience>|<email>|*`, counted only
 * to tell an account under attack). Past the free failures of its kind, each failure makes the key wait twice as long
 * as the last (`blockedUntil`). Kept in the database so a restart forgets nothing; rows whose last failure is a day
 * old are pruned.
 */
export const signInFailures = sqliteTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: integer('last_failure_at').notNull(),
    blockedUntil: integer('blocked_until').notNull().default(0),
  },
  (table) => [index('sign_in_failures_last_idx').on(table.lastFailureAt)],
);

/**
 * Devices an account signed in from (OWASP's device cookies): the browser keeps a random token in an httpOnly cookie,
 * the table its SHA-256. A sign-in to that account carrying the token skips the limits on untrusted clients, so an
 * attack from elsewhere does not lock the owner out; its own failures count here, and too many revoke it.
 */
export const trustedDevices = sqliteTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    shopperId: text('shopper_id').references(() => shoppers.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [
    index('trusted_devices_business_idx').on(table.businessId),
    index('trusted_devices_shopper_idx').on(table.shopperId),
    index('trusted_devices_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Single-use links that confirm an account's email address (and sign its owner in), for a business or a shopper;
 * only the SHA-256 of the token is stored. Registering the unconfirmed address again replaces its open links.
 */
export const emailConfirmationTokens = sqliteTable(
  'email_confirmation_tokens',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    shopperId: text('shopper_id').references(() => shoppers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('email_confirmation_tokens_business_idx').on(table.businessId), index('email_confirmation_tokens_shopper_idx').on(table.shopperId)],
);

/**
 * Fixed windows of the rate limits every API instance shares (registration, reset requests, match reports): one row
 * per limit and key (the SHA-256 of the address or email, never the value), its count and when its window ends (ms
 * since the epoch). Ended windows are deleted every minute.
 */
export const rateLimitWindows = sqliteTable(
  'rate_limit_windows',
  {
    limitName: text('limit_name').notNull(),
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    resetAt: integer('reset_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.limitName, table.keyHash] }), index('rate_limit_windows_reset_idx').on(table.resetAt)],
);
