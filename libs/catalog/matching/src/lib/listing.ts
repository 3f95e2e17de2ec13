/**
 * What real listings write inside their titles rather than in fields of their own: a price at the end of the title
 * (a feed that pastes every field into the title), software versions, seat counts and licence terms, product codes
 * (watch references, shoe style codes, part numbers) and GTINs. Each reader takes the raw title and returns
 * normalised values, so that two listings compare by value ("CS3" ≡ "cs 3", "T055.217.16.032.02" ≡ "T0552171603202").
 */
import { foldText, normaliseGtin, tokenizeTitle } from './normalise';

/**
 * A price written as the last word of the title, in cents, and the title before it: "… mouse pad wincraft 18.99" →
 * 1899 and "… mouse pad wincraft". Only forms a title keeps for prices: two decimals ("9.88", "$24.99"), or ".0" after
 * two or more digits ("409.0"); a single decimal after one digit ("usb 2.0", "13.3") is a version or a size, not a price.
 */
export function pastedPrice(title: string): { cents: number; before: string } | null {
  const m = /(?:^|\s)\$?(\d{1,5}\.\d\d|\d{2,5}\.0)\s*$/.exec(title);
  if (!m) return null;
  const cents = Math.round(Number(m[1]) * 100);
  return cents > 0 ? { cents, before: title.slice(0, m.index).trimEnd() } : null;
}

/** Words a year follows when it names a platform ("Win 2000"), not the product's version. */
const PLATFORM_BEFORE: ReadonlySet<string> = new Set(['win', 'windows', 'me', '98', 'nt']);
/** Words a year precedes when it names a platform ("2000 XP"). */
const PLATFORM_AFTER: ReadonlySet<string> = new Set(['xp', 'me', 'nt', '98', 'vista']);
/** Unit words after which "N.N" is a measure ("2.7 lcd" stays a version: a display size is compared as a version too). */
const UNIT_AFTER = /^\s?-?\s?(?:"|''|in(?:ch(?:es)?)?|gb|mb|tb|kb|ghz|mhz|hz|mp|megapixels?|mm|cm|m|kg|g|lbs?|oz|x|w|v|a|mah|ft|%)(?![a-z0-9])/;

/**
 * Software versions a title names, normalised: Creative Suite generations ("CS3" → "cs3"), years ("2007", "'06" →
 * "2006", not the Windows 2000 of "Win 98 ME 2000 XP"), versions ("v. 11", "version 9", "7.0", "6.5" → "11", "9", "7",
 * "6.5") and X generations ("X4" → "x4"). Two listings naming versions of which none is shared are different editions
 * of a program ("Photoshop CS3" against "CS4", "Works Suite 2006" against "2007").
 */
export function softwareVersions(title: string): string[] {
  const text = foldText(title);
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![a-z0-9])cs ?([1-6])(?![0-9])/g)) out.add(`cs${m[1]}`);
  for (const m of text.matchAll(/(?<![a-z0-9])x([2-9])(?![0-9a-z])/g)) out.add(`x${m[1]}`);
  const words = text.split(/[^a-z0-9']+/);
  words.forEach((word, i) => {
    const year = /^(?:(19[89]\d|20[0-3]\d)|'([01]\d))$/.exec(word);
    if (!year) return;
    if (year[1] && (PLATFORM_BEFORE.has(words[i - 1] ?? '') || PLATFORM_AFTER.has(words[i + 1] ?? ''))) return;
    out.add(year[1] ?? `20${year[2]}`);
  });
  for (const m of text.matchAll(/(?<![a-z0-9])(?:v|ver|version)\.? ?(\d{1,2})(?:\.(\d))?(?![0-9])/g)) out.add(versionKey((m[1] as string), m[2]));
  // Not an aperture or a range ("f/3.5-5.6").
  for (const m of text.matchAll(/(?<![0-9./-])(\d{1,2})\.(\d)(?![0-9.]|-\d)/g)) {
    if (UNIT_AFTER.test(text.slice((m.index ?? 0) + m[0].length))) continue;
    out.add(versionKey((m[1] as string), m[2]));
  }
  return [...out].sort();
}

function versionKey(major: string, minor: string | undefined): string {
  const n = String(Number(major));
  return minor && minor !== '0' ? `${n}.${minor}` : n;
}

/**
 * How many users, seats or computers a licence covers: "3-user", "5 users", "users - 5 pack", "10 client",
 * "single user" → 1. Sorted, without duplicates.
 */
export function licenceSeats(title: string): number[] {
  const text = foldText(title);
  const out = new Set<number>();
  const add = (raw: string) => {
    const n = Number(raw);
    if (n >= 1 && n <= 500) out.add(n);
  };
  for (const m of text.matchAll(/(?<![a-z0-9.])(\d{1,3})\s?-?\s?(?:users?|seats?|licen[cs]es?|pcs?|computers?|nodes?|clients?|devices?|macs?)(?![a-z])/g)) add((m[1] as string));
  for (const m of text.matchAll(/(?<![a-z])(?:users?|seats?|licen[cs]es?)\s?-\s?(\d{1,3})(?![0-9])/g)) add((m[1] as string));
  if (/(?<![a-z])single[\s-]?user(?![a-z])/.test(text)) out.add(1);
  return [...out].sort((a, b) => a - b);
}

/**
 * The terms of a software licence a title states: "upgrade" (also shops' "upg", "upgrd", "pbupgrd", "upsell"), "academic"
 * ("student", "teacher", "edu"), "oem". A listing stating one and its counterpart not is often another SKU.
 */
export function licenceTerms(title: string): string[] {
  const out = new Set<string>();
  for (const token of tokenizeTitle(title)) {
    if (/^(?:upg|upgr|upgd|upsell)$/.test(token) || token.includes('upgrade') || token.includes('upgrd')) out.add('upgrade');
    else if (/^(?:academic|student|students|teacher|teachers|edu|school)$/.test(token)) out.add('academic');
    else if (token === 'oem') out.add('oem');
  }
  return [...out].sort();
}

/** A word that is a measure ("18-55mm", "2.7-inch", "1920x1080", "f/4.5-5.6"), not a code. */
const MEASURE_WORD = /^[\d.\-/x~]+(?:mm|cm|m|gb|tb|mb|kb|mp|hz|khz|mhz|ghz|w|mah|in|inch|fps|dpi|ms|g|kg|oz|lbs?|v|k|p|x)?$/;

/**
 * Product codes in a title: watch references ("SBGA211", "116610LN", "Ref. 5711/1A", "T055.217.16.032.02"), shoe style
 * codes ("511881-026"), part numbers ("2227-STC-00659"), upper-cased and stripped of separators. A code mixes
 * letters with three digits or more, or writes four digits or more with a separator, in six characters or more;
 * plain digit runs of seven digits or more count too (years, measures and ranges do not).
 */
export function productCodes(title: string): string[] {
  const out = new Set<string>();
  for (const raw of foldText(title).split(/[\s,;:()[\]{}|!?*"]+/)) {
    const word = raw.replace(/^[-/.#'+~]+|[-/.#'+~]+$/g, '');
    const alnum = word.replace(/[^a-z0-9]/g, '');
    if (alnum.length < 6) continue;
    const digits = alnum.replace(/[^0-9]/g, '').length;
    const letters = alnum.length - digits;
    const separated = /[-/.]/.test(word);
    if (letters === 0) {
      // A decimal number ("2608.99") or a range of them ("4.5-5.6") is no code.
      if (word.includes('.') && /^\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?$/.test(word)) continue;
      if (!(digits >= 7 || (separated && digits >= 6))) continue;
    } else if (digits < 3 || MEASURE_WORD.test(word)) continue;
    out.add(alnum.toUpperCase());
  }
  return [...out].sort();
}

/** GTINs (UPC-A, EAN-13, GTIN-14 with a valid check digit) written in a title, normalised to 14 digits. */
export function gtinsInTitle(title: string): string[] {
  const out = new Set<string>();
  for (const m of foldText(title).matchAll(/(?<![0-9])(\d{12,14})(?![0-9])/g)) {
    const gtin = normaliseGtin(m[1]);
    if (gtin) out.add(gtin);
  }
  return [...out].sort();
}

/**
 * The words that name the product in a listing's title: those before the first " - ", " | ", "(" or " / " that
 * starts colours, shop names and page titles ("Nike Magista Obra II FG - Noir/ Carmin …" → nike magista obra ii fg),
 * at most eight.
 */
export function titleHead(title: string): string[] {
  const head = foldText(title).split(/\s[-–|]\s|\s?[|(]|\s\/\s/)[0] ?? '';
  return tokenizeTitle(head).slice(0, 8);
}
