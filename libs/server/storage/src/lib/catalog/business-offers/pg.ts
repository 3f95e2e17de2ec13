import type { BusinessOffers } from '@pricehunt/catalog-core';
import { type MerchantProduct, present, type ProductsQuery } from '@pricehunt/contracts';
import type pg from 'pg';
import { refreshProductsPg } from '../pg/product-writes';
import { type Queryable, rowsOf } from '../pg/queryable';
import { BUSINESS_OFFER, likeAnywhere } from '../shared-sql';

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

/**
 * `BusinessOffers` on PostgreSQL, through the pool. `updateBusinessOffer` is one transaction that first locks the
 * offer's product row, then the offer (`FOR UPDATE`): two edits of offers of one product, from any API process, run
 * one after the other, and the second's figures (READ COMMITTED reads anew at each statement) count the first's
 * committed change. Without the product lock both could compute the product's best price from a snapshot lacking the
 * other's change.
 */
export function createPgBusinessOffers(pool: pg.Pool): BusinessOffers {
  const findBusinessOffer = async (db: Queryable, businessId: string, offerId: number) =>
    (await rowsOf<MerchantProduct>(db, 'business-offer', `${BUSINESS_OFFER} WHERE o.id = $1 AND o.business_id = $2`, [offerId, businessId]))[0] ?? null;
  return {
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
