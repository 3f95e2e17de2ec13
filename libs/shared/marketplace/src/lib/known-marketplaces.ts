import { normalizeHost, stripWww } from './host';
import { RETAILERS } from './retailers';

export interface KnownMarketplace {
  /** Name shown to people. */
  readonly name: string;
  /** Domains answered by the check, most specific first. */
  readonly domains: readonly string[];
}

/** Link shorteners of a marketplace: they redirect, no shop is served on them. */
const SHORTENERS = new Set(['amzn.to', 'amzn.com', 'a.co', 'ebay.us']);
const shopDomains = (domains: readonly string[]): string[] => domains.filter((domain) => !SHORTENERS.has(domain));

/**
 * SPEC §5 known marketplaces: Shopify, Amazon, eBay, Etsy, Walmart, Target, Best Buy, Newegg, AliExpress,
 * Alibaba. Each is matched on its main domain first, then on its other national stores from the retailer
 * registry (`amazon.co.uk`, `ebay.de`, `walmart.ca` …); Shopify also on `myshopify.com`, the domain every
 * Shopify store is served from. Link shorteners (`amzn.to`, `ebay.us`) are not marketplaces.
 */
export const KNOWN_MARKETPLACES: readonly KnownMarketplace[] = Object.freeze([
  { name: 'Shopify', domains: ['myshopify.com', 'shopify.com'] },
  { name: 'Amazon', domains: shopDomains(RETAILERS.amazon.domains) },
  { name: 'eBay', domains: shopDomains(RETAILERS.ebay.domains) },
  { name: 'Etsy', domains: ['etsy.com'] },
  { name: 'Walmart', domains: shopDomains(RETAILERS.walmart.domains) },
  { name: 'Target', domains: shopDomains(RETAILERS.target.domains) },
  { name: 'Best Buy', domains: shopDomains(RETAILERS.bestbuy.domains) },
  { name: 'Newegg', domains: shopDomains(RETAILERS.newegg.domains) },
  { name: 'AliExpress', domains: ['aliexpress.com'] },
  { name: 'Alibaba', domains: ['alibaba.com'] },
]);

/** Every domain the known-marketplace check answers, e.g. `amazon.com`, `myshopify.com`. */
export const KNOWN_MARKETPLACE_DOMAINS: readonly string[] = KNOWN_MARKETPLACES.flatMap((entry) => entry.domains);

/** Position of each listed domain in {@link KNOWN_MARKETPLACE_DOMAINS} (its first occurrence). */
const MARKETPLACE_DOMAIN_ORDER = new Map<string, number>();
KNOWN_MARKETPLACE_DOMAINS.forEach((domain, order) => {
  if (domain && !MARKETPLACE_DOMAIN_ORDER.has(domain)) MARKETPLACE_DOMAIN_ORDER.set(domain, order);
});

/**
 * SPEC §5 known-marketplace check. The host (a bare host or an http(s) URL) has its leading `www.` removed
 * and is matched against {@link KNOWN_MARKETPLACE_DOMAINS} as the domain itself or a true subdomain.
 * Answers the matching domain (`smile.amazon.com` → `amazon.com`, `shop.myshopify.com` → `myshopify.com`)
 * or `null` (`notamazon.com`, `amazon.com.evil.com`, unparsable input).
 */
export function knownMarketplaceDomain(hostOrUrl: string): string | null {
  const host = normalizeHost(hostOrUrl);
  if (!host) return null;
  // The host itself and each parent domain, looked up in the index; the earliest listed domain wins.
  let found: { order: number; domain: string } | undefined;
  for (let suffix = stripWww(host); ; ) {
    const order = MARKETPLACE_DOMAIN_ORDER.get(suffix);
    if (order !== undefined && (found === undefined || order < found.order)) found = { order, domain: suffix };
    const dot = suffix.indexOf('.');
    if (dot < 0) break;
    suffix = suffix.slice(dot + 1);
  }
  return found === undefined ? null : found.domain;
}

/** The known marketplace (name and domains) of a host or URL, or `null`. */
export function knownMarketplaceFor(hostOrUrl: string): KnownMarketplace | null {
  const domain = knownMarketplaceDomain(hostOrUrl);
  return domain ? (KNOWN_MARKETPLACES.find((entry) => entry.domains.includes(domain)) ?? null) : null;
}

/** Substrings that mark a business domain as a Shopify store (DESIGN §7). */
export const SHOPIFY_DOMAIN_MARKERS = ['myshopify.com', 'shopify.com'] as const;

/**
 * SPEC §5 / DESIGN §7 Shopify detection: a business domain *containing* `myshopify.com` or `shopify.com`
 * (case-insensitive) triggers tracked-referral handling. This is deliberately the spec's containment rule,
 * not a host match: it only decides that a referral is recorded before the shopper is sent on, which is
 * harmless for a look-alike, and it also accepts a domain written as a URL (`https://x.myshopify.com/`).
 */
export function isShopifyDomain(domain: string | null | undefined): boolean {
  if (typeof domain !== 'string') return false;
  const text = domain.trim().toLowerCase();
  return SHOPIFY_DOMAIN_MARKERS.some((marker) => text.includes(marker));
}
