import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from '../accounts/pg-schema';
import { epochMs, wholeNumber } from '../db/pg-columns';
import type { OrderLine } from './repository';

// PostgreSQL twin of ./sqlite-schema.ts. Times are epoch milliseconds, as there.

/** Per-business dashboard settings, the token that proves the store domain, and the webhook API key. */
export const merchantSettings = pgTable('merchant_settings', {
  businessId: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('USD'),
  attributionWindowDays: integer('attribution_window_days').notNull().default(30),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** SHA-256 of the API key; the key itself is shown once. */
  apiKeyHash: text('api_key_hash').unique(),
  apiKeyPrefix: text('api_key_prefix'),
  apiKeyCreatedAt: epochMs('api_key_created_at'),
  verificationToken: text('verification_token').notNull(),
  updatedAt: epochMs('updated_at').notNull(),
});

/** Orders a store reported; one row per (business, order id). */
export const conversions = pgTable(
  'conversions',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    valueCents: wholeNumber('value_cents').notNull(),
    currency: text('currency').notNull(),
    referralId: text('referral_id'),
    sessionId: text('session_id'),
    source: text('source', { enum: ['script', 'webhook'] }).notNull(),
    eventId: text('event_id'),
    occurredAt: epochMs('occurred_at').notNull(),
    createdAt: epochMs('created_at').notNull(),
    /** The order's lines (`OrderLine[]`), when the store named them; null: the order is one whole. */
    lines: jsonb('lines').$type<OrderLine[]>(),
  },
  (table) => [
    uniqueIndex('conversions_business_order_uq').on(table.businessId, table.orderId),
    index('conversions_business_time_idx').on(table.businessId, table.occurredAt),
    index('conversions_referral_idx').on(table.referralId),
  ],
);

/** A connected Shopify store's `/products.json` import, page by page, with its progress. */
export const storeSyncs = pgTable(
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
    startedAt: epochMs('started_at').notNull(),
    finishedAt: epochMs('finished_at'),
    heartbeatAt: epochMs('heartbeat_at').notNull().default(0),
    runRecordedAt: epochMs('run_recorded_at'),
  },
  (table) => [
    index('store_syncs_business_idx').on(table.businessId, table.startedAt),
    uniqueIndex('store_syncs_running_idx').on(table.businessId).where(sql`status = 'running'`),
  ],
);

/** Store domains a business proved it controls; a domain has one owner. */
export const verifiedDomains = pgTable(
  'verified_domains',
  {
    domain: text('domain').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['meta', 'script', 'dns'] }).notNull(),
    verifiedAt: epochMs('verified_at').notNull(),
    checkedAt: epochMs('checked_at'),
    failedChecks: integer('failed_checks').notNull().default(0),
  },
  (table) => [uniqueIndex('verified_domains_business_uq').on(table.businessId)],
);
