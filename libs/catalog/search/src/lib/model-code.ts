import { indexWords, modelKeysOf, type CatalogRepository } from '@pricehunt/catalog-core';
import { normaliseBrand } from '@pricehunt/catalog-matching';
import { MATCH_LIMIT, MODEL_CODE_SUFFIX } from './search-words';

/** Typed words read together as one brand ("hewlett packard"), at most. */
const BRAND_WORDS = 3;

/**
 * True when every typed word besides a model number is in the product's name or brand, a brand counting under any of
 * its names ("hewlett packard" or "hp" for a product of "Hewlett-Packard"; `normaliseBrand`).
 */
export function namedBy(rest: readonly string[], product: { title: string; brand: string | null }): boolean {
  const named = new Set(indexWords(`${product.title} ${product.brand ?? ''}`));
  const brands = new Set<string>();
  for (const text of [product.brand, ...indexWords(product.title).slice(0, BRAND_WORDS)]) {
    const brand = normaliseBrand(text);
    if (brand) brands.add(brand);
  }
  for (let at = 0; at < rest.length; ) {
    const word = rest[at] ?? '';
    if (named.has(word)) {
      at++;
      continue;
    }
    let length = Math.min(BRAND_WORDS, rest.length - at);
    while (length > 0 && !brands.has(normaliseBrand(rest.slice(at, at + length).join(' ')) ?? '')) length--;
    if (length === 0) return false;
    at += length;
  }
  return true;
}

/** Typed model numbers as the catalog keys its offers by them (`offers.model_key`). */
export function createModelCodeLookup(catalog: Pick<CatalogRepository, 'productsByModelCode' | 'getProducts'>) {
  /**
   * Products a typed model number names: those with an offer that states it, whole or with a short colour or region
   * code left off; only when the other typed words are all in the product's name or brand (`namedBy`: "samsung
   * sms129b", not "battery for sms129b"). Several products of one number (its colours) are all named.
   */
  async function productsByModelCode(query: string): Promise<number[]> {
    const words = indexWords(query);
    for (const key of modelKeysOf({ title: query })) {
      if (key.length < 5) continue;
      const ids = await catalog.productsByModelCode(key, { suffix: MODEL_CODE_SUFFIX, limit: MATCH_LIMIT });
      if (ids.length === 0) continue;
      const rest = words.filter((word) => !key.includes(word.toUpperCase()));
      const products = await catalog.getProducts(ids);
      return ids.filter((id) => {
        const product = products.get(id);
        return product !== undefined && namedBy(rest, product);
      });
    }
    return [];
  }

  return { productsByModelCode };
}
