/**
 * The attribution window, the one rule of which orders a referral earns: an order counts for a referral made at or
 * before it and at most the business's window (`attributionWindowDays`) earlier. TypeScript and SQL both take it
 * from here.
 */

/** A day, in milliseconds. */
export const DAY_MS = 86_400_000;

/** A window of `days` days, in milliseconds. */
export const attributionWindowMs = (days: number): number => days * DAY_MS;

/** True when an order at `occurredAt` falls in the window a referral at `referredAt` opened (times in epoch ms). */
export function insideAttributionWindow(referredAt: number, occurredAt: number, windowMs: number): boolean {
  return referredAt <= occurredAt && occurredAt - referredAt <= windowMs;
}

/**
 * The same condition as an SQL expression over the SQL expressions given: the referral's time, the order's time and
 * the window in milliseconds (e.g. `r.created_at`, `c.occurred_at`, `@windowMs`).
 */
export function insideAttributionWindowSql(referredAt: string, occurredAt: string, windowMs: string): string {
  return `${referredAt} <= ${occurredAt} AND ${occurredAt} - ${referredAt} <= ${windowMs}`;
}
