/**
 * The product matcher: finds the product clusters an item may belong to and ranks them. Its parts live in `matcher/`:
 * - `options.ts`: what a ranking is asked (`MatchOptions`) and answers (`RankedProduct`), candidate look-ups;
 * - `reads.ts`: what ranking reads (`MatcherReads`), as steps, and those reads through the storage ports;
 * - `rules.ts`: rules on prepared offers (model keys, conflicts, other brands, prices, displacing a listing);
 * - `offer-cache.ts`: prepared forms of catalog offers, reused while they stay the same;
 * - `candidates.ts`: candidate offers from GTINs, model keys and the full-text index;
 * - `rank.ts`: the ranking; `rank-by-words.ts` and `word-coverage.ts`: the ranking of words only (slugs, typed words);
 * - `import-steps.ts`: an import's other questions (lone offers, GTINs, second listings, related products).
 */
import { prepareOffer, type ItemIdentity } from '@pricehunt/catalog-matching';
import { runAsync } from './steps';
import { fitToProduct, mayBeOneProduct, productForLoneOffer, productWithGtin, productWithModel, related, secondListing } from './matcher/import-steps';
import { OfferCache } from './matcher/offer-cache';
import type { CandidateLookup, MatchOptions, RankedProduct } from './matcher/options';
import type { AsyncMatcherReads } from './matcher/reads';
import { rank } from './matcher/rank';

export type { CandidateLookup, MatchOptions, RankedProduct } from './matcher/options';
export { portReads, type AsyncMatcherReads, type MatcherReads, type MatcherStep } from './matcher/reads';
export { agreesWithOwnListings, fitsBetterThan, gtinOf, JOIN_CHECKED_SHARE, matchThreshold, modelKeyOf, modelKeysOf, modelsConflict, otherBrand, pricedAlike, relistingOf, memberWords, sharesAWord, sharesStatedVariant, toldApartFromListing, unstatedDistinction } from './matcher/rules';

/**
 * Finds the product clusters an item may belong to and ranks them with the matcher:
 * GTIN lookups, then model-number lookups, then (optionally) full-text candidates; every candidate offer is
 * scored against the item by `scorePair`, a cluster scores as its best member (`assignCluster`).
 * The steps (`steps`) read through whatever answers them: an import's transaction on either engine (steps.ts); the
 * `…Async` methods read through the storage ports (`reads`: searches).
 */
export function createProductMatcher(reads: AsyncMatcherReads) {
  const cache = new OfferCache();

  return {
    prepare: (item: ItemIdentity) => prepareOffer(item),

    /**
     * Tells the matcher what an offer the caller is writing holds, so that scoring it as a candidate does not read
     * it back (a bulk import decides rows before their batch is written).
     */
    remember(id: number, updatedAt: string, item: ItemIdentity): void {
      // The item `rank` was last asked about is usually the one now written: its prepared form is kept with it.
      const prepared = cache.lastRanked?.item === item ? cache.lastRanked.prepared : undefined;
      cache.lastRanked = null;
      cache.store(id, prepared ? { updatedAt, item, prepared } : { updatedAt, item });
    },

    /**
     * Steps for an import's unit of work (run by the engine's transaction, see steps.ts):
     * - `mayBeOneProduct(a, b)`: true when two products may be one: no offer of either states another GTIN or part
     *   number, model number, colour, plain number or measured quantity than the other's offers (the rule an offer must
     *   meet to join a product).
     * - `productForLoneOffer(offer)`: the product a lone offer belongs to (one that began a product of its own, stating
     *   no model number and no GTIN another offer shares: a bulk import finds candidates by those alone), or null: the
     *   best other product the full-text index and the matcher find, when it passes the threshold and no other product
     *   that does is a different one (a title without colour or model code fits each of a product's twins alike), its
     *   retailer does not sell it yet, its offers state every code the lone offer states (`codesHeldBy`), and it may be
     *   one product with the offer's.
     * - `productWithGtin(gtin, excludeOfferId, lookup, item)`: the product of an offer with the same valid GTIN, from
     *   `lookup` when given, else from the catalog; given the item, only an offer that contradicts nothing of it
     *   (`gtinContradictions`: model numbers, quantities, prices more than 2x apart) counts.
     * - `rank(item, options)`: candidate products for the item, best first.
     * - `secondListing(item, productId, retailerId)`, for a product the retailer lists already: how well the item
     *   fits the product's offers at other retailers (`fit`: the best score among them, 0 without any; a retailer's
     *   own listings share its wording, which tells nothing), and the product's one offer at the retailer when the
     *   item fits them clearly better than it does (`displaces`, `fitsBetterThan`), else null; and whether the item
     *   says what the retailer's own listings there say (`agrees`, `agreesWithOwnListings`).
     */
    steps: {
      secondListing: (item: ItemIdentity, productId: number, retailerId: string) => secondListing(cache, item, productId, retailerId),
      mayBeOneProduct: (a: number, b: number) => mayBeOneProduct(cache, a, b),
      productForLoneOffer: (offer: { id: number; productId: number; retailerId: string } & ItemIdentity) => productForLoneOffer(cache, offer),
      productWithGtin: (gtin: string | null, excludeOfferId?: number, lookup?: CandidateLookup, item?: ItemIdentity) => productWithGtin(cache, gtin, excludeOfferId, lookup, item),
      rank: (input: ItemIdentity, options: MatchOptions) => rank(cache, input, options),
    },

    /**
     * Bulk-path shortcut: the one product whose offers state the same model number under the same brand. Null when
     * there is none or more than one (then the matcher has to decide).
     */
    productWithModel,

    /** `rank` through the storage ports (searches). */
    rankAsync: (input: ItemIdentity, options: Omit<MatchOptions, 'lookup'>): Promise<RankedProduct[]> => runAsync(rank(cache, input, options), reads),

    /**
     * How well the item fits a product's offers other than `excludeOfferId` (the best `scorePair` score among them, as
     * `rank` scores a product), read through the storage ports; null when the product has no other offer.
     */
    fitAsync: (input: ItemIdentity, productId: number, excludeOfferId: number): Promise<number | null> => runAsync(fitToProduct(cache, input, productId, excludeOfferId), reads),

    /**
     * Products whose offers share the item's words, best full-text rank first, whatever their model numbers: "products
     * like this" for a search that identified no product (another model of the same line is not the same item, but it
     * is what a shopper looks at next). Not scored by the matcher, so never a match.
     */
    relatedAsync: (input: ItemIdentity, limit: number): Promise<number[]> => runAsync(related(input, limit), reads),
  };
}

export type ProductMatcher = ReturnType<typeof createProductMatcher>;
