import { productName } from '@pricehunt/catalog-matching';
import { present, PRODUCT_ATTRIBUTES } from '@pricehunt/contracts';
import { attributeParts, attributeValues, BROWSE_PARTS, browseWhere, offerConditions, storesOfProducts, type BrowseDialect, type BrowseParts } from './browse-filters';
import type { MerchantProduct, ProductsQuery } from '@pricehunt/contracts';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PostgresHandle } from '../db/pg-client';
import { writeAuditEntryPg } from '../admin/pg-audit-log';
import { type BrowseQuery, type BrowseSort, type CatalogRepository, type CategoryRow, type DealCategoryRow, type DealRow, type DuePriceSummary, type PriceSummaryRow, type CorrectionRefusal, type CorrectionResult, type ImportRunRow, type NewProduct, type OfferItem, type OfferRef, type OfferRow, type OfferWithRetailer, type PricePointRow, productOf, type ProductRow, shorterModelKeys, SUSPECT_PRODUCTS_FROM, type SuspectProductRow, type SuggestionCandidate } from '@pricehunt/catalog-core';
import { FIRST_DEAL, PRICE_REVIEW_FRACTION } from './sqlite-repository';
import { type FigureOffer, type ProductFigures, productFigures } from './product-figures';

/** A connection or the pool: what runs a statement. A transaction's statements run on its client. */
export type Queryable = pg.ClientBase | pg.Pool;

// Column lists in the SQLite side's order: node-postgres builds each row's keys in select order, so the objects the
// API answers with are the same JSON. Instants (timestamptz, read as Dates) become ISO strings in `withIsoTimes`.
export const OFFER_COLUMNS = `o.id, o.retailer_id AS "retailerId", o.external_id AS "externalId", o.canonical_url AS "canonicalUrl", o.url, o.host,
  o.title, o.brand, o.model, o.model_key AS "modelKey", o.gtin, o.price_cents AS "priceCents", o.currency, o.shipping_cents AS "shippingCents",
  o.availability, o.condition, o.image_url AS "imageUrl", o.category, o.business_id AS "businessId", o.product_id AS "productId",
  o.created_at AS "createdAt", o.updated_at AS "updatedAt"`;

// shopifyStore is 0 or 1, as SQLite's EXISTS answers it.
const OFFER_WITH_RETAILER = `SELECT ${OFFER_COLUMNS}, o.held, o.price_group AS "priceGroup", o.origin, r.name AS "retailerName", b.store_domain AS "businessDomain",
  CASE WHEN EXISTS (SELECT 1 FROM store_syncs s WHERE s.business_id = o.business_id AND s.status = 'succeeded') THEN 1 ELSE 0 END AS "shopifyStore"
  FROM offers o JOIN retailers r ON r.id = o.retailer_id LEFT JOIN businesses b ON b.id = o.business_id`;

/** BEST_SHIPPING_KNOWN of the SQLite side (1 or 0 as there). */
const BEST_SHIPPING_KNOWN = (p: string) => `(SELECT (b.shipping_cents IS NOT NULL)::int FROM offers b WHERE b.id = ${p}.best_offer_id) AS "bestShippingKnown"`;

const PRODUCT_COLUMNS = `id, title, brand, model, model_key AS "modelKey", gtin, category, category_slug AS "categorySlug", image_url AS "imageUrl",
  offer_count AS "offerCount", best_price_cents AS "bestPriceCents", best_price_condition AS "bestPriceCondition", best_offer_id AS "bestOfferId",
  ${BEST_SHIPPING_KNOWN('products')}, currency, created_at AS "createdAt", updated_at AS "updatedAt"`;

const BROWSE_ORDER: Record<BrowseSort, string> = {
  price_asc: 'best_price_cents ASC, id ASC',
  price_desc: 'best_price_cents DESC, id ASC',
  offers: 'offer_count DESC, id ASC',
  name: 'title ASC, id ASC',
};

// SQLite's `COLLATE NOCASE` folds ASCII letters only; so does lower() under the cluster's "C" collation.
// On the page's own columns (a wrapping select: PostgreSQL's ORDER BY takes an output name only alone, not in an
// expression). SQLite's `COLLATE NOCASE` folds ASCII letters only; so does lower() under the cluster's "C" collation.
const BUSINESS_OFFER_ORDER: Record<ProductsQuery['sort'], string> = {
  title: 'lower(title), id',
  price: '"priceCents", id',
  '-price': '"priceCents" DESC, id',
  // SQLite leaves offers of equal rank and equal folded title in rowid order: the id says it here.
  rank: '"priceRank" IS NULL, "priceRank", lower(title), id',
  updated: '"updatedAt" DESC, id DESC',
};

/** COMPETITORS of the SQLite side. */
const COMPETITORS = `x.product_id = o.product_id AND x.id <> o.id AND (x.business_id IS NULL OR x.business_id <> o.business_id) AND x.currency = o.currency
  AND x.held IS NULL AND x.availability <> 'out_of_stock' AND x.price_group = o.price_group`;
const TOTAL = (alias: string) => `(${alias}.price_cents + coalesce(${alias}.shipping_cents, 0))`;

const BUSINESS_OFFER = `
  SELECT o.id, o.external_id AS "externalId", o.title, o.url, o.price_cents AS "priceCents", o.currency, o.availability,
         o.product_id AS "productId", o.held, o.updated_at AS "updatedAt",
         (SELECT count(*) FROM offers x WHERE ${COMPETITORS}) AS "competitorCount",
         (SELECT min(${TOTAL('x')}) FROM offers x WHERE ${COMPETITORS}) AS "bestCompetitorPriceCents",
         CASE WHEN o.product_id IS NULL OR o.held IS NOT NULL THEN NULL
              ELSE 1 + (SELECT count(*) FROM offers x WHERE ${COMPETITORS} AND ${TOTAL('x')} < ${TOTAL('o')}) END AS "priceRank"
  FROM offers o`;

/**
 * Holds for review, or releases, the offers of the products ($1, an int array) by their price: BULK_SQL.holdPriceOutliers
 * of the SQLite side (see there), in PostgreSQL's words.
 */
const HOLD_PRICE_OUTLIERS = `WITH ranked AS (
    SELECT id, product_id, currency, held, price_approved_cents AS approved, price_cents + coalesce(shipping_cents, 0) AS total,
      row_number() OVER (PARTITION BY product_id, currency ORDER BY price_cents + coalesce(shipping_cents, 0), id) AS rn,
      count(*) OVER (PARTITION BY product_id, currency) AS n
    FROM offers WHERE product_id = ANY($1::int[]) AND held IS DISTINCT FROM 'store'),
  others AS (SELECT product_id, currency, avg(total) AS median FROM ranked
    WHERE n >= 3 AND rn IN (n / 2 + 1, (n + 1) / 2 + 1) GROUP BY product_id, currency),
  verdict AS (SELECT r.id, CASE WHEN r.rn <= r.n / 2 AND r.total * ${PRICE_REVIEW_FRACTION} < m.median AND (r.approved IS NULL OR r.total < r.approved)
      THEN 'price' END AS held, r.held AS was
    FROM ranked r LEFT JOIN others m ON m.product_id = r.product_id AND m.currency = r.currency)
  UPDATE offers SET held = verdict.held FROM verdict WHERE offers.id = verdict.id AND verdict.held IS DISTINCT FROM verdict.was`;

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

/** What PostgreSQL writes its own way in a browse. */
const PG_BROWSE: BrowseDialect = {
  sameBrand: (placeholder) => `lower(products.brand) = lower(${placeholder})`,
  attribute: (key) => `(products.attributes ->> '${key}')`,
};

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

const DELETE_EMPTY_PRODUCTS = `DELETE FROM products WHERE id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM offers WHERE product_id = products.id)`;

const IMPORT_RUN = `SELECT id, format, source, retailer_id AS "retailerId", retailer_ids AS "retailerIds", business_id AS "businessId", status,
    started_at AS "startedAt", finished_at AS "finishedAt", total_rows AS "totalRows", inserted, updated, unchanged, skipped,
    products_created AS "productsCreated", report_json AS report FROM import_runs`;
type ImportRunRecord = Omit<ImportRunRow, 'startedAt' | 'finishedAt' | 'retailerIds'> & { startedAt: Date; finishedAt: Date | null; retailerIds: string[] | null };

/** A run as the SQLite side answers it (keys in its order): ISO instants, and the one retailer of a run not yet finished. */
const toImportRun = ({ retailerIds, startedAt, finishedAt, ...rest }: ImportRunRecord): ImportRunRow => ({
  id: rest.id,
  format: rest.format,
  source: rest.source,
  retailerId: rest.retailerId,
  businessId: rest.businessId,
  status: rest.status,
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt?.toISOString() ?? null,
  totalRows: rest.totalRows,
  inserted: rest.inserted,
  updated: rest.updated,
  unchanged: rest.unchanged,
  skipped: rest.skipped,
  productsCreated: rest.productsCreated,
  // Where the SQLite side puts it (its rows' own keys first).
  retailerIds: retailerIds ?? (rest.retailerId ? [rest.retailerId] : []),
  report: rest.report,
});

type Timed<T> = Omit<T, 'createdAt' | 'updatedAt' | 'recordedAt'> & { createdAt?: Date; updatedAt?: Date; recordedAt?: Date };

/** The row with its instants as the ISO strings SQLite stores (each key stays where it is). */
function withIsoTimes<T>(row: Timed<T>): T {
  const out = row as Record<string, unknown>;
  for (const key of ['createdAt', 'updatedAt', 'recordedAt']) {
    const value = out[key];
    if (value instanceof Date) out[key] = value.toISOString();
  }
  return out as T;
}

export async function rowsOf<T>(db: Queryable, name: string, text: string, values: unknown[]): Promise<T[]> {
  const { rows } = await db.query({ name: `catalog/${name}`, text, values });
  return (rows as Array<Timed<T>>).map((row) => withIsoTimes<T>(row));
}

/** A short name for one of a statement's variants (PostgreSQL keeps 63 bytes of a prepared statement's name). */
const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 12);

const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  await db.query({ name: 'catalog/hold-price-outliers', text: HOLD_PRICE_OUTLIERS, values: [ids] });
  await writeProductFiguresPg(db, ids, now);
  // Their price summaries are computed again (BULK_SQL.bumpPriceSummaries of the SQLite side).
  await db.query({ name: 'catalog/bump-price-summaries', text: 'UPDATE product_price_summaries SET version = version + 1 WHERE product_id = ANY($1::int[])', values: [ids] });
  await db.query({ name: 'catalog/delete-empty-products', text: DELETE_EMPTY_PRODUCTS, values: [ids] });
}

/** The SQLite store's refreshProducts: price reviews, figures, empty products dropped, titles. Inside a transaction. */
export async function refreshProductsPg(db: Queryable, ids: readonly number[], now: string) {
  await refreshProductFiguresPg(db, ids, now);
  await retitleProductsOf(db, ids);
}


/**
 * `'store'` when an offer of business `bid` on host `host` (SQL expressions) may not be shown to shoppers, else null:
 * storeHold of the SQLite side (`substr(host, -n)` there is `right(host, n)` here).
 */
export const storeHold = (bid: string, host: string) => `CASE WHEN ${bid} IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM businesses b JOIN verified_domains v ON v.business_id = b.id
      WHERE b.id = ${bid} AND b.status = 'active' AND b.store_domain = v.domain
        AND (${host} = v.domain OR right(${host}, length(v.domain) + 1) = '.' || v.domain)) THEN NULL
    ELSE 'store' END`;
const HELD_BY_TRUST = `coalesce(${storeHold('offers.business_id', 'offers.host')}, CASE WHEN offers.held = 'store' THEN NULL ELSE offers.held END)`;

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

/** IN_STOCK_RETAILER of the SQLite side: the retailer of the product's (`p`) best price when that is a new offer in stock. */
const IN_STOCK_RETAILER = `SELECT o.retailer_id FROM offers o WHERE o.id = p.best_offer_id AND o.availability = 'in_stock' AND p.best_price_condition = 'new'`;
/** DEALS_WHERE of the SQLite side ($1 minDrop, ($2, $3) the deal the page comes after). */
const DEALS_WHERE = `s.deal_basis_points IS NOT NULL AND s.deal_basis_points >= $1::int
  AND (s.deal_basis_points, s.product_id) < ($2::int, $3::bigint)
  AND p.offer_count > 0 AND p.best_price_cents = s.best_cents AND p.currency = s.currency`;
const DEAL_COLUMNS = `p.id, p.title, p.brand, p.model, p.model_key AS "modelKey", p.gtin, p.category, p.category_slug AS "categorySlug",
  p.image_url AS "imageUrl", p.offer_count AS "offerCount", p.best_price_cents AS "bestPriceCents", p.best_price_condition AS "bestPriceCondition",
  p.best_offer_id AS "bestOfferId", ${BEST_SHIPPING_KNOWN('p')}, p.currency, p.created_at AS "createdAt",
  p.updated_at AS "updatedAt", s.typical_cents AS "typicalCents", s.deal_basis_points AS "dropBasisPoints", s.history_since AS "historySince",
  r.id AS "retailerId", r.name AS "retailerName"`;
const DEALS_FROM = 'product_price_summaries s JOIN products p ON p.id = s.product_id JOIN retailers r ON r.id = s.deal_retailer_id';

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
 * flat, and signed-in shoppers' favorites (with their price alerts) follow, but one already saved under the successor
 * stays (SQLite: UPDATE OR IGNORE, then DELETE). Inside the transaction that retired it.
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
}

/** Runs `work` in one transaction on a client of the pool (READ COMMITTED); its answer decides COMMIT or ROLLBACK. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<{ commit: boolean; result: T }>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { commit, result } = await work(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

const refused = (refusal: CorrectionRefusal) => ({ commit: false, result: { ok: false as const, refusal } });

/**
 * The catalog port's reads that an import's unit of work needs too, on `db`: the pool, or a transaction's client (which
 * sees the transaction's own writes).
 */
export function pgCatalogReads(
  db: Queryable,
): Pick<
  CatalogRepository,
  | 'findOfferByCanonicalUrl'
  | 'findOfferByExternalId'
  | 'getProduct'
  | 'offersWithGtin'
  | 'offersWithModelKey'
  | 'offerRefsOfProducts'
  | 'offerItems'
  | 'offersAtAmong'
  | 'productsWithOfferAt'
> {
  const offer = async (name: string, where: string, values: unknown[]) =>
    (await rowsOf<OfferRow>(db, name, `SELECT ${OFFER_COLUMNS} FROM offers o WHERE ${where}`, values))[0] ?? null;
  return {
    findOfferByCanonicalUrl: (canonicalUrl) => offer('offer-by-canonical-url', 'o.canonical_url = $1', [canonicalUrl]),
    findOfferByExternalId: (retailerId, externalId) => offer('offer-by-external-id', 'o.retailer_id = $1 AND o.external_id = $2', [retailerId, externalId]),
    getProduct: async (id) => (await rowsOf<ProductRow>(db, 'product', `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]))[0] ?? null,
    offersWithGtin: (gtin, limit) =>
      rowsOf<OfferRef>(db, 'offers-with-gtin', 'SELECT id, product_id AS "productId", updated_at AS "updatedAt" FROM offers WHERE gtin = $1 AND product_id IS NOT NULL ORDER BY id LIMIT $2', [
        gtin,
        limit,
      ]),
    async offersWithModelKey(modelKey, limit) {
      const found = await rowsOf<OfferRef>(
        db,
        'offers-with-model-key-prefix',
        `SELECT id, product_id AS "productId", updated_at AS "updatedAt" FROM offers WHERE model_key ~>=~ $1 AND model_key ~<~ ($1 || '~') AND product_id IS NOT NULL
          ORDER BY model_key USING ~<~, id LIMIT $2`,
        [modelKey, limit],
      );
      for (const key of shorterModelKeys(modelKey)) {
        if (found.length >= limit) break;
        found.push(
          ...(await rowsOf<OfferRef>(
            db,
            'offers-with-model-key',
            'SELECT id, product_id AS "productId", updated_at AS "updatedAt" FROM offers WHERE model_key = $1 AND product_id IS NOT NULL ORDER BY id LIMIT $2',
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

/**
 * `CatalogRepository` on PostgreSQL: the SQLite side's hand-written SQL, parameterised, through the pool. Where
 * SQLite reads rows in rowid order without saying so, the id says it here.
 *
 * `updateBusinessOffer` is one transaction that first locks the offer's product row, then the offer (`FOR UPDATE`):
 * two edits of offers of one product, from any API process, run one after the other, and the second's figures
 * (READ COMMITTED reads anew at each statement) count the first's committed change. Without the product lock both
 * could compute the product's best price from a snapshot lacking the other's change.
 */
export function createPgCatalogRepository({ pool }: PostgresHandle): CatalogRepository {
  const offersWithRetailer = (db: Queryable, name: string, where: string, values: unknown[]) =>
    rowsOf<OfferWithRetailer>(db, name, `${OFFER_WITH_RETAILER} WHERE ${where}`, values);
  const category = `SELECT min(category) AS name, category_slug AS slug, count(*) AS "productCount" FROM products`;

  const findBusinessOffer = async (db: Queryable, businessId: string, offerId: number) =>
    (await rowsOf<MerchantProduct>(db, 'business-offer', `${BUSINESS_OFFER} WHERE o.id = $1 AND o.business_id = $2`, [offerId, businessId]))[0] ?? null;

  const count = async (name: string, table: 'offers' | 'products') =>
    present((await pool.query<{ n: number }>({ name: `catalog/count-${name}`, text: `SELECT count(*) AS n FROM ${table}`, values: [] })).rows[0]).n;

  return {
    ...pgCatalogReads(pool),
    async renameRetailer(id, name) {
      await pool.query({ name: 'catalog/rename-retailer', text: 'UPDATE retailers SET name = $2 WHERE id = $1 AND name IS DISTINCT FROM $2', values: [id, name] });
    },
    productsPricedBefore: async (limit) =>
      (
        await rowsOf<{ id: number }>(pool, 'products-priced-before', 'SELECT id FROM products WHERE best_price_cents IS NOT NULL AND best_offer_id IS NULL ORDER BY id LIMIT $1', [limit])
      ).map((row) => row.id),
    refreshProduct: (productId, now) =>
      inTransaction(pool, async (client) => {
        // Locked first, as every writer of a product's figures locks it.
        await lockProducts(client, [productId]);
        await refreshProductsPg(client, [productId], now);
        return { commit: true, result: undefined };
      }),
    countOffers: () => count('offers', 'offers'),
    countProducts: () => count('products', 'products'),
    async listedProducts(offset, limit) {
      const { rows } = await pool.query<{ id: number; title: string; categorySlug: string | null; updatedAt: string }>({
        name: 'catalog/listed-products',
        text: `SELECT id::int AS id, title, category_slug AS "categorySlug", updated_at AS "updatedAt" FROM products
          WHERE offer_count > 0 ORDER BY id LIMIT $2 OFFSET $1`,
        values: [offset, limit],
      });
      return rows.map((row) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() }));
    },
    async listedProductsSummary() {
      const { rows } = await pool.query<{ count: number; updatedAt: string | null }>(
        'SELECT count(*)::int AS count, max(updated_at) AS "updatedAt" FROM products WHERE offer_count > 0',
      );
      const row = rows[0] ?? { count: 0, updatedAt: null };
      return { count: row.count, updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString() };
    },
    async showcaseOfferUrl(retailerId) {
      const { rows } = await pool.query<{ url: string }>({
        name: 'catalog/showcase-offer',
        text: `SELECT o.url FROM offers o JOIN products p ON p.id = o.product_id
          WHERE o.retailer_id = $1 AND p.offer_count >= 3 AND p.best_price_cents < o.price_cents + coalesce(o.shipping_cents, 0)
          ORDER BY p.offer_count DESC, o.id LIMIT 1`,
        values: [retailerId],
      });
      return rows[0]?.url ?? null;
    },
    async getImportRun(id) {
      const { rows } = await pool.query<ImportRunRecord>({ name: 'catalog/import-run', text: `${IMPORT_RUN} WHERE id = $1`, values: [id] });
      return rows[0] ? toImportRun(rows[0]) : null;
    },
    async listImportRuns(limit) {
      // The newest first; runs begun in the same millisecond by their ids (SQLite: by insertion order).
      const { rows } = await pool.query<ImportRunRecord>({ name: 'catalog/import-runs', text: `${IMPORT_RUN} ORDER BY started_at DESC, id DESC LIMIT $1`, values: [limit] });
      return rows.map(toImportRun);
    },
    async runningImportRuns() {
      const { rows } = await pool.query<{ id: string; ownerPid: number | null; ownerHost: string | null; startedAt: Date; heartbeatAt: Date | null }>({
        name: 'catalog/running-import-runs',
        text: `SELECT id, owner_pid AS "ownerPid", owner_host AS "ownerHost", started_at AS "startedAt", heartbeat_at AS "heartbeatAt"
          FROM import_runs WHERE status = 'running' ORDER BY started_at, id`,
        values: [],
      });
      return rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString(), heartbeatAt: row.heartbeatAt?.toISOString() ?? null }));
    },
    async interruptImportRun(id, note) {
      // One statement guarded by the status: of several instances that find the run, one marks it.
      const { rowCount } = await pool.query({
        name: 'catalog/interrupt-import-run',
        text: `UPDATE import_runs SET status = 'interrupted', finished_at = coalesce(heartbeat_at, started_at),
            report_json = jsonb_set(report_json, '{interrupted}', $2::jsonb) WHERE id = $1 AND status = 'running'`,
        values: [id, JSON.stringify(note)],
      });
      return (rowCount ?? 0) > 0;
    },
    async lastImportAt() {
      const { rows } = await pool.query<{ at: Date | null }>({
        name: 'catalog/last-import-at',
        text: 'SELECT max(coalesce(finished_at, heartbeat_at, started_at)) AS at FROM import_runs',
        values: [],
      });
      return rows[0]?.at ? rows[0].at.toISOString() : null;
    },
    getOfferWithRetailer: async (id) => (await offersWithRetailer(pool, 'offer-with-retailer', 'o.id = $1', [id]))[0] ?? null,
    async successorOf(id) {
      const { rows } = await pool.query<{ toId: number }>({ name: 'catalog/successor', text: 'SELECT to_id AS "toId" FROM product_redirects WHERE from_id = $1', values: [id] });
      return rows[0]?.toId ?? null;
    },
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
    async productsDueForPriceSummary(query) {
      const { rows } = await pool.query<DuePriceSummary>({
        name: 'catalog/products-due-for-price-summary',
        text: `SELECT p.id AS "productId", p.currency, p.best_price_cents AS "bestCents", p.category_slug AS "categorySlug",
            (${IN_STOCK_RETAILER}) AS "inStockRetailerId", coalesce(s.version, 0) AS version
          FROM products p LEFT JOIN product_price_summaries s ON s.product_id = p.id
          WHERE p.id > $1 AND p.offer_count > 0 AND (s.product_id IS NULL OR s.computed_at < $2::timestamptz OR s.computed_version <> s.version)
          ORDER BY p.id LIMIT $3`,
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
        `SELECT ${DEAL_COLUMNS} FROM ${DEALS_FROM} WHERE ${query.categorySlug ? 's.category_slug = $5 AND ' : ''}${DEALS_WHERE}
          ORDER BY s.deal_basis_points DESC, s.product_id DESC LIMIT $4`,
        query.categorySlug ? [...page, query.limit, query.categorySlug] : [...page, query.limit],
      );
      const categories = await rowsOf<DealCategoryRow>(
        pool,
        'deal-categories',
        `SELECT min(p.category) AS name, s.category_slug AS slug, count(*) AS "count"
          FROM product_price_summaries s JOIN products p ON p.id = s.product_id WHERE s.category_slug IS NOT NULL AND ${DEALS_WHERE}
          GROUP BY s.category_slug ORDER BY "count" DESC, slug`,
        [query.minDropBasisPoints, FIRST_DEAL.dropBasisPoints, FIRST_DEAL.productId],
      );
      return { items: items.map((item) => ({ ...item, historySince: item.historySince.toISOString() })), categories };
    },
    // A category's name: SQLite answers the name of any one of its products (they share it); here the least.
    listCategories: () =>
      rowsOf<CategoryRow>(pool, 'categories', `${category} WHERE category_slug IS NOT NULL AND offer_count > 0 GROUP BY category_slug ORDER BY "productCount" DESC, slug`, []),
    getCategory: async (slug) =>
      (await rowsOf<CategoryRow>(pool, 'category', `${category} WHERE category_slug = $1 AND offer_count > 0 GROUP BY category_slug`, [slug]))[0] ?? null,
    async browse(query: BrowseQuery) {
      // Each statement numbers its own values.
      const built = (parts: BrowseParts) => {
        const values: unknown[] = [];
        const param = (value: unknown) => {
          values.push(value);
          return `$${values.length}`;
        };
        return { where: browseWhere(query, param, parts, PG_BROWSE), values, param };
      };
      const page = built(BROWSE_PARTS.page);
      const brands = built(BROWSE_PARTS.brands);
      const stores = built(BROWSE_PARTS.stores);
      const storeSql = storesOfProducts(stores.where, offerConditions(query, stores.param, { store: false }));
      const count = `SELECT count(*) AS n FROM products ${page.where}`;
      const list = `SELECT ${PRODUCT_COLUMNS} FROM products ${page.where} ORDER BY ${BROWSE_ORDER[query.sort]} LIMIT ${page.param(query.pageSize)} OFFSET ${page.param((query.page - 1) * query.pageSize)}`;
      // A category's attributes: those its products have.
      const attributeRows = query.categorySlug
        ? Promise.all(
            PRODUCT_ATTRIBUTES.map(async (key) => {
              const counted = built(attributeParts(key));
              const { rows } = await pool.query<{ value: string; count: number }>(attributeValues(counted.where, PG_BROWSE.attribute(key)), counted.values);
              return { key, values: rows };
            }),
          )
        : Promise.resolve([]);
      const [total, items, brandRows, storeRows, attributes] = await Promise.all([
        pool.query<{ n: number }>(count, page.values.slice(0, -2)),
        rowsOf<ProductRow>(pool, `browse-${shortHash(list)}`, list, page.values),
        // Brands in any letter case are one (SQLite: GROUP BY brand COLLATE NOCASE, named by one of its spellings); here
        // each is named by its least spelling in byte order.
        pool.query<{ name: string; count: number }>(
          `SELECT min(brand) AS name, count(*) AS count FROM products ${brands.where} AND brand IS NOT NULL AND brand <> '' GROUP BY lower(brand)
            ORDER BY count DESC, min(brand) ASC LIMIT 50`,
          brands.values,
        ),
        pool.query<{ id: string; name: string; count: number }>(storeSql, stores.values),
        attributeRows,
      ]);
      return { total: present(total.rows[0]).n, items, brands: brandRows.rows, stores: storeRows.rows, attributes: attributes.filter((attribute) => attribute.values.length > 0) };
    },
    async getProducts(ids) {
      const found = new Map<number, ProductRow>();
      if (ids.length === 0) return found;
      const rows = await rowsOf<ProductRow>(pool, 'products-by-ids', `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
      for (const product of rows) found.set(product.id, product);
      return found;
    },
    async productIdByExactTitle(title) {
      const { rows } = await pool.query<{ id: number }>({
        name: 'catalog/product-by-title',
        text: 'SELECT id FROM products WHERE title = $1 AND offer_count > 0 ORDER BY offer_count DESC, id ASC LIMIT 2',
        values: [title],
      });
      return rows.length === 1 ? present(rows[0]).id : null;
    },
    offersOfProduct: (productId) =>
      offersWithRetailer(pool, 'offers-of-product', `o.product_id = $1 AND o.held IS NULL ORDER BY ${TOTAL('o')}, o.id`, [productId]),
    allOffersOfProduct: (productId) => offersWithRetailer(pool, 'all-offers-of-product', `o.product_id = $1 ORDER BY ${TOTAL('o')}, o.id`, [productId]),
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
    async suspectProducts(limit) {
      const [items, total] = await Promise.all([
        pool.query<SuspectProductRow>({
          name: 'catalog/suspect-products',
          text: `SELECT p.id AS "productId", p.title, s.n::int AS "offerCount", s.r::int AS "retailerCount", s.lo AS "lowestCents", s.hi AS "highestCents"
            ${SUSPECT_PRODUCTS_FROM} ORDER BY coalesce(s.hi::float8 / nullif(s.lo, 0), 0) DESC, s.n - s.r DESC, p.id LIMIT $1`,
          values: [limit],
        }),
        pool.query<{ n: number }>({ name: 'catalog/suspect-products-count', text: `SELECT count(*)::int AS n ${SUSPECT_PRODUCTS_FROM}`, values: [] }),
      ]);
      return { items: items.rows, total: present(total.rows[0]).n };
    },
    async priceHeldOffers(limit) {
      const [ids, total] = await Promise.all([
        pool.query<{ id: number }>({ name: 'catalog/price-held', text: "SELECT id FROM offers WHERE held = 'price' ORDER BY updated_at DESC, id DESC LIMIT $1", values: [limit] }),
        pool.query<{ n: number }>({ name: 'catalog/price-held-count', text: "SELECT count(*) AS n FROM offers WHERE held = 'price'", values: [] }),
      ]);
      return { ids: ids.rows.map((row) => row.id), total: present(total.rows[0]).n };
    },
    async businessOffers(businessId, query) {
      const filter = `o.business_id = $1 AND ($2::text IS NULL OR o.title ILIKE $2 OR o.external_id = $3)`;
      const params = [businessId, query.q ? likeAnywhere(query.q) : null, query.q ?? null];
      const [items, count] = await Promise.all([
        rowsOf<MerchantProduct>(
          pool,
          `business-offers-${query.sort}`,
          `SELECT * FROM (${BUSINESS_OFFER} WHERE ${filter}) AS page ORDER BY ${BUSINESS_OFFER_ORDER[query.sort]} LIMIT $4 OFFSET $5`,
          [...params, query.pageSize, (query.page - 1) * query.pageSize],
        ),
        pool.query<{ n: number }>({ name: 'catalog/business-offers-count', text: `SELECT count(*) AS n FROM offers o WHERE ${filter}`, values: params }),
      ]);
      return { items, total: present(count.rows[0]).n };
    },
    businessOffer: (businessId, offerId) => findBusinessOffer(pool, businessId, offerId),
    // The corrections decide inside their transaction on rows they locked (FOR UPDATE), products first in id order,
    // then offers, as every writer of products' figures does: of two admins correcting the same products at once, the
    // second waits for the first, then reads (READ COMMITTED: each statement anew) what the first committed and acts
    // on that, or answers that its correction no longer applies.
    async detachOffer(productId, offerId, audit, now) {
      return inTransaction<CorrectionResult<{ newProductId: number }>>(pool, async (client) => {
        const product = (
          await rowsOf<ProductRow>(client, 'lock-product-row', `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1 FOR UPDATE`, [productId])
        )[0];
        if (!product) return refused('product-not-found');
        const offers = await offersWithRetailer(client, 'lock-offers-of-product', `o.product_id = $1 ORDER BY ${TOTAL('o')}, o.id FOR UPDATE OF o`, [productId]);
        const offer = offers.find((candidate) => candidate.id === offerId);
        if (!offer) return refused('offer-not-in-product');
        if (offers.length === 1) return refused('offer-alone');
        const newProductId = await createProductPg(client, productOf(offer), now);
        await client.query({ name: 'catalog/set-offer-product', text: 'UPDATE offers SET product_id = $1 WHERE id = $2', values: [newProductId, offer.id] });
        await refreshProductsPg(client, [productId, newProductId], now);
        await writeAuditEntryPg(client, audit({ product, offers: offers.length, offer, newProductId }), now);
        return { commit: true, result: { ok: true as const, newProductId } };
      });
    },
    async approveOfferPrice(offerId, audit, now) {
      for (;;) {
        const current = await rowsOf<{ productId: number | null }>(pool, 'offer-product', 'SELECT product_id AS "productId" FROM offers WHERE id = $1', [offerId]);
        if (!current[0]) return { ok: false, refusal: 'offer-not-found' };
        const expected = current[0].productId;
        const outcome = await inTransaction<CorrectionResult<{ productId: number }> | 'again'>(pool, async (client) => {
          // Product first, then the offer; the offer moved to another product meanwhile: look again.
          if (expected !== null) await lockProducts(client, [expected]);
          const offer = (await offersWithRetailer(client, 'lock-offer-with-retailer', 'o.id = $1 FOR UPDATE OF o', [offerId]))[0];
          if (!offer) return refused('offer-not-found');
          if (offer.productId !== expected) return { commit: false, result: 'again' };
          // An offer held for its price is in a product (its price was compared with the product's other offers).
          if (offer.held !== 'price' || offer.productId === null) return refused('offer-not-held');
          const productId = offer.productId;
          await client.query({
            name: 'catalog/approve-offer-price',
            text: 'UPDATE offers SET price_approved_cents = price_cents + coalesce(shipping_cents, 0), held = NULL WHERE id = $1',
            values: [offerId],
          });
          await refreshProductsPg(client, [productId], now);
          await writeAuditEntryPg(client, audit({ offer, productId }), now);
          return { commit: true, result: { ok: true as const, productId } };
        });
        if (outcome !== 'again') return outcome;
      }
    },
    async mergeProducts(sourceId, targetId, audit, now) {
      return inTransaction<CorrectionResult<{ moved: number }>>(pool, async (client) => {
        const locked = await rowsOf<ProductRow>(
          client,
          'lock-product-rows',
          `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
          [[sourceId, targetId]],
        );
        const product = locked.find((row) => row.id === sourceId);
        if (!product) return refused('product-not-found');
        const target = locked.find((row) => row.id === targetId);
        if (!target) return refused('into-not-found');
        if (sourceId === targetId) return { commit: false, result: { ok: true as const, moved: 0 } };
        await client.query({ name: 'catalog/lock-offers-of', text: 'SELECT id FROM offers WHERE product_id = $1 ORDER BY id FOR UPDATE', values: [sourceId] });
        const moved = (await client.query({ name: 'catalog/move-offers', text: 'UPDATE offers SET product_id = $1 WHERE product_id = $2', values: [targetId, sourceId] })).rowCount ?? 0;
        await refreshProductsPg(client, [targetId, sourceId], now);
        await redirectProductPg(client, sourceId, targetId, now);
        await writeAuditEntryPg(client, audit({ product, target, moved }), now);
        return { commit: true, result: { ok: true as const, moved } };
      });
    },
    refreshStoreTrust: (businessId, now) => inTransaction(pool, async (client) => ({ commit: true, result: await refreshStoreTrustPg(client, businessId, now) })),
    async updateBusinessOffer(businessId, offerId, change, now) {
      for (;;) {
        const current = await findBusinessOffer(pool, businessId, offerId);
        if (!current) return null;
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          try {
            // Product first, then the offer: every writer of a product's figures takes the locks in this order.
            if (current.productId !== null) await client.query({ name: 'catalog/lock-product', text: 'SELECT 1 FROM products WHERE id = $1 FOR UPDATE', values: [current.productId] });
            const { rows } = await client.query<{ productId: number | null; priceCents: number; shippingCents: number | null; currency: string; availability: string }>({
              name: 'catalog/lock-business-offer',
              text: `SELECT product_id AS "productId", price_cents AS "priceCents", shipping_cents AS "shippingCents", currency, availability
                FROM offers WHERE id = $1 AND business_id = $2 FOR UPDATE`,
              values: [offerId, businessId],
            });
            const locked = rows[0];
            if (!locked || locked.productId !== current.productId) {
              // Gone, or moved to another product meanwhile: look again.
              await client.query('ROLLBACK');
              if (!locked) return null;
              continue;
            }
            const priceCents = change.priceCents ?? locked.priceCents;
            const availability = change.availability ?? locked.availability;
            await client.query({
              name: 'catalog/update-business-offer',
              text: 'UPDATE offers SET price_cents = $1, availability = $2, updated_at = $3 WHERE id = $4 AND business_id = $5',
              values: [priceCents, availability, now, offerId, businessId],
            });
            if (priceCents !== locked.priceCents) {
              await client.query({
                name: 'catalog/insert-price-point',
                text: 'INSERT INTO price_points (offer_id, price_cents, shipping_cents, currency, recorded_at) VALUES ($1, $2, $3, $4, $5)',
                values: [offerId, priceCents, locked.shippingCents, locked.currency, now],
              });
            }
            if (locked.productId !== null) await refreshProductsPg(client, [locked.productId], now);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch((rollbackError: unknown) => {
              broken = rollbackError as Error;
            });
            throw error;
          }
        } finally {
          client.release(broken);
        }
        return findBusinessOffer(pool, businessId, offerId);
      }
    },
  };
}
