/**
 * Compound words typed otherwise than listings write them: in parts ("air pods", "x box", "go pro", "42 mm" where
 * listings write "AirPods", "Xbox", "GoPro", "42mm"), as one word where listings write two ("smartwatch", "nikon zf"
 * where they write "Smart Watch", "Z f"), or by their last part alone ("samsung phone" where they write "Smartphone",
 * "samsung buds" where they write "Earbuds"). Words that still find little once names, generations and spelling are
 * tried are searched with two typed words joined where the index carries them as one word (`offersCarrying` of the
 * spelling corrector), then with a typed word no offer carries cut into two that offers carry (or one and a compound
 * that ends with the rest: "galaxybuds", "galaxy earbuds"), then with a typed word
 * written as each word of the index that ends with it after an everyday word (`compoundsOf`, those most offers carry
 * first); the first spelling whose answer holds every word is kept, and shown as what was searched.
 */
import { indexWords, type SpellingCorrector } from '@pricehunt/catalog-core';
import { answerWords, type WordsDeps } from './answer-words';
import { findsNothing, foundIds, type WordsAnswer } from './search-words';

/** The most spellings searched for one query: each is a search of its own. */
export const COMPOUND_SPELLINGS_MAX = 4;

const LETTERS = /^\p{L}+$/u;
/** A typed word shorter than this is not read as a compound's last part: it ends too many words. */
const PART_MIN = 3;

const typedWords = (text: string) => text.split(/\s+/).filter(Boolean);

/** Two spellings of one run of letters and digits: "smart watch", "smart-watch" and "smartwatch", "42 mm" and "42mm". */
export const joinedAlike = (a: string, b: string) => a.toLowerCase().replace(/[\s-]+/g, '') === b.toLowerCase().replace(/[\s-]+/g, '');

/**
 * The typed words with two neighbouring words of letters joined where the index carries the joined word, or its plural
 * where only that is carried ("air pod" of "AirPods").
 */
export function joinedSpellings(text: string, offersCarrying: (word: string) => number): string[] {
  const words = typedWords(text);
  const spellings: string[] = [];
  for (let at = 0; at + 1 < words.length; at++) {
    const joined = `${words[at]}${words[at + 1]}`;
    const carried = LETTERS.test(joined) ? [joined, `${joined}s`].find((form) => offersCarrying(form) > 0) : undefined;
    if (carried !== undefined) spellings.push([...words.slice(0, at), carried, ...words.slice(at + 2)].join(' '));
  }
  return spellings;
}

/** The typed words with one word of letters written as each compound that ends with it, in the order given. */
export function compoundSpellings(text: string, compoundsOf: (word: string) => readonly string[]): string[] {
  const words = typedWords(text);
  const spellings: string[] = [];
  words.forEach((word, at) => {
    if (word.length < PART_MIN || !LETTERS.test(word)) return;
    for (const compound of compoundsOf(word)) spellings.push([...words.slice(0, at), compound, ...words.slice(at + 1)].join(' '));
  });
  return spellings;
}

/**
 * A word typed glued this short is split into single letters ("zf" of "Z f"); one twice as long also into two halves
 * ("lgtv" of "LG TV", "hdtv"); a longer one into parts of `PART_MIN`, or its last letter alone.
 */
const SHORT_GLUED = 2;

/**
 * The typed words with one word of letters that no offer carries written as two words that offers carry ("smartwatch"
 * of "Smart Watch", "zf" of the Nikon "Z f"), each cut of it in order.
 */
export async function splitSpellings(text: string, offerCounts: OfferCounts): Promise<string[]> {
  return cutSpellings(text, offerCounts, (word) => {
    if (word.length < 2 || !LETTERS.test(word)) return [];
    if (word.length <= SHORT_GLUED) return cutsOf(word, 1);
    const halves = word.length === 2 * SHORT_GLUED ? cutsOf(word, SHORT_GLUED) : [];
    // A letter glued after a name, where listings write a hyphen: "usbc" of "USB-C", "typec" of "Type-C".
    return [...halves, ...cutsOf(word, PART_MIN), ...lastLetterCut(word)];
  });
}

/**
 * The typed words with one word of letters that no offer carries written as a word offers carry and a compound that
 * ends with the rest ("galaxybuds" as "galaxy earbuds", where no listing writes "buds" alone: the listings' "Earbuds",
 * "Buds3"), each cut of it in order, the compounds most offers carry first.
 */
export const splitCompoundSpellings = (text: string, offerCounts: OfferCounts, compoundsOf: (word: string) => readonly string[]): Promise<string[]> =>
  cutSpellings(
    text,
    offerCounts,
    (word) => (LETTERS.test(word) ? cutsOf(word, PART_MIN) : []),
    ([first, rest], carried) => (carried(first) ? compoundsOf(rest).map((compound) => [first, compound]) : []),
  );

/** A word of letters longer than `PART_MIN` cut before its last letter ("usbc": "usb" and "c"), else no cut. */
const lastLetterCut = (word: string): Cut[] => (LETTERS.test(word) && word.length > PART_MIN ? [[word.slice(0, -1), word.slice(-1)]] : []);

/** A word of letters longer than `PART_MIN` and two, cut before its last two letters ("samsungtv": "samsung" and "tv"). */
const lastTwoLettersCut = (word: string): Cut[] => (LETTERS.test(word) && word.length >= PART_MIN + 2 ? [[word.slice(0, -2), word.slice(-2)]] : []);

/**
 * The typed words with one word of letters that no offer carries written as a word offers carry and its last letter
 * apart, where offers carry that letter as a word too ("xbox seriesx" as "xbox series x"): a name's letter glued to it,
 * which spelling would drop as a letter too many ("series"); or its last two letters, a short word glued to a name
 * ("samsungtv" as "samsung tv", not "samsung").
 */
export const letterApartSpellings = (text: string, offerCounts: OfferCounts): Promise<string[]> =>
  cutSpellings(text, offerCounts, (word) => [...lastLetterCut(word), ...lastTwoLettersCut(word)]);

type OfferCounts = (words: readonly string[]) => Promise<Map<string, number>>;
type Cut = readonly [string, string];

/** Each cut of a word into two parts of `least` characters or more, in order. */
const cutsOf = (word: string, least: number): Cut[] => Array.from({ length: Math.max(0, word.length - 2 * least + 1) }, (_, at) => [word.slice(0, least + at), word.slice(least + at)] as const);

/** Two parts of a cut both offers carry, as they are. */
const bothCarried = (parts: Cut, carried: (word: string) => boolean): string[][] => (parts.every(carried) ? [[...parts]] : []);

/**
 * The typed words with one word that no offer carries written as the words of one of its cuts (`cuts`): by default its
 * two parts where offers carry both, or as `written` writes a cut given what offers carry.
 */
async function cutSpellings(text: string, offerCounts: OfferCounts, cuts: (word: string) => Cut[], written = bothCarried): Promise<string[]> {
  const words = typedWords(text);
  const cutsAt = words.map((typed) => cuts(typed.toLowerCase()));
  if (cutsAt.every((list) => list.length === 0)) return [];
  const counts = await offerCounts([...new Set([...words.map((word) => word.toLowerCase()), ...cutsAt.flat(2)])]);
  const carried = (word: string) => (counts.get(word) ?? 0) > 0;
  return words.flatMap((word, at) =>
    carried(word.toLowerCase()) ? [] : (cutsAt[at] ?? []).flatMap((parts) => written(parts, carried)).map((parts) => [...words.slice(0, at), ...parts, ...words.slice(at + 1)].join(' ')),
  );
}

/**
 * Each part of a word of letters and digits typed glued is this long at least ("16" of "iphone16"), but a lone digit
 * after a name of letters that long ("playstation5", "pixel9": `LONE_DIGIT_NAME`).
 */
const GLUED_PART_MIN = 2;
const LONE_DIGIT_NAME = /^\p{L}{4,}\d$/u;
const isDigit = (character: string | undefined) => character !== undefined && /\p{N}/u.test(character);

/**
 * The typed words with one word of letters and digits that no offer carries written as two words that offers carry,
 * cut where a name meets its number or model ("iphone16" as "iphone 16", "galaxys24" as "galaxy s24", "s24ultra" as
 * "s24 ultra", "playstation5" as "playstation 5"): typed without a space, the words find only the listings that glue them the same way. `atDigits`:
 * only where letters meet digits ("iphone|16", "s24|ultra"), not inside letters, where "procs3" is a code "Pro CS3"
 * listings write apart as much as it is "pro cs3".
 */
export async function gluedNumberSpellings(text: string, offerCounts: OfferCounts, atDigits = false): Promise<string[]> {
  return cutSpellings(text, offerCounts, (word) => {
    if (!/^[\p{L}\p{N}]+$/u.test(word) || !/\p{L}/u.test(word) || !/\p{N}/u.test(word)) return [];
    const all = LONE_DIGIT_NAME.test(word) ? [[word.slice(0, -1), word.slice(-1)] as const] : cutsOf(word, GLUED_PART_MIN);
    return atDigits ? all.filter(([left, right]) => isDigit(left.at(-1)) !== isDigit(right[0])) : all;
  });
}

/** A name of letters glued to a number ("playstation4", "iphone17"). */
const NAME_AND_NUMBER = /^(\p{L}{4,})(\d{1,3})$/u;

/**
 * The typed words with the first word that no offer carries and is a name offers carry glued to a number cut apart
 * ("playstation4" as "playstation 4"), whether or not offers carry the number: a model the catalog does not sell is
 * looked for as its line's name and number. Null when no word is such.
 */
export async function nameNumberCut(text: string, offerCounts: OfferCounts): Promise<string | null> {
  const words = typedWords(text);
  const glued = words.map((word) => NAME_AND_NUMBER.exec(word.toLowerCase()));
  const names = glued.flatMap((match) => (match ? [match[0], match[1] ?? ''] : []));
  if (names.length === 0) return null;
  const counts = await offerCounts([...new Set(names)]);
  const carried = (word: string) => (counts.get(word) ?? 0) > 0;
  const at = glued.findIndex((match) => match !== null && !carried(match[0]) && carried(match[1] ?? ''));
  const match = glued[at];
  return match ? [...words.slice(0, at), match[1], match[2], ...words.slice(at + 1)].join(' ') : null;
}

/**
 * The typed words with a number and the word of letters typed after it joined where offers carry the joined word: a
 * size typed apart from its unit ("42 mm", "256 gb") that listings write glued ("42mm"), each such pair in order.
 */
export async function numberUnitSpellings(text: string, offerCounts: OfferCounts): Promise<string[]> {
  const words = typedWords(text);
  const joinedAt = (at: number) => `${words[at]}${words[at + 1]}`;
  const joins = words.flatMap((word, at) => (/^\d+$/.test(word) && LETTERS.test(words[at + 1] ?? '') ? [at] : []));
  if (joins.length === 0) return [];
  const counts = await offerCounts(joins.map((at) => joinedAt(at).toLowerCase()));
  return joins.filter((at) => (counts.get(joinedAt(at).toLowerCase()) ?? 0) > 0).map((at) => [...words.slice(0, at), joinedAt(at), ...words.slice(at + 2)].join(' '));
}

/** What compound spellings are read from: the spelling corrector's words, and the index's offer counts (no word is split without them). */
export interface CompoundReads {
  spelling: Pick<SpellingCorrector, 'compoundsOf' | 'compoundsBegunBy' | 'offersCarrying'>;
  offerCounts?: OfferCounts;
}

/**
 * The words' compound spellings in the order they are tried: joined, a number joined to its unit, a name glued to its
 * number cut, split (into two words, or a word and a compound), then written as compounds that end with a typed word, then as those it begins ("apple mac" as "apple macbook", where
 * "mac" alone is in no Apple listing), at most `COMPOUND_SPELLINGS_MAX`; joined or cut where letters meet digits only
 * when `joinedOnly`.
 */
export async function compoundWordSpellings(text: string, reads: CompoundReads, joinedOnly = false): Promise<string[]> {
  const { spelling, offerCounts } = reads;
  const joined = joinedSpellings(text, (word) => spelling.offersCarrying(word));
  const units = offerCounts ? await numberUnitSpellings(text, offerCounts) : [];
  const glued = offerCounts ? await gluedNumberSpellings(text, offerCounts, joinedOnly) : [];
  if (joinedOnly) return [...joined, ...units, ...glued].slice(0, COMPOUND_SPELLINGS_MAX);
  const split = offerCounts ? [...(await splitSpellings(text, offerCounts)), ...(await splitCompoundSpellings(text, offerCounts, (word) => spelling.compoundsOf(word)))] : [];
  const ending = compoundSpellings(text, (word) => spelling.compoundsOf(word));
  const beginning = compoundSpellings(text, (word) => spelling.compoundsBegunBy(word));
  return [...joined, ...units, ...glued, ...split, ...ending, ...beginning].slice(0, COMPOUND_SPELLINGS_MAX);
}

/**
 * The first compound spelling of the words whose answer holds every word, with that answer; null when none does. Words
 * that found what they name are tried joined only (`joinedOnly`): "x box" holds every word of a mouse "G502 X" whose
 * eBay listing comes "w/ Box", but names an Xbox far more surely.
 */
export async function compoundAnswer(words: WordsDeps, reads: CompoundReads, text: string, joinedOnly = false): Promise<{ spelled: string; answer: WordsAnswer } | null> {
  for (const spelled of await compoundWordSpellings(text, reads, joinedOnly)) {
    const answer = await answerWords(words, spelled);
    if (answer.complete && !findsNothing(answer)) return { spelled, answer };
  }
  return null;
}

/**
 * A kind typed by the last part of the compound its listings write, where a few listings also write that part alone:
 * "phone" holds the "Nothing Phone (2a) … Smartphone" and no other smartphone, "watch" the Apple Watch and not every
 * smartwatch. When at least half of the products the words list have titles that write a compound of a typed word
 * (`compoundsOf`), the words written with that compound are searched too, and what they find beyond is listed after:
 * the listings' own titles tell which compound is meant ("smartphone", not the "headphones" that end with "phone"
 * too). Null when no such compound is written, or it finds nothing more.
 */
async function withKindCompound(words: WordsDeps, spelling: Pick<SpellingCorrector, 'compoundsOf'>, text: string, answer: WordsAnswer, names: Names): Promise<WordsAnswer | null> {
  const ids = foundIds(answer);
  const titled = ids.map((id) => names.get(id) ?? new Set<string>());
  const typed = typedWords(text);
  for (const [at, word] of typed.entries()) {
    if (word.length < PART_MIN || !LETTERS.test(word)) continue;
    const compound = spelling.compoundsOf(word).find((candidate) => titled.filter((title) => title.has(candidate)).length * 2 >= ids.length);
    if (compound === undefined) continue;
    const wider = await answerWords(words, [...typed.slice(0, at), compound, ...typed.slice(at + 1)].join(' '));
    if (!wider.complete || findsNothing(wider)) continue;
    const listed = new Set(answer.matchIds);
    const more = foundIds(wider).filter((id) => !listed.has(id));
    if (more.length === 0) return null;
    const ranked = new Set(answer.ranked.map((entry) => entry.productId));
    return { ...answer, matchIds: [...answer.matchIds, ...more], ranked: [...answer.ranked, ...wider.ranked.filter((entry) => !ranked.has(entry.productId))] };
  }
  return null;
}

/**
 * A word typed that the products it lists hold only in their listings, none in its name, where other products are
 * named by a compound the word begins: "mac" is in "Compatible with Mac and PC" of keyboards and mice, and begins
 * "MacBook". The products whose names give that compound (`compoundsBegunBy`, those most offers carry first) as their
 * line or kind, one of the first `NAMING_WORDS` words after the brand ("Apple MacBook Air", "Apple Magic Keyboard", not
 * the "Logitech G G915 X LIGHTSPEED" keyboard of "light"), are listed first, then the others. Null when a product
 * listed holds the word itself in its name, or no compound names one.
 */
async function withNamedCompound(words: WordsDeps, spelling: Pick<SpellingCorrector, 'compoundsBegunBy'>, text: string, answer: WordsAnswer, names: Names): Promise<WordsAnswer | null> {
  const typed = typedWords(text);
  for (const [at, word] of typed.entries()) {
    const folded = indexWords(word)[0];
    if (folded === undefined || folded.length < PART_MIN || !LETTERS.test(folded) || [...names.values()].some((name) => name.has(folded))) continue;
    for (const compound of spelling.compoundsBegunBy(folded)) {
      const wider = await answerWords(words, [...typed.slice(0, at), compound, ...typed.slice(at + 1)].join(' '));
      if (!wider.complete || findsNothing(wider)) continue;
      const named = new Set(await namedBy(words, foundIds(wider), compound));
      if (named.size === 0) continue;
      return {
        ...answer,
        matchIds: [...named, ...answer.matchIds.filter((id) => !named.has(id))],
        ranked: [...wider.ranked.filter((entry) => named.has(entry.productId)), ...answer.ranked.filter((entry) => !named.has(entry.productId))],
      };
    }
  }
  return null;
}

/** How many words after its brand a name gives its line or kind in ("MacBook Air", "Magic Keyboard"). */
const NAMING_WORDS = 2;

/** The products whose names give `word` among their first `NAMING_WORDS` words after the brand. */
async function namedBy(words: WordsDeps, ids: readonly number[], word: string): Promise<number[]> {
  const products = await words.catalog.getProducts([...ids]);
  return ids.filter((id) => {
    const product = products.get(id);
    const name = indexWords(product?.title ?? '');
    const brand = indexWords(product?.brand ?? '');
    const afterBrand = brand.length > 0 && brand.every((part, at) => name[at] === part) ? name.slice(brand.length) : name;
    return afterBrand.slice(0, NAMING_WORDS).includes(word);
  });
}

/** The words of each listed product's name, by product. */
type Names = ReadonlyMap<number, ReadonlySet<string>>;

/**
 * A kind typed by the end of a compound (`withKindCompound`), else a word only listings hold that begins a compound
 * products are named by (`withNamedCompound`), the names of the products listed read once for both. Null for words
 * that name a product, list none, or list products lacking one of them.
 */
export async function withCompound(words: WordsDeps, spelling: Pick<SpellingCorrector, 'compoundsOf' | 'compoundsBegunBy'>, text: string, answer: WordsAnswer): Promise<WordsAnswer | null> {
  if (answer.productId !== null || answer.matchIds.length === 0 || !answer.complete) return null;
  const ids = foundIds(answer);
  const products = await words.catalog.getProducts(ids);
  const names: Names = new Map(ids.map((id) => [id, new Set(indexWords(products.get(id)?.title ?? ''))]));
  return (await withKindCompound(words, spelling, text, answer, names)) ?? (await withNamedCompound(words, spelling, text, answer, names));
}
