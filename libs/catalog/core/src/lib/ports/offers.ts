import type { SearchCondition } from '@pricehunt/contracts';
import type { OfferItem, OfferRef, OfferRow, OfferWithRetailer } from './rows';

/** A product's lowest total price in one condition (`OfferReads.lowestPricesIn`). */
export interface ConditionPrice {
  totalCents: number;
  /** False when that offer does not state its shipping (its total is its price alone). */
  shippingKnown: boolean;
}

/** Offers as searches and the admin console read them. */
export interface OfferReads {
  /** The offer with this canonical URL, or null. */
  findOfferByCanonicalUrl(canonicalUrl: string): Promise<OfferRow | null>;
  /** The retailer's offer with this product id, or null. */
  findOfferByExternalId(retailerId: string, externalId: string): Promise<OfferRow | null>;
  /** An offer with its retailer's name and its business's store, held or not; null when there is none. */
  getOfferWithRetailer(id: number): Promise<OfferWithRetailer | null>;
  /** The offers of a product shoppers see (none held), cheapest total first. */
  offersOfProduct(productId: number): Promise<OfferWithRetailer[]>;
  /** Every offer of a product, held ones too, cheapest total first (the admin console's view). */
  allOffersOfProduct(productId: number): Promise<OfferWithRetailer[]>;
  /**
   * For those of the products with an offer shoppers see in this condition that is not out of stock (as the browse
   * page's condition filter reads them), the lowest total (price and shipping) of such an offer, and whether its
   * shipping is known; the others are absent.
   */
  lowestPricesIn(condition: SearchCondition, productIds: readonly number[]): Promise<Map<number, ConditionPrice>>;
}

/** The candidate lookups of the matcher: offers by identifier, and what ranking compares of them. */
export interface OfferCandidateReads {
  /** Offers (with their product) that carry this GTIN; at most `limit`. */
  offersWithGtin(gtin: string, limit: number): Promise<OfferRef[]>;
  /** Offers whose model key is `modelKey`, starts with it, or is it without a short colour or region code; at most `limit`. */
  offersWithModelKey(modelKey: string, limit: number): Promise<OfferRef[]>;
  /** The first `limit` offers (oldest first) of each of the products. */
  offerRefsOfProducts(productIds: readonly number[], limit: number): Promise<Map<number, OfferRef[]>>;
  /** What the offers among `ids` that exist say about themselves, for ranking. */
  offerItems(ids: readonly number[]): Promise<Map<number, OfferItem>>;
  /** The offers among `offerIds` that are the retailer's. */
  offersAtAmong(retailerId: string, offerIds: readonly number[]): Promise<Set<number>>;
  /** Those of the products that have an offer at the retailer. */
  productsWithOfferAt(retailerId: string, productIds: readonly number[]): Promise<Set<number>>;
}
