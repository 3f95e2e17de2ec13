import { canonicalizeUrl } from '@pricehunt/marketplace';
import type { PagePlacement } from '@pricehunt/catalog-core';
import type { PlacePage } from './watches';

/**
 * Places a re-read page in the catalog as the paste endpoint does (`PagePlacement`): a page no offer holds yet becomes
 * its shop's offer, one placed before takes the page's new price and stock (a price point recorded when the price
 * changed). A feed's offer is left to its feed: it answers where it is, unchanged.
 */
export function createPagePlacer(pages: Pick<PagePlacement, 'place'>): PlacePage {
  return async (url, item) => {
    const placed = await pages.place(url, canonicalizeUrl(url), item);
    return placed ? { offerId: placed.offerId, productId: placed.productId } : null;
  };
}
