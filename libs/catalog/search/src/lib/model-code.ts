import { indexWords, modelKeysOf, type CatalogRepository } from '@pricehunt/catalog-core';
import { normaliseBrand } from '@pricehunt/catalog-matching';
import { MATCH_LIMIT, MODEL_CODE_SUFFIX } from './search-words';

/** Typed words read together as one brand ("hewlett packard"), at most. */
const BRAND_WORDS = 3;

/** The inch typed after a screen's size, apart or glued to it ("65 inch", "65in"). */
const INCH = /^(?:in|inch|inches)$/;
const SIZE_IN_INCHES = /^(\d{2,3})(?:in|inch|inches)$/;

/**
 * Typed words with a screen's size read as its number alone, as names and model numbers state it ('(65")',
 * QN65S90D): "65 inch" and "65in" as "65".
 */
export function withoutInches(words: readonly string[]): string[] {
  return words.flatMap((word, at) => {
    if (INCH.test(word) && /^\d{2,3}$/.test(words[at - 1] ?? '')) return [];
    return [SIZE_IN_INCHES.exec(word)?.[1] ?? word];
  });
}

/**
 * True when every typed word besides a model number is in the product's name or brand, a brand counting under any of
 * its names ("hewlett packard" or "hp" for a product of "Hewlett-Packard"; `normaliseBrand`), a size's inch counting
 * where the name states the size ("samsung 65 inch" of 'Samsung … QN65S90D Smart TV (65")').
 */
export function namedBy(rest: readonly string[], product: { title: string; brand: string | null }): boolean {
  const named = new Set(indexWords(`${product.title} ${product.brand ?? ''}`));
  const brands = new Set<string>();
  for (const text of [product.brand, ...indexWords(product.title).slice(0, BRAND_WORDS)]) {
    const brand = normaliseBrand(text);
    if (brand) brands.add(brand);
  }
  const typed = withoutInches(rest);
  for (let at = 0; at < typed.length; ) {
    const word = typed[at] ?? '';
    if (named.has(word)) {
      at++;
      continue;
    }
    let length = Math.min(BRAND_WORDS, typed.length - at);
    while (length > 0 && !brands.has(normaliseBrand(typed.slice(at, at + length).join(' ')) ?? '')) length--;
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
