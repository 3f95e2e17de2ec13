import { demoPriceHistory, generateCatalog, generateDemoCatalog, type FeedRow, type SyntheticOffer } from '@pricehunt/catalog-feeds';
import { importErMagellan, type ErMagellanImport } from './er-magellan';
import type { ImportProgress, ImportSummary, IngestionService } from './ingestion';
import type { CatalogServices } from './services';
import type { CatalogCounts } from './ports';

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

/** Days of price history the demo catalog is given, today included. */
export const DEMO_HISTORY_DAYS = 180;

const DAY = 86_400_000;

/** Feed rows of generated offers (the ground-truth product key stays with the generator). */
const rowsOf = (offers: readonly SyntheticOffer[]): FeedRow[] => offers.map(({ productKey: _productKey, ...offer }, i) => ({ line: i + 1, offer }));

export interface DemoImport {
  /** Offers of the demo catalog (today's feed). */
  offers: number;
  /** Days of history replayed, today included. */
  days: number;
  /** Offers whose listing changed, summed over the days after the first. */
  changes: number;
  /** Price points written (one per new offer and per price change). */
  pricePoints: number;
  /** The first day's import (all offers) and the last failed one, if any. */
  first: ImportSummary;
  failed: ImportSummary | null;
  durationMs: number;
}

/**
 * Imports the demo catalog of real products (`generateDemoCatalog`) with its price history: the feeds of the last
 * `days` days (`demoPriceHistory`) are replayed in order through the catalog's own ingestion, each day's import
 * stamped with that day (`ImportOptions.now`, noon UTC of days before `today`; today's at the time of the call), so an
 * offer whose price changed gets a price point of that day and today's prices are the last feed's. The first day's
 * feed (every offer) goes row by row, each offer into its variant's product (`productGroupKey`, as a feed's item
 * groups); each later day's feed holds only the offers that changed that day (an unchanged row would be read and
 * left alone).
 */
export async function importDemoCatalog(
  ingestion: IngestionService,
  options: { seed?: number; days?: number; today?: Date; onProgress?: (day: number, days: number) => void } = {},
): Promise<DemoImport> {
  const started = Date.now();
  const seed = options.seed ?? DEMO_SEED;
  const days = options.days ?? DEMO_HISTORY_DAYS;
  const today = options.today ?? new Date();
  const noon = Math.floor(today.getTime() / DAY) * DAY + DAY / 2;
  const offers = generateDemoCatalog({ seed });
  const history = demoPriceHistory(offers, { days, seed });
  let first: ImportSummary | null = null;
  let failed: ImportSummary | null = null;
  let changes = 0;
  let pricePoints = 0;
  const lastPrice = new Map<string, number>();
  for (const { day, offers: listed } of history) {
    if (listed.length === 0) continue;
    const stamp = day === days - 1 ? today.toISOString() : new Date(noon - (days - 1 - day) * DAY).toISOString();
    const summary = await ingestion.importRows(rowsOf(listed), {
      format: 'synthetic',
      source: `demo catalog of real products, seed ${seed}, day ${day + 1} of ${days}`,
      bulk: false,
      expectedRows: listed.length,
      // The demo's products are known: each variant's offers are one product (the matcher's clustering is measured on
      // the synthetic and ER-Magellan catalogs, `eval:search` and `eval:clusters`).
      productGroupKey: (_offer, line) => listed[line - 1]?.productKey,
      now: () => stamp,
    });
    if (summary.status !== 'succeeded') failed = summary;
    if (day === 0) first = summary;
    else changes += listed.length;
    // A price point for each offer's first price and each change of the price it is sold at.
    for (const offer of listed) {
      const key = `${offer.retailer}|${offer.externalId}`;
      const price = Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents);
      if (lastPrice.get(key) !== price) pricePoints++;
      lastPrice.set(key, price);
    }
    options.onProgress?.(day + 1, days);
  }
  if (!first) throw new Error('the demo catalog has no offers');
  return { offers: offers.length, days, changes, pricePoints, first, failed, durationMs: Date.now() - started };
}

export interface SeedResult {
  /** True when the catalog already had offers and nothing was imported. */
  skipped: boolean;
  /** Products computed anew from their offers (names, figures, attributes) when the catalog was already seeded (none otherwise). */
  refreshed?: number;
  /** The demo catalog of real products with its price history (null when not asked for). */
  demo: DemoImport | null;
  synthetic: ImportSummary | null;
  erMagellan: ErMagellanImport[];
  offers: number;
  products: number;
  /** An Amazon product link of the catalog whose product is cheaper elsewhere, to try first. */
  demoUrl: string | null;
}

/**
 * Fills an empty catalog for `npm start` and `start:cluster`: the demo catalog of real products with its price
 * history (`importDemoCatalog`, unless `demo` is false), then, when asked, `syntheticOffers` offers of the synthetic
 * catalog (fast, deterministic, invented models) and, when `seedDataDir` is given (SEED_DATA_DIR), the ER-Magellan
 * tables. Idempotent: a catalog that already has offers gets no offers; its products are named anew from their offers.
 */
export async function seedDemoCatalog(
  catalog: Pick<CatalogServices, 'ingestion'>,
  ports: CatalogCounts,
  options: {
    demo?: boolean;
    syntheticOffers?: number;
    seed?: number;
    days?: number;
    today?: Date;
    seedDataDir?: string;
    onProgress?: (label: string, rows: number) => void;
  },
): Promise<SeedResult> {
  const { ingestion } = catalog;
  const offers = await ports.countOffers();
  if (offers > 0) {
    // Named and described as the rules of this version read their offers, whatever version seeded the catalog.
    const refreshed = await ingestion.refreshAllProducts();
    return { skipped: true, refreshed, demo: null, synthetic: null, erMagellan: [], offers, products: await ports.countProducts(), demoUrl: await ports.showcaseOfferUrl('amazon') };
  }
  const demo =
    options.demo !== false
      ? await importDemoCatalog(ingestion, { seed: options.seed, days: options.days, today: options.today, onProgress: (day) => options.onProgress?.('demo', day) })
      : null;
  const syntheticOffers = options.syntheticOffers ?? 0;
  const synthetic =
    syntheticOffers > 0
      ? await importSyntheticCatalog(ingestion, { offers: syntheticOffers, seed: options.seed, onProgress: (p) => options.onProgress?.('synthetic', p.rows) })
      : null;
  const erMagellan = options.seedDataDir
    ? await importErMagellan(ingestion, options.seedDataDir, { onProgress: (label, p) => options.onProgress?.(label, p.rows) })
    : [];
  return {
    skipped: false,
    demo,
    synthetic,
    erMagellan,
    offers: await ports.countOffers(),
    products: await ports.countProducts(),
    demoUrl: await ports.showcaseOfferUrl('amazon'),
  };
}
