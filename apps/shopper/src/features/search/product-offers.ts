import type { OfferView, SearchOffer } from '@pricehunt/contracts';

/**
 * A product's offers (GET /api/products/:id) as the offers list shows those of a search: the best price is the
 * cheapest total one can buy (an out-of-stock offer only when every offer is out of stock), and no pasted offer is
 * there to compare with. The order stays the API's, cheapest total first.
 */
export function asSearchOffers(offers: readonly OfferView[]): SearchOffer[] {
  const buyable = offers.filter((offer) => offer.availability !== 'out_of_stock');
  const pool = buyable.length > 0 ? buyable : offers;
  const best = pool.reduce((min, offer) => Math.min(min, offer.totalCents), Infinity);
  return offers.map((offer) => ({ ...offer, isBestPrice: pool.includes(offer) && offer.totalCents === best, savingsCents: null, isSource: false }));
}
