function decodeName(segment: string): string {
  const raw = segment.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
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
  const next = new URL(url.href);
  const wanted = new Map(set.map(([name, value]) => [name.toLowerCase(), `${encodeURIComponent(name)}=${encodeURIComponent(value)}`]));
  const removed = new Set(remove.map((name) => name.toLowerCase()));
  const placed = new Set<string>();
  const segments: string[] = [];
  const raw = next.search.startsWith('?') ? next.search.slice(1) : next.search;
  for (const segment of raw.split('&')) {
    if (!segment) continue;
    const name = decodeName(segment).toLowerCase();
    const replacement = wanted.get(name);
    if (replacement !== undefined) {
      if (!placed.has(name)) {
        segments.push(replacement);
        placed.add(name);
      }
      continue;
    }
    if (removed.has(name)) continue;
    segments.push(segment);
  }
  for (const [name] of set) {
    const key = name.toLowerCase();
    if (!placed.has(key)) {
      segments.push(wanted.get(key) as string);
      placed.add(key);
    }
  }
  next.search = segments.length ? `?${segments.join('&')}` : '';
  return next;
}
