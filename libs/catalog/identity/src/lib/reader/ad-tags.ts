/**
 * The ad-tags reader: the item id a shop hands the advertising and analytics scripts it runs on every product page.
 * Google's dynamic remarketing tag names the item by the shop's own id (`google_tag_params = { ecomm_prodid: 'SB00260',
 * ecomm_pagetype: 'product' }`), the id its product feed lists the item under; a Shopify store's analytics object
 * (`var meta = {"product":{…,"variants":[{…,"sku":"HB002-BU"}]}}`) names the variant shown first by its SKU, and an
 * analytics product view tag names the item viewed (Coremetrics' `cmCreateProductviewTag("8986420", …)`). All are
 * written by the shop's platform, not by hand, so they hold where the visible page names no item number. The
 * analytics data layer names the item's brand the same way (`"item_brand": "Dell"`, `"productBrand": "Dell"`), and so
 * does the product an analytics detail action views (`detail: { products: [{ id: '5485', brand: 'GRIVEL' }] }`, GA4's
 * `view_item` event's first item), the page's own product where no other tag names an id.
 */
import type { Evidence } from './evidence';
import { compact, type Page } from './page';
import { itemNamesFirstToLast } from './titles';

/** The one brand the data layer names; several, or an item without one beside it, speak of a list of items. */
function tagBrand(brands: readonly string[]): string | null {
  const named = new Set(brands);
  return named.size === 1 && brands[0] ? brands[0] : null;
}

/** Words of a name as the brand check compares them: letters and digits, accents dropped. */
const wordsOf = (name: string) => name.split(/[^\p{L}\p{N}]+/u).map(compact).filter(Boolean);

/**
 * The brand of the detail action's product where one of the item's names (its heading, og:title, title tag) holds it
 * as whole words ("Кошки GRIVEL AIR TECH GSB"): the field is filled by templates with whatever the shop's catalogue
 * holds there, a range ("Road" for a Specialized bike) or a short code ("jj" for Jack & Jones) too.
 */
function namedDetailBrand(brand: string | null | undefined, page: Page): string | null {
  if (!brand) return null;
  const wanted = wordsOf(brand).join(' ');
  if (!wanted) return null;
  return itemNamesFirstToLast(page).some((name) => ` ${wordsOf(name).join(' ')} `.includes(` ${wanted} `)) ? brand : null;
}

/**
 * The item's id as the ad tags name it: the platform's SKU (a store's remarketing tag may name the variant by the
 * platform's number instead), else the one remarketing id; tags naming different ids speak of several items.
 */
export function fromAdTags(page: Page): Evidence | null {
  const ids = new Set(page.tagIds.remarketing.map((id) => id.trim()));
  const { detail } = page.tagIds;
  const sku = page.tagIds.platformSku ?? (ids.size === 1 ? ([...ids][0] as string) : null) ?? detail?.id ?? null;
  const detailBrand = namedDetailBrand(detail?.brand, page);
  const brand = tagBrand(detailBrand ? [...page.tagIds.brands, detailBrand] : page.tagIds.brands);
  return sku || brand ? { sku, brand } : null;
}
