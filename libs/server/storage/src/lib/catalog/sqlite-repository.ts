import type { CatalogRepository } from '@pricehunt/catalog-core';
import type { DatabaseHandle } from '../db/client';
import { createSqliteBusinessOffers } from './business-offers/sqlite';
import { createSqliteCorrections, createSqliteMatchReview } from './corrections/sqlite';
import { createSqliteImportRuns } from './import-runs/sqlite';
import { createSqliteProductListings } from './listings/sqlite';
import { createSqliteOfferCandidateReads, createSqliteOfferReads } from './offers/sqlite';
import { createSqlitePriceHistory, createSqlitePriceSummaries } from './prices/sqlite';
import { createSqliteProductReads, createSqliteProductUpkeep } from './products/sqlite';
import { type CatalogStore, createSqliteCatalogStore } from './sqlite/store';

export { BULK_SQL, bulkOfferParams, bulkProductParams, importRunAdvanceParams } from './sqlite/bulk-sql';
export { type CatalogStore, createSqliteCatalogStore, refreshStoreTrustSqlite } from './sqlite/store';
export { FIRST_DEAL, PRICE_REVIEW_FRACTION } from './shared-sql';

/**
 * `CatalogRepository` on the SQLite file of `handle`, every role over the catalog store (its own, unless one is
 * given); each role's module sits beside its PostgreSQL twin, the statements both dialects agree on in `shared-sql.ts`.
 */
export function createSqliteCatalogRepository(handle: Pick<DatabaseHandle, 'sqlite'>, store: CatalogStore = createSqliteCatalogStore(handle.sqlite)): CatalogRepository {
  const { sqlite } = handle;
  return {
    ...createSqliteOfferReads(store),
    ...createSqliteOfferCandidateReads(store),
    ...createSqliteProductReads(sqlite, store),
    ...createSqliteProductUpkeep(sqlite, store),
    ...createSqliteProductListings(sqlite),
    ...createSqlitePriceHistory(sqlite),
    ...createSqlitePriceSummaries(sqlite),
    ...createSqliteMatchReview(sqlite, store),
    ...createSqliteCorrections(sqlite, store),
    ...createSqliteBusinessOffers(sqlite, store),
    ...createSqliteImportRuns(sqlite, store),
  };
}
