import { successorWhilePlacing, type CatalogCounts, type ProductReads, type ProductRow, type ProductUpkeep, type SuggestionCandidate } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { pgCatalogReads } from '../offers/pg';
import { lockProducts, refreshProductsPg, refreshStoreTrustPg } from '../pg/product-writes';
import { inTransaction, rowsOf } from '../pg/queryable';
import { likeAnywhere, PRODUCT_COLUMNS, SAME_SQL } from '../shared-sql';

/** `ProductReads` on PostgreSQL, through the pool. */
export function createPgProductReads(pool: pg.Pool): ProductReads {
  return {
    getProduct: pgCatalogReads(pool).getProduct,
    async getProducts(ids) {
      const found = new Map<number, ProductRow>();
      if (ids.length === 0) return found;
      const rows = await rowsOf<ProductRow>(pool, 'products-by-ids', `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
      for (const product of rows) found.set(product.id, product);
      return found;
    },
    async successorOf(id) {
      const { rows } = await pool.query<{ toId: number }>({ name: 'catalog/successor', text: 'SELECT to_id AS "toId" FROM product_redirects WHERE from_id = $1', values: [id] });
      if (rows[0]) return rows[0].toId;
      return successorWhilePlacing(await rowsOf<{ productId: number | null; offers: number }>(pool, 'placing-offers-of', SAME_SQL.placingOffersOf('$1'), [id]));
    },
    async productIdByExactTitle(title) {
      const { rows } = await pool.query<{ id: number }>({
        name: 'catalog/product-by-title',
        text: SAME_SQL.productIdsByTitle('$1'),
        values: [title],
      });
      return rows.length === 1 ? present(rows[0]).id : null;
    },
    async productsByModelCode(modelKey, options) {
      // Model keys are upper-case letters and digits, so [key, key || '~') holds every key that starts with `key` (the pattern operators ~>=~ and ~<~ compare bytes, as the index on model_key does).
      // (byte order: the cluster's collation is "C").
      const { rows } = await pool.query<{ productId: number; modelKey: string }>({
        name: 'catalog/model-keys-from',
        text: `SELECT DISTINCT product_id AS "productId", model_key AS "modelKey" FROM offers WHERE model_key ~>=~ $1 AND model_key ~<~ ($1 || '~')
          AND product_id IS NOT NULL ORDER BY model_key USING ~<~, product_id LIMIT $2`,
        values: [modelKey, options.limit * 4],
      });
      const ids: number[] = [];
      for (const row of rows) {
        if (row.modelKey.length - modelKey.length > options.suffix || ids.includes(row.productId)) continue;
        ids.push(row.productId);
        if (ids.length >= options.limit) break;
      }
      return ids;
    },
    async productsWithTitleWords(words, limit) {
      // SQLite's LIKE ignores the case of ASCII letters only; so does ILIKE under the "C" collation. Backslash escapes.
      const conditions = words.map((_, index) => `title ILIKE $${index + 1}`).join(' AND ');
      const { rows } = await pool.query<{ id: number }>({
        name: `catalog/products-with-title-words-${words.length}`,
        text: `SELECT id FROM products WHERE ${conditions || 'true'} ORDER BY offer_count DESC, id LIMIT $${words.length + 1}`,
        values: [...words.map(likeAnywhere), limit],
      });
      return rows.map((row) => row.id);
    },
    productsWithModelKeyPrefix: (prefix, limit) =>
      rowsOf<SuggestionCandidate>(
        pool,
        'products-with-model-key-prefix',
        `SELECT p.id AS "productId", p.title, p.offer_count AS "offerCount" FROM products p
          WHERE p.id IN (SELECT product_id FROM offers WHERE model_key ~>=~ $1 AND model_key ~<~ ($1 || '~') AND product_id IS NOT NULL
            ORDER BY model_key USING ~<~, id LIMIT $2) AND p.offer_count > 0 ORDER BY p.id`,
        [prefix, limit],
      ),
  };
}

/** `ProductUpkeep` and `CatalogCounts` on PostgreSQL: each write one transaction that locks its products first. */
export function createPgProductUpkeep(pool: pg.Pool): ProductUpkeep & CatalogCounts {
  const count = async (name: string, table: 'offers' | 'products') =>
    present((await pool.query<{ n: number }>({ name: `catalog/count-${name}`, text: `SELECT count(*) AS n FROM ${table}`, values: [] })).rows[0]).n;
  return {
    async renameRetailer(id, name) {
      await pool.query({ name: 'catalog/rename-retailer', text: 'UPDATE retailers SET name = $2 WHERE id = $1 AND name IS DISTINCT FROM $2', values: [id, name] });
    },
    productsPricedBefore: async (limit) =>
      (
        await rowsOf<{ id: number }>(pool, 'products-priced-before', SAME_SQL.productsPricedBefore('$1'), [limit])
      ).map((row) => row.id),
    refreshProduct: (productId, now) =>
      inTransaction(pool, async (client) => {
        // Locked first, as every writer of a product's figures locks it.
        await lockProducts(client, [productId]);
        await refreshProductsPg(client, [productId], now);
        return { commit: true, result: undefined };
      }),
    refreshStoreTrust: (businessId, now) => inTransaction(pool, async (client) => ({ commit: true, result: await refreshStoreTrustPg(client, businessId, now) })),
    countOffers: () => count('offers', 'offers'),
    countProducts: () => count('products', 'products'),
    async showcaseOfferUrl(retailerId) {
      const { rows } = await pool.query<{ url: string }>({
        name: 'catalog/showcase-offer',
        text: SAME_SQL.showcaseOffer('$1'),
        values: [retailerId],
      });
      return rows[0]?.url ?? null;
    },
  };
}
