/**
 * Near misses between the codes two titles state: "HDMIMM1" against "HDMIMM10", "C8560A" against "C8563A", "2180"
 * against "2181". Codes that differ by a character or two name neighbouring products of one line far more often than
 * one product written two ways, above all when their digits differ; equal codes are counted elsewhere (modelEqual).
 */
import type { PreparedOffer } from './prepare';

/** Words with digits that are measures, not codes ("8gb", "10ft", "3x"). */
const MEASURE_RE = /^\d+(?:\.\d+)?(?:gb|mb|tb|kb|mp|mhz|ghz|hz|in|inch|x|mm|cm|m|w|v|mah|pk|pack|ft|oz|lb|lbs|k|p|th|st|nd|rd|s)?$/;

const codesCache = new WeakMap<PreparedOffer, ReadonlySet<string>>();

/** The codes of an offer, upper case letters and digits: its model candidates, its part number and its words with digits. */
function codesOf(offer: PreparedOffer): ReadonlySet<string> {
  let codes = codesCache.get(offer);
  if (!codes) codesCache.set(offer, (codes = readCodes(offer)));
  return codes;
}

function readCodes(offer: PreparedOffer): Set<string> {
  const out = new Set<string>(offer.strongModels);
  if (offer.partNumber && offer.partNumber.length >= 3) out.add(offer.partNumber);
  for (const w of offer.tokens) {
    if (w.length < 3 || !/\d/.test(w)) continue;
    if (/^\d+$/.test(w) ? w.length < 4 : MEASURE_RE.test(w)) continue;
    out.add(w.toUpperCase());
  }
  return out;
}

/** Levenshtein distance, stopping at `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < best) best = v;
    }
    if (best >= cap) return cap;
    prev = row;
  }
  return Math.min(cap, prev[b.length] as number);
}

const digitsOf = (code: string) => code.replace(/\D/g, '');
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * Whether a title (letters and digits run together) states the code, glued to words or not ("SX110IS" in
 * "SX110ISBLACK"), but not as the start of a longer number ("HDMIMM1" in "HDMIMM10").
 */
export function heldIn(code: string, text: string): boolean {
  for (let at = text.indexOf(code); at >= 0; at = text.indexOf(code, at + 1)) {
    if (!(isDigit(code[0]) && isDigit(text[at - 1])) && !(isDigit(code[code.length - 1]) && isDigit(text[at + code.length]))) return true;
  }
  return false;
}

export interface CodeNearMiss {
  /** Edit distance of the closest two codes, one of each side, that the other side does not state (4 when none is that close). */
  nearCodeDistance: number;
  /** Whether those two codes' digits differ. */
  nearCodeDigitsDiffer: number;
}

export function codeNearMiss(a: PreparedOffer, b: PreparedOffer): CodeNearMiss {
  const cap = 4;
  const ca = codesOf(a);
  const cb = codesOf(b);
  let best = cap;
  let digitsDiffer = 0;
  for (const x of ca) {
    if (cb.has(x) || heldIn(x, b.modelText)) continue;
    for (const y of cb) {
      if (ca.has(y) || heldIn(y, a.modelText)) continue;
      const d = editDistance(x, y, cap);
      if (d < best || (d === best && d < cap && digitsOf(x) !== digitsOf(y))) {
        best = d;
        digitsDiffer = digitsOf(x) !== digitsOf(y) ? 1 : 0;
      }
    }
  }
  return { nearCodeDistance: best, nearCodeDigitsDiffer: best < cap ? digitsDiffer : 0 };
}
