/**
 * A kind typed with the line it is for, where the line's maker sells it under a name of its own: "ps5 controller",
 * "controller for ps5" and "playstation controller" seek Sony's DualSense, whose listings say "Wireless Controller"
 * and never "PlayStation". When the other typed words find products of one brand and one category (the line: the
 * PlayStation 5 consoles), the products of that brand and category whose own kind is the one typed
 * (`kindOnlyAsPurpose`: not a console "with DualSense Controller") are listed, and the answer says what was searched
 * ("sony controller"). A line of a category its maker sells no such kind in has none: "iphone 15 case" lists no Apple
 * Watch "Aluminum Case", a smartwatch. Nor is a kind an edition of the line ("iphone 15 pro": the Pro is an iPhone, not
 * an Apple "pro").
 */
import { indexWords } from '@pricehunt/catalog-core';
import { VARIANT_EDITIONS } from '@pricehunt/catalog-matching';
import { answerWords, type WordsDeps } from './answer-words';
import { kindOnlyAsPurpose } from './kind-word';
import { kindCategoryAnswer, type KindCategoryReads, typedKind } from './kind-category';
import { withoutInches } from './model-code';
import { findsNothing, foundIds, type WordsAnswer } from './search-words';
import { everydayKind, withoutColourAtEnd } from './unknown-words';
import { otherNumbers } from './word-number';

/** The newest offers read for the maker's products of the kind. */
const OFFERS_READ = 1000;

/** The only value every entry has, or null when they differ or one lacks it. */
function onlyValue(values: ReadonlyArray<string | null | undefined>): string | null {
  const [first] = values;
  return first && values.every((value) => value?.toLowerCase() === first.toLowerCase()) ? first : null;
}

/** The forms no other of them begins: each is read as a prefix, so "controller" reads "controllers" too. */
function shortestForms(forms: readonly string[]): string[] {
  return forms.filter((form) => !forms.some((other) => other !== form && form.startsWith(other)));
}

/** Products the line's maker sells in the line's category that are of the kind typed (`kindOnlyAsPurpose` aside), most offers first. */
async function makersOfKind(words: WordsDeps, line: { brand: string; slug: string; ids: readonly number[] }, kind: string, text: string): Promise<number[]> {
  const { index, catalog } = words;
  if (!index) return [];
  const brandWords = indexWords(line.brand);
  const carrying = (await Promise.all(shortestForms([kind, ...otherNumbers(kind)]).map((form) => index.productsCarrying(brandWords, form, OFFERS_READ)))).flat();
  const lineIds = new Set(line.ids);
  const ids = [...new Set(carrying.map((entry) => entry.productId))].filter((id) => !lineIds.has(id));
  const products = await catalog.getProducts(ids);
  const made = ids.filter((id) => products.get(id)?.categorySlug === line.slug && products.get(id)?.brand?.toLowerCase() === line.brand.toLowerCase());
  const asPurpose = await kindOnlyAsPurpose(catalog, text, made);
  const offers = new Map(carrying.map((entry) => [entry.productId, entry.offerCount]));
  return made.filter((id) => !asPurpose.has(id)).sort((a, b) => (offers.get(b) ?? 0) - (offers.get(a) ?? 0) || a - b);
}

/**
 * The products of the kind typed that the maker of the line the other words name sells in its category, and the words
 * searched ("sony controller"); null when the other words find no one brand's line of one category, or its maker sells
 * nothing of the kind there. The kind is an everyday word (`everydayKind`) other than the brand's name.
 */
export async function lineKindAnswer(words: WordsDeps, text: string): Promise<{ spelled: string; ids: number[] } | null> {
  // A size's inch is no kind ("s90d 65 inch": the 65-inch S90D, not Samsung's products that say "inch").
  const found = typedKind(withoutInches(indexWords(text)).join(' '), (typed) => everydayKind(typed.join(' ')));
  if (found === null || !words.index) return null;
  const { kind } = found;
  if (VARIANT_EDITIONS.has(kind)) return null;
  // The line: the words before the kind's ("playstation 5" of "playstation 5 controller for kids"), else those after
  // the "for" that follows it ("controller for ps5").
  const before = found.typed.slice(0, Math.max(0, found.at));
  const others = before.length > 0 || !/^for$/i.test(found.typed[found.at + 1] ?? '') ? before : found.typed.slice(found.at + 2);
  if (others.length === 0) return null;
  const line = await lineOf(words, others);
  // A brand typed last ("kd-r320 cd receiver jvc", "dvd-r verbatim") is no kind: its every product carries it.
  if (line === null || indexWords(line.brand).includes(kind)) return null;
  const { brand } = line;
  const ids = await makersOfKind(words, line, kind, text);
  if (ids.length === 0) return null;
  const spelled = `${brand.toLowerCase()} ${kind}`;
  // A colour typed after the kind ("ps5 controller red") lists those in it, when the maker sells some.
  const colour = before.length > 0 ? colourAfter(found.typed.slice(found.at)) : [];
  const inColour = colour.length > 0 ? await namingAll(words, ids, colour) : [];
  return inColour.length > 0 ? { spelled: `${spelled} ${colour.join(' ')}`, ids: inColour } : { spelled, ids };
}

/** The one brand and category of the products the words find (a line: "playstation 5"), with them; null when they are of several. */
async function lineOf(words: WordsDeps, typed: readonly string[]): Promise<{ brand: string; slug: string; ids: number[] } | null> {
  const ids = foundIds(await answerWords(words, typed.join(' ')));
  if (ids.length === 0) return null;
  const products = await words.catalog.getProducts(ids);
  const brand = onlyValue(ids.map((id) => products.get(id)?.brand));
  const slug = onlyValue(ids.map((id) => products.get(id)?.categorySlug));
  return brand === null || slug === null ? null : { brand, slug, ids };
}

/** Typed words this many or fewer are read as a line's name and a product's (`lineProductAnswer`); more are a title. */
const LINE_AND_NAME_WORDS = 4;

/**
 * A line typed with the name of a product its maker sells for it in the same category ("ps5 dualsense", "playstation 5
 * pulse elite"): the words after the line's find only products of its brand and category, none of the line's own
 * (the DualSense controllers, whose listings never say "PS5"). They are listed, and the answer says what was searched
 * ("sony dualsense"); null when no cut of the words reads so. Edition words and numbers alone name no such product.
 */
export async function lineProductAnswer(words: WordsDeps, text: string): Promise<{ spelled: string; ids: number[] } | null> {
  const typed = withoutInches(indexWords(text));
  if (typed.length < 2 || typed.length > LINE_AND_NAME_WORDS) return null;
  for (let cut = 1; cut < typed.length; cut++) {
    const line = await lineOf(words, typed.slice(0, cut));
    if (line === null) continue;
    const rest = typed.slice(cut);
    // Editions and numbers name the line's own products, not one made for it ("iphone 15 pro max": no "apple pro max";
    // "screen protector iphone 16": no "apple 16").
    if (rest.every((word) => VARIANT_EDITIONS.has(word) || !/\p{L}/u.test(word))) continue;
    const named = await lineOf(words, rest);
    const sameMaker = named !== null && named.brand.toLowerCase() === line.brand.toLowerCase() && named.slug === line.slug;
    if (!sameMaker || named.ids.some((id) => line.ids.includes(id))) continue;
    const brandWords = indexWords(line.brand);
    return { spelled: [...(rest.some((word) => brandWords.includes(word)) ? [] : brandWords), ...rest].join(' '), ids: named.ids };
  }
  return null;
}

/** The colour words typed after the kind (`kindAndAfter` begins with it), lower case; none when other words follow it. */
function colourAfter(kindAndAfter: readonly string[]): string[] {
  return withoutColourAtEnd(kindAndAfter).length === 1 ? indexWords(kindAndAfter.slice(1).join(' ')) : [];
}

/** The products among `ids` whose names hold every one of the words, in the order given. */
async function namingAll(words: WordsDeps, ids: readonly number[], wanted: readonly string[]): Promise<number[]> {
  const products = await words.catalog.getProducts(ids);
  return ids.filter((id) => {
    const named = new Set(indexWords(products.get(id)?.title ?? ''));
    return wanted.every((word) => named.has(word));
  });
}

/**
 * Words that found little, answered by the kind they name: the products of its category that carry the other words, as
 * typed (`kindCategoryAnswer`, with `kinds`), else those the maker of the line they name sells (`lineKindAnswer`, read
 * from `lineText`: the words with a line's short name written out, "playstation 5 controller"), or, when they found
 * nothing, a product the maker sells for the line (`lineProductAnswer`, "ps5 dualsense"), saying what was searched.
 */
export async function kindAnswer(words: WordsDeps, kinds: KindCategoryReads | null, text: string, lineText: string, answer: WordsAnswer): Promise<{ answer: WordsAnswer; correctedQuery: string | null } | null> {
  const ofCategory = kinds ? await kindCategoryAnswer(kinds, text, async (kind) => foundIds(await answerWords(words, kind)), answer) : null;
  if (ofCategory) return { answer: ofCategory, correctedQuery: null };
  const ofLine = (await lineKindAnswer(words, lineText)) ?? (findsNothing(answer) ? await lineProductAnswer(words, lineText) : null);
  if (ofLine === null) return null;
  return { answer: { ...answer, productId: null, confidence: 0, matchIds: ofLine.ids, complete: true, ofKind: true }, correctedQuery: ofLine.spelled };
}
