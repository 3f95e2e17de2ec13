import type Database from 'better-sqlite3';
import type { MerchantProduct, ProductsQuery, ProductsResponse, UpdateProductBody } from '@pricehunt/contracts';
import { notFound } from '../../lib/errors';
import type { CatalogRepository } from '../catalog/repository';

const ORDER: Record<ProductsQuery['sort'], string> = {
  title: 'o.title COLLATE NOCASE, o.id',
  price: 'o.price_cents, o.id',
  '-price': 'o.price_cents DESC, o.id',
  rank: 'priceRank IS NULL, priceRank, o.title COLLATE NOCASE',
  updated: 'o.updated_at DESC, o.id DESC',
};

/** Other retailers' offers of the same product that shoppers see (the business's own other listings are not competitors). */
const OTHERS = `x.product_id = o.product_id AND x.id <> o.id AND (x.business_id IS NULL OR x.business_id <> o.business_id) AND x.currency = o.currency
  AND x.held IS NULL`;
const TOTAL = (alias: string) => `(${alias}.price_cents + coalesce(${alias}.shipping_cents, 0))`;

const SELECT = `
  SELECT o.id, o.external_id AS externalId, o.title, o.url, o.price_cents AS priceCents, o.currency, o.availability,
         o.product_id AS productId, o.held, o.updated_at AS updatedAt,
         (SELECT count(*) FROM offers x WHERE ${OTHERS}) AS competitorCount,
         (SELECT min(${TOTAL('x')}) FROM offers x WHERE ${OTHERS}) AS bestCompetitorPriceCents,
         CASE WHEN o.product_id IS NULL OR o.held IS NOT NULL THEN NULL
              ELSE 1 + (SELECT count(*) FROM offers x WHERE ${OTHERS} AND ${TOTAL('x')} < ${TOTAL('o')}) END AS priceRank
  FROM offers o`;

/** The business's own offers in the catalog, each ranked by total price against the other retailers selling the same product. */
export function createMerchantProducts(deps: { sqlite: Database.Database; catalog: CatalogRepository }) {
  const { sqlite, catalog } = deps;
  const one = sqlite.prepare(`${SELECT} WHERE o.id = ? AND o.business_id = ?`);
  const statements = new Map<string, Database.Statement>();
  const list = (sort: ProductsQuery['sort']) => {
    let s = statements.get(sort);
    if (!s) {
      s = sqlite.prepare(`${SELECT} WHERE o.business_id = @businessId AND (@q IS NULL OR o.title LIKE @q ESCAPE '\\' OR o.external_id = @exact)
        ORDER BY ${ORDER[sort]} LIMIT @limit OFFSET @offset`);
      statements.set(sort, s);
    }
    return s;
  };
  const count = sqlite.prepare(`SELECT count(*) AS n FROM offers o WHERE o.business_id = @businessId AND (@q IS NULL OR o.title LIKE @q ESCAPE '\\' OR o.external_id = @exact)`);

  const find = (businessId: string, id: number) => one.get(id, businessId) as MerchantProduct | undefined;

  return {
    list(businessId: string, query: ProductsQuery): ProductsResponse {
      const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const params = { businessId, q, exact: query.q ?? null };
      const items = list(query.sort).all({ ...params, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as MerchantProduct[];
      return { items, page: query.page, pageSize: query.pageSize, total: (count.get(params) as { n: number }).n };
    },

    /** Changes price and/or availability of one of the business's offers (404 for anyone else's), keeping price history and product figures. */
    update(businessId: string, id: number, body: UpdateProductBody): MerchantProduct {
      const current = find(businessId, id);
      if (!current) throw notFound('Product not found');
      const now = new Date().toISOString();
      sqlite.transaction(() => {
        const priceCents = body.priceCents ?? current.priceCents;
        const availability = body.availability ?? current.availability;
        sqlite.prepare('UPDATE offers SET price_cents = ?, availability = ?, updated_at = ? WHERE id = ? AND business_id = ?').run(priceCents, availability, now, id, businessId);
        if (priceCents !== current.priceCents) {
          const shipping = sqlite.prepare('SELECT shipping_cents FROM offers WHERE id = ?').pluck().get(id) as number | null;
          catalog.insertPricePoint(id, priceCents, shipping, current.currency, now);
        }
        if (current.productId !== null) catalog.refreshProduct(current.productId, now);
      })();
      return find(businessId, id) as MerchantProduct;
    },
  };
}

export type MerchantProducts = ReturnType<typeof createMerchantProducts>;
