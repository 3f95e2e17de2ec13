import type { IdentifiedBy, ProductSummary, SearchOffer } from '@pricehunt/contracts';

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
