import type { Condition } from '@pricehunt/contracts';
import type { PriceGroup } from '@pricehunt/catalog-pricing';
import type { ProductRow } from './rows';

export interface PricePointRow {
  offerId: number;
  retailerId: string;
  priceCents: number;
  shippingCents: number | null;
  currency: string;
  recordedAt: string;
  /** The offer's condition now. */
  condition: Condition;
  /** The offer's price group now (`catalog-pricing`): a product's best price of a day is a `new` offer's when it had one. */
  priceGroup: PriceGroup;
}

/**
 * A product whose price summary is to be computed, as it is now: its currency, best price and category, the retailer
 * of its offer in stock at that price (the oldest such offer; null when none is), and the version of its offers the
 * summary must reach.
 */
export interface DuePriceSummary {
  productId: number;
  currency: string | null;
  bestCents: number | null;
  categorySlug: string | null;
  inStockRetailerId: string | null;
  /** Moves on whenever the product's figures are refreshed (its offers, their prices or their stock changed). */
  version: number;
}

/**
 * What the product's best price did over the TYPICAL_PRICE_DAYS before `computedAt` (`price-history.ts`; the figures
 * are null when it had no price in its currency then), and the deal it was: its best price then, in stock at
 * `dealRetailerId`'s offer, `dealBasisPoints` hundredths of a percent under the typical price (null when it was no
 * deal). `version`: the version of the product's offers they were computed from.
 */
export interface PriceSummaryRow {
  productId: number;
  currency: string | null;
  typicalCents: number | null;
  lowCents: number | null;
  highCents: number | null;
  historySince: string | null;
  bestCents: number | null;
  categorySlug: string | null;
  dealBasisPoints: number | null;
  dealRetailerId: string | null;
  computedAt: string;
  version: number;
}

/** Which deals to list: a page after `after` (the last deal shown), biggest drops first. */
export interface DealsQueryRow {
  categorySlug?: string;
  limit: number;
  after?: { dropBasisPoints: number; productId: number };
  /** Only drops of at least this many hundredths of a percent of the typical price. */
  minDropBasisPoints: number;
}

/** A product as a deal: its row, its typical price, the drop, and the retailer of its best price. */
export interface DealRow extends ProductRow {
  typicalCents: number;
  /** (typical - best) × 10,000 / typical, rounded down. */
  dropBasisPoints: number;
  historySince: string;
  retailerId: string;
  retailerName: string;
}

export interface DealCategoryRow {
  name: string;
  slug: string;
  count: number;
}

/** The price points of products' offers shoppers see. */
export interface PriceHistoryReads {
  /**
   * The price points of a product's offers shoppers see recorded at or after `since` (the newest `limit` of them), and
   * each such offer's last one before `since` (its price when they begin); oldest first, ties in the order recorded.
   */
  priceHistoryOfProduct(productId: number, options: { since: string; limit: number }): Promise<PricePointRow[]>;
  /** `priceHistoryOfProduct` of several products (without a limit), by product. */
  pricePointsOfProducts(productIds: readonly number[], since: string): Promise<Map<number, PricePointRow[]>>;
}

/** The price summaries deals are measured against, and the deals they show. */
export interface PriceSummaryStore {
  /**
   * Products with offers shoppers see whose price summary is missing, computed before `staleBefore` (ISO), or computed
   * from an older version of their offers: those with ids above `after`, in id order, at most `limit`.
   */
  productsDueForPriceSummary(query: { staleBefore: string; after: number; limit: number }): Promise<DuePriceSummary[]>;
  /**
   * Writes price summaries (one statement each, in one transaction). A summary computed from an older version than
   * the product's offers have reached since stays due.
   */
  savePriceSummaries(rows: readonly PriceSummaryRow[]): Promise<void>;
  /**
   * The deals of the price summaries (at least `minDropBasisPoints`) whose product's best price is still the one they
   * were computed for: biggest drop first, then the higher product id; at most `limit` after `after`, of the category
   * when one is given. `categories`: the categories with such deals (whatever the category asked), most first, then by slug.
   */
  deals(query: DealsQueryRow): Promise<{ items: DealRow[]; categories: DealCategoryRow[] }>;
}
