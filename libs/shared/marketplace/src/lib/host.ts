import { tryParseHttpUrl } from './errors';

/**
 * Normalises a host name: trims, lower-cases, converts international names to punycode, removes a port
 * and a trailing dot. Accepts a bare host (`WWW.Amazon.com:443`) or a full http(s) URL.
 * Answers `null` when the input is not a host (empty, contains a path, user info, spaces …).
 */
/**
 * A host that URL parsing would leave unchanged: lower-case ASCII labels, no port, no trailing dot, no
 * punycode label (those are validated by the parser) and a last label starting with a letter (so it is
 * never read as an IPv4 number).
 */
const CANONICAL_HOST = /^(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*$/;

export function normalizeHost(input: string): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text) return null;
  if (CANONICAL_HOST.test(text) && !text.includes('xn--')) return text;
  let hostname: string;
  if (text.includes('://')) {
    const url = tryParseHttpUrl(text);
    if (!url) return null;
    hostname = url.hostname;
  } else {
    if (/[\s/?#@\\]/.test(text)) return null;
    try {
      hostname = new URL(`http://${text}`).hostname;
    } catch {
      return null;
    }
  }
  hostname = hostname.replace(/\.$/, '');
  return hostname || null;
}

/** Removes one leading `www.` label. */
export function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * True when `host` is `domain` itself or a true subdomain of it (`smile.amazon.com` of `amazon.com`).
 * Never a look-alike: `notamazon.com` and `amazon.com.evil.com` are not `amazon.com`.
 * Both arguments must already be normalised (lower case, no port, no trailing dot).
 */
export function hostMatchesDomain(host: string, domain: string): boolean {
  if (!host || !domain) return false;
  if (host === domain) return true;
  const dot = host.length - domain.length - 1;
  return dot >= 0 && host.charCodeAt(dot) === 46 /* . */ && host.endsWith(domain);
}
