import type { BusinessListQuery } from '@pricehunt/contracts';

// What both engines' admin repositories name in their SQL.

/** The column each sort of the business list orders by. */
export const SORT_COLUMNS: Record<BusinessListQuery['sort'], string> = {
  createdAt: 'created_at',
  email: 'email',
  status: 'status',
  storeDomain: 'store_domain',
};

/** Tables whose row counts the overview shows, in its order. */
export const COUNTED_TABLES = [
  'businesses',
  'sessions',
  'retailers',
  'offers',
  'products',
  'price_points',
  'search_requests',
  'import_runs',
  'clicks',
  'referrals',
  'events',
  'conversions',
  'audit_log',
] as const;
