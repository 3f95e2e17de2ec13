/**
 * A link read by its URL's words alone ("some unknown blender" of `/p/some-unknown-blender/-/A-12345678`) whose words
 * name no maker of the product they fit best, and which the pair matcher doubts is that product (it shares a kind
 * word, and the ranking's share of words held carries it over the threshold), names a kind of thing, not one of its
 * products: it is answered as those words typed would be (several products listed where several fit). Words of a
 * well-known name without its maker ("iphone 15", "playstation 5 console slim") the pair matcher is sure of stay
 * answered by the link's ranking.
 */
import { type CatalogRepository, matchThreshold, type RankedProduct } from '@pricehunt/catalog-core';

/** Letters and digits alone, lower case: "Hewlett-Packard" and "hewlett packard" are one spelling. */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** True when `words` hold the brand of product `productId`, or the product has none to hold. */
export async function namesTheMaker(catalog: Pick<CatalogRepository, 'getProducts'>, words: string, productId: number): Promise<boolean> {
  const brand = compact((await catalog.getProducts([productId])).get(productId)?.brand ?? '');
  return brand === '' || compact(words).includes(brand);
}

/** True when a link's `words` name a kind of thing rather than `best`, the product the ranking put first (see above). */
export async function namesAKind(catalog: Pick<CatalogRepository, 'getProducts'>, words: string, best: RankedProduct): Promise<boolean> {
  return best.words !== undefined && best.words.matcher < matchThreshold() && !(await namesTheMaker(catalog, words, best.productId));
}
