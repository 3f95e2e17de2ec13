/**
 * A kind typed by the word its category's name says, where its listings' titles do not: "phone" for the iPhones, whose
 * titles say neither "phone" nor "smartphone" but whose category is "Smartphones"; "apple phone" for them too, where the
 * titles' words alone found AirPods Max "Headphones". A category names the kind a typed word names when the last word
 * of its name is that word in either number, or a compound that ends with it ("Smartphones", "Headphones" of "phone");
 * where several do, the products the word finds alone tell which (the "Nothing Phone" is a smartphone), and a name that
 * joins several kinds ("Keyboards & Mice", "Consoles & Accessories") names none. The products of that category whose
 * listings carry the other typed words are of the kind sought.
 */
import { type CatalogRepository, type CategoryRow, indexWords, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { foundIds, type WordsAnswer } from './search-words';
import { kindWord } from './unknown-words';
import { otherNumbers } from './word-number';

/** What a kind's category is read from: the categories, the index's offers and the catalog's products. */
export interface KindCategoryReads {
  listCategories: () => Promise<CategoryRow[]>;
  index: Pick<SearchIndexRepository, 'productsCarrying'>;
  catalog: Pick<CatalogRepository, 'getProducts'>;
}

/** A category that names a kind, and the word of its name that does ("smartphones"), as the index holds it. */
export interface KindCategory {
  slug: string;
  word: string;
}

/** A compound's first part is this long at least ("smart" of "smartphones", "head" of "headphones"). */
const PART_MIN = 3;
/** The newest offers read for a kind's products: enough to hold every product of a category a search lists. */
const OFFERS_READ = 1000;
/** Words that join the kinds a category's name holds ("Keyboards & Mice", "Cameras and Lenses"). */
const JOINED_KINDS = /[&+/,]|\band\b/i;

/** How long a search service or the search box keeps the catalog's categories it reads kinds from. */
export const CATEGORIES_KEPT_MS = 60_000;

/**
 * The catalog's categories as `read` gives them, read again when those kept are older than `keptMs` (or their read
 * failed): searches and suggestions read them often, and they change with imports, not with each request.
 */
export function keptCategories(read: () => Promise<CategoryRow[]>, keptMs = CATEGORIES_KEPT_MS, now: () => number = Date.now): () => Promise<CategoryRow[]> {
  let kept: { at: number; rows: Promise<CategoryRow[]> } | null = null;
  return () => {
    const at = now();
    if (kept === null || at - kept.at > keptMs) {
      const rows = read();
      kept = { at, rows };
      rows.catch(() => {
        if (kept?.rows === rows) kept = null;
      });
    }
    return kept.rows;
  };
}

/** The word of a category's name that names the kind `word` (its last word, the word or a compound of it in either number), or null. */
export function categoryWordNaming(name: string, word: string): string | null {
  if (JOINED_KINDS.test(name)) return null;
  const last = indexWords(name).at(-1);
  if (last === undefined) return null;
  const forms = [word, ...otherNumbers(word)];
  return forms.some((form) => last === form || (last.endsWith(form) && last.length - form.length >= PART_MIN)) ? last : null;
}

/**
 * Whether a category's name names one kind, and not the kind `word` names ("Accessories" for "laptops"); false for a
 * name that joins several kinds ("Keyboards & Mice"), which tells nothing of any one.
 */
export const categoryNamesOtherKind = (name: string, word: string): boolean => !JOINED_KINDS.test(name) && indexWords(name).length > 0 && categoryWordNaming(name, word) === null;

/**
 * The category that names the kind `word`: of those whose names name it (`categoryWordNaming`), the one most of the
 * products `evidence` (what the word finds) belong to; without such products, the one whose name says the word itself
 * in either number when it is the only one. Null when none does, or it is not clear which.
 */
export async function kindCategory(reads: Pick<KindCategoryReads, 'listCategories' | 'catalog'>, word: string, evidence: readonly number[]): Promise<KindCategory | null> {
  const naming = (await reads.listCategories()).flatMap((category) => {
    const named = categoryWordNaming(category.name, word);
    return named === null ? [] : [{ slug: category.slug, word: named }];
  });
  if (naming.length === 0) return null;
  const products = await reads.catalog.getProducts(evidence);
  const held = (slug: string) => evidence.filter((id) => products.get(id)?.categorySlug === slug).length;
  const [first, second] = naming.map((category) => ({ category, count: held(category.slug) })).sort((a, b) => b.count - a.count);
  if (first && first.count > 0) return second && second.count === first.count ? null : first.category;
  const forms = [word, ...otherNumbers(word)];
  const whole = naming.filter((category) => forms.includes(category.word));
  return naming.length === 1 && whole.length === 1 ? (whole[0] ?? null) : null;
}

/** The products of a kind's category whose listings carry every one of `words` (index words), those with the most offers first. */
export async function productsOfKind(reads: Pick<KindCategoryReads, 'index' | 'catalog'>, category: KindCategory, words: readonly string[]): Promise<number[]> {
  const carrying = await reads.index.productsCarrying(words, category.word, OFFERS_READ);
  const products = await reads.catalog.getProducts(carrying.map((entry) => entry.productId));
  return carrying
    .filter((entry) => products.get(entry.productId)?.categorySlug === category.slug)
    .sort((a, b) => b.offerCount - a.offerCount || a.productId - b.productId)
    .map((entry) => entry.productId);
}

/** The typed words, the word among them that names the kind sought (`kindOf`: `kindWord` unless given) and its place. */
export function typedKind(text: string, kindOf: (typed: readonly string[]) => string | null = kindWord): { typed: string[]; kind: string; at: number } | null {
  const typed = text.split(/\s+/).filter(Boolean);
  const kind = kindOf(typed);
  if (kind === null) return null;
  return { typed, kind, at: typed.findIndex((word) => word.toLowerCase() === kind) };
}

/** The typed words other than the kind's, as index words. */
const otherWords = ({ typed, at }: { typed: readonly string[]; at: number }) => indexWords(typed.filter((_, index) => index !== at).join(' '));

/**
 * The products of the kind typed words name by its category (`kindCategory`, read from what the kind word finds alone,
 * `findKind`, in either number) that carry the other words, most offers first: "apple phone" gives the iPhones. None
 * when the words are the kind alone, no category names it, or none of its products carries the other words.
 */
export async function productsOfTypedKind(reads: KindCategoryReads, text: string, findKind: (kind: string) => Promise<readonly number[]>): Promise<number[]> {
  const typed = typedKind(text);
  const others = typed === null ? [] : otherWords(typed);
  if (typed === null || others.length === 0) return [];
  // What the kind word finds alone, in the other number when it finds nothing as typed ("phones": the Nothing Phone).
  let evidence: readonly number[] = [];
  for (const form of [typed.kind, ...otherNumbers(typed.kind)]) if (evidence.length === 0) evidence = await findKind(form);
  const category = await kindCategory(reads, typed.kind, evidence);
  return category === null ? [] : productsOfKind(reads, category, others);
}

/** Words that found little, answered by the products of the kind they name (`productsOfTypedKind`), listed; null when there are none. */
export async function kindCategoryAnswer(reads: KindCategoryReads, text: string, findKind: (kind: string) => Promise<readonly number[]>, answer: WordsAnswer): Promise<WordsAnswer | null> {
  const ids = await productsOfTypedKind(reads, text, findKind);
  return ids.length === 0 ? null : { ...answer, productId: null, confidence: 0, matchIds: ids, complete: true, ofKind: true };
}

/**
 * Products listed for words that hold the kind word, with the products of the kind's category that carry the other
 * words after them (the category read from those listed): "phone" lists the Nothing Phone, the other smartphones whose
 * titles say "Smartphone", then the iPhones. Null when no category names the kind, or it adds nothing.
 */
export async function withKindCategory(reads: KindCategoryReads, text: string, answer: WordsAnswer): Promise<WordsAnswer | null> {
  if (answer.productId !== null || answer.matchIds.length === 0 || !answer.complete) return null;
  const typed = typedKind(text);
  if (typed === null) return null;
  const category = await kindCategory(reads, typed.kind, foundIds(answer));
  if (category === null) return null;
  const listed = new Set(answer.matchIds);
  const more = (await productsOfKind(reads, category, otherWords(typed))).filter((id) => !listed.has(id));
  return more.length === 0 ? null : { ...answer, matchIds: [...answer.matchIds, ...more] };
}
