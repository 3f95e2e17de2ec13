import { tryParseHttpUrl } from './errors';
import { hostMatchesDomain } from './host';

/** Affiliate networks whose redirect links carry the destination inside them. */
export type DeepLinkNetwork = 'impact' | 'rakuten' | 'cj' | 'partnerize' | 'ebay-rover';

export interface DeepLink {
  network: DeepLinkNetwork;
  /** The http(s) URL the redirect link leads to. */
  destination: string;
}

/** Impact tracking domains: the retailers' own (`goto.walmart.com` …) and Impact's shared ones. */
export const IMPACT_HOSTS: readonly string[] = ['goto.walmart.com', 'goto.target.com', 'bestbuy.7tiv.net'];
const IMPACT_SHARED_DOMAINS = ['sjv.io', 'pxf.io', '7tiv.net', 'evyy.net', 'ojrq.net'];
/** CJ (Commission Junction) click domains. */
export const CJ_DOMAINS: readonly string[] = ['anrdoezrs.net', 'jdoqocy.com', 'tkqlhce.com', 'dpbolvw.net', 'kqzyfj.com', 'qksrv.net'];
/** Rakuten Advertising (LinkSynergy) click host. */
export const RAKUTEN_HOST = 'click.linksynergy.com';
/** Partnerize click host (Apple Performance Partners and PlayStation Direct run on Partnerize). */
export const PARTNERIZE_HOST = 'prf.hn';
/** eBay's legacy Partner Network redirector. */
export const EBAY_ROVER_HOST = 'rover.ebay.com';

function queryParam(url: URL, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === wanted) return value;
  }
  return null;
}

function httpDestination(value: string | null): string | null {
  if (!value) return null;
  return tryParseHttpUrl(value)?.href ?? null;
}

/**
 * Recognises an affiliate-network redirect link and reads its destination:
 * - Impact `https://goto.walmart.com/c/<publisher>/<ad>/<campaign>?u=<encoded>` (and the other Impact hosts),
 * - Rakuten `https://click.linksynergy.com/deeplink?id=…&mid=…&murl=<encoded>` (`murl` or `RD_PARM1`),
 * - CJ `https://www.anrdoezrs.net/click-<pid>-<aid>?url=<encoded>` and `…/links/<pid>/type/dlg/<url>`,
 * - Partnerize `https://prf.hn/click/camref:<ref>/destination:<encoded>`,
 * - eBay Rover `https://rover.ebay.com/rover/1/<rotation>/1?…&mpre=<encoded>`.
 * Answers `null` for any other URL and for a redirect link without an http(s) destination.
 */
export function parseDeepLink(input: string | URL): DeepLink | null {
  // A URL object is only read here, so it is used as it is.
  const url = input instanceof URL && (input.protocol === 'http:' || input.protocol === 'https:') ? input : tryParseHttpUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();

  const isImpact = IMPACT_HOSTS.includes(host) || IMPACT_SHARED_DOMAINS.some((domain) => hostMatchesDomain(host, domain));
  if (isImpact && url.pathname.startsWith('/c/')) {
    const destination = httpDestination(queryParam(url, 'u'));
    return destination ? { network: 'impact', destination } : null;
  }
  if (host === RAKUTEN_HOST) {
    const destination = httpDestination(queryParam(url, 'murl') ?? queryParam(url, 'RD_PARM1'));
    return destination ? { network: 'rakuten', destination } : null;
  }
  if (CJ_DOMAINS.some((domain) => hostMatchesDomain(host, domain))) {
    if (/^\/click-/.test(url.pathname)) {
      const destination = httpDestination(queryParam(url, 'url'));
      return destination ? { network: 'cj', destination } : null;
    }
    const raw = url.href;
    const marker = raw.search(/\/type\/dlg\/(?:sid\/[^/]+\/)?https?:\/\//i);
    if (marker >= 0) {
      const rest = raw.slice(marker).replace(/^\/type\/dlg\/(?:sid\/[^/]+\/)?/i, '');
      const destination = httpDestination(rest);
      return destination ? { network: 'cj', destination } : null;
    }
    return null;
  }
  if (host === PARTNERIZE_HOST) {
    const match = /\/destination:([^/?#]+)/.exec(url.pathname);
    if (!match?.[1]) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const destination = httpDestination(decoded);
    return destination ? { network: 'partnerize', destination } : null;
  }
  if (host === EBAY_ROVER_HOST) {
    const destination = httpDestination(queryParam(url, 'mpre'));
    return destination ? { network: 'ebay-rover', destination } : null;
  }
  return null;
}

/**
 * Follows nested affiliate redirect links (at most `maxDepth` levels) and answers the innermost
 * destination, or the input's own href when it is no redirect link. `null` for non-http(s) input.
 */
export function unwrapDeepLink(input: string | URL, maxDepth = 3): string | null {
  // A URL object is only read here, so it is used as it is.
  const url = input instanceof URL && (input.protocol === 'http:' || input.protocol === 'https:') ? input : tryParseHttpUrl(input);
  if (!url) return null;
  let current = url.href;
  for (let depth = 0; depth < maxDepth; depth += 1) {
    const link = parseDeepLink(depth === 0 ? url : current);
    if (!link) break;
    current = link.destination;
  }
  return current;
}

/** True for a host that only redirects through an affiliate network (it never is a shop page itself). */
export function isDeepLinkHost(host: string): boolean {
  const lower = host.toLowerCase();
  return (
    IMPACT_HOSTS.includes(lower) ||
    IMPACT_SHARED_DOMAINS.some((domain) => hostMatchesDomain(lower, domain)) ||
    lower === RAKUTEN_HOST ||
    CJ_DOMAINS.some((domain) => hostMatchesDomain(lower, domain)) ||
    lower === PARTNERIZE_HOST ||
    lower === EBAY_ROVER_HOST
  );
}
