import type { BusinessOffers } from './business-offers';
import type { CatalogCorrections, MatchReviewReads } from './corrections';
import type { ImportRunReads } from './import-runs';
import type { ProductListings } from './listings';
import type { OfferCandidateReads, OfferReads } from './offers';
import type { PriceHistoryReads, PriceSummaryStore } from './prices';
import type { CatalogCounts, ProductReads, ProductUpkeep } from './products';

export * from './rows';
export * from './offers';
export * from './products';
export * from './listings';
export * from './prices';
export * from './corrections';
export * from './business-offers';
export * from './import-runs';
export * from './search-index';

/**
 * Every role of the catalog at once: what the services outside ingestion read and change (offers and products for
 * search answers, the admin console's products, a business's own offers). Imports, matching and re-clustering use
 * the ingestion store of the engine. A service takes only the roles it calls (`OfferReads`, `ProductReads`, …); an
 * app's storage holds them all in one.
 */
export interface CatalogRepository
  extends OfferReads,
    OfferCandidateReads,
    ProductReads,
    ProductUpkeep,
    CatalogCounts,
    ProductListings,
    PriceHistoryReads,
    PriceSummaryStore,
    MatchReviewReads,
    CatalogCorrections,
    BusinessOffers,
    ImportRunReads {}
