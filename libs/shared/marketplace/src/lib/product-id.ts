import { unwrapDeepLink } from './deep-links';
import { tryParseHttpUrl } from './errors';
import { retailerForHost, type RetailerId } from './retailers';

/** A retailer's own id for a product, read from a product page URL. */
export interface ProductRef {
  retailer: RetailerId;
  id: string;
}

function param(url: URL, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === wanted) return value.trim();
  }
  return null;
}

/** Path without trailing slashes, so `/ip/123/` and `/ip/123` read alike. */
function cleanPath(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

/**
 * Amazon: ASIN (10 letters/digits) after `/dp/`, `/gp/product/`, `/gp/aw/d/`, `/gp/offer-listing/`, `/o/ASIN/`,
 * `/exec/obidos/ASIN/`, `/product-reviews/` (the item's reviews page names it too).
 */
const AMAZON_ASIN = /(?:^|\/)(?:dp|dp\/product|gp\/product|gp\/product\/glance|gp\/aw\/d|gp\/offer-listing|o\/ASIN|exec\/obidos\/ASIN|product-reviews)\/([A-Za-z0-9]{10})(?=\/|$)/;
/**
 * Amazon's `/d/<category>/<slug>/<ASIN>` and `/d/<ASIN>` links. Category and slug words can be ten letters long too,
 * so only a real ASIN shape counts here: `B0` and eight more, or an ISBN-10.
 */
const AMAZON_D_ASIN = /(?:^|\/)d\/(?:[^/]+\/){0,2}(B0[A-Za-z0-9]{8}|\d{9}[\dXx])(?=\/|$)/;
/** Walmart item ids: numeric, or 8–20 upper-case letters and digits (marketplace items), as the last segment after `/ip/`. */
const WALMART_ITEM = /(?:^|\/)ip\/(?:[^/]+\/)?(\d{4,20}|(?=[A-Z0-9]*\d)[A-Z0-9]{8,20})$/;
const BESTBUY_SITE_SKU = /(?:^|\/)site\/(?:[^/]+\/)?(\d{4,10})\.p$/;
const BESTBUY_CA_SKU = /(?:^|\/)product\/(?:[^/]+\/)?(\d{6,10})$/;
const EBAY_ITEM = /(?:^|\/)itm\/(?:[^/]+\/)?(\d{9,19})$/;
const TARGET_TCIN = /\/-\/A-(\d{5,12})$/;
/** Newegg item numbers: `N82E16…` (Newegg's own stock), `9SI…` (marketplace sellers), `1TS-000D-07VB3`-style. */
const NEWEGG_ITEM = /^(?:N82E16\d{9}|9SI[A-Z0-9]{8,14}|[0-9A-Z]{2,4}-[0-9A-Z]{3,5}-[0-9A-Z]{3,6})$/i;
const NEWEGG_PATH = /(?:^|\/)(?:p|products)\/([^/]+)$/;
const COSTCO_ITEM = /\.product\.(\d{4,15})\.html$/;
/** Apple Store part numbers such as `MX532AM/A` (the part, which always holds a digit, plus its region suffix). */
const APPLE_PART = /(?:^|\/)shop\/product\/((?=[A-Za-z]*\d)[A-Za-z0-9]{5,9})(?:\/([A-Za-z]{1,2}))?(?=\/|$)/;
const APPLE_APP = /(?:^|\/)app\/(?:[^/]+\/)?(id\d{5,12})$/;
const PLAYSTATION_DIRECT_SKU = /\.(\d{6,8})$/;
const PLAYSTATION_CONTENT_ID = /(?:^|\/)product\/([A-Za-z]{2}\d{4}-[A-Za-z]{4}\d{5}_\d{2}-[A-Za-z0-9]{1,36})$/;

/** Reads the product id of a parsed URL that belongs to `retailer`. */
export function productIdFor(retailer: RetailerId, url: URL): string | null {
  const path = cleanPath(url);
  const host = url.hostname.toLowerCase();
  switch (retailer) {
    case 'amazon':
      return (AMAZON_ASIN.exec(path) ?? AMAZON_D_ASIN.exec(path))?.[1]?.toUpperCase() ?? null;
    case 'walmart':
      return WALMART_ITEM.exec(path)?.[1] ?? null;
    case 'bestbuy': {
      const sku = param(url, 'skuId');
      if (sku && /^\d{4,10}$/.test(sku)) return sku;
      return BESTBUY_SITE_SKU.exec(path)?.[1] ?? BESTBUY_CA_SKU.exec(path)?.[1] ?? null;
    }
    case 'ebay':
      return EBAY_ITEM.exec(path)?.[1] ?? null;
    case 'target':
      return TARGET_TCIN.exec(path)?.[1] ?? null;
    case 'newegg': {
      const fromPath = NEWEGG_PATH.exec(path)?.[1];
      if (fromPath && NEWEGG_ITEM.test(fromPath)) return fromPath.toUpperCase();
      const item = param(url, 'Item');
      return item && NEWEGG_ITEM.test(item) ? item.toUpperCase() : null;
    }
    case 'costco':
      return COSTCO_ITEM.exec(path)?.[1] ?? null;
    case 'apple': {
      const part = APPLE_PART.exec(path);
      if (part?.[1]) return (part[2] ? `${part[1]}/${part[2]}` : part[1]).toUpperCase();
      return APPLE_APP.exec(path)?.[1] ?? null;
    }
    case 'playstation': {
      if (host === 'direct.playstation.com') {
        const last = path.slice(path.lastIndexOf('/') + 1);
        return PLAYSTATION_DIRECT_SKU.exec(last)?.[1] ?? null;
      }
      if (host === 'store.playstation.com') return PLAYSTATION_CONTENT_ID.exec(path)?.[1]?.toUpperCase() ?? null;
      return null;
    }
  }
}

/**
 * The retailer and its product id from a product page URL, or `null` when the URL is not http(s), belongs
 * to no retailer, or is no product page. Affiliate redirect links are followed to their destination first.
 *
 * | retailer | URL forms | id |
 * |---|---|---|
 * | amazon | `/dp/ASIN`, `/<slug>/dp/ASIN`, `/gp/product/ASIN`, `/gp/aw/d/ASIN`, `/gp/offer-listing/ASIN`, `/o/ASIN/ASIN`, `/exec/obidos/ASIN/ASIN`, `/[<slug>/]product-reviews/ASIN`, `/d/[<category>/<slug>/]ASIN` | ASIN, upper case |
 * | walmart | `/ip/<slug>/<id>`, `/ip/<id>` (walmart.ca `/en/ip/<slug>/<id>`) | item id |
 * | bestbuy | `?skuId=<sku>`, `/site/<slug>/<sku>.p`, `/site/<sku>.p`, bestbuy.ca `/product/<slug>/<sku>` | SKU |
 * | ebay | `/itm/<id>`, `/itm/<slug>/<id>` | item number |
 * | target | `…/-/A-<tcin>` | TCIN (digits) |
 * | newegg | `/p/<item>`, `/<slug>/p/<item>`, m.newegg.com `/products/<item>`, `?Item=<item>` | item number, upper case |
 * | costco | `….product.<id>.html` | item id |
 * | apple | Apple Store `/shop/product/<part>/<suffix>/…` (also under a country prefix); App Store `/app/<slug>/id<digits>` | part number such as `MX532AM/A`; `id<digits>` for apps |
 * | playstation | PlayStation Direct `direct.playstation.com/…/<slug>.<sku>`; PlayStation Store `store.playstation.com/…/product/<content id>` | PS Direct SKU; content id, upper case |
 *
 * Apple's configurator pages (`/shop/buy-iphone/…`) and PlayStation's marketing pages have no stable id and answer `null`.
 */
export function extractProductId(input: string | URL): ProductRef | null {
  const href = unwrapDeepLink(input);
  if (!href) return null;
  const url = tryParseHttpUrl(href);
  if (!url) return null;
  const retailer = retailerForHost(url.hostname);
  if (!retailer) return null;
  const id = productIdFor(retailer.id, url);
  return id ? { retailer: retailer.id, id } : null;
}
