import { AdminMessages, ErrorCode, type AdminProductOffer, type PriceReview, type ProductSummary, type SuspectProduct } from '@pricehunt/contracts';
import { badRequest, conflict, HttpError } from '@pricehunt/http-errors';
import { type CatalogCorrections, type CorrectionRefusal, type MatchReviewReads, type OfferReads, type OfferWithRetailer, type ProductReads, productSummary, totalCents } from '@pricehunt/catalog-core';
import { productOrSuccessor } from '../catalog/retired-products';
import type { Actor } from './service';

/** Products a title search lists at most. */
const FOUND_LIMIT = 20;

const missing = (message: string, field: string) => new HttpError(404, ErrorCode.notFound, message, field, [{ field, message }]);

/** The error a correction's refusal answers, with the messages and fields the console has always had. */
const refusalError = (refusal: CorrectionRefusal): HttpError => {
  switch (refusal) {
    case 'product-not-found':
      return missing(AdminMessages.productNotFound, 'id');
    case 'into-not-found':
      return missing(AdminMessages.productNotFound, 'into');
    case 'offer-not-found':
      return missing(AdminMessages.offerNotFound, 'offerId');
    case 'offer-not-in-product':
      return missing(AdminMessages.offerNotInProduct, 'offerId');
    case 'offer-alone':
      return conflict(AdminMessages.offerAlone, 'offerId');
    case 'offer-not-held':
      return conflict(AdminMessages.offerNotHeldForPrice, 'offerId');
  }
};

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

interface AdminProductsDeps {
  catalog: Pick<ProductReads, 'getProduct' | 'getProducts' | 'productsWithTitleWords' | 'successorOf'> &
    Pick<OfferReads, 'allOffersOfProduct' | 'getOfferWithRetailer'> &
    MatchReviewReads &
    CatalogCorrections;
  now: () => Date;
}

/** Products that look mismatched, and offers held for their price: the review queues of the console. */
function reviewMethods({ catalog, now }: AdminProductsDeps) {
  return {
    /** Products whose offers cannot all be one product (new offers more than 2x apart, a retailer twice), widest spread first. */
    async suspects(limit = 100): Promise<{ items: SuspectProduct[]; total: number }> {
      const { items, total } = await catalog.suspectProducts(limit);
      return {
        total,
        items: items.map((row) => ({
          product: { id: row.productId, title: row.title },
          offerCount: row.offerCount,
          retailerCount: row.retailerCount,
          lowestCents: row.lowestCents,
          highestCents: row.highestCents,
          flags: [
            ...(row.lowestCents !== null && row.highestCents !== null && row.highestCents > 2 * row.lowestCents ? (['price-spread'] as const) : []),
            ...(row.retailerCount < row.offerCount ? (['retailer-twice'] as const) : []),
          ],
        })),
      };
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
      const done = await catalog.approveOfferPrice(
        offerId,
        ({ offer, productId }) => ({
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'catalog.approve_price',
          targetType: 'catalog',
          targetId: String(productId),
          targetLabel: offer.title,
          before: { offer: `${offer.retailerName} ${offer.externalId}`, held: offer.held },
          after: { approvedCents: totalCents(offer) },
        }),
        now().toISOString(),
      );
      if (!done.ok) throw refusalError(done.refusal);
      return { offerId, productId: done.productId };
    },
  };
}

/**
 * Corrections of the matcher by hand: find a product, see its offers, take a wrongly matched offer out into a
 * product of its own, or merge two products that are one. Each correction is a unit of work of the catalog port: one
 * transaction with its audit entry, its checks made inside it (on what another admin's correction committed), its
 * refusals answered as the errors below. Imports keep an offer where it was put; re-clustering the catalog decides anew.
 */
export function createAdminProducts(deps: AdminProductsDeps) {
  const { catalog, now } = deps;

  return {
    /**
     * Products by id ("123", "#123") or whose titles hold every word, most offers first. A retired id (merged, or
     * regrouped by a re-clustering) finds the product its offers are in now.
     */
    async find(q: string): Promise<ProductSummary[]> {
      const id = /^#?(\d{1,15})$/.exec(q.trim());
      if (id) {
        const product = await productOrSuccessor(catalog, Number(id[1]));
        return product ? [productSummary(product)] : [];
      }
      const words = q.trim().split(/\s+/).slice(0, 8);
      const ids = await catalog.productsWithTitleWords(words, FOUND_LIMIT);
      const products = await catalog.getProducts(ids);
      return ids.map((productId) => products.get(productId)).filter((product) => product !== undefined).map(productSummary);
    },

    /**
     * A product and every offer of it. A retired id answers with the product its offers are in now (its id tells the
     * console so); a 503 while a re-clustering under way has placed none of them yet.
     */
    async detail(id: number) {
      const product = await productOrSuccessor(catalog, id);
      if (!product) throw missing(AdminMessages.productNotFound, 'id');
      return { product: productSummary(product), offers: (await catalog.allOffersOfProduct(product.id)).map(offerOf) };
    },

    /** The offer leaves the product for a new product of its own (named after it). */
    async detachOffer(actor: Actor, id: number, offerId: number) {
      const done = await catalog.detachOffer(
        id,
        offerId,
        ({ product, offers, offer, newProductId }) => ({
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'catalog.detach_offer',
          targetType: 'catalog',
          targetId: String(id),
          targetLabel: product.title,
          before: { product: id, offers },
          after: { offer: `${offer.retailerName} ${offer.externalId}`, newProduct: newProductId },
        }),
        now().toISOString(),
      );
      if (!done.ok) throw refusalError(done.refusal);
      return { offerId, productId: id, newProductId: done.newProductId };
    },

    ...reviewMethods(deps),

    /** Every offer of product `id` joins product `into`; `id` is retired, and what named it (links, favorites, alerts) finds `into`. */
    async merge(actor: Actor, id: number, into: number) {
      if (id === into) throw badRequest(AdminMessages.mergeIntoItself, 'into');
      const done = await catalog.mergeProducts(
        id,
        into,
        ({ product, target, moved }) => ({
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'catalog.merge_products',
          targetType: 'catalog',
          targetId: String(into),
          targetLabel: target.title,
          before: { product: id, title: product.title, offers: product.offerCount },
          after: { into, offers: target.offerCount + moved },
        }),
        now().toISOString(),
      );
      if (!done.ok) throw refusalError(done.refusal);
      return { productId: id, into, moved: done.moved };
    },
  };
}

export type AdminProducts = ReturnType<typeof createAdminProducts>;
