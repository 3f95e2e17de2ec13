import { type ItemIdentity, prepareOffer } from '@pricehunt/catalog-matching';
import { op, type IngestionStep } from './ingestion-store';
import { JOIN_CHECKED_SHARE, matchThreshold, type MatchOptions, type ProductMatcher, type RankedProduct } from './matching';
import { FITS_ALIKE_SHARE, memberWords, unstatedDistinction } from './matcher/rules';
import { present } from '@pricehunt/contracts';

/** How close behind the best product another must score to be taken instead, when the retailer already sells the best. */
const LISTED_AT_RETAILER_MARGIN = 0.8;

/**
 * A retailer lists a product once as a rule: an offer joins a product that already holds an offer of its retailer
 * only when it fits the product's offers at other retailers with a score of at least this (the retailer's own listing
 * shares its wording and tells nothing: "Adobe CS3 Web Premium Upgrade" scores 0.87 against the same shop's "Adobe CS3
 * Design Premium Upgrade"), and conflicts with none of the retailer's listings there; at the threshold, it joins when
 * it also agrees with the retailer's own listing there (`agreesWithOwnListings`: a relisting under a new id), and
 * whatever its fit when it repeats one of them word for word (`relistingOf`: a marketplace's sellers). Else the
 * offer takes that listing's place when it fits them clearly better (`secondListing.displaces`, on the row path: below
 * this score, or at any score when the two listings conflict, as they cannot both be the product (the plain "Logitech
 * Portable Lapdesk N315", part number 939-000181, takes the place of the "Dusty Rose" one, 939-000309, beside
 * "Logitech N315 Lapdesk"), or when words tell the listing apart from the product's other offers and the offer states
 * theirs (`secondListing.toldApart`: another team's iPod case); and under the threshold where the listing joined under
 * it too, `secondListing.weakListing`), else such products are not candidates.
 */
export const SECOND_LISTING_SCORE = 0.5;

/**
 * Below the threshold, the best product is still taken when it scores at least this share of it, conflicts with
 * nothing the offer states and some member sells within 2x of its price (`demoteConflicting` checks it down to
 * `JOIN_CHECKED_SHARE`, `pricedAlike`), its retailer does not list it yet (or the offer fits it as a second listing) and
 * the next product scores under `UNCONTESTED_MARGIN` of it: listings of one item at two retailers word it apart
 * ("Roxio Easy Media Creator 9" and "Roxio Easy Media Creator 9 Suite Software for Windows Authoring Software"), and
 * one candidate far ahead of the rest is that item more often than not.
 */
export const UNCONTESTED_SHARE = JOIN_CHECKED_SHARE;
const UNCONTESTED_MARGIN = 0.8;

/** The best product when it is uncontested (see `UNCONTESTED_SHARE`; whether the retailer lists it is asked apart). */
export function uncontestedBest(ranked: readonly RankedProduct[], threshold: number): RankedProduct | null {
  const [best, next] = ranked;
  if (!best || best.score >= threshold || best.score < threshold * UNCONTESTED_SHARE) return null;
  return (next?.score ?? 0) < best.score * UNCONTESTED_MARGIN ? best : null;
}

/** The products ranked close enough to the best to be taken instead of it (the best first), or none below the threshold. */
function contenders<T extends Pick<RankedProduct, 'score'>>(ranked: readonly T[], threshold: number): T[] {
  const [best] = ranked;
  if (!best || best.score < threshold) return [];
  return ranked.filter((entry) => entry.score >= threshold && entry.score >= best.score * LISTED_AT_RETAILER_MARGIN);
}

/**
 * The product an offer joins: the best ranked one that passes the threshold. Of the products nearly as good (within
 * LISTED_AT_RETAILER_MARGIN), those some member of which states a platform or colour the offer states
 * (`sharesVariant`) come first: a shop's two listings of a title, one "for Mac" and one saying nothing, fit an offer
 * "for Macintosh" alike. A retailer sells a product under one id as a rule, so when it already has an offer in the best
 * of them, one that it does not sell yet is taken instead: an offer that states little (no colour, no part number) then
 * joins the twin that lacks that retailer, not the one that has it. Where the retailer lists none of them, a best
 * product that the next rivals (`FITS_ALIKE_SHARE`), told apart from it by words the offer states none of, is no answer: the
 * offer begins a product of its own (a shop's "PlayStation®5 Console" is neither the Slim's Disc nor its Digital
 * Edition).
 */
export function productForOffer(
  ranked: ReadonlyArray<Pick<RankedProduct, 'productId' | 'score' | 'sharesVariant' | 'members'>>,
  threshold: number,
  withOfferAtRetailer: (productIds: readonly number[]) => ReadonlySet<number>,
  itemWords: () => ReadonlySet<string> = () => new Set(),
): number | null {
  const [best, next] = ranked;
  // The words are read only for a rival: most offers have none.
  const alike = !!(best?.members && next?.members && next.score >= threshold && next.score >= best.score * FITS_ALIKE_SHARE && unstatedDistinction(itemWords(), memberWords(best.members), memberWords(next.members)));
  let close = contenders(ranked, threshold);
  if (close.some((entry) => entry.sharesVariant)) close = close.filter((entry) => entry.sharesVariant);
  if (close.length === 0) return null;
  if (close.length < 2) return alike ? null : present(close[0]).productId;
  const listed = withOfferAtRetailer(close.map((entry) => entry.productId));
  const unlisted = close.find((entry) => !listed.has(entry.productId));
  if (alike) return listed.size > 0 && unlisted ? unlisted.productId : null;
  return (unlisted ?? present(close[0])).productId;
}

/**
 * The one rule that places an offer in a product, on every path (row by row, bulk, re-clustering): the product of
 * a labelled match (`known`, still there), else the product of an offer with the same valid GTIN that contradicts
 * nothing the item states (model number, size or capacity, a price within 2x), else (`statedModel`)
 * the one product whose offers state the offer's model number under its brand, else the best ranked product that
 * passes the threshold (`productForOffer`), leaving out those its retailer lists already that it does not fit as a
 * second listing (`SECOND_LISTING_SCORE`, or the threshold and agreeing with that retailer's listing, or repeating it
 * word for word) nor takes the place of that retailer's listing in (`displace`), or failing that an uncontested one
 * below it (`UNCONTESTED_SHARE`). Candidates of a joining offer include other retailers' offers that share its leading
 * words (`MatchOptions.retailer`) and the offers that carry its rarest words. Null: the offer begins a product of its
 * own. A step of the import's unit of work: it reads through the unit's transaction,
 * or through `match.lookup` and `withOfferAtRetailer` where the bulk path answers from memory.
 */
export function* placeOffer(
  matcher: Pick<ProductMatcher, 'steps' | 'productWithModel'>,
  item: ItemIdentity,
  options: {
    known?: number | null;
    /** The model key and brand the offer states in its own fields (the bulk path's shortcut). */
    statedModel?: { modelKey: string | null; brand: string | null } | null;
    /** How candidates are found and ranked (`lookup`, `useIndex`, `excludeOfferId`…); the offer is always joining. */
    match: Omit<MatchOptions, 'joining'>;
    /** The offer's retailer (its products are read in the unit of work), or what answers which products it sells. */
    withOfferAtRetailer: string | ((productIds: readonly number[]) => ReadonlySet<number>);
    /**
     * Takes an offer out of a product (`fromProductId`) and places it elsewhere (the row path): given, an offer may
     * take the place of its retailer's offer in a product (`SECOND_LISTING_SCORE`).
     */
    displace?: (offerId: number, fromProductId: number) => IngestionStep<void>;
    /** A product the offer is not to join (the one it gives way in). */
    notInto?: number;
  },
): IngestionStep<number | null> {
  if (options.known != null) return options.known;
  const byGtin = yield* matcher.steps.productWithGtin(item.gtin ?? null, options.match.excludeOfferId, options.match.lookup, item);
  if (byGtin !== null) return byGtin;
  if (options.statedModel && options.match.lookup) {
    const byModel = matcher.productWithModel(options.statedModel.modelKey, options.statedModel.brand, options.match.lookup);
    if (byModel !== null) return byModel;
  }
  const at = options.withOfferAtRetailer;
  let ranked = (yield* matcher.steps.rank(item, { ...options.match, joining: true, retailer: typeof at === 'string' ? at : undefined })).filter((entry) => entry.productId !== options.notInto);
  const threshold = matchThreshold();
  const listedAmong = (ids: readonly number[]): IngestionStep<ReadonlySet<number>> =>
    (function* () {
      return ids.length === 0 ? new Set<number>() : typeof at === 'string' ? yield* op('productsWithOfferAt', at, ids) : at(ids);
    })();
  // Products the retailer lists already are judged by the offer's fit with their offers at other retailers (in the
  // catalog: the bulk path, whose batch is not written yet, judges them by their score).
  const listed = yield* listedAmong(ranked.filter((entry) => entry.score >= threshold * UNCONTESTED_SHARE).map((entry) => entry.productId));
  if (listed.size > 0) {
    const dropped = new Set<number>();
    for (const [rank, entry] of ranked.entries()) {
      if (!listed.has(entry.productId)) continue;
      const second = typeof at === 'string' ? yield* matcher.steps.secondListing(item, entry.productId, at) : { fit: entry.score, displaces: null, agrees: false, weakListing: null, ownConflict: false, relisted: false, toldApart: false };
      if ((second.agrees && second.fit >= threshold) || second.relisted) continue;
      // A weak listing gives way to an item under the threshold only where the product is its uncontested best.
      const weak = second.weakListing !== null && (second.fit >= threshold || uncontestedBest(ranked, threshold) === entry) ? second.weakListing : null;
      const displaced = weak ?? (entry.score >= threshold && (second.fit < SECOND_LISTING_SCORE || second.ownConflict || second.toldApart) ? second.displaces : null);
      if (rank === 0 && displaced !== null && options.displace) {
        yield* options.displace(displaced, entry.productId);
        return entry.productId;
      }
      if (second.fit >= SECOND_LISTING_SCORE && !second.ownConflict) continue;
      dropped.add(entry.productId);
    }
    ranked = ranked.filter((entry) => !dropped.has(entry.productId));
  }
  // Products the retailer lists that the offer fits under SECOND_LISTING_SCORE are gone.
  const uncontested = uncontestedBest(ranked, threshold);
  if (uncontested) return uncontested.productId;
  const close = contenders(ranked, threshold);
  const ids = close.map((entry) => entry.productId);
  const listedClose = close.length < 2 ? new Set<number>() : yield* listedAmong(ids);
  return productForOffer(ranked, threshold, () => listedClose, () => prepareOffer(item).tokens);
}
