import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { businesses } from '../accounts/pg-schema';
import { epochMs, wholeNumber } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts. Times are epoch milliseconds, as there. Each index is paid on every
// tracked write: add one with the query that reads by it, in both schemas.

/** The URL a click or a referral asked for and the tagged one it was sent to or answered (./sqlite-schema.ts). */
const redirectUrls = () => ({
  requestedUrl: text('requested_url').notNull(),
  targetUrl: text('target_url').notNull(),
});

/** One row per outbound click answered by GET /api/redirect. */
export const clicks = pgTable(
  'clicks',
  {
    id: text('id').primaryKey(),
    createdAt: epochMs('created_at').notNull(),
    ...redirectUrls(),
    host: text('host').notNull(),
    source: text('source').notNull(),
    sessionId: text('session_id'),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    clientTimestamp: epochMs('client_timestamp'),
    signed: boolean('signed').notNull().default(false),
  },
  (table) => [index('clicks_created_idx').on(table.createdAt), index('clicks_business_idx').on(table.businessId, table.createdAt)],
);

/** Referrals stored by POST /api/trackReferral. */
export const referrals = pgTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referralId: text('referral_id').notNull().unique(),
    createdAt: epochMs('created_at').notNull(),
    businessDomain: text('business_domain').notNull(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    ...redirectUrls(),
    sourceUrl: text('source_url'),
    productName: text('product_name'),
    userId: text('user_id'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('referrals_business_idx').on(table.businessId, table.createdAt),
    index('referrals_domain_idx').on(table.businessDomain, table.createdAt),
  ],
);

/** Custom events from POST /api/track-event; `data` is the event's JSON, its common fields lifted into columns. */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    createdAt: epochMs('created_at').notNull(),
    eventType: text('event_type').notNull(),
    businessDomain: text('business_domain'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    userId: text('user_id'),
    referralId: text('referral_id'),
    url: text('url'),
    valueCents: wholeNumber('value_cents'),
    currency: text('currency'),
    clientTimestamp: epochMs('client_timestamp'),
    data: jsonb('data').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('events_created_idx').on(table.createdAt),
    index('events_business_idx').on(table.businessId, table.eventType, table.createdAt),
  ],
);
