import { generateCatalog, type FeedRow } from '@pricehunt/catalog-feeds';
import { importErMagellan, type ErMagellanImport } from './er-magellan';
import type { ImportProgress, ImportSummary, IngestionService } from './ingestion';
import type { CatalogServices } from './services';
import type { CatalogRepository } from './ports';

/** Seed of the demo catalog: the same offers on every machine. */
export const DEMO_SEED = 42;

/** The rows of the deterministic synthetic catalog, as a feed parser would give them. */
export function* syntheticRows(offers: number, seed: number): Generator<FeedRow> {
  let line = 0;
  for (const offer of generateCatalog({ offers, seed })) {
    // The ground-truth product key stays with the generator; the catalog must find the products itself.
    const { productKey: _productKey, ...feedOffer } = offer;
    yield { line: ++line, offer: feedOffer };
  }
}

/** Imports `offers` offers of the deterministic synthetic catalog (bulk path: GTIN and model-number clustering). */
export function importSyntheticCatalog(
  ingestion: IngestionService,
  options: {
    offers: number;
    seed?: number;
    onProgress?: (progress: ImportProgress) => void;
    batchSize?: number;
    /** The rows, generated beforehand (`syntheticRows` with the same count and seed); otherwise generated as they are read. */
    rows?: Iterable<FeedRow>;
  },
): Promise<ImportSummary> {
  const seed = options.seed ?? DEMO_SEED;
  return ingestion.importRows(options.rows ?? syntheticRows(options.offers, seed), {
    format: 'synthetic',
    source: `synthetic catalog, ${options.offers} offers, seed ${seed}`,
    bulk: true,
    expectedRows: options.offers,
    batchSize: options.batchSize ?? 5000,
    onProgress: options.onProgress,
  });
}

export interface SeedResult {
  /** True when the catalog already had offers and nothing was imported. */
  skipped: boolean;
  synthetic: ImportSummary | null;
  erMagellan: ErMagellanImport[];
  offers: number;
  products: number;
  /** An Amazon product link of the catalog whose product is cheaper elsewhere, to try first. */
  demoUrl: string | null;
}

/**
 * Fills an empty catalog for `npm start` and `start:cluster`: `offers` synthetic offers (fast, deterministic) and, when
 * `seedDataDir` is given (SEED_DATA_DIR), the ER-Magellan tables. Idempotent: a catalog that already has offers is
 * left alone.
 */
export async function seedDemoCatalog(
  catalog: Pick<CatalogServices, 'ingestion'>,
  ports: Pick<CatalogRepository, 'countOffers' | 'countProducts' | 'showcaseOfferUrl'>,
  options: { offers: number; seed?: number; seedDataDir?: string; onProgress?: (label: string, rows: number) => void },
): Promise<SeedResult> {
  const { ingestion } = catalog;
  const offers = await ports.countOffers();
  if (offers > 0) return { skipped: true, synthetic: null, erMagellan: [], offers, products: await ports.countProducts(), demoUrl: await ports.showcaseOfferUrl('amazon') };
  const synthetic =
    options.offers > 0
      ? await importSyntheticCatalog(ingestion, { offers: options.offers, seed: options.seed, onProgress: (p) => options.onProgress?.('synthetic', p.rows) })
      : null;
  const erMagellan = options.seedDataDir
    ? await importErMagellan(ingestion, options.seedDataDir, { onProgress: (label, p) => options.onProgress?.(label, p.rows) })
    : [];
  return {
    skipped: false,
    synthetic,
    erMagellan,
    offers: await ports.countOffers(),
    products: await ports.countProducts(),
    demoUrl: await ports.showcaseOfferUrl('amazon'),
  };
}
