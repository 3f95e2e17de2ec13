/**
 * The attribution window, the one rule of which orders a referral earns: an order counts for a referral made at or
 * before it and at most the business's window (`attributionWindowDays`) earlier. TypeScript and SQL both take it
 * from here.
 */
import { DAY_MS } from '@pricehunt/contracts';

/** A window of `days` days, in milliseconds. */
export const attributionWindowMs = (days: number): number => days * DAY_MS;

/** True when an order at `occurredAt` falls in the window a referral at `referredAt` opened (times in epoch ms). */
export function insideAttributionWindow(referredAt: number, occurredAt: number, windowMs: number): boolean {
  return referredAt <= occurredAt && occurredAt - referredAt <= windowMs;
}

/** The SQL dialects the condition is written in. */
export type SqlEngine = 'sqlite' | 'postgres';

/**
 * The same condition as an SQL expression over the SQL expressions given: the referral's time, the order's time and
 * the window in milliseconds (e.g. `r.created_at`, `c.occurred_at`, `@windowMs` or `$4`). On PostgreSQL each operand
 * is read as a bigint (epoch milliseconds; a parameter's type is then known, and no integer arithmetic is done in
 * int4), and the difference is taken in numeric so that no pair of bigints can overflow it (SQLite turns an overflowing
 * integer into a real; PostgreSQL would fail the query).
 */
export function insideAttributionWindowSql(referredAt: string, occurredAt: string, windowMs: string, engine: SqlEngine = 'sqlite'): string {
  if (engine === 'postgres') {
    const [referred, occurred, window] = [referredAt, occurredAt, windowMs].map((operand) => `(${operand})::bigint`);
    return `(${referred} <= ${occurred} AND ${occurred}::numeric - ${referred} <= ${window})`;
  }
  return `${referredAt} <= ${occurredAt} AND ${occurredAt} - ${referredAt} <= ${windowMs}`;
}
