import type { FeedSourceFormat } from '@pricehunt/contracts';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAndUpdatedAt, instant, leaseColumns } from '../db/pg-columns';

// PostgreSQL twin of ./sqlite-schema.ts.

export const feedSources = pgTable(
  'feed_sources',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    format: text('format', { enum: ['gmc-tsv', 'gmc-xml', 'shopify', 'awin-csv', 'impact-csv'] as const satisfies readonly FeedSourceFormat[] }).notNull(),
    retailerId: text('retailer_id').notNull(),
    /** The retailer's name as the source gave it (the retailer itself may first be added by the source's first run). */
    retailerName: text('retailer_name').notNull().default(''),
    businessId: text('business_id'),
    intervalMinutes: integer('interval_minutes').notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull().default('active'),
    nextRunAt: instant('next_run_at').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
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

export const feedRuns = pgTable(
  'feed_runs',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'not-modified', 'failed'] }).notNull().default('running'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    rowsRead: integer('rows_read').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    gone: integer('gone').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    error: text('error'),
    importRunId: text('import_run_id'),
  },
  (table) => [index('feed_runs_source_idx').on(table.sourceId, table.startedAt)],
);
