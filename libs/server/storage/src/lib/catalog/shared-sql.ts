import type { ConditionPrice } from '@pricehunt/catalog-core';
import type { SearchCondition } from '@pricehunt/contracts';

/**
 * The catalog's SQL both engines read alike, written once. Aliases are quoted (SQLite and PostgreSQL both keep a
 * quoted alias's letter case, so rows have the same keys on either), and column lists are in one order: each row's
 * keys come in select order, so the objects the API answers with are the same JSON. What the two dialects write
 * differently is a `SqlDialect`'s.
 */
export interface SqlDialect {
  /** The last `length` characters of `text` (SQL expressions). */
  tail(text: string, length: string): string;
  /** `a` differs from `b`, nulls compared as values. */
  distinct(a: string, b: string): string;
  /** A condition: `column` is one of the ids (the dialect's list parameter, `ids`). */
  inIds(column: string, ids: string): string;
}

export const SQLITE_SQL: SqlDialect = {
  tail: (text, length) => `substr(${text}, -(${length}))`,
  distinct: (a, b) => `${a} IS NOT ${b}`,
  inIds: (column, ids) => `${column} IN (SELECT value FROM json_each(${ids}))`,
};

export const PG_SQL: SqlDialect = {
  tail: (text, length) => `right(${text}, ${length})`,
  distinct: (a, b) => `${a} IS DISTINCT FROM ${b}`,
  inIds: (column, ids) => `${column} = ANY(${ids}::int[])`,
};

/** A LIKE pattern that finds `text` anywhere (backslash escapes). */
export const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An offer's columns (offers as `o`). */
export const OFFER_COLUMNS = `o.id, o.retailer_id AS "retailerId", o.external_id AS "externalId", o.canonical_url AS "canonicalUrl", o.url, o.host,
  o.title, o.brand, o.model, o.model_key AS "modelKey", o.gtin, o.price_cents AS "priceCents", o.currency, o.shipping_cents AS "shippingCents",
  o.availability, o.condition, o.image_url AS "imageUrl", o.category, o.business_id AS "businessId", o.product_id AS "productId",
  o.created_at AS "createdAt", o.updated_at AS "updatedAt"`;

/** An offer as candidate lookups return it (`OfferRef`), of `offers`. */
export const OFFER_REF = 'SELECT id, product_id AS "productId", updated_at AS "updatedAt" FROM offers';

/** Offers (`o`) with their retailer's name and their business's store; `shopifyStore` is 0 or 1. */
export const OFFER_WITH_RETAILER = `SELECT ${OFFER_COLUMNS}, o.held, o.price_group AS "priceGroup", o.origin, r.name AS "retailerName", b.store_domain AS "businessDomain",
  CASE WHEN EXISTS (SELECT 1 FROM store_syncs s WHERE s.business_id = o.business_id AND s.status = 'succeeded') THEN 1 ELSE 0 END AS "shopifyStore"
  FROM offers o JOIN retailers r ON r.id = o.retailer_id LEFT JOIN businesses b ON b.id = o.business_id`;

/** Whether the shipping of the best price's offer (of products `p`) is known: 1 or 0, null with no best price. */
const BEST_SHIPPING_KNOWN = (p: string) => `(SELECT CASE WHEN b.shipping_cents IS NOT NULL THEN 1 ELSE 0 END FROM offers b WHERE b.id = ${p}.best_offer_id)`;

/** What a product's best price is read as: its total, its condition, whether its shipping is known (SQL on `products`). */
export interface PriceColumns {
  cents: string;
  condition: string;
  shippingKnown: string;
}

/** A product's columns (of `products`, unaliased), its best price as `price` reads it. */
export const productColumns = (price: PriceColumns) => `id, title, brand, model, model_key AS "modelKey", gtin, category, category_slug AS "categorySlug", image_url AS "imageUrl",
  offer_count AS "offerCount", ${price.cents} AS "bestPriceCents", ${price.condition} AS "bestPriceCondition", best_offer_id AS "bestOfferId",
  ${price.shippingKnown} AS "bestShippingKnown", currency, created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A product's best price as the catalog keeps it (`catalog-pricing`'s choice). */
export const BEST_PRICE: PriceColumns = { cents: 'best_price_cents', condition: 'best_price_condition', shippingKnown: BEST_SHIPPING_KNOWN('products') };

/** A product's columns (of `products`, unaliased). */
export const PRODUCT_COLUMNS = productColumns(BEST_PRICE);

/** A second-hand condition as an SQL literal: values of this closed list only, never a typed string. */
const SECOND_HAND: Readonly<Record<SearchCondition, string>> = { used: `'used'`, refurbished: `'refurbished'` };

/**
 * A product's price in a second-hand condition (SQL on `products`, both engines): the lowest total of its offers in it
 * that shoppers see (not held) and can buy (not out of stock), the condition, and whether that offer's shipping is
 * known (the one stating it first among equal totals); the total is null when it has none. A search with the
 * condition typed (`lowestPricesIn` of the offers port) and a browse filtered by it (`browsePrice`) both read it.
 */
export function conditionPrice(condition: SearchCondition): PriceColumns {
  const literal = SECOND_HAND[condition];
  const offers = `FROM offers c WHERE c.product_id = products.id AND c.held IS NULL AND c.condition = ${literal} AND c.availability <> 'out_of_stock'`;
  return {
    cents: `(SELECT min(${TOTAL('c')}) ${offers})`,
    condition: literal,
    shippingKnown: `(SELECT CASE WHEN c.shipping_cents IS NOT NULL THEN 1 ELSE 0 END ${offers} ORDER BY ${TOTAL('c')}, c.shipping_cents IS NULL LIMIT 1)`,
  };
}

/** `lowestPricesIn` of the offers port: the products among a list of ids (`ids`, an engine's SQL) with a price in the condition. */
export const lowestPricesInSql = (condition: SearchCondition, ids: string) => {
  const price = conditionPrice(condition);
  return `SELECT id AS "productId", ${price.cents} AS "totalCents", ${price.shippingKnown} AS "shippingKnown" FROM products WHERE id IN (${ids}) AND ${price.cents} IS NOT NULL`;
};

/** A row of `lowestPricesInSql` (the engines answer the flag as 0 or 1, the total maybe as a string). */
export type ConditionPriceRow = { productId: number; totalCents: number | string; shippingKnown: number | string };

/** Rows of `lowestPricesInSql` by product. */
export const conditionPrices = (rows: readonly ConditionPriceRow[]): Map<number, ConditionPrice> =>
  new Map(rows.map((row) => [row.productId, { totalCents: Number(row.totalCents), shippingKnown: Number(row.shippingKnown) === 1 }]));

/** An offer's total price (offers as `alias`). */
export const TOTAL = (alias: string) => `(${alias}.price_cents + coalesce(${alias}.shipping_cents, 0))`;

/**
 * The offers a business's offer (`o`) is ranked against: other shops' offers of its product that shoppers see and can
 * buy, of its price group (`catalog-pricing`: new with new, second-hand with second-hand, bundles with bundles).
 */
const COMPETITORS = `x.product_id = o.product_id AND x.id <> o.id AND (x.business_id IS NULL OR x.business_id <> o.business_id) AND x.currency = o.currency
  AND x.held IS NULL AND x.availability <> 'out_of_stock' AND x.price_group = o.price_group`;

/** A business's offers (`o`) as the merchant dashboard lists them, each ranked by total price against its competitors. */
export const BUSINESS_OFFER = `
  SELECT o.id, o.external_id AS "externalId", o.title, o.url, o.price_cents AS "priceCents", o.currency, o.availability,
         o.product_id AS "productId", o.held, o.updated_at AS "updatedAt",
         (SELECT count(*) FROM offers x WHERE ${COMPETITORS}) AS "competitorCount",
         (SELECT min(${TOTAL('x')}) FROM offers x WHERE ${COMPETITORS}) AS "bestCompetitorPriceCents",
         CASE WHEN o.product_id IS NULL OR o.held IS NOT NULL THEN NULL
              ELSE 1 + (SELECT count(*) FROM offers x WHERE ${COMPETITORS} AND ${TOTAL('x')} < ${TOTAL('o')}) END AS "priceRank"
  FROM offers o`;

/** The retailer of the product's (`p`) best price when that is a new offer in stock (a deal is told of no other). */
const IN_STOCK_RETAILER = `SELECT o.retailer_id FROM offers o WHERE o.id = p.best_offer_id AND o.availability = 'in_stock' AND p.best_price_condition = 'new'`;

/**
 * Deals of the price summaries (`s`) of at least `minDrop` whose product (`p`) still has the best price they were
 * computed for, after (`afterDrop`, `afterId`) in the order of the deals indexes read backwards (placeholders).
 */
export const dealsWhere = (minDrop: string, afterDrop: string, afterId: string) => `s.deal_basis_points IS NOT NULL AND s.deal_basis_points >= ${minDrop}
  AND (s.deal_basis_points, s.product_id) < (${afterDrop}, ${afterId})
  AND p.offer_count > 0 AND p.best_price_cents = s.best_cents AND p.currency = s.currency`;
const DEAL_COLUMNS = `p.id, p.title, p.brand, p.model, p.model_key AS "modelKey", p.gtin, p.category, p.category_slug AS "categorySlug",
  p.image_url AS "imageUrl", p.offer_count AS "offerCount", p.best_price_cents AS "bestPriceCents", p.best_price_condition AS "bestPriceCondition",
  p.best_offer_id AS "bestOfferId", ${BEST_SHIPPING_KNOWN('p')} AS "bestShippingKnown", p.currency, p.created_at AS "createdAt",
  p.updated_at AS "updatedAt", s.typical_cents AS "typicalCents", s.deal_basis_points AS "dropBasisPoints", s.history_since AS "historySince",
  r.id AS "retailerId", r.name AS "retailerName"`;
const DEALS_FROM = 'product_price_summaries s JOIN products p ON p.id = s.product_id JOIN retailers r ON r.id = s.deal_retailer_id';
/** No page is after this one: a drop of 100 % is 10,000 hundredths of a percent. */
export const FIRST_DEAL = { dropBasisPoints: 1_000_000, productId: Number.MAX_SAFE_INTEGER };

/** How far below the other offers of its product an offer's total must be to be held for review: under a third of their median. */
export const PRICE_REVIEW_FRACTION = 3;

/**
 * `'store'` when an offer of business `bid` on host `host` (SQL expressions) may not be shown to shoppers, else null:
 * an offer without a business is shown; a business's offer only while the business is active, its store domain is
 * verified as its own, and the link is on that domain or under it.
 */
export const storeHold = (dialect: SqlDialect, bid: string, host: string) => `CASE WHEN ${bid} IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM businesses b JOIN verified_domains v ON v.business_id = b.id
      WHERE b.id = ${bid} AND b.status = 'active' AND b.store_domain = v.domain
        AND (${host} = v.domain OR ${dialect.tail(host, 'length(v.domain) + 1')} = '.' || v.domain)) THEN NULL
    ELSE 'store' END`;

/**
 * Holds for review, or releases, the offers of the products (`ids`, the dialect's list parameter) by their price: an
 * offer whose total is under 1/PRICE_REVIEW_FRACTION of the median of the other offers of its product (same currency,
 * at least two others, offers held for their store left out) is held, unless an admin accepted that total or a lower
 * one. Only offers in the cheaper half can be that far below the others' median, and for each of them the median of
 * the others is the same: the middle of the offers ranked (n/2 + 1) and ((n + 1)/2 + 1).
 */
export const holdPriceOutliers = (dialect: SqlDialect, ids: string) => `WITH ranked AS (
    SELECT id, product_id, currency, held, price_approved_cents AS approved, price_cents + coalesce(shipping_cents, 0) AS total,
      row_number() OVER (PARTITION BY product_id, currency ORDER BY price_cents + coalesce(shipping_cents, 0), id) AS rn,
      count(*) OVER (PARTITION BY product_id, currency) AS n
    FROM offers WHERE ${dialect.inIds('product_id', ids)} AND ${dialect.distinct('held', "'store'")}),
  others AS (SELECT product_id, currency, avg(total) AS median FROM ranked
    WHERE n >= 3 AND rn IN (n / 2 + 1, (n + 1) / 2 + 1) GROUP BY product_id, currency),
  verdict AS (SELECT r.id, CASE WHEN r.rn <= r.n / 2 AND r.total * ${PRICE_REVIEW_FRACTION} < m.median AND (r.approved IS NULL OR r.total < r.approved)
      THEN 'price' END AS held, r.held AS was
    FROM ranked r LEFT JOIN others m ON m.product_id = r.product_id AND m.currency = r.currency)
  UPDATE offers SET held = verdict.held FROM verdict WHERE offers.id = verdict.id AND ${dialect.distinct('verdict.held', 'verdict.was')}`;

/** Drops those of the products (`ids`, the dialect's list parameter) that have no offer left. */
export const deleteEmptyProducts = (dialect: SqlDialect, ids: string) =>
  `DELETE FROM products WHERE ${dialect.inIds('id', ids)} AND NOT EXISTS (SELECT 1 FROM offers WHERE product_id = products.id)`;

/**
 * Statements both engines run as they are but for their placeholders (given: `?` or `@name` on SQLite, `$n` with its
 * cast on PostgreSQL).
 */
export const SAME_SQL = {
  priceHeldOffers: (limit: string) => `SELECT id FROM offers WHERE held = 'price' ORDER BY updated_at DESC, id DESC LIMIT ${limit}`,
  countPriceHeldOffers: "SELECT count(*) AS n FROM offers WHERE held = 'price'",
  /** Two at the most: one tells that exactly one product has the title. */
  productIdsByTitle: (title: string) => `SELECT id FROM products WHERE title = ${title} AND offer_count > 0 ORDER BY offer_count DESC, id ASC LIMIT 2`,
  /** The offers a re-clustering under way took off a product, counted by the product each is in now (`successorWhilePlacing`). */
  placingOffersOf: (productBefore: string) => `SELECT o.product_id AS "productId", CAST(count(*) AS integer) AS offers FROM recluster_offers r JOIN offers o ON o.id = r.offer_id
      WHERE r.product_before = ${productBefore} GROUP BY o.product_id`,
  /**
   * The re-clustering under way's progress, each count read from an index: the console asks every second, and the
   * join of the run's record with the offers counted every offer (163 ms on SQLite with a million, on the API's
   * thread). The offers without a product are the run's own: only a re-clustering takes an offer's product away.
   */
  reclusterProgress: `SELECT CAST((SELECT count(*) FROM recluster_offers) AS integer) AS offers,
      CAST((SELECT count(*) FROM offers WHERE product_id IS NULL) AS integer) AS unplaced,
      CAST((SELECT count(DISTINCT product_before) FROM recluster_offers) AS integer) AS "productsBefore"`,
  productsPricedBefore: (limit: string) => `SELECT id FROM products WHERE best_price_cents IS NOT NULL AND best_offer_id IS NULL ORDER BY id LIMIT ${limit}`,
  showcaseOffer: (retailer: string) => `SELECT o.url FROM offers o JOIN products p ON p.id = o.product_id
      WHERE o.retailer_id = ${retailer} AND p.offer_count >= 3 AND p.best_price_cents < ${TOTAL('o')}
      ORDER BY p.offer_count DESC, o.id LIMIT 1`,
  duePriceSummaries: (after: string, staleBefore: string, limit: string) => `SELECT p.id AS "productId", p.currency, p.best_price_cents AS "bestCents",
      p.category_slug AS "categorySlug", (${IN_STOCK_RETAILER}) AS "inStockRetailerId", coalesce(s.version, 0) AS version
    FROM products p LEFT JOIN product_price_summaries s ON s.product_id = p.id
    WHERE p.id > ${after} AND p.offer_count > 0 AND (s.product_id IS NULL OR s.computed_at < ${staleBefore} OR s.computed_version <> s.version)
    ORDER BY p.id LIMIT ${limit}`,
  /** A page of deals (`dealsWhere`, of a category when `category` is given), biggest drop first. */
  dealsPage: (where: string, limit: string, category?: string) => `SELECT ${DEAL_COLUMNS} FROM ${DEALS_FROM}
    WHERE ${category ? `s.category_slug = ${category} AND ` : ''}${where} ORDER BY s.deal_basis_points DESC, s.product_id DESC LIMIT ${limit}`,
  /** The categories with deals (`dealsWhere`), most first, then by slug. */
  dealCategories: (where: string) => `SELECT min(p.category) AS name, s.category_slug AS slug, count(*) AS "count"
    FROM product_price_summaries s JOIN products p ON p.id = s.product_id WHERE s.category_slug IS NOT NULL AND ${where}
    GROUP BY s.category_slug ORDER BY "count" DESC, slug`,
};
