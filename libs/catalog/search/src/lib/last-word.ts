/**
 * A last word cut short where the shopper stopped typing and pressed enter ("logitech mx mast", "dyson vac", "bose
 * quiet", "samsung gal"): the word it begins in the names of the products the other typed words find. The catalog-wide
 * completion of spelling (`SpellingCorrector.correct`) leaves an everyday word as typed ("mast", "mix") and a word of
 * three letters too; beside the other words, the names tell which word it begins.
 */
import { type CatalogRepository, foldText, indexWords, isCommonWord, type SearchIndexRepository } from '@pricehunt/catalog-core';

/** What the other words are looked up in: the index for the products they find, the catalog for their names. */
export interface LastWordReads {
  index: Pick<SearchIndexRepository, 'productsCarrying'>;
  catalog: Pick<CatalogRepository, 'getProducts'>;
}

/** Offers (newest first) read for the products the other words find. */
const OFFERS_READ = 200;
/** A word of letters only. */
const LETTERS = /^\p{L}+$/u;
/** A last word shorter than this begins too many words to complete. */
const LAST_WORD_MIN = 3;

/**
 * The typed words with the last completed to the longer word of letters beginning with it that the most names of the products
 * the other words find hold (the shorter, then the first in the alphabet, of those held alike); null when the last word
 * is no word of letters of `LAST_WORD_MIN` or more, the other words are all everyday ones, a name holds the last word
 * itself, or none holds a word it begins.
 */
export async function lastWordInContext(reads: LastWordReads, text: string): Promise<string | null> {
  const words = indexWords(text);
  const last = words.at(-1);
  const others = words.slice(0, -1);
  if (last === undefined || last.length < LAST_WORD_MIN || !LETTERS.test(last) || others.every((word) => isCommonWord(word))) return null;
  const found = await reads.index.productsCarrying(others, last, OFFERS_READ);
  const names = await reads.catalog.getProducts([...new Set(found.map((entry) => entry.productId))]);
  const held = new Map<string, number>();
  for (const product of names.values()) {
    const name = new Set(indexWords(product.title));
    if (name.has(last)) return null;
    // A word of letters only: "smarttag2" is "smarttag" with its generation, which the search reads as typed.
    for (const word of name) if (word.length > last.length && word.startsWith(last) && LETTERS.test(word)) held.set(word, (held.get(word) ?? 0) + 1);
  }
  const [best] = [...held].sort(([a, heldA], [b, heldB]) => heldB - heldA || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  if (best === undefined) return null;
  const lastToken = [...text.matchAll(/[\p{L}\p{N}]+/gu)].at(-1);
  if (!lastToken || foldText(lastToken[0]) !== last) return null;
  const at = lastToken.index ?? 0;
  return `${text.slice(0, at)}${best[0]}${text.slice(at + lastToken[0].length)}`;
}
