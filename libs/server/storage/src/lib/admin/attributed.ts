import { DEFAULT_ATTRIBUTION_WINDOW_DAYS, DAY_MS } from '@pricehunt/contracts';
import { insideAttributionWindowSql, type SqlEngine } from '../merchant/attribution-window';

/**
 * The condition that a conversion (`alias`) was earned by a PriceHunt referral: a referral of its business with its
 * referral id, inside the business's attribution window. The console's overview counts these conversions and their
 * revenue, as each merchant's dashboard does; orders a store reported without such a referral are not PriceHunt's.
 */
export function attributedConversionSql(alias: string, engine: SqlEngine): string {
  const days = `coalesce((SELECT s.attribution_window_days FROM merchant_settings s WHERE s.business_id = ${alias}.business_id), ${DEFAULT_ATTRIBUTION_WINDOW_DAYS})`;
  // In milliseconds; on PostgreSQL multiplied in bigint (30 days of milliseconds do not fit an integer).
  const windowMs = `${engine === 'postgres' ? `${days}::bigint` : days} * ${DAY_MS}`;
  return `EXISTS (SELECT 1 FROM referrals r WHERE r.referral_id = ${alias}.referral_id AND r.business_id = ${alias}.business_id
    AND ${insideAttributionWindowSql('r.created_at', `${alias}.occurred_at`, windowMs, engine)})`;
}
