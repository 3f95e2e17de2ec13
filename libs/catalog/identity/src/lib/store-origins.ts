import { z } from 'zod';

/**
 * Where a merchant's store is fetched from. A store is `https://<domain>`, unless STORE_ORIGIN_OVERRIDES (outside
 * production: the demo store, the browser tests' stores) points its domain at a server on this machine. The API's
 * store sync and verification, the worker's scheduled refresh of the store, and the reading of a pasted link's page
 * (the browser tests' saved shop pages) read them alike.
 */
export type StoreOriginOverrides = Readonly<Record<string, string>>;

/**
 * Reads `domain=origin,domain=origin` (each origin a bare `scheme://host[:port]`): the map, and a message for each
 * pair that is not one.
 */
export function parseStoreOriginOverrides(value: string): { overrides: Record<string, string>; problems: string[] } {
  const overrides: Record<string, string> = {};
  const problems: string[] = [];
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [domain, origin] = pair.split('=', 2).map((p) => p?.trim() ?? '');
    let valid = false;
    try {
      valid = !!domain && !!origin && new URL(origin).origin === origin;
    } catch {
      valid = false;
    }
    if (!valid) problems.push(`STORE_ORIGIN_OVERRIDES needs domain=origin pairs; got "${pair}"`);
    else overrides[(domain as string).toLowerCase()] = origin as string;
  }
  return { overrides, problems };
}

/** STORE_ORIGIN_OVERRIDES as the API's and the worker's settings read it: the map, each bad pair an issue naming it. */
export const storeOriginOverridesSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const { overrides, problems } = parseStoreOriginOverrides(value);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return overrides;
  });

/** Where a store is fetched from: `https://<domain>`, or the override's origin. */
export function storeOriginFor(domain: string, overrides: StoreOriginOverrides): string {
  return overrides[domain] ?? `https://${domain}`;
}

/** The store's public origin, on which product links are built: https, or the override's scheme. */
export function publicOriginFor(domain: string, overrides: StoreOriginOverrides): string {
  const override = overrides[domain];
  return `${override ? new URL(override).protocol : 'https:'}//${domain}`;
}

/** Rewrites a URL on a store's public origin to its overridden origin, keeping path and query; other URLs stay. */
export function fetchUrlFor(url: string, overrides: StoreOriginOverrides): string {
  const parsed = new URL(url);
  const origin = overrides[parsed.host];
  return origin ? `${origin}${parsed.pathname}${parsed.search}` : url;
}
