/**
 * The kind of thing typed words seek, held by a product's listings only where they say what its item is for or comes
 * with: "Sony WH-1000XM5 Headphones with Mic for Phone Calls" is no phone ("sony phone"), a "Monitor with HDMI Cable
 * Bundle" no cable ("hdmi cable"), "AirPods Pro 2 … with MagSafe Charging Case" no case. The kind is the word
 * `headWord` reads (the last typed before "for" or "with"); a listing's own kind is written outside what follows its
 * "for", "with" or "w/" up to a comma or bracket, and outside brackets: "Laptop (16GB RAM, 1TB SSD)" is no SSD. Such a
 * product neither is the answer nor is listed; it may be shown among similar products. A product's own name, which
 * states what its shops agree on with the variant in brackets, is read first: shops write a laptop's specifications
 * unbracketed ("Legion 5 Gaming Laptop 16GB RAM 1TB SSD"), while its name "Legion 5 Gaming Laptop (16GB RAM, 1TB SSD)"
 * gives the SSD's size in its variant: a part of it, no kind of its own, unless another everyday word typed is the
 * name's own ("laptop 1tb ssd"). A word no everyday one that several products found all come with names a feature of
 * theirs, not a kind ("alexa"); typed last beside an everyday word a listing writes as its own, it names what that item
 * is for ("logitech keyboard mac").
 */
import { withoutWhatComesWith } from '@pricehunt/catalog-matching';
import { type CatalogRepository, foldText, isCommonWord } from '@pricehunt/catalog-core';
import { headWord } from './unknown-words';
import { otherNumbers } from './word-number';
import { writtenAfterMaker } from './held-words';
import { categoryNamesOtherKind } from './kind-category';

/** Products found at least that all come with a word make it a feature of theirs, not an item they come with. */
const FEATURE_PRODUCTS = 3;
/** Listings of a product read for where they write the kind. */
const LISTINGS_READ = 8;
/** A kind word this long or longer is held by a listing word it begins ("headphone" of "Headphones"). */
const STEM_LETTERS = 4;
/**
 * What a listing says its item is for: from "for" to the next comma, semicolon or bracket (what it comes with is read
 * by `withoutWhatComesWith`).
 */
const MADE_FOR = /(?:^|\s)for\s[^,;()[\]]*/g;
/** What a listing states in brackets of its item's variant: "Laptop (16GB RAM, 1TB SSD, Platinum)" is no SSD. */
const BRACKETED = /\([^()]*\)|\[[^[\]]*\]/g;

/**
 * Whether a product's name gives the size of the kind as a part of its variant, in its brackets: "(16GB RAM, 1TB SSD,
 * Luna Grey)" for "ssd" or "ram".
 */
const sizedPart = (name: string, kind: string) =>
  (name.match(BRACKETED) ?? []).some((bracket) => new RegExp(`\\d[\\d.]*\\s?\\p{L}{1,3}\\s+${kind}(?![\\p{L}\\p{N}])`, 'u').test(bracket));
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** Whether words hold a kind word, in either number ("games": a listing's "Game"), or a word it begins. */
const holds = (words: readonly string[], kind: string) =>
  [kind, ...otherNumbers(kind)].some((form) => words.some((word) => word === form || (form.length >= STEM_LETTERS && word.startsWith(form))));

/**
 * Where a title's kind word names what the item's own kind is ("4K USB-C Hub Monitor" of a monitor is no hub): right
 * before the word its category names the kind by ("Monitors"), in either number; null for a category that names the
 * kind itself, or joins several kinds ("Consoles & Accessories") and names none.
 */
function modifierPattern(kind: string, category: string | null): RegExp | null {
  const named = category && !/&|\band\b/i.test(category) ? foldText(category).split(/\s+/).pop() : undefined;
  if (!named || named === kind || otherNumbers(named).includes(kind)) return null;
  const forms = (word: string) => [word, ...otherNumbers(word)].map((form) => form.replace(/[^\p{L}\p{N}]/gu, '')).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms(kind)})\\s+(?=(?:${forms(named)})(?![\\p{L}\\p{N}]))`, 'gu');
}

/**
 * Whether an everyday kind word is no kind of a product's but a feature a few of its shops list ("Anker 737 Power Bank
 * A1289 PowerCore 24K, Charges Laptops, Fast Charging" for "laptops"): its name, which says what most of its shops say,
 * lacks the word; some but fewer than half of its listings hold it, each only after its first comma, among what it
 * lists of the item, not in what it names it; and its category names another kind ("Accessories"). A listing that
 * names the item so ("Fellowes Goriser Laptop Elevator") keeps it of the kind.
 */
function heldByFewOfOtherKind(product: { title: string; category: string | null } | undefined, titles: readonly string[], holding: number, kind: string): boolean {
  if (!product?.category || holding === 0 || holding * 2 >= titles.length || holds(wordsOf(foldText(product.title)), kind)) return false;
  const namedSo = titles.some((title) => holds(wordsOf(title.split(',')[0] ?? ''), kind));
  return !namedSo && categoryNamesOtherKind(product.category, kind);
}

/** Fewest words typed that, copied from the beginning of a listing, are read as its name (`copiedName`). */
const COPIED_WORDS = 4;

/**
 * Whether the words typed are the beginning of one of the titles, from the maker's name on, and `COPIED_WORDS` words or
 * more: a shopper who copies "Razer Pro Click Mobile Notebook" from "Razer Pro Click Mobile Notebook Mouse Pink" stops
 * anywhere, so the last word copied names no kind sought ("notebook" of a notebook mouse, "digital" of a digital camera).
 * Of a product whose maker the catalog does not know, the first word typed is a name, no everyday word ("Cisco
 * PGW2200 Includes Redundnt").
 */
function copiedName(typed: readonly string[], maker: string | null | undefined, titles: readonly string[]): boolean {
  const makerWords = wordsOf(foldText(maker ?? ''));
  const [first = ''] = typed;
  const named = makerWords.length > 0 ? makerWords.every((word, at) => typed[at] === word) : /^\p{L}{3,}$/u.test(first) && !isCommonWord(first);
  if (typed.length < COPIED_WORDS || !named) return false;
  return titles.some((title) => {
    const words = wordsOf(title);
    return typed.every((word, at) => words[at] === word);
  });
}

/**
 * Whether a title writes the kind word typed, a number typed before it and the word before that as one run, a code
 * typed in its parts: "usa 7100 wms" is the "USA-7100-WMS" of a listing, whatever the "wms" would name alone. A size
 * is no such number: "1tb ssd" is the SSD of a laptop's "1TB SSD".
 */
function codeEndingIn(typed: readonly string[], kind: string, title: string): boolean {
  const at = typed.lastIndexOf(kind);
  if (at < 2 || !/^\p{N}+$/u.test(typed[at - 1] ?? '')) return false;
  const run = typed.slice(at - 2, at + 1);
  const words = wordsOf(title);
  return words.some((_, place) => run.every((word, offset) => words[place + offset] === word));
}

/** What the kind-word reading takes from the catalog: the products' names, and their listings. */
export type KindWordReads = Pick<CatalogRepository, 'getProducts' | 'offerRefsOfProducts' | 'offerItems'>;

/**
 * Those of the products whose names, else listings, hold the kind word of the typed words only after "with", "w/" or
 * "including" (a "Smart TV with Soundbar" is no soundbar), or "for" when it is an everyday word (a name after "for" is
 * what the listing is: "for Mac"), or in brackets (unless the words typed open one themselves: "hoyle solitaire (jewel case"
 * copies the listing's own variant). None when the kind is no word of three letters or more: a model number is matched
 * as the ranking says. Nor a product one of whose listings (or its name) begins with the words typed (`copiedName`), nor
 * one whose maker the kind word names.
 */
export async function kindOnlyAsPurpose(catalog: KindWordReads, words: string, productIds: readonly number[]): Promise<Set<number>> {
  const kind = headWord(words.split(/\s+/).filter(Boolean));
  if (productIds.length === 0 || kind === undefined || !/^\p{L}{3,}$/u.test(kind)) return new Set();
  const everyday = isCommonWord(kind);
  const everydayInEitherNumber = everyday || otherNumbers(kind).some((form) => isCommonWord(form));
  const readsBrackets = !/[([]/.test(words);
  const folded = foldText(kind);
  const typed = wordsOf(foldText(words));
  const products = await catalog.getProducts(productIds);
  // One pattern per category, for the titles of every product filed under it.
  const modifiers = new Map<string | null, RegExp | null>();
  const modifierOf = (productId: number) => {
    const category = products.get(productId)?.category ?? null;
    if (!modifiers.has(category)) modifiers.set(category, modifierPattern(folded, category));
    return modifiers.get(category) ?? null;
  };
  const ownPart = (title: string, productId: number) => {
    const unbracketed = readsBrackets ? title.replace(BRACKETED, ' ') : title;
    const without = withoutWhatComesWith(unbracketed);
    const own = everyday ? without.replace(MADE_FOR, ' ') : without;
    const modifier = modifierOf(productId);
    // Right after the maker's name, the word is the item's own name, no modifier: "Apple EarPods Headphones".
    return modifier && !writtenAfterMaker(own, products.get(productId)?.brand, folded) ? own.replace(modifier, '') : own;
  };
  const ownKind = (titles: readonly string[], productId: number) =>
    titles.some((title) => holds(wordsOf(ownPart(title, productId)), folded) || codeEndingIn(typed, folded, title));
  const only = new Set<number>();
  const others = words
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldText)
    .filter((word) => word !== folded && /^\p{L}{3,}$/u.test(word) && isCommonWord(word));
  // A kind typed last that is a name, no everyday word ("logitech keyboard mac"), may be what the item is for: a listing
  // whose own kind is another everyday word typed ("Keyboard Compatible with Mac") is what the words seek. The maker's
  // name is no kind, everyday word or not: "apple … power adapter" seeks no "Apple MagSafe Charger" that one shop sells
  // "with 20W USB-C Power Adapter".
  const ownOther = (titles: readonly string[], productId: number) => {
    const maker = foldText(products.get(productId)?.brand ?? '');
    const kinds = others.filter((word) => word !== maker);
    return !everyday && titles.some((title) => kinds.some((word) => holds(wordsOf(ownPart(title, productId)), word)));
  };
  // The listings read, and the product's own name.
  const copied = (titles: readonly string[], productId: number) => {
    const product = products.get(productId);
    return copiedName(typed, product?.brand, [...titles, foldText(product?.title ?? '')]);
  };
  // The maker's name typed (last, as "ipod shuffle 4gb pink apple") names no kind of its products.
  const madeBy = (productId: number) => wordsOf(foldText(products.get(productId)?.brand ?? '')).includes(folded);
  const unnamed = productIds.filter((productId) => {
    const name = readsBrackets ? foldText(products.get(productId)?.title ?? '') : '';
    const own = wordsOf(ownPart(name, productId));
    if (!sizedPart(name, folded) || holds(own, folded) || others.some((word) => holds(own, word)) || copied([], productId) || madeBy(productId)) return true;
    only.add(productId);
    return false;
  });
  // Held only in brackets, as a part's size: the word names a part, whatever else the listings say.
  let asPart = only.size > 0;
  /** Whether some product's listings say it comes with the word in fewer than half of them: a shop's bundle. */
  let addedByFew = false;
  if (unnamed.length === 0) return only;
  const refs = await catalog.offerRefsOfProducts(unnamed, LISTINGS_READ);
  const items = await catalog.offerItems([...refs.values()].flatMap((list) => list.map((ref) => ref.id)));
  for (const productId of unnamed) {
    const titles = (refs.get(productId) ?? []).flatMap((ref) => {
      const title = items.get(ref.id)?.title;
      return title === undefined ? [] : [foldText(title)];
    });
    const holding = titles.filter((title) => holds(wordsOf(title), folded)).length;
    if (!ownKind(titles, productId) && !ownOther(titles, productId) && !copied(titles, productId) && !madeBy(productId) && holding > 0) {
      only.add(productId);
      asPart ||= !titles.some((title) => holds(wordsOf(title.replace(BRACKETED, ' ')), folded));
      addedByFew ||= holding * 2 < titles.length;
    } else if (everydayInEitherNumber && !copied(titles, productId) && heldByFewOfOtherKind(products.get(productId), titles, holding, folded)) only.add(productId);
  }
  // A word no everyday one that several products found all hold only as what they come with names no kind but a
  // feature of theirs ("alexa": each Echo is a "Smart Speaker with Alexa"): none is left out. One product that comes
  // with it comes with another item ("Pen Tablet with Photoshop Elements" for "photoshop"), and so does a product
  // that fewer than half of its listings say comes with it: a shop's bundle ("Smart TV with Wall Mount Kit" for "tv
  // wall mount"), where each Echo's listings all say "with Alexa".
  return !everyday && !asPart && !addedByFew && only.size >= FEATURE_PRODUCTS && only.size === productIds.length ? new Set() : only;
}
