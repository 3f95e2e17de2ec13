/**
 * Everyday words no listing says, left out when the words find nothing with them. A shopper describes what a thing is
 * for ("laptop for students", "tv for bedroom", "phone for seniors") in words no listing writes, and a search that must
 * hold every word then finds nothing at all. When names, generations, spelling and compound words have all been tried,
 * the words are searched again without each word that no offer carries and that is an everyday English word (or the
 * plural of one) or a year ("headphones 2024"), or follows a joining word or another word left out ("for vlogging"),
 * unless it comes before "for" (those words name the thing itself: "battery for kx-tg6512b" asks for no phone); a
 * joining word left dangling by them goes too ("tv for"); never the word that names the kind of thing sought ("usb
 * microphone" is no "usb"). The answer says what was searched ("Showing results for laptop"). Any other word stays: a
 * word with a digit is a model number typed otherwise ("sony wh1000xm9"), and a name the catalog lacks ("apple
 * earpods") is one whose neighbours the similar products show; a brand alone would list everything its maker sells.
 */
import { type CatalogRepository, foldText, indexWords, isCommonWord } from '@pricehunt/catalog-core';
import { colourNames, extractColours, VARIANT_EDITIONS, withoutWhatComesWith } from '@pricehunt/catalog-matching';
import { GENERATION_WORD, ORDINAL_WORD } from './generations';
import { holdWordStarting, listingsOf, listingWords, productsWithWordStarting, writtenAfterMaker } from './held-words';
import { otherNumbers } from './word-number';
import { withoutInches } from './model-code';
import type { Found } from './found';

const LETTERS = /^\p{L}+$/u;
/** A year typed with the words ("headphones 2024"): it says how new the thing is, not which one, unless a listing says it. */
const YEAR = /^(?:19[89]\d|20[0-4]\d)$/;
/** A word of letters shorter than this that is no everyday word is a name the catalog writes otherwise ("zf"), which compound words read. */
const UNKNOWN_MIN = 3;
/** Words that join others, or ask, and say nothing of a thing alone: left out where they end up at either end of the words. */
export const JOINING_WORDS: ReadonlySet<string> = new Set(
  ['for', 'with', 'in', 'on', 'to', 'of', 'and', 'or', 'by', 'from', 'the', 'a', 'an', 'at', 'i', 'me', 'my', 'your', 'where', 'what', 'which', 'how', 'who', 'when', 'why'],
);

/**
 * The word that names the kind of thing sought: the last of the words before "for" or "with", lower case, a colour
 * typed after it (`withoutColourAtEnd`, with a capacity typed after the colour) and a generation's words at their end aside (`GENERATION_WORD`: "kindle
 * paperwhite 12th generation" seeks a paperwhite, "5th Gen" says which of a line's items, not what kind of thing).
 */
export function headWord(typed: readonly string[]): string | undefined {
  // A size's inch after its number ("vizio 50 inch") is no kind: the size is.
  const words = withoutInches(typed.map((word) => word.toLowerCase()));
  const end = words.findIndex((word) => /^(?:for|with)$/i.test(word));
  let head = withoutColourAtEnd(withoutSizeAfterColour(end < 0 ? words : words.slice(0, end)));
  if (GENERATION_WORD.test(head.at(-1) ?? '')) head = head.slice(0, ORDINAL_WORD.test(head.at(-2) ?? '') ? -2 : -1);
  // A size or a year typed after an everyday kind ("laptop bag 15", "headphones 2024"): the kind is sought in it. After
  // a name or an edition, the number is the model's or a capacity ("iphone 16", "ipad pro 256").
  const before = head.at(-2) ?? '';
  if ((/^\d{1,3}$/.test(head.at(-1) ?? '') || YEAR.test(head.at(-1) ?? '')) && everyday(before) && !VARIANT_EDITIONS.has(before)) head = head.slice(0, -1);
  return head.at(-1)?.toLowerCase();
}

/**
 * The words without a capacity or number typed after a colour ("galaxy s24 ultra titanium gray 512"): both say which
 * one, and the colour is set aside next (`withoutColourAtEnd`).
 */
function withoutSizeAfterColour(words: readonly string[]): readonly string[] {
  const last = words.at(-1) ?? '';
  const sized = /^\d+(?:gb|tb)?$/.test(last) && words.length > 2 && extractColours(words.at(-2) ?? '').length > 0;
  return sized ? words.slice(0, -1) : words;
}

/**
 * The words without a colour typed after the thing ("ps5 controller red", "ipad a16 256 silver", "dualsense cosmic
 * red": a colour word and a maker's shade before it, `colourNames`), which says which one, not what kind of thing; a
 * colour alone stays.
 */
export function withoutColourAtEnd(words: readonly string[]): readonly string[] {
  let end = words.length;
  while (end > 1 && extractColours(words[end - 1] ?? '').length > 0) {
    end--;
    // A shade the maker names the colour by ("Cosmic Red"): one name with the colour word after it.
    const pair = words.slice(end - 1, end + 1).join(' ');
    if (end > 1 && extractColours(words[end - 1] ?? '').length === 0 && colourNames(pair).some((name) => name.includes(' '))) end--;
  }
  return words.slice(0, end);
}

/** An everyday English word, or the plural of one ("seniors", "beginners"). */
const everyday = (word: string) => isCommonWord(word) || (/s$/i.test(word) && isCommonWord(word.slice(0, -1)));

/**
 * The typed words without the everyday words no offer carries, or null when there are none, or nothing else is left.
 * `offerCounts` says how many offers carry each word (the search index's, lower case).
 */
export async function withoutUnknownWords(text: string, offerCounts: (words: readonly string[]) => Promise<Map<string, number>>): Promise<string | null> {
  const words = text.split(/\s+/).filter(Boolean);
  const lettered = [...new Set(words.map((word) => word.toLowerCase()).filter((word) => (LETTERS.test(word) || YEAR.test(word)) && !JOINING_WORDS.has(word)))];
  if (lettered.length === 0) return null;
  const counts = await offerCounts([...new Set(lettered.flatMap((word) => [word, ...otherNumbers(word)]))]);
  // A word offers carry in the other number is known ("phones" of "Nothing Phone").
  const unknown = new Set(lettered.filter((word) => [word, ...otherNumbers(word)].every((form) => (counts.get(form) ?? 0) === 0)));
  const joining = (word: string | undefined) => word !== undefined && JOINING_WORDS.has(word.toLowerCase());
  // A word after a joining word, or after a word left out, says what the thing is for ("for photography beginners");
  // the words before "for" name the thing itself ("battery for kx-tg6512b" asks for no phone).
  const purpose = words.findIndex((word) => /^for$/i.test(word));
  const kept: string[] = [];
  let describing = false;
  words.forEach((word, at) => {
    describing = at > purpose && unknown.has(word.toLowerCase()) && (everyday(word) || YEAR.test(word) || (word.length >= UNKNOWN_MIN && (describing || joining(kept[kept.length - 1]))));
    if (!describing) kept.push(word);
  });
  // Without the word that names the kind, what is left names no kind of thing ("usb microphone" is no "usb").
  if (kept.length === words.length || !kept.some((word) => word.toLowerCase() === headWord(words))) return null;
  while (joining(kept[0])) kept.shift();
  while (joining(kept[kept.length - 1])) kept.pop();
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * True when the word that names the kind of thing sought (the last of the words before "for" or "with": "plug" of
 * "smart plug", "battery" of "battery for kx-tg6512b") is an everyday word no offer carries in either number: the
 * catalog sells nothing of that kind, and products that hold the other words ("Smart TV") are no answer to them.
 */
export async function namesUnsoldKind(text: string, offerCounts: (words: readonly string[]) => Promise<Map<string, number>>): Promise<boolean> {
  const head = headWord(text.split(/\s+/).filter(Boolean));
  if (head === undefined || !LETTERS.test(head) || JOINING_WORDS.has(head) || !everyday(head)) return false;
  // In either number: "phones" names the kind "Nothing Phone" listings write.
  const forms = [head, ...otherNumbers(head)];
  const counts = await offerCounts(forms);
  return forms.every((form) => (counts.get(form) ?? 0) === 0);
}

/**
 * The word that names the kind of thing sought (`headWord`) when it is an everyday word of `UNKNOWN_MIN` letters or more,
 * else null: a name, a number or a letter ("vasdh 8 gcl 4 r 1 n") as that word is never judged by it.
 */
export function everydayKind(text: string): string | null {
  const head = kindWord(text.split(/\s+/).filter(Boolean));
  return head !== null && everyday(head) ? head : null;
}

/** The word that names the kind of thing sought (`headWord`) when it is a word of `UNKNOWN_MIN` letters or more, else null. */
export function kindWord(words: readonly string[]): string | null {
  const head = headWord(words);
  return head === undefined || head.length < UNKNOWN_MIN || !LETTERS.test(head) || JOINING_WORDS.has(head) ? null : head;
}

/**
 * Whether no listing of the products found (`productIds`) holds the word that names the kind of thing sought
 * (`everydayKind`): "iphone 15 case" lists iPhones for its "iphone 15", and where no case for one is sold the phones are
 * no answer to it, nor are laptops to "laptop bag". The kind in either number ("bags": a listing's "Bag", "mice":
 * "Mouse"), and as the beginning of a listing's word ("mag" of a model number typed loosely: "Magenta"). `inName`: in
 * the listing's name (`listingName`) only, for words kept of those typed (`withoutUnknownWords`): "ring light" searched
 * as "light" finds monitors whose listings give "Low Blue Light" after the name, none of them a light.
 */
export async function listsOtherKind(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>, words: string, productIds: readonly number[], inName = false): Promise<boolean> {
  const kind = everydayKind(words);
  if (kind === null) return false;
  const named = inName ? (title: string) => listingName(withoutWhatComesWith(title)) : withoutWhatComesWith;
  return (await productsWithWordStarting(catalog, [kind, ...otherNumbers(kind)], productIds, named)).size === 0;
}

/**
 * Whether some but not all of the products found hold the kind sought in their listings' names (`listsOtherKind`):
 * "phone with best camera" searched as "phone with camera" lists the Nothing Phone and cameras, whose "camera" no
 * listing of a phone says; the words kept are then read for such words too (`withoutUnsaidWords`).
 */
export async function mixesKinds(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>, words: string, productIds: readonly number[]): Promise<boolean> {
  const kind = everydayKind(words);
  if (kind === null || productIds.length < 2) return false;
  const holding = await productsWithWordStarting(catalog, [kind, ...otherNumbers(kind)], productIds, (title) => listingName(withoutWhatComesWith(title)));
  return holding.size > 0 && holding.size < productIds.length;
}

/**
 * A listing's title without what follows its item's name: a bracket, a comma, a dash between words, or what the thing
 * comes with, is for or is made by ("Samsung Odyssey G7 32" Gaming Monitor, Low Blue Light": the monitor's name).
 */
const listingName = (title: string): string => title.split(/\s+(?:with|w\/|for|by)\s+|[,([|]|\s[-–—]\s/i)[0] ?? '';

/**
 * The word a listing's title names its kind by: the last word of letters of its name (`listingName`: "Tilt-Head Stand
 * Mixer, Empire Red": mixer; "USB-C Hub Monitor (27")": monitor).
 */
export function listingKind(title: string): string | null {
  return foldText(listingName(title)).split(/[^\p{L}\p{N}]+/u).filter((word) => LETTERS.test(word)).at(-1) ?? null;
}

/** Words typed that are read for words no listing of their kind says: more are a listing's title, which ranking reads whole. */
export const UNSAID_WORDS_MAX = 4;

/** Makers, at least, whose listings name their items by a word for it to name a kind of thing: "tv" (Samsung's, LG's, Sony's "Smart TV"), not "iphone". */
const KIND_MAKERS = 2;

/**
 * Whether a word, no everyday one, names a kind of thing the catalog sells: among the products it finds alone
 * (`kindProducts`), those of `KIND_MAKERS` makers or more have listings that name their item by it (`listingKind`).
 * One maker's name for its line ("iphone", "galaxy") names no kind.
 */
export async function namesKind(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems' | 'getProducts'>, word: string, kindProducts: (kind: string) => Promise<number[]>): Promise<boolean> {
  const forms = [word, ...otherNumbers(word)];
  const listings = await listingsOf(catalog, await kindProducts(word));
  const naming = [...listings].filter(([, items]) => items.some((item) => forms.includes(listingKind(item.title) ?? ''))).map(([productId]) => productId);
  const products = await catalog.getProducts(naming);
  return new Set(naming.flatMap((productId) => products.get(productId)?.brand?.toLowerCase() ?? [])).size >= KIND_MAKERS;
}

/** Products whose listings write an everyday word right after their maker's name that make it the name of that maker's line. */
const LINE_PRODUCTS = 2;

/**
 * Whether an everyday word is a maker's name for its line: `LINE_PRODUCTS` or more of the products it finds alone have
 * listings that write it right after their maker's name ("Nintendo Switch"). "switch case" seeks a case for the Switch,
 * not every case; "gaming" or "mobile" follows no maker's name.
 */
async function namesLine(catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems' | 'getProducts'>, word: string, lineProducts: (word: string) => Promise<number[]>): Promise<boolean> {
  const listings = await listingsOf(catalog, await lineProducts(word));
  const products = await catalog.getProducts([...listings.keys()]);
  const naming = [...listings].filter(([productId, items]) => items.some((item) => writtenAfterMaker(item.title, products.get(productId)?.brand, word)));
  return naming.length >= LINE_PRODUCTS;
}

/**
 * The typed words without the everyday words that no listing of the kind sought says, or null when there are none:
 * "mobile phone" (printers say "Mobile Printing", no phone does), "gaming phone". The kind
 * is the word that names it (`headWord`); `kindProducts` are the products it finds alone, and a word is said by one of
 * their listings in either number or as the start of a word. A word that names another kind of thing (`namesKind`)
 * and no listing of the kind sought says is what it is for: "tv soundbar" seeks soundbars, whose listings never say
 * "TV". Other names and numbers are never left out ("iphone 15 case" names what it seeks), nor a maker's name for its
 * line that is an everyday word (`namesLine`: "switch case"), makers' names (`makers`,
 * folded, read only when a word would be left out) neither, though English words ("crucial 32gb ram" names Crucial's
 * memory, not every laptop with "32GB RAM"), and only a few words are read (`UNSAID_WORDS_MAX`).
 */
export async function withoutUnsaidWords(
  catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems' | 'getProducts'>,
  text: string,
  kindProducts: (kind: string) => Promise<number[]>,
  makers: () => Promise<readonly string[]> = async () => [],
): Promise<string | null> {
  const words = text.split(/\s+/).filter(Boolean);
  // A kind of two letters too ("gaming tv"): its products' listings must name their item by it (below).
  const head = headWord(words);
  const kind = kindWord(words) ?? (head !== undefined && /^\p{L}{2}$/u.test(head) && !JOINING_WORDS.has(head) ? head : null);
  if (words.length < 2 || words.length > UNSAID_WORDS_MAX || kind === null) return null;
  const readable = (word: string) => (YEAR.test(word) || (LETTERS.test(word) && word.length >= 2 && !JOINING_WORDS.has(word.toLowerCase()))) && word.toLowerCase() !== kind;
  if (!words.some(readable)) return null;
  const ids = await kindProducts(kind);
  if (ids.length === 0) return null;
  // Products the kind's word finds that no listing names by it are another kind: "laptop stand" is no stand mixer.
  const kinds = [kind, ...otherNumbers(kind)];
  const ofKind = (title: string) => kinds.some((form) => listingKind(title)?.endsWith(form));
  // The kind's listings are read once, for it and for every word.
  const read = [...(await listingsOf(catalog, ids)).values()];
  if (!read.some((items) => items.some((item) => ofKind(item.title)))) return null;
  const listings = read.map((items) => items.flatMap((item) => listingWords(item)));
  const said = (word: string) => listings.some((held) => holdWordStarting(held, [word, ...otherNumbers(word)]));
  const unsaid: string[] = [];
  for (const word of words.filter((typed) => readable(typed) && !said(typed.toLowerCase()))) {
    const folded = word.toLowerCase();
    if (YEAR.test(word) || (everyday(word) ? !(await namesLine(catalog, folded, kindProducts)) : await namesKind(catalog, folded, kindProducts))) unsaid.push(word);
  }
  const named = unsaid.length > 0 ? await makers() : [];
  const kept = words.filter((word) => !unsaid.includes(word) || named.includes(foldText(word)));
  while (kept.length > 0 && JOINING_WORDS.has(kept[0]?.toLowerCase() ?? '')) kept.shift();
  while (kept.length > 0 && JOINING_WORDS.has(kept[kept.length - 1]?.toLowerCase() ?? '')) kept.pop();
  return kept.length < words.length && kept.some((word) => word.toLowerCase() === kind) ? kept.join(' ') : null;
}

/**
 * Words that say a thing is one way where listings often say the other, each with its opposite: "wired" headphones
 * where every listing says "Wireless", an "external" SSD beside "Internal" ones. When such a word is left out of the
 * words searched, the products whose names say its opposite are listed after the others (`withOppositesLast`): they
 * are what the shopper said they do not want.
 */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['wired', 'wireless'],
  ['corded', 'cordless'],
  ['external', 'internal'],
  ['indoor', 'outdoor'],
];

const oppositeOf: ReadonlyMap<string, string> = new Map(OPPOSITES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/** The opposites of the words typed (`typed`) that the words searched (`searched`) leave out. */
export function oppositesLeftOut(typed: string, searched: string): string[] {
  const kept = new Set(indexWords(searched));
  return indexWords(typed).flatMap((word) => {
    const opposite = oppositeOf.get(word);
    return opposite !== undefined && !kept.has(word) ? [opposite] : [];
  });
}

/** The products in order, those whose names hold one of the `opposites` after the others; the order as it is else. */
export function oppositesLast<T extends { title: string }>(opposites: readonly string[], products: readonly T[]): T[] {
  if (opposites.length === 0) return [...products];
  const saysOpposite = (product: T) => indexWords(product.title).some((word) => opposites.includes(word));
  return [...products.filter((product) => !saysOpposite(product)), ...products.filter(saysOpposite)];
}

/** What a search found, its list with the products that say the opposite of a word typed and not searched last. */
export async function withOppositesLast(catalog: Pick<CatalogRepository, 'getProducts'>, typed: string, found: Found): Promise<Found> {
  const opposites = oppositesLeftOut(typed, found.correctedQuery ?? typed);
  if (opposites.length === 0 || found.matchIds.length < 2) return found;
  const products = await catalog.getProducts(found.matchIds);
  const listed = found.matchIds.map((id) => ({ id, title: products.get(id)?.title ?? '' }));
  return { ...found, matchIds: oppositesLast(opposites, listed).map((product) => product.id) };
}
