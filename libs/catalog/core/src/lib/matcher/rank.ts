/**
 * Ranks the products an item may belong to: candidate offers (candidates.ts) scored against the item by `scorePair`, a
 * product scoring as its best member (`assignCluster`); then products whose members the item conflicts with are
 * demoted, or, for words only, the ranking is blended with the words' coverage (rank-by-words.ts).
 */
import { assignCluster, clusterEvidence, cutColourCompletions, getWordsModel, onThresholdScale, prepareOffer, restoreDecimals, type ClusterCandidate, type ItemIdentity, type PreparedOffer } from '@pricehunt/catalog-matching';
import type { OfferRef } from '../ports';
import { candidateOffers, leaveOutOtherIdentifiers, membersOfAll } from './candidates';
import type { OfferCache } from './offer-cache';
import type { MatchOptions, RankedProduct } from './options';
import { read, type MatcherStep } from './reads';
import { rankByWords, type MembersOf } from './rank-by-words';
import { CLUSTER_CONFLICT_FACTOR, conflicts, JOIN_CHECKED_SHARE, matchThreshold, modelsConflict, otherBrand, pricedAlike, sharesAWord, sharesStatedVariant } from './rules';
import { elsewhereThan, rejoinModelWords } from './word-coverage';

/**
 * A product the item would join must agree with all its members on identifiers, model numbers, colour and measured quantities,
 * not only with its most similar one: otherwise offers that state little chain variants together. A page read for a
 * search must also be of a brand some member has, when members state one: a retailer's listing of another brand's
 * product may share most of its wording ("…, Up to 30-Hour Battery Life, Industry Leading Noise Canceling, White").
 */
function* demoteConflicting(cache: OfferCache, item: PreparedOffer, ranked: RankedProduct[], members: MembersOf, joining: boolean, retailer?: string): MatcherStep<RankedProduct[]> {
  const threshold = matchThreshold();
  const above: RankedProduct[] = [];
  const checkedFrom = joining ? threshold * JOIN_CHECKED_SHARE : threshold;
  for (const entry of ranked) {
    if (entry.score < checkedFrom) break;
    above.push(entry);
  }
  if (above.length === 0) return ranked;
  const membersOf = yield* members(above.map((entry) => entry.productId));
  const entryOf = yield* cache.entriesOf([...membersOf.values()].flat());
  // The retailer's own listings of a product are judged apart, when the offer is placed (`secondListing`): one that
  // joined on little evidence may give way to it.
  const own = joining && retailer !== undefined ? yield* read('offersAtAmong', retailer, [...membersOf.values()].flat().map((ref) => ref.id)) : new Set<number>();
  let demoted = false;
  for (const entry of above) {
    const refs = membersOf.get(entry.productId) ?? [];
    const others = refs.filter((ref) => !own.has(ref.id));
    const offers = cache.preparedFrom(entryOf, others.length > 0 ? others : refs);
    const evidence = clusterEvidence(item, offers);
    // Under the threshold, an uncontested join also needs a member priced alike that shares a word with the item (not a
    // number alone: `sharesAWord`). At any score, a join needs the brand some member states, unless the item names a
    // model number a member states: "Corner Kitchen Stand Mixer 5 qt" at $249 is no "Hearth Stand Mixer 5 qt HSM-500"
    // at $249, however alike the words.
    const unlike = joining && ((entry.score < threshold && !(pricedAlike(item, offers) && sharesAWord(item, offers))) || (otherBrand(item, offers) && !evidence.modelHit));
    if (joining) entry.sharesVariant = sharesStatedVariant(item, offers);
    if (joining && entry.score >= threshold) entry.members = offers;
    if (conflicts(evidence, joining) || unlike || (!joining && otherBrand(item, offers))) {
      // Joining, below the products an uncontested join may take too (`checkedFrom`).
      entry.score = Math.min(entry.score * CLUSTER_CONFLICT_FACTOR, checkedFrom * CLUSTER_CONFLICT_FACTOR);
      demoted = true;
    }
  }
  return demoted ? ranked.sort((a, b) => b.score - a.score || a.productId - b.productId) : ranked;
}

/** Ranks candidate products for the item (its words already rejoined where they are known model numbers). */
function* rankItem(cache: OfferCache, item: ItemIdentity, joinedKeys: readonly string[], options: MatchOptions): MatcherStep<RankedProduct[]> {
  const byProduct = yield* candidateOffers(item, joinedKeys, options);
  const lookup = options.lookup;
  // An offer never joins a product one of whose members states another GTIN or part number (`demoteConflicting`
  // lowers it below the threshold): such products are left out before their offers are prepared and scored.
  if (options.joining) yield* leaveOutOtherIdentifiers(cache, item, byProduct, lookup, options);
  if (byProduct.size === 0) return [];

  // The item is prepared only now: most new offers of a bulk import have no candidate at all.
  const preparedItem = prepareOffer(item);
  cache.lastRanked = { item, prepared: preparedItem };
  const compared = options.wordsOnly ? yield* elsewhereThan(options.unlistedAt, byProduct) : byProduct;
  const candidates = yield* scoredCandidates(cache, preparedItem, compared, options.wordsOnly === true && preparedItem.models.size === 0);
  if (candidates.length === 0) return [];
  const ranked = scoredProducts(preparedItem, candidates, options.wordsOnly === true);
  const members = (productIds: readonly number[]) => membersOfAll(lookup, productIds, options.excludeOfferId);
  return options.wordsOnly
    ? yield* rankByWords(cache, item, preparedItem, ranked, members, options)
    : yield* demoteConflicting(cache, preparedItem, ranked, members, options.joining === true, options.retailer);
}

/**
 * Products as their best candidate scores. Words alone are scored by the words model (`getWordsModel`), its scores put
 * on the scale of the matcher's threshold, which every step after compares with.
 */
function scoredProducts(item: PreparedOffer, candidates: readonly ClusterCandidate[], wordsOnly: boolean): RankedProduct[] {
  const threshold = matchThreshold();
  const model = wordsOnly ? getWordsModel() : undefined;
  const assignment = assignCluster(item, candidates, { model, threshold: model?.threshold ?? threshold });
  const scale = (score: number) => (model ? onThresholdScale(score, model.threshold, threshold) : score);
  return assignment.ranked.map((cluster) => ({ productId: Number(cluster.clusterId), score: Math.max(0, Math.min(1, scale(cluster.score))) }));
}

/**
 * The candidate offers the item is scored against, each under its product: none that names another model
 * (`modelsConflict`); for words that state no model number (`statesNoModel`), each without its model numbers.
 */
function* scoredCandidates(cache: OfferCache, preparedItem: PreparedOffer, compared: ReadonlyMap<number, readonly OfferRef[]>, statesNoModel: boolean): MatcherStep<ClusterCandidate[]> {
  const candidates: ClusterCandidate[] = [];
  const entryOf = yield* cache.entriesOf([...compared.values()].flat());
  for (const [productId, members] of compared) {
    for (const member of members) {
      const entry = entryOf(member);
      const offer = cache.preparedOf(entry);
      if (!offer || modelsConflict(preparedItem, offer)) continue;
      candidates.push({ clusterId: String(productId), offer: statesNoModel && offer.models.size > 0 ? cache.withoutUnstatedModels(entry, offer, preparedItem) : offer });
    }
  }
  return candidates;
}

/** Words only: ranked with split model numbers joined again, or as plain words where that does better. */
function* rankWords(cache: OfferCache, input: ItemIdentity, options: MatchOptions): MatcherStep<RankedProduct[]> {
  const rejoined = yield* rejoinModelWords(input.title);
  const ranked = yield* rankItem(cache, { ...input, title: rejoined.text }, rejoined.keys, options);
  const best = ranked[0];
  // A slug's words hold a shop's words besides the product's: only typed words are asked whether the best fit holds them.
  const lacksTyped = options.typed === true && best?.holdsAllWords === false;
  if (rejoined.keys.length === 0 || ((best?.score ?? 0) >= matchThreshold() && !lacksTyped)) return ranked;
  // Words joined into a model number the catalog knows only as the start of others' ("jbl flip 9" read as
  // JBLFLIP9…) rule out every candidate that states another model: without a match, or with one that lacks some of
  // the words typed, the plain words may do better ("iPod Nano 6G Clear Iluv" joined into IPODNANO6G, some shop's model
  // field, rules out the Iluv film whose listings state their own part number, and finds cases that lack "clear" and
  // "iluv").
  const plain = yield* rankItem(cache, { ...input, title: restoreDecimals(input.title.split(/\s+/).filter(Boolean)).join(' ') }, [], options);
  return (plain[0]?.score ?? 0) > (ranked[0]?.score ?? 0) ? plain : ranked;
}

/** Ranks candidate products for the item, best first. */
export function* rank(cache: OfferCache, input: ItemIdentity, options: MatchOptions): MatcherStep<RankedProduct[]> {
  if (!options.wordsOnly) return yield* rankItem(cache, input, [], options);
  const ranked = yield* rankWords(cache, input, options);
  if (options.typed || (ranked[0]?.score ?? 0) >= matchThreshold()) return ranked;
  // A slug cut short may end inside a colour's name ("…-midnight" of Midnight Blue): the words are tried again
  // with each longer colour name their last word begins.
  let best = ranked;
  for (const completed of cutColourCompletions(input.title)) {
    const again = yield* rankWords(cache, { ...input, title: completed }, options);
    if ((again[0]?.score ?? 0) > (best[0]?.score ?? 0)) best = again;
  }
  return best;
}
