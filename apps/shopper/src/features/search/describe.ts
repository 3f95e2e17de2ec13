import type { IdentifiedBy, SearchOffer } from '@pricehunt/contracts';

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
