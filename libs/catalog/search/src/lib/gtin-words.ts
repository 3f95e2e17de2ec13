/**
 * A barcode's number typed or scanned as the words (a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit, its
 * digits grouped by spaces or dashes as printed under the bars): the products whose offers state it. A shop keys an
 * item by it, so it names one product, or lists the few the catalog keeps apart under it.
 */
import type { CatalogRepository } from '@pricehunt/catalog-core';
import { normaliseGtin } from '@pricehunt/catalog-matching';
import { type Found, nothingFound } from './found';
import { shownIds } from './listed-products';
import { emptySource } from './search-words';

/** Offers read of a barcode's number: more than any product has. */
const GTIN_OFFERS_READ = 50;

/** The GTIN the words are (14 digits, as offers store it), or null when they are anything else. */
export function typedGtin(text: string): string | null {
  const trimmed = text.trim();
  return /^\d[\d\s-]*\d$/.test(trimmed) ? normaliseGtin(trimmed) : null;
}

/** The products whose offers state `gtin` that shoppers may see (`shownIds`), those of its first offers first. */
export async function productsWithGtin(catalog: Pick<CatalogRepository, 'offersWithGtin' | 'getProducts'>, gtin: string): Promise<number[]> {
  const refs = await catalog.offersWithGtin(gtin, GTIN_OFFERS_READ);
  return shownIds(catalog, [...new Set(refs.flatMap((ref) => (ref.productId === null ? [] : [ref.productId])))]);
}

/** What the barcode's number found: the one product that states it, or the list of those that do. */
export function gtinFound(words: string, productIds: readonly number[]): Found {
  const only = productIds.length === 1 ? (productIds[0] ?? null) : null;
  return { ...nothingFound(emptySource(null, null)), sought: { title: words }, productId: only, confidence: only === null ? 0 : 1, matchIds: only === null ? [...productIds] : [], complete: true };
}
