import type { BrowseQuery, CategoryRow, ProductListings, ProductRow } from '@pricehunt/catalog-core';
import { present, PRODUCT_ATTRIBUTES } from '@pricehunt/contracts';
import type pg from 'pg';
import { attributeParts, attributeValues, brandsOfProducts, browseCounts, browseEntries, BROWSE_PARTS, browseWhere, LINE_GROUP, offerConditions, storesOfProducts, unreadLinesOf, type BrowseDialect, type BrowseParts } from '../browse-filters';
import { rowsOf, shortHash } from '../pg/queryable';

/** What PostgreSQL writes its own way in a browse. */
const PG_BROWSE: BrowseDialect = {
  sameBrand: (placeholder) => `lower(products.brand) = lower(${placeholder})`,
  attribute: (key) => `(products.attributes ->> '${key}')`,
  byteOrder: (expression) => `${expression} COLLATE "C"`,
};

/** The WHERE of one statement of a browse (`browseWhere`), with the values it numbers. */
function builtWhere(query: BrowseQuery, parts: BrowseParts) {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { where: browseWhere(query, param, parts, PG_BROWSE), values, param };
}

/** `ProductListings` on PostgreSQL, through the pool. */
export function createPgProductListings(pool: pg.Pool): ProductListings {
  // A category with its products and its entries (a line's versions one, as a browse of it counts them).
  const category = `SELECT min(category) AS name, category_slug AS slug, count(*) AS "productCount", count(DISTINCT ${LINE_GROUP}) AS "entryCount" FROM products`;
  return {
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
    // A category's name: SQLite answers the name of any one of its products (they share it); here the least.
    listCategories: () =>
      rowsOf<CategoryRow>(pool, 'categories', `${category} WHERE category_slug IS NOT NULL AND offer_count > 0 GROUP BY category_slug ORDER BY "entryCount" DESC, "productCount" DESC, slug`, []),
    getCategory: async (slug) =>
      (await rowsOf<CategoryRow>(pool, 'category', `${category} WHERE category_slug = $1 AND offer_count > 0 GROUP BY category_slug`, [slug]))[0] ?? null,
    async unreadLines(query, limit, afterId = 0) {
      const { where, values, param } = builtWhere(query, BROWSE_PARTS.page);
      const { rows } = await pool.query<{ id: number; title: string }>(unreadLinesOf(where, param(limit), param(afterId)), values);
      return rows.map((row) => ({ id: Number(row.id), title: row.title }));
    },
    async setLines(lines) {
      if (lines.length === 0) return;
      await pool.query({
        name: 'catalog/set-lines',
        text: `UPDATE products SET line_key = u.line_key, line_of_title = u.title
          FROM unnest($1::int[], $2::text[], $3::text[]) AS u(id, title, line_key) WHERE products.id = u.id AND products.title = u.title`,
        values: [lines.map((line) => line.id), lines.map((line) => line.title), lines.map((line) => line.lineKey)],
      });
    },
    async browse(query: BrowseQuery) {
      const built = (parts: BrowseParts) => builtWhere(query, parts);
      const page = built(BROWSE_PARTS.page);
      const brands = built(BROWSE_PARTS.brands);
      const stores = built(BROWSE_PARTS.stores);
      const storeSql = storesOfProducts(stores.where, offerConditions(query, stores.param, { store: false }));
      const count = browseCounts(page.where);
      const list = browseEntries(query, page.where, page.param(query.pageSize), page.param((query.page - 1) * query.pageSize));
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
        pool.query<{ n: number; products: number }>(count, page.values.slice(0, -2)),
        rowsOf<ProductRow>(pool, `browse-${shortHash(list)}`, list, page.values),
        pool.query<{ name: string; count: number }>(brandsOfProducts(brands.where, PG_BROWSE), brands.values),
        pool.query<{ id: string; name: string; count: number }>(storeSql, stores.values),
        attributeRows,
      ]);
      const counts = present(total.rows[0]);
      return { total: counts.n, productCount: counts.products, items, brands: brandRows.rows, stores: storeRows.rows, attributes: attributes.filter((attribute) => attribute.values.length > 0) };
    },
  };
}
