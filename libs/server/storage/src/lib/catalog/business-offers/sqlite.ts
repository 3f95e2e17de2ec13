import type { BusinessOffers } from '@pricehunt/catalog-core';
import type { MerchantProduct, ProductsQuery } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { prepareAll } from '../sqlite/prepare';
import type { CatalogStore } from '../sqlite/store';
import { BUSINESS_OFFER, likeAnywhere } from '../shared-sql';

const BUSINESS_OFFER_ORDER: Record<ProductsQuery['sort'], string> = {
  title: 'o.title COLLATE NOCASE, o.id',
  price: 'o.price_cents, o.id',
  '-price': 'o.price_cents DESC, o.id',
  rank: '"priceRank" IS NULL, "priceRank", o.title COLLATE NOCASE',
  updated: 'o.updated_at DESC, o.id DESC',
};
const FILTER = `o.business_id = @businessId AND (@q IS NULL OR o.title LIKE @q ESCAPE '\\' OR o.external_id = @exact)`;

const OFFERS = {
  businessOffer: `${BUSINESS_OFFER} WHERE o.id = ? AND o.business_id = ?`,
  countBusinessOffers: `SELECT count(*) AS n FROM offers o WHERE ${FILTER}`,
  updateBusinessOffer: 'UPDATE offers SET price_cents = ?, availability = ?, updated_at = ? WHERE id = ? AND business_id = ?',
  shippingOf: 'SELECT shipping_cents FROM offers WHERE id = ?',
};

/** `BusinessOffers` on SQLite, over the catalog store: an edit is one transaction with its price point and figures. */
export function createSqliteBusinessOffers(sqlite: Database.Database, store: CatalogStore): BusinessOffers {
  const s = prepareAll(sqlite, OFFERS, ['shippingOf']);
  const pages = new Map<string, Database.Statement>();
  const page = (sort: ProductsQuery['sort']) => {
    let statement = pages.get(sort);
    if (!statement) pages.set(sort, (statement = sqlite.prepare(`${BUSINESS_OFFER} WHERE ${FILTER} ORDER BY ${BUSINESS_OFFER_ORDER[sort]} LIMIT @limit OFFSET @offset`)));
    return statement;
  };
  const find = (businessId: string, id: number) => (s.businessOffer.get(id, businessId) as MerchantProduct | undefined) ?? null;
  return {
    async businessOffers(businessId, query) {
      const params = { businessId, q: query.q ? likeAnywhere(query.q) : null, exact: query.q ?? null };
      const items = page(query.sort).all({ ...params, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as MerchantProduct[];
      return { items, total: (s.countBusinessOffers.get(params) as { n: number }).n };
    },
    businessOffer: async (businessId, offerId) => find(businessId, offerId),
    async updateBusinessOffer(businessId, offerId, change, now) {
      const current = find(businessId, offerId);
      if (!current) return null;
      sqlite.transaction(() => {
        const priceCents = change.priceCents ?? current.priceCents;
        const availability = change.availability ?? current.availability;
        s.updateBusinessOffer.run(priceCents, availability, now, offerId, businessId);
        if (priceCents !== current.priceCents) store.insertPricePoint(offerId, priceCents, s.shippingOf.get(offerId) as number | null, current.currency, now);
        if (current.productId !== null) store.refreshProduct(current.productId, now);
      })();
      return find(businessId, offerId);
    },
  };
}
