import type { CatalogRepository } from '@pricehunt/catalog-core';
import type { PostgresHandle } from '../db/pg-client';
import { createPgBusinessOffers } from './business-offers/pg';
import { createPgCorrections, createPgMatchReview } from './corrections/pg';
import { createPgImportRuns } from './import-runs/pg';
import { createPgProductListings } from './listings/pg';
import { createPgOfferReads, pgCatalogReads } from './offers/pg';
import { createPgPriceHistory, createPgPriceSummaries } from './prices/pg';
import { createPgProductReads, createPgProductUpkeep } from './products/pg';
import { OFFER_COLUMNS, PG_SQL, storeHold as storeHoldIn } from './shared-sql';

export type { Queryable } from './pg/queryable';
export { inTransaction, rowsOf } from './pg/queryable';
export { createProductPg, lockProducts, redirectProductPg, refreshProductFiguresPg, refreshProductsPg, refreshStoreTrustPg, retitleProductsOf } from './pg/product-writes';
export { OFFER_COLUMNS, pgCatalogReads };

/** `'store'` when an offer of business `bid` on host `host` (SQL expressions) may not be shown to shoppers: `storeHold` in PostgreSQL's words. */
export const storeHold = (bid: string, host: string) => storeHoldIn(PG_SQL, bid, host);

/**
 * `CatalogRepository` on PostgreSQL, every role through the pool (each role's module beside its SQLite twin: the
 * same statements where the dialects agree, `shared-sql.ts`). Where SQLite reads rows in rowid order without saying
 * so, the id says it here. Every writer of products' figures locks the products first, in id order, then the offers.
 */
export function createPgCatalogRepository({ pool }: PostgresHandle): CatalogRepository {
  return {
    ...pgCatalogReads(pool),
    ...createPgOfferReads(pool),
    ...createPgProductReads(pool),
    ...createPgProductUpkeep(pool),
    ...createPgProductListings(pool),
    ...createPgPriceHistory(pool),
    ...createPgPriceSummaries(pool),
    ...createPgMatchReview(pool),
    ...createPgCorrections(pool),
    ...createPgBusinessOffers(pool),
    ...createPgImportRuns(pool),
  };
}
