import type { IdentifiedBy, ProductSummary, SearchOffer } from '@pricehunt/contracts';
import { formatMoney } from '../../lib/format';

export const IDENTIFIED_BY_TEXT: Record<IdentifiedBy, string> = {
  'known-offer': 'Exact listing found in our catalog',
  'page-metadata': 'Identified from the product page',
  'url-slug': 'Guessed from the words in the link',
  query: 'Matched to your search words',
};

export const AVAILABILITY_TEXT: Record<SearchOffer['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'Backorder',
  unknown: 'Availability not listed',
};

export function confidenceText(confidence: number): string {
  return `${Math.round(confidence * 100)}% match`;
}

/**
 * What a product's stored best price is, said beside it: "used" or "refurbished" when the product has no new offer
 * (its best price is then that offer's, the API tells which), nothing for a new offer's price.
 */
export function bestPriceConditionText(product: Pick<ProductSummary, 'bestPriceCondition'>): 'used' | 'refurbished' | null {
  return product.bestPriceCondition === 'used' || product.bestPriceCondition === 'refurbished' ? product.bestPriceCondition : null;
}

/**
 * A version's best price as a choice of its line says it, on a list's card and on a product's page alike: "$918.99",
 * "Used $450.00" where the product has no new offer, "… + shipping" where the offer does not state it; null without
 * a price.
 */
export function versionPriceText(product: Pick<ProductSummary, 'bestPriceCents' | 'currency' | 'bestPriceShippingKnown' | 'bestPriceCondition'>): string | null {
  if (product.bestPriceCents === null) return null;
  const condition = bestPriceConditionText(product);
  const money = `${formatMoney(product.bestPriceCents, product.currency)}${product.bestPriceShippingKnown === false ? ' + shipping' : ''}`;
  return condition ? `${condition === 'used' ? 'Used' : 'Refurbished'} ${money}` : money;
}

/** A version's price (`versionPriceText`), or why it has none: sold out, or no offer priced yet. */
export function versionPriceOrWhyNot(product: Pick<ProductSummary, 'bestPriceCents' | 'currency' | 'bestPriceShippingKnown' | 'bestPriceCondition' | 'offerCount'>): string {
  return versionPriceText(product) ?? (product.offerCount > 0 ? 'Not available now' : 'No price yet');
}

/**
 * The typed words the searched ones leave out, in the order typed, where the search only left words out ("security
 * camera" searched as "camera"); null where it spelled a word otherwise.
 */
export function leftOutWords(typed: string, searched: string): string | null {
  const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = new Set(words(searched));
  const typedWords = words(typed);
  if (![...kept].every((word) => typedWords.includes(word))) return null;
  const left = typedWords.filter((word) => !kept.has(word));
  return left.length > 0 ? left.join(' ') : null;
}
