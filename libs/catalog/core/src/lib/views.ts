import type { Deal, OfferView, ProductSummary } from '@pricehunt/contracts';
import { isShopifyDomain } from '@pricehunt/marketplace';
import { buildRedirectLink } from '@pricehunt/tracking';
import type { DealRow, OfferWithRetailer, ProductRow } from './ports';

/** Total a shopper pays: price plus shipping (unknown shipping counts as free). */
export const totalCents = (offer: { priceCents: number; shippingCents: number | null }) => offer.priceCents + (offer.shippingCents ?? 0);

/**
 * How an offer is shown: its figures plus the tracked outbound link. `lowestIn90Days`: the offer is among those
 * `lowestPriceOffers` marks.
 */
export function offerView(offer: OfferWithRetailer, timestamp: number, lowestIn90Days = false): OfferView {
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
    imageUrl: offer.imageUrl,
    url: offer.url,
    redirectUrl: buildRedirectLink(offer.url, { source: 'product_suggestion', timestamp }),
    businessDomain: offer.businessDomain,
    isShopify: isShopifyDomain(offer.businessDomain) || (offer.businessDomain !== null && offer.shopifyStore === 1),
    lowestIn90Days,
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
    imageUrl: product.imageUrl,
    offerCount: product.offerCount,
    bestPriceCents: product.bestPriceCents,
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
