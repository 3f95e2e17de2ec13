/**
 * Attributes pulled out of free-text titles: model-number candidates and colours; measured quantities are read in
 * quantities.ts and exported from here too.
 */
import { MARKETING_WORDS, STOP_WORDS, VARIANT_EDITIONS, foldText, isStorageSize, normaliseModel } from './normalise';
import { COLOUR_CANON, COLOUR_RE, COLOURS } from './colour-words';

export { extractQuantities, multipackCounts, quantitiesByKind, type Quantity, type QuantityKind } from './quantities';

/**
 * The words again with their last word completed to each longer colour name it begins ("… midnight" → "… midnight
 * blue"), for words cut short inside a colour's name (a retailer's URL slug); none when the last word begins none.
 */
export function cutColourCompletions(words: string): string[] {
  const trimmed = words.trimEnd();
  const last = foldText(trimmed.slice(trimmed.search(/\S+$/)));
  if (!last) return [];
  return COLOURS.filter((colour) => colour.startsWith(`${last} `)).map((colour) => `${trimmed}${colour.slice(last.length)}`);
}

/** Colour names in a title, canonicalised ("grey" → "gray"), without duplicates. */
export function extractColours(title: string): string[] {
  return [...new Set(colourSpellings(title).map(canonicalColour))];
}

/** Colour codes makers end a model number with, glued on ("LMVM2085BK", "F8N044GRN") or after a slash or dash. */
const CODE_COLOURS: Readonly<Record<string, string>> = {
  bk: 'black', blk: 'black', wh: 'white', wht: 'white', sl: 'silver', slv: 'silver', rd: 'red', blu: 'blue', bu: 'blue',
  gy: 'gray', gry: 'gray', pk: 'pink', pnk: 'pink', gn: 'green', grn: 'green',
};
/** One letter is a colour's code only after a slash or dash ("DVP-NS700H/B", "DVP-FX820/L"), as Sony writes them. */
const SEPARATED_CODE_COLOURS: Readonly<Record<string, string>> = { ...CODE_COLOURS, b: 'black', w: 'white', s: 'silver', r: 'red', l: 'blue', p: 'pink' };

/** Colours a maker's letters after a model number may abbreviate (`abbreviatedColours`). */
const ABBREVIATED_COLOURS = ['black', 'white', 'silver', 'red', 'blue', 'green', 'gray', 'grey', 'pink', 'purple', 'brown', 'gold', 'yellow', 'orange', 'beige', 'navy', 'bronze'];

/** The colours whose names hold a code's letters in order, beginning with its first: "bk", "blk" black; "bl" black or blue. */
function abbreviatedColours(code: string): string[] {
  return ABBREVIATED_COLOURS.filter((colour) => {
    if (colour[0] !== code[0]) return false;
    let at = 0;
    for (const letter of colour) if (letter === code[at]) at++;
    return at === code.length;
  });
}

/**
 * Two model numbers (normalised: upper-case letters and digits) that are one model with its colour's code written two
 * ways: "SRSA212BK" and "SRSA212BLK", "RXV663BK" and "RXV663BL", "MDREX55BK" and "EX55BLK" (the maker's series
 * letters glued on in front by one of them). The letters after the last digit differ, and some colour's name holds
 * each; "DVPFX820P" and "DVPFX820W" are a pink and a white one.
 */
export function colourCodesAlike(a: string, b: string): boolean {
  const [, stemA, codeA] = /^(.*\d)([A-Z]{1,3})$/.exec(a) ?? [];
  const [, stemB, codeB] = /^(.*\d)([A-Z]{1,3})$/.exec(b) ?? [];
  if (!stemA || !stemB || !codeA || !codeB || codeA === codeB) return false;
  const [short, long] = stemA.length <= stemB.length ? [stemA, stemB] : [stemB, stemA];
  if (short !== long && !(short.length >= 4 && /[A-Z]/.test(short) && long.endsWith(short) && !/\d/.test(long[long.length - short.length - 1] ?? ''))) return false;
  const theirs = new Set(abbreviatedColours(codeB.toLowerCase()));
  return abbreviatedColours(codeA.toLowerCase()).some((colour) => theirs.has(colour));
}

/**
 * The colours the codes of a title's or model field's model numbers end with, for a listing whose words name none:
 * the code follows a model's letters and then digits ("LMVM2085BK", "DVP-NS700H/B"; not "99Wh" or "80MB/s", measures).
 */
export function codeColours(title: string, model?: string | null): string[] {
  const out = new Set<string>();
  const text = foldText(`${title} ${model ?? ''}`).replace(/\s*\/\s*/g, '/');
  for (const token of text.split(/\s+/)) {
    if (!/\d/.test(token)) continue;
    const separated = /^(.*\d[a-z0-9]*)[/-]([a-z]{1,3})$/.exec(token);
    const glued = separated ? null : /^(.*\d)([a-z]{2,3})$/.exec(token);
    const [stem, code] = separated ? [separated[1], separated[2]] : glued ? [glued[1], glued[2]] : [];
    if (!stem || !code || !/[a-z][^a-z]*\d/.test(stem)) continue;
    const colour = (separated ? SEPARATED_CODE_COLOURS : CODE_COLOURS)[code];
    if (colour) out.add(colour);
  }
  return [...out];
}

/**
 * A title's colour names as it writes them together: colour words next to one another are one name ("Black Titanium",
 * "Titanium Gray", "Midnight Black"), each word canonicalised; a colour alone is a name of one word. "Black/Silver" is
 * two.
 */
export function colourNames(title: string): string[] {
  const { text, matches } = colourReading(title);
  const names: string[][] = [];
  let end = -1;
  for (const match of matches) {
    const colour = canonicalColour(match.spelling);
    const last = names.at(-1);
    if (last && end >= 0 && /^\s+$/.test(text.slice(end, match.start))) last.push(colour);
    else names.push([colour]);
    end = match.end;
  }
  return [...new Set(names.map((words) => words.join(' ')))];
}

/**
 * Whether two sets of colour names (`colourNames`) name two finishes of one material or shade, which their colour
 * words alone do not tell apart: "black titanium" and "white titanium" share "titanium", "titanium gray" and "titanium
 * black" share "titanium". Each side has a name of two words, the two names share one word, and no name of one side
 * holds the words of one of the other's ("black titanium" and "black", "titanium": one colour written more or less
 * fully). Longer runs ("blue gray black") are lists of colours, not finishes.
 */
export function colourNamesApart(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  const words = (name: string) => name.split(' ');
  const within = (p: string, q: string) => words(p).every((word) => words(q).includes(word));
  const finishes = (names: ReadonlySet<string>) => [...names].filter((name) => words(name).length === 2);
  const shareOne = (p: string, q: string) => words(p).filter((word) => words(q).includes(word)).length === 1;
  const differ = finishes(x).some((p) => finishes(y).some((q) => shareOne(p, q)));
  return differ && ![...x].some((p) => [...y].some((q) => within(p, q) || within(q, p)));
}

/**
 * Colour words that name the material of a maker's finish beside its colour ("Natural Titanium", "Titanium Black",
 * "Titanium Case - Natural"): beside another colour, that other colour tells the variant.
 */
const FINISH_MATERIALS: ReadonlySet<string> = new Set(['titanium', 'stainless steel']);

/**
 * Whether two sets of colours name two variants: both state colours and share none, the material of a finish set aside
 * where both state another colour ("Titanium Case - Natural" against "Titanium Case, Black").
 */
export function coloursApart(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  const coloured = (colours: ReadonlySet<string>) => [...colours].filter((colour) => !FINISH_MATERIALS.has(colour));
  const [mine, theirs] = [coloured(x), coloured(y)];
  const [a, b] = mine.length > 0 && theirs.length > 0 ? [mine, new Set(theirs)] : [[...x], y];
  return a.length > 0 && b.size > 0 && !a.some((colour) => b.has(colour));
}

/** A colour's name as `extractColours` writes it ("grey" → "gray", "blk" → "black"). */
export const canonicalColour = (spelling: string): string => COLOUR_CANON[spelling] ?? spelling;

/** Colour names in a title as it writes them, folded ("grey", "space grey", "blk"), in order, repeats kept. */
export function colourSpellings(title: string): string[] {
  return colourReading(title).matches.map((match) => match.spelling);
}

/** A title folded, and the colour words found in it: each as written (spaces single), where it starts and ends. */
interface ColourReading {
  readonly text: string;
  readonly matches: ReadonlyArray<{ readonly spelling: string; readonly start: number; readonly end: number }>;
}

/**
 * The colour readings of the titles read last: a product's name and facts, and every ranking an offer takes part in,
 * read its listings' titles again, and the colour pattern is long. At most `READINGS_KEPT`, then forgotten at once.
 */
const colourReadings = new Map<string, ColourReading>();
const READINGS_KEPT = 20_000;

function colourReading(title: string): ColourReading {
  const kept = colourReadings.get(title);
  if (kept) return kept;
  const text = foldText(title);
  const matches = [...text.matchAll(COLOUR_RE)].map((m) => ({ spelling: (m[1] as string).replace(/\s+/g, ' '), start: m.index, end: m.index + m[0].length }));
  if (colourReadings.size >= READINGS_KEPT) colourReadings.clear();
  const reading = { text, matches };
  colourReadings.set(title, reading);
  return reading;
}

/** Words after which a number is a measure, not a line number ("30 hour", "2 pack", "65 inch"). */
const MEASURE_WORD = /^(?:hours?|hrs?|days?|weeks?|months?|years?|minutes?|mins?|seconds?|secs?|inch|inches|in|zoll|pouces?|pulgadas?|pollici|cali|duim|ft|feet|foot|yards?|pack|packs|count|ct|pcs|pieces?|sets?|sheets?|box|boxes|hole|shelves|shelf|handsets?|bright|brightness|cups?|quarts?|qt|oz|ounces?|lbs?|pounds?|ml|l|liters?|litres?|gallons?|gal|mm|cm|m|meters?|metres?|km|kb|mb|gb|tb|mp|w|watts?|v|volts?|mah|hz|khz|mhz|ghz|x|times|percent|people|persons?|players?|ports?|slots?|speeds?|channels?|bit)$/;
/** Words a number follows as an amount, not as the name of a model line ("up 30", "over 100"). */
const AMOUNT_WORDS: ReadonlySet<string> = new Set(['up', 'over', 'under', 'than', 'about', 'approx', 'around', 'only', 'just', 'ages', 'age', 'pack', 'set', 'of', 'x', 'by', 'plus', 'and', 'or']);

/**
 * A generation in Roman numerals, by its place ("Emberton III", "Alpha 7 IV", "EOS R6 Mark II"); "i", "v" and "x" are
 * as often a letter of a name ("Series X", "V-Series") and are left out.
 */
const ROMAN_GENERATIONS = ['', '', 'ii', 'iii', 'iv', '', 'vi', 'vii', 'viii', 'ix'];
/** The word a generation in Roman numerals follows: a name's word, or its number ("Alpha 7 IV", "7R IV"). */
const GENERATION_AFTER = /^(?:[a-z]+|[a-z]*\d{1,3}[a-z]?)$/;

/**
 * Numbers that name a product line's model or generation, keyed by the word they follow: "IdeaPad Slim 7" →
 * slim: 7, "GoPro HERO 13" → hero: 13, "Space Q 55" → q: 55, and short glued forms keyed by their letters: "EOS R5"
 * → r: 5, "iPad Pro M4" → m: 4; a generation in Roman numerals as its number ("Emberton III" → emberton: 3, "Alpha 7
 * IV" → 7: 4). Numbers that measure or count something ("30 hour", "pack of 24") are left out.
 * Two items with the same key and no number in common are different lines.
 */
export function extractLineNumbers(tokens: readonly string[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [i, token] of tokens.entries()) {
    const generation = romanGeneration(tokens, i);
    if (generation) {
      addLineNumber(found, ...generation);
      continue;
    }
    const [, letters, digits] = /^([a-z]{1,2})(\d{1,3})$/.exec(token) ?? [];
    if (letters !== undefined && digits !== undefined) {
      addLineNumber(found, letters, digits);
      continue;
    }
    // A line number may end in a letter of its own ("iPhone 16e", "Pixel 8a"): another model than the plain number.
    // Letters of units and specs ("4k", "5g", "1080p", "6s"…) are not such letters.
    const [, number, letter] = /^(\d{1,3})([abcefhjnoqrtuyz])$/.exec(token) ?? [];
    const lettered = number !== undefined && letter !== undefined;
    const before = tokens[i - 1];
    if ((!lettered && !/^\d{1,3}$/.test(token)) || before === undefined) continue;
    if (!/^[a-z]+$/.test(before) || AMOUNT_WORDS.has(before)) continue;
    const next = tokens[i + 1];
    // Nor a number another number follows: a measure's parts ("34-1/2 W", read "34 1 2w") or a range.
    if (next !== undefined && (MEASURE_WORD.test(next) || /^\d+$/.test(next))) continue;
    if (lettered) addLineNumber(found, before, number, letter);
    else addLineNumber(found, before, token);
  }
  return found;
}

/** The generation the token at `i` writes in Roman numerals, with the word it follows ("Mark IV" → mark, 4). */
function romanGeneration(tokens: readonly string[], i: number): [string, string] | undefined {
  const generation = ROMAN_GENERATIONS.indexOf(tokens[i] ?? '');
  const named = tokens[i - 1];
  return generation >= 2 && named !== undefined && GENERATION_AFTER.test(named) && !AMOUNT_WORDS.has(named) ? [named, String(generation)] : undefined;
}

/**
 * The generations a title writes in Roman numerals, by the word they follow ("Canon EOS 5D Mark IV" → mark: 4): the
 * line numbers that cannot be a count, a size or a version of something else.
 */
export function extractGenerations(tokens: readonly string[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const i of tokens.keys()) {
    const generation = romanGeneration(tokens, i);
    if (generation) addLineNumber(found, ...generation);
  }
  return found;
}

function addLineNumber(found: Map<string, Set<string>>, key: string, value: string, letter = ''): void {
  let values = found.get(key);
  if (!values) found.set(key, (values = new Set()));
  values.add(String(Number(value)) + letter);
}

// Tokens that mix letters and digits but are units, resolutions or common specs, not models.
const NOT_A_MODEL = [
  /^\d+(?:\.\d+)?(?:kb|mb|gb|tb|ko|mo|go|to|in|inch|w|watts?|kw|mah|hz|khz|mhz|ghz|mm|cm|m|mp|ft|oz|lb|lbs|v|mw|ml|l|g|kg|x|k|p|i|pk|ct|pcs|pack|st|nd|rd|th|s|d|hr|hrs|min|yr|yrs|mbps|gbps|kbs|mbs|gbs|ms|rpm|db|ohm|a|ma|amp|mph)$/,
  // Durations and counts written with a word ("30-Hour Battery Life", "2-Year Protection Plan", "4-Port").
  /^\d+(?:hours?|years?|days?|months?|weeks?|minutes?|mins|seconds?|secs?|pieces?|ports?|cups?|quarts?|qt|inches|feet|foot|cores?|speeds?|persons?|people|gallons?|gal|lumens?|btu|digits?|way|users?|colou?rs?|channels?)$/,
  /^(?:hdmi|ddr|pc|wii|xbox|win|windows|office|cat|sata|pcie|ieee|mpeg|vol|version|gen|series|no|model|part|type|class|grade|level|size|wifi)\d+(?:\.\d+)?[a-z]?$/,
  // A format, an interface or a device with its short number or a year ("MP3", "USB 3.0", "iPad 2", "DVD 2006"); with
  // another number of three digits or more the same letters begin a model number (Canon's "MP620", Sierra's "USB760",
  // Verbatim's "VER97185").
  /^(?:mp|usb|ipod|iphone|ipad|dvd|cd)(?:\d{1,2}|(?:19|20)\d\d)[a-z]?$/,
  /^ver\d{1,4}[a-z]?$/,
  // A console's name ("PS5"); "PS-4000E" is a model number.
  /^ps\d[a-z]?$/,
  // A card's read or write speed ("r30MB/s", "160MB/sec") and its bus class ("UHS-1").
  /^[rw]\d+(?:mb|gb)s?$/,
  /^\d+(?:mb|gb)sec$/,
  /^uhs\d$/,
  // A count of functions ("3-in-1"), or a port or a plug ("RS-232", "HDB15", "DB9"): what many makers' items have.
  /^\d+in\d+$/,
  /^(?:rs\d{3}|hdb\d{2}|db\d{1,2})$/,
  /^\d+x\d+$/,
  /^\d+(?:st|nd|rd|th)$/,
  /^(?:1080|720|480|2160|1440)[pi]$/,
  /^\d{3,4}x\d{3,4}[pi]?$/,
  /^802\d*[a-z]*$/,
];

/** Words of a listing's condition, never the start of a model number ("Open Box S2426DS" is no BOXS2426DS). */
const CONDITION_WORDS: ReadonlySet<string> = new Set(['box', 'open', 'used']);

/** A lens's aperture or its range, written with its slash, point or dash ("f/1.4", "f2.8", "f/4-5.6", "F4.0-5.6"). */
const APERTURE = /^f(?:\/\d{1,2}(?:\.\d)?|\d{1,2}\.\d|\d{1,2}(?=-))(?:-\d{1,2}(?:\.\d)?)?$/;

function isModelLike(word: string): boolean {
  const hasDigit = /\d/.test(word);
  if (!hasDigit || APERTURE.test(word)) return false;
  const hasLetter = /[a-z]/.test(word);
  // A count joined to its word by a hyphen ("12-Digit", "3-Way", "2-Color", "5-User"): what the item has, not its name.
  if (/^\d+-[a-z]{3,}$/.test(word)) return false;
  const alnum = word.replace(/[^a-z0-9]/g, '');
  // Nor is a Wi-Fi standard ("802.11").
  if (!hasLetter) return alnum.length >= 5 && !/^(?:19|20)\d\d$/.test(alnum) && !/^802\.\d{1,2}$/.test(word);
  if (alnum.length < 3) return false;
  return !NOT_A_MODEL.some((re) => re.test(alnum)) && !isCurrentOrWifiClass(alnum);
}

/**
 * "AC" or "DC" with a voltage ("DC12V", "AC220"), or a Wi-Fi class ("AC1200", "AX3000": hundreds from 600 up, in
 * steps of 50), or either with a number too short to name anything: no model number. With another number, the letters
 * begin one: Cyber Acoustics' "AC-401" headset, Corsair's "AX860i" power supply, Canon's "DC320" camcorder.
 */
function isCurrentOrWifiClass(alnum: string): boolean {
  const m = /^(ac|ax|dc)(\d+)(v?)$/.exec(alnum);
  if (!m) return false;
  const n = Number(m[2]);
  if (m[3] === 'v' || n < 100) return true;
  if (m[1] === 'ac' && n <= 240) return true;
  return m[1] !== 'dc' && n >= 600 && n % 50 === 0;
}

/**
 * Model-number candidates in a title, normalised with {@link normaliseModel}:
 * words that mix letters and digits ("CE285A", "SL-C1000"), long digit runs (≥ 5 digits,
 * not years), and a short letter prefix joined with the next word ("WH 1000XM5" → "WH1000XM5").
 * Unit quantities ("64GB"), resolutions ("1080p") and interface names ("USB3") are skipped.
 */
export function extractModelCandidates(title: string): readonly string[] {
  // The same title is read more than once (its model keys when it is stored, its features when it is scored):
  // recent answers are kept.
  const known = recentCandidates.get(title);
  if (known) return known;
  const found = Object.freeze(findModelCandidates(title));
  if (recentCandidates.size >= RECENT_LIMIT) recentCandidates.clear();
  recentCandidates.set(title, found);
  return found;
}

const RECENT_LIMIT = 20_000;
const recentCandidates = new Map<string, readonly string[]>();

/**
 * A number that goes on into another group of digits ("920-015714", or "920 015714" in a slug) starts a part number of
 * its own: the word before it is no prefix of it ("Keys Mini 920-015714" is not model "MINI920015714").
 */
function startsPartNumber(word: string, after: string | undefined): boolean {
  return /^\d+-\d/.test(word) || (/^\d+$/.test(word) && after !== undefined && /^\d{3,}$/.test(after));
}

/**
 * The word at `i` is the "x" of a size or a resolution ("2400 dpi x 2400 dpi", "1920 x 1080"): it follows a number,
 * or a number's unit, and is no letter of a model number with the number after it ("X2400").
 */
function timesSign(words: readonly string[], i: number): boolean {
  if (words[i] !== 'x' || i === 0) return false;
  const before = words[i - 1] ?? '';
  return /\d$/.test(before) || (/^[a-z]{1,4}$/.test(before) && /\d$/.test(words[i - 2] ?? ''));
}

/**
 * An edition word (`VARIANT_EDITIONS`) or a colour before a storage size typed without its unit ("tab s9 fe 128",
 * "iphone 16 pro 256", "s24 ultra titanium gray 512") is the edition or the colour and the capacity, not a code "FE128"
 * or "GRAY512" that conflicts with the listings' own model numbers.
 */
const STORAGE_MIN = 16;
const isStorageAfterEdition = (number: string) => isStorageSize(number) && Number(number) >= STORAGE_MIN;

function findModelCandidates(title: string): string[] {
  const text = foldText(title);
  const words = text.split(/[\s,;:()[\]{}|!?*]+/).map((w) => w.replace(/^[-/.#'"+]+|[-/.#'"+]+$/g, ''));
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word) continue;
    // "ktc-d320/1g" style: a word with internal slashes can be both whole and in parts.
    const parts = word.includes('/') ? [word, ...word.split('/')] : [word];
    for (const part of parts) {
      if (isModelLike(part)) {
        const n = normaliseModel(part);
        if (n) out.add(n);
      }
    }
    const next = words[i + 1];
    if (
      next &&
      !timesSign(words, i) &&
      !startsPartNumber(next, words[i + 2]) &&
      /^[a-z]{1,4}$/.test(word) &&
      !STOP_WORDS.has(word) &&
      !MARKETING_WORDS.has(word) &&
      !CONDITION_WORDS.has(word) &&
      !((VARIANT_EDITIONS.has(word) || extractColours(word).length > 0) && isStorageAfterEdition(next)) &&
      /^[a-z0-9-]+$/.test(next) &&
      (isModelLike(next) || /^\d{3,}$/.test(next)) &&
      isModelLike(word + next)
    ) {
      const joined = normaliseModel(word + next);
      if (joined && joined.length >= 5) out.add(joined);
    }
  }
  return [...out];
}
