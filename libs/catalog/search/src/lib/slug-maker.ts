/**
 * A link read by its URL's words alone ("some unknown blender" of `/p/some-unknown-blender/-/A-12345678`) whose words
 * name no maker of the product they fit best, and which the pair matcher doubts is that product (it shares a kind
 * word, and the ranking's share of words held carries it over the threshold), names a kind of thing, not one of its
 * products: it is answered as those words typed would be (several products listed where several fit). Words of a
 * well-known name without its maker ("iphone 15", "playstation 5 console slim") the pair matcher is sure of stay
 * answered by the link's ranking.
 */
import { type CatalogRepository, indexWords, matchThreshold, type RankedProduct } from '@pricehunt/catalog-core';
import { normaliseBrand } from '@pricehunt/catalog-matching';

/** Words read together as one brand's name ("hewlett packard", "ultimate ears"), at most. */
const BRAND_WORDS = 3;

/**
 * True when `words` hold the brand of product `productId` under any of its names (`normaliseBrand`: "hewlett packard"
 * or "hp" for "Hewlett-Packard", "kitchen aid" for KitchenAid), as whole words, or the product has none to hold.
 */
export async function namesTheMaker(catalog: Pick<CatalogRepository, 'getProducts'>, words: string, productId: number): Promise<boolean> {
  const brand = normaliseBrand((await catalog.getProducts([productId])).get(productId)?.brand);
  if (!brand) return true;
  const said = indexWords(words);
  return said.some((_, at) => Array.from({ length: BRAND_WORDS }, (_, length) => said.slice(at, at + length + 1)).some((run) => run.length > 0 && normaliseBrand(run.join(' ')) === brand));
}

/** True when a link's `words` name a kind of thing rather than `best`, the product the ranking put first (see above). */
export async function namesAKind(catalog: Pick<CatalogRepository, 'getProducts'>, words: string, best: RankedProduct): Promise<boolean> {
  return best.words !== undefined && best.words.matcher < matchThreshold() && !(await namesTheMaker(catalog, words, best.productId));
}
