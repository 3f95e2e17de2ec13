import { Resolver } from 'node:dns/promises';
import { VERIFICATION_META_NAME } from '@pricehunt/contracts';
import { getDomain, getPublicSuffix } from 'tldts';

/**
 * True when `domain` is a public suffix (`com`, `co.uk`, and the private ones such as `github.io` or
 * `myshopify.com`), judged by the Public Suffix List that `tldts` ships: a store domain set to one would stand for
 * every site under it.
 */
export function isPublicSuffix(domain: string): boolean {
  return getPublicSuffix(domain, { allowPrivateDomains: true }) === domain;
}

/** The refusal of a store domain no business may claim, or null when it may be claimed. */
export function storeDomainRefusal(domain: string): string | null {
  if (isPublicSuffix(domain)) {
    return `${domain} is a public suffix shared by many sites; enter your own store's domain, such as your-store.${domain}`;
  }
  return null;
}

/**
 * The name a shop goes by when its business gave none: the label of its domain before the public suffix, in words
 * ("kettle-store.myshopify.com" is "Kettle Store").
 */
export function shopNameOf(domain: string): string {
  const registrable = getDomain(domain, { allowPrivateDomains: true }) ?? domain;
  const suffix = getPublicSuffix(domain, { allowPrivateDomains: true });
  const label = suffix && registrable.endsWith(`.${suffix}`) ? registrable.slice(0, -suffix.length - 1) : (registrable.split('.')[0] ?? domain);
  const words = label.split(/[-_]+/).filter(Boolean);
  return words.length ? words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') : domain;
}

/** The TXT record that proves a domain: `pricehunt-verification=<token>` on the domain itself. */
export const dnsVerificationValue = (token: string) => `${VERIFICATION_META_NAME}=${token}`;

/** Reads a domain's TXT records; each record's strings joined, as a resolver answers them. */
export type TxtLookup = (domain: string) => Promise<string[]>;

/**
 * TXT look-ups through the system's resolver, or through `servers` (`address` or `address:port`) when given. A
 * domain without TXT records, or that does not exist, has none; other failures (a timeout) throw.
 */
export function createTxtLookup(servers: readonly string[] = [], timeoutMs = 5000): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return async (domain) => {
    try {
      return (await resolver.resolveTxt(domain)).map((parts) => parts.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND' || code === 'NXDOMAIN') return [];
      throw error;
    }
  };
}

/** True when one of the TXT records is the proof for `token`. */
export function hasDnsProof(records: readonly string[], token: string): boolean {
  const expected = dnsVerificationValue(token);
  return records.some((record) => record.trim() === expected);
}
