import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An instant (the SQLite schema's ISO 8601 text, `strftime('%Y-%m-%dT%H:%M:%fZ')`): timestamptz to the millisecond,
 * read and written as a JavaScript Date. Milliseconds, because a Date holds no more: a value read back compares
 * equal to the one stored (cursors, "changed since"). Dates rather than drizzle's string mode, whose text is
 * PostgreSQL's output format ("2026-11-23 10:56:54.123+00") and not the ISO form the API answers with: a port turns
 * a Date into that form with `toISOString()`, exactly as SQLite stores it; and node-postgres reads timestamptz as
 * a Date in raw queries too.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * Epoch milliseconds (the SQLite schema's integer times, as `Date.now()` gives them): bigint, read as a number
 * (exact below 2^53; an int4 would end in 1970).
 */
export const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * Money in cents, and ids and counts that come from outside (a shopper's browser, a feed): bigint, read as a number,
 * as SQLite's 64-bit integers hold them. A price may reach MAX_PRICE_CENTS (1e10), past an int4's 2^31.
 */
export const wholeNumber = (name: string) => bigint(name, { mode: 'number' });

/** When a row was added and when it last changed, both the current instant by default. */
export const createdAndUpdatedAt = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * A work queue's lease: a worker takes a row by writing itself into `lease_owner` until `lease_until`; a lease that ran
 * out (its worker killed) lets another worker take it. `time` is the table's kind of time (`instant`, `epochMs`).
 */
export const leaseColumns = <T>(time: (name: 'lease_until') => T) => ({
  leaseOwner: text('lease_owner'),
  leaseUntil: time('lease_until'),
});
