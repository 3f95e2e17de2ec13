/**
 * Models of a line: which variant words a title states right after its line number ("iPhone 15 Plus", "Galaxy S24
 * Ultra"), which letter right after a word of the line ("Xbox Series X"), which word before its number ("Wonderboom 4")
 * and which word in its place ("Switch OLED" against "Switch 2"), and whether an item names another model of the line
 * than a product's listings do.
 */
import { foldText, tokenizeTitle, VARIANT_EDITIONS } from './normalise';
import { abbreviates } from './title-words';
import type { PreparedOffer } from './prepare';

export { VARIANT_EDITIONS };

/**
 * The line model a title word names, as "key number" of `extractLineNumbers` ("15" after "iphone" → "iphone 15",
 * "s24" → "s 24"), or undefined; a number the title writes with decimals is a version, no line ("DECT 6.0 Plus").
 */
function lineModelOf(offer: PreparedOffer, word: string): string | undefined {
  const glued = /^([a-z]{1,2})(\d{1,3})$/.exec(word);
  if (glued) return offer.lineNumbers.get(glued[1] as string)?.has(String(Number(glued[2]))) ? `${glued[1]} ${Number(glued[2])}` : undefined;
  const plain = /^(\d{1,2})([a-z]?)$/.exec(word);
  if (!plain || new RegExp(`(?<![\\d.])${plain[1]}\\.\\d`).test(foldText(offer.title))) return undefined;
  const value = `${Number(plain[1])}${plain[2]}`;
  for (const [key, values] of offer.lineNumbers) if (values.has(value)) return `${key} ${value}`;
  return undefined;
}

const holdsLineModel = (offer: PreparedOffer, model: string) => {
  const [key, value] = model.split(' ') as [string, string];
  return offer.lineNumbers.get(key)?.has(value) === true;
};

/**
 * The variant words an offer states right after a line number, or after such a word ("iPhone 15 Plus", "Pixel 9 Pro
 * XL", "iPhone 16 Pro Max", "Galaxy S24 Ultra"), with the line model each follows (`lineModelOf`).
 */
function lineEditions(offer: PreparedOffer): Map<string, string> {
  const out = new Map<string, string>();
  for (let pass = 0; pass < 2; pass++) {
    for (const [edition, leads] of offer.editionLeads) {
      // Written as the word itself: "Professional Edition" is as often a software title's whole name.
      if (!VARIANT_EDITIONS.has(edition) || !offer.tokens.has(edition) || out.has(edition)) continue;
      for (const lead of leads) {
        const model = out.get(lead) ?? lineModelOf(offer, lead);
        if (model !== undefined) out.set(edition, model);
      }
    }
  }
  return out;
}

/**
 * Another model of a numbered line: most members state a variant word right after a line number the item states
 * without it ("iPhone 15 Plus" against "iPhone 15"), or the item states one after a number no member follows with it.
 */
export function lineEditionsApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  if (members.length === 0) return false;
  const mine = lineEditions(item);
  const counts = new Map<string, number>();
  for (const member of members) {
    for (const [edition, model] of lineEditions(member)) if (holdsLineModel(item, model) && !item.editions.has(edition)) counts.set(edition, (counts.get(edition) ?? 0) + 1);
  }
  if ([...counts.values()].some((count) => count * 2 > members.length)) return true;
  return [...mine].some(([edition, model]) => members.some((member) => holdsLineModel(member, model)) && !members.some((member) => member.editions.has(edition)));
}

/** Words after which a single letter is a unit, a size or a grade, not a model of a line ("size m", "grade a"). */
const NOT_LINE_WORDS: ReadonlySet<string> = new Set(['size', 'grade', 'class', 'type', 'vitamin', 'plan', 'part', 'section', 'level', 'model', 'version', 'ver', 'no']);

const lettersCache = new WeakMap<PreparedOffer, ReadonlyMap<string, string>>();
/**
 * The single letters a title states right after a word of its line, by that word: "Xbox Series X" → series: x, "Xbox
 * One S" → one: s. A letter after a number, a unit or another letter is none.
 */
function lineLetters(offer: PreparedOffer): ReadonlyMap<string, string> {
  const known = lettersCache.get(offer);
  if (known) return known;
  const tokens = tokenizeTitle(offer.title);
  const found = new Map<string, string>();
  tokens.forEach((token, at) => {
    const before = tokens[at - 1];
    if (/^[a-z]$/.test(token) && before !== undefined && /^[a-z]{2,}$/.test(before) && !NOT_LINE_WORDS.has(before) && !found.has(before)) found.set(before, token);
  });
  lettersCache.set(offer, found);
  return found;
}

/**
 * Another model of a line named by a letter: the item states a letter right after a word of the line ("Series S"),
 * and the members that state one there all state another ("Series X").
 */
export function lineLettersApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const mine = lineLetters(item);
  if (mine.size === 0) return false;
  for (const [word, letter] of mine) {
    const theirs = members.flatMap((member) => lineLetters(member).get(word) ?? []);
    if (theirs.length > 0 && !theirs.includes(letter)) return true;
  }
  return false;
}

const numberedCache = new WeakMap<PreparedOffer, ReadonlyMap<string, ReadonlySet<string>>>();
/**
 * The line numbers an offer states by the word they follow (`lineNumbers`), and the numbers with an "s" of their own
 * after a word ("MX Master 3S"), which `extractLineNumbers` leaves out as too often a count of seconds.
 */
function numberedWords(offer: PreparedOffer): ReadonlyMap<string, ReadonlySet<string>> {
  const known = numberedCache.get(offer);
  if (known) return known;
  const tokens = tokenizeTitle(offer.title);
  let found: Map<string, Set<string>> | null = null;
  tokens.forEach((token, at) => {
    const before = tokens[at - 1];
    if (!/^\d{1,2}s$/.test(token) || before === undefined || !/^[a-z]{3,}$/.test(before)) return;
    found ??= new Map([...offer.lineNumbers].map(([key, values]) => [key, new Set(values)]));
    const values = found.get(before) ?? new Set<string>();
    found.set(before, values.add(token));
  });
  const out = found ?? offer.lineNumbers;
  numberedCache.set(offer, out);
  return out;
}

/**
 * Two offers' words that are one word, written short ("Dlux" for "Deluxe") or as two ("Copydvds" and "Copy Dvds", "Book
 * Reader" and "Bookreader").
 */
function sameWord(a: PreparedOffer, word: string, b: PreparedOffer, other: string): boolean {
  const glued = (long: string, short: string, shortOwner: PreparedOffer) => long.endsWith(short) && shortOwner.tokens.has(long.slice(0, -short.length));
  return abbreviates(word, other) || abbreviates(other, word) || glued(other, word, a) || glued(word, other, b);
}

/**
 * Two lines numbered alike: the item states a number right after a word of three letters or more that no member says,
 * and a member states that number after another such word the item does not say ("Boom 4" against "Wonderboom 4"), or
 * each glues two other letters to it ("TP07" against "HP07"). A count of users or computers ("Antispyware 3 User",
 * "Sweeper 3 PC") and one word written otherwise ("Dlux 2", "Copydvds 2") are no line.
 */
export function lineWordsApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  for (const [key, values] of numberedWords(item)) {
    if (members.some((member) => member.tokens.has(key))) continue;
    for (const member of members) {
      for (const [theirKey, theirValues] of numberedWords(member)) {
        if (item.tokens.has(theirKey) || sameWord(item, key, member, theirKey)) continue;
        const shared = [...values].filter((value) => theirValues.has(value) && !item.listing.seats.has(value) && !member.listing.seats.has(value));
        // Words of three letters or more, or two letters glued to the number on both sides ("TP07" and "HP07").
        if (shared.some((value) => (key.length >= 3 && theirKey.length >= 3) || (gluedCode(item, key, value) && gluedCode(member, theirKey, value)))) return true;
      }
    }
  }
  return false;
}

/** Whether an offer writes two letters and a number of two digits or more as one code ("TP07", "HP07"). */
function gluedCode(offer: PreparedOffer, letters: string, value: string): boolean {
  if (letters.length !== 2) return false;
  return [...offer.tokens].some((token) => token.startsWith(letters) && /^\d{2,3}$/.test(token.slice(2)) && String(Number(token.slice(2))) === value);
}

const tokensCache = new WeakMap<PreparedOffer, readonly string[]>();
/** An offer's title words in order, repeats kept (worked out once per prepared offer). */
function titleTokens(offer: PreparedOffer): readonly string[] {
  let tokens = tokensCache.get(offer);
  if (!tokens) tokensCache.set(offer, (tokens = tokenizeTitle(offer.title)));
  return tokens;
}

/** The word an offer writes right after `word`, or undefined. */
function wordAfter(offer: PreparedOffer, word: string): string | undefined {
  const tokens = titleTokens(offer);
  const at = tokens.indexOf(word);
  return at >= 0 ? tokens[at + 1] : undefined;
}

/**
 * A line's model named by a word against one numbered: two members or more all write one word right after a word of
 * the line ("Switch OLED") that the item numbers ("Switch 2") and does not say, or all number it alike where the item
 * writes a word there none of them says.
 */
export function lineNamesApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  if (members.length < 2) return false;
  const named = (word: string | undefined): word is string => word !== undefined && /^[a-z]{2,}$/.test(word);
  for (const key of item.lineNumbers.keys()) {
    if (key.length < 3 || members.some((member) => member.lineNumbers.has(key))) continue;
    const after = members.map((member) => wordAfter(member, key));
    const [first] = after;
    if (named(first) && after.every((word) => word === first) && !item.tokens.has(first)) return true;
  }
  const keys = new Set(members.flatMap((member) => [...member.lineNumbers.keys()]));
  for (const key of keys) {
    if (key.length < 3 || item.lineNumbers.has(key) || !item.tokens.has(key)) continue;
    const numbers = members.map((member) => [...(member.lineNumbers.get(key) ?? [])].join(' '));
    const mine = wordAfter(item, key);
    if (numbers[0] && numbers.every((number) => number === numbers[0]) && named(mine) && !members.some((member) => member.tokens.has(mine))) return true;
  }
  return false;
}

/** Words an edition word follows where it describes something else than the item's model ("with Extra Band"). */
const NOT_A_NAME = new Set(['with', 'w', 'and', 'or', 'plus', 'for', 'the', 'a', 'new']);
const NAMED_EDITION_RE = new RegExp(`(?<![\\p{L}\\p{N}-])([\\p{L}\\p{N}]+)\\s+(${[...VARIANT_EDITIONS].join('|')})(?![\\p{L}\\p{N}-])`, 'gu');

/**
 * The variant editions a title writes right after a word of its name ("V15 Detect Extra", "Galaxy Buds3 Pro"), each
 * with that word; not one joined to the next word ("Ultra-Lightweight"), after a word that begins another thing ("with
 * Extra Ink") or that the title's editions leave out ("4K Ultra HD").
 */
const namedEditionsCache = new WeakMap<PreparedOffer, ReadonlyMap<string, string>>();
function namedVariantEditions(offer: PreparedOffer): ReadonlyMap<string, string> {
  const known = namedEditionsCache.get(offer);
  if (known) return known;
  const out = new Map<string, string>();
  if (offer.editions.size > 0) {
    for (const [, lead, edition] of foldText(offer.title).matchAll(NAMED_EDITION_RE)) {
      if (lead && edition && offer.editions.has(edition) && !NOT_A_NAME.has(lead) && !out.has(edition)) out.set(edition, lead);
    }
  }
  namedEditionsCache.set(offer, out);
  return out;
}

/**
 * Two models of one name, one of them an edition ("Dyson V15 Detect Extra" against "Dyson V15 Detect"): the item writes
 * a variant edition right after a word that two members or more all state and none of them names that edition, or
 * they all write one right after the same word, which the item states without it.
 */
export function nameEditionsApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  if (members.length < 2) return false;
  for (const [edition, lead] of namedVariantEditions(item)) {
    if (members.every((member) => member.tokens.has(lead) && !member.tokens.has(edition))) return true;
  }
  const theirs = members.map(namedVariantEditions);
  for (const [edition, lead] of theirs[0] ?? []) {
    if (theirs.every((named) => named.get(edition) === lead) && item.tokens.has(lead) && !item.tokens.has(edition)) return true;
  }
  return false;
}

/** Words a marketplace listing may begin with that say its condition, not what it is ("Renewed MX Keys S …"). */
const LISTING_CONDITION_WORDS: ReadonlySet<string> = new Set(['brand', 'new', 'sealed', 'renewed', 'refurbished', 'certified', 'open', 'box', 'used', 'pre', 'owned']);

/**
 * The two words of a title's name, where shops put them: right after the brand's words ("Bose SoundLink Flex", "Nikon
 * Z6III"), or its first two where it does not begin with the brand ("SoundLink Flex …"), after the words of a listing's
 * condition ("Renewed", "Brand New"); null where it begins with part of the brand's words only.
 */
const nameWordsCache = new WeakMap<PreparedOffer, ReadonlyArray<string | undefined> | null>();
function nameWords(offer: PreparedOffer): ReadonlyArray<string | undefined> | null {
  if (nameWordsCache.has(offer)) return nameWordsCache.get(offer) ?? null;
  const all = titleTokens(offer);
  const tokens = all.slice(Math.max(0, all.findIndex((token) => !LISTING_CONDITION_WORDS.has(token))));
  const brand = offer.brand?.split(' ') ?? [];
  let at = 0;
  while (at < brand.length && tokens[at] === brand[at]) at++;
  const words = at > 0 && at < brand.length ? null : [tokens[at], tokens[at + 1]];
  nameWordsCache.set(offer, words);
  return words;
}

const LETTERS = /^[a-z]{2,}$/;

/** One word, or one of them the other cut short as marketplaces do ("Port." for "Portable"), three letters or more. */
const shortened = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a)));

/**
 * Two models named apart: two members or more all write one word at a place of the name where the item writes
 * another, and neither side states the other's. The first place holds a line's name or a model's code ("Nikon Z6III"
 * against "Nikon Z f"); the second, after a line's word all of them write, a model's name ("Bose SoundLink Micro"
 * against "Bose SoundLink Flex", "Logitech MX Mechanical" against "MX Keys"), words of letters only (a model's number is
 * read by the rules above). A word cut short is the word ("Seagate Port. Drive").
 */
export function lineModelWordsApart(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const mine = nameWords(item);
  if (members.length < 2 || !mine) return false;
  const theirs = members.map(nameWords);
  const apart = (word: string | undefined, others: Array<string | undefined>) => {
    const [other] = others;
    return (
      word !== undefined &&
      other !== undefined &&
      !shortened(word, other) &&
      others.every((each) => each === other) &&
      !item.tokens.has(other) &&
      members.every((member) => !member.tokens.has(word))
    );
  };
  const [line, model] = mine;
  const lines = theirs.map((words) => words?.[0]);
  if (apart(line, lines)) return true;
  const models = theirs.map((words) => words?.[1]);
  return line !== undefined && LETTERS.test(line) && lines.every((each) => each === line) && model !== undefined && LETTERS.test(model) && models.every((each) => each !== undefined && LETTERS.test(each)) && apart(model, models);
}
