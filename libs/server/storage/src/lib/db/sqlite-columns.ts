import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/**
 * The current instant as ISO 8601 text to the millisecond, the form `toISOString()` writes: the default of the
 * tables' text times (PostgreSQL: `instant(…).defaultNow()`, ./pg-columns.ts).
 */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** An instant as that text (PostgreSQL: timestamptz, `instant`). */
export const instant = <N extends string>(name: N) => text(name);

/** Epoch milliseconds, as `Date.now()` gives them (PostgreSQL: bigint, `epochMs`). */
export const epochMs = <N extends string>(name: N) => integer(name);

/** When a row was added and when it last changed, both the current instant by default. */
export const createdAndUpdatedAt = () => ({
  createdAt: instant('created_at').notNull().default(now),
  updatedAt: instant('updated_at').notNull().default(now),
});

/**
 * A work queue's lease: a worker takes a row by writing itself into `lease_owner` until `lease_until`; a lease that ran
 * out (its worker killed) lets another worker take it. `time` is the table's kind of time (`instant`, `epochMs`).
 */
export const leaseColumns = <T>(time: (name: 'lease_until') => T) => ({
  leaseOwner: text('lease_owner'),
  leaseUntil: time('lease_until'),
});
