import { withBusyRetries } from './busy';
import { createPgFeedSourceRepository } from '../feeds/pg-repository';
import type { FeedSourceRepository } from '../feeds/repository';
import { createSqliteFeedSourceRepository } from '../feeds/sqlite-repository';
import type { AdminRepository } from '../admin/repository';
import { createSqliteAdminRepository } from '../admin/sqlite-repository';
import type { PriceAlertRepository, ShopperDataRepository } from '../shopper/repository';
import { createSqlitePriceAlertRepository, createSqliteShopperDataRepository } from '../shopper/sqlite-repository';
import type { AnalyticsRepository } from '../merchant/analytics-repository';
import type { MerchantRepository } from '../merchant/repository';
import { createSqliteAnalyticsRepository, createSqliteMerchantRepository } from '../merchant/sqlite-repository';
import type { RedirectTrustRepository, TrackingRepository } from '../tracking/repository';
import { createSqliteRedirectTrustRepository, createSqliteTrackingRepository } from '../tracking/sqlite-repository';
import type { DatabaseHandle } from './client';
import type { WatchRepository } from '../watches/repository';
import { createSqliteWatchRepository } from '../watches/sqlite-repository';
import { createPgWatchRepository } from '../watches/pg-repository';
import type { HealthRepository } from '../health/repository';
import { createPgHealthRepository } from '../health/pg-repository';
import { createSqliteHealthRepository } from '../health/sqlite-repository';
import type { PostgresHandle } from './pg-client';
import { createPgAdminRepository } from '../admin/pg-repository';
import { createPgEmailConfirmationRepository, createPgOutboxRepository, createPgSessionRepository, createPgSignInGuardRepository } from '../auth/pg-repository';
import { createPgBusinessAccountsRepository } from '../business-auth/pg-repository';
import { createPgCatalogRepository } from '../catalog/pg-repository';
import { createPgSearchIndexRepository } from '../catalog/pg-search-index';
import { createPgMatchReportRepository } from '../match-reports/pg-repository';
import { createPgAnalyticsRepository, createPgMerchantRepository } from '../merchant/pg-repository';
import { createPgRateLimitRepository } from '../rate-limits/pg-repository';
import { createPgSearchRequestRepository } from '../search/pg-repository';
import { createPgShopperAccountsRepository } from '../shopper-auth/pg-repository';
import { createPgPriceAlertRepository, createPgShopperDataRepository } from '../shopper/pg-repository';
import { createPgRedirectTrustRepository, createPgTrackingRepository } from '../tracking/pg-repository';
import type { RateLimitRepository } from '../rate-limits/repository';
import { createSqliteRateLimitRepository } from '../rate-limits/sqlite-repository';
import type { EmailConfirmationRepository, OutboxRepository, SessionRepository, SignInGuardRepository } from '../auth/repository';
import {
  createSqliteEmailConfirmationRepository,
  createSqliteOutboxRepository,
  createSqliteSessionRepository,
  createSqliteSignInGuardRepository,
} from '../auth/sqlite-repository';
import type { BusinessAccountsRepository } from '../business-auth/repository';
import { createSqliteBusinessAccountsRepository } from '../business-auth/sqlite-repository';
import type { ShopperAccountsRepository } from '../shopper-auth/repository';
import { createSqliteShopperAccountsRepository } from '../shopper-auth/sqlite-repository';
import type { CatalogRepository, SearchIndexRepository } from '@pricehunt/catalog-core';
import { createSqliteSearchIndexRepository } from '../catalog/search-index';
import { createSqliteCatalogRepository } from '../catalog/sqlite-repository';
import type { MatchReportRepository } from '../match-reports/repository';
import { createSqliteMatchReportRepository } from '../match-reports/sqlite-repository';
import type { SearchRequestRepository } from '@pricehunt/catalog-search';
import { createSqliteSearchRequestRepository } from '../search/sqlite-repository';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  /** What the health check reads. */
  health: HealthRepository;
  /** Business (merchant and admin) accounts, their email confirmation and password resets. */
  businessAccounts: BusinessAccountsRepository;
  /** Shopper accounts and their password resets. */
  shopperAccounts: ShopperAccountsRepository;
  /** Server-side sessions of both kinds of account. */
  sessions: SessionRepository;
  /** Sign-in failures and trusted devices. */
  signInGuard: SignInGuardRepository;
  /** Emailed confirmation links. */
  emailConfirmations: EmailConfirmationRepository;
  /** Emails as sent (or printed outside production). */
  outbox: OutboxRepository;
  /** Rate-limit windows every instance shares. */
  rateLimits: RateLimitRepository;
  /** Signed-in shoppers' history and favorites with their alerts. */
  shopper: ShopperDataRepository;
  /** What the price alert checker reads and marks. */
  priceAlerts: PriceAlertRepository;
  /** The admin console's reads, its business and retailer edits, and the audit log. */
  admin: AdminRepository;
  /** Clicks, referrals, events and the orders purchases report (each write resolves once durably committed). */
  tracking: TrackingRepository;
  /** Verified store domains and catalog offer links, for the redirect allow-list and attribution. */
  redirectTrust: RedirectTrustRepository;
  /** Merchants' settings, store domain proofs, conversions and store syncs. */
  merchant: MerchantRepository;
  /** The merchant dashboard's figures (tracking rows and conversions of one business). */
  merchantAnalytics: AnalyticsRepository;
  /** The catalog's offers and products as services outside ingestion read and change them. */
  catalog: CatalogRepository;
  /** The full-text index of the catalog's offers as search answers read it (vocabulary, suggestions). */
  searchIndex: SearchIndexRepository;
  /** Search requests and their stored answers. */
  searchRequests: SearchRequestRepository;
  /** Shoppers' reports of wrong matches. */
  matchReports: MatchReportRepository;
  /** Feed sources the workers refresh on a schedule, and their runs. */
  feedSources: FeedSourceRepository;
  /** Shoppers' watches, their evaluations and the delivery queue of their messages. */
  watches: WatchRepository;
}

export interface StorageOptions {
  /** Commit concurrent tracking writes together (GROUP_COMMIT; default true). */
  groupCommit?: boolean;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle, options: StorageOptions = {}): Storage {
  return retryingWhenBusy({
    engine: 'sqlite',
    health: createSqliteHealthRepository(handle),
    businessAccounts: createSqliteBusinessAccountsRepository(handle),
    shopperAccounts: createSqliteShopperAccountsRepository(handle),
    sessions: createSqliteSessionRepository(handle),
    signInGuard: createSqliteSignInGuardRepository(handle),
    emailConfirmations: createSqliteEmailConfirmationRepository(handle),
    outbox: createSqliteOutboxRepository(handle),
    rateLimits: createSqliteRateLimitRepository(handle),
    shopper: createSqliteShopperDataRepository(handle),
    priceAlerts: createSqlitePriceAlertRepository(handle),
    admin: createSqliteAdminRepository(handle),
    tracking: createSqliteTrackingRepository(handle, { groupCommit: options.groupCommit }),
    redirectTrust: createSqliteRedirectTrustRepository(handle),
    merchant: createSqliteMerchantRepository(handle),
    merchantAnalytics: createSqliteAnalyticsRepository(handle),
    catalog: createSqliteCatalogRepository(handle),
    searchIndex: createSqliteSearchIndexRepository(handle),
    searchRequests: createSqliteSearchRequestRepository(handle),
    matchReports: createSqliteMatchReportRepository(handle),
    feedSources: createSqliteFeedSourceRepository(handle),
    watches: createSqliteWatchRepository(handle),
  });
}

/** Every port on the PostgreSQL database of `handle` (node-postgres: several API instances on one database). */
export function createPgStorage(handle: PostgresHandle, options: StorageOptions = {}): Storage {
  return retryingWhenBusy({
    engine: 'postgres',
    health: createPgHealthRepository(handle),
    businessAccounts: createPgBusinessAccountsRepository(handle),
    shopperAccounts: createPgShopperAccountsRepository(handle),
    sessions: createPgSessionRepository(handle),
    signInGuard: createPgSignInGuardRepository(handle),
    emailConfirmations: createPgEmailConfirmationRepository(handle),
    outbox: createPgOutboxRepository(handle),
    rateLimits: createPgRateLimitRepository(handle),
    shopper: createPgShopperDataRepository(handle),
    priceAlerts: createPgPriceAlertRepository(handle),
    admin: createPgAdminRepository(handle),
    tracking: createPgTrackingRepository(handle, { groupCommit: options.groupCommit }),
    redirectTrust: createPgRedirectTrustRepository(handle),
    merchant: createPgMerchantRepository(handle),
    merchantAnalytics: createPgAnalyticsRepository(handle),
    catalog: createPgCatalogRepository(handle),
    searchIndex: createPgSearchIndexRepository(handle),
    searchRequests: createPgSearchRequestRepository(handle),
    matchReports: createPgMatchReportRepository(handle),
    feedSources: createPgFeedSourceRepository(handle),
    watches: createPgWatchRepository(handle),
  });
}

/**
 * Every port but tracking's (its writes have a writer of their own) runs a unit of work the database refused as busy
 * again, a few times with jittered waits (`withBusyRetries`): a sign-in or a read waits out an import's commit instead
 * of failing.
 */
function retryingWhenBusy(storage: Storage): Storage {
  const ports: Record<string, unknown> = {};
  for (const [name, port] of Object.entries(storage)) ports[name] = name === 'tracking' || typeof port !== 'object' || port === null ? port : withBusyRetries(port);
  return ports as unknown as Storage;
}
