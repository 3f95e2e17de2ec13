import { createIngestionService, type IngestionService } from './ingestion';
import { createPagePlacement, type PagePlacement } from './page-offer';
import type { IngestionStore } from './ingestion-store';
import { createProductMatcher, portReads, type ProductMatcher } from './matching';
import type { CatalogRepository, SearchIndexRepository } from './ports';
import { createPriceSummaries, type PriceSummaries } from './price-summaries';
import { createFeedRefresh } from './refresh';
import { createSpellingCorrector, type SpellingCorrector } from './spelling';
import { createSuggester, type Suggester } from './suggest';

/** The catalog's services, on either engine. */
export interface CatalogServices {
  /** What imports and re-clustering read and write (see ingestion-store.ts). */
  store: IngestionStore;
  matcher: ProductMatcher;
  ingestion: IngestionService;
  /** Places product pages shoppers paste or watch as offers (see page-offer.ts). */
  pages: PagePlacement;
  /** Applies a retailer's complete feed as a delta (see refresh.ts). */
  refresh: ReturnType<typeof createFeedRefresh>;
  spelling: SpellingCorrector;
  suggester: Suggester;
  /** The products' price summaries, which deals are measured against (see price-summaries.ts). */
  priceSummaries: PriceSummaries;
}

/**
 * The catalog's services over its ports: searches and spelling read through `catalog` and `searchIndex`, imports
 * through `store`. `changed` is told after each batch of an import that wrote something.
 */
export function createCatalogServices(parts: { store: IngestionStore; catalog: CatalogRepository; searchIndex: SearchIndexRepository; changed: () => void }): CatalogServices {
  const matcher = createProductMatcher(portReads(parts.catalog, parts.searchIndex));
  const ingestion = createIngestionService({ store: parts.store, matcher, index: { changed: parts.changed } });
  return {
    store: parts.store,
    matcher,
    ingestion,
    pages: createPagePlacement({ store: parts.store, matcher, changed: parts.changed }),
    refresh: createFeedRefresh({ store: parts.store, importRows: ingestion.importRows, index: { changed: parts.changed } }),
    spelling: createSpellingCorrector(parts.searchIndex),
    suggester: createSuggester({ index: parts.searchIndex, catalog: parts.catalog }),
    priceSummaries: createPriceSummaries({ catalog: parts.catalog }),
  };
}
