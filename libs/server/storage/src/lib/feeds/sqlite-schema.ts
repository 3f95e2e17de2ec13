import type { FeedSourceFormat } from '@pricehunt/contracts';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAndUpdatedAt, instant, leaseColumns, now } from '../db/sqlite-columns';

/**
 * Feeds the catalog refreshes on a schedule: where they are, how to read them, whose offers they hold and how often.
 * The schedule is also the work queue: a worker takes a source whose `next_run_at` has come by writing itself into
 * `lease_owner` until `lease_until`; a lease that ran out (its worker killed) lets another worker take it.
 */
export const feedSources = sqliteTable(
  'feed_sources',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    format: text('format', { enum: ['gmc-tsv', 'gmc-xml', 'shopify', 'awin-csv', 'impact-csv'] as const satisfies readonly FeedSourceFormat[] }).notNull(),
    retailerId: text('retailer_id').notNull(),
    /** The retailer's name as the source gave it (the retailer itself may first be added by the source's first run). */
    retailerName: text('retailer_name').notNull().default(''),
    /** The merchant whose store the source is (its connected store or feed URL); null for an admin's source. */
    businessId: text('business_id'),
    intervalMinutes: integer('interval_minutes').notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull().default('active'),
    nextRunAt: text('next_run_at').notNull(),
    /** The validators of the last feed read in full, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** Runs that failed in a row (0 after a success): the next try waits longer after each. */
    failures: integer('failures').notNull().default(0),
    ...leaseColumns(instant),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    index('feed_sources_due_idx').on(table.status, table.nextRunAt),
    // A retailer's offers come from one source: a complete feed retires what it no longer lists, which would fight another's.
    uniqueIndex('feed_sources_retailer_uq').on(table.retailerId),
  ],
);

/** One refresh of a source: what it read and what it changed, or why it failed. */
export const feedRuns = sqliteTable(
  'feed_runs',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id').notNull(),
    /** `not-modified`: the feed answered 304 (or the same validators) and nothing was written. */
    status: text('status', { enum: ['running', 'succeeded', 'not-modified', 'failed'] }).notNull().default('running'),
    startedAt: text('started_at').notNull().default(now),
    finishedAt: text('finished_at'),
    rowsRead: integer('rows_read').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    gone: integer('gone').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    error: text('error'),
    /** The catalog import the run applied its rows through. */
    importRunId: text('import_run_id'),
  },
  (table) => [index('feed_runs_source_idx').on(table.sourceId, table.startedAt)],
);
