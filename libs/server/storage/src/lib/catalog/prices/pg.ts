import type { DealCategoryRow, DealRow, DuePriceSummary, PriceHistoryReads, PricePointRow, PriceSummaryRow, PriceSummaryStore } from '@pricehunt/catalog-core';
import type pg from 'pg';
import { rowsOf } from '../pg/queryable';
import { dealsWhere, FIRST_DEAL, SAME_SQL } from '../shared-sql';

const PRICE_POINT_COLUMNS = `p.id, o.product_id AS "productId", p.offer_id AS "offerId", o.retailer_id AS "retailerId", p.price_cents AS "priceCents",
  p.shipping_cents AS "shippingCents", p.currency, p.recorded_at AS "recordedAt", o.condition, o.price_group AS "priceGroup"`;
/**
 * The price points of offers (`o`) recorded at or after the instant `since` (a parameter), with their product and id
 * for ordering. Each offer's points are read through its index (a lateral join): the planner would otherwise hash the
 * whole table for a few hundred products.
 */
const PRICE_POINTS_SINCE = (since: string) => `SELECT ${PRICE_POINT_COLUMNS}
  FROM offers o JOIN LATERAL (SELECT q.* FROM price_points q WHERE q.offer_id = o.id AND q.recorded_at >= ${since}::timestamptz) p ON true`;
/** The last price point of each offer (`o`) recorded before the instant `since` (a parameter): its price when the range begins. */
const PRICE_POINTS_BEFORE = (since: string) => `SELECT p.id, o.product_id, p.offer_id, o.retailer_id, p.price_cents, p.shipping_cents, p.currency, p.recorded_at,
  o.condition, o.price_group FROM offers o JOIN LATERAL (SELECT q.* FROM price_points q WHERE q.offer_id = o.id AND q.recorded_at < ${since}::timestamptz
    ORDER BY q.recorded_at DESC, q.id DESC LIMIT 1) p ON true`;

/** DEALS_WHERE of both engines here ($1 minDrop, ($2, $3) the deal the page comes after). */
const DEALS_WHERE = dealsWhere('$1::int', '$2::int', '$3::bigint');

/** `PriceHistoryReads` on PostgreSQL, through the pool. */
export function createPgPriceHistory(pool: pg.Pool): PriceHistoryReads {
  return {
    priceHistoryOfProduct: (productId, options) =>
      rowsOf<PricePointRow>(
        pool,
        'price-history',
        `SELECT "offerId", "retailerId", "priceCents", "shippingCents", currency, "recordedAt", condition, "priceGroup" FROM (
            (${PRICE_POINTS_SINCE('$2')} WHERE o.product_id = $1 AND o.held IS NULL ORDER BY p.recorded_at DESC, p.id DESC LIMIT $3)
            UNION ALL (${PRICE_POINTS_BEFORE('$2')} WHERE o.product_id = $1 AND o.held IS NULL)) x
          ORDER BY "recordedAt", id`,
        [productId, options.since, options.limit],
      ),
    async pricePointsOfProducts(productIds, since) {
      const found = new Map<number, PricePointRow[]>();
      if (productIds.length === 0) return found;
      const rows = await rowsOf<PricePointRow & { productId: number }>(
        pool,
        'price-points-of-products',
        `SELECT "productId", "offerId", "retailerId", "priceCents", "shippingCents", currency, "recordedAt", condition, "priceGroup" FROM (
            ${PRICE_POINTS_SINCE('$2')} WHERE o.product_id = ANY($1::int[]) AND o.held IS NULL
            UNION ALL ${PRICE_POINTS_BEFORE('$2')} WHERE o.product_id = ANY($1::int[]) AND o.held IS NULL) x
          ORDER BY "productId", "recordedAt", id`,
        [productIds, since],
      );
      for (const { productId, ...point } of rows) {
        let list = found.get(productId);
        if (!list) found.set(productId, (list = []));
        list.push(point);
      }
      return found;
    },
  };
}

/** `PriceSummaryStore` on PostgreSQL, through the pool. */
export function createPgPriceSummaries(pool: pg.Pool): PriceSummaryStore {
  return {
    async productsDueForPriceSummary(query) {
      const { rows } = await pool.query<DuePriceSummary>({
        name: 'catalog/products-due-for-price-summary',
        text: SAME_SQL.duePriceSummaries('$1', '$2::timestamptz', '$3'),
        values: [query.after, query.staleBefore, query.limit],
      });
      return rows;
    },
    async savePriceSummaries(rows) {
      if (rows.length === 0) return;
      // One statement: its rows are written in product id order (as the due products were read), so two instances
      // writing summaries of the same products at once wait for each other rather than deadlock.
      const sorted = [...rows].sort((a, b) => a.productId - b.productId);
      const column = <K extends keyof PriceSummaryRow>(key: K) => sorted.map((row) => row[key]);
      await pool.query({
        name: 'catalog/save-price-summaries',
        text: `INSERT INTO product_price_summaries (product_id, currency, typical_cents, low_cents, high_cents, history_since, best_cents, category_slug,
            deal_basis_points, deal_retailer_id, computed_at, version, computed_version)
          SELECT product_id, currency, typical, low, high, since, best, category, drop, retailer, computed_at, version, version
          FROM unnest($1::int[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::timestamptz[], $7::bigint[], $8::text[], $9::int[],
              $10::text[], $11::timestamptz[], $12::int[])
            AS x(product_id, currency, typical, low, high, since, best, category, drop, retailer, computed_at, version)
          ON CONFLICT (product_id) DO UPDATE SET currency = excluded.currency, typical_cents = excluded.typical_cents, low_cents = excluded.low_cents,
            high_cents = excluded.high_cents, history_since = excluded.history_since, best_cents = excluded.best_cents,
            category_slug = excluded.category_slug, deal_basis_points = excluded.deal_basis_points, deal_retailer_id = excluded.deal_retailer_id,
            computed_at = excluded.computed_at, computed_version = excluded.computed_version
          WHERE excluded.computed_version >= product_price_summaries.computed_version`,
        values: [
          column('productId'),
          column('currency'),
          column('typicalCents'),
          column('lowCents'),
          column('highCents'),
          column('historySince'),
          column('bestCents'),
          column('categorySlug'),
          column('dealBasisPoints'),
          column('dealRetailerId'),
          column('computedAt'),
          column('version'),
        ],
      });
    },
    async deals(query) {
      const after = query.after ?? FIRST_DEAL;
      const page = [query.minDropBasisPoints, after.dropBasisPoints, after.productId];
      // One statement each with and without a category, as on SQLite (each its own deals index, read backwards).
      const items = await rowsOf<Omit<DealRow, 'historySince'> & { historySince: Date }>(
        pool,
        query.categorySlug ? 'category-deals' : 'deals',
        SAME_SQL.dealsPage(DEALS_WHERE, '$4', query.categorySlug ? '$5' : undefined),
        query.categorySlug ? [...page, query.limit, query.categorySlug] : [...page, query.limit],
      );
      const categories = await rowsOf<DealCategoryRow>(
        pool,
        'deal-categories',
        SAME_SQL.dealCategories(DEALS_WHERE),
        [query.minDropBasisPoints, FIRST_DEAL.dropBasisPoints, FIRST_DEAL.productId],
      );
      return { items: items.map((item) => ({ ...item, historySince: item.historySince.toISOString() })), categories };
    },
  };
}
