import { chooseProductImage } from '@pricehunt/catalog-core';
import { productAttributes } from '@pricehunt/catalog-matching';
import { type Condition, type PriceGroup, type PricedOffer, priceProduct } from '@pricehunt/catalog-pricing';

/** An offer shoppers see (not held), as a product's figures are computed from it. */
export interface FigureOffer extends Omit<PricedOffer, 'multipack' | 'isBundle'> {
  productId: number;
  priceGroup: PriceGroup;
  gtin: string | null;
  model: string | null;
  modelKey: string | null;
  brand: string | null;
  imageUrl: string | null;
}

/** What a product's figures refresh writes: the product's row, and the offers whose group changed. */
export interface ProductFigures {
  productId: number;
  offerCount: number;
  bestPriceCents: number | null;
  bestPriceCondition: Condition | null;
  bestOfferId: number | null;
  /** Null keeps the product's currency. */
  currency: string | null;
  /** Identifiers the product takes from its offers where it has none; its image, chosen among its offers' (`chooseProductImage`). */
  gtin: string | null;
  model: string | null;
  modelKey: string | null;
  brand: string | null;
  imageUrl: string | null;
  /** The colour, storage and size most of its offers state (`productAttributes`), as JSON; null when none. */
  attributes: string | null;
  groups: Array<{ offerId: number; priceGroup: PriceGroup }>;
}

/** The greatest of the texts (as SQL's max() of a text column: code unit order), or null. */
function maxText(values: ReadonlyArray<string | null>): string | null {
  let max: string | null = null;
  for (const value of values) if (value !== null && (max === null || value > max)) max = value;
  return max;
}

/**
 * The figures of each product of `ids` from its offers shoppers see (`offers`, any order): their count, the best price
 * as `catalog-pricing` decides it, the group of each offer, and the product's picture. A product without offers has
 * none of them.
 */
export function productFigures(ids: readonly number[], offers: readonly FigureOffer[]): ProductFigures[] {
  const byProduct = new Map<number, FigureOffer[]>();
  for (const offer of offers) {
    let list = byProduct.get(offer.productId);
    if (!list) byProduct.set(offer.productId, (list = []));
    list.push(offer);
  }
  return [...new Set(ids)].map((productId) => {
    const list = byProduct.get(productId) ?? [];
    const { best, groups } = priceProduct(list);
    const attributes = productAttributes(list.map((offer) => offer.title));
    return {
      productId,
      offerCount: list.length,
      bestPriceCents: best?.cents ?? null,
      bestPriceCondition: best?.condition ?? null,
      bestOfferId: best?.offerId ?? null,
      currency: best?.currency ?? null,
      gtin: maxText(list.map((offer) => offer.gtin)),
      model: maxText(list.map((offer) => offer.model)),
      modelKey: maxText(list.map((offer) => offer.modelKey)),
      brand: maxText(list.map((offer) => offer.brand)),
      imageUrl: chooseProductImage(list),
      attributes: Object.keys(attributes).length > 0 ? JSON.stringify(attributes) : null,
      groups: list.filter((offer) => groups.get(offer.id) !== offer.priceGroup).map((offer) => ({ offerId: offer.id, priceGroup: groups.get(offer.id) ?? 'new' })),
    };
  });
}
