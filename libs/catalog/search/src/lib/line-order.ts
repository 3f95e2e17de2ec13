/**
 * The variants of one line listed together, smallest first. Typed words that name a line ("iphone 16 pro") fit each of
 * its variants alike, and the ranking orders them by how their shops' listings happen to be written: 1TB, 512GB,
 * 128GB, 1TB again. A product's line is its name outside the brackets that close it, where its variant is written
 * ("Apple iPhone 16 Pro (1TB, Natural Titanium)"), its model code read without the size it repeats (`lineWords`). The
 * line's variants follow the first of them the ranking lists, by their first quantity (storage, size), then by their
 * brackets' words. Words that name a variant ("iphone 16 pro 256gb", "… black") leave the ranking as it is: it lists
 * that variant first.
 */
import { extractQuantities, foldText } from '@pricehunt/catalog-matching';
import { type BrowseQuery, type CatalogRepository, indexWords, type ProductListings, productSummary, type SearchIndexRepository } from '@pricehunt/catalog-core';
import type { LineVariant, ProductLine } from '@pricehunt/contracts';

/** A name closed by its variant in brackets: the line before them, the variant inside. */
const CLOSING_BRACKETS = /^(.*\S)\s*\(([^()]+)\)\s*$/;

interface Placed<T> {
  product: T;
  line: string | null;
  variant: string;
  /** The line's words that every variant's name holds: those of its model code that hold a size are left out. */
  shared: string[];
}

/**
 * A line's words without the variant's figures that its model code repeats: a TV's code holds its size
 * ("QN65S90C" of the 65" one, "QN77S90C" of the 77"), so its sizes are one line ("qns90c").
 */
function lineWords(name: string, variant: string): string {
  const figures = variant.match(/\d+/g) ?? [];
  return indexWords(name)
    .map((word) => (/\p{L}/u.test(word) ? figures.reduce((code, figure) => code.replace(new RegExp(`(?<!\\d)${figure}(?!\\d)`), ''), word) : word))
    .join(' ');
}

/**
 * Words as one line's versions are written whatever the shop's spelling: a consonant doubled before an ending is said
 * once, as American English writes it ("Noise Cancelling" and "Noise Canceling", "modelling" and "modeling").
 */
const spelledAlike = (words: string) => words.replace(/([b-df-hj-np-tv-z])\1(?=(?:ing|ed|er)\b)/g, '$1');

/** A watch's case size in its name ("41mm", "45 mm"): one of the line's sizes, as a TV's inches are. */
const CASE_SIZE = /(?<![\d.,/-])(\d{2})\s?mm\b(?![\d/-])/i;

/**
 * A name closed by its variant in brackets, as the line's versions write it: a watch's case size in the name goes to
 * the front of the variant ("Apple Watch Series 9 GPS Aluminum Case with Sport Band" in "45mm, Midnight"); null for
 * a name that does not close with brackets.
 */
function nameAndVariant(title: string): { name: string; variant: string } | null {
  const m = CLOSING_BRACKETS.exec(title);
  if (!m) return null;
  const [name, variant] = [(m[1] as string).trim(), (m[2] as string).trim()];
  const size = /watch/i.test(name) && !CASE_SIZE.test(variant) ? CASE_SIZE.exec(name) : null;
  if (!size) return { name, variant };
  const without = `${name.slice(0, size.index)} ${name.slice(size.index + size[0].length)}`.replace(/\s+/g, ' ').trim();
  return { name: without, variant: `${size[1]}mm, ${variant}` };
}

function placed<T extends { title: string }>(product: T): Placed<T> {
  const written = nameAndVariant(product.title);
  if (!written) return { product, line: null, variant: '', shared: [] };
  const variant = foldText(written.variant).toLowerCase();
  const words = lineWords(written.name, variant);
  const named = new Set(indexWords(written.name));
  return { product, line: inAnyOrder(spelledAlike(words)), variant, shared: indexWords(words).filter((word) => named.has(word)) };
}

/**
 * A line's words whatever their order: shops write one line's versions in other orders ("… ILCE-7CM2 Full-Frame
 * Mirrorless Camera, Body Only (Silver)" and "… ILCE-7CM2 Body Only Full-Frame Mirrorless Camera (Black)").
 */
const inAnyOrder = (words: string) => words.split(' ').sort().join(' ');

/**
 * A model code that holds the variant's size: a screen maker's letters, the size, then the line's own code
 * ("QN65S90C", "KD-55X85K"), or the size first ("55UR9000PUA", "75Q651F").
 */
const SIZED_CODE = /^(?:([A-Za-z]{1,5}-?)(\d{2,3})|(\d{2,3}))([A-Za-z][A-Za-z0-9-]*)$/;

/**
 * A line's name as every version's is written: a model code that holds the version's size keeps the code of the line
 * after it ("Samsung OLED 4K S90C Smart TV" of "… QN65S90C …", "KD-55X85K" is "X85K", "OLED55C4PUA" is "OLED C4PUA"),
 * none where the name says the line's code already ("LG UHD UR9000 55UR9000PUA …", "Sony X80K KD55X80K …").
 */
function lineName(name: string, variant: string): string {
  const figures = new Set(variant.match(/\d+/g) ?? []);
  const words = name.split(' ');
  const said = words.map((word) => word.toLowerCase());
  const codes = said.filter((word) => /\p{L}/u.test(word) && /\d/.test(word));
  return words
    .map((word) => {
      const m = SIZED_CODE.exec(word);
      const [prefix, size, code] = [m?.[1] ?? '', m?.[2] ?? m?.[3] ?? '', m?.[4] ?? ''];
      if (!m || !figures.has(size) || !/\d/.test(code)) return word;
      // A prefix of a word's length is a word ("OLED"), kept unless the name says it already; a shorter one is the
      // maker's letters ("QN", "KD-").
      const line = codes.some((said) => code.toLowerCase().startsWith(said)) ? '' : code;
      return /^[A-Za-z]{4,}$/.test(prefix) && !said.includes(prefix.toLowerCase()) ? `${prefix} ${line}`.trim() : line;
    })
    .filter((word) => word !== '')
    .join(' ');
}

/** The line `title` names a version of (`ProductLine`), or null for a name that closes with no variant in brackets. */
export function lineOf(title: string): ProductLine | null {
  const entry = placed({ title });
  const written = nameAndVariant(title);
  if (entry.line === null || !written) return null;
  return { key: entry.line, name: lineName(written.name, written.variant), variant: written.variant };
}

/**
 * `products` each with its line (`lineOf`) when the list answers typed words (`typed`), so that a list can show a
 * line's versions as one; as they are for a pasted link's.
 */
export function withLines<T extends { title: string }>(products: readonly T[], typed: boolean): Array<T & { line?: ProductLine | null }> {
  return typed ? products.map((product) => ({ ...product, line: lineOf(product.title) })) : [...products];
}

/** How many versions of a line a list of lines carries at most, on average per card. */
const VERSIONS_PER_CARD = 8;

/**
 * The first of `products` that make `cards` entries of a list that shows each line's versions as one (`lineOf`): the
 * eight sizes and colours of the Pixel 9 are one card, and do not leave room for two products only. Versions of a
 * line already taken that come later join it; at most `cards` times eight products in all.
 */
export function firstCards<T extends { title: string }>(products: readonly T[], cards: number): T[] {
  const taken = new Set<string | T>();
  const out: T[] = [];
  for (const product of products) {
    if (out.length >= cards * VERSIONS_PER_CARD) break;
    const key = placed(product).line ?? product;
    if (!taken.has(key) && taken.size >= cards) continue;
    taken.add(key);
    out.push(product);
  }
  return out;
}

/** Smallest first by the variant's first quantity (none last), then by its words. */
function byVariant<T>(a: Placed<T>, b: Placed<T>): number {
  const size = (entry: Placed<T>) => extractQuantities(entry.variant)[0]?.value ?? Number.POSITIVE_INFINITY;
  const bySize = size(a) - size(b);
  if (bySize !== 0 && !Number.isNaN(bySize)) return bySize;
  return a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0;
}

/**
 * The words of a search that lists lines in order (`linesTogether`): the words typed, with their correction; null for a
 * pasted link's answer, and for typed words that ask for the cheapest first.
 */
export function typedLineWords(body: { url?: string; query?: string }, found: { cheapestFirst: boolean; correctedQuery: string | null }): string | null {
  return body.url === undefined && !found.cheapestFirst ? `${body.query ?? ''} ${found.correctedQuery ?? ''}` : null;
}

/**
 * `products` as ranked, each line's variants together where its first is, in size order (`typed`: the words typed;
 * null keeps the ranking's order).
 */
export function linesTogether<T extends { title: string }>(products: readonly T[], typed: string | null): T[] {
  if (typed === null) return [...products];
  const entries = products.map(placed);
  const typedWords = new Set(indexWords(typed));
  const namesVariant = entries.some((entry) => entry.line !== null && indexWords(entry.variant).some((word) => typedWords.has(word)));
  if (namesVariant) return [...products];
  const lines = new Map<string, Placed<T>[]>();
  for (const entry of entries) if (entry.line !== null) lines.set(entry.line, [...(lines.get(entry.line) ?? []), entry]);
  const out: T[] = [];
  const done = new Set<string>();
  for (const entry of entries) {
    if (entry.line === null) out.push(entry.product);
    else if (!done.has(entry.line)) {
      done.add(entry.line);
      out.push(...(lines.get(entry.line) ?? []).sort(byVariant).map((member) => member.product));
    }
  }
  return out;
}

/** Offers read for the products of a line: the newest that carry every word its variants share. */
const LINE_OFFERS = 400;

/** What `lineVariants` reads: the offers that carry a line's words, and their products. */
export interface LineReads {
  index: Pick<SearchIndexRepository, 'productsCarrying'>;
  catalog: Pick<CatalogRepository, 'getProducts'>;
}

/**
 * The products of `product`'s line, it among them, smallest first, each with its variant as its name writes it
 * ("128GB, Black Titanium"), for a product page to offer the line's other sizes and colours; none for a product whose
 * name gives no variant, or whose line has no other product shoppers see.
 */
export async function lineVariants(reads: LineReads, product: { id: number; title: string }): Promise<LineVariant[]> {
  const own = placed(product);
  // A word shops spell two ways ("cancelling") is not asked of every version's offers.
  const words = own.shared.filter((word) => spelledAlike(word) === word);
  const last = words.at(-1);
  if (own.line === null || last === undefined) return [];
  const carrying = await reads.index.productsCarrying(words.slice(0, -1), last, LINE_OFFERS);
  const products = await reads.catalog.getProducts([...new Set([product.id, ...carrying.map((found) => found.productId)])]);
  const line = [...products.values()].map(placed).filter((entry) => entry.line === own.line && entry.product.offerCount > 0);
  if (line.length < 2 || !line.some((entry) => entry.product.id === product.id)) return [];
  return line.sort(byVariant).map((entry) => ({ product: productSummary(entry.product), variant: nameAndVariant(entry.product.title)?.variant ?? '' }));
}

/** Most products whose lines one browse reads before its page: a larger catalog's are read over its next browses. */
const LINES_PER_BROWSE = 2_000;

/**
 * Reads the line (`lineOf`) of the products `query` browses whose line was read from another title, or never, and
 * keeps it, so that the browse lists a line's versions as one entry.
 */
export async function readBrowsedLines(listings: Pick<ProductListings, 'unreadLines' | 'setLines'>, query: BrowseQuery): Promise<number> {
  return (await readLinesOf(listings, query, LINES_PER_BROWSE)).length;
}

/** Reads the lines of up to `limit` of the products `query` browses whose line is unread, by id after `afterId`; answers those products. */
async function readLinesOf(listings: Pick<ProductListings, 'unreadLines' | 'setLines'>, query: BrowseQuery, limit: number, afterId = 0): Promise<Array<{ id: number }>> {
  const unread = await listings.unreadLines(query, limit, afterId);
  if (unread.length > 0) await listings.setLines(unread.map(({ id, title }) => ({ id, title, lineKey: lineOf(title)?.key ?? null })));
  return unread;
}

/** Every product shoppers see, as `unreadLines` reads them (a browse of no filter). */
const EVERY_PRODUCT: BrowseQuery = { sort: 'offers', page: 1, pageSize: 1 };

/** Products whose lines one batch of a whole catalog's reading reads: a few milliseconds of the event loop each. */
export const LINES_PER_BATCH = 500;

/**
 * Reads the line of every product shoppers see whose line is unread (`readBrowsedLines`), a batch at a time in the
 * order of their ids, until none is left or `stopped` says so; answers how many it read. A product renamed while its
 * batch was read keeps its line unread for the next reading. The categories' entries and a browse's counts then count
 * every line's versions as one.
 */
export async function readAllLines(listings: Pick<ProductListings, 'unreadLines' | 'setLines'>, stopped: () => boolean = () => false): Promise<number> {
  let read = 0;
  let afterId = 0;
  while (!stopped()) {
    const batch = await readLinesOf(listings, EVERY_PRODUCT, LINES_PER_BATCH, afterId);
    read += batch.length;
    const last = batch.at(-1);
    if (batch.length < LINES_PER_BATCH || last === undefined) break;
    afterId = last.id;
    // Requests go on between batches (SQLite's statements and the lines' reading hold the event loop).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return read;
}

/**
 * The catalog's lines kept read (`readAllLines`): `refresh` after an import reads the lines of products new or renamed,
 * one reading after another; `stop` ends a reading under way at its next batch, and `idle` waits for it.
 */
export function createProductLines(listings: Pick<ProductListings, 'unreadLines' | 'setLines'>) {
  let stopped = false;
  let reading: Promise<number> = Promise.resolve(0);
  return {
    /** Reads the lines unread once the reading under way ends; answers how many it read. */
    refresh(): Promise<number> {
      const next = reading.catch(() => 0).then(() => readAllLines(listings, () => stopped));
      reading = next;
      return next;
    },
    async idle(): Promise<void> {
      await reading.catch(() => undefined);
    },
    stop(): void {
      stopped = true;
    },
  };
}

export type ProductLines = ReturnType<typeof createProductLines>;

/** A browse page's products, each line's versions one after another, smallest first, each with its line (`lineOf`). */
export function browsedInLines<T extends { title: string }>(products: readonly T[]): Array<T & { line: ProductLine | null }> {
  return linesTogether(products, '').map((product) => ({ ...product, line: lineOf(product.title) }));
}
