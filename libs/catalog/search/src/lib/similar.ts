/** Which of a page's weaker candidates are shown as similar products. */
import { extractColours, extractLineNumbers, extractQuantities, type ItemIdentity, normaliseBrand, readsAsAccessory, tokenizeTitle, VARIANT_EDITIONS, withoutWhatComesWith } from '@pricehunt/catalog-matching';
import { type CatalogRepository, indexWords, isCommonWord, type ProductMatcher, type RankedProduct, type SearchIndexRepository, textWords } from '@pricehunt/catalog-core';
import { lettersAndDigits } from './held-words';
import { firstCards } from './line-order';
import { everydayKind, listingKind } from './unknown-words';
import { otherNumbers } from './word-number';
import { MATCH_LIMIT, SIMILAR_LIMIT } from './search-words';

/** What similar products are read from. */
export interface SimilarReads {
  catalog: Pick<CatalogRepository, 'getProducts'>;
  matcher: Pick<ProductMatcher, 'relatedAsync'>;
  /** Read for a line whose names glue its word to their number (`relatedToWords`). */
  index?: Pick<SearchIndexRepository, 'productsCarrying'>;
}

/**
 * The words of a name that say what an item is: three letters or more, or two characters or more with a digit
 * ("jacket", "puff", "1000xm5", "45"). A lone figure ("1/2\"", "2-in-1") names no kind of item, nor does a colour's
 * name: a black shoe and black headphones, "Space Hippie" and a speaker in "Space Gray", are not alike.
 */
function nameWords(title: string): Set<string> {
  const colourWords = new Set(extractColours(title).flatMap((colour) => colour.split(' ')));
  return new Set(tokenizeTitle(title).filter((word) => (word.length >= 3 || (word.length >= 2 && /\d/.test(word))) && !colourWords.has(word)));
}

/**
 * A word that is a figure or a size and nothing else ("11", "65", "16gb", "44mm"): a number shared by things of every
 * kind (an 11-inch tablet and a Pixel typed with 11, a 16 GB Kindle and a MacBook typed with 16gb). Four digits or more
 * are a model's number ("4090").
 */
const figureAlone = (word: string) => /^\d{1,3}$/.test(word) || (/^\d/.test(word) && extractQuantities(word).length > 0);

/**
 * Whether a word of a name is the kind its product's category names ("headphones" of "Electronics > Headphones",
 * "monitor" of "Monitors"), in either number; true for a product of no category, of which nothing more is known.
 */
function namesKind(word: string, category: string | null | undefined): boolean {
  if (!category) return true;
  const kinds = new Set(tokenizeTitle(category));
  return [word, ...otherNumbers(word)].some((form) => kinds.has(form));
}

/** A word of letters and digits this long is a model code, found in a name however it is written. */
const CODE_CHARACTERS = 4;

/**
 * Whether a product has something of the item a link names (read from its page, or the catalog's listing of it) or of
 * the product typed words name: a word of its name, or its maker. A candidate the ranking of a page scored near nothing
 * (a games console for a jacket, when the catalog holds no clothes) is no similar product, nor is one that shares no
 * more than a colour typed with the words. With nothing sought (typed words that name no product) every product passes:
 * the products their search ranks hold their words. A `listing` (a page's title, of many words) shares one word of a
 * product's name by chance ("KÄRCHER Hochdruckreiniger »K 3 Full Control«" and a "Full HD Monitor"): one word counts
 * only when it is the kind the product's category names ("Nano Puff Jacket" and a jacket of "Jackets"); two count.
 */
export function sharesSomething(
  sought: { title: string | null; brand?: string | null } | null,
  product: { title: string; brand: string | null; category?: string | null },
  listing = false,
): boolean {
  if (!sought?.title) return true;
  const brand = normaliseBrand(sought.brand);
  const maker = normaliseBrand(product.brand);
  if (brand && brand === maker) return true;
  // Typed words that name the product's maker, however short its name ("lg c2": LG's TVs).
  if (!listing && maker && ` ${normaliseBrand(sought.title)} `.includes(` ${maker} `)) return true;
  const words = nameWords(sought.title);
  // A figure or size shared counts only where the words sought are nothing more.
  const telling = [...words].some((word) => !figureAlone(word));
  const shared = [...nameWords(product.title)].filter((word) => words.has(word) && (!telling || !figureAlone(word)));
  if (shared.length > 0 && (!listing || shared.length > 1 || namesKind(shared[0] as string, product.category))) return true;
  // A kind of two letters that the product's category names ("roku tv": the TVs of "TVs").
  if (product.category && tokenizeTitle(sought.title).some((word) => /^\p{L}{2}$/u.test(word) && namesKind(word, product.category))) return true;
  // A model code the product's name writes with separators ("pt18" of "PT-18R").
  const run = lettersAndDigits(product.title);
  return [...words].some((word) => word.length >= CODE_CHARACTERS && /\d/.test(word) && /\p{L}/u.test(word) && !figureAlone(word) && run.includes(word));
}

/** The lines a title numbers ("galaxy s23" → s, "iphone 14" → iphone), read from its words as the matcher reads them. */
function linesNamed(title: string): Set<string> {
  return new Set(extractLineNumbers(tokenizeTitle(title)).keys());
}

/**
 * Products as ranked, those of a line the typed words number first ("galaxy s23" where the catalog sells no S23: the
 * Galaxy S24 and S25 before the Galaxy Watch the word "galaxy" finds as readily); the ranking as it is when the words
 * number no line.
 */
export function sameLineFirst(typed: string, products: ReadonlyArray<{ id: number; title: string }>): number[] {
  const lines = linesNamed(typed);
  if (lines.size === 0) return products.map((product) => product.id);
  const ofLine = (title: string) => [...linesNamed(title)].some((line) => lines.has(line));
  return [...products.filter((product) => ofLine(product.title)), ...products.filter((product) => !ofLine(product.title))].map((product) => product.id);
}

/**
 * Products as ranked, those whose names hold the words typed in a row first ("ipad pro" of "ipad pro 12.9": the iPad
 * Pro before an "iPad mini A17 Pro", which the ranking puts first for its rarer words); as ranked for one word.
 */
export function phraseFirst<T extends { title: string }>(words: readonly string[], products: readonly T[]): T[] {
  const phrase = ` ${textWords(words.join(' ')).join(' ')} `;
  if (phrase.trim().split(' ').length < 2) return [...products];
  const holds = (product: T) => ` ${textWords(product.title).join(' ')} `.includes(phrase);
  return [...products.filter(holds), ...products.filter((product) => !holds(product))];
}

/** How many times SIMILAR_LIMIT products the name's words find, for those of the line typed to come first from. */
const LINE_POOL = 4;

/** Offers (newest first) read for the products whose names glue the line's word to a number. */
const GLUED_OFFERS = 200;

/**
 * Products that share the sought item's words (`typed`: words typed, not a link's). Typed words that mix a name and a
 * number the catalog has no product of ("iphone 14" where it sells the iPhone 15 and 16) find first what the name's
 * words alone share, then what all of them share: the number alone is shared by things of every kind (14-inch laptops,
 * a 14-cup coffeemaker). A number with its unit is a size, and counts with the name ("32gb ram": the laptops with 32 GB
 * of RAM before those with 8).
 */
export async function relatedToWords(search: SimilarReads, typed: boolean, sought: ItemIdentity): Promise<number[]> {
  const named = typed ? sought.title.split(/\s+/).filter((word) => word !== '' && (!/\d/.test(word) || extractQuantities(word).length > 0)) : [];
  const numbered = named.length > 0 && named.length < sought.title.split(/\s+/).filter(Boolean).length;
  const byName = numbered ? await search.matcher.relatedAsync({ title: named.join(' ') }, SIMILAR_LIMIT * LINE_POOL) : [];
  // An edition's word is rarer than its line's ("mini" of "iphone 13 mini"): the name's ranking finds other lines of the
  // edition first (a HomePod mini, an iPad mini), so the line's name is read without the editions too.
  const plain = named.filter((word) => !VARIANT_EDITIONS.has(word.toLowerCase()));
  const byLine = numbered && plain.length > 0 && plain.length < named.length ? await search.matcher.relatedAsync({ title: plain.join(' ') }, SIMILAR_LIMIT * LINE_POOL) : [];
  // A line whose names glue its word to the number ("Galaxy Watch7") holds no word "watch": the name's ranking finds
  // its models late if at all, so the products whose offers hold the name, its last word as a prefix, are read too.
  const words = indexWords(named.join(' '));
  const last = words.at(-1);
  const glued = numbered && search.index && last !== undefined ? await search.index.productsCarrying(words.slice(0, -1), last, GLUED_OFFERS) : [];
  // Of what the name finds, the products of the line the words number come first, its models nearest the number typed
  // first ("galaxy watch 9": the Galaxy Watch7; `nearestInLineFirst`).
  const pool = [...new Set([...byName, ...byLine, ...glued.map((found) => found.productId)])];
  const titled = await search.catalog.getProducts(pool);
  const lineFirst = sameLineFirst(sought.title, phraseFirst(named, pool.flatMap((id) => titled.get(id) ?? []))).flatMap((id) => titled.get(id) ?? []);
  const ofName = firstCards(nearestInLineFirst(sought.title, lineFirst), SIMILAR_LIMIT).map((product) => product.id);
  return [...ofName, ...(await search.matcher.relatedAsync(sought, SIMILAR_LIMIT))];
}

/**
 * Candidates for "More products" beside a list of products: the words' ranking and the products like the first one
 * listed, those of a kind listed first ("samsung qn90" lists Neo QLED TVs: Samsung's other TVs before its SSDs and
 * watches, which the word "samsung" ranks as readily).
 */
export async function likeTheListed(search: SimilarReads, listedIds: readonly number[], ranked: readonly RankedProduct[]): Promise<number[]> {
  const listed = await search.catalog.getProducts(listedIds.slice(0, MATCH_LIMIT));
  const first = listed.get(listedIds[0] ?? -1);
  const like = first ? await search.matcher.relatedAsync({ title: first.title, brand: first.brand }, SIMILAR_LIMIT * 2) : [];
  const ids = [...new Set([...ranked.map((entry) => entry.productId), ...like])];
  const others = await search.catalog.getProducts(ids.filter((id) => !listed.has(id)));
  const kinds = new Set([...listed.values()].flatMap((product) => (product.category === null ? [] : [product.category])));
  const ofKind = (id: number) => kinds.has((listed.get(id) ?? others.get(id))?.category ?? '');
  return [...ids.filter(ofKind), ...ids.filter((id) => !ofKind(id))];
}

/**
 * Products as ranked, those whose names hold the model typed with a size first: the same model in another size is
 * closer than another model in the size typed ("macbook air m3 16gb": the 8GB MacBook Air M3s before a 16GB MacBook
 * Pro; "galaxy watch 7 44mm": the 40mm Galaxy Watch7 before a 44mm Apple Watch). The model is the words typed but the
 * sizes, held by a name in the order typed ("galaxy watch 7" by "Galaxy Watch7") or each as one of its words. The
 * ranking as it is when no size is typed, or nothing but sizes.
 */
export function theModelTypedFirst<T extends { title: string }>(typed: string, products: readonly T[]): T[] {
  const words = indexWords(typed);
  const model = words.filter((word) => extractQuantities(word).length === 0);
  if (model.length === words.length || model.length === 0) return [...products];
  const joined = model.join('');
  const holdsModel = (title: string) => {
    const own = new Set(indexWords(title));
    return lettersAndDigits(title).includes(joined) || model.every((word) => own.has(word));
  };
  return [...products.filter((product) => holdsModel(product.title)), ...products.filter((product) => !holdsModel(product.title))];
}

/**
 * Products as ranked, those whose names say they are the kind of thing typed first, where words that find nothing end
 * with a kind of letters ("samsung soundbar", where the catalog sells no Samsung soundbar: the Bose and Sonos
 * soundbars before the Samsung TVs whose bundles come "with Soundbar"). A name says it when a word of it before what
 * it comes with is the kind, or ends with it ("Smartphone" for "phone"), in the singular or plural. Where the kind is
 * an everyday word, left out are the products of another kind that share no name typed (a word no everyday one,
 * "roku", or their maker), only an everyday word: "roku streaming stick" shows no "Cordless Stick Vacuum", "yoga mat"
 * no Lenovo Yoga laptop, "running shoes" no running watch. A product is of another kind when neither the last word of
 * its name (`listingKind`) nor its category names the kind; one of no category is not known to be. A thing for
 * something ("switch case", `readsAsAccessory`) shares any word of what it is for: the Nintendo Switch, which the
 * catalog sells no case for. The ranking as it is when the words hold a figure: those name a model ("galaxy watch 9"),
 * whose line the ranking puts first.
 */
export function theKindTyped<T extends { title: string; brand?: string | null; category?: string | null }>(typed: string, products: readonly T[]): T[] {
  const words = indexWords(typed);
  const kind = (words.at(-1) ?? '').replace(/s$/, '');
  if (words.length < 2 || kind.length < 3 || words.some((word) => /\d/.test(word))) return [...products];
  const isKind = (title: string) => indexWords(withoutWhatComesWith(title)).some((word) => word.replace(/s$/, '').endsWith(kind));
  const kindFirst = (listed: readonly T[]) => [...listed.filter((product) => isKind(product.title)), ...listed.filter((product) => !isKind(product.title))];
  // Only an everyday word typed last is known to be a kind of thing ("usb" of "rode nt usb" is not).
  if (indexWords(everydayKind(typed) ?? '')[0]?.replace(/s$/, '') !== kind) return kindFirst(products);
  // A thing for something ("switch case") shares any word of what it is for: the Nintendo Switch.
  const forSomething = readsAsAccessory(typed);
  const names = new Set(words.slice(0, -1).filter((word) => forSomething || (!isCommonWord(word) && !isCommonWord(word.replace(/s$/, '')))));
  const maker = (product: T) => indexWords(product.brand ?? '');
  const sharesName = (product: T) => indexWords(product.title).some((word) => names.has(word)) || (maker(product).length > 0 && maker(product).every((word) => words.includes(word)));
  const ofKindTyped = (product: T) => (listingKind(withoutWhatComesWith(product.title)) ?? '').replace(/s$/, '').endsWith(kind) || namesKind(kind, product.category) || sharesName(product);
  return kindFirst(products.filter(ofKindTyped));
}

/**
 * Products in turn by maker: each maker's first, in the order given, then each one's second, and so on, so that a few
 * shown hold many makers ("huawei phone", where the catalog sells no Huawei: a Nothing Phone, an iPhone, a Galaxy, a
 * Pixel before a second iPhone).
 */
export async function makersInTurn(catalog: Pick<CatalogRepository, 'getProducts'>, ids: readonly number[]): Promise<number[]> {
  const products = await catalog.getProducts(ids);
  const seen = new Map<string, number>();
  const turns = ids.map((id, at) => {
    const maker = products.get(id)?.brand?.toLowerCase() ?? `#${id}`;
    const turn = seen.get(maker) ?? 0;
    seen.set(maker, turn + 1);
    return { id, turn, at };
  });
  return turns.sort((a, b) => a.turn - b.turn || a.at - b.at).map((entry) => entry.id);
}

/** A typed model's number within its line, with the letters the line writes before it: "11" of "pixel 11", "s30" of "galaxy s30". */
const LINE_NUMBER = /^(\p{L}{0,2})(\d{1,3})$/u;

/**
 * How far a name's model is from the one typed in its line (`line`, the word before it; `letters`, those before its
 * number): the difference of their numbers, and half more where letters follow the name's number, or an edition's
 * word that the words typed (`typed`) lack (an edition: "Pixel 8a", "iPhone 16e", "iPhone 15 Plus"); null when the
 * name holds no model of that line, after the line's word or glued to it ("Watch7").
 */
function modelDistance(title: string, line: string, letters: string, number: number, typed: readonly string[]): number | null {
  const own = indexWords(title);
  const model = new RegExp(`^${letters}(\\d{1,3})(\\p{L}*)$`, 'u');
  for (const [at, word] of own.entries()) {
    const glued = word !== line && word.startsWith(line);
    const next = word === line ? own[at + 1] : glued ? word.slice(line.length) : undefined;
    const read = next === undefined ? null : model.exec(next);
    const after = own[at + (glued ? 1 : 2)] ?? '';
    if (read) return Math.abs(Number(read[1]) - number) + (read[2] || (VARIANT_EDITIONS.has(after) && !typed.includes(after)) ? 0.5 : 0);
  }
  return null;
}

/**
 * Products as ranked, those of the line typed nearest the model typed first, nearest first, where the words name a
 * model the catalog does not sell by its line's word and a number ("pixel 11": the Pixel 9s before the 8a; "iphone 17":
 * the iPhone 16s, then the 16e). A product is of the line when its name holds every other word of letters typed:
 * "airpods pro 3" puts the AirPods Pro 2 first, not a charging pad's "Pro 3-in-1"; after those, the line's products
 * that lack an edition's word typed ("iphone 13 mini": the iPhone 15s). The ranking as it is when the words type no
 * such model.
 */
export function nearestInLineFirst<T extends { title: string }>(typed: string, products: readonly T[]): T[] {
  const words = indexWords(typed);
  const at = words.findIndex((word, index) => index > 0 && LINE_NUMBER.test(word) && /^\p{L}{3,}$/u.test(words[index - 1] ?? ''));
  const [, letters = '', digits = ''] = LINE_NUMBER.exec(words[at] ?? '') ?? [];
  if (at < 0) return [...products];
  const line = words[at - 1] ?? '';
  // The line's word is read by `modelDistance`, glued to its number too ("HERO13"); the kind typed after the model is
  // what is sought for it, not of its line ("iphone 15 case": the iPhone 15s first); an edition's word is of it ("pro").
  const kind = at < words.length - 1 ? everydayKind(typed) : null;
  const forIt = kind !== null && !VARIANT_EDITIONS.has(kind) ? kind : null;
  const named = words.filter((word, index) => index !== at - 1 && /^\p{L}+$/u.test(word) && !(index > at && word === forIt));
  const ofLine = (title: string, wanted: readonly string[]) => {
    const own = new Set(indexWords(title));
    return wanted.every((word) => own.has(word)) ? modelDistance(title, line, letters, Number(digits), words) : null;
  };
  const nearest = (among: readonly T[], wanted: readonly string[]) => {
    const distances = new Map(among.map((product) => [product, ofLine(product.title, wanted)]));
    const inLine = among.filter((product) => distances.get(product) !== null);
    return { inLine: [...inLine].sort((a, b) => (distances.get(a) ?? 0) - (distances.get(b) ?? 0)), rest: among.filter((product) => distances.get(product) === null) };
  };
  // Those of the editions typed first, then the line's others: "iphone 13 mini", where no iPhone is a mini, puts the
  // iPhone 15 before a HomePod mini.
  const withEditions = nearest(products, named);
  const withoutEditions = nearest(withEditions.rest, named.filter((word) => !VARIANT_EDITIONS.has(word)));
  return [...withEditions.inLine, ...withoutEditions.inLine, ...withoutEditions.rest];
}
