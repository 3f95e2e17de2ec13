import { extractProductId, normalizeHost, retailerForHost, RETAILER_LIST, type Retailer, type RetailerId } from '@pricehunt/marketplace';

/** Link shorteners of the registry: they only redirect, no product page is served there. */
const SHORTENERS = new Set(['amzn.to', 'amzn.com', 'a.co', 'ebay.us']);

/** A known retailer's product page: the retailer, its product id, and the page's address without its fragment. */
export interface ProductPage {
  retailer: Retailer;
  retailerId: RetailerId;
  productId: string;
  url: string;
  host: string;
}

/** The shop domains of the retailers marketplace detection knows (shorteners left out). */
export function knownShopDomains(): string[] {
  return RETAILER_LIST.flatMap((retailer) => retailer.domains.filter((domain) => !SHORTENERS.has(domain)));
}

/**
 * The manifest's match patterns of those domains: each domain and its subdomains, http and https (`*://*.amazon.com/*`
 * matches amazon.com itself too). The content script is injected there only, and the extension may read only there.
 */
export function retailerMatchPatterns(): string[] {
  return knownShopDomains().map((domain) => `*://*.${domain}/*`);
}

/** The retailer a host belongs to, or null: the one test of whether the extension may look at a page at all. */
export function knownRetailerOf(host: string): Retailer | null {
  const normalized = normalizeHost(host);
  if (!normalized) return null;
  const retailer = retailerForHost(normalized);
  if (!retailer) return null;
  const shortener = retailer.domains.some((domain) => SHORTENERS.has(domain) && (normalized === domain || normalized.endsWith(`.${domain}`)));
  return shortener ? null : retailer;
}

/**
 * The product page a URL is, or null: only http(s) pages of a known retailer whose address carries the retailer's
 * product id (`/dp/<ASIN>`, `/ip/<id>`, `/site/<sku>.p` …). Nothing else is ever sent anywhere.
 */
export function productPageOf(href: string): ProductPage | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const retailer = knownRetailerOf(url.hostname);
  if (!retailer) return null;
  url.hash = '';
  const ref = extractProductId(url);
  if (!ref || ref.retailer !== retailer.id) return null;
  return { retailer, retailerId: retailer.id, productId: ref.id, url: url.href, host: normalizeHost(url.hostname) ?? url.hostname };
}
