import { productName } from '@pricehunt/catalog-matching';
import type { NewProduct } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { type FigureOffer, type ProductFigures, productFigures } from '../product-figures';
import { deleteEmptyProducts, holdPriceOutliers, PG_SQL, storeHold } from '../shared-sql';
import { type Queryable, rowsOf } from './queryable';

/*
 * What every writer of products' figures on PostgreSQL runs inside its transaction: price reviews, the figures, titles,
 * new products and redirects, the products locked first in id order.
 */

const FIGURE_OFFERS = `SELECT id, product_id AS "productId", title, price_cents AS "priceCents", shipping_cents AS "shippingCents", currency,
    availability, condition, price_group AS "priceGroup", gtin, model, model_key AS "modelKey", brand, image_url AS "imageUrl"
  FROM offers WHERE product_id = ANY($1::int[]) AND held IS NULL`;
/** The figures `productFigures` computed, one array per column ($1 … $11, then $13), and now ($12). */
const WRITE_FIGURES = `UPDATE products SET offer_count = f.n, best_price_cents = f.cents, best_price_condition = f.condition, best_offer_id = f.offer,
    currency = coalesce(f.currency, products.currency), gtin = coalesce(products.gtin, f.gtin), model = coalesce(products.model, f.model),
    model_key = coalesce(products.model_key, f.model_key), brand = coalesce(products.brand, f.brand),
    image_url = coalesce(f.image_url, products.image_url), attributes = f.attributes::jsonb, updated_at = $12
  FROM unnest($1::int[], $2::int[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $13::text[])
    AS f(id, n, cents, condition, offer, currency, gtin, model, model_key, brand, image_url, attributes)
  WHERE products.id = f.id`;
const WRITE_GROUPS = `UPDATE offers SET price_group = g.price_group FROM unnest($1::int[], $2::text[]) AS g(id, price_group) WHERE offers.id = g.id`;

/** The figures of the products (`productFigures`: offer count, best price, offers' groups), written in two statements. */
async function writeProductFiguresPg(db: Queryable, ids: readonly number[], now: string) {
  const offers = await rowsOf<FigureOffer>(db, 'figure-offers', FIGURE_OFFERS, [ids]);
  const figures = productFigures(ids, offers);
  const column = <K extends keyof ProductFigures>(key: K) => figures.map((row) => row[key]);
  await db.query({
    name: 'catalog/write-figures',
    text: WRITE_FIGURES,
    values: [
      column('productId'), column('offerCount'), column('bestPriceCents'), column('bestPriceCondition'), column('bestOfferId'), column('currency'),
      column('gtin'), column('model'), column('modelKey'), column('brand'), column('imageUrl'), now, column('attributes'),
    ],
  });
  const groups = figures.flatMap((row) => row.groups);
  if (groups.length > 0) {
    await db.query({ name: 'catalog/write-price-groups', text: WRITE_GROUPS, values: [groups.map((g) => g.offerId), groups.map((g) => g.priceGroup)] });
  }
}

/** The products' names (`productName` of their offers), written when they change. */
export async function retitleProductsOf(db: Queryable, ids: readonly number[]) {
  const rows = await rowsOf<{ productId: number; title: string; brand: string | null; retailerId: string }>(
    db,
    'titles-of-products',
    'SELECT product_id AS "productId", title, brand, retailer_id AS "retailerId" FROM offers WHERE product_id = ANY($1::int[]) ORDER BY product_id, id',
    [ids],
  );
  for (let i = 0; i < rows.length; ) {
    let end = i;
    while (end < rows.length && present(rows[end]).productId === present(rows[i]).productId) end++;
    const title = productName(rows.slice(i, end));
    if (title) await db.query({ name: 'catalog/set-product-title', text: 'UPDATE products SET title = $1 WHERE id = $2 AND title IS DISTINCT FROM $1', values: [title, present(rows[i]).productId] });
    i = end;
  }
}
/** Price reviews, figures and empty products dropped (the bulk path's refresh: its titles come at the end). Inside a transaction. */
export async function refreshProductFiguresPg(db: Queryable, ids: readonly number[], now: string) {
  await db.query({ name: 'catalog/hold-price-outliers', text: holdPriceOutliers(PG_SQL, '$1'), values: [ids] });
  await writeProductFiguresPg(db, ids, now);
  // Their price summaries are computed again (BULK_SQL.bumpPriceSummaries of the SQLite side).
  await db.query({ name: 'catalog/bump-price-summaries', text: 'UPDATE product_price_summaries SET version = version + 1 WHERE product_id = ANY($1::int[])', values: [ids] });
  await db.query({ name: 'catalog/delete-empty-products', text: deleteEmptyProducts(PG_SQL, '$1'), values: [ids] });
}

/** The SQLite store's refreshProducts: price reviews, figures, empty products dropped, titles. Inside a transaction. */
export async function refreshProductsPg(db: Queryable, ids: readonly number[], now: string) {
  await refreshProductFiguresPg(db, ids, now);
  await retitleProductsOf(db, ids);
}

const HELD_BY_TRUST = `coalesce(${storeHold(PG_SQL, 'offers.business_id', 'offers.host')}, CASE WHEN offers.held = 'store' THEN NULL ELSE offers.held END)`;

/** Locks the products (FOR UPDATE, in id order: every writer of products' figures takes them so); answers those that exist. */
export async function lockProducts(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>({
    name: 'catalog/lock-products',
    text: 'SELECT id FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    values: [ids],
  });
  return rows.map((row) => row.id);
}

/**
 * Shows or hides the business's offers as its store's trust now says (the SQLite store's refreshStoreTrust), and
 * refreshes the figures of their products. Run inside a transaction on `client` (the admin's suspension of the
 * business runs it in its own). Locks the products of the business's offers first, in id order, then the offers, as
 * the other writers of figures do; a product an offer joined meanwhile is locked after them. How many offers changed.
 */
export async function refreshStoreTrustPg(client: pg.ClientBase, businessId: string, now: string): Promise<number> {
  const { rows: products } = await client.query<{ productId: number }>({
    name: 'catalog/products-of-business',
    text: 'SELECT DISTINCT product_id AS "productId" FROM offers WHERE business_id = $1 AND product_id IS NOT NULL ORDER BY 1',
    values: [businessId],
  });
  const locked = new Set(await lockProducts(client, products.map((row) => row.productId)));
  const { rows } = await client.query<{ productId: number | null }>({
    name: 'catalog/refresh-store-holds',
    text: `UPDATE offers SET held = ${HELD_BY_TRUST} WHERE business_id = $1 AND held IS DISTINCT FROM ${HELD_BY_TRUST} RETURNING product_id AS "productId"`,
    values: [businessId],
  });
  const ids = [...new Set(rows.map((row) => row.productId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  await lockProducts(
    client,
    ids.filter((id) => !locked.has(id)),
  );
  if (ids.length > 0) await refreshProductsPg(client, ids, now);
  return rows.length;
}

/**
 * Adds a product and answers its id: the next of the identity sequence, but above every product and retired product
 * id there is (rows written with their own ids, as imports and fixtures do, leave the sequence behind), and the
 * sequence is moved past it. As SQLite's AUTOINCREMENT, a retired id is not handed out again. Two transactions that
 * chose the same id: the second's insert waits for the first and, once it committed, does nothing; it then chooses again.
 */
export async function createProductPg(db: Queryable, product: NewProduct, now: string): Promise<number> {
  for (;;) {
    const { rows } = await db.query<{ id: number }>({
      name: 'catalog/create-product',
      text: `INSERT INTO products (id, title, brand, model, model_key, gtin, category, category_slug, image_url, created_at, updated_at)
        SELECT greatest(nextval(pg_get_serial_sequence('products', 'id')), (SELECT coalesce(max(id), 0) + 1 FROM products),
          (SELECT coalesce(max(from_id), 0) + 1 FROM product_redirects)), $1, $2, $3, $4, $5, $6, $7, $8, $9, $9
        ON CONFLICT (id) DO NOTHING RETURNING id`,
      values: [product.title, product.brand, product.model, product.modelKey, product.gtin, product.category, product.categorySlug, product.imageUrl, now],
    });
    const id = rows[0]?.id;
    if (id === undefined) continue;
    await db.query({
      name: 'catalog/advance-product-ids',
      text: `SELECT setval(pg_get_serial_sequence('products', 'id'), $1) WHERE $1 > (SELECT last_value FROM products_id_seq)`,
      values: [id],
    });
    return id;
  }
}

/**
 * Records that a retired product's offers went to another (the SQLite store's redirectProducts, one pair): chains stay
 * flat, and signed-in shoppers' favorites (with their price alerts) and watches follow, but one already saved under the
 * successor stays (SQLite: UPDATE OR IGNORE, then DELETE). Inside the transaction that retired it.
 */
export async function redirectProductPg(db: Queryable, from: number, to: number, now: string): Promise<void> {
  if (from === to) return;
  await db.query({ name: 'catalog/flatten-redirects', text: 'UPDATE product_redirects SET to_id = $2 WHERE to_id = $1', values: [from, to] });
  await db.query({
    name: 'catalog/redirect-product',
    text: 'INSERT INTO product_redirects (from_id, to_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (from_id) DO UPDATE SET to_id = $2, created_at = $3',
    values: [from, to, now],
  });
  await db.query({
    name: 'catalog/move-favorites',
    text: `UPDATE shopper_favorites f SET product_id = $2 WHERE f.product_id = $1
      AND NOT EXISTS (SELECT 1 FROM shopper_favorites g WHERE g.shopper_id = f.shopper_id AND g.product_id = $2)`,
    values: [from, to],
  });
  await db.query({ name: 'catalog/drop-moved-favorites', text: 'DELETE FROM shopper_favorites WHERE product_id = $1', values: [from] });
  await db.query({
    name: 'catalog/move-watches',
    text: `UPDATE watches w SET product_id = $2, target = CASE WHEN w.url IS NULL THEN 'product:' || $2::integer ELSE w.target END WHERE w.product_id = $1
      AND (w.url IS NOT NULL OR NOT EXISTS (SELECT 1 FROM watches v WHERE v.owner = w.owner AND v.target = 'product:' || $2::integer))`,
    values: [from, to],
  });
  await db.query({ name: 'catalog/drop-moved-watches', text: 'DELETE FROM watches WHERE product_id = $1', values: [from] });
}
