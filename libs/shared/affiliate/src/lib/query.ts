function decodeName(segment: string): string {
  const end = segment.indexOf('=');
  const raw = end < 0 ? segment : segment.slice(0, end);
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * `encodeURIComponent`, plus the apostrophe, which the URL parser percent-encodes in the query of http(s)
 * URLs: the query we write then reads back unchanged.
 */
function encodeQueryComponent(value: string): string {
  const encoded = encodeURIComponent(value);
  return encoded.includes("'") ? encoded.replace(/'/g, '%27') : encoded;
}
const querySegment = ([name, value]: readonly [string, string]) => `${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`;

/** Splits a serialised URL into what comes before its query, the query (without `?`) and the fragment (with `#`). */
function splitHref(href: string): { base: string; query: string; fragment: string } {
  // In a serialised URL a `#` only starts the fragment, and a `?` before it only starts the query.
  const hash = href.indexOf('#');
  const end = hash < 0 ? href.length : hash;
  const mark = href.indexOf('?');
  const queryStart = mark >= 0 && mark < end ? mark : -1;
  return {
    base: href.slice(0, queryStart < 0 ? end : queryStart),
    query: queryStart < 0 ? '' : href.slice(queryStart + 1, end),
    fragment: hash < 0 ? '' : href.slice(hash),
  };
}

/**
 * {@link withQueryParams} as a string, without building URL objects: the serialised URL it answers is
 * exactly `withQueryParams(url, set, remove).href`.
 */
export function hrefWithQueryParams(url: URL, set: ReadonlyArray<readonly [string, string]>, remove: readonly string[] = []): string {
  const { base, query, fragment } = splitHref(url.href);
  const names = set.map(([name]) => name.toLowerCase());
  const placed = names.map(() => false);
  const segments: string[] = [];
  if (query) {
    for (const segment of query.split('&')) {
      if (!segment) continue;
      const name = decodeName(segment).toLowerCase();
      const index = names.indexOf(name);
      if (index >= 0) {
        if (!placed[index]) {
          segments.push(querySegment(set[names.lastIndexOf(name)] as readonly [string, string]));
          placed[index] = true;
        }
        continue;
      }
      if (remove.length && remove.some((removed) => removed.toLowerCase() === name)) continue;
      segments.push(segment);
    }
  }
  for (let index = 0; index < set.length; index++) {
    // A name given twice in `set` is written once, at its first place, with its last value.
    const name = names[index] as string;
    if (!placed[index] && names.indexOf(name) === index) segments.push(querySegment(set[names.lastIndexOf(name)] as readonly [string, string]));
  }
  return segments.length ? `${base}?${segments.join('&')}${fragment}` : `${base}${fragment}`;
}

/**
 * Sets and removes query parameters of `url` without touching any other parameter's spelling:
 * - each name in `set` keeps the position of its first occurrence (its value replaced) or is appended,
 *   in the order given; later occurrences are removed, so no parameter is ever duplicated;
 * - every name in `remove` is removed;
 * - names compare case-insensitively; empty segments (`&&`) are dropped; the fragment is kept.
 * Applying the same call twice gives the same URL.
 */
export function withQueryParams(url: URL, set: ReadonlyArray<readonly [string, string]>, remove: readonly string[] = []): URL {
  return new URL(hrefWithQueryParams(url, set, remove));
}
