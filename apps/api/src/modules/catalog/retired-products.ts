import type { ProductReads, ProductRow } from '@pricehunt/catalog-core';
import { RetryLaterError } from '@pricehunt/http-errors';

/** A product whose offers a re-clustering under way has yet to place: the 503's message and its Retry-After. */
export const PRODUCT_BEING_PLACED = 'This product is being regrouped with its offers: try again in a few seconds';
export const PLACING_RETRY_AFTER_SECONDS = 5;

/**
 * The product with this id, or the one a retired id (merged, re-clustered) leads to; null when none. Throws a 503 with
 * Retry-After while a re-clustering under way has yet to place any of the retired product's offers.
 */
export async function productOrSuccessor(products: Pick<ProductReads, 'getProduct' | 'successorOf'>, id: number): Promise<ProductRow | null> {
  const product = await products.getProduct(id);
  if (product) return product;
  const successor = await products.successorOf(id);
  if (successor === 'placing') throw new RetryLaterError(PRODUCT_BEING_PLACED, PLACING_RETRY_AFTER_SECONDS, 503);
  return successor !== null ? products.getProduct(successor) : null;
}
