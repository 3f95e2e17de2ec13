/**
 * A brand typed as it sounds: "cannon camera" for Canon, "bows speaker" for Bose, "beets headphones" for Beats. Such a
 * word is an everyday English word, which spelling leaves as typed, so the words find only what holds the others. When
 * the first typed word is one no offer carries, and the brand of some of the products the words rank sounds like it
 * (one letter away, or the same consonants), the words are searched with that brand in its place; the caller keeps the
 * answer when it holds every word, and says what was searched ("Showing results for canon camera").
 */
import { type CatalogRepository, editDistance, foldText, type RankedProduct } from '@pricehunt/catalog-core';

/** Ranked products whose brands are read: enough to hold the brand's products among the best fits. */
const RANKED_READ = 40;
/** A typed word shorter than this is never read as a brand: too many short words sound alike. */
const WORD_MIN = 4;

/** A word's consonants as they sound, a doubled one once ("cannon", "canon" → "cn"; "bows", "bose" → "bs"). */
export function consonants(word: string): string {
  return word
    .replace(/ck/g, 'k')
    .replace(/ph/g, 'f')
    .replace(/[aeiouyhw]/g, '')
    .replace(/(.)\1+/g, '$1');
}

/** Whether a typed word sounds like a brand of one word: one letter away, or its consonants the same. */
export function soundsLike(word: string, brand: string): boolean {
  if (word === brand) return false;
  return editDistance(word, brand, 1) <= 1 || (consonants(brand).length >= 2 && consonants(word) === consonants(brand));
}

/**
 * The typed words with their first word replaced by the brand it sounds like, written as the catalog writes it, or
 * null. `ranked` are the products the words as typed rank; `offerCounts` says how many offers carry each word.
 */
export async function brandTypedBySound(
  catalog: Pick<CatalogRepository, 'getProducts'>,
  offerCounts: (words: readonly string[]) => Promise<Map<string, number>>,
  text: string,
  ranked: readonly RankedProduct[],
): Promise<string | null> {
  const typed = /^\s*(\p{L}+)(?=\s|$)/u.exec(text)?.[1];
  const first = typed === undefined ? '' : foldText(typed);
  if (first.length < WORD_MIN || ranked.length === 0) return null;
  // A word listings say is meant as typed.
  if (((await offerCounts([first])).get(first) ?? 0) > 0) return null;
  const products = await catalog.getProducts(ranked.slice(0, RANKED_READ).map((entry) => entry.productId));
  const brands = new Map<string, { written: string; count: number }>();
  for (const product of products.values()) {
    const written = product.brand?.trim();
    if (!written || !/^\p{L}{3,}$/u.test(written)) continue;
    const brand = foldText(written);
    if (!soundsLike(first, brand)) continue;
    const entry = brands.get(brand);
    if (entry) entry.count++;
    else brands.set(brand, { written, count: 1 });
  }
  const best = [...brands.values()].sort((a, b) => b.count - a.count)[0];
  return best ? text.replace(/^(\s*)\p{L}+/u, `$1${best.written}`) : null;
}
