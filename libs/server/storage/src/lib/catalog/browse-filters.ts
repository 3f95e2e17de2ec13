import type { BrowseQuery, BrowseSort } from '@pricehunt/catalog-core';
import { PRODUCT_ATTRIBUTES, type ProductAttribute } from '@pricehunt/contracts';
import { BEST_PRICE, conditionPrice, productColumns, type PriceColumns } from './shared-sql';

/**
 * A product's price as a browse reads it: filtered by a second-hand condition, its price in that condition
 * (`conditionPrice`, as a search with that condition typed reads it); else its best price. By it the browse filters a
 * price range, sorts by price and shows the price ("Used from $…").
 */
export function browsePrice(query: Pick<BrowseQuery, 'condition'>): PriceColumns {
  return query.condition === 'used' || query.condition === 'refurbished' ? conditionPrice(query.condition) : BEST_PRICE;
}

/**
 * What a browse asks of a product's offers, as SQL both engines read alike (`param` writes a value's placeholder): one
 * offer shoppers see that the shopper could buy as filtered (from the store, in the condition, in stock, shipping
 * free). A new offer is one `catalog-pricing` put in the `new` group (new and the product alone). Conditions on
 * `o`; none when the browse asks nothing of offers.
 */
export function offerConditions(query: Pick<BrowseQuery, 'condition' | 'retailerId' | 'inStock' | 'freeShipping'>, param: (value: unknown) => string, options: { store: boolean } = { store: true }): string[] {
  const conditions: string[] = [];
  if (options.store && query.retailerId) conditions.push(`o.retailer_id = ${param(query.retailerId)}`);
  if (query.condition === 'new') conditions.push(`o.price_group = 'new'`);
  else if (query.condition) conditions.push(`o.condition = ${param(query.condition)}`);
  if (query.inStock) conditions.push(`o.availability = 'in_stock'`);
  else if (query.condition || query.freeShipping) conditions.push(`o.availability <> 'out_of_stock'`);
  if (query.freeShipping) conditions.push('o.shipping_cents = 0');
  return conditions;
}

/** The products (`products` in the query) with an offer that meets `conditions`; null for no conditions. */
export const productHasOffer = (conditions: readonly string[]): string | null =>
  conditions.length === 0 ? null : `EXISTS (SELECT 1 FROM offers o WHERE o.product_id = products.id AND o.held IS NULL AND ${conditions.join(' AND ')})`;

/** A product's entry in a browse: its line's key (`products.line_key`), or the product alone when it is of no line. */
export const LINE_GROUP = `coalesce(products.line_key, '#' || CAST(products.id AS text))`;

/**
 * The stores of the products `where` leaves (an SQL condition on `products`), with the entries (`LINE_GROUP`) they
 * offer, most first: the count a browse by the store heads its page with. The offers are counted by store before the
 * stores' names are joined (a category's tens of thousands of offers are grouped by one column;
 * `offers_product_stores_idx` holds all this reads of them).
 */
export const storesOfProducts = (where: string, offerWhere: readonly string[]) =>
  `SELECT counted.retailer_id AS id, r.name AS name, counted.count AS count
     FROM (SELECT o.retailer_id AS retailer_id, count(DISTINCT ${LINE_GROUP}) AS count
             FROM products JOIN offers o ON o.product_id = products.id
             ${where} AND o.held IS NULL${offerWhere.map((condition) => ` AND ${condition}`).join('')}
             GROUP BY o.retailer_id) counted
     JOIN retailers r ON r.id = counted.retailer_id
     ORDER BY counted.count DESC, r.name ASC LIMIT 50`;

/**
 * The brands of the products `where` leaves, any letter case one brand (as `lower` folds it on each engine), with the
 * entries (`LINE_GROUP`) of each, most first; each named by the spelling most of its products write ("Samsung" where
 * two products write it so and one "SAMSUNG"), the least in byte order among those as many write, on either engine.
 */
export const brandsOfProducts = (where: string, dialect: Pick<BrowseDialect, 'byteOrder'>) =>
  `WITH branded AS MATERIALIZED (
       SELECT lower(products.brand) AS brand_key, products.brand AS spelling, ${LINE_GROUP} AS entry
         FROM products ${where} AND products.brand IS NOT NULL AND products.brand <> ''),
     counted AS (SELECT brand_key, count(DISTINCT entry) AS count FROM branded GROUP BY brand_key),
     spelt AS (SELECT brand_key, spelling, row_number() OVER (PARTITION BY brand_key ORDER BY count(*) DESC, ${dialect.byteOrder('spelling')} ASC) AS rank
                 FROM branded GROUP BY brand_key, spelling)
   SELECT spelt.spelling AS name, counted.count AS count
     FROM counted JOIN spelt ON spelt.brand_key = counted.brand_key AND spelt.rank = 1
     ORDER BY counted.count DESC, ${dialect.byteOrder('spelt.spelling')} ASC LIMIT 50`;

/** What one statement of a browse filters by: the offers' conditions (with or without the store), the brand, and the attributes but one. */
export interface BrowseParts {
  offers: boolean;
  store: boolean;
  brand: boolean;
  /** The attribute whose own filter is left out (its values are being counted). */
  exceptAttribute?: ProductAttribute;
}

/**
 * How an engine writes what differs: `products.brand` compared in any letter case, an attribute of `products.attributes`,
 * text in byte order.
 */
export interface BrowseDialect {
  sameBrand(placeholder: string): string;
  attribute(key: ProductAttribute): string;
  /** A text compared in byte order, whatever the database's collation. */
  byteOrder(expression: string): string;
}

/**
 * The WHERE of one statement of a browse on `products`: category, best-price range, then what `parts` names.
 * `param` writes a value's placeholder.
 */
export function browseWhere(query: BrowseQuery, param: (value: unknown) => string, parts: BrowseParts, dialect: BrowseDialect): string {
  const conditions = ['products.offer_count > 0'];
  if (query.categorySlug) conditions.push(`products.category_slug = ${param(query.categorySlug)}`);
  const price = browsePrice(query).cents;
  if (query.minPriceCents !== undefined) conditions.push(`${price} >= ${param(query.minPriceCents)}`);
  if (query.maxPriceCents !== undefined) conditions.push(`${price} <= ${param(query.maxPriceCents)}`);
  const withOffer = parts.offers ? productHasOffer(offerConditions(query, param, { store: parts.store })) : null;
  if (withOffer) conditions.push(withOffer);
  if (parts.brand && query.brand) conditions.push(dialect.sameBrand(param(query.brand)));
  for (const key of PRODUCT_ATTRIBUTES) {
    const value = query.attributes?.[key];
    if (value !== undefined && key !== parts.exceptAttribute) conditions.push(`${dialect.attribute(key)} = ${param(value)}`);
  }
  return `WHERE ${conditions.join(' AND ')}`;
}

/** The parts of a browse's statements: its page and count, the brands (no brand filter), the stores (no store filter). */
export const BROWSE_PARTS = {
  page: { offers: true, store: true, brand: true },
  brands: { offers: true, store: true, brand: false },
  stores: { offers: false, store: false, brand: true },
} as const satisfies Record<string, BrowseParts>;

/** The parts that count an attribute's values: every filter but that attribute's own. */
export const attributeParts = (key: ProductAttribute): BrowseParts => ({ offers: true, store: true, brand: true, exceptAttribute: key });

/** The values `expression` (an attribute) takes among the products `where` leaves, with their entries, most first. */
export const attributeValues = (where: string, expression: string) =>
  `SELECT ${expression} AS value, count(DISTINCT ${LINE_GROUP}) AS count FROM products ${where} AND ${expression} IS NOT NULL
     GROUP BY ${expression} ORDER BY count DESC, value ASC LIMIT 30`;

/**
 * How a browse orders its entries: each line by what its card shows (its lowest price as `cents` reads it, the most
 * offers of a version, its first name), then by its first product.
 */
function entryRank(sort: BrowseSort, cents: string): { rank: string; direction: 'ASC' | 'DESC' } {
  return {
    price_asc: { rank: `min(${cents})`, direction: 'ASC' as const },
    price_desc: { rank: `min(${cents})`, direction: 'DESC' as const },
    offers: { rank: 'max(products.offer_count)', direction: 'DESC' as const },
    name: { rank: 'min(products.title)', direction: 'ASC' as const },
  }[sort];
}

/**
 * A browse's page (both engines): the entries `where` leaves (a line's versions are one), `limit` of them from
 * `offset` (placeholders), each with every product of it `where` leaves, in the entries' order, a line's by id.
 */
export function browseEntries(query: BrowseQuery, where: string, limit: string, offset: string): string {
  const price = browsePrice(query);
  const { rank, direction } = entryRank(query.sort, price.cents);
  return `WITH entries AS (
      SELECT ${LINE_GROUP} AS entry, ${rank} AS entry_rank, min(products.id) AS entry_first FROM products ${where}
      GROUP BY ${LINE_GROUP} ORDER BY entry_rank ${direction}, entry_first LIMIT ${limit} OFFSET ${offset})
    SELECT ${productColumns(price)} FROM products JOIN entries ON entries.entry = ${LINE_GROUP} ${where}
    ORDER BY entries.entry_rank ${direction}, entries.entry_first, products.id`;
}

/** How many entries and products `where` leaves. */
export const browseCounts = (where: string) => `SELECT count(DISTINCT ${LINE_GROUP}) AS n, count(*) AS products FROM products ${where}`;

/** The products `where` leaves whose line was read from another title, or never, after a product id, by id. */
export const unreadLinesOf = (where: string, limit: string, afterId: string) =>
  `SELECT products.id AS id, products.title AS title FROM products ${where} AND products.id > ${afterId}
     AND (products.line_of_title IS NULL OR products.line_of_title <> products.title) ORDER BY products.id LIMIT ${limit}`;
