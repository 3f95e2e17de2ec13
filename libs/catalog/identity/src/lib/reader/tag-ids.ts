/**
 * The item ids and brands a product page's scripts hand the advertising and analytics tags, gathered while the page
 * is walked (./page) for the ad-tags reader (./ad-tags) to weigh.
 */

/** `ecomm_prodid: 'SB00260'`, `"ecomm_prodid": "61358-A"`, `ecomm_prodid: ['W005759888']`. */
const REMARKETING_ID = /\becomm_prodid['"]?\s*[:=]\s*(\[\s*)?['"]([^'"\s]{2,40})['"]\s*(,)?/g;
/** Coremetrics' product view tag names the viewed item first: `cmCreateProductviewTag("8986420", "Samsung-Series-5…")`. */
const PRODUCT_VIEW_TAG = /\bcmCreateProductviewTag\(\s*['"]([^'"\s]{2,40})['"]/g;
/** Shopify's analytics object: the first variant's SKU. */
const SHOPIFY_VARIANT_SKU = /\bvar meta\s*=\s*\{\s*"product"\s*:\s*\{[^]*?"variants"\s*:\s*\[\s*\{[^[\]{}]*?"sku"\s*:\s*"([^"\\]{2,40})"/;
/**
 * Shopify's analytics object: the product's vendor, written before its variants
 * (`var meta = {"product":{"id":1,"gid":"…","vendor":"Canopy Beer Co","type":"",…`).
 */
const SHOPIFY_VENDOR = /\bvar meta\s*=\s*\{\s*"product"\s*:\s*\{[^[\]{}]*?"vendor"\s*:\s*"((?:[^"\\]|\\.){1,80})"/;
/** The keys a data layer names the item's brand under: GA4's `item_brand`, and those other tag managers use, as written. */
const BRAND_KEYS = String.raw`item_brand|productBrand|productbrand|product_brand|brand_name|brandName`;
const HAS_BRAND_KEY = new RegExp(BRAND_KEYS);
/** A brand the analytics data layer names under one of `BRAND_KEYS`. */
const ANALYTICS_BRAND = new RegExp(String.raw`["']?\b(?:${BRAND_KEYS})["']?\s*:\s*["']([^"'\\]{0,60})["']`, 'g');
/**
 * The product of an analytics "detail" action (Universal Analytics' enhanced ecommerce: the product page's view,
 * `ecommerce: { detail: { actionField: { list: '…' }, products: [{ name: '…', id: '5485', brand: 'GRIVEL' }] } }`),
 * in JSON or a script's object literal: the first product's fields, as text.
 */
const DETAIL_PRODUCT = /\bdetail['"]?\s*:\s*\{(?:\s*['"]?actionField['"]?\s*:\s*\{[^{}]*\}\s*,)?\s*['"]?products['"]?\s*:\s*\[\s*\{([^{}]{0,1500})\}/;
/**
 * The first item of GA4's product view event (`gtag('event', 'view_item', { items: [{ item_id: 'SKU-1', … }] })`,
 * `dataLayer.push({ event: 'view_item', ecommerce: { items: [{ … }] } })`): its fields, as text.
 */
const VIEW_ITEM = /['"]view_item['"][^]{0,400}?['"]?items['"]?\s*:\s*\[\s*\{([^{}]{0,1500})\}/;
/** A field of the viewed product's fields (`DETAIL_PRODUCT`'s, `VIEW_ITEM`'s), quoted either way. */
const detailField = (fields: string, key: string) => new RegExp(String.raw`(?:^|[\s,{])['"]?${key}['"]?\s*:\s*(['"])((?:(?!\1)[^\\\n]){0,80})\1`).exec(fields)?.[2] ?? null;
/** Remarketing ids kept from one page's scripts. */
const MAX_TAG_IDS = 8;
/** Brands kept: enough to see a list's items name other brands or none. */
const MAX_TAG_BRANDS = 40;

/** The item ids a page's scripts hand the ad tags: the remarketing tag's, and the store platform's variant SKU. */
export interface TagIds {
  remarketing: string[];
  platformSku: string | null;
  /** The store platform's vendor of the product (Shopify's), as written, escapes and all. */
  platformVendor: string | null;
  /** Every brand the data layer names, an empty one too (a list's item without a brand). */
  brands: string[];
  /** The id and brand of the product an analytics detail action or GA4's view_item event views, as written (an empty brand too), or null. */
  detail: { id: string | null; brand: string | null } | null;
}

/**
 * The item ids one script hands the ad tags, noted while the page is walked. A list of several remarketing ids (a
 * basket, a category page's items) names no one item, and is skipped.
 */
export function noteTagIds(code: string, out: TagIds): void {
  if (code.includes('ecomm_prodid')) {
    for (const m of code.matchAll(REMARKETING_ID)) if (!(m[1] && m[3]) && out.remarketing.length < MAX_TAG_IDS) out.remarketing.push(m[2] as string);
  }
  if (code.includes('cmCreateProductviewTag')) {
    for (const m of code.matchAll(PRODUCT_VIEW_TAG)) if (out.remarketing.length < MAX_TAG_IDS) out.remarketing.push(m[1] as string);
  }
  if (out.platformSku === null && code.includes('var meta')) out.platformSku = SHOPIFY_VARIANT_SKU.exec(code)?.[1] ?? null;
  if (out.platformVendor === null && code.includes('var meta')) out.platformVendor = SHOPIFY_VENDOR.exec(code)?.[1] ?? null;
  if (out.detail === null && code.includes('detail')) {
    const fields = DETAIL_PRODUCT.exec(code)?.[1];
    if (fields !== undefined) out.detail = { id: detailField(fields, 'id')?.trim() || null, brand: detailField(fields, 'brand')?.trim() ?? null };
  }
  if (out.detail === null && code.includes('view_item')) {
    const fields = VIEW_ITEM.exec(code)?.[1];
    if (fields !== undefined) out.detail = { id: (detailField(fields, 'item_id') ?? detailField(fields, 'id'))?.trim() || null, brand: detailField(fields, 'item_brand')?.trim() ?? null };
  }
  if (HAS_BRAND_KEY.test(code)) {
    for (const m of code.matchAll(ANALYTICS_BRAND)) if (out.brands.length < MAX_TAG_BRANDS) out.brands.push((m[1] as string).trim());
  }
}
