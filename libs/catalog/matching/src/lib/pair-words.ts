/**
 * What the words of a pair say, learned from labelled pairs: each word only one of the titles holds, and the shapes of codes with digits ("cs3" → "aa9") weigh for or against a match. Words such as
 * "upgrade", "refill", "kit" or a colour on one side only are what tells a product from its neighbours in the
 * public sets, and no hand-made list names them all. The weights are a logistic regression fitted by
 * `npm run train:matcher` (src/lib/pair-word-weights.json); the matcher's trees take its log-odds as one feature.
 */
import { heldIn } from './codes';
import type { PreparedOffer } from './prepare';
import defaultWeightsJson from './pair-word-weights.json';

export interface PairWordModel {
  bias: number;
  weights: ReadonlyMap<string, number>;
}

export interface PairWordModelJson {
  bias: number;
  weights: Record<string, number>;
}

/** A code's shape: each digit run becomes 9 and each letter run a ("cs3" → "a9", "dlex7177wm" → "a9a"). */
export function wordShape(word: string): string {
  return word.replace(/\d+/g, '9').replace(/[a-z]+/g, 'a');
}

/** A word of an offer with the terms it makes, the strings built once per offer (a weight lookup reuses their hash). */
interface WordTerms {
  word: string;
  oneSided: string;
  /** The code shape (null for words without digits) and its terms. */
  shape: string | null;
  /** The word in upper case, for words with digits (codes are compared in upper case). */
  code: string | null;
  sharedShape: string;
  oneSidedShape: string;
}
const termsCache = new WeakMap<PreparedOffer, readonly WordTerms[]>();
function wordTermsOf(offer: PreparedOffer): readonly WordTerms[] {
  let terms = termsCache.get(offer);
  if (!terms) {
    terms = [...offer.tokens].map((word) => {
      const shape = /\d/.test(word) ? wordShape(word) : null;
      return { word, oneSided: `~${word}`, shape, code: shape === null ? null : word.toUpperCase(), sharedShape: `=#${shape}`, oneSidedShape: `~#${shape}` };
    });
    termsCache.set(offer, terms);
  }
  return terms;
}

/**
 * The terms of a pair: `~word` for a word only one title holds, and the shapes of codes with digits: shared (`=#a9`),
 * on one side only (`~#a9`), or one of a shape on each side (`x#a9`). Words both hold are left out: what they weigh
 * is the product they name, which the cosines already compare.
 */
export function pairTerms(a: PreparedOffer, b: PreparedOffer): string[] {
  const terms: string[] = [];
  const oneSidedShapes = [new Set<string>(), new Set<string>()];
  for (const [side, x, y] of [
    [0, a, b],
    [1, b, a],
  ] as const) {
    const codesOfY = wordTermsOf(y).filter((u) => u.code !== null);
    for (const t of wordTermsOf(x)) {
      if (y.tokens.has(t.word) || codeShared(t, y, codesOfY)) {
        if (side === 0 && t.shape !== null) terms.push(t.sharedShape);
        continue;
      }
      terms.push(t.oneSided);
      if (t.shape !== null) {
        terms.push(t.oneSidedShape);
        oneSidedShapes[side]?.add(t.shape);
      }
    }
  }
  // A code of one shape on each side, different ("cs3" against "cs4"): two versions or models of one line.
  for (const shape of oneSidedShapes[0] ?? []) if (oneSidedShapes[1]?.has(shape)) terms.push(`x#${shape}`);
  return terms;
}

/**
 * A code one side writes that the other states with a suffix or inside its other letters and digits ("sd1100" and
 * "sd1100isp", a colour code; "wh1000xm5" and "wh-1000xm5"): one code, not a word only one side holds.
 */
function codeShared(t: WordTerms, y: PreparedOffer, codesOfY: readonly WordTerms[]): boolean {
  const code = t.code;
  if (code === null || code.length < 3) return false;
  return heldIn(code, y.modelText) || codesOfY.some((u) => u.code !== null && u.code.length >= 3 && heldIn(u.code, code));
}

export function pairWordModelFromJson(json: PairWordModelJson): PairWordModel {
  if (!json || typeof json.bias !== 'number' || typeof json.weights !== 'object') throw new TypeError('pair word model: bias and weights are needed');
  return { bias: json.bias, weights: new Map(Object.entries(json.weights)) };
}

let active: PairWordModel | null = null;

/** The pair word model features use: the shipped one unless another was set. */
export function getPairWordModel(): PairWordModel {
  return (active ??= pairWordModelFromJson(defaultWeightsJson));
}

/** Uses another pair word model (training fits one and measures the trees over it before it is written). */
export function setPairWordModel(model: PairWordModel | null): void {
  active = model;
}

/** The model's log-odds for the pair, clipped to ±8 (terms it never saw weigh nothing). */
export function pairWordScore(a: PreparedOffer, b: PreparedOffer, model: PairWordModel = getPairWordModel()): number {
  return termsScore(model, pairTerms(a, b));
}

/** The model's log-odds for a pair's terms, clipped to ±8. */
export function termsScore(model: PairWordModel, terms: readonly string[]): number {
  let z = model.bias;
  for (const t of terms) z += model.weights.get(t) ?? 0;
  return Math.max(-8, Math.min(8, z));
}
