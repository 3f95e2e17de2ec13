import { isShopifyDomain, knownMarketplaceDomain, normalizeHost, retailerForHost, stripWww } from '@pricehunt/marketplace';
import { TRACKING_LIMITS } from '@pricehunt/contracts';

/** A named check that accepts a redirect host (e.g. catalog offer hosts, added by the catalog module). */
export type RedirectHostCheck = (host: string) => boolean;

export interface RedirectAllowList {
  /** True when `/api/redirect` may send shoppers to this host (normalised: lower case, no port, no trailing dot). */
  isAllowedRedirectHost(host: string): boolean;
  /** Adds a source of allowed hosts; the catalog module registers its offer hosts here. */
  addHostCheck(name: string, check: RedirectHostCheck): void;
  readonly checkNames: readonly string[];
}

/** Retailers of the registry and the known marketplaces, except Shopify: any shop can live on myshopify.com. */
export function isKnownRetailerHost(host: string): boolean {
  if (retailerForHost(host)) return true;
  const marketplace = knownMarketplaceDomain(host);
  return marketplace !== null && !isShopifyDomain(marketplace);
}

/** The allow-list: known retailers, registered business store domains, then every added check. */
export function createRedirectAllowList(isBusinessHost: RedirectHostCheck): RedirectAllowList {
  const checks: Array<{ name: string; check: RedirectHostCheck }> = [
    { name: 'known retailers', check: isKnownRetailerHost },
    { name: 'business store domains', check: isBusinessHost },
  ];
  return {
    isAllowedRedirectHost(host) {
      const normalised = normalizeHost(host);
      if (!normalised) return false;
      return checks.some(({ check }) => check(normalised));
    },
    addHostCheck(name, check) {
      checks.push({ name, check });
    },
    get checkNames() {
      return checks.map((c) => c.name);
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
export function parseRedirectTarget(to: string): RedirectTarget {
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
  if (url.port) return { ok: false, message: 'to must not name a port' };
  const host = normalizeHost(url.hostname);
  if (!host || host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host)) return { ok: false, message: 'to must name a host, not an address' };
  return { ok: true, url, host };
}
