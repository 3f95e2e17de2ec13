/**
 * The value of one cookie in a `Cookie` request header, without parsing the others (routes outside the
 * cookie-authenticated area read at most one cookie and have no cookie parser). Reads like @fastify/cookie's
 * parser: the first occurrence wins, values are percent-decoded, and one that does not decode is returned as sent.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    start = end + 1;
  }
  return undefined;
}
