import { groupOf, savingCents } from '@pricehunt/catalog-pricing';
import type { MatchedProduct, SearchOffer, SearchSource } from '@pricehunt/contracts';
import { DAY_MS, PRICE_HISTORY_LIMIT } from '@pricehunt/contracts';
import { type CatalogRepository, listedOfferViews, lowestPriceOffers, type ProductRow, productSummary, type RankedProduct, type RedirectSigner, TYPICAL_PRICE_DAYS } from '@pricehunt/catalog-core';

type ProductReads = Pick<CatalogRepository, 'getProducts'>;

/** A product as an answer lists it; null when it is gone or shoppers may see none of its offers (all held). */
const matched = (product: ProductRow | undefined, confidence: number): MatchedProduct | null =>
  product && product.offerCount > 0 ? { ...productSummary(product), confidence: Math.round(confidence * 1000) / 1000 } : null;

/** The products with these ids, as answers list them (see `matched`), in order; those shoppers may not see left out. */
export async function matchedAll(catalog: ProductReads, ids: readonly number[], scores: ReadonlyMap<number, number>): Promise<MatchedProduct[]> {
  const products = await catalog.getProducts(ids);
  return ids.map((id) => matched(products.get(id), scores.get(id) ?? 0)).filter((entry): entry is MatchedProduct => entry !== null);
}

/** Products shoppers may see, in order: one whose offers are all held (an unverified store's, say) is no answer. */
export async function shownIds(catalog: ProductReads, ids: readonly number[]): Promise<number[]> {
  const products = await catalog.getProducts(ids);
  return ids.filter((id) => (products.get(id)?.offerCount ?? 0) > 0);
}

/** Ranked products shoppers may see (`shownIds`). */
export async function shown(catalog: ProductReads, ranked: RankedProduct[]): Promise<RankedProduct[]> {
  const ids = new Set(await shownIds(catalog, ranked.map((entry) => entry.productId)));
  return ranked.filter((entry) => ids.has(entry.productId));
}

/**
 * The product's offers as an answer shows them, listed and marked by `catalog-pricing`; a saving is told only against
 * an offer like the pasted one (`savingCents`: same section, both can be bought, shipping known alike; a pasted page
 * that is no known offer counts as new and alone), so that a refurbished monitor or a bundle never reads as
 * "Save $710" on a new one, nor a sold-out offer as a saving at all.
 */
export async function offersOf(
  deps: { catalog: Pick<CatalogRepository, 'offersOfProduct' | 'priceHistoryOfProduct'>; signLink?: RedirectSigner },
  product: MatchedProduct,
  sourceOfferId: number | null,
  source: SearchSource,
  timestamp: number,
): Promise<SearchOffer[]> {
  const { catalog, signLink } = deps;
  const rows = await catalog.offersOfProduct(product.id);
  const history = await catalog.priceHistoryOfProduct(product.id, { since: new Date(timestamp - TYPICAL_PRICE_DAYS * DAY_MS).toISOString(), limit: PRICE_HISTORY_LIMIT });
  const lowest = lowestPriceOffers(rows, history, { now: timestamp, currency: product.currency });
  const views = listedOfferViews(rows, timestamp, lowest, signLink);
  const pasted = views.find((view) => view.id === sourceOfferId);
  // A page read for the search is compared as the price it shows, with the delivery it states, in its condition
  // (a refurbished page among the second-hand offers).
  const reference = pasted
    ? { ...pasted, group: groupOf(pasted) }
    : source.priceCents !== null && source.currency !== null
      ? { priceCents: source.priceCents, shippingCents: source.shippingCents ?? 0, currency: source.currency, availability: 'in_stock' as const, group: groupOf({ isBundle: false, condition: source.condition ?? 'new' }) }
      : null;
  return views.map((view) => ({
    ...view,
    savingsCents: reference === null ? null : savingCents(reference, { ...view, group: groupOf(view) }),
    isSource: view.id === sourceOfferId,
  }));
}
