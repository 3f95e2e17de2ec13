import { DAY_MS } from '@pricehunt/contracts';
import type { DuePriceSummary, PriceHistoryReads, PricePointRow, PriceSummaryRow, PriceSummaryStore } from './ports';
import { createPriceSummaries, priceSummaryOf } from './price-summaries';

const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const point = (offerId: number, priceCents: number, recordedAt: string): PricePointRow => ({ offerId, retailerId: 'walmart', priceCents, shippingCents: null, currency: 'USD', recordedAt, condition: 'new', priceGroup: 'new' });
const product = (more: Partial<DuePriceSummary> = {}): DuePriceSummary => ({
  productId: 7,
  currency: 'USD',
  bestCents: 24_000,
  categorySlug: 'headphones',
  inStockRetailerId: 'walmart',
  version: 3,
  ...more,
});

describe('a product’s price summary', () => {
  const history = [point(1, 30_000, daysAgo(120)), point(1, 32_000, daysAgo(60)), point(1, 24_000, daysAgo(0))];

  it('keeps the typical, lowest and highest best price of 90 days, and the deal its best price in stock is', () => {
    expect(priceSummaryOf(product(), history, NOW)).toEqual({
      productId: 7,
      currency: 'USD',
      typicalCents: 32_000,
      lowCents: 24_000,
      highCents: 32_000,
      historySince: daysAgo(90),
      bestCents: 24_000,
      categorySlug: 'headphones',
      dealBasisPoints: 2500,
      dealRetailerId: 'walmart',
      computedAt: NOW.toISOString(),
      version: 3,
    });
  });

  it('is no deal with nothing in stock at the best price, with under 30 days of history, or without a drop', () => {
    expect(priceSummaryOf(product({ inStockRetailerId: null }), history, NOW)).toMatchObject({ typicalCents: 32_000, dealBasisPoints: null, dealRetailerId: null });
    const young = [point(1, 30_000, daysAgo(20)), point(1, 24_000, daysAgo(0))];
    expect(priceSummaryOf(product(), young, NOW)).toMatchObject({ historySince: daysAgo(20), dealBasisPoints: null });
    expect(priceSummaryOf(product({ bestCents: 33_000 }), history, NOW)).toMatchObject({ dealBasisPoints: null });
    expect(priceSummaryOf(product({ bestCents: 31_999 }), history, NOW)).toMatchObject({ dealBasisPoints: null });
    expect(priceSummaryOf(product({ bestCents: 31_996 }), history, NOW)).toMatchObject({ dealBasisPoints: 1 });
  });

  it('has no figures without prices in the product’s currency', () => {
    expect(priceSummaryOf(product({ currency: 'EUR' }), history, NOW)).toMatchObject({ typicalCents: null, historySince: null, dealBasisPoints: null });
    expect(priceSummaryOf(product({ currency: null }), history, NOW)).toMatchObject({ typicalCents: null, dealBasisPoints: null });
  });
});

describe('refreshing price summaries', () => {
  /** An in-memory stand-in of the catalog port: 450 products, all due until their summary is saved at their version. */
  function catalog() {
    const saved = new Map<number, PriceSummaryRow>();
    const reads: number[] = [];
    const port: Pick<PriceSummaryStore, 'productsDueForPriceSummary' | 'savePriceSummaries'> & Pick<PriceHistoryReads, 'pricePointsOfProducts'> = {
      async productsDueForPriceSummary({ after, limit }) {
        reads.push(after);
        const ids = Array.from({ length: 450 }, (_, i) => i + 1).filter((id) => id > after && saved.get(id)?.version !== 1);
        return ids.slice(0, limit).map((productId) => product({ productId, version: 1 }));
      },
      pricePointsOfProducts: async (ids) => new Map(ids.map((id) => [id, [point(id, 10_000, daysAgo(100))]])),
      async savePriceSummaries(rows) {
        for (const row of rows) saved.set(row.productId, row);
      },
    };
    return { port, saved, reads };
  }

  it('computes every due summary in batches, and one asked for meanwhile runs once after it', async () => {
    const { port, saved, reads } = catalog();
    const summaries = createPriceSummaries({ catalog: port, clock: () => NOW });
    const first = summaries.refresh();
    const second = summaries.refresh();
    const third = summaries.refresh();
    expect(second).toBe(third);
    expect(await first).toBe(450);
    expect(saved.size).toBe(450);
    expect(saved.get(450)).toMatchObject({ typicalCents: 10_000, version: 1 });
    // Nothing is due any more: the run that followed found nothing.
    expect(await second).toBe(0);
    expect(reads).toEqual([0, 200, 400, 450, 0]);
    await summaries.idle();
  });
});
