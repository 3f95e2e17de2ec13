import type { BrowseQuery, CategoryRow, ProductListings, ProductRow } from '@pricehunt/catalog-core';
import { PRODUCT_ATTRIBUTES } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { attributeParts, attributeValues, brandsOfProducts, browseCounts, browseEntries, BROWSE_PARTS, browseWhere, LINE_GROUP, offerConditions, storesOfProducts, unreadLinesOf, type BrowseDialect, type BrowseParts } from '../browse-filters';
import { prepareAll } from '../sqlite/prepare';

/** What SQLite writes its own way in a browse. */
const SQLITE_BROWSE: BrowseDialect = {
  sameBrand: (placeholder) => `products.brand = ${placeholder} COLLATE NOCASE`,
  attribute: (key) => `json_extract(products.attributes, '$.${key}')`,
  byteOrder: (expression) => expression,
};

/** A category with its products and its entries (a line's versions one, as a browse of it counts them). */
const CATEGORY = `SELECT category AS name, category_slug AS slug, count(*) AS "productCount", count(DISTINCT ${LINE_GROUP}) AS "entryCount" FROM products`;

const LISTINGS = {
  categories: `${CATEGORY} WHERE category_slug IS NOT NULL AND offer_count > 0 GROUP BY category_slug ORDER BY "entryCount" DESC, "productCount" DESC, slug`,
  category: `${CATEGORY} WHERE category_slug = ? AND offer_count > 0 GROUP BY category_slug`,
  listedProducts: 'SELECT id, title, category_slug AS "categorySlug", updated_at AS "updatedAt" FROM products WHERE offer_count > 0 ORDER BY id LIMIT ? OFFSET ?',
  listedProductsSummary: 'SELECT count(*) AS count, max(updated_at) AS "updatedAt" FROM products WHERE offer_count > 0',
  setLine: 'UPDATE products SET line_key = ?, line_of_title = ? WHERE id = ? AND title = ?',
};

/** The WHERE of one statement of a browse (`browseWhere`), with the values it names. */
function builtWhere(query: BrowseQuery, parts: BrowseParts) {
  const values: Record<string, unknown> = {};
  const param = (value: unknown) => {
    const name = `p${Object.keys(values).length}`;
    values[name] = value;
    return `@${name}`;
  };
  return { where: browseWhere(query, param, parts, SQLITE_BROWSE), values, param };
}

/**
 * A page of products with offers, by category, brand (any letter case), best-price range (cents, both ends
 * included) and what one of their offers must be (`offerConditions`), with the brands and the stores of the
 * products the other filters leave, most products first. Statements are prepared once per text (`statement`).
 */
function browse(query: BrowseQuery, statement: (sql: string) => Database.Statement): Awaited<ReturnType<ProductListings['browse']>> {
  const built = (parts: BrowseParts) => builtWhere(query, parts);
  const page = built(BROWSE_PARTS.page);
  const brands = built(BROWSE_PARTS.brands);
  const stores = built(BROWSE_PARTS.stores);
  const storeSql = storesOfProducts(stores.where, offerConditions(query, stores.param, { store: false }));
  const counts = statement(browseCounts(page.where)).get(page.values) as { n: number; products: number };
  return {
    total: counts.n,
    productCount: counts.products,
    items: statement(browseEntries(query, page.where, '@limit', '@offset')).all({ ...page.values, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as ProductRow[],
    brands: statement(brandsOfProducts(brands.where, SQLITE_BROWSE)).all(brands.values) as Array<{ name: string; count: number }>,
    stores: statement(storeSql).all(stores.values) as Array<{ id: string; name: string; count: number }>,
    // A category's attributes: those its products have.
    attributes: query.categorySlug
      ? PRODUCT_ATTRIBUTES.map((key) => {
          const counted = built(attributeParts(key));
          const values = statement(attributeValues(counted.where, SQLITE_BROWSE.attribute(key))).all(counted.values) as Array<{ value: string; count: number }>;
          return { key, values };
        }).filter((attribute) => attribute.values.length > 0)
      : [],
  };
}

/** `ProductListings` on SQLite. */
export function createSqliteProductListings(sqlite: Database.Database): ProductListings {
  const s = prepareAll(sqlite, LISTINGS);
  const browseStatements = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let prepared = browseStatements.get(sql);
    if (!prepared) browseStatements.set(sql, (prepared = sqlite.prepare(sql)));
    return prepared;
  };
  return {
    listCategories: async () => s.categories.all() as CategoryRow[],
    getCategory: async (slug) => (s.category.get(slug) as CategoryRow | undefined) ?? null,
    browse: async (query) => browse(query, statement),
    async unreadLines(query, limit, afterId = 0) {
      const { where, values } = builtWhere(query, BROWSE_PARTS.page);
      return statement(unreadLinesOf(where, '@limit', '@afterId')).all({ ...values, limit, afterId }) as Array<{ id: number; title: string }>;
    },
    async setLines(lines) {
      sqlite.transaction(() => {
        for (const line of lines) s.setLine.run(line.lineKey, line.title, line.id, line.title);
      })();
    },
    listedProducts: async (offset, limit) => s.listedProducts.all(limit, offset) as Array<{ id: number; title: string; categorySlug: string | null; updatedAt: string }>,
    listedProductsSummary: async () => s.listedProductsSummary.get() as { count: number; updatedAt: string | null },
  };
}
