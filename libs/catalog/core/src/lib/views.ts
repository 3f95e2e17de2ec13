import { type Deal, type OfferView, type ProductSummary, offerImagePath, productImagePath } from '@pricehunt/contracts';
import { isShopifyDomain } from '@pricehunt/marketplace';
import { buildRedirectLink } from '@pricehunt/tracking';
import type { DealRow, OfferWithRetailer, ProductRow } from './ports';

/** Total a shopper pays: price plus shipping (unknown shipping counts as free). */
export const totalCents = (offer: { priceCents: number; shippingCents: number | null }) => offer.priceCents + (offer.shippingCents ?? 0);

/** Words past a "with", "w/" or "+" that name something sold with the product rather than a feature of it. */
const EXTRA_NOUNS =
  'case|bag|backpack|cable|charger|card|battery|batteries|controller|mount|kit|plan|warranty|sleeve|mouse|keyboard|stylus|pen|cover|protector|strap|band|dock|bowl|attachment|shield|ink|paper|game|games|receiver|pad|heatsink|arm|soundbar|subscription|headset|headphones|tripod|lens|microsoft 365|office|applecare\\+?';
const WITH_EXTRA_RE = new RegExp(`(?:^|\\s)(?:with|w/|\\+)\\s+(?:[^\\s,;()]+\\s+){0,3}?(${EXTRA_NOUNS})(?![a-z])`, 'g');
const PACK_RE = /(?<![a-z0-9])(\d+)\s*-?\s*(?:pack|pk)(?![a-z])/g;
const BUNDLE_WORD_RE = /(?<![a-z])(bundle|combo)(?![a-z])/g;

/** What a title says is sold together ("bundle", "2-pack", "with:case"), lower-case. */
export function bundleMarks(title: string): Set<string> {
  const text = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const marks = new Set<string>();
  for (const match of text.matchAll(BUNDLE_WORD_RE)) marks.add(match[1] as string);
  for (const match of text.matchAll(PACK_RE)) if (Number(match[1]) > 1) marks.add(`pack:${Number(match[1])}`);
  for (const match of text.matchAll(WITH_EXTRA_RE)) marks.add(`with:${match[1]}`);
  return marks;
}

/**
 * The offer sells its product with something more: its title says so ("Bundle", "Combo", "2-Pack", "with Carrying
 * Case") where the product's own title does not ("Nintendo Switch 2 Mario Kart World Bundle" is a product of its own,
 * "AirTag 4 Pack" too).
 */
export function isBundleOffer(offerTitle: string, productTitle: string): boolean {
  const product = bundleMarks(productTitle);
  return [...bundleMarks(offerTitle)].some((mark) => !product.has(mark));
}

/**
 * How an offer is shown: its figures plus the tracked outbound link. `lowestIn90Days`: the offer is among those
 * `lowestPriceOffers` marks; `productTitle`, the title of the product it is an offer of, tells a bundle (`isBundleOffer`).
 */
export function offerView(offer: OfferWithRetailer, timestamp: number, lowestIn90Days = false, productTitle?: string): OfferView {
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
    redirectUrl: buildRedirectLink(offer.url, { source: 'product_suggestion', timestamp }),
    businessDomain: offer.businessDomain,
    isShopify: isShopifyDomain(offer.businessDomain) || (offer.businessDomain !== null && offer.shopifyStore === 1),
    lowestIn90Days,
    isBundle: productTitle !== undefined && isBundleOffer(offer.title, productTitle),
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
