import { productName } from '@pricehunt/catalog-matching';
import { successorWhilePlacing, type NewProduct, type ProductRow, type ProductSuccessor } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { BULK_SQL } from '../sqlite/bulk-sql';
import { idList, prepareAll } from '../sqlite/prepare';
import { PRODUCT_COLUMNS, SAME_SQL, SQLITE_SQL, storeHold } from '../shared-sql';
import { writeProductFiguresSqlite } from '../sqlite-product-figures';

const nowIso = () => new Date().toISOString();
/** An offer's `held` as its store's trust says now (`storeHold`), a hold for its price kept. */
const HELD_BY_TRUST = `coalesce(${storeHold(SQLITE_SQL, 'offers.business_id', 'offers.host')}, CASE WHEN held = 'store' THEN NULL ELSE held END)`;
const LONE_OFFERS = 'SELECT p.id AS productId, o.id AS offerId FROM products p JOIN offers o ON o.product_id = p.id';

/** The statements the catalog store reads products with. */
const LOOKUPS = {
  productById: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`,
  productIdsByTitle: SAME_SQL.productIdsByTitle('?'),
  productsSharingModelKeys: `SELECT group_concat(DISTINCT product_id) AS ids FROM offers WHERE model_key IS NOT NULL AND model_key != '' AND model IS NOT NULL AND model != ''
       AND product_id IS NOT NULL GROUP BY model_key HAVING count(DISTINCT product_id) > 1`,
  productIdsWithModelKey:
    "SELECT group_concat(DISTINCT product_id) AS ids, count(DISTINCT product_id) AS n FROM offers WHERE model_key = ? AND model IS NOT NULL AND model != '' AND product_id IS NOT NULL",
  offerProductsById: 'SELECT id, product_id AS productId FROM offers ORDER BY id',
  offerProducts: 'SELECT id, product_id AS productId FROM offers',
  redirectOf: 'SELECT to_id FROM product_redirects WHERE from_id = ?',
  placingOffersOf: SAME_SQL.placingOffersOf('?'),
  loneOffersWithoutModelNumber: `${LONE_OFFERS} WHERE p.offer_count = 1 AND o.model_key IS NULL ORDER BY p.id`,
  // The ids as an IN list: joined as a table, the planner scanned the whole JSON array for each lone product.
  loneOffersWithoutModelNumberAmong: `${LONE_OFFERS} WHERE ${SQLITE_SQL.inIds('p.id', '?')} AND p.offer_count = 1 AND o.model_key IS NULL ORDER BY p.id`,
  countProducts: 'SELECT count(*) AS n FROM products',
};

/** The catalog store's reads of products, on one connection. */
export function sqliteProductLookups(sqlite: Database.Database) {
  const s = prepareAll(sqlite, LOOKUPS, ['redirectOf']);
  return {
    getProduct: (id: number) => (s.productById.get(id) as ProductRow | undefined) ?? null,
    /** The one product with offers whose name is exactly `title`; null when none or several have it. */
    productIdByExactTitle: (title: string) => {
      const rows = s.productIdsByTitle.all(title) as Array<{ id: number }>;
      return rows.length === 1 ? (rows[0]?.id ?? null) : null;
    },
    /**
     * Groups of products with offers that state one part number in their part-number field (not only in their titles),
     * each group's ids ascending: for the given model keys, or for every key of the catalog.
     */
    productsSharingModelKeys: (keys?: readonly string[]): number[][] => {
      const rows = keys
        ? keys.map((key) => s.productIdsWithModelKey.get(key) as { ids: string | null; n: number }).filter((row) => row.n > 1)
        : (s.productsSharingModelKeys.all() as Array<{ ids: string }>);
      return rows.map((row) => (row.ids ?? '').split(',').map(Number).sort((x, y) => x - y));
    },
    /** Every offer's id and product, in id order (re-clustering puts them back in that order). */
    offerProducts: () => s.offerProductsById.all() as Array<{ id: number; productId: number | null }>,
    /** Every offer's id and product, in the order the table is read (no order asked). */
    offerProductsUnordered: () => s.offerProducts.all() as Array<{ id: number; productId: number | null }>,
    /** Where a product id no product has leads (`ProductReads.successorOf`). */
    successorOf: (id: number): ProductSuccessor =>
      (s.redirectOf.get(id) as number | undefined) ?? successorWhilePlacing(s.placingOffersOf.all(id) as Array<{ productId: number | null; offers: number }>),
    /**
     * Products of a single offer that states no model number (in its part-number field or its title), with that offer:
     * among the given products, or in the whole catalog.
     */
    loneOffersWithoutModelNumber: (productIds?: readonly number[]) =>
      (productIds ? s.loneOffersWithoutModelNumberAmong.all(idList(productIds)) : s.loneOffersWithoutModelNumber.all()) as Array<{ productId: number; offerId: number }>,
    countProducts: () => (s.countProducts.get() as { n: number }).n,
  };
}

/** The statements the catalog store writes products with. */
const WRITES = {
  // A null id takes the next one (AUTOINCREMENT: a retired id is never handed out again).
  insertProduct: `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
      VALUES (@id, @title, @brand, @model, @modelKey, @gtin, @category, @categorySlug, @imageUrl, @now, @now)`,
  holdPriceOutliers: BULK_SQL.holdPriceOutliers,
  bumpPriceSummaries: BULK_SQL.bumpPriceSummaries,
  deleteEmptyProducts: BULK_SQL.deleteEmptyProducts,
  titlesOfProducts: `SELECT product_id AS productId, title, brand, retailer_id AS retailerId FROM offers WHERE ${SQLITE_SQL.inIds('product_id', '?')} ORDER BY product_id, id`,
  setProductTitle: BULK_SQL.setProductTitle,
  approveOfferPrice: `UPDATE offers SET price_approved_cents = price_cents + coalesce(shipping_cents, 0), held = NULL
      WHERE id = ? AND held = 'price' RETURNING product_id AS productId`,
  // Each offer of the business held for its store or not, as storeHold says; a released offer's price is reviewed next.
  refreshStoreHolds: `UPDATE offers SET held = ${HELD_BY_TRUST} WHERE business_id = ? AND held IS NOT ${HELD_BY_TRUST} RETURNING product_id AS productId`,
  moveOffers: 'UPDATE offers SET product_id = ? WHERE product_id = ?',
  redirectProduct: 'INSERT INTO product_redirects (from_id, to_id, created_at) VALUES (@from, @to, @now) ON CONFLICT (from_id) DO UPDATE SET to_id = @to, created_at = @now',
  // Chains stay flat: what pointed at the retired id points at its successor.
  flattenRedirects: 'UPDATE product_redirects SET to_id = @to WHERE to_id = @from',
  // Signed-in shoppers' favorites (and their price alerts) follow; one already saved under the successor stays.
  moveFavorites: 'UPDATE OR IGNORE shopper_favorites SET product_id = @to WHERE product_id = @from',
  dropMovedFavorites: 'DELETE FROM shopper_favorites WHERE product_id = @from',
  // Watches too (a product's is named by it: "product:<id>"); a product watch whose owner watches the successor goes.
  moveWatches: `UPDATE OR IGNORE watches SET product_id = @to, target = CASE WHEN url IS NULL THEN 'product:' || CAST(@to AS INTEGER) ELSE target END WHERE product_id = @from`,
  dropMovedWatches: 'DELETE FROM watches WHERE product_id = @from',
};

/** Products' figures and titles recomputed from their offers, with the connection's statements `s`. */
function productRefresh(sqlite: Database.Database, s: Record<keyof typeof WRITES, Database.Statement>) {
  /**
   * Gives each product the name its offers agree on (`productName`: brand, model and the words most shops say), so it
   * stays right as offers join and leave. One read of the titles per 500 products.
   */
  const retitleProducts = (ids: readonly number[]): void => {
    for (let start = 0; start < ids.length; start += 500) {
      const rows = s.titlesOfProducts.all(idList(ids.slice(start, start + 500))) as Array<{ productId: number; title: string; brand: string | null; retailerId: string }>;
      for (let i = 0; i < rows.length; ) {
        let end = i;
        while (end < rows.length && present(rows[end]).productId === present(rows[i]).productId) end++;
        const title = productName(rows.slice(i, end));
        if (title) s.setProductTitle.run(title, present(rows[i]).productId, title);
        i = end;
      }
    }
  };
  /**
   * Recomputes the products' offer counts, best prices and missing identifiers from their offers (one statement each
   * for price reviews, the figures and dropping empty ones). Offers are held for review or released by their price
   * first, so the figures count only those shown.
   */
  const refreshProducts = (ids: readonly number[], now = nowIso()): void => {
    if (ids.length === 0) return;
    const json = idList(ids);
    s.holdPriceOutliers.run({ ids: json });
    writeProductFiguresSqlite(sqlite, ids, now);
    s.bumpPriceSummaries.run({ ids: json });
    s.deleteEmptyProducts.run(json);
    retitleProducts(ids);
  };
  return { retitleProducts, refreshProducts };
}

/** The catalog store's writes of products: their figures, titles, corrections and redirects, on one connection. */
export function sqliteProductWrites(sqlite: Database.Database) {
  const s = prepareAll(sqlite, WRITES);
  const { retitleProducts, refreshProducts } = productRefresh(sqlite, s);
  /**
   * Records that retired products' offers went to others (`[from, to]` pairs, in order), so that links,
   * favorites, price alerts and watches naming a retired id find its successor. Call inside the transaction that retired them.
   */
  const redirectProducts = (pairs: ReadonlyArray<readonly [number, number]>, now = nowIso()): void => {
    for (const [from, to] of pairs) {
      if (from === to) continue;
      s.flattenRedirects.run({ from, to });
      s.redirectProduct.run({ from, to, now });
      s.moveFavorites.run({ from, to });
      s.dropMovedFavorites.run({ from });
      s.moveWatches.run({ from, to });
      s.dropMovedWatches.run({ from });
    }
  };
  return {
    retitleProducts,
    refreshProducts,
    redirectProducts,
    /** Recomputes a product's figures from its offers (`refreshProducts`); drops it when it has none left. */
    refreshProduct: (id: number, now = nowIso()): void => refreshProducts([id], now),
    /** Adds a product under the next id, or under `id` (a retired product's, taken back by re-clustering). */
    createProduct: (product: NewProduct & { id?: number }, now = nowIso()): number => Number(s.insertProduct.run({ ...product, id: product.id ?? null, now }).lastInsertRowid),
    /**
     * Shows an offer held for a price review and remembers its total as accepted (it is held again only below it);
     * refreshes its product. The product's id, or null when the offer was not held for its price.
     */
    approveOfferPrice: (offerId: number, now = nowIso()): number | null =>
      sqlite.transaction(() => {
        const row = s.approveOfferPrice.get(offerId) as { productId: number | null } | undefined;
        if (!row) return null;
        if (row.productId !== null) refreshProducts([row.productId], now);
        return row.productId;
      })(),
    /**
     * Shows or hides a business's offers after its store's trust changed (its domain verified or changed, the
     * business suspended or reactivated), and refreshes the figures of the products they are in. One transaction.
     */
    refreshStoreTrust: (businessId: string, now = nowIso()): number =>
      sqlite.transaction(() => {
        const rows = s.refreshStoreHolds.all(businessId) as Array<{ productId: number | null }>;
        refreshProducts([...new Set(rows.map((row) => row.productId).filter((id): id is number => id !== null))], now);
        return rows.length;
      })(),
    /**
     * Every offer of the products `from` joins product `into`; the retired ids lead to it (see `redirectProducts`) and
     * the products' figures are refreshed. Answers how many offers moved. Call inside a transaction.
     */
    mergeProducts(from: readonly number[], into: number, now = nowIso()): number {
      let moved = 0;
      for (const id of from) if (id !== into) moved += s.moveOffers.run(into, id).changes;
      refreshProducts([into, ...from], now);
      redirectProducts(
        from.map((id) => [id, into] as const),
        now,
      );
      return moved;
    },
  };
}
