import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { businesses } from '../accounts/sqlite-schema';

/**
 * The link a click or a referral went through: the URL the client asked for (normalised) and the one it was sent to
 * or answered, tagged with the ref and UTM values.
 */
const redirectUrls = () => ({
  requestedUrl: text('requested_url').notNull(),
  targetUrl: text('target_url').notNull(),
});

/** One row per outbound click answered by GET /api/redirect. Times are epoch milliseconds. */
export const clicks = sqliteTable(
  'clicks',
  {
    id: text('id').primaryKey(),
    createdAt: integer('created_at').notNull(),
    ...redirectUrls(),
    host: text('host').notNull(),
    source: text('source').notNull(),
    sessionId: text('session_id'),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    clientTimestamp: integer('client_timestamp'),
    signed: integer('signed', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    index('clicks_created_idx').on(table.createdAt),
    index('clicks_business_idx').on(table.businessId, table.createdAt),
    // No index on session_id: nothing reads clicks by session, and every index is paid on each click.
  ],
);

/** Referrals stored by POST /api/trackReferral (payload as in the spec). */
export const referrals = sqliteTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referralId: text('referral_id').notNull().unique(),
    createdAt: integer('created_at').notNull(),
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

/** Custom events from POST /api/track-event. Common fields of `data` are lifted into columns for attribution. */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    createdAt: integer('created_at').notNull(),
    eventType: text('event_type').notNull(),
    businessDomain: text('business_domain'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    userId: text('user_id'),
    referralId: text('referral_id'),
    url: text('url'),
    /** Order value in cents when the event carries one (purchases). */
    valueCents: integer('value_cents'),
    currency: text('currency'),
    clientTimestamp: integer('client_timestamp'),
    data: text('data').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('events_created_idx').on(table.createdAt),
    index('events_business_idx').on(table.businessId, table.eventType, table.createdAt),
    // No index on referral_id or session_id: nothing reads events by them, and every index is paid on each event.
  ],
);
