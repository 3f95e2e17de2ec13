import { unwrapDeepLink } from './deep-links';
import { InvalidUrlError, parseHttpUrl } from './errors';
import { productIdFor } from './product-id';
import { retailerDomainForHost } from './retailers';
import { isTrackingParam } from './tracking-params';

/**
 * Canonical form of a product URL, used to recognise the same page however it was linked (DESIGN §3):
 * 1. only http(s) URLs are accepted; anything else throws {@link InvalidUrlError} (`tryCanonicalizeUrl` answers `null`);
 * 2. affiliate redirect links (Impact, Rakuten, CJ, Partnerize, eBay Rover) are replaced by their destination;
 * 3. the host is lower-cased, leading `www.` labels, a trailing dot, user info and the default port are removed;
 *    retailer hosts always use https;
 * 4. the fragment is dropped, tracking parameters ({@link TRACKING_PARAMS}) are dropped, the remaining
 *    parameters are sorted by name (then value) and re-encoded;
 * 5. trailing slashes of the path are removed (the bare origin has no slash unless a query follows);
 * 6. Amazon product pages collapse to `https://<amazon domain>/dp/<ASIN>`, e.g. `https://amazon.com/dp/B08N5WRWNW`
 *    (subdomains such as `smile.` and `m.` fold into their Amazon domain; regional stores keep theirs, since
 *    prices and availability differ per store).
 * The result is stable: canonicalising a canonical URL answers it unchanged.
 */
export function canonicalizeUrl(input: string | URL): string {
  const first = parseHttpUrl(input);
  const unwrapped = unwrapDeepLink(first) ?? first.href;
  const url = unwrapped === first.href ? first : parseHttpUrl(unwrapped);

  const host = url.hostname.replace(/\.$/, '').replace(/^(?:www\.)+/, '');
  if (!host) throw new InvalidUrlError('invalid_url', String(input));
  const match = retailerDomainForHost(host);
  const retailer = match?.retailer.id ?? null;

  if (retailer === 'amazon' && match) {
    const asin = productIdFor('amazon', url);
    // amzn.com is Amazon's short domain for amazon.com.
    if (asin) return `https://${match.domain === 'amzn.com' ? 'amazon.com' : match.domain}/dp/${asin}`;
  }

  const protocol = retailer ? 'https:' : url.protocol;
  const defaultPort = protocol === 'https:' ? '443' : '80';
  const port = url.port && url.port !== defaultPort ? `:${url.port}` : '';

  const kept = [...url.searchParams].filter(([name]) => name !== '' && !isTrackingParam(name, retailer));
  kept.sort(([aName, aValue], [bName, bValue]) => (aName < bName ? -1 : aName > bName ? 1 : aValue < bValue ? -1 : aValue > bValue ? 1 : 0));
  const query = new URLSearchParams(kept).toString();

  const path = url.pathname.replace(/\/+$/, '');
  return `${protocol}//${host}${port}${path || (query ? '/' : '')}${query ? `?${query}` : ''}`;
}

/** {@link canonicalizeUrl} that answers `null` instead of throwing for unusable input. */
export function tryCanonicalizeUrl(input: string | URL): string | null {
  try {
    return canonicalizeUrl(input);
  } catch (error) {
    if (error instanceof InvalidUrlError) return null;
    throw error;
  }
}
