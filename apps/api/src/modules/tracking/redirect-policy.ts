import { isShopifyDomain, knownMarketplaceDomain, normalizeHost, retailerForHost, stripWww } from '@pricehunt/marketplace';
import { TRACKING_LIMITS } from '@pricehunt/contracts';

/** A named check that accepts a redirect target: its parsed URL and normalised host (lower case, no port, no trailing dot). */
export type RedirectCheck = (url: URL, host: string) => boolean;
/** A check that reads storage to accept a redirect target (same arguments). */
export type RedirectLookup = (url: URL, host: string) => Promise<boolean>;

export interface RedirectAllowList {
  /**
   * Whether `/api/redirect` may send shoppers to this URL: the checks that read no storage are asked first (known
   * retailers, added checks), then the look-ups (verified stores, added look-ups).
   */
  isAllowedRedirect(url: URL): Promise<boolean>;
  /** Adds a source of allowed targets (checked after the ones the list starts with). */
  addCheck(name: string, check: RedirectCheck): void;
  /** Adds a source of allowed targets that reads storage (asked after the checks and the earlier look-ups). */
  addLookup(name: string, lookup: RedirectLookup): void;
  readonly checkNames: readonly string[];
}

/** Retailers of the registry and the known marketplaces, except Shopify: any shop can live on myshopify.com. */
export function isKnownRetailerHost(host: string): boolean {
  if (retailerForHost(host)) return true;
  const marketplace = knownMarketplaceDomain(host);
  return marketplace !== null && !isShopifyDomain(marketplace);
}

/**
 * The allow-list: known retailers' hosts, the verified store domains of active businesses (with their subdomains),
 * then every added check and look-up (the exact links of catalog offers from trusted feeds). Anything else is refused.
 */
export function createRedirectAllowList(isTrustedStoreHost: (host: string) => Promise<boolean>): RedirectAllowList {
  const named: Array<{ name: string; check: RedirectCheck } | { name: string; lookup: RedirectLookup }> = [
    { name: 'known retailers', check: (_url, host) => isKnownRetailerHost(host) },
    { name: 'verified store domains', lookup: (_url, host) => isTrustedStoreHost(host) },
  ];
  const checks = () => named.flatMap((entry) => ('check' in entry ? [entry.check] : []));
  const lookups = () => named.flatMap((entry) => ('lookup' in entry ? [entry.lookup] : []));
  return {
    async isAllowedRedirect(url) {
      const host = normalizeHost(url.hostname);
      if (!host) return false;
      if (checks().some((check) => check(url, host))) return true;
      for (const lookup of lookups()) if (await lookup(url, host)) return true;
      return false;
    },
    addCheck(name, check) {
      named.push({ name, check });
    },
    addLookup(name, lookup) {
      named.push({ name, lookup });
    },
    get checkNames() {
      return named.map((c) => c.name);
    },
  };
}

/** Candidate store domains of a host: itself without `www.`, then each parent domain with at least two labels. */
export function storeDomainCandidates(host: string): string[] {
  const labels = stripWww(host).split('.');
  const candidates: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) candidates.push(labels.slice(i).join('.'));
  return candidates;
}

export type RedirectTarget = { ok: true; url: URL; host: string } | { ok: false; message: string };

/**
 * Parses a redirect target strictly, before any allow-list question: an absolute http(s) URL written
 * plainly (no white space, control characters or backslashes, which browsers and parsers read differently),
 * no user info, no explicit port, a host name.
 */
export function parseRedirectTarget(to: string, options: { addressesAndPorts?: boolean } = {}): RedirectTarget {
  if (to.length > TRACKING_LIMITS.urlLength) return { ok: false, message: `to must be at most ${TRACKING_LIMITS.urlLength} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(to)) return { ok: false, message: 'to must be a plain http(s) URL' };
  if (!/^https?:\/\/[^/?#]/i.test(to)) return { ok: false, message: 'to must be an absolute http(s) URL' };
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return { ok: false, message: 'to is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'to must be an absolute http(s) URL' };
  if (url.username || url.password) return { ok: false, message: 'to must not contain user credentials' };
  if (url.port && !options.addressesAndPorts) return { ok: false, message: 'to must not name a port' };
  const host = normalizeHost(url.hostname);
  if (!host) return { ok: false, message: 'to must name a host, not an address' };
  if (!options.addressesAndPorts && (host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host))) return { ok: false, message: 'to must name a host, not an address' };
  return { ok: true, url, host };
}
