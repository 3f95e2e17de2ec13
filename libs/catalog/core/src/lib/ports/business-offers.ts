import type { Availability, MerchantProduct, ProductsQuery } from '@pricehunt/contracts';

/** A business's change to one of its offers (the merchant dashboard's edit). */
export interface BusinessOfferChange {
  priceCents?: number;
  availability?: Availability;
}

/** A business's own offers, as the merchant dashboard lists and edits them. */
export interface BusinessOffers {
  /**
   * A page of the business's offers, each ranked by total price against other retailers' shown offers of its
   * product, and how many offers the filter leaves.
   */
  businessOffers(businessId: string, query: ProductsQuery): Promise<{ items: MerchantProduct[]; total: number }>;
  /** One of the business's offers as `businessOffers` lists it; null when the offer is not the business's. */
  businessOffer(businessId: string, offerId: number): Promise<MerchantProduct | null>;
  /**
   * Changes the price and/or availability of one of the business's offers, recording a price point when the price
   * changed and refreshing its product's figures: one transaction. The offer as it now is; null when it is not the
   * business's (nothing changed).
   */
  updateBusinessOffer(businessId: string, offerId: number, change: BusinessOfferChange, now: string): Promise<MerchantProduct | null>;
}
