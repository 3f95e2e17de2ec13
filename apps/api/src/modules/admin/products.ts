import { AdminMessages, ErrorCode, type AdminProductOffer, type PriceReview, type ProductSummary } from '@pricehunt/contracts';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { productOf } from '../catalog/ingestion';
import type { CatalogRepository, OfferWithRetailer } from '../catalog/repository';
import { productSummary, totalCents } from '../catalog/views';
import type { AdminRepository } from './repository';
import type { Actor } from './service';

/** Products a title search lists at most. */
const FOUND_LIMIT = 20;

const missing = (message: string, field: string) => new HttpError(404, ErrorCode.notFound, message, field, [{ field, message }]);

const offerOf = (offer: OfferWithRetailer): AdminProductOffer => ({
  id: offer.id,
  retailer: { id: offer.retailerId, name: offer.retailerName },
  externalId: offer.externalId,
  title: offer.title,
  url: offer.url,
  brand: offer.brand,
  model: offer.model,
  gtin: offer.gtin,
  priceCents: offer.priceCents,
  shippingCents: offer.shippingCents,
  currency: offer.currency,
  availability: offer.availability,
  held: offer.held,
});

/**
 * Corrections of the matcher by hand: find a product, see its offers, take a wrongly matched offer out into a
 * product of its own, or merge two products that are one. Each correction is one transaction and one audit entry.
 * Imports keep an offer where it was put; re-clustering the catalog decides anew.
 */
export function createAdminProducts(deps: { repo: AdminRepository; catalog: CatalogRepository; now: () => Date }) {
  const { repo, catalog, now } = deps;
  const sqlite = catalog.sqlite;
  const byWords = new Map<number, ReturnType<typeof sqlite.prepare>>();

  const productOrThrow = (id: number, field: string) => {
    const product = catalog.getProduct(id);
    if (!product) throw missing(AdminMessages.productNotFound, field);
    return product;
  };

  return {
    /** Products by id ("123", "#123") or whose titles hold every word, most offers first. */
    find(q: string): ProductSummary[] {
      const id = /^#?(\d{1,15})$/.exec(q.trim());
      if (id) {
        const product = catalog.getProduct(Number(id[1]));
        return product ? [productSummary(product)] : [];
      }
      const words = q.trim().split(/\s+/).slice(0, 8);
      let statement = byWords.get(words.length);
      if (!statement) {
        const conditions = words.map(() => "title LIKE ? ESCAPE '\\'").join(' AND ');
        statement = sqlite.prepare(`SELECT id FROM products WHERE ${conditions} ORDER BY offer_count DESC, id LIMIT ${FOUND_LIMIT}`);
        byWords.set(words.length, statement);
      }
      const ids = statement.pluck().all(...words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) as number[];
      return ids.map((productId) => catalog.getProduct(productId)).filter((product) => product !== null).map(productSummary);
    },

    detail(id: number) {
      const product = productOrThrow(id, 'id');
      return { product: productSummary(product), offers: catalog.allOffersOfProduct(id).map(offerOf) };
    },

    /** The offer leaves the product for a new product of its own (named after it). */
    detachOffer(actor: Actor, id: number, offerId: number) {
      const product = productOrThrow(id, 'id');
      const offers = catalog.allOffersOfProduct(id);
      const offer = offers.find((candidate) => candidate.id === offerId);
      if (!offer) throw missing(AdminMessages.offerNotInProduct, 'offerId');
      if (offers.length === 1) throw conflict(AdminMessages.offerAlone, 'offerId');
      const stamp = now().toISOString();
      const newProductId = catalog.transaction(() => {
        const created = catalog.createProduct(productOf(offer), stamp);
        catalog.setOfferProduct(offer.id, created);
        catalog.refreshProducts([id, created], stamp);
        repo.insertAudit(
          {
            actorId: actor.id,
            actorEmail: actor.email,
            action: 'catalog.detach_offer',
            targetType: 'catalog',
            targetId: String(id),
            targetLabel: product.title,
            before: { product: id, offers: offers.length },
            after: { offer: `${offer.retailerName} ${offer.externalId}`, newProduct: created },
          },
          stamp,
        );
        return created;
      });
      return { offerId, productId: id, newProductId };
    },

    /** Offers held for a price review, newest first, each with the median of the other offers it was held against. */
    priceReviews(limit = 100): { items: PriceReview[]; total: number } {
      const { ids, total } = catalog.priceHeldOffers(limit);
      const items: PriceReview[] = [];
      for (const id of ids) {
        const offer = catalog.getOfferWithRetailer(id);
        if (!offer || offer.productId === null) continue;
        const product = catalog.getProduct(offer.productId);
        const others = catalog
          .allOffersOfProduct(offer.productId)
          .filter((other) => other.id !== offer.id && other.held !== 'store' && other.currency === offer.currency)
          .map(totalCents)
          .sort((a, b) => a - b);
        const middle = others.length / 2;
        const median = others.length === 0 ? null : others.length % 2 ? (others[Math.floor(middle)] as number) : Math.round(((others[middle - 1] as number) + (others[middle] as number)) / 2);
        items.push({
          offer: offerOf(offer),
          product: { id: offer.productId, title: product?.title ?? offer.title },
          othersMedianCents: median,
          othersCount: others.length,
          heldSince: offer.updatedAt,
        });
      }
      return { items, total };
    },

    /** The held offer's price is real: it is shown, and held again only below this total. One audit entry. */
    approvePrice(actor: Actor, offerId: number) {
      const offer = catalog.getOfferWithRetailer(offerId);
      if (!offer) throw missing(AdminMessages.offerNotFound, 'offerId');
      const stamp = now().toISOString();
      const productId = catalog.transaction(() => {
        const approved = catalog.approveOfferPrice(offerId, stamp);
        if (approved === null) throw conflict(AdminMessages.offerNotHeldForPrice, 'offerId');
        repo.insertAudit(
          {
            actorId: actor.id,
            actorEmail: actor.email,
            action: 'catalog.approve_price',
            targetType: 'catalog',
            targetId: String(approved),
            targetLabel: offer.title,
            before: { offer: `${offer.retailerName} ${offer.externalId}`, held: offer.held },
            after: { approvedCents: totalCents(offer) },
          },
          stamp,
        );
        return approved;
      });
      return { offerId, productId };
    },

    /** Every offer of product `id` joins product `into`; `id` is retired, and what named it (links, favorites, alerts) finds `into`. */
    merge(actor: Actor, id: number, into: number) {
      if (id === into) throw badRequest(AdminMessages.mergeIntoItself, 'into');
      const product = productOrThrow(id, 'id');
      const target = productOrThrow(into, 'into');
      const stamp = now().toISOString();
      const moved = catalog.transaction(() => {
        const count = catalog.mergeProducts([id], into, stamp);
        repo.insertAudit(
          {
            actorId: actor.id,
            actorEmail: actor.email,
            action: 'catalog.merge_products',
            targetType: 'catalog',
            targetId: String(into),
            targetLabel: target.title,
            before: { product: id, title: product.title, offers: product.offerCount },
            after: { into, offers: target.offerCount + count },
          },
          stamp,
        );
        return count;
      });
      return { productId: id, into, moved };
    },
  };
}
