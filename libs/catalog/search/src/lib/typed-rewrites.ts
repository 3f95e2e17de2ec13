/**
 * The ways typed words that find little are searched again, in order (`lookForTypedWords` in `service.ts`): a name
 * glued to its number cut apart, a name shoppers write otherwise, the other number, a generation written the other way
 * or without its Mark, an edition glued to a number as its letters, a camera kit as its listings write it, a name typed
 * as its initials, a kind typed in another language, a name's letter glued to it written apart, the words spelled
 * otherwise, a brand typed by its sound.
 */
import { type CatalogRepository, isCommonWord, type SearchIndexRepository, type SpellingCorrector, TWO_EDITS_FROM } from '@pricehunt/catalog-core';
import { generationSpelling, generationWithoutMark, generationWordOtherWay } from './generations';
import { editionsWrittenOut } from './edition-letters';
import { englishKinds } from './foreign-kinds';
import { initialismsWrittenOut } from './initialisms';
import { kitAsLens } from './lens-kit';
import { inListingsNumber } from './word-number';
import { spelledWords } from './short-words';
import { letterApartSpellings, nameNumberCut } from './compound-words';
import type { TypedAliases } from './typed-aliases';
import { brandTypedBySound } from './sounded-brand';
import { findsClearlyMore, findsNothing, type WordsAnswer } from './search-words';

/**
 * A way typed words are searched again: `better`, whether what it finds is kept; `same`, the answer is for the words
 * as typed (no `correctedQuery`); `always`, tried whatever the words find (a name holding a word searches read as
 * nothing: "in ear headphones", whose "ear headphones" on-ear ones hold); `lendsCandidates`, what it finds may stand as
 * similar products; `spells`, the words written otherwise (spelled, a generation as listings write it), which when
 * not kept may still hold a compound typed apart or glued ("airpods pro 2nd generation usbc").
 */
export interface Rewrite {
  rewrite: (text: string) => Promise<string | null>;
  /** Whether what the rewritten words find is kept, given the words typed and as rewritten. */
  better: (found: WordsAnswer, typed: string, rewritten: string) => boolean;
  lendsCandidates: boolean;
  same?: boolean;
  always?: boolean;
  spells?: boolean;
}

/** What the rewrites read: the catalog's products, its index's word counts, the names written otherwise, spelling. */
export interface RewriteReads {
  catalog: Pick<CatalogRepository, 'getProducts'>;
  index?: Pick<SearchIndexRepository, 'offerCounts' | 'productsCarrying'>;
  aliases?: Pick<TypedAliases, 'rewrite' | 'rewriteUnread'>;
  spelling?: Pick<SpellingCorrector, 'correct'>;
}

/** An answer whose products hold every word searched. */
const holdsAll = (found: WordsAnswer) => found.complete && !findsNothing(found);

/**
 * Whether words spelled otherwise find more than the answer kept so far: clearly more to the matcher
 * (`findsClearlyMore`), or, where that answer is nothing at all, products that hold every word corrected. "galxy buds 3"
 * finds nothing; "galaxy buds 3" finds the Galaxy Buds3 by its model number, though the matcher barely ranks them.
 */
const spelledBetter = (found: WordsAnswer, current: WordsAnswer, typed: string, spelled: string) =>
  findsClearlyMore(found, current) || (findsNothing(current) && holdsAll(found)) || (!findsNothing(found) && spelledLongWordsOnly(typed, spelled));

/**
 * True when spelling changed only long words (`TWO_EDITS_FROM` letters or more, those spelling may correct by two
 * edits), none of them an everyday word: a word that long which no listing says, a letter or two from one they do, is
 * that word mistyped ("blacbkerry", "supesrpeed"), where a short one may be another word meant as typed ("kink" is no
 * "pink"). The words spelled then find what was meant, even when the typed words' other words find products as sure
 * of themselves ("zierra case for blacbkerry targus": the Zierra for BlackBerry, not the Zierra case for iPad).
 */
function spelledLongWordsOnly(typed: string, spelled: string): boolean {
  const [before, after] = [typed, spelled].map((text) => text.split(/\s+/).filter(Boolean));
  if (!before || !after || before.length !== after.length) return false;
  const changed = before.filter((word, at) => word.toLowerCase() !== after[at]?.toLowerCase());
  return changed.length > 0 && changed.every((word) => word.length >= TWO_EDITS_FROM && /^\p{L}+$/u.test(word) && !isCommonWord(word));
}

/** The titles of the products an answer ranks best, best first. */
async function rankedTitles(catalog: Pick<CatalogRepository, 'getProducts'>, answer: WordsAnswer, limit: number): Promise<string[]> {
  const ids = answer.ranked.slice(0, limit).map((entry) => entry.productId);
  const products = await catalog.getProducts(ids);
  return ids.flatMap((id) => products.get(id)?.title ?? []);
}

/** The ways typed words are searched again, in order; `current` is the answer kept so far. */
export function typedWordsRewrites(reads: RewriteReads, current: () => WordsAnswer): Rewrite[] {
  const { aliases, spelling, index, catalog } = reads;
  const offerCounts = index ? (words: readonly string[]) => index.offerCounts(words) : undefined;
  const withAliases = async (text: string | null) => (text === null ? null : ((await aliases?.rewrite(text)) ?? text));
  return [
    ...(aliases ? [{ rewrite: (text: string) => aliases.rewriteUnread(text), better: holdsAll, lendsCandidates: false, always: true }] : []),
    // Words typed in the other number than listings write them ("laptops", "tvs" of "Laptop", "Smart TV"). Kept too
    // where, so written, the words are all read and nothing holds them, while as typed they list what lacks one: the
    // Samsung products that are no soundbar, for "samsung soundbars".
    ...(offerCounts ? [{ rewrite: (text: string) => inListingsNumber(text, offerCounts), better: (found: WordsAnswer) => holdsAll(found) || (found.complete && findsNothing(found) && !current().complete), lendsCandidates: false, same: true }] : []),
    // A name glued to its number ("iphone15", "playstation4") cut apart, as listings write it (`nameNumberCut`): kept
    // too where the words as typed find nothing at all, a model the catalog does not sell, so that its line's other
    // models are shown as for the words typed apart.
    ...(offerCounts ? [{ rewrite: (text: string) => nameNumberCut(text, offerCounts), better: (found: WordsAnswer) => holdsAll(found) || (found.ranked.length > 0 && current().ranked.length === 0), lendsCandidates: false }] : []),
    ...(aliases ? [{ rewrite: (text: string) => aliases.rewrite(text), better: holdsAll, lendsCandidates: true }] : []),
    // "5th generation" as listings write it, "5th Gen": the same words (`generationWordOtherWay`).
    { rewrite: async (text: string) => generationWordOtherWay(text), better: holdsAll, lendsCandidates: false, same: true, spells: true },
    { rewrite: async (text: string) => generationSpelling(text), better: holdsAll, lendsCandidates: false, spells: true },
    // A Mark as listings that leave out the word write it ("a7m4", "sony a7 mark iv": the Alpha 7 IV).
    { rewrite: async (text: string) => withAliases(generationWithoutMark(text)), better: holdsAll, lendsCandidates: false },
    // An edition glued to a model's number as its first letters ("s24u": `edition-letters.ts`), tried whatever the
    // words find (a model number typed with letters after it finds the S24s without them).
    { rewrite: async (text: string) => withAliases(editionsWrittenOut(text)), better: holdsAll, lendsCandidates: false, always: true },
    // A camera "kit": the body with a lens (`lens-kit.ts`), with the names written otherwise too ("a6400": Alpha 6400);
    // tried whatever the words find ("alpha 6400 kit" ranks the Alpha 6400s well, none holding "kit"), kept where
    // what it finds holds every word: a "wall mount kit" holds no lens.
    { rewrite: async (text: string) => withAliases(kitAsLens(text)), better: holdsAll, lendsCandidates: false, always: true },
    // A name typed as its initials ("anc": `initialisms.ts`), spelled out by the titles the words rank best.
    ...(offerCounts ? [{ rewrite: (text: string) => initialismsWrittenOut({ offerCounts, rankedTitles: (limit: number) => rankedTitles(catalog, current(), limit) }, text), better: holdsAll, lendsCandidates: false }] : []),
    // A kind typed in another language ("kopfhörer sony": `foreign-kinds.ts`).
    { rewrite: async (text: string) => englishKinds(text), better: holdsAll, lendsCandidates: false },
    // A name's letter, or short word, glued to it ("xbox seriesx", "samsungtv"), kept where what it finds holds every
    // word, before spelling drops the letters.
    ...(offerCounts ? [{ rewrite: async (text: string) => (await letterApartSpellings(text, offerCounts))[0] ?? null, better: holdsAll, lendsCandidates: false }] : []),
    ...(spelling ? [{ rewrite: (text: string) => spelledWords(spelling, index ? { index, catalog, aliases } : null, text), better: (found: WordsAnswer, typed: string, spelled: string) => spelledBetter(found, current(), typed, spelled), lendsCandidates: false, spells: true }] : []),
    ...(offerCounts ? [{ rewrite: (text: string) => brandTypedBySound(catalog, offerCounts, text, current().ranked), better: holdsAll, lendsCandidates: false }] : []),
  ];
}
