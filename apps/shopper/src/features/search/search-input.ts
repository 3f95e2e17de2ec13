/** What the shopper typed into the search box: a product link or words. */
export type SearchInput = { kind: 'url'; url: string } | { kind: 'query'; query: string } | { kind: 'empty' };

const SCHEME = /^https?:\/\//i;
// "amazon.com/dp/B0…" or "www.walmart.com/ip/…": a host with a dot, then a path, and no spaces.
const BARE_LINK = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\/\S*$/i;

export function classifySearchInput(raw: string): SearchInput {
  const value = raw.trim();
  if (!value) return { kind: 'empty' };
  if (SCHEME.test(value)) return { kind: 'url', url: value };
  if (BARE_LINK.test(value)) return { kind: 'url', url: `https://${value}` };
  return { kind: 'query', query: value.replace(/\s+/g, ' ') };
}
