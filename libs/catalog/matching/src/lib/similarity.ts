/**
 * Word-level likeness of two titles beyond the cosines: how much of the shorter title the longer one holds, words
 * that match only when spelt a little differently ("printshop" / "print shop", "cu.ft" / "cu ft"), the rarest word
 * one side states and the other does not, and codes with digits that one side names and the other never writes.
 */
import { heldIn } from './codes';
import type { PreparedOffer } from './prepare';
import { idf } from './tfidf';

/** How rare a word is in the corpus, 0 (in every title) to 1 (in none); 0.5 for every word without statistics. */
function rarity(word: string, offer: PreparedOffer): number {
  const stats = offer.stats;
  if (!stats || stats.docCount <= 0) return 0.5;
  return (idf(stats.wordDf.get(word), stats.docCount) - 1) / Math.log(stats.docCount + 1);
}

/** Jaro-Winkler similarity of two words. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const usedB = new Uint8Array(lb);
  const matchedA: number[] = [];
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (usedB[j] || a[i] !== b[j]) continue;
      usedB[j] = 1;
      matchedA.push(i);
      break;
    }
  }
  const m = matchedA.length;
  if (m === 0) return 0;
  let transpositions = 0;
  let j = 0;
  for (const i of matchedA) {
    while (!usedB[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Whether b holds a's word: as a word, or, for a code with digits, inside its letters and digits ("sd1100" in
 * "SD1100ISP", a colour code added; "wh1000xm5" in "WH-1000XM5").
 */
function holds(b: PreparedOffer, w: string): boolean {
  return b.tokens.has(w) || (w.length >= 3 && /\d/.test(w) && heldIn(w.toUpperCase(), b.modelText));
}

/** Word pairs less alike than this count as different words. */
const SOFT_MATCH = 0.85;
/** Words shorter than this are matched exactly only: two short words a letter apart are mostly two words ("pro", "pc"). */
const SOFT_MIN_LENGTH = 4;

/** An offer's words with their rarity, and those without digits, worked out once per offer. */
interface RatedWords {
  rarity: ReadonlyMap<string, number>;
  plain: readonly string[];
}
const ratedCache = new WeakMap<PreparedOffer, RatedWords>();
function ratedWords(offer: PreparedOffer): RatedWords {
  let rated = ratedCache.get(offer);
  if (!rated) {
    const words = [...offer.tokens];
    rated = { rarity: new Map(words.map((w) => [w, rarity(w, offer)])), plain: words.filter((w) => w.length >= SOFT_MIN_LENGTH && !/\d/.test(w)) };
    ratedCache.set(offer, rated);
  }
  return rated;
}

/**
 * Share of a's words (weighted by rarity) that b holds: exactly, and (soft) each word counted by its most alike
 * word there (Monge-Elkan over Jaro-Winkler); words with digits count only when equal, since "cs3" is not "cs4".
 */
function coverage(a: PreparedOffer, b: PreparedOffer): { exact: number; soft: number } {
  const ra = ratedWords(a);
  const plainB = ratedWords(b).plain;
  let total = 0;
  let found = 0;
  let soft = 0;
  for (const [w, r] of ra.rarity) {
    const weight = r + 0.05;
    total += weight;
    if (holds(b, w)) {
      found += weight;
      continue;
    }
    if (w.length < SOFT_MIN_LENGTH || /\d/.test(w)) continue;
    let best = 0;
    for (const v of plainB) {
      // Words spelt alike start alike; the first letter spares most of the comparisons.
      if (v[0] !== w[0] || Math.abs(v.length - w.length) > 3) continue;
      const s = jaroWinkler(w, v);
      if (s > best) best = s;
    }
    if (best >= SOFT_MATCH) soft += weight * best;
  }
  return total > 0 ? { exact: found / total, soft: (found + soft) / total } : { exact: 0, soft: 0 };
}

/** The rarity of the rarest word of a that b does not hold (0 when b holds them all). */
function rarestUnshared(a: PreparedOffer, b: PreparedOffer): number {
  let best = 0;
  for (const [w, r] of ratedWords(a).rarity) if (!holds(b, w) && r > best) best = r;
  return best;
}

/**
 * Words of a with a digit and a letter (codes, versions, sizes) that b writes nowhere, not even glued to others, and
 * that hold none of b's codes (b's "sd1100" in a's "sd1100isp": one code with a colour code added).
 */
function unmatchedCodes(a: PreparedOffer, b: PreparedOffer): number {
  let count = 0;
  const codesOfB = [...b.tokens].filter((v) => v.length >= 3 && /\d/.test(v)).map((v) => v.toUpperCase());
  for (const w of a.tokens) {
    if (w.length < 2 || !/\d/.test(w) || !/[a-z]/.test(w) || b.tokens.has(w)) continue;
    const code = w.toUpperCase();
    if (!b.modelText.includes(code) && !codesOfB.some((v) => heldIn(v, code))) count++;
  }
  return count;
}

export interface WordLikeness {
  /** Rarity-weighted share of the shorter title's words found in the longer. */
  shortCoverage: number;
  /** The same for the longer title's words in the shorter. */
  longCoverage: number;
  /** Mean of both sides' soft coverage (words spelt a little differently count). */
  softCoverage: number;
  /** Rarity of the rarest word of the shorter title missing from the longer. */
  shortRarestUnshared: number;
  /** Rarity of the rarest word of the longer title missing from the shorter. */
  longRarestUnshared: number;
  /** Codes with digits and letters either side states and the other never writes, up to 3. */
  codesUnmatched: number;
  /** Word counts of the shorter and the longer title (up to 40): what kind of listings are compared. */
  shortWords: number;
  longWords: number;
}

export function wordLikeness(a: PreparedOffer, b: PreparedOffer): WordLikeness {
  const [short, long] = a.tokens.size <= b.tokens.size ? [a, b] : [b, a];
  const inLong = coverage(short, long);
  const inShort = coverage(long, short);
  return {
    shortCoverage: inLong.exact,
    longCoverage: inShort.exact,
    softCoverage: (inLong.soft + inShort.soft) / 2,
    shortRarestUnshared: rarestUnshared(short, long),
    longRarestUnshared: rarestUnshared(long, short),
    codesUnmatched: Math.min(3, unmatchedCodes(a, b) + unmatchedCodes(b, a)),
    shortWords: Math.min(40, short.tokens.size),
    longWords: Math.min(40, long.tokens.size),
  };
}
