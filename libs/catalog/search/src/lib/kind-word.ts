/**
 * The kind of thing typed words seek, held by a product's listings only where they say what its item is for or comes
 * with: "Sony WH-1000XM5 Headphones with Mic for Phone Calls" is no phone ("sony phone"), a "Monitor with HDMI Cable
 * Bundle" no cable ("hdmi cable"), "AirPods Pro 2 … with MagSafe Charging Case" no case. The kind is the word
 * `headWord` reads (the last typed before "for" or "with"); a listing's own kind is written outside what follows its
 * "for", "with" or "w/" up to a comma or bracket, and outside brackets: "Laptop (16GB RAM, 1TB SSD)" is no SSD. Such a
 * product neither is the answer nor is listed; it may be shown among similar products.
 */
import { type CatalogRepository, foldText, isCommonWord } from '@pricehunt/catalog-core';
import { headWord } from './unknown-words';

/** Listings of a product read for where they write the kind. */
const LISTINGS_READ = 8;
/** A kind word this long or longer is held by a listing word it begins ("headphone" of "Headphones"). */
const STEM_LETTERS = 4;
/**
 * What a listing says its item comes with, or is for: from "with", "w/", "including" or "for" to the next comma,
 * semicolon or bracket ("… Case with Sport Band, Fitness Tracker" is a fitness tracker again after the comma).
 */
const COMES_WITH = /(?:^|\s)(?:with|w\/|incl(?:uding|udes)?)\s[^,;()[\]]*/g;
const MADE_FOR = /(?:^|\s)for\s[^,;()[\]]*/g;
/** What a listing states in brackets of its item's variant: "Laptop (16GB RAM, 1TB SSD, Platinum)" is no SSD. */
const BRACKETED = /\([^()]*\)|\[[^[\]]*\]/g;

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const holds = (words: readonly string[], kind: string) => words.some((word) => word === kind || (kind.length >= STEM_LETTERS && word.startsWith(kind)));

/**
 * Those of the products whose listings hold the kind word of the typed words only after "with", "w/" or "including"
 * (a "Smart TV with Soundbar" is no soundbar), or "for" when it is an everyday word (a name after "for" is what the
 * listing is: "for Mac"), or in brackets (unless the words typed open one themselves: "hoyle solitaire (jewel case"
 * copies the listing's own variant). None when the kind is no word of three letters or more: a model number is matched
 * as the ranking says.
 */
export async function kindOnlyAsPurpose(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>, words: string, productIds: readonly number[]): Promise<Set<number>> {
  const kind = headWord(words.split(/\s+/).filter(Boolean));
  if (productIds.length === 0 || kind === undefined || !/^\p{L}{3,}$/u.test(kind)) return new Set();
  const everyday = isCommonWord(kind);
  const readsBrackets = !/[([]/.test(words);
  const ownPart = (title: string) => {
    const unbracketed = readsBrackets ? title.replace(BRACKETED, ' ') : title;
    const without = unbracketed.replace(COMES_WITH, ' ');
    return everyday ? without.replace(MADE_FOR, ' ') : without;
  };
  const folded = foldText(kind);
  const refs = await catalog.offerRefsOfProducts(productIds, LISTINGS_READ);
  const items = await catalog.offerItems([...refs.values()].flatMap((list) => list.map((ref) => ref.id)));
  const only = new Set<number>();
  for (const productId of productIds) {
    const titles = (refs.get(productId) ?? []).flatMap((ref) => {
      const title = items.get(ref.id)?.title;
      return title === undefined ? [] : [foldText(title)];
    });
    const inKind = titles.some((title) => holds(wordsOf(ownPart(title)), folded));
    if (!inKind && titles.some((title) => holds(wordsOf(title), folded))) only.add(productId);
  }
  return only;
}
