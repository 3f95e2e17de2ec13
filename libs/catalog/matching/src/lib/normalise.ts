/**
 * Normalisation of the identifiers and words that product matching compares.
 *
 * Decisions (documented here because callers rely on them):
 * - Model numbers / MPNs: upper-cased, every character that is not A–Z or 0–9 removed
 *   ("WH-1000XM5", "wh 1000 xm5" and "WH/1000.XM5" are all "WH1000XM5").
 * - Brands: lower-cased, diacritics and punctuation removed, legal and corporate suffixes
 *   ("Inc.", "Corp.", "Co.", "Ltd", "LLC", "Electronics", "Systems", …) stripped, then mapped
 *   through a table of known aliases ("hewlett packard" → "hp").
 * - GTIN: UPC-A (12), EAN-13 (13), EAN-8 (8) and GTIN-14 (14) are left-padded with zeros to
 *   14 digits after the check digit is verified, so a UPC-A and the EAN-13 with a leading
 *   zero compare equal. Invalid codes normalise to null.
 */
import { foldAccents } from '@pricehunt/contracts';
import { englishColourWord } from './colour-words';
import { englishKindWord } from './kind-words';

/**
 * Lower-case, strip diacritics and mark signs (`foldAccents`), map typographic quotes and dashes to ASCII, read a
 * measure's decimal comma as a point (`DECIMAL_COMMA`).
 */
let lastFoldIn = '';
let lastFoldOut = '';
export function foldText(input: string): string {
  // Preparing one offer folds the same title several times in a row.
  if (input === lastFoldIn) return lastFoldOut;
  const out = foldUncached(input);
  lastFoldIn = input;
  lastFoldOut = out;
  return out;
}

/** A generation written as an ordinal ("2nd generation", "3rd gen") is the line's number ("AirPods Pro 2"). */
const ORDINAL_GENERATION = /\b(\d{1,2})(?:st|nd|rd|th)[\s-]+gen(?:eration)?\b/g;

/**
 * A decimal comma before a unit, as European shops write a measure ("1,5 TB", "15,6 Zoll", "20,1 MP"): the number's
 * decimal point, where the comma parted it into two numbers ("1,5 TB" read as 5 TB). A comma before three digits
 * groups thousands ("7,450MB/s"), and one before no unit parts a list ("iPhone 12,13").
 */
const DECIMAL_COMMA = /(?<![\d.,])(\d{1,4}),(\d{1,2})(?=\s?(?:kb|mb|gb|tb|go|to|zoll|pouces?|pulgadas?|pollici|cali|duim|cm|mm|ml|cl|l|kg|g|kw|w|v|mah|ah|mp|khz|mhz|ghz|hz|"|'')(?![a-z]))/g;

/**
 * A point set apart from the number or code before it, as some feeds space out all punctuation ("f/3 .5",
 * "usb2 .0", "9N00 .101"): that number's decimal point or the code's separator, where the space made two words.
 */
const SPACED_POINT = /([a-z0-9]) \.(\d)/g;

function foldUncached(input: string): string {
  // eslint-disable-next-line no-control-regex
  const folded = /^[\x00-\x7f]*$/.test(input)
    ? input.toLowerCase()
    : foldAccents(input)
        .replace(/[\u2018\u2019\u2032]/g, "'")
        .replace(/[\u201c\u201d\u2033]/g, '"')
        .replace(/[\u2010-\u2015]/g, '-');
  const spaced = folded.includes(' .') ? folded.replace(SPACED_POINT, '$1.$2') : folded;
  const decimal = spaced.includes(',') ? spaced.replace(DECIMAL_COMMA, '$1.$2') : spaced;
  return decimal.includes('gen') ? decimal.replace(ORDINAL_GENERATION, '$1') : decimal;
}

/** "WH-1000XM5" ≡ "wh1000xm5": upper-case, keep only letters and digits. Empty → null. */
export function normaliseModel(input: string | null | undefined): string | null {
  if (input == null) return null;
  const out = foldText(String(input)).toUpperCase().replace(/[^A-Z0-9]/g, '');
  return out.length > 0 ? out : null;
}

/**
 * A stated model field that is words rather than a code, which feeds put there for want of a part number and which
 * another retailer words otherwise; it is no identifier to conflict with:
 * - two or more words of letters alone, four letters or more ("5590 Digital Flatbed Scanne", "Video Spectra 1.5",
 *   "HP 45 Black Inkjet Print Cartridge");
 * - or the name's words apart: three or more, none mixing letters and digits, two of them letters alone ("elph 100
 *   hs - bl", "hd 280 pro"), where a code keeps its letters and digits together ("WH 1000XM5", "SL-C1000").
 */
export function modelFieldIsWords(model: string | null | undefined): boolean {
  if (!model) return false;
  const words = model.trim().split(/\s+/);
  if (words.filter((word) => /^[A-Za-z]{4,}$/.test(word)).length >= 2) return true;
  if (words.length < 3) return false;
  const parts = model.match(/[A-Za-z0-9]+/g) ?? [];
  return !parts.some((part) => /[A-Za-z]/.test(part) && /\d/.test(part)) && parts.filter((part) => /^[A-Za-z]+$/.test(part)).length >= 2;
}

/** A part-number field as an identifier (`normaliseModel`), or null when the field is words (`modelFieldIsWords`). */
export function normalisePartNumber(field: string | null | undefined): string | null {
  return modelFieldIsWords(field) ? null : normaliseModel(field);
}

const LEGAL_SUFFIXES = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llc', 'plc',
  'gmbh', 'ag', 'sa', 'srl', 'bv', 'nv', 'kk', 'pty', 'lp', 'llp',
]);
/** Trailing descriptive words that do not distinguish one maker from another. */
const CORPORATE_WORDS = new Set([
  'electronics', 'electronic', 'systems', 'system', 'software', 'international', 'intl', 'usa', 'us',
  'america', 'americas', 'north', 'technologies', 'technology', 'tech', 'communications', 'computer',
  'computers', 'group', 'holdings', 'industries', 'enterprises', 'consumer', 'products', 'entertainment',
  'interactive', 'digital media', 'brands', 'manufacturing', 'mfg', 'worldwide', 'global',
]);

/** Known alias → canonical brand. Keys are already folded and stripped of suffixes. */
const BRAND_ALIASES: Record<string, string> = {
  'hewlett packard': 'hp',
  'hewlettpackard': 'hp',
  'hp inc': 'hp',
  'hpe': 'hp',
  'sony electronics': 'sony',
  'sony computer': 'sony',
  'samsung electronics': 'samsung',
  'lg electronics': 'lg',
  'western digital': 'wd',
  'apple computer': 'apple',
  'computer associates': 'ca',
  'ca international': 'ca',
  'microsoft software': 'microsoft',
  'ms': 'microsoft',
  'adobe systems': 'adobe',
  'panasonic consumer': 'panasonic',
  'canon usa': 'canon',
  'nikon usa': 'nikon',
  'kodak eastman': 'kodak',
  'eastman kodak': 'kodak',
  'garmin international': 'garmin',
  'tom tom': 'tomtom',
  'jvc kenwood': 'jvc',
  'dlink': 'd-link',
  'd link': 'd-link',
  'black and decker': 'black & decker',
  'black decker': 'black & decker',
  'procter and gamble': 'p&g',
  'procter gamble': 'p&g',
  'the learning company': 'learning company',
  'nuance communications': 'nuance',
  'symantec norton': 'symantec',
  'norton': 'symantec',
  'mcafee inc': 'mcafee',
  'belkin international': 'belkin',
  'logitech international': 'logitech',
  'netgear inc': 'netgear',
  'linksys by cisco': 'linksys',
  'cisco linksys': 'linksys',
  'sandisk corporation': 'sandisk',
  'bose corporation': 'bose',
  'fuji': 'fujifilm',
  'fuji film': 'fujifilm',
  'kitchen aid': 'kitchenaid',
  'tplink': 'tp link',
  // Oculus headsets are sold as Meta's ("Meta Quest 3"), and shoppers still call them by the old name.
  'oculus': 'meta',
  'oculus vr': 'meta',
  'meta platforms': 'meta',
};

/**
 * The other names of each brand that has them, by its canonical key: "hp" → "hewlett packard", "hewlettpackard", …
 * (what a shopper may type for the name listings write).
 */
export function brandAliasSpellings(): ReadonlyMap<string, readonly string[]> {
  const spellings = new Map<string, string[]>();
  for (const [alias, brand] of Object.entries(BRAND_ALIASES)) spellings.set(brand, [...(spellings.get(brand) ?? []), alias]);
  return spellings;
}

/**
 * Canonical brand key: "Sony Electronics Inc." → "sony", "Hewlett-Packard" → "hp".
 * Returns null for empty input.
 */
export function normaliseBrand(input: string | null | undefined): string | null {
  if (input == null) return null;
  let s = foldText(String(input))
    .replace(/&/g, ' and ')
    .replace(/[®™©]/g, ' ')
    .replace(/[.,'"()]/g, ' ')
    .replace(/[-_/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!s) return null;
  const direct = BRAND_ALIASES[s];
  if (direct) return direct;
  let words = s.split(' ');
  // Strip trailing legal and corporate words, never down to nothing.
  while (words.length > 1) {
    const last = words[words.length - 1] as string;
    if (LEGAL_SUFFIXES.has(last) || CORPORATE_WORDS.has(last)) {
      words = words.slice(0, -1);
      const joined = words.join(' ');
      const alias = BRAND_ALIASES[joined];
      if (alias) return alias;
    } else break;
  }
  if (words.length > 1 && words[0] === 'the') words = words.slice(1);
  s = words.join(' ').replace(/ and /g, ' & ');
  return BRAND_ALIASES[s] ?? BRAND_ALIASES[s.replace(/ & /g, ' and ')] ?? s;
}

/** GS1 mod-10 check: the last digit is the check digit of the preceding ones. */
export function hasValidGtinCheckDigit(digits: string): boolean {
  if (!/^\d{8,14}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  const check = (10 - (sum % 10)) % 10;
  return check === digits.charCodeAt(digits.length - 1) - 48;
}

/**
 * UPC-A / EAN-13 / EAN-8 / GTIN-14 → 14 digits with a verified check digit; anything else → null.
 * Spaces and dashes inside the code are ignored. An all-zero code is rejected.
 */
export function normaliseGtin(input: string | number | null | undefined): string | null {
  if (input == null) return null;
  const digits = String(input).replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (![8, 12, 13, 14].includes(digits.length)) return null;
  if (/^0+$/.test(digits)) return null;
  if (!hasValidGtinCheckDigit(digits)) return null;
  return digits.padStart(14, '0');
}

/** Words that say nothing about which product an offer is. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'the', 'or', 'for', 'with', 'w', 'of', 'in', 'on', 'to', 'by', 'from', 'at', 'as',
  'is', 'it', 'its', 'this', 'that', 'your', 'you', 'our', 'includes', 'including', 'incl',
]);

/**
 * Whether a whole number is a storage size, which comes in powers of two: "256" and "1024" are, "12" (a phone's
 * 12GB of memory) is not.
 */
export function isStorageSize(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  const value = Number(number);
  return value > 0 && (value & (value - 1)) === 0;
}

/** Edition words that name a variant of a line (others, like "home" or "premium", are as often marketing or colour). */
export const VARIANT_EDITIONS: ReadonlySet<string> = new Set(['pro', 'max', 'mini', 'ultra', 'plus', 'lite', 'xl', 'slim', 'extra', 'fe']);

/** Marketing and listing noise: removed from titles before comparison. */
export const MARKETING_WORDS: ReadonlySet<string> = new Set([
  'new', 'brand', 'bundle', 'free', 'shipping', 'ship', 'fast', 'sale', 'hot', 'deal', 'deals', 'best',
  'seller', 'bestseller', 'official', 'authentic', 'genuine', 'original', 'latest', 'model', 'edition',
  'version', 'item', 'items', 'product', 'products', 'great', 'quality', 'top', 'rated', 'offer',
  'discount', 'cheap', 'lowest', 'price', 'guaranteed', 'warranty', 'us', 'usa',
]);

/**
 * Title → comparison tokens: folded to lower case, split on everything that is not a letter,
 * digit or decimal point between digits, stop and marketing words removed, version numbers
 * written "v2" or "2.0" read as "2".
 * "Sony WH-1000XM5 Wireless Headphones – NEW, Free Shipping!" → ["sony","wh","1000xm5","wireless","headphones"].
 */
export function tokenizeTitle(title: string): string[] {
  const out: string[] = [];
  for (const m of foldText(title).matchAll(/\d+(?:\.\d+)+|[a-z0-9]+/g)) {
    let token = m[0];
    if (STOP_WORDS.has(token) || MARKETING_WORDS.has(token)) continue;
    // Versions: "v2", "2.0" and "2" are the same number.
    const version = /^v?(\d+)(?:\.0+)?$/.exec(token);
    if (version) token = version[1] as string;
    out.push(englishColourWord(token) ?? englishKindWord(token) ?? token);
  }
  return out;
}

/** Folded title as single-spaced alphanumeric words, for character n-grams. */
export function compactTitle(title: string): string {
  return tokenizeTitle(title).join(' ');
}
