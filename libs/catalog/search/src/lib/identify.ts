import { catalogCondition, type IdentifiedBy, type PageFailure, type SearchResult, type SearchSource } from '@pricehunt/contracts';
import { extractProductId, retailerForUrl } from '@pricehunt/marketplace';
import { displayCase } from '@pricehunt/catalog-feeds';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { offerImagePath } from '@pricehunt/contracts';
import { type CatalogRepository, type OfferRow, type PagePlacement, type ReadPage, totalCents } from '@pricehunt/catalog-core';
import { pageFailureOf } from './page-failure';
import { emptySource } from './search-words';

/** Reads what a pasted URL points at, without the catalog. */
export interface PageReader {
  /**
   * Fetches the page (SSRF-safe) and reads its product metadata: null when the page says nothing useful; rejects when it
   * cannot be fetched or is no page (`pageFailureOf` tells why).
   */
  read(url: string): Promise<ReadPage | null>;
  /** The product words in the URL's path (`/sony-wh-1000xm4-headphones/…`), or null when there are none. */
  slugWords(url: string): string | null;
}

/** What identifies a pasted link: a catalog offer, or the item its page or its words describe. */
export interface Identified {
  identifiedBy: IdentifiedBy;
  source: SearchSource;
  item: ItemIdentity | null;
  knownOffer: OfferRow | null;
  unreadPage: SearchResult['unreadPage'];
}

export interface IdentifyDeps {
  catalog: Pick<CatalogRepository, 'findOfferByCanonicalUrl' | 'findOfferByExternalId' | 'getOfferWithRetailer'>;
  pages: PageReader;
  placement?: Pick<PagePlacement, 'place'>;
}

/**
 * Identifies a pasted link by the first step that can: a known offer (canonical URL or the retailer's product id), the
 * page's own metadata (placed in the catalog as its shop's offer when there is a placement), or the words of its slug.
 */
export async function identifyLink(deps: IdentifyDeps, url: string, canonicalUrl: string): Promise<Identified> {
  const { catalog, pages, placement } = deps;
  const ref = extractProductId(url);
  const base = { ...emptySource(url, canonicalUrl), externalId: ref?.id ?? null };
  const known = (await catalog.findOfferByCanonicalUrl(canonicalUrl)) ?? (ref ? await catalog.findOfferByExternalId(ref.retailer, ref.id) : null);
  if (known && known.productId !== null) return offerSource(catalog, base, known, 'known-offer');
  let failure: PageFailure = 'no-product';
  const page = await pages.read(url).catch((error: unknown) => {
    failure = pageFailureOf(error);
    return null;
  });
  if (page && page.title.trim() && placement) {
    // The page becomes its shop's offer in the catalog; a page that cannot be one (no price) is compared as read.
    const placed = await placement.place(url, canonicalUrl, page);
    const offer = placed ? await catalog.getOfferWithRetailer(placed.offerId) : null;
    if (offer && offer.productId !== null && offer.held === null) return offerSource(catalog, base, offer, 'page-metadata', page);
  }
  if (page && page.title.trim()) return pageSource(base, page);
  // The page could not be read: the words of its link are searched, written as a name ("Lumetra K7 Mechanical
  // Keyboard"), at the shop the link names.
  const words = pages.slugWords(url);
  const retailer = retailerForUrl(url);
  const shop = retailer?.name ?? new URL(url).hostname.replace(/^www\./, '');
  return {
    identifiedBy: 'url-slug',
    knownOffer: null,
    unreadPage: { reason: failure, shop },
    item: words ? { title: words } : null,
    source: { ...base, retailer: retailer ? { id: retailer.id, name: retailer.name } : null, title: words ? displayCase(words) : null },
  };
}

/**
 * The answer's source when the link is a catalog offer's: known before, or the page just placed (`placed`: what the page
 * states). An offer a page placed (now or before) is answered with the matcher's fit to its product, so `item` is what
 * it states; a feed's offer is its product's.
 */
async function offerSource(catalog: IdentifyDeps['catalog'], base: SearchSource, known: OfferRow, identifiedBy: IdentifiedBy, placed?: ItemIdentity): Promise<Identified> {
  const withRetailer = await catalog.getOfferWithRetailer(known.id);
  const fromPage = placed ?? (withRetailer?.origin === 'page' ? { title: known.title, brand: known.brand, model: known.model, gtin: known.gtin, priceCents: known.priceCents, currency: known.currency } : null);
  return {
    identifiedBy,
    knownOffer: known,
    unreadPage: null,
    item: fromPage,
    source: {
      ...base,
      offerId: known.id,
      retailer: withRetailer ? { id: withRetailer.retailerId, name: withRetailer.retailerName } : null,
      title: known.title,
      brand: known.brand,
      model: known.model,
      gtin: known.gtin,
      priceCents: totalCents(known),
      currency: known.currency,
      imageUrl: offerImagePath(known.id, known.imageUrl),
      externalId: known.externalId,
      condition: known.condition,
      availability: known.availability,
      shippingCents: known.shippingCents,
    },
  };
}

/** The answer's source when the link's page was read (and is no catalog offer): what the page states. */
function pageSource(base: SearchSource, page: ReadPage): Identified {
  return {
    identifiedBy: 'page-metadata',
    knownOffer: null,
    unreadPage: null,
    item: page,
    source: {
      ...base,
      title: page.title,
      brand: page.brand ?? null,
      model: page.model ?? null,
      gtin: page.gtin ?? null,
      priceCents: page.priceCents ?? null,
      currency: page.currency ?? null,
      imageUrl: page.imageUrl ?? null,
      condition: catalogCondition(page.condition),
      availability: page.availability ?? null,
      shippingCents: page.shipping && (page.shipping.currency == null || page.shipping.currency === page.currency) ? page.shipping.priceCents : null,
    },
  };
}
