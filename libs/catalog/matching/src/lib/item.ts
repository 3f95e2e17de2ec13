import type { Availability } from '@pricehunt/contracts';

/**
 * What is known about one item: an offer of the catalog, a product page a shopper pasted, the words of its URL or
 * typed words. The same shape from the page reader to the matcher's ranking; only `title` is required.
 */
export interface ItemIdentity {
  title: string;
  brand?: string | null;
  /** Manufacturer part number or model number as the retailer or the page states it. */
  model?: string | null;
  gtin?: string | null;
  sku?: string | null;
  /**
   * Price in minor units (cents), when known. The matcher compares prices as a ratio, so both sides of a comparison
   * only need the same unit.
   */
  priceCents?: number | null;
  currency?: string | null;
  imageUrl?: string | null;
  availability?: Availability | null;
}
