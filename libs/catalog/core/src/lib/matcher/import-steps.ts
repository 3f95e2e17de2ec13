/**
 * The matcher's steps for an import's unit of work beside `rank`: whether two products may be one, the product of a
 * lone offer, of a GTIN, of a model number, a retailer's second listing of a product, and products related to an item.
 */
import { clusterEvidence, codesHeldBy, gtinContradictions, normaliseBrand, pairEvidence, prepareOffer, scorePair, type ItemIdentity, type PreparedOffer } from '@pricehunt/catalog-matching';
import { present } from '@pricehunt/contracts';
import { itemIndexWords, offersWithGtin } from './candidates';
import type { OfferCache } from './offer-cache';
import { MEMBERS_FOR_WORDS, MEMBERS_PER_PRODUCT, type CandidateLookup } from './options';
import { read, type MatcherStep } from './reads';
import { rank } from './rank';
import { agreesWithOwnListings, conflicts, fitsBetterThan, JOIN_CHECKED_SHARE, matchThreshold, relistingOf, toldApartFromListing } from './rules';

/**
 * How a new offer fits a product its retailer lists already: its best score against the product's offers at other
 * retailers (`fit`), the retailer's listing it would take the place of (`displaces`), and whether it says what the
 * retailer's own listings there say (`agrees`, `agreesWithOwnListings`).
 */
export interface SecondListing {
  fit: number;
  displaces: number | null;
  agrees: boolean;
  /**
   * The retailer's one listing there conflicts with the item and fits the product's offers at other retailers under
   * the threshold, while the item fits them clearly better, conflicting with none of them, at the threshold or, where
   * the product is the item's uncontested best, at the share of it an uncontested join needs (`JOIN_CHECKED_SHARE`):
   * the listing joined on little evidence (another colour or model of a case, a chalkboard of the maker of a display
   * system) and gives way to the item, as the two cannot both be the product. Its id, else null. (Two listings that do
   * not conflict may both be it: a marketplace lists one item under several sellers' wordings.)
   */
  weakListing: number | null;
  /** The item conflicts with the retailer's own listings there (`conflicts`). */
  ownConflict: boolean;
  /** Words tell the retailer's one listing there apart from the product's other offers, and the item states theirs (`toldApartFromListing`). */
  toldApart: boolean;
  /** One of the retailer's listings there is the item listed again (`relistingOf`), and it conflicts with none of them. */
  relisted: boolean;
}

/** Full-text candidates (offers) a lone offer is compared with (`productForLoneOffer`). */
const LONE_OFFER_CANDIDATES = 10;
/** A lone offer's candidates carry this many of its rarest words (a cheap look: a million-offer catalog has thousands). */
const LONE_OFFER_RAREST = 3;
/** Products after the best that a lone offer's fit with is checked (`productForLoneOffer`). */
const LONE_OFFER_RIVALS = 3;

/** See `steps.mayBeOneProduct` in matching.ts. */
export function* mayBeOneProduct(cache: OfferCache, a: number, b: number): MatcherStep<boolean> {
  const refs = yield* read('offerRefsOfProducts', [a, b], MEMBERS_FOR_WORDS);
  const membersA = yield* cache.preparedAll(refs.get(a) ?? []);
  const membersB = yield* cache.preparedAll(refs.get(b) ?? []);
  if (membersA.length === 0 || membersB.length === 0) return false;
  const agrees = (item: PreparedOffer, members: PreparedOffer[]) => !conflicts(clusterEvidence(item, members), true);
  return membersA.every((item) => agrees(item, membersB)) && membersB.every((item) => agrees(item, membersA));
}

/** A product's first members (at most MEMBERS_FOR_WORDS), prepared. */
function* preparedMembers(cache: OfferCache, productId: number): MatcherStep<PreparedOffer[]> {
  return yield* cache.preparedAll((yield* read('offerRefsOfProducts', [productId], MEMBERS_FOR_WORDS)).get(productId) ?? []);
}

/** See `steps.productForLoneOffer` in matching.ts. */
export function* productForLoneOffer(cache: OfferCache, offer: { id: number; productId: number; retailerId: string } & ItemIdentity): MatcherStep<number | null> {
  const threshold = matchThreshold();
  const ranked = (yield* rank(cache, offer, { useIndex: true, excludeOfferId: offer.id, joining: true, indexLimit: LONE_OFFER_CANDIDATES, indexRarest: LONE_OFFER_RAREST })).filter(
    (entry) => entry.productId !== offer.productId,
  );
  const [best, ...others] = ranked;
  if (!best || best.score < threshold) return null;
  // Another product that fits the offer too (it passes the threshold after the conflicts of what the offer states)
  // and is not the same as the best (another lone offer of it): the words fit twins alike, no telling which.
  for (const other of others.slice(0, LONE_OFFER_RIVALS)) {
    if (other.score < threshold) break;
    if (!(yield* mayBeOneProduct(cache, best.productId, other.productId))) return null;
  }
  if ((yield* read('productsWithOfferAt', offer.retailerId, [best.productId])).size > 0) return null;
  // Its words are all it has: a code among them that the product never states is another model's.
  const members = yield* preparedMembers(cache, best.productId);
  if (!codesHeldBy(prepareOffer(offer), members)) return null;
  return (yield* mayBeOneProduct(cache, offer.productId, best.productId)) ? best.productId : null;
}

/** See `steps.secondListing` in matching.ts. */
export function* secondListing(cache: OfferCache, item: ItemIdentity, productId: number, retailerId: string): MatcherStep<SecondListing> {
  const refs = (yield* read('offerRefsOfProducts', [productId], MEMBERS_FOR_WORDS)).get(productId) ?? [];
  const at = yield* read('offersAtAmong', retailerId, refs.map((ref) => ref.id));
  const others = yield* cache.preparedAll(refs.filter((ref) => !at.has(ref.id)));
  if (others.length === 0) return { fit: 0, displaces: null, agrees: false, weakListing: null, ownConflict: false, relisted: false, toldApart: false };
  const prepared = prepareOffer(item);
  const fit = Math.max(...others.map((other) => scorePair(prepared, other).score));
  const own = yield* cache.preparedAll(refs.filter((ref) => at.has(ref.id)));
  const agrees = agreesWithOwnListings(prepared, own);
  const ownConflict = own.length > 0 && conflicts(clusterEvidence(prepared, own), true);
  const relisted = !ownConflict && relistingOf(prepared, own) !== null;
  const [listed] = own;
  if (at.size !== 1 || !listed) return { fit, displaces: null, agrees, weakListing: null, ownConflict, relisted, toldApart: false };
  const listedId = present(refs.find((ref) => at.has(ref.id))).id;
  const displaces = fitsBetterThan(prepared, listed, others) ? listedId : null;
  const threshold = matchThreshold();
  const weak = displaces !== null && ownConflict && fit >= threshold * JOIN_CHECKED_SHARE && !conflicts(clusterEvidence(prepared, others), true) && Math.max(...others.map((other) => scorePair(listed, other).score)) < threshold;
  return { fit, displaces, agrees, weakListing: weak ? listedId : null, ownConflict, relisted, toldApart: displaces !== null && toldApartFromListing(prepared, listed, others) };
}

/** See `fitAsync` in matching.ts. */
export function* fitToProduct(cache: OfferCache, item: ItemIdentity, productId: number, excludeOfferId: number): MatcherStep<number | null> {
  const refs = ((yield* read('offerRefsOfProducts', [productId], MEMBERS_FOR_WORDS)).get(productId) ?? []).filter((ref) => ref.id !== excludeOfferId);
  const others = yield* cache.preparedAll(refs);
  if (others.length === 0) return null;
  const prepared = prepareOffer(item);
  return Math.max(...others.map((other) => scorePair(prepared, other).score));
}

/** See `steps.productWithGtin` in matching.ts. */
export function* productWithGtin(cache: OfferCache, gtin: string | null, excludeOfferId?: number, lookup?: CandidateLookup, item?: ItemIdentity): MatcherStep<number | null> {
  if (!gtin) return null;
  const offers = (yield* offersWithGtin(lookup, gtin, 3)).filter((row) => row.id !== excludeOfferId && row.productId != null);
  if (!item || offers.length === 0) return offers[0]?.productId ?? null;
  // A GTIN is strong evidence, not a verdict: an offer that states another model number or size, or sells at
  // more than twice the price or half of it, is not the item whatever GTIN it states (feeds reuse GTINs).
  const prepared = prepareOffer(item);
  const entryOf = yield* cache.entriesOf(offers);
  for (const row of offers) {
    const offer = cache.preparedOf(entryOf(row));
    if (offer && gtinContradictions(pairEvidence(prepared, offer)).length === 0) return row.productId;
  }
  return null;
}

/** Products whose offers share the item's words, best full-text rank first (see `relatedAsync` in matching.ts). */
export function* related(input: ItemIdentity, limit: number): MatcherStep<number[]> {
  const words = itemIndexWords(input);
  const ids: number[] = [];
  for (const hit of yield* read('candidates', words, { limit: limit * MEMBERS_PER_PRODUCT })) {
    if (hit.productId != null && !ids.includes(hit.productId)) ids.push(hit.productId);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** See `productWithModel` in matching.ts. */
export function productWithModel(modelKey: string | null, brand: string | null | undefined, lookup: CandidateLookup): number | null {
  if (!modelKey) return null;
  const wanted = normaliseBrand(brand ?? null);
  if (!wanted) return null;
  const products = new Set<number>();
  for (const hit of lookup.productsWithModelKey(modelKey)) {
    const other = normaliseBrand(hit.brand);
    if (other && other !== wanted) return null;
    products.add(hit.productId);
  }
  return products.size === 1 ? present([...products][0]) : null;
}
