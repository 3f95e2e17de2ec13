/**
 * The ad-tags reader: the item id a shop hands the advertising and analytics scripts it runs on every product page.
 * Google's dynamic remarketing tag names the item by the shop's own id (`google_tag_params = { ecomm_prodid: 'SB00260',
 * ecomm_pagetype: 'product' }`), the id its product feed lists the item under; a Shopify store's analytics object
 * (`var meta = {"product":{…,"variants":[{…,"sku":"HB002-BU"}]}}`) names the variant shown first by its SKU, and an
 * analytics product view tag names the item viewed (Coremetrics' `cmCreateProductviewTag("8986420", …)`). All are
 * written by the shop's platform, not by hand, so they hold where the visible page names no item number. The
 * analytics data layer names the item's brand the same way (`"item_brand": "Dell"`, `"productBrand": "Dell"`).
 */
import type { Evidence } from './evidence';
import type { Page } from './page';

/** The one brand the data layer names; several, or an item without one beside it, speak of a list of items. */
function tagBrand(brands: readonly string[]): string | null {
  const named = new Set(brands);
  return named.size === 1 && brands[0] ? brands[0] : null;
}

/**
 * The item's id as the ad tags name it: the platform's SKU (a store's remarketing tag may name the variant by the
 * platform's number instead), else the one remarketing id; tags naming different ids speak of several items.
 */
export function fromAdTags(page: Page): Evidence | null {
  const ids = new Set(page.tagIds.remarketing.map((id) => id.trim()));
  const sku = page.tagIds.platformSku ?? (ids.size === 1 ? ([...ids][0] as string) : null);
  const brand = tagBrand(page.tagIds.brands);
  return sku || brand ? { sku, brand } : null;
}
