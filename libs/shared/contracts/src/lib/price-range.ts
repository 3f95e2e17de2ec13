import type { SearchPriceRange } from './search';

/** What a product's price is read from beside a price typed with search words. */
interface Priced {
  bestPriceCents: number | null;
  currency: string | null;
}

/**
 * How far a product's best price lies outside a price typed with search words, in cents: 0 within it, more the
 * further below its lower bound or above its upper one; null for an unknown price, or one in another currency than
 * the typed one. The search's list (those within) and what stands in when none is (those nearest it) read it, and so
 * does the shopper site's heading of the latter.
 */
export function priceOutside(range: SearchPriceRange, product: Priced): number | null {
  const price = product.bestPriceCents;
  if (price === null) return null;
  if (range.currency !== null && product.currency !== null && product.currency !== range.currency) return null;
  return Math.max(0, (range.minCents ?? price) - price, price - (range.maxCents ?? price));
}

/** Whether a product's best price is within a price typed (`priceOutside` is 0); an unknown price is not. */
export const pricedWithin = (range: SearchPriceRange, product: Priced): boolean => priceOutside(range, product) === 0;
