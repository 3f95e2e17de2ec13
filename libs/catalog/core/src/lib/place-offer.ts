import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { op, type IngestionStep } from './ingestion-store';
import { matchThreshold, type MatchOptions, type ProductMatcher, type RankedProduct } from './matching';

/** How close behind the best product another must score to be taken instead, when the retailer already sells the best. */
const LISTED_AT_RETAILER_MARGIN = 0.8;

/** The products ranked close enough to the best to be taken instead of it (the best first), or none below the threshold. */
function contenders(ranked: readonly RankedProduct[], threshold: number): RankedProduct[] {
  const [best] = ranked;
  if (!best || best.score < threshold) return [];
  return ranked.filter((entry) => entry.score >= threshold && entry.score >= best.score * LISTED_AT_RETAILER_MARGIN);
}

/**
 * The product an offer joins: the best ranked one that passes the threshold. A retailer sells a product under one id
 * as a rule, so when it already has an offer in the best product, a product nearly as good (within
 * LISTED_AT_RETAILER_MARGIN) that it does not sell yet is taken instead: an offer that states little (no colour, no
 * part number) then joins the twin that lacks that retailer, not the one that has it.
 */
export function productForOffer(
  ranked: ReadonlyArray<{ productId: number; score: number }>,
  threshold: number,
  withOfferAtRetailer: (productIds: readonly number[]) => ReadonlySet<number>,
): number | null {
  const close = contenders(ranked, threshold);
  if (close.length === 0) return null;
  if (close.length < 2) return close[0]!.productId;
  const listed = withOfferAtRetailer(close.map((entry) => entry.productId));
  return (close.find((entry) => !listed.has(entry.productId)) ?? close[0]!).productId;
}

/**
 * The one rule that places an offer in a product, on every path (row by row, bulk, re-clustering): the product of
 * a labelled match (`known`, still there), else the product of an offer with the same valid GTIN that contradicts
 * nothing the item states (model number, size or capacity, a price within 2x), else (`statedModel`)
 * the one product whose offers state the offer's model number under its brand, else the best ranked product that
 * passes the threshold (`productForOffer`). Null: the offer begins a product of its own. A step of the import's unit
 * of work: it reads through the unit's transaction, or through `match.lookup` and `withOfferAtRetailer` where the bulk
 * path answers from memory.
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
  },
): IngestionStep<number | null> {
  if (options.known != null) return options.known;
  const byGtin = yield* matcher.steps.productWithGtin(item.gtin ?? null, options.match.excludeOfferId, options.match.lookup, item);
  if (byGtin !== null) return byGtin;
  if (options.statedModel && options.match.lookup) {
    const byModel = matcher.productWithModel(options.statedModel.modelKey, options.statedModel.brand, options.match.lookup);
    if (byModel !== null) return byModel;
  }
  const ranked = yield* matcher.steps.rank(item, { ...options.match, joining: true });
  const threshold = matchThreshold();
  const close = contenders(ranked, threshold);
  const at = options.withOfferAtRetailer;
  const ids = close.map((entry) => entry.productId);
  const listed = close.length < 2 ? new Set<number>() : typeof at === 'string' ? yield* op('productsWithOfferAt', at, ids) : at(ids);
  return productForOffer(ranked, threshold, () => listed);
}
