import { bestPriceOffers, type OfferView, type SearchOffer } from '@pricehunt/contracts';

/**
 * A product's offers (GET /api/products/:id) as the offers list shows those of a search: the best price is the
 * cheapest total of a new offer of the product alone that one can buy (see `bestPriceOffers`), and no pasted offer is
 * there to compare with. The order stays the API's, cheapest total first.
 */
export function asSearchOffers(offers: readonly OfferView[]): SearchOffer[] {
  const best = bestPriceOffers(offers);
  return offers.map((offer) => ({ ...offer, isBestPrice: best.has(offer), savingsCents: null, isSource: false }));
}
