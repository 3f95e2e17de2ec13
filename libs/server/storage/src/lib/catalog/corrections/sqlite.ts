import { type CatalogCorrections, type MatchReviewReads, productOf, SUSPECT_PRODUCTS_FROM, type SuspectProductRow } from '@pricehunt/catalog-core';
import type Database from 'better-sqlite3';
import { writeAuditEntry } from '../../admin/audit-log';
import { prepareAll } from '../sqlite/prepare';
import type { CatalogStore } from '../sqlite/store';

const REVIEW = {
  suspectProducts: `SELECT p.id AS "productId", p.title, s.n AS "offerCount", s.r AS "retailerCount", s.lo AS "lowestCents", s.hi AS "highestCents"
    ${SUSPECT_PRODUCTS_FROM} ORDER BY coalesce(s.hi * 1.0 / nullif(s.lo, 0), 0) DESC, s.n - s.r DESC, p.id LIMIT ?`,
  countSuspectProducts: `SELECT count(*) AS n ${SUSPECT_PRODUCTS_FROM}`,
};

/** `MatchReviewReads` on SQLite, over the catalog store. */
export function createSqliteMatchReview(sqlite: Database.Database, store: CatalogStore): MatchReviewReads {
  const s = prepareAll(sqlite, REVIEW);
  return {
    priceHeldOffers: async (limit) => store.priceHeldOffers(limit),
    suspectProducts: async (limit) => ({
      items: s.suspectProducts.all(limit) as SuspectProductRow[],
      total: (s.countSuspectProducts.get() as { n: number }).n,
    }),
  };
}

/**
 * `CatalogCorrections` on SQLite, over the catalog store. The corrections read what they decide on inside their
 * transaction, taken with the write lock at once (`immediate`): another connection's correction cannot commit between
 * the checks and the writes.
 */
export function createSqliteCorrections(sqlite: Database.Database, store: CatalogStore): CatalogCorrections {
  const immediately = <T>(fn: () => T) => store.transaction(fn, { immediate: true });
  return {
    detachOffer: async (productId, offerId, audit, now) =>
      immediately(() => {
        const product = store.getProduct(productId);
        if (!product) return { ok: false, refusal: 'product-not-found' } as const;
        const offers = store.allOffersOfProduct(productId);
        const offer = offers.find((candidate) => candidate.id === offerId);
        if (!offer) return { ok: false, refusal: 'offer-not-in-product' } as const;
        if (offers.length === 1) return { ok: false, refusal: 'offer-alone' } as const;
        const newProductId = store.createProduct(productOf(offer), now);
        store.setOfferProduct(offer.id, newProductId);
        store.refreshProducts([productId, newProductId], now);
        writeAuditEntry(sqlite, audit({ product, offers: offers.length, offer, newProductId }), now);
        return { ok: true, newProductId } as const;
      }),
    approveOfferPrice: async (offerId, audit, now) =>
      immediately(() => {
        const offer = store.getOfferWithRetailer(offerId);
        if (!offer) return { ok: false, refusal: 'offer-not-found' } as const;
        // An offer held for its price is in a product (its price was compared with the product's other offers).
        if (offer.held !== 'price' || offer.productId === null) return { ok: false, refusal: 'offer-not-held' } as const;
        const productId = offer.productId;
        store.approveOfferPrice(offerId, now);
        writeAuditEntry(sqlite, audit({ offer, productId }), now);
        return { ok: true, productId } as const;
      }),
    mergeProducts: async (sourceId, targetId, audit, now) =>
      immediately(() => {
        const product = store.getProduct(sourceId);
        if (!product) return { ok: false, refusal: 'product-not-found' } as const;
        const target = store.getProduct(targetId);
        if (!target) return { ok: false, refusal: 'into-not-found' } as const;
        const moved = store.mergeProducts([sourceId], targetId, now);
        writeAuditEntry(sqlite, audit({ product, target, moved }), now);
        return { ok: true, moved } as const;
      }),
  };
}
