/**
 * The kind of thing typed words seek, held by a product's listings only where they say what its item is for or comes
 * with: "Sony WH-1000XM5 Headphones with Mic for Phone Calls" is no phone ("sony phone"), a "Monitor with HDMI Cable
 * Bundle" no cable ("hdmi cable"), "AirPods Pro 2 … with MagSafe Charging Case" no case. The kind is the word
 * `headWord` reads (the last typed before "for" or "with"); a listing's own kind is written outside what follows its
 * "for", "with" or "w/" up to a comma or bracket. Such a product neither is the answer nor is listed; it may be shown
 * among similar products.
 */
import { type CatalogRepository, foldText, isCommonWord } from '@pricehunt/catalog-core';
import { headWord } from './unknown-words';

/** Listings of a product read for where they write the kind. */
const LISTINGS_READ = 8;
/** A kind word this long or longer is held by a listing word it begins ("headphone" of "Headphones"). */
const STEM_LETTERS = 4;
/**
 * What a listing says its item is for or comes with: from "for", "with" or "w/" to the next comma, semicolon or bracket
 * ("… Case with Sport Band, Fitness Tracker" is a fitness tracker again after the comma).
 */
const PURPOSE = /(?:^|\s)(?:for|with|w\/|incl(?:uding|udes)?)\s[^,;()[\]]*/g;

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const holds = (words: readonly string[], kind: string) => words.some((word) => word === kind || (kind.length >= STEM_LETTERS && word.startsWith(kind)));

/**
 * Those of the products whose listings hold the kind word of the typed words only after "for", "with" or "w/" (none
 * when the kind is no everyday word of letters: a model number or a name is matched as the ranking says).
 */
export async function kindOnlyAsPurpose(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>, words: string, productIds: readonly number[]): Promise<Set<number>> {
  const kind = headWord(words.split(/\s+/).filter(Boolean));
  if (productIds.length === 0 || kind === undefined || !/^\p{L}{3,}$/u.test(kind) || !isCommonWord(kind)) return new Set();
  const folded = foldText(kind);
  const refs = await catalog.offerRefsOfProducts(productIds, LISTINGS_READ);
  const items = await catalog.offerItems([...refs.values()].flatMap((list) => list.map((ref) => ref.id)));
  const only = new Set<number>();
  for (const productId of productIds) {
    const titles = (refs.get(productId) ?? []).flatMap((ref) => {
      const title = items.get(ref.id)?.title;
      return title === undefined ? [] : [foldText(title)];
    });
    const inKind = titles.some((title) => holds(wordsOf(title.replace(PURPOSE, ' ')), folded));
    if (!inKind && titles.some((title) => holds(wordsOf(title), folded))) only.add(productId);
  }
  return only;
}
