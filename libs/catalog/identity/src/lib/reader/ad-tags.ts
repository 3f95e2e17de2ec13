/**
 * The ad-tags reader: the item id a shop hands the advertising and analytics scripts it runs on every product page.
 * Google's dynamic remarketing tag names the item by the shop's own id (`google_tag_params = { ecomm_prodid: 'SB00260',
 * ecomm_pagetype: 'product' }`), the id its product feed lists the item under; a Shopify store's analytics object
 * (`var meta = {"product":{…,"variants":[{…,"sku":"HB002-BU"}]}}`) names the variant shown first by its SKU. Both
 * are written by the shop's platform, not by hand, so they hold where the visible page names no item number.
 */
import type { Evidence } from './evidence';
import type { Page } from './page';

/** `ecomm_prodid: 'SB00260'`, `"ecomm_prodid": "61358-A"`, `ecomm_prodid: ['W005759888']`. */
const REMARKETING_ID = /\becomm_prodid['"]?\s*[:=]\s*(\[\s*)?['"]([^'"\s]{2,40})['"]\s*(,)?/g;
/** Shopify's analytics object: the first variant's SKU. */
const SHOPIFY_VARIANT_SKU = /\bvar meta\s*=\s*\{\s*"product"\s*:\s*\{[^]*?"variants"\s*:\s*\[\s*\{[^[\]{}]*?"sku"\s*:\s*"([^"\\]{2,40})"/;
/** Remarketing ids kept from one page's scripts. */
const MAX_TAG_IDS = 8;

/** The item ids a page's scripts hand the ad tags: the remarketing tag's, and the store platform's variant SKU. */
export interface TagIds {
  remarketing: string[];
  platformSku: string | null;
}

/**
 * The item ids one script hands the ad tags, noted while the page is walked. A list of several remarketing ids (a
 * basket, a category page's items) names no one item, and is skipped.
 */
export function noteTagIds(code: string, out: TagIds): void {
  if (code.includes('ecomm_prodid')) {
    for (const m of code.matchAll(REMARKETING_ID)) if (!(m[1] && m[3]) && out.remarketing.length < MAX_TAG_IDS) out.remarketing.push(m[2] as string);
  }
  if (out.platformSku === null && code.includes('var meta')) out.platformSku = SHOPIFY_VARIANT_SKU.exec(code)?.[1] ?? null;
}

/**
 * The item's id as the ad tags name it: the platform's SKU (a store's remarketing tag may name the variant by the
 * platform's number instead), else the one remarketing id; tags naming different ids speak of several items.
 */
export function fromAdTags(page: Page): Evidence | null {
  if (page.tagIds.platformSku) return { sku: page.tagIds.platformSku };
  const ids = new Set(page.tagIds.remarketing.map((id) => id.trim()));
  return ids.size === 1 ? { sku: [...ids][0] as string } : null;
}
