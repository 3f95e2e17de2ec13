/**
 * The variants a Shopify theme writes into the product page (`{{ product | json }}` in a script, a theme's
 * `var productData = {…}`): each variant's id, sku, barcode, price in cents and whether it can be bought; and which of
 * them the page shows: the one its address names (`?variant=…`), else the one its cart form posts (the hidden
 * `name="id"` field, the selected option of the `name="id"` menu, which Shopify renders as the variant the address
 * named or the first one in stock), else the only one. The page's JSON-LD often lists only the product, or its
 * variants without their barcodes; the record the theme reads holds each variant's own.
 */
import type { Evidence } from './evidence';
import { jsonStringText } from './json';
import { gtinOf } from './values';

export interface ShopVariant {
  id: string;
  sku: string | null;
  barcode: string | null;
  /** In the currency's minor units, as the record writes prices. */
  priceCents: number | null;
  available: boolean | null;
}

/** The start of a variant of the product record: its id, its title and its first option, in Shopify's order. */
const VARIANT_START = /\{\s*"id"\s*:\s*(\d{6,20})\s*,\s*"title"\s*:\s*"(?:[^"\\]|\\.)*"\s*,\s*"option1"\s*:/g;
const STRING_OR_NULL = String.raw`\s*:\s*(?:"((?:[^"\\]|\\.)*)"|null)`;
const SKU = new RegExp(`"sku"${STRING_OR_NULL}`);
const BARCODE = new RegExp(`"barcode"${STRING_OR_NULL}`);
const PRICE = /"price"\s*:\s*(\d+)\s*[,}]/;
const AVAILABLE = /"available"\s*:\s*(true|false)/;
/** A variant's record is read this far at most (its images' and selling plans' objects come after its own fields). */
const MAX_VARIANT_TEXT = 6000;
/** Variants kept from one page: Shopify allows a product a few hundred. */
const MAX_SHOP_VARIANTS = 400;

/** The variants one script writes, added to `out` once each (a theme writes its record more than once). */
export function noteShopVariants(code: string, out: ShopVariant[]): void {
  if (out.length >= MAX_SHOP_VARIANTS || !code.includes('"option1"')) return;
  const starts = [...code.matchAll(VARIANT_START)];
  starts.forEach((start, i) => {
    const id = start[1] as string;
    if (out.length >= MAX_SHOP_VARIANTS || out.some((v) => v.id === id)) return;
    const from = start.index ?? 0;
    const text = code.slice(from, Math.min(starts[i + 1]?.index ?? code.length, from + MAX_VARIANT_TEXT));
    const price = PRICE.exec(text)?.[1];
    const available = AVAILABLE.exec(text)?.[1];
    out.push({
      id,
      sku: jsonStringText(SKU.exec(text)?.[1] ?? ''),
      barcode: jsonStringText(BARCODE.exec(text)?.[1] ?? ''),
      priceCents: price === undefined ? null : Number(price),
      available: available === undefined ? null : available === 'true',
    });
  });
}

/** The variant id the address names (`?variant=44111120302256`). */
function addressVariant(url: string | undefined): string | null {
  return url ? (/[?&]variant=(\d{6,20})(?:&|#|$)/.exec(url)?.[1] ?? null) : null;
}

/**
 * The variant the page shows, of those its scripts write (see the module's comment), or null. A cart form's default
 * is no choice where the shopper has yet to pick one (`unchosen`, asked only then: the page's add-to-cart button waits
 * disabled for a size, "Select size"): then the form posts the first variant, but the page shows the product, not that
 * size.
 */
export function shownVariant(variants: readonly ShopVariant[], cart: { ids: readonly string[]; unchosen: () => boolean }, url: string | undefined): ShopVariant | null {
  if (variants.length === 0) return null;
  const byId = (id: string | null) => (id ? (variants.find((v) => v.id === id) ?? null) : null);
  const named = byId(addressVariant(url));
  if (named) return named;
  if (variants.length === 1) return variants[0] as ShopVariant;
  if (cart.ids.length === 0 || cart.unchosen()) return null;
  for (const id of cart.ids) {
    const posted = byId(id);
    if (posted) return posted;
  }
  return null;
}

/** What the shown variant says of the item: its sku, its barcode as the GTIN, its price, whether it is in stock. */
export function shownVariantEvidence(variant: ShopVariant | null): Evidence | null {
  if (!variant) return null;
  return {
    sku: variant.sku,
    gtin: gtinOf(variant.barcode),
    price: variant.priceCents === null ? null : variant.priceCents / 100,
    availability: variant.available === null ? null : variant.available ? 'InStock' : 'OutOfStock',
  };
}
