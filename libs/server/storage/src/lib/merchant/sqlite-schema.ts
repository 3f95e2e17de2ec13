import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { businesses } from '../accounts/sqlite-schema';
import type { OrderLine } from './repository';

/** Per-business dashboard settings, the token that proves the store domain, and the webhook API key. Times are epoch milliseconds. */
export const merchantSettings = sqliteTable('merchant_settings', {
  businessId: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('USD'),
  attributionWindowDays: integer('attribution_window_days').notNull().default(30),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** SHA-256 of the API key; the key itself is shown once. */
  apiKeyHash: text('api_key_hash').unique(),
  apiKeyPrefix: text('api_key_prefix'),
  apiKeyCreatedAt: integer('api_key_created_at'),
  verificationToken: text('verification_token').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Orders a store reported (tracking script purchase events and the server-to-server webhook).
 * One row per (business, order id): a repeated report of the same order counts once.
 */
export const conversions = sqliteTable(
  'conversions',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull(),
    referralId: text('referral_id'),
    sessionId: text('session_id'),
    source: text('source', { enum: ['script', 'webhook'] }).notNull(),
    eventId: text('event_id'),
    occurredAt: integer('occurred_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The order's lines as JSON (`OrderLine[]`), when the store named them; null: the order is one whole. */
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>(),
  },
  (table) => [
    uniqueIndex('conversions_business_order_uq').on(table.businessId, table.orderId),
    index('conversions_business_time_idx').on(table.businessId, table.occurredAt),
    index('conversions_referral_idx').on(table.referralId),
  ],
);

/** A connected Shopify store's `/products.json` import, page by page, with its progress. */
export const storeSyncs = sqliteTable(
  'store_syncs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    storeDomain: text('store_domain').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    pages: integer('pages').notNull().default(0),
    products: integer('products').notNull().default(0),
    offers: integer('offers').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
    /** Last sign of life of the process running it (ms); a running sync silent for a minute is taken for dead. */
    heartbeatAt: integer('heartbeat_at').notNull().default(0),
    /** When the ended sync was recorded as a run of its store's source (ms); null until then. */
    runRecordedAt: integer('run_recorded_at'),
  },
  (table) => [
    index('store_syncs_business_idx').on(table.businessId, table.startedAt),
    // One running sync per business, whichever API instance started it.
    uniqueIndex('store_syncs_running_idx').on(table.businessId).where(sql`status = 'running'`),
  ],
);

/**
 * Store domains a business proved it controls (meta tag or script tag on its home page, or a DNS TXT record). A
 * domain has one owner: the first business to prove it; it stays theirs until they change their store domain, the
 * account goes, or the proof is missing from several re-checks in a row (a domain can change hands). Only a verified domain of an active business is trusted: redirects to it, the clicks, referrals,
 * events and orders sent for it, and the offers of its feeds shown to shoppers.
 */
export const verifiedDomains = sqliteTable(
  'verified_domains',
  {
    domain: text('domain').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['meta', 'script', 'dns'] }).notNull(),
    verifiedAt: integer('verified_at').notNull(),
    /** When the proof was last looked for again (proofs are re-checked on a schedule), and how many looks in a row missed it. */
    checkedAt: integer('checked_at'),
    failedChecks: integer('failed_checks').notNull().default(0),
  },
  (table) => [uniqueIndex('verified_domains_business_uq').on(table.businessId)],
);
