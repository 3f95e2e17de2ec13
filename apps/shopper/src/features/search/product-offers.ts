import type { OfferView, SearchOffer } from '@pricehunt/contracts';

/**
 * A product's offers (GET /api/products/:id) as the offers list shows those of a search: listed and marked as the API
 * answered them, with no pasted offer to compare with.
 */
export function asSearchOffers(offers: readonly OfferView[]): SearchOffer[] {
  return offers.map((offer) => ({ ...offer, savingsCents: null, isSource: false }));
}
