import type { AdminRepository } from '../modules/admin/repository';
import { createSqliteAdminRepository } from '../modules/admin/sqlite-repository';
import type { PriceAlertRepository, ShopperDataRepository } from '../modules/shopper/repository';
import { createSqlitePriceAlertRepository, createSqliteShopperDataRepository } from '../modules/shopper/sqlite-repository';
import type { DatabaseHandle } from './client';
import type { RateLimitRepository } from '../modules/rate-limits/repository';
import { createSqliteRateLimitRepository } from '../modules/rate-limits/sqlite-repository';

/**
 * The storage ports of every domain, as one engine implements them. Services, routes and plugins depend on these
 * interfaces only (each declared in its module's `repository.ts`); the engine is chosen once, where the app opens
 * its database (`plugins/db.ts`).
 */
export interface Storage {
  readonly engine: 'sqlite';
  /** Rate-limit windows every instance shares. */
  rateLimits: RateLimitRepository;
  /** Signed-in shoppers' history and favorites with their alerts. */
  shopper: ShopperDataRepository;
  /** What the price alert checker reads and marks. */
  priceAlerts: PriceAlertRepository;
  /** The admin console's reads, its business and retailer edits, and the audit log. */
  admin: AdminRepository;
}

/** Every port on the SQLite file of `handle` (better-sqlite3: the embedded default). */
export function createSqliteStorage(handle: DatabaseHandle): Storage {
  return {
    engine: 'sqlite',
    rateLimits: createSqliteRateLimitRepository(handle),
    shopper: createSqliteShopperDataRepository(handle),
    priceAlerts: createSqlitePriceAlertRepository(handle),
    admin: createSqliteAdminRepository(handle),
  };
}
