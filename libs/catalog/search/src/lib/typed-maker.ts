/**
 * A maker typed with words that no product of that maker holds: "apple tv 4k" where the catalog sells Apple's iPads and
 * iPhones and other makers' 4K TVs, but no Apple TV. The other words find those makers' TVs, which lack the maker typed:
 * they are no answer, only similar products. A typed word is a maker when most products whose offers carry it have it
 * as their brand (or as their brand's first word: "elite" of Elite Screens); a product is that maker's when its brand
 * is, or its title names it, or its brand is unknown.
 */
import { type CatalogRepository, foldText, indexWords, type SearchIndexRepository } from '@pricehunt/catalog-core';

/** Products read per typed word to tell whether it is a maker's name. */
const CARRYING_READ = 20;
/**
 * The share of the products carrying a typed word that must be its maker's for the word to name the maker: "pc" is
 * carried by many makers' "PC3200" memory beside one maker's brand, "apple" mostly by Apple's products.
 */
const MAKER_SHARE = 0.5;
/** Typed words read as makers' names at most: a maker is named among the first words. */
const WORDS_READ = 4;

const LETTERS = /^\p{L}{2,}$/u;

/** A brand's words, folded and space-separated ("Hewlett-Packard" → "hewlett packard"). */
const brandWords = (brand: string | null | undefined) => indexWords(brand ?? '').join(' ');

/** Whether a brand is the maker typed: the same word, or a brand of several words beginning with it. */
const isMaker = (brand: string, maker: string) => brand === maker || brand.startsWith(`${maker} `);

export type TypedMakerReads = { catalog: Pick<CatalogRepository, 'getProducts'>; index: Pick<SearchIndexRepository, 'productsCarrying'> };

/** The typed words that name a maker of the catalog's products (`isMaker`, `MAKER_SHARE`), folded. */
export async function makersTyped(reads: TypedMakerReads, words: string): Promise<string[]> {
  const typed = [...new Set(indexWords(words))].filter((word) => LETTERS.test(word)).slice(0, WORDS_READ);
  const makers: string[] = [];
  for (const word of typed) {
    const carrying = await reads.index.productsCarrying([word], word, CARRYING_READ);
    const products = await reads.catalog.getProducts(carrying.map((entry) => entry.productId));
    const made = [...products.values()].filter((product) => isMaker(brandWords(product.brand), word)).length;
    if (made > 0 && made >= products.size * MAKER_SHARE) makers.push(word);
  }
  return makers;
}

/**
 * Of the products found (`found`), those of a maker the words name (`makersTyped`); null when the words name no maker.
 */
export async function ofTypedMakers(reads: TypedMakerReads, words: string, found: readonly number[]): Promise<number[] | null> {
  const makers = await makersTyped(reads, words);
  if (makers.length === 0) return null;
  const products = await reads.catalog.getProducts(found);
  const ofMaker = (id: number) => {
    const product = products.get(id);
    const brand = brandWords(product?.brand);
    if (!product || brand === '') return true;
    const title = ` ${indexWords(foldText(product.title)).join(' ')} `;
    return makers.some((maker) => isMaker(brand, maker) || title.includes(` ${maker} `));
  };
  return found.filter(ofMaker);
}

/**
 * The typed words without the makers they name (`makersTyped`), when what is left is words of letters: "soundbar" of
 * "lg soundbar", the kind of thing sought. Null when the words name no maker, or hold a figure (a model: "dji mavic 3").
 */
export async function withoutMakersTyped(reads: TypedMakerReads, words: string): Promise<string | null> {
  const typed = indexWords(words);
  if (typed.some((word) => /\p{N}/u.test(word))) return null;
  const makers = new Set(await makersTyped(reads, words));
  const others = typed.filter((word) => !makers.has(word));
  return makers.size > 0 && others.length > 0 ? others.join(' ') : null;
}
