import type { CatalogCounts, ProductReads, ProductRow, ProductUpkeep, SuggestionCandidate } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { idList, prepareAll } from '../sqlite/prepare';
import type { CatalogStore } from '../sqlite/store';
import { likeAnywhere, PRODUCT_COLUMNS, SAME_SQL } from '../shared-sql';

const READS = {
  productsByIds: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id IN (SELECT value FROM json_each(?))`,
  // Model keys are upper-case letters and digits, so [key, key || '~') holds every key that starts with `key`.
  byModelKeyPrefix: `SELECT p.id AS "productId", p.title, p.offer_count AS "offerCount" FROM products p
    WHERE p.id IN (SELECT product_id FROM offers WHERE model_key >= @key AND model_key < @key || '~' AND product_id IS NOT NULL
      LIMIT @limit) AND p.offer_count > 0`,
};

/** `ProductReads` on SQLite, over the catalog store. */
export function createSqliteProductReads(sqlite: Database.Database, store: CatalogStore): ProductReads {
  const s = prepareAll(sqlite, READS);
  const byWords = new Map<number, Database.Statement>();
  return {
    getProduct: async (id) => store.getProduct(id),
    async getProducts(ids) {
      const found = new Map<number, ProductRow>();
      if (ids.length === 0) return found;
      if (ids.length === 1) {
        const product = store.getProduct(present(ids[0]));
        if (product) found.set(product.id, product);
        return found;
      }
      for (const product of s.productsByIds.all(idList(ids)) as ProductRow[]) found.set(product.id, product);
      return found;
    },
    successorOf: async (id) => store.successorOf(id),
    productIdByExactTitle: async (title) => store.productIdByExactTitle(title),
    productsByModelCode: async (modelKey, options) => store.productsByModelCode(modelKey, options),
    async productsWithTitleWords(words, limit) {
      let statement = byWords.get(words.length);
      if (!statement) {
        const conditions = words.map(() => "title LIKE ? ESCAPE '\\'").join(' AND ');
        statement = sqlite.prepare(`SELECT id FROM products WHERE ${conditions} ORDER BY offer_count DESC, id LIMIT ?`).pluck();
        byWords.set(words.length, statement);
      }
      return statement.all(...words.map(likeAnywhere), limit) as number[];
    },
    productsWithModelKeyPrefix: async (prefix, limit) => s.byModelKeyPrefix.all({ key: prefix, limit }) as SuggestionCandidate[],
  };
}

/** `ProductUpkeep` and `CatalogCounts` on SQLite, over the catalog store: each write one transaction. */
export function createSqliteProductUpkeep(sqlite: Database.Database, store: CatalogStore): ProductUpkeep & CatalogCounts {
  const productsPricedBefore = sqlite.prepare(SAME_SQL.productsPricedBefore('?')).pluck();
  return {
    refreshProduct: async (productId, now) => store.transaction(() => store.refreshProduct(productId, now)),
    productsPricedBefore: async (limit) => productsPricedBefore.all(limit) as number[],
    refreshStoreTrust: async (businessId, now) => store.refreshStoreTrust(businessId, now),
    renameRetailer: async (id, name) => store.renameRetailer(id, name),
    countOffers: async () => store.countOffers(),
    countProducts: async () => store.countProducts(),
    showcaseOfferUrl: async (retailerId) => store.showcaseOfferUrl(retailerId),
  };
}
