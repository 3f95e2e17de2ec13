/**
 * What one source of evidence says of a page's item: each reader (JSON-LD, microdata, meta tags, the visible page,
 * embedded state, a retailer's own elements) answers with one of these, and the judge weighs them per field.
 */
import type { ItemCondition, StockState } from './values';

/** The readers, one per source of evidence. */
export const READERS = ['json-ld', 'microdata', 'amazon', 'meta-tags', 'spec-table', 'visible-price', 'visible-page', 'embedded-state', 'ad-tags', 'platform', 'title-code', 'own-name', 'known-maker', 'url', 'address'] as const;
export type ReaderName = (typeof READERS)[number];

/** A delivery cost a page states, in major units: 0 when it says delivery is free. */
export interface ShippingFound {
  amount: number;
  currency: string | null;
}

/** What one source says; prices in major units. Every field may be missing. */
export interface Evidence {
  title?: string | null;
  brand?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  sku?: string | null;
  price?: number | null;
  currency?: string | null;
  /** The item's images in the source's order, the main one first (as written: relative links resolved later). */
  images?: string[];
  availability?: StockState | null;
  /** The state the item's stock line says in words, which the judge lets beat markup that disagrees. */
  wordedStock?: StockState | null;
  condition?: ItemCondition | null;
  shipping?: ShippingFound | null;
  /** The item's variant attributes ("color" → "Black", "size" → "M"), names lower-cased. */
  attributes?: Record<string, string>;
  /** Every price the source states for the item (one per offer: sizes, colours, sellers). */
  offerPrices?: number[];
  /** The regular price a source states beside its sale price. */
  regularPrice?: number | null;
}

/** The fields the judge weighs one value at a time. */
export const JUDGED_FIELDS = ['title', 'brand', 'gtin', 'mpn', 'sku', 'price', 'currency', 'availability', 'condition'] as const;
export type JudgedField = (typeof JUDGED_FIELDS)[number];

/** Whether a source said anything at all. */
export function saysAnything(found: Evidence): boolean {
  return Object.values(found).some((v) => v != null && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0));
}
