import type { OfferDraft } from './normalise';
import { parsePrice } from './price';

/** Options every Google Merchant Center reader takes. */
export interface GmcOptions {
  /** Retailer id stamped on every offer (the importing business or a known retailer). */
  retailer?: string;
  /** Currency for prices written without one ("15.00"); Google requires one, so the default is none. */
  defaultCurrency?: string;
  /** Destination country whose shipping cost is kept (ISO 3166 alpha-2); default `US`. */
  shippingCountry?: string;
}

/** Google attribute name (without `g:`) → offer draft field. */
export const GMC_ATTRIBUTES: Readonly<Record<string, keyof OfferDraft>> = {
  id: 'externalId',
  title: 'title',
  description: 'description',
  link: 'url',
  image_link: 'imageUrl',
  additional_image_link: 'additionalImageUrls',
  price: 'price',
  sale_price: 'salePrice',
  availability: 'availability',
  brand: 'brand',
  gtin: 'gtin',
  mpn: 'mpn',
  condition: 'condition',
  product_type: 'category',
  shipping: 'shipping',
};

export const GMC_REQUIRED = ['id', 'title', 'link', 'price'] as const;

export interface ShippingEntry {
  country?: string;
  price?: string;
}

/**
 * Splits the text form of `shipping` ("US:CA:Overnight:16.00 USD,US::Standard:0 USD") into entries.
 * Entries are separated by commas that start a new `country:` group, so "4,95 EUR" survives.
 */
export function splitShippingText(value: string): ShippingEntry[] | undefined {
  const groups = value.split(/,(?=\s*[A-Za-z]{2}\s*:)/);
  const entries: ShippingEntry[] = [];
  for (const group of groups) {
    const parts = group.split(':');
    if (parts.length === 1) {
      entries.push({ price: parts[0]?.trim() });
      continue;
    }
    if (parts.length !== 4) return undefined;
    entries.push({ country: parts[0]?.trim() || undefined, price: parts[3]?.trim() });
  }
  return entries;
}

/**
 * The shipping price text to keep: the cheapest entry for `country` (or with no country). Undefined
 * when no entry applies. Unparseable prices are returned as is so that validation reports them.
 */
export function pickShipping(entries: ShippingEntry[], country: string, currency?: string): string | undefined {
  let best: { text: string; cents: number } | undefined;
  for (const entry of entries) {
    if (entry.country && entry.country.toUpperCase() !== country.toUpperCase()) continue;
    if (!entry.price) continue;
    const parsed = parsePrice(entry.price, currency);
    if (!parsed.ok) return entry.price;
    if (!best || parsed.value.cents < best.cents) best = { text: entry.price, cents: parsed.value.cents };
  }
  return best?.text;
}

/** The currency written in a price text, if any, so shipping without a currency inherits it. */
export function currencyOf(price: string | undefined, defaultCurrency?: string): string | undefined {
  if (!price) return defaultCurrency;
  const parsed = parsePrice(price, defaultCurrency);
  return parsed.ok ? parsed.value.currency : defaultCurrency;
}
