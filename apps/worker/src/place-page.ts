import { canonicalizeUrl } from '@pricehunt/marketplace';
import type { CatalogRepository, CatalogServices } from '@pricehunt/catalog-core';
import type { PlacePage } from './watches';

/**
 * Places a re-read page as the update of the catalog offer its link already is (a feed's offer, or a page placed
 * when it was watched), through the ingestion service, which records a price point when the price changed. A page
 * no offer has yet is left out (null). `createPagePlacer` of catalog-search, which also places new pages, replaces it.
 */
export function createKnownOfferPlacer(deps: { catalog: CatalogRepository; ingestion: CatalogServices['ingestion'] }): PlacePage {
  return async (url, item) => {
    const offer = await deps.catalog.findOfferByCanonicalUrl(canonicalizeUrl(url));
    if (!offer || item.priceCents === null || item.priceCents === undefined) return null;
    const retailer = await deps.catalog.getOfferWithRetailer(offer.id);
    await deps.ingestion.importOffers(
      [
        {
          externalId: offer.externalId,
          url: offer.url,
          title: item.title || offer.title,
          ...(item.brand || offer.brand ? { brand: (item.brand || offer.brand) as string } : {}),
          ...(item.model || offer.model ? { mpn: (item.model || offer.model) as string } : {}),
          ...(offer.gtin ? { gtin: offer.gtin } : {}),
          priceCents: item.priceCents,
          currency: item.currency ?? offer.currency,
          ...(offer.shippingCents !== null ? { shippingCents: offer.shippingCents } : {}),
          availability: item.availability ?? offer.availability,
          condition: offer.condition,
          ...(offer.imageUrl ? { imageUrl: offer.imageUrl } : {}),
        },
      ],
      { format: 'gmc', source: url, retailer: { id: offer.retailerId, name: retailer?.retailerName ?? offer.retailerId } },
    );
    const placed = await deps.catalog.findOfferByCanonicalUrl(canonicalizeUrl(url));
    return placed && placed.productId !== null ? { offerId: placed.id, productId: placed.productId } : null;
  };
}
