/**
 * scorePair: how likely two offers are the same product, with the reasons.
 *
 * A model over the pair features gives the base score; rules then apply:
 * - equal GTINs are strong evidence, not a verdict: they make a match (score ≥ 0.99) unless the offers contradict
 *   them (`gtinContradicted`: different part numbers, different model numbers, a conflicting quantity, prices more
 *   than 2x apart), since real feeds carry wrong and reused GTINs; a contradicted GTIN counts for nothing and the
 *   rules below decide. Different valid GTINs decide a non-match (≤ 0.05);
 * - a conflicting capacity or screen size (64 GB vs 128 GB, 55" vs 65") caps the score at 0.2; other quantities
 *   that conflict (clock speeds, pack counts) are evidence the model weighs;
 * - so do two editions each title names with the word ("Disc Edition" vs "Digital Edition", "Standard Edition" vs
 *   "Professional Edition"): of the labelled pairs of the public sets whose titles do so, none is a match (Amazon-
 *   Google: 89 of train, 28 of valid), and the model, which sees edition words on one side mostly in matches, trusts
 *   the rest of the titles; and two generations written in Roman numerals after one word ("EOS 5D Mark III" vs
 *   "Mark IV");
 * - a price ratio outside 0.3–3.3 multiplies the score by 0.6.
 */
import { type PairEvidence, PLAUSIBLE_PRICE_RATIO, pairEvidence } from './features';
import { getDefaultModel, modelScore, type MatcherModel } from './model';
import { isPreparedOffer, type PreparedOffer, prepareOffer } from './prepare';
import type { QuantityKind } from './extract';
import type { ItemIdentity } from './item';
import type { IdfStats } from './tfidf';

export const GTIN_MATCH_FLOOR = 0.99;
/**
 * Offers of one product sell within this price ratio of each other (a refurbished or used one at 0.65x, a sale at
 * 0.8x): two offers further apart are not one product, whatever GTIN they state.
 */
export const GTIN_PRICE_RATIO: readonly [number, number] = [0.5, 2];
/** Title trigram cosine from which two titles read as one product's, so that a price far off does not contradict the GTIN. */
export const GTIN_TITLES_AGREE = 0.8;
export const GTIN_MISMATCH_CAP = 0.05;
export const QUANTITY_CONFLICT_CAP = 0.2;
/**
 * Quantities whose conflict caps the score: a capacity or a screen size names another product (64 GB against
 * 128 GB, 55" against 65"). Others are left to the model, since listings of one product state them differently: a
 * processor's base and boost clocks, a pack of 5 and of 10 of one part, a lens's power, a sensor's megapixels.
 */
const CAPPED_QUANTITY_KINDS: ReadonlySet<QuantityKind> = new Set<QuantityKind>(['data', 'size']);
export const PRICE_IMPLAUSIBLE_FACTOR = 0.6;

export type ReasonCode =
  | 'gtin-equal'
  | 'gtin-contradicted'
  | 'gtin-differ'
  | 'mpn-equal'
  | 'mpn-differ'
  | 'model-equal'
  | 'model-partial'
  | 'model-conflict'
  | 'brand-agree'
  | 'brand-conflict'
  | 'title-similarity'
  | 'quantity-conflict'
  | 'colour-conflict'
  | 'edition-conflict'
  | 'generation-conflict'
  | 'third-party-conflict'
  | 'price-implausible';

export interface MatchReason {
  code: ReasonCode;
  /** +1 speaks for a match, -1 against, 0 neutral information. */
  direction: 1 | -1 | 0;
  message: string;
}

export interface PairScore {
  /** 0..1; compare with the model threshold ({@link getDefaultModel}().threshold). */
  readonly score: number;
  readonly isMatch: boolean;
  /** Why, in words; computed on first access. */
  readonly reasons: MatchReason[];
  readonly evidence: PairEvidence;
}

export interface ScoreOptions {
  /** Corpus statistics for TF-IDF weights (see buildIdfStats). */
  stats?: IdfStats;
  model?: MatcherModel;
}

const cache = new WeakMap<ItemIdentity, PreparedOffer>();
/** Snapshot of the fields a prepared offer was made from, to notice an offer object changed since. */
const snapshots = new WeakMap<PreparedOffer, string>();
const snapshot = (o: ItemIdentity) => JSON.stringify([o.title, o.brand ?? null, o.model ?? null, o.gtin ?? null, o.priceCents ?? null]);
function sameFields(prepared: ItemIdentity, offer: ItemIdentity): boolean {
  return prepared === offer && snapshots.get(cache.get(offer) as PreparedOffer) === snapshot(offer);
}

/** A prepared form of the offer, reused across calls while the offer object and stats stay the same. */
export function toPrepared(offer: ItemIdentity | PreparedOffer, stats?: IdfStats): PreparedOffer {
  if (isPreparedOffer(offer)) return offer;
  const hit = cache.get(offer);
  if (hit && hit.stats === stats && sameFields(hit.offer, offer)) return hit;
  const prepared = prepareOffer(offer, stats);
  cache.set(offer, prepared);
  snapshots.set(prepared, snapshot(offer));
  return prepared;
}

const GTIN_AGAINST = { mpn: 'different part numbers', model: 'different model numbers', quantity: 'a quantity differs', price: 'prices more than 2x apart' } as const;

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

/** The generations a title writes in Roman numerals, as "mark 4". */
const generationNames = (offer: PreparedOffer): string =>
  [...offer.generations].flatMap(([word, values]) => [...values].map((value) => `${word} ${value}`)).join('/');

function formatQuantity(kind: string, v: number): string {
  if (kind === 'data') {
    if (v >= 1e12) return `${fmt(v / 1e12)} TB`;
    if (v >= 1e9) return `${fmt(v / 1e9)} GB`;
    if (v >= 1e6) return `${fmt(v / 1e6)} MB`;
    return `${fmt(v / 1e3)} KB`;
  }
  const unit: Record<string, string> = {
    size: 'in', power: 'W', battery: 'mAh', frequency: 'Hz', length: 'mm', resolution: 'MP', pack: 'pack',
  };
  return `${fmt(v)} ${unit[kind] ?? ''}`.trim();
}

function reasonsOf(a: PreparedOffer, b: PreparedOffer, ev: PairEvidence): MatchReason[] {
  const f = ev.features;
  const out: MatchReason[] = [];
  if (f.gtinEqual) {
    const against = gtinContradictions(ev);
    out.push(
      against.length === 0
        ? { code: 'gtin-equal', direction: 1, message: `same GTIN ${a.gtin}` }
        : { code: 'gtin-contradicted', direction: 0, message: `same GTIN ${a.gtin}, but ${against.map((c) => GTIN_AGAINST[c]).join(', ')}` },
    );
  }
  if (f.gtinDiffer) out.push({ code: 'gtin-differ', direction: -1, message: `different GTINs ${a.gtin} and ${b.gtin}` });
  if (f.mpnEqual) out.push({ code: 'mpn-equal', direction: 1, message: `same MPN ${a.mpn}` });
  if (f.mpnDiffer) out.push({ code: 'mpn-differ', direction: -1, message: `different MPNs ${a.mpn} and ${b.mpn}` });
  if (f.modelEqual && !f.mpnEqual) out.push({ code: 'model-equal', direction: 1, message: `same model number ${ev.matchedModel}` });
  if (f.modelPartial) out.push({ code: 'model-partial', direction: 1, message: 'model number of one contained in the other' });
  if (f.modelConflict && ev.conflictingModels) {
    out.push({
      code: 'model-conflict',
      direction: -1,
      message: `different model numbers ${ev.conflictingModels[0]} and ${ev.conflictingModels[1]}`,
    });
  }
  if (f.brandAgree) out.push({ code: 'brand-agree', direction: 1, message: `same brand ${a.brand ?? b.brand}` });
  if (f.brandConflict) out.push({ code: 'brand-conflict', direction: -1, message: `different brands ${a.brand} and ${b.brand}` });
  out.push({
    code: 'title-similarity',
    direction: f.trigramCosine >= 0.5 ? 1 : 0,
    message: `title similarity ${fmt(f.trigramCosine)}`,
  });
  for (const c of ev.quantityConflicts) {
    out.push({
      code: 'quantity-conflict',
      direction: -1,
      message: `${c.kind} differs: ${c.a.map((v) => formatQuantity(c.kind, v)).join('/')} vs ${c.b
        .map((v) => formatQuantity(c.kind, v))
        .join('/')}`,
    });
  }
  if (f.colourConflict) {
    out.push({ code: 'colour-conflict', direction: -1, message: `colour differs: ${[...a.colours].join('/')} vs ${[...b.colours].join('/')}` });
  }
  if (ev.editionsConflict) {
    out.push({ code: 'edition-conflict', direction: -1, message: `edition differs: ${[...a.namedEditions].join('/')} vs ${[...b.namedEditions].join('/')}` });
  }
  if (ev.generationConflict) {
    out.push({ code: 'generation-conflict', direction: -1, message: `generation differs: ${generationNames(a)} vs ${generationNames(b)}` });
  }
  if (ev.thirdPartyConflict) {
    out.push({ code: 'third-party-conflict', direction: -1, message: `${a.thirdParty ? 'first' : 'second'} is a third party's supply, the other the maker's` });
  }
  if (f.priceImplausible && ev.priceRatio != null) {
    out.push({
      code: 'price-implausible',
      direction: -1,
      message: `price ratio ${fmt(ev.priceRatio)} outside ${PLAUSIBLE_PRICE_RATIO[0]}–${PLAUSIBLE_PRICE_RATIO[1]}`,
    });
  }
  return out;
}

/**
 * What in a pair with equal GTINs says they are not one product: different part numbers, different model numbers (not
 * variant suffixes of one), a conflicting measured quantity (34" against 24", 1 TB against 2 TB), or prices more than
 * 2x apart while the titles share no model number and read differently. Empty when nothing does (or the GTINs are
 * not equal).
 */
export function gtinContradictions(ev: PairEvidence): Array<'mpn' | 'model' | 'quantity' | 'price'> {
  const f = ev.features;
  if (!f.gtinEqual) return [];
  const out: Array<'mpn' | 'model' | 'quantity' | 'price'> = [];
  if (f.mpnDiffer) out.push('mpn');
  if (f.modelConflict && !f.modelVariant) out.push('model');
  if (f.quantityConflict > 0) out.push('quantity');
  // A price far off with the same words and model is the same product at a suspect price (held for review by the
  // catalog, `held: 'price'`); with other words it is another product.
  const titlesAgree = f.modelEqual === 1 || f.mpnEqual === 1 || f.trigramCosine >= GTIN_TITLES_AGREE;
  if (!titlesAgree && ev.priceRatio != null && (ev.priceRatio < GTIN_PRICE_RATIO[0] || ev.priceRatio > GTIN_PRICE_RATIO[1])) out.push('price');
  return out;
}

/** Equal GTINs that nothing else in the pair contradicts: they decide a match. */
export const gtinDecides = (ev: PairEvidence): boolean => ev.features.gtinEqual === 1 && gtinContradictions(ev).length === 0;

/** Final score from the model and the rules; exported for training and evaluation. */
export function applyRules(base: number, ev: PairEvidence): number {
  const f = ev.features;
  let s = base;
  if (gtinDecides(ev)) return Math.max(s, GTIN_MATCH_FLOOR);
  if (f.gtinDiffer) s = Math.min(s, GTIN_MISMATCH_CAP);
  const conflict = ev.quantityConflicts.some((c) => CAPPED_QUANTITY_KINDS.has(c.kind)) || ev.editionsConflict || ev.generationConflict || ev.thirdPartyConflict;
  if (conflict) s = Math.min(s, QUANTITY_CONFLICT_CAP);
  if (f.priceImplausible) s *= PRICE_IMPLAUSIBLE_FACTOR;
  return s;
}

/**
 * Score two offers (raw or prepared). Deterministic; raw offers are prepared once and cached
 * per object, so scoring one query against many candidates does the text work once.
 */
export function scorePair(a: ItemIdentity | PreparedOffer, b: ItemIdentity | PreparedOffer, options: ScoreOptions = {}): PairScore {
  const model = options.model ?? getDefaultModel();
  const pa = toPrepared(a, options.stats);
  const pb = toPrepared(b, options.stats);
  const evidence = pairEvidence(pa, pb);
  const score = applyRules(modelScore(model, evidence.features), evidence);
  let reasons: MatchReason[] | undefined;
  return {
    score,
    isMatch: score >= model.threshold,
    // Worded only when read: ranking many candidates needs the scores alone.
    get reasons() {
      return (reasons ??= reasonsOf(pa, pb, evidence));
    },
    evidence,
  };
}
