import type { OfferCandidateReads, OfferItem, OfferReads, OfferRef, OfferRow, OfferWithRetailer, ProductReads, ProductRow } from '@pricehunt/catalog-core';
import { shorterModelKeys } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { type Queryable, rowsOf } from '../pg/queryable';
import { type ConditionPriceRow, conditionPrices, lowestPricesInSql, OFFER_COLUMNS, OFFER_REF, OFFER_WITH_RETAILER, PRODUCT_COLUMNS, TOTAL } from '../shared-sql';

/** Offers with their retailer (`OFFER_WITH_RETAILER`) that `where` (on `o`, with its order) finds. */
export const offersWithRetailer = (db: Queryable, name: string, where: string, values: unknown[]) =>
  rowsOf<OfferWithRetailer>(db, name, `${OFFER_WITH_RETAILER} WHERE ${where}`, values);

/**
 * The catalog port's reads that an import's unit of work needs too, on `db`: the pool, or a transaction's client (which
 * sees the transaction's own writes).
 */
export function pgCatalogReads(
  db: Queryable,
): Pick<OfferReads, 'findOfferByCanonicalUrl' | 'findOfferByExternalId'> & Pick<ProductReads, 'getProduct'> & OfferCandidateReads {
  const offer = async (name: string, where: string, values: unknown[]) =>
    (await rowsOf<OfferRow>(db, name, `SELECT ${OFFER_COLUMNS} FROM offers o WHERE ${where}`, values))[0] ?? null;
  return {
    findOfferByCanonicalUrl: (canonicalUrl) => offer('offer-by-canonical-url', 'o.canonical_url = $1', [canonicalUrl]),
    findOfferByExternalId: (retailerId, externalId) => offer('offer-by-external-id', 'o.retailer_id = $1 AND o.external_id = $2', [retailerId, externalId]),
    getProduct: async (id) => (await rowsOf<ProductRow>(db, 'product', `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]))[0] ?? null,
    ...pgOfferCandidateReads(db),
  };
}

/** `OfferCandidateReads` on `db`: the pool, or a transaction's client. */
export function pgOfferCandidateReads(db: Queryable): OfferCandidateReads {
  return {
    offersWithGtin: (gtin, limit) => rowsOf<OfferRef>(db, 'offers-with-gtin', `${OFFER_REF} WHERE gtin = $1 AND product_id IS NOT NULL ORDER BY id LIMIT $2`, [gtin, limit]),
    async offersWithModelKey(modelKey, limit) {
      const found = await rowsOf<OfferRef>(
        db,
        'offers-with-model-key-prefix',
        `${OFFER_REF} WHERE model_key ~>=~ $1 AND model_key ~<~ ($1 || '~') AND product_id IS NOT NULL
          ORDER BY model_key USING ~<~, id LIMIT $2`,
        [modelKey, limit],
      );
      for (const key of shorterModelKeys(modelKey)) {
        if (found.length >= limit) break;
        found.push(
          ...(await rowsOf<OfferRef>(
            db,
            'offers-with-model-key',
            `${OFFER_REF} WHERE model_key = $1 AND product_id IS NOT NULL ORDER BY id LIMIT $2`,
            [key, limit - found.length],
          )),
        );
      }
      return found;
    },
    async offerRefsOfProducts(productIds, limit) {
      const refs = new Map<number, OfferRef[]>(productIds.map((id) => [id, []]));
      if (productIds.length === 0) return refs;
      const rows = await rowsOf<OfferRef>(
        db,
        'offer-refs-of-products',
        `SELECT id, "productId", "updatedAt" FROM (SELECT id, product_id AS "productId", updated_at AS "updatedAt",
            row_number() OVER (PARTITION BY product_id ORDER BY id) AS n FROM offers WHERE product_id = ANY($1::int[])) AS r
          WHERE n <= $2 ORDER BY "productId", id`,
        [productIds, limit],
      );
      for (const row of rows) present(refs.get(present(row.productId))).push(row);
      return refs;
    },
    async offerItems(ids) {
      const items = new Map<number, OfferItem>();
      if (ids.length === 0) return items;
      const rows = await rowsOf<OfferItem>(
        db,
        'offer-items',
        'SELECT id, updated_at AS "updatedAt", title, brand, model, gtin, price_cents AS "priceCents" FROM offers WHERE id = ANY($1::int[])',
        [ids],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked, as the SQLite side reads them one by one.
      for (const id of ids) {
        const row = byId.get(id);
        if (row) items.set(id, row);
      }
      return items;
    },
    async offersAtAmong(retailerId, offerIds) {
      if (offerIds.length === 0) return new Set();
      const { rows } = await db.query<{ id: number }>({
        name: 'catalog/offers-at-among',
        text: 'SELECT id FROM offers WHERE id = ANY($1::int[]) AND retailer_id = $2',
        values: [offerIds, retailerId],
      });
      const found = new Set(rows.map((row) => row.id));
      return new Set(offerIds.filter((id) => found.has(id)));
    },
    async productsWithOfferAt(retailerId, productIds) {
      if (productIds.length === 0) return new Set();
      const { rows } = await db.query<{ productId: number }>({
        name: 'catalog/products-with-offer-at',
        text: 'SELECT DISTINCT product_id AS "productId" FROM offers WHERE product_id = ANY($1::int[]) AND retailer_id = $2',
        values: [productIds, retailerId],
      });
      const found = new Set(rows.map((row) => row.productId));
      return new Set(productIds.filter((id) => found.has(id)));
    },
  };
}

/** `OfferReads` on PostgreSQL, through the pool. */
export function createPgOfferReads(pool: pg.Pool): OfferReads {
  const { findOfferByCanonicalUrl, findOfferByExternalId } = pgCatalogReads(pool);
  return {
    findOfferByCanonicalUrl,
    findOfferByExternalId,
    getOfferWithRetailer: async (id) => (await offersWithRetailer(pool, 'offer-with-retailer', 'o.id = $1', [id]))[0] ?? null,
    offersOfProduct: (productId) =>
      offersWithRetailer(pool, 'offers-of-product', `o.product_id = $1 AND o.held IS NULL ORDER BY ${TOTAL('o')}, o.id`, [productId]),
    allOffersOfProduct: (productId) => offersWithRetailer(pool, 'all-offers-of-product', `o.product_id = $1 ORDER BY ${TOTAL('o')}, o.id`, [productId]),
    async lowestPricesIn(condition, productIds) {
      if (productIds.length === 0) return new Map();
      const { rows } = await pool.query<ConditionPriceRow>({
        name: `catalog/lowest-prices-in-${condition}`,
        text: lowestPricesInSql(condition, 'SELECT unnest($1::int[])'),
        values: [productIds],
      });
      return conditionPrices(rows);
    },
  };
}
