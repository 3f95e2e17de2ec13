/**
 * Candidate offers for an item, at most `MEMBERS_PER_PRODUCT` per product: from its GTIN, its model keys and
 * (optionally) the full-text index; and the members a product is checked with.
 */
import { identifiersConflict, normalisePartNumber, prepareOffer, statesPartNumberOf, type ItemIdentity, type PreparedOffer } from '@pricehunt/catalog-matching';
import type { OfferRef } from '../ports';
import { indexWords } from '../words';
import type { OfferCache } from './offer-cache';
import { MEMBERS_FOR_WORDS, MEMBERS_PER_PRODUCT, type CandidateLookup, type MatchOptions } from './options';
import { hitRef, read, type MatcherStep } from './reads';
import { gtinOf, modelKeysOf } from './rules';

/** Products' members (at most MEMBERS_FOR_WORDS each), without the offer being matched. */
export function* membersOfAll(lookup: CandidateLookup | undefined, productIds: readonly number[], excludeOfferId: number | undefined): MatcherStep<Map<number, OfferRef[]>> {
  const all = lookup ? new Map(productIds.map((id) => [id, lookup.offerRefsOfProduct(id, MEMBERS_FOR_WORDS)])) : yield* read('offerRefsOfProducts', productIds, MEMBERS_FOR_WORDS);
  const members = new Map<number, OfferRef[]>();
  for (const id of productIds) members.set(id, (all.get(id) ?? []).filter((ref) => ref.id !== excludeOfferId));
  return members;
}

/** Offers with the GTIN, from `lookup` when given, else from the catalog. */
export function* offersWithGtin(lookup: CandidateLookup | undefined, gtin: string, limit: number): MatcherStep<OfferRef[]> {
  return lookup ? lookup.offersWithGtin(gtin, limit) : yield* read('offersWithGtin', gtin, limit);
}

function* offersWithModelKey(lookup: CandidateLookup | undefined, key: string, limit: number): MatcherStep<OfferRef[]> {
  return lookup ? lookup.offersWithModelKey(key, limit) : yield* read('offersWithModelKey', key, limit);
}

/**
 * A possessive's "s" ("Men's", "Levi's"): alone it is a rare word of the index, carried by model numbers ("WH1000XM5/S",
 * "HDH-S-BAZAA"), that finds offers sharing nothing else with the item.
 */
const POSSESSIVE = /(\p{L})['’]s\b/gu;

/** The words an item asks the full-text index for: its title, brand and model, without a possessive's "s". */
export const itemIndexWords = (item: ItemIdentity): string[] => indexWords([item.title, item.brand ?? '', item.model ?? ''].join(' ').replace(POSSESSIVE, '$1'));

/** How many of a joining offer's rarest words (of those other offers carry) its rarest-word candidates carry. */
const JOINING_RAREST = 2;

/**
 * Candidate offers by product, at most MEMBERS_PER_PRODUCT per product (a cluster scores as its best member), from
 * the item's GTIN, its model keys, the keys its words were joined into (`joinedKeys`) and the full-text index (joining:
 * also the offers that carry its rarest words, `JOINING_RAREST`).
 */
export function* candidateOffers(item: ItemIdentity, joinedKeys: readonly string[], options: MatchOptions): MatcherStep<Map<number, OfferRef[]>> {
  const byProduct = new Map<number, OfferRef[]>();
  const add = (refs: OfferRef[]) => {
    for (const ref of refs) {
      if (ref.productId == null || ref.id === options.excludeOfferId) continue;
      const members = byProduct.get(ref.productId);
      if (!members) byProduct.set(ref.productId, [ref]);
      else if (members.length < MEMBERS_PER_PRODUCT && !members.some((member) => member.id === ref.id)) members.push(ref);
    }
  };
  const lookup = options.lookup;
  const gtin = gtinOf(item.gtin);
  if (gtin) add(yield* offersWithGtin(lookup, gtin, 10));
  for (const key of options.modelKeys ?? modelKeysOf(item)) add(yield* offersWithModelKey(lookup, key, 10));
  // A joined key is a model number without its variant suffix: its colours and capacities are all candidates.
  for (const key of joinedKeys) add(yield* offersWithModelKey(lookup, key, 30));
  if (options.useIndex) {
    const words = itemIndexWords(item);
    const hits = yield* read('candidates', words, { limit: options.indexLimit ?? 30, rarest: options.indexRarest });
    add(hits.map(hitRef));
    // An offer joining: those that carry its rarest words too, whatever its other words. A retailer's boilerplate
    // ("Encore Software 33024 Hoyle Solitaire ( Win 98 Me 2000 Xp )") ranks the retailer's other listings that repeat it
    // first, and they crowd out the plain "Hoyle Solitaire" the offer is.
    if (options.joining && !options.indexRarest) add((yield* read('candidates', words, { limit: options.indexLimit ?? 30, rarest: JOINING_RAREST })).map(hitRef));
    // Words name the product first: the offers that share the longest run of leading words are candidates too (an
    // offer joining: those at other retailers, see `MatchOptions.retailer`).
    if (options.wordsOnly || (options.joining && options.retailer)) {
      const elsewhereThan = options.wordsOnly ? options.unlistedAt : options.retailer;
      const leading = yield* read('leadingCandidates', indexWords(item.title), { limit: options.indexLimit ?? 30, elsewhereThan });
      add(leading.map(hitRef));
    }
  }
  return byProduct;
}


/**
 * Drops the candidate products a member of which (among those `demoteConflicting` checks) states another GTIN or
 * part number than the item. A member at the item's own retailer (`retailer`, when given) does not: two listings of one
 * retailer state two part numbers as a rule, and which of them a product keeps is judged when the offer is placed
 * (`secondListing`: "Logitech Portable Lapdesk N315 Dusty Rose", 939-000309, gives way to the plain one, 939-000181, in a
 * product whose other listing says "Logitech N315 Lapdesk").
 */
export function* leaveOutOtherIdentifiers(
  cache: OfferCache,
  item: ItemIdentity,
  byProduct: Map<number, OfferRef[]>,
  lookup: CandidateLookup | undefined,
  options: Pick<MatchOptions, 'excludeOfferId' | 'retailer'>,
): MatcherStep<void> {
  const identifiers = { gtin: gtinOf(item.gtin), mpn: normalisePartNumber(item.model) };
  if (!identifiers.gtin && !identifiers.mpn) return;
  const entryOf = yield* cache.entriesOf([...byProduct.values()].flat());
  const conflicting = new Map<number, OfferRef[]>();
  // Prepared only for a conflict, which is rare: one listing's part number may be what the other states in its words
  // ("Logitech Portable Lapdesk N315", part number 939-000181, against "Logitech N315 Lapdesk", model field N315), as
  // `clusterEvidence` allows when the product is scored.
  let prepared: PreparedOffer | undefined;
  for (const [productId, refs] of byProduct) {
    const found = refs.filter((ref) => {
      const entry = entryOf(ref);
      if (entry === null || !identifiersConflict(identifiers, { gtin: gtinOf(entry.item.gtin), mpn: normalisePartNumber(entry.item.model) })) return false;
      const member = cache.preparedOf(entry);
      return member === null || !statesPartNumberOf((prepared ??= prepareOffer(item)), member);
    });
    if (found.length > 0) conflicting.set(productId, found);
  }
  if (conflicting.size === 0) return;
  const own = options.retailer === undefined ? new Set<number>() : yield* read('offersAtAmong', options.retailer, [...conflicting.values()].flat().map((ref) => ref.id));
  const members = yield* membersOfAll(lookup, [...conflicting.keys()], options.excludeOfferId);
  for (const [productId, found] of conflicting) {
    const checked = new Set((members.get(productId) ?? []).map((member) => member.id));
    if (found.some((ref) => checked.has(ref.id) && !own.has(ref.id))) byProduct.delete(productId);
  }
}
