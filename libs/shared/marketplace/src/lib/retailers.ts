import { tryParseHttpUrl } from './errors';
import { normalizeHost } from './host';

/** The nine retailers PriceHunt holds affiliate programmes with (SPEC §5, §9). */
export const RETAILER_IDS = ['amazon', 'ebay', 'walmart', 'target', 'bestbuy', 'apple', 'playstation', 'newegg', 'costco'] as const;
export type RetailerId = (typeof RETAILER_IDS)[number];

export interface Retailer {
  readonly id: RetailerId;
  /** Name shown to shoppers. */
  readonly name: string;
  /** Host used for canonical links to this retailer. */
  readonly primaryDomain: string;
  /**
   * Registrable domains the retailer serves its shops from. A host belongs to the retailer when it is one
   * of these or a subdomain of one (`www.amazon.com`, `smile.amazon.com`, `direct.playstation.com`).
   */
  readonly domains: readonly string[];
}

/**
 * The registry. Only domains the retailer itself operates are listed: Target Australia (target.com.au) is
 * another company and is not Target; Amazon's link shorteners (amzn.to, a.co) are Amazon's own.
 */
export const RETAILERS: Readonly<Record<RetailerId, Retailer>> = Object.freeze({
  amazon: {
    id: 'amazon',
    name: 'Amazon',
    primaryDomain: 'amazon.com',
    domains: [
      'amazon.com',
      'amazon.ca',
      'amazon.com.mx',
      'amazon.com.br',
      'amazon.co.uk',
      'amazon.de',
      'amazon.fr',
      'amazon.it',
      'amazon.es',
      'amazon.nl',
      'amazon.se',
      'amazon.pl',
      'amazon.com.be',
      'amazon.com.tr',
      'amazon.ae',
      'amazon.sa',
      'amazon.eg',
      'amazon.in',
      'amazon.co.jp',
      'amazon.sg',
      'amazon.com.au',
      'amazon.cn',
      'amzn.to',
      'amzn.com',
      'a.co',
    ],
  },
  ebay: {
    id: 'ebay',
    name: 'eBay',
    primaryDomain: 'ebay.com',
    domains: [
      'ebay.com',
      'ebay.ca',
      'ebay.co.uk',
      'ebay.de',
      'ebay.fr',
      'ebay.it',
      'ebay.es',
      'ebay.at',
      'ebay.ch',
      'ebay.ie',
      'ebay.nl',
      'ebay.be',
      'ebay.pl',
      'ebay.com.au',
      'ebay.com.sg',
      'ebay.com.hk',
      'ebay.com.my',
      'ebay.ph',
      'ebay.us',
    ],
  },
  walmart: { id: 'walmart', name: 'Walmart', primaryDomain: 'walmart.com', domains: ['walmart.com', 'walmart.ca'] },
  target: { id: 'target', name: 'Target', primaryDomain: 'target.com', domains: ['target.com'] },
  bestbuy: { id: 'bestbuy', name: 'Best Buy', primaryDomain: 'bestbuy.com', domains: ['bestbuy.com', 'bestbuy.ca'] },
  apple: { id: 'apple', name: 'Apple', primaryDomain: 'apple.com', domains: ['apple.com'] },
  playstation: { id: 'playstation', name: 'PlayStation', primaryDomain: 'direct.playstation.com', domains: ['playstation.com'] },
  newegg: { id: 'newegg', name: 'Newegg', primaryDomain: 'newegg.com', domains: ['newegg.com', 'newegg.ca', 'neweggbusiness.com'] },
  costco: {
    id: 'costco',
    name: 'Costco',
    primaryDomain: 'costco.com',
    domains: ['costco.com', 'costco.ca', 'costco.com.mx', 'costco.co.uk', 'costco.co.jp', 'costco.co.kr', 'costco.com.tw', 'costco.com.au'],
  },
});

/** The registry as a list, in the order of {@link RETAILER_IDS}. */
export const RETAILER_LIST: readonly Retailer[] = RETAILER_IDS.map((id) => RETAILERS[id]);

interface RegistryDomain {
  retailer: Retailer;
  domain: string;
  /** Position in the registry (retailers in list order, then their domains): the first match wins. */
  order: number;
}

/** Every registry domain, for lookups by host and parent domain instead of a scan of the registry. */
const DOMAIN_INDEX = new Map<string, RegistryDomain>();
RETAILER_LIST.flatMap((retailer) => retailer.domains.map((domain) => ({ retailer, domain }))).forEach(({ retailer, domain }, order) => {
  if (domain && !DOMAIN_INDEX.has(domain)) DOMAIN_INDEX.set(domain, { retailer, domain, order });
});

/** True for one of the nine retailer ids. */
export function isRetailerId(value: unknown): value is RetailerId {
  return typeof value === 'string' && (RETAILER_IDS as readonly string[]).includes(value);
}

/** The retailer with this id, or `null` for an unknown id. */
export function getRetailer(id: string): Retailer | null {
  return isRetailerId(id) ? RETAILERS[id] : null;
}

/**
 * The registry domain `host` falls under, with its retailer: `smile.amazon.com` → amazon / `amazon.com`.
 * Answers `null` for hosts of no retailer and for anything that is not a host.
 */
export function retailerDomainForHost(host: string): { retailer: Retailer; domain: string } | null {
  const normalized = normalizeHost(host);
  if (!normalized) return null;
  // The host itself and each parent domain, looked up in the index; the earliest registry entry wins.
  let found: RegistryDomain | undefined;
  for (let suffix = normalized; ; ) {
    const entry = DOMAIN_INDEX.get(suffix);
    if (entry && (!found || entry.order < found.order)) found = entry;
    const dot = suffix.indexOf('.');
    if (dot < 0) break;
    suffix = suffix.slice(dot + 1);
  }
  return found ? { retailer: found.retailer, domain: found.domain } : null;
}

/**
 * The retailer that serves `host` (exact registry domain or a true subdomain of one), or `null`.
 * Accepts a bare host, optionally with a port; case and a trailing dot are ignored.
 */
export function retailerForHost(host: string): Retailer | null {
  return retailerDomainForHost(host)?.retailer ?? null;
}

/** The retailer of an http(s) URL's host, or `null` (also for unparsable or non-http(s) input). */
export function retailerForUrl(url: string | URL): Retailer | null {
  const parsed = tryParseHttpUrl(url);
  return parsed ? retailerForHost(parsed.hostname) : null;
}
