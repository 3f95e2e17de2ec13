/** Which of a page's weaker candidates are shown as similar products. */
import { extractColours, extractLineNumbers, normaliseBrand, tokenizeTitle } from '@pricehunt/catalog-matching';
import { lettersAndDigits } from './held-words';

/**
 * The words of a name that say what an item is: three letters or more, or two characters or more with a digit
 * ("jacket", "puff", "1000xm5", "45"). A lone figure ("1/2\"", "2-in-1") names no kind of item, nor does a colour's
 * name: a black shoe and black headphones, "Space Hippie" and a speaker in "Space Gray", are not alike.
 */
function nameWords(title: string): Set<string> {
  const colourWords = new Set(extractColours(title).flatMap((colour) => colour.split(' ')));
  return new Set(tokenizeTitle(title).filter((word) => (word.length >= 3 || (word.length >= 2 && /\d/.test(word))) && !colourWords.has(word)));
}

/** A word of letters and digits this long is a model code, found in a name however it is written. */
const CODE_CHARACTERS = 4;

/**
 * Whether a product has something of the item a link names (read from its page, or the catalog's listing of it) or of
 * the product typed words name: a word of its name, or its maker. A candidate the ranking of a page scored near nothing
 * (a games console for a jacket, when the catalog holds no clothes) is no similar product, nor is one that shares no
 * more than a colour typed with the words. With nothing sought (typed words that name no product) every product passes:
 * the products their search ranks hold their words.
 */
export function sharesSomething(sought: { title: string | null; brand?: string | null } | null, product: { title: string; brand: string | null }): boolean {
  if (!sought?.title) return true;
  const brand = normaliseBrand(sought.brand);
  if (brand && brand === normaliseBrand(product.brand)) return true;
  const words = nameWords(sought.title);
  if ([...nameWords(product.title)].some((word) => words.has(word))) return true;
  // A model code the product's name writes with separators ("pt18" of "PT-18R").
  const run = lettersAndDigits(product.title);
  return [...words].some((word) => word.length >= CODE_CHARACTERS && /\d/.test(word) && /\p{L}/u.test(word) && run.includes(word));
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
