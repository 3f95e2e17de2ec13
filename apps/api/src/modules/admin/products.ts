import { AdminMessages, ErrorCode, type AdminProductOffer, type PriceReview, type ProductSummary } from '@pricehunt/contracts';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { productOf } from '../catalog/ingestion';
import type { CatalogRepository, OfferWithRetailer } from '../catalog/repository';
import type { CatalogStore } from '../catalog/sqlite-repository';
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
export function createAdminProducts(deps: {
  repo: AdminRepository;
  catalog: Pick<CatalogRepository, 'getProduct' | 'getProducts' | 'productsWithTitleWords' | 'allOffersOfProduct' | 'priceHeldOffers' | 'getOfferWithRetailer'>;
  /** The corrections' writes, each in one transaction with its audit entry. */
  store: Pick<CatalogStore, 'transaction' | 'createProduct' | 'setOfferProduct' | 'refreshProducts' | 'approveOfferPrice' | 'mergeProducts'>;
  now: () => Date;
}) {
  const { repo, catalog, store, now } = deps;

  const productOrThrow = async (id: number, field: string) => {
    const product = await catalog.getProduct(id);
    if (!product) throw missing(AdminMessages.productNotFound, field);
    return product;
  };

  return {
    /** Products by id ("123", "#123") or whose titles hold every word, most offers first. */
    async find(q: string): Promise<ProductSummary[]> {
      const id = /^#?(\d{1,15})$/.exec(q.trim());
      if (id) {
        const product = await catalog.getProduct(Number(id[1]));
        return product ? [productSummary(product)] : [];
      }
      const words = q.trim().split(/\s+/).slice(0, 8);
      const ids = await catalog.productsWithTitleWords(words, FOUND_LIMIT);
      const products = await catalog.getProducts(ids);
      return ids.map((productId) => products.get(productId)).filter((product) => product !== undefined).map(productSummary);
    },

    async detail(id: number) {
      const product = await productOrThrow(id, 'id');
      return { product: productSummary(product), offers: (await catalog.allOffersOfProduct(id)).map(offerOf) };
    },

    /** The offer leaves the product for a new product of its own (named after it). */
    async detachOffer(actor: Actor, id: number, offerId: number) {
      const product = await productOrThrow(id, 'id');
      const offers = await catalog.allOffersOfProduct(id);
      const offer = offers.find((candidate) => candidate.id === offerId);
      if (!offer) throw missing(AdminMessages.offerNotInProduct, 'offerId');
      if (offers.length === 1) throw conflict(AdminMessages.offerAlone, 'offerId');
      const stamp = now().toISOString();
      const newProductId = store.transaction(() => {
        const created = store.createProduct(productOf(offer), stamp);
        store.setOfferProduct(offer.id, created);
        store.refreshProducts([id, created], stamp);
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
    async priceReviews(limit = 100): Promise<{ items: PriceReview[]; total: number }> {
      const { ids, total } = await catalog.priceHeldOffers(limit);
      const items: PriceReview[] = [];
      for (const id of ids) {
        const offer = await catalog.getOfferWithRetailer(id);
        if (!offer || offer.productId === null) continue;
        const product = await catalog.getProduct(offer.productId);
        const others = (await catalog.allOffersOfProduct(offer.productId))
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
    async approvePrice(actor: Actor, offerId: number) {
      const offer = await catalog.getOfferWithRetailer(offerId);
      if (!offer) throw missing(AdminMessages.offerNotFound, 'offerId');
      const stamp = now().toISOString();
      const productId = store.transaction(() => {
        const approved = store.approveOfferPrice(offerId, stamp);
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
    async merge(actor: Actor, id: number, into: number) {
      if (id === into) throw badRequest(AdminMessages.mergeIntoItself, 'into');
      const product = await productOrThrow(id, 'id');
      const target = await productOrThrow(into, 'into');
      const stamp = now().toISOString();
      const moved = store.transaction(() => {
        const count = store.mergeProducts([id], into, stamp);
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
