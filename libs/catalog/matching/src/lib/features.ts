/** Pair features: the evidence the scorer weighs, each a number in a small fixed range. */
import { colourNamesApart, coloursApart, type QuantityKind } from './extract';
import type { PreparedOffer } from './prepare';
import { codeNearMiss } from './codes';
import { embeddingCosine } from './embedding';
import { pairWordScore } from './pair-words';
import { wordLikeness } from './similarity';
import { cosine, jaccard, packedCosine } from './tfidf';

/**
 * The pair features, in the order of the feature vector (a model file indexes them so), each with the weight a model
 * may give it: `against` for evidence against a match, whose weight may never be positive, else `any`.
 */
const FEATURE_WEIGHT_SIGNS = {
  gtinEqual: 'any',
  gtinDiffer: 'against',
  mpnEqual: 'any',
  mpnDiffer: 'against',
  modelEqual: 'any',
  modelPartial: 'any',
  modelConflict: 'against',
  modelVariant: 'any',
  modelOneSided: 'any',
  brandAgree: 'any',
  brandConflict: 'against',
  firstTokenEqual: 'any',
  wordCosine: 'any',
  trigramCosine: 'any',
  tokenJaccard: 'any',
  numberJaccard: 'any',
  numberMismatch: 'against',
  quantityAgree: 'any',
  quantityConflict: 'against',
  colourConflict: 'against',
  editionMismatch: 'against',
  platformConflict: 'against',
  accessoryMismatch: 'against',
  accessoryOfOther: 'against',
  genderConflict: 'against',
  lengthRatio: 'any',
  priceLogRatio: 'against',
  priceImplausible: 'against',
  priceMissing: 'any',
  cosineTimesModel: 'any',
  versionAgree: 'any',
  versionConflict: 'against',
  seatConflict: 'against',
  licenceTermsDiffer: 'against',
  codeEqual: 'any',
  codeConflict: 'against',
  gtinInText: 'any',
  gtinInTextDiffer: 'against',
  mpnInOtherTitle: 'any',
  titlePriceLogRatio: 'against',
  headCoverage: 'any',
  headCoverageMax: 'any',
  shortCoverage: 'any',
  longCoverage: 'any',
  softCoverage: 'any',
  shortRarestUnshared: 'against',
  longRarestUnshared: 'any',
  codesUnmatched: 'against',
  shortWords: 'any',
  longWords: 'any',
  pairWords: 'any',
  embedCosine: 'any',
  nearCodeDistance: 'any',
  nearCodeDigitsDiffer: 'against',
} as const satisfies Record<string, 'any' | 'against'>;

export type FeatureName = keyof typeof FEATURE_WEIGHT_SIGNS;
export type PairFeatures = Record<FeatureName, number>;

export const FEATURE_NAMES = Object.keys(FEATURE_WEIGHT_SIGNS) as readonly FeatureName[];

/** Features whose weight may never be positive: evidence against a match stays evidence against. */
export const NON_POSITIVE_FEATURES: ReadonlySet<FeatureName> = new Set(FEATURE_NAMES.filter((name) => FEATURE_WEIGHT_SIGNS[name] === 'against'));

/** Price ratios outside this band make a match implausible. */
export const PLAUSIBLE_PRICE_RATIO: readonly [number, number] = [0.3, 3.3];

export interface QuantityConflict {
  kind: QuantityKind;
  a: number[];
  b: number[];
}

export interface PairEvidence {
  features: PairFeatures;
  matchedModel: string | null;
  conflictingModels: [string, string] | null;
  quantityConflicts: QuantityConflict[];
  priceRatio: number | null;
  /** Both titles name an edition or a combo, and none the same (`namedEditionsApart`: "Disc Edition", "Digital Edition"). */
  editionsConflict: boolean;
  /** Both titles write a generation in Roman numerals after one word, and none the same ("Mark III", "Mark IV"). */
  generationConflict: boolean;
  /** One title says it is a third party's supply ("remanufactured", "compatible … toner"), the other does not (`thirdParty`). */
  thirdPartyConflict: boolean;
}

function shareAny<T>(x: ReadonlySet<T>, y: ReadonlySet<T>): boolean {
  for (const v of x) if (y.has(v)) return true;
  return false;
}

/** Two sets that both hold something and share nothing. */
function disjoint<T>(x: ReadonlySet<T>, y: ReadonlySet<T>): boolean {
  return x.size > 0 && y.size > 0 && !shareAny(x, y);
}

/** How many things one of the two sets holds and the other not. */
function differenceCount<T>(x: ReadonlySet<T>, y: ReadonlySet<T>): number {
  let count = 0;
  for (const v of x) if (!y.has(v)) count++;
  for (const v of y) if (!x.has(v)) count++;
  return count;
}

function brandFoundIn(brand: string, other: PreparedOffer): boolean {
  const words = brand.split(/[\s&-]+/).filter(Boolean);
  if (words.length === 0) return false;
  if (words.every((w) => other.tokens.has(w))) return true;
  const joined = brand.replace(/[^a-z0-9]/g, '');
  return joined.length >= 2 && other.tokens.has(joined);
}

function partialModelMatch(a: PreparedOffer, b: PreparedOffer): boolean {
  for (const m of a.strongModels) {
    if (m.length >= 4 && b.modelText.includes(m)) return true;
    for (const n of b.strongModels) {
      const [short, long] = m.length <= n.length ? [m, n] : [n, m];
      if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3) return true;
    }
  }
  for (const n of b.strongModels) if (n.length >= 4 && a.modelText.includes(n)) return true;
  return false;
}

/**
 * A maker's number of five digits or more that the other listing writes after two to four letters of a line or a
 * shop ("TV24746" and "24746", "VER97185" and "97185", "AMZ90805" and "90805"): the same number, or null.
 */
function prefixedNumber(a: PreparedOffer, b: PreparedOffer): string | null {
  for (const m of a.strongModels) {
    for (const n of b.models) {
      if (n.length >= 5 && m.length > n.length && /^\d+$/.test(n) && m.endsWith(n) && /^[A-Z]{2,4}$/.test(m.slice(0, m.length - n.length))) return n;
    }
  }
  return null;
}

/**
 * Same model stem with different variant suffixes: "DVPFX820P" vs "DVPFX820W",
 * "VGNCS180JR" vs "VGNCS180JQ" — usually colours or bundles of one line.
 */
function variantModels(a: PreparedOffer, b: PreparedOffer): boolean {
  for (const m of a.strongModels) {
    for (const n of b.strongModels) {
      if (m === n) continue;
      let i = 0;
      while (i < m.length && i < n.length && m[i] === n[i]) i++;
      if (i < 4 || !/\d/.test(m.slice(0, i))) continue;
      const sm = m.slice(i);
      const sn = n.slice(i);
      if (sm && sn && sm.length <= 3 && sn.length <= 3 && /^[A-Z]+$/.test(sm) && /^[A-Z]+$/.test(sn)) return true;
    }
  }
  return false;
}

/** GTINs of both sides: equal, or different. */
function gtinFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): void {
  if (a.gtin && b.gtin) {
    if (a.gtin === b.gtin) f.gtinEqual = 1;
    else f.gtinDiffer = 1;
  }
}

/** Part and model numbers: equal, one within the other, variants of one stem, or in conflict; the longest shared one. */
function modelFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): Pick<PairEvidence, 'matchedModel' | 'conflictingModels'> {
  let matchedModel: string | null = null;
  if (a.mpn && b.mpn) {
    if (a.mpn === b.mpn) {
      f.mpnEqual = 1;
      matchedModel = a.mpn;
    } else if (a.partNumber && b.partNumber && !(a.mpn.length >= 4 && b.mpn.includes(a.mpn)) && !(b.mpn.length >= 4 && a.mpn.includes(b.mpn))) {
      f.mpnDiffer = 1;
    }
  }
  for (const m of a.models) {
    if (b.models.has(m)) {
      f.modelEqual = 1;
      if (!matchedModel || m.length > matchedModel.length) matchedModel = m;
    }
  }
  if (!f.modelEqual) {
    const prefixed = prefixedNumber(a, b) ?? prefixedNumber(b, a);
    if (prefixed) {
      f.modelEqual = 1;
      matchedModel ??= prefixed;
    }
  }
  let conflictingModels: [string, string] | null = null;
  if (variantModels(a, b)) f.modelVariant = 1;
  if (!f.modelEqual) {
    if (partialModelMatch(a, b)) f.modelPartial = 1;
    else if (a.strongModels.size > 0 && b.strongModels.size > 0) {
      f.modelConflict = 1;
      conflictingModels = [[...a.strongModels][0] as string, [...b.strongModels][0] as string];
    } else if (a.strongModels.size + b.strongModels.size > 0) f.modelOneSided = 1;
  }
  return { matchedModel, conflictingModels };
}

/** The brands agree when equal or when one is written in the other's title; two that do not, conflict. */
function brandFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): void {
  if (a.brand && b.brand) {
    if (a.brand === b.brand || brandFoundIn(a.brand, b) || brandFoundIn(b.brand, a)) f.brandAgree = 1;
    else f.brandConflict = 1;
  } else if (a.brand) {
    if (brandFoundIn(a.brand, b)) f.brandAgree = 1;
  } else if (b.brand) {
    if (brandFoundIn(b.brand, a)) f.brandAgree = 1;
  }
}

/** How alike the titles read: first word, word and trigram cosines, shared words and numbers, relative length. */
function textFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): void {
  if (a.firstToken && a.firstToken === b.firstToken) f.firstTokenEqual = 1;
  f.wordCosine = cosine(a.words, b.words);
  f.trigramCosine = packedCosine(a.trigrams, b.trigrams);
  f.tokenJaccard = jaccard(a.tokens, b.tokens);
  if (a.numbers.size > 0 && b.numbers.size > 0) {
    f.numberJaccard = jaccard(a.numbers, b.numbers);
    if (f.numberJaccard === 0) f.numberMismatch = 1;
  }
  const lo = Math.min(a.tokenCount, b.tokenCount);
  const hi = Math.max(a.tokenCount, b.tokenCount);
  f.lengthRatio = hi > 0 ? lo / hi : 0;
}

/**
 * How far apart two values of a kind may be and still be one value as shops print it: a binary and a decimal
 * prefix (1024 MB against 1 GB), a sensor's megapixels cut or rounded (14.7 MP against 14 MP).
 */
const QUANTITY_TOLERANCE: Partial<Record<QuantityKind, number>> = { data: 0.03, resolution: 0.06 };

function shareQuantity(kind: QuantityKind, va: ReadonlySet<number>, vb: ReadonlySet<number>): boolean {
  if (shareAny(va, vb)) return true;
  const tolerance = QUANTITY_TOLERANCE[kind];
  if (tolerance === undefined) return false;
  for (const x of va) for (const y of vb) if (Math.abs(x - y) <= tolerance * Math.max(x, y)) return true;
  return false;
}

/** Measured quantities of a kind both sides state: agreeing when they share a value, else in conflict (returned). */
function quantityFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): QuantityConflict[] {
  const quantityConflicts: QuantityConflict[] = [];
  for (const [kind, va] of a.quantities) {
    const vb = b.quantities.get(kind);
    if (!vb) continue;
    if (shareQuantity(kind, va, vb)) f.quantityAgree = Math.min(2, f.quantityAgree + 1);
    else quantityConflicts.push({ kind, a: [...va], b: [...vb] });
  }
  f.quantityConflict = Math.min(2, quantityConflicts.length);
  return quantityConflicts;
}

/** What kind of item each side is and for whom: colours, editions, platforms, accessories, genders. */
function kindFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): void {
  if (coloursApart(a.colours, b.colours) || colourNamesApart(a.colourNames, b.colourNames)) f.colourConflict = 1;
  f.editionMismatch = Math.min(2, differenceCount(a.editions, b.editions));
  if (disjoint(a.platforms, b.platforms)) f.platformConflict = 1;
  if (a.accessory !== b.accessory) f.accessoryMismatch = 1;
  // "Replacement battery for KX-TG6512B" against the phone: one side says outright it is made for something else, so
  // that every word of the product (its model number too) may be in it and still name another thing.
  // The other side reads as no accessory at all (a "sleeve" against a "case for …" is two accessories).
  if (a.accessoryFor !== b.accessoryFor && !(a.accessoryFor ? b : a).accessory) f.accessoryOfOther = 1;
  if (disjoint(a.genders, b.genders)) f.genderConflict = 1;
}

/** The prices' ratio (returned) and how far apart they are, or that one is missing. */
function priceFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): number | null {
  if (!(a.price && b.price)) {
    f.priceMissing = 1;
    return null;
  }
  const priceRatio = a.price / b.price;
  f.priceLogRatio = Math.min(3, Math.abs(Math.log(priceRatio)));
  if (priceRatio < PLAUSIBLE_PRICE_RATIO[0] || priceRatio > PLAUSIBLE_PRICE_RATIO[1]) f.priceImplausible = 1;
  return priceRatio;
}

export function pairEvidence(a: PreparedOffer, b: PreparedOffer): PairEvidence {
  const f = {} as PairFeatures;
  for (const name of FEATURE_NAMES) f[name] = 0;
  gtinFeatures(a, b, f);
  const { matchedModel, conflictingModels } = modelFeatures(a, b, f);
  brandFeatures(a, b, f);
  textFeatures(a, b, f);
  const quantityConflicts = quantityFeatures(a, b, f);
  kindFeatures(a, b, f);
  const priceRatio = priceFeatures(a, b, f);
  f.cosineTimesModel = f.trigramCosine * (f.modelEqual || f.mpnEqual ? 1 : 0);
  listingFeatures(a, b, f);
  Object.assign(f, wordLikeness(a, b));
  f.pairWords = pairWordScore(a, b);
  f.embedCosine = embeddingCosine(a, b);
  Object.assign(f, codeNearMiss(a, b));
  return { features: f, matchedModel, conflictingModels, quantityConflicts, priceRatio, editionsConflict: namedEditionsApart(a, b), generationConflict: generationsApart(a, b), thirdPartyConflict: a.thirdParty !== b.thirdParty };
}

/** A code of one side written in the other's title or model number: exactly, or (8 characters or more) within it. */
function codeFoundIn(codes: ReadonlySet<string>, other: PreparedOffer): boolean {
  for (const c of codes) if (other.listing.codes.has(c) || (c.length >= 8 && other.modelText.includes(c))) return true;
  return false;
}

/** Share of the words naming one product (its title's head) found anywhere in the other's title. */
function headCovered(a: PreparedOffer, b: PreparedOffer): number {
  const head = a.listing.head;
  if (head.length === 0) return 0;
  let found = 0;
  for (const w of head) if (b.tokens.has(w)) found++;
  return found / head.length;
}

/** Evidence from what titles state beyond their words (listing.ts): versions, licences, codes, GTINs, prices. */
function listingFeatures(a: PreparedOffer, b: PreparedOffer, f: PairFeatures): void {
  const la = a.listing;
  const lb = b.listing;
  if (la.versions.size > 0 && lb.versions.size > 0) {
    if (shareAny(la.versions, lb.versions)) f.versionAgree = 1;
    else f.versionConflict = 1;
  }
  if (disjoint(la.seats, lb.seats)) f.seatConflict = 1;
  f.licenceTermsDiffer = Math.min(2, differenceCount(la.terms, lb.terms));
  if (codeFoundIn(la.codes, b) || codeFoundIn(lb.codes, a)) f.codeEqual = 1;
  else if (la.codes.size > 0 && lb.codes.size > 0) f.codeConflict = 1;
  if (la.gtinFromText || lb.gtinFromText) {
    if (shareAny(la.gtins, lb.gtins)) {
      if (!f.gtinEqual) f.gtinInText = 1;
    } else if (la.gtins.size > 0 && lb.gtins.size > 0) f.gtinInTextDiffer = 1;
  }
  if (!f.mpnEqual && ((a.mpn && a.mpn.length >= 4 && lb.titleText.includes(a.mpn)) || (b.mpn && b.mpn.length >= 4 && la.titleText.includes(b.mpn)))) {
    f.mpnInOtherTitle = 1;
  }
  const pa = a.price ?? la.titlePrice;
  const pb = b.price ?? lb.titlePrice;
  if (pa && pb && (la.titlePrice || lb.titlePrice)) f.titlePriceLogRatio = Math.min(3, Math.abs(Math.log(pa / pb)));
  const ab = headCovered(a, b);
  const ba = headCovered(b, a);
  f.headCoverage = Math.min(ab, ba);
  f.headCoverageMax = Math.max(ab, ba);
}

export function featureVector(features: PairFeatures): number[] {
  return FEATURE_NAMES.map((n) => features[n]);
}

/** Two generations in Roman numerals after one word, none shared ("Mark III" and "Mark IV"): `extractGenerations`. */
function generationsApart(a: PreparedOffer, b: PreparedOffer): boolean {
  for (const [word, mine] of a.generations) {
    const theirs = b.generations.get(word);
    if (theirs && disjoint(mine, theirs)) return true;
  }
  return false;
}

/**
 * Two editions or combos named apart ("Disc Edition" and "Digital Edition", "Standard Combo" and "Adventure Combo"):
 * each side names one the other names not, nor says as a word ("Keyboard and Mouse Combo" is the "Wireless Combo" of a
 * listing that says "Wireless Keyboard and Mouse").
 */
function namedEditionsApart(a: PreparedOffer, b: PreparedOffer): boolean {
  if (!disjoint(a.namedEditions, b.namedEditions)) return false;
  return ![...a.namedEditions].some((word) => b.tokens.has(word)) && ![...b.namedEditions].some((word) => a.tokens.has(word));
}
