import type { DealCategoryRow, DealRow, DuePriceSummary, PriceHistoryReads, PricePointRow, PriceSummaryStore } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import { prepareAll } from '../sqlite/prepare';
import { dealsWhere, FIRST_DEAL, SAME_SQL } from '../shared-sql';

/** Price points of offers (`o`, joined to their points `p`), with their product and their id for ordering. */
const PRICE_POINTS = `SELECT p.id, o.product_id AS "productId", p.offer_id AS "offerId", o.retailer_id AS "retailerId", p.price_cents AS "priceCents",
    p.shipping_cents AS "shippingCents", p.currency, p.recorded_at AS "recordedAt", o.condition, o.price_group AS "priceGroup"
  FROM offers o JOIN price_points p ON p.offer_id = o.id`;
/** The last price point of each offer (`o`) recorded before @since: its price when the range begins. */
const PRICE_POINTS_BEFORE = `SELECT p.id, o.product_id, p.offer_id, o.retailer_id, p.price_cents, p.shipping_cents, p.currency, p.recorded_at,
  o.condition, o.price_group FROM offers o JOIN price_points p ON p.id = (SELECT q.id FROM price_points q WHERE q.offer_id = o.id AND q.recorded_at < @since
    ORDER BY q.recorded_at DESC, q.id DESC LIMIT 1)`;
const DEALS_WHERE = dealsWhere('@minDrop', '@afterDrop', '@afterId');

const HISTORY = {
  priceHistory: `SELECT "offerId", "retailerId", "priceCents", "shippingCents", currency, "recordedAt", condition, "priceGroup" FROM (
      SELECT * FROM (${PRICE_POINTS} WHERE o.product_id = @productId AND o.held IS NULL AND p.recorded_at >= @since
        ORDER BY p.recorded_at DESC, p.id DESC LIMIT @limit)
      UNION ALL ${PRICE_POINTS_BEFORE} WHERE o.product_id = @productId AND o.held IS NULL)
    ORDER BY "recordedAt", id`,
  pricePointsOfProducts: `SELECT "productId", "offerId", "retailerId", "priceCents", "shippingCents", currency, "recordedAt", condition, "priceGroup" FROM (
      ${PRICE_POINTS} WHERE o.product_id IN (SELECT value FROM json_each(@ids)) AND o.held IS NULL AND p.recorded_at >= @since
      UNION ALL ${PRICE_POINTS_BEFORE} WHERE o.product_id IN (SELECT value FROM json_each(@ids)) AND o.held IS NULL)
    ORDER BY "productId", "recordedAt", id`,
};

/** `PriceHistoryReads` on SQLite. */
export function createSqlitePriceHistory(sqlite: Database.Database): PriceHistoryReads {
  const s = prepareAll(sqlite, HISTORY);
  return {
    priceHistoryOfProduct: async (productId, options) => s.priceHistory.all({ productId, ...options }) as PricePointRow[],
    async pricePointsOfProducts(productIds, since) {
      const found = new Map<number, PricePointRow[]>();
      if (productIds.length === 0) return found;
      for (const { productId, ...point } of s.pricePointsOfProducts.all({ ids: JSON.stringify(productIds), since }) as Array<PricePointRow & { productId: number }>) {
        let list = found.get(productId);
        if (!list) found.set(productId, (list = []));
        list.push(point);
      }
      return found;
    },
  };
}

const SUMMARIES = {
  productsDueForPriceSummary: SAME_SQL.duePriceSummaries('@after', '@staleBefore', '@limit'),
  // A summary computed meanwhile from a newer version is not overwritten by an older one; the version itself is
  // only ever moved on by refreshes of the product (bumpPriceSummaries).
  savePriceSummary: `INSERT INTO product_price_summaries (product_id, currency, typical_cents, low_cents, high_cents,
      history_since, best_cents, category_slug, deal_basis_points, deal_retailer_id, computed_at, version, computed_version)
    VALUES (@productId, @currency, @typicalCents, @lowCents, @highCents, @historySince, @bestCents, @categorySlug, @dealBasisPoints,
      @dealRetailerId, @computedAt, @version, @version)
    ON CONFLICT (product_id) DO UPDATE SET currency = excluded.currency, typical_cents = excluded.typical_cents, low_cents = excluded.low_cents,
      high_cents = excluded.high_cents, history_since = excluded.history_since, best_cents = excluded.best_cents,
      category_slug = excluded.category_slug, deal_basis_points = excluded.deal_basis_points, deal_retailer_id = excluded.deal_retailer_id,
      computed_at = excluded.computed_at, computed_version = excluded.computed_version
    WHERE excluded.computed_version >= product_price_summaries.computed_version`,
  // One statement each with and without a category: each reads its own deals index, backwards, and stops at the page's end.
  dealsPage: SAME_SQL.dealsPage(DEALS_WHERE, '@limit'),
  categoryDealsPage: SAME_SQL.dealsPage(DEALS_WHERE, '@limit', '@category'),
  dealCategories: SAME_SQL.dealCategories(DEALS_WHERE),
};

/** `PriceSummaryStore` on SQLite. */
export function createSqlitePriceSummaries(sqlite: Database.Database): PriceSummaryStore {
  const s = prepareAll(sqlite, SUMMARIES);
  return {
    productsDueForPriceSummary: async (query) => s.productsDueForPriceSummary.all(query) as DuePriceSummary[],
    async savePriceSummaries(rows) {
      sqlite.transaction(() => {
        for (const row of rows) s.savePriceSummary.run(row);
      })();
    },
    async deals(query) {
      const after = query.after ?? FIRST_DEAL;
      const page = { minDrop: query.minDropBasisPoints, afterDrop: after.dropBasisPoints, afterId: after.productId, limit: query.limit };
      const items = (query.categorySlug ? s.categoryDealsPage.all({ ...page, category: query.categorySlug }) : s.dealsPage.all(page)) as DealRow[];
      const categories = s.dealCategories.all({ minDrop: query.minDropBasisPoints, afterDrop: FIRST_DEAL.dropBasisPoints, afterId: FIRST_DEAL.productId });
      return { items, categories: categories as DealCategoryRow[] };
    },
  };
}
