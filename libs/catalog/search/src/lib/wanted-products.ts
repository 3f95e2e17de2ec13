/**
 * Products listed as a search's price, condition and wish to pay little want them (`price-words.ts`,
 * `shopping-words.ts`): those offered in a condition typed, at their lowest price in it, those priced within a price
 * typed, the cheapest first when asked; and, for a condition, the products whose listings carry every searched word.
 */
import { type MatchedProduct, priceOutside, pricedWithin, type SearchCondition, type SearchPriceRange } from '@pricehunt/contracts';
import { type CatalogRepository, indexWords, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { cheapestFirst } from './shopping-words';

/** What a search was asked beyond its words. */
export interface Wants {
  priceRange: SearchPriceRange | null;
  condition: SearchCondition | null;
  cheapestFirst: boolean;
}

/** How many of the newest offers that carry searched words are read for the products a typed condition lists. */
const CONDITION_OFFERS = 2000;

/** Products with offers shoppers see whose listings carry every one of the words (none without an index). */
export async function carryingTheWords(index: Pick<SearchIndexRepository, 'productsCarrying'> | undefined, words: string): Promise<number[]> {
  const typed = indexWords(words);
  const last = typed.at(-1);
  if (!index || last === undefined) return [];
  return (await index.productsCarrying(typed.slice(0, -1), last, CONDITION_OFFERS)).map((found) => found.productId);
}

/**
 * Candidate products as the words want them: those offered in the condition, at their lowest price in it
 * (`bestPriceCondition` says which), those priced within the price, the cheapest first when asked.
 */
export async function asWanted(catalog: Pick<CatalogRepository, 'lowestPricesIn'>, wants: Wants, products: MatchedProduct[]): Promise<MatchedProduct[]> {
  const { priceRange: range, condition } = wants;
  let priced = products;
  if (condition) {
    const lowest = await catalog.lowestPricesIn(condition, products.map((entry) => entry.id));
    priced = products.flatMap((entry) => {
      const price = lowest.get(entry.id);
      return price ? [{ ...entry, bestPriceCents: price.totalCents, bestPriceShippingKnown: price.shippingKnown, bestPriceCondition: condition }] : [];
    });
  }
  const kept = priced.filter((entry) => range === null || pricedWithin(range, entry));
  return wants.cheapestFirst ? cheapestFirst(kept) : kept;
}

/**
 * Where none is priced within a price typed, the products nearest it first (`priceOutside`: "earbuds under 100" gives
 * the cheapest earbuds), those of an unknown price or in another currency than the typed one left out; none without a
 * price typed.
 */
export function nearestThePrice(range: SearchPriceRange | null, products: readonly MatchedProduct[]): MatchedProduct[] {
  if (range === null) return [];
  const outside = products.flatMap((entry) => {
    const away = priceOutside(range, entry);
    return away === null || away === 0 ? [] : [{ entry, away }];
  });
  return outside.sort((a, b) => a.away - b.away).map(({ entry }) => entry);
}
