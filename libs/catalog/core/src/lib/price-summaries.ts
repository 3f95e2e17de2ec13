import { present, DAY_MS } from '@pricehunt/contracts';
import type { DuePriceSummary, PriceHistoryReads, PricePointRow, PriceSummaryRow, PriceSummaryStore } from './ports';
import { hasEnoughHistory, priceRangeSummary, TYPICAL_PRICE_DAYS } from './price-history';

/**
 * A summary is computed again once this old, though its product did not change: its TYPICAL_PRICE_DAYS have moved on
 * (and a product's history may have reached the days deals ask for).
 */
export const PRICE_SUMMARY_MAX_AGE_MS = DAY_MS;

/** Products summarised per read of their histories and write of their summaries. */
const BATCH = 200;

/**
 * A product's summary from its price history (`points`: from TYPICAL_PRICE_DAYS before `now` at least), and the deal
 * it is now: its best price in stock under the typical price, with MIN_HISTORY_DAYS of history at least.
 */
export function priceSummaryOf(product: DuePriceSummary, points: readonly PricePointRow[], now: Date): PriceSummaryRow {
  const summary = product.currency === null ? null : priceRangeSummary(points, { days: TYPICAL_PRICE_DAYS, now: now.getTime(), currency: product.currency });
  const drop =
    summary && product.bestCents !== null && product.inStockRetailerId !== null && hasEnoughHistory(summary.since, now.getTime()) && summary.typicalCents > 0
      ? Math.floor(((summary.typicalCents - product.bestCents) * 10_000) / summary.typicalCents)
      : 0;
  return {
    productId: product.productId,
    currency: product.currency,
    typicalCents: summary?.typicalCents ?? null,
    lowCents: summary?.lowCents ?? null,
    highCents: summary?.highCents ?? null,
    historySince: summary?.since ?? null,
    bestCents: product.bestCents,
    categorySlug: product.categorySlug,
    dealBasisPoints: drop > 0 ? drop : null,
    dealRetailerId: drop > 0 ? product.inStockRetailerId : null,
    computedAt: now.toISOString(),
    version: product.version,
  };
}

/**
 * Keeps `product_price_summaries` (each product's typical price and the deal it is) up to date: a refresh computes
 * the summaries that are missing, a day old, or behind a change of their product's offers (every refresh of a
 * product's figures, by any writer, moves its version on; deals are read only while the product's best price is still
 * the one its summary saw). Run after imports, on a schedule, and at the end of the commands that import. Refreshes
 * never overlap in a process: one asked for while another runs follows it.
 */
export function createPriceSummaries(deps: {
  catalog: Pick<PriceSummaryStore, 'productsDueForPriceSummary' | 'savePriceSummaries'> & Pick<PriceHistoryReads, 'pricePointsOfProducts'>;
  clock?: () => Date;
}) {
  const { catalog } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function run(): Promise<number> {
    let after = 0;
    let count = 0;
    for (;;) {
      const now = clock();
      const due = await catalog.productsDueForPriceSummary({ staleBefore: new Date(now.getTime() - PRICE_SUMMARY_MAX_AGE_MS).toISOString(), after, limit: BATCH });
      if (due.length === 0) return count;
      const histories = await catalog.pricePointsOfProducts(
        due.map((product) => product.productId),
        new Date(now.getTime() - TYPICAL_PRICE_DAYS * DAY_MS).toISOString(),
      );
      await catalog.savePriceSummaries(due.map((product) => priceSummaryOf(product, histories.get(product.productId) ?? [], now)));
      count += due.length;
      after = present(due[due.length - 1]).productId;
      // Requests of the API go on between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const start = (): Promise<number> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    /**
     * Computes every summary that is due; answers how many it computed. Asked for while one runs, it runs once more
     * after it (once for every call made meanwhile), so what changed meanwhile is seen.
     */
    refresh(): Promise<number> {
      if (queued) return queued;
      if (!running) return start();
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    /** Resolves once no refresh is running or waiting (shutdown waits for one under way). */
    async idle(): Promise<void> {
      while (running || queued) await (queued ?? running)?.catch(() => undefined);
    },
  };
}

export type PriceSummaries = ReturnType<typeof createPriceSummaries>;
