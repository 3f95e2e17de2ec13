import { type CatalogCorrections, type CorrectionRefusal, type CorrectionResult, type MatchReviewReads, productOf, type ProductRow, SUSPECT_PRODUCTS_FROM, type SuspectProductRow } from '@pricehunt/catalog-core';
import { present } from '@pricehunt/contracts';
import type pg from 'pg';
import { writeAuditEntryPg } from '../../admin/pg-audit-log';
import { offersWithRetailer } from '../offers/pg';
import { createProductPg, lockProducts, redirectProductPg, refreshProductsPg } from '../pg/product-writes';
import { inTransaction, rowsOf } from '../pg/queryable';
import { PRODUCT_COLUMNS, SAME_SQL, TOTAL } from '../shared-sql';

const refused = (refusal: CorrectionRefusal) => ({ commit: false, result: { ok: false as const, refusal } });

/** `MatchReviewReads` on PostgreSQL, through the pool. */
export function createPgMatchReview(pool: pg.Pool): MatchReviewReads {
  return {
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
        pool.query<{ id: number }>({ name: 'catalog/price-held', text: SAME_SQL.priceHeldOffers('$1'), values: [limit] }),
        pool.query<{ n: number }>({ name: 'catalog/price-held-count', text: SAME_SQL.countPriceHeldOffers, values: [] }),
      ]);
      return { ids: ids.rows.map((row) => row.id), total: present(total.rows[0]).n };
    },
  };
}

/** `CatalogCorrections` on PostgreSQL: each correction one transaction on a client of the pool. */
export function createPgCorrections(pool: pg.Pool): CatalogCorrections {
  return {
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
  };
}
