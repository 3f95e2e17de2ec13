import { type CatalogRepository, foldText, withLeftOutUnit } from '@pricehunt/catalog-core';
import { editionOf, VARIANT_EDITIONS } from '@pricehunt/catalog-matching';

/** Listings of a product read to tell which typed words it holds. */
const LISTINGS_READ = 16;
/** A word of letters this long or longer is held by a listing word it begins, or that begins it ("headphone"). */
const STEM_LETTERS = 4;
/** "2nd", "3rd", "4th": an ordinal reads as a generation in words ("2nd Generation"), not a model's number. */
const ORDINAL = /^\d+(st|nd|rd|th)$/;

type HeldWordsReads = Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>;

/**
 * A number is held by a listing that writes most of it (this share) in one run, its separators dropped: a model
 * number written otherwise ("KTD-DM8400A 1G" holds "ktddm8400a1") or with a prefix or suffix of another wording
 * ("PROWD10000900" and "WD-1000-0900").
 */
const NUMBER_HELD_SHARE = 0.7;
/** Shorter numbers ("3", "128", "2024") are held only as words: as part of a run they are held by chance. */
const RUN_NUMBER_CHARACTERS = 5;

/** Pieces of a number typed in pieces are found in a listing this long at least ("eah6870d", "2di2s1g"). */
const PIECE_CHARACTERS = 3;

/**
 * The share of `word` (typed words run together, joined at `joins`) that `text` holds in pieces of PIECE_CHARACTERS
 * or more, read from its start, longest first; none unless a piece runs across a join. Pieces that are each one typed
 * word say only that the listing holds the words apart ("acme 200" of "Acme X1200"). None either when a digit typed is
 * in no piece: the number is what the pieces stand for, and "sony ps4" is no "Sony PULSE …" for the "sonyp" it shares.
 */
function coveredShare(word: string, joins: readonly number[], text: string): number {
  let at = 0;
  let covered = 0;
  let across = false;
  let digitLeft = false;
  while (at < word.length) {
    let length = word.length - at;
    while (length >= PIECE_CHARACTERS && !text.includes(word.slice(at, at + length))) length--;
    if (length >= PIECE_CHARACTERS) {
      covered += length;
      across ||= joins.some((join) => join > at && join < at + length);
      at += length;
    } else {
      digitLeft ||= /\d/.test(word[at] ?? '');
      at += 1;
    }
  }
  return across && !digitLeft ? covered / word.length : 0;
}

/** The length of the longest run of characters `word` and `text` have in common. */
function longestCommonRun(word: string, text: string): number {
  let best = 0;
  let previous = new Array<number>(text.length + 1).fill(0);
  for (let i = 1; i <= word.length; i++) {
    const current = new Array<number>(text.length + 1).fill(0);
    for (let j = 1; j <= text.length; j++) {
      if (word[i - 1] !== text[j - 1]) continue;
      current[j] = (previous[j - 1] ?? 0) + 1;
      best = Math.max(best, current[j] ?? 0);
    }
    previous = current;
  }
  return best;
}
/**
 * Words as `indexWords` splits them, but a decimal number whole: "3.5mm" is no 3, so "AirPods 4 … with 3.5mm Cable"
 * holds no "airpods 3".
 */
function heldWords(text: string): string[] {
  return [...new Set(foldText(text).split(/(?:(?<!\d)\.|\.(?!\d)|[^\p{L}\p{N}.])+/u).filter((word) => word !== ''))];
}

/**
 * A plus sign written after a name's word, as an edition: glued ("S24+ SM-S926U"), or apart at the end of the name
 * ("Studio Buds + (Black)"); not one between words ("USB-C + Lightning", "C+L").
 */
const PLUS_SIGN = /[\p{L}\p{N}]\+(?![\p{L}\p{N}])|[\p{L}\p{N}] \+ *(?:$|[(,–-])/u;

const isNumber = (word: string) => /\d/.test(word) && !ORDINAL.test(word);

const ORDINAL_NAMES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * An ordinal typed ("2nd", "5th") is held by a listing that writes it, or its number ("AirPods Pro 2", "HERO12"), or its
 * name ("First Aid Kit"): "apple pencil 2nd" names no Apple Pencil (USB-C), whose listings hold no 2.
 */
function holdsOrdinal(ordinal: string, held: ReadonlySet<string>): boolean {
  const number = ordinal.replace(/\D+$/, '');
  const name = ORDINAL_NAMES[Number(number) - 1];
  return held.has(ordinal) || held.has(number) || gluedToLetters(number, held) || (name !== undefined && held.has(name));
}
const isLetters = (word: string) => /^\p{L}+$/u.test(word);

/**
 * Whether the product the typed words' ranking leads with holds what the words name: every number typed (a model, a
 * generation, a capacity, a size tells one product from its kin) and, of words of letters typed with them, some. A
 * number alone is no name: "norton 360" is no Insta360 camera, whose listings hold only the 360; nor is "nikon 360" the
 * Nikon Z6III, whose listings hold no 360. Nor does a product that the other products ranked (`others`) show to be of
 * another line (`namesAnotherModel`).
 */
export async function holdsWhatWordsName(catalog: HeldWordsReads, words: string, productId: number, others: readonly number[] = []): Promise<boolean> {
  const held = (await wordsHeldBy(catalog, words, [productId])).get(productId);
  if (held === undefined || !held.numbers || !(held.letters > 0 || held.lettersTyped === 0)) return false;
  // Only a product that lacks a word of letters typed may be of another line than the words name.
  const rest = others.filter((id) => id !== productId);
  return held.letters === held.lettersTyped || rest.length === 0 || !namesAnotherModel((await wordsHeldBy(catalog, words, rest)).values(), held.letters);
}

/**
 * Whether a product without the number typed holds more of the typed words of letters (`WordsHeld`) than `letters`:
 * the words name its line, in a model the catalog does not sell ("jbl charge 4": the Charge 5 holds "jbl charge", the
 * Xtreme 4 only "jbl" and the 4), and a product with the number but fewer of the words is another line's.
 */
export const namesAnotherModel = (held: Iterable<WordsHeld>, letters: number): boolean => [...held].some((entry) => !entry.numbers && entry.letters > letters);

/** What of typed words a product's listings hold: every number or not, and how many of the words of letters typed. */
export interface WordsHeld {
  numbers: boolean;
  /** Every edition word typed (`VARIANT_EDITIONS`: "pro", "plus", "mini") is held. */
  editions: boolean;
  letters: number;
  lettersTyped: number;
  /** A number typed is written by some listing with a unit shoppers leave out (`withLeftOutUnit`): "45" as "45mm", a size. */
  unitLeftOut: boolean;
}

/** What of typed words each product's listings hold (`WordsHeld`), their listings read in one go. */
export async function wordsHeldBy(catalog: HeldWordsReads, words: string, productIds: readonly number[]): Promise<Map<number, WordsHeld>> {
  const refs = await catalog.offerRefsOfProducts(productIds, LISTINGS_READ);
  const items = await catalog.offerItems([...refs.values()].flatMap((list) => list.map((ref) => ref.id)));
  const typed = heldWords(words);
  // "buds plus" typed: "Studio Buds + True Wireless" writes the plus sign between words, after the word typed before it.
  const before = typed[typed.indexOf('plus') - 1];
  const plusAfterTyped = before !== undefined && /^[\p{L}\p{N}]+$/u.test(before) ? new RegExp(`(?<![\\p{L}\\p{N}])${before} \\+ `, 'iu') : null;
  return new Map(
    productIds.map((productId) => {
      const held = new Set<string>();
      const runs: string[] = [];
      for (const ref of refs.get(productId) ?? []) {
        const item = items.get(ref.id);
        if (!item) continue;
        const text = [item.title, item.brand ?? '', item.model ?? ''].join(' ');
        for (const word of heldWords(text)) held.add(word);
        // "Galaxy S24+", "Studio Buds +": a plus sign after a name is the edition "plus".
        if (PLUS_SIGN.test(text) || plusAfterTyped?.test(foldText(text))) held.add('plus');
        runs.push(lettersAndDigits(text));
      }
      return [productId, listingsHold(typed, held, runs)];
    }),
  );
}

/** Each product's listings (title and model number), read in one go. */
export async function listingsOf(catalog: HeldWordsReads, productIds: readonly number[]): Promise<Map<number, Array<{ title: string; model: string | null }>>> {
  const refs = await catalog.offerRefsOfProducts(productIds, LISTINGS_READ);
  const items = await catalog.offerItems([...refs.values()].flatMap((list) => list.map((ref) => ref.id)));
  return new Map(productIds.map((productId) => [productId, (refs.get(productId) ?? []).flatMap((ref) => items.get(ref.id) ?? [])]));
}

/**
 * The words of each product's listings (titles and model numbers, as `heldWords` splits them), read in one go; of the
 * part of each title `named` keeps, when given.
 */
export async function listingWordsOf(catalog: HeldWordsReads, productIds: readonly number[], named: (title: string) => string = (title) => title): Promise<Map<number, string[]>> {
  const listings = await listingsOf(catalog, productIds);
  return new Map(productIds.map((productId) => [productId, (listings.get(productId) ?? []).flatMap((item) => listingWords(item, named))]));
}

/** A listing's words (its title, or the part of it `named` keeps, and its model number, as `heldWords` splits them). */
export const listingWords = (item: { title: string; model: string | null }, named: (title: string) => string = (title) => title): string[] =>
  heldWords(`${named(item.title)} ${item.model ?? ''}`);

/** Whether listing words (`listingWordsOf`) hold a word that begins with one of `starts`: "Magenta" holds "mag", "Cases" holds "case". */
export function holdWordStarting(words: readonly string[], starts: readonly string[]): boolean {
  const folded = starts.map((start) => foldText(start));
  return words.some((word) => folded.some((start) => word.startsWith(start)));
}

/**
 * The products of `productIds` some listing of which holds a word that begins with one of `starts` (`holdWordStarting`),
 * in the part of its title `named` keeps, when given.
 */
export async function productsWithWordStarting(catalog: HeldWordsReads, starts: readonly string[], productIds: readonly number[], named?: (title: string) => string): Promise<Set<number>> {
  const words = await listingWordsOf(catalog, productIds, named);
  return new Set(productIds.filter((productId) => holdWordStarting(words.get(productId) ?? [], starts)));
}

/**
 * Whether a listing writes a word right after its maker's name, as the name of the maker's item or line ("Nintendo
 * Switch", "Apple EarPods"), not as what describes it.
 */
export const writtenAfterMaker = (title: string, maker: string | null | undefined, word: string): boolean => {
  const folded = foldText(maker ?? '');
  return folded !== '' && ` ${foldText(title).replace(/[^\p{L}\p{N}]+/gu, ' ')} `.includes(` ${folded} ${foldText(word)} `);
};

/** A text's letters and digits run together, folded: "PT-18R Labeling" → "pt18rlabeling". */
export const lettersAndDigits = (text: string): string => foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether typed words hold an edition word of a line (`VARIANT_EDITIONS`: "pro", "plus", "mini"). */
export const typesEdition = (words: string): boolean => heldWords(words).some((word) => VARIANT_EDITIONS.has(word));

/** Whether typed words hold a number (a model, a generation, a capacity, a size), which `holdsWhatWordsName` asks for. */
export const typesNumber = (words: string): boolean => heldWords(words).some(isNumber);

/** Whether typed words hold an ordinal ("11th"), a generation a listing holds as it, its number or its name (`holdsOrdinal`). */
export const typesOrdinal = (words: string): boolean => heldWords(words).some((word) => ORDINAL.test(word));

/**
 * A short number is held by a listing's word that is a line's letters with that number glued on ("HERO12" holds the
 * 12 of "gopro 12", "Watch7" the 7 of "galaxy watch 7"), or that a model code begins with it ("1000XM5" the 1000 of
 * "sony 1000"; a unit after it, "12MP", is no code).
 */
const gluedToLetters = (number: string, held: ReadonlySet<string>) =>
  /^\d+$/.test(number) &&
  [...held].some((word) => (word.endsWith(number) && /^\p{L}{2,}$/u.test(word.slice(0, -number.length))) || (word.startsWith(number) && /^\p{L}{2,}\d/u.test(word.slice(number.length))));

/** A whole number is held by a listing's word that is the number with a unit shoppers leave out (`withLeftOutUnit`). */
const withItsUnit = (number: string, held: ReadonlySet<string>) => /^\d+$/.test(number) && [...held].some((word) => withLeftOutUnit(word, number));

/** `wordsHeldBy` over the listings' words (`held`) and each listing's letters and digits run together (`runs`). */
function listingsHold(typed: readonly string[], held: ReadonlySet<string>, runs: readonly string[]): WordsHeld {
  const holdsNumber = (word: string) =>
    (word.length >= RUN_NUMBER_CHARACTERS && runs.some((run) => longestCommonRun(word, run) > word.length * NUMBER_HELD_SHARE)) || gluedToLetters(word, held) || withItsUnit(word, held);
  const holdsLetters = (word: string) =>
    word.length >= STEM_LETTERS && [...held].some((other) => other.length >= STEM_LETTERS && (other.startsWith(word) || word.startsWith(other)));
  const holds = (word: string) => held.has(word) || (isNumber(word) ? holdsNumber(word) : isLetters(word) && holdsLetters(word));
  // A model number typed in pieces is held whole: written as one in a listing ("vasdh 8 gcl 4 r 1 n" of
  // "VASDH8GCL4R1N"), or, typed in short pieces, mostly ("eah 6870 d 2 di 2 s 1 g" of "EAH6870 DC 2DI2S 1GD5").
  const letters = typed.map((word, at) => ({ word, at })).filter(({ word }) => isLetters(word));
  const lettersTyped = letters.length;
  const whole = typed.join('');
  if (typed.length > 1 && isNumber(whole)) {
    if (whole.length >= RUN_NUMBER_CHARACTERS && runs.some((run) => run.includes(whole))) return { numbers: true, editions: true, letters: lettersTyped, lettersTyped, unitLeftOut: false };
    const inPieces = typed.every((word) => !isLetters(word) || word.length <= STEM_LETTERS);
    const joins = typed.slice(0, -1).map((_, at) => typed.slice(0, at + 1).join('').length);
    if (inPieces && runs.some((run) => coveredShare(whole, joins, run) > NUMBER_HELD_SHARE)) return { numbers: true, editions: true, letters: lettersTyped, lettersTyped, unitLeftOut: false };
  }
  // Letters typed apart from the number they begin or end ("eah 6870" of "EAH6870") are held with it.
  const joinedHeld = (at: number) =>
    [typed[at - 1], typed[at + 1]].some((next, side) => next !== undefined && isNumber(next) && runs.some((run) => run.includes(side === 0 ? next + typed[at] : typed[at] + next)));
  const letterHeld = ({ word, at }: { word: string; at: number }) => holds(word) || joinedHeld(at);
  return {
    numbers: typed.filter(isNumber).every(holds) && typed.filter((word) => ORDINAL.test(word)).every((word) => holdsOrdinal(word, held)),
    // Editions as the matcher reads them: "pro" is held by a listing's "Professional" (`editionOf`).
    editions: typed.filter((word) => VARIANT_EDITIONS.has(word)).every((word) => [...held].some((other) => editionOf(other) === editionOf(word))),
    letters: letters.filter(letterHeld).length,
    lettersTyped,
    unitLeftOut: typed.some((word) => isNumber(word) && withItsUnit(word, held)),
  };
}
