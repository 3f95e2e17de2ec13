import type { AnalyticsRepository } from '../modules/merchant/analytics-repository';
import type { MerchantRepository } from '../modules/merchant/repository';
import { createSqliteAnalyticsRepository, createSqliteMerchantRepository } from '../modules/merchant/sqlite-repository';
import type { RedirectTrustRepository, TrackingRepository } from '../modules/tracking/repository';
import { createSqliteRedirectTrustRepository, createSqliteTrackingRepository } from '../modules/tracking/sqlite-repository';
import type { DatabaseHandle } from './client';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
  /** Clicks, referrals, events and the orders purchases report (each write resolves once durably committed). */
  tracking: TrackingRepository;
  /** Verified store domains and catalog offer links, for the redirect allow-list and attribution. */
  redirectTrust: RedirectTrustRepository;
  /** Merchants' settings, store domain proofs, conversions and store syncs. */
  merchant: MerchantRepository;
  /** The merchant dashboard's figures (tracking rows and conversions of one business). */
  merchantAnalytics: AnalyticsRepository;
}

export interface SqliteStorageOptions {
  /** Commit concurrent tracking writes together (GROUP_COMMIT; default true). */
  groupCommit?: boolean;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle, options: SqliteStorageOptions = {}): Storage {
  return {
    engine: 'sqlite',
    tracking: createSqliteTrackingRepository(handle, { groupCommit: options.groupCommit }),
    redirectTrust: createSqliteRedirectTrustRepository(handle),
    merchant: createSqliteMerchantRepository(handle),
    merchantAnalytics: createSqliteAnalyticsRepository(handle),
  };
}
