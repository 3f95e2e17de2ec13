/**
 * A fetched page's bytes as text: the charset its Content-Type or its <meta> names, checked against the bytes.
 */

/** Charset from the Content-Type header, else from a <meta charset> / http-equiv in the first 2 KB, else UTF-8. */
export function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  if (header?.[1]) return header[1].toLowerCase();
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Single-byte charsets a page may name while its bytes are UTF-8 (a server's stale header, a page saved again). */
const SINGLE_BYTE_CHARSET = /^(?:iso-?8859-\d{1,2}|latin-?1|l1|windows-125\d|cp125\d|us-ascii|ascii)$/;

/**
 * A page's text: in the charset its Content-Type or its <meta> names (`charsetOf`), but UTF-8 where the page names a
 * single-byte charset and its bytes are valid UTF-8 holding letters beyond ASCII: text written in Latin-1 almost never is
 * ("é" is one byte there, two in UTF-8), so the bytes tell the charset the label got wrong. An unknown charset is read as
 * UTF-8.
 */
export function decodePage(bytes: Uint8Array, contentType: string | null): string {
  const charset = charsetOf(contentType, bytes);
  if (SINGLE_BYTE_CHARSET.test(charset)) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      if (/[^\p{ASCII}]/u.test(text)) return text;
    } catch {
      // Not UTF-8: the named charset stands.
    }
  }
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
