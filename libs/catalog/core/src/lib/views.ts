import { type Deal, type OfferView, type ProductSummary, offerImagePath, productImagePath } from '@pricehunt/contracts';
import { isShopifyDomain } from '@pricehunt/marketplace';
import { buildRedirectLink } from '@pricehunt/tracking';
import { knownTotalCents, type OfferSection, type PriceGroup, priceProduct } from '@pricehunt/catalog-pricing';
import { productSpecs, type Spec } from '@pricehunt/catalog-matching';
import type { DealRow, OfferWithRetailer, ProductRow } from './ports';

/** Total a shopper pays as far as it is known: price plus shipping when the shop states it. */
export const totalCents = knownTotalCents;

/**
 * A product's offers as shoppers see them, in the order `catalog-pricing` lists them, each with its section and best
 * price mark. `lowest`: the offers `lowestPriceOffers` marks.
 */
export function listedOfferViews(
  rows: readonly OfferWithRetailer[],
  timestamp: number,
  lowest: ReadonlySet<number> = new Set(),
  sign?: RedirectSigner,
): OfferView[] {
  return priceProduct(rows).listed.map(({ offer, group, section, isBestPrice }) =>
    offerView(offer, timestamp, { lowestIn90Days: lowest.has(offer.id), group, section, isBestPrice }, sign),
  );
}

/**
 * The signature of a redirect target (`/api/redirect`'s `sig`), for the links the API shows that its allow-list does
 * not hold: the offers read from pages shoppers pasted (anyone can paste a link).
 */
export type RedirectSigner = (to: string) => string;

/** The tracked outbound link of an offer; signed when the offer was read from a page and a signer is given. */
function redirectLinkOf(offer: OfferWithRetailer, timestamp: number, sign: RedirectSigner | undefined): string {
  const link = buildRedirectLink(offer.url, { source: 'product_suggestion', timestamp });
  return offer.origin === 'page' && sign ? `${link}&sig=${encodeURIComponent(sign(offer.url))}` : link;
}

/** How an offer is shown: its figures, the tracked outbound link, and where pricing lists it (`listedOfferViews`). */
export function offerView(
  offer: OfferWithRetailer,
  timestamp: number,
  listing: { lowestIn90Days: boolean; group: PriceGroup; section: OfferSection; isBestPrice: boolean },
  sign?: RedirectSigner,
): OfferView {
  return {
    id: offer.id,
    productId: offer.productId,
    retailer: { id: offer.retailerId, name: offer.retailerName },
    title: offer.title,
    brand: offer.brand,
    model: offer.model,
    gtin: offer.gtin,
    price: offer.priceCents / 100,
    priceCents: offer.priceCents,
    shippingCents: offer.shippingCents,
    totalCents: totalCents(offer),
    currency: offer.currency,
    availability: offer.availability,
    condition: offer.condition,
    imageUrl: offerImagePath(offer.id, offer.imageUrl),
    url: offer.url,
    redirectUrl: redirectLinkOf(offer, timestamp, sign),
    businessDomain: offer.businessDomain,
    isShopify: isShopifyDomain(offer.businessDomain) || (offer.businessDomain !== null && offer.shopifyStore === 1),
    lowestIn90Days: listing.lowestIn90Days,
    isBundle: listing.group === 'bundle',
    section: listing.section,
    isBestPrice: listing.isBestPrice,
  };
}

export function productSummary(product: ProductRow): ProductSummary {
  return {
    id: product.id,
    title: product.title,
    brand: product.brand,
    model: product.model,
    gtin: product.gtin,
    category: product.category,
    categorySlug: product.categorySlug,
    imageUrl: productImagePath(product.id, product.imageUrl),
    offerCount: product.offerCount,
    bestPriceCents: product.bestPriceCents,
    bestPriceCondition: product.bestPriceCondition,
    bestPriceShippingKnown: product.bestShippingKnown === null || product.bestShippingKnown === undefined ? null : Boolean(product.bestShippingKnown),
    currency: product.currency,
  };
}

/** How a deal is shown: the product, the retailer of its best price, and the drop from its typical price. */
export function dealView(row: DealRow): Deal {
  const priceCents = row.bestPriceCents ?? 0;
  return {
    product: productSummary(row),
    retailer: { id: row.retailerId, name: row.retailerName },
    priceCents,
    typicalCents: row.typicalCents,
    dropCents: row.typicalCents - priceCents,
    dropPercent: Math.round(row.dropBasisPoints / 10) / 10,
    currency: row.currency ?? '',
    historySince: row.historySince,
  };
}

/** A product's specifications table (`productSpecs`) from its row and the offers shoppers see. */
export function productSpecsView(product: ProductRow, offers: readonly OfferWithRetailer[]): Spec[] {
  return productSpecs(
    { brand: product.brand, model: product.model, gtin: product.gtin, category: product.category },
    offers.map((offer) => ({ title: offer.title, model: offer.model, condition: offer.condition, retailerId: offer.retailerId })),
  );
}
