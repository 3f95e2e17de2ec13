/**
 * A fetched page's bytes as text: the charset its Content-Type or its <meta> names, checked against the bytes.
 */

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i;

/** Charset from the Content-Type header, else from a <meta charset> / http-equiv in the first 2 KB, else UTF-8. */
export function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  return namedCharset(contentType, bytes) ?? 'utf-8';
}

function namedCharset(contentType: string | null, bytes: Uint8Array): string | null {
  const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  if (header?.[1]) return header[1].toLowerCase();
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  return META_CHARSET.exec(head)?.[1]?.toLowerCase() ?? null;
}

/**
 * The charset a <meta> names further down a page that names none in its first 2 KB, when its bytes are not UTF-8: a
 * page saved from a browser's document, whose scripts were put before its <meta charset="gbk"> (the browser read the
 * charset from the meta as it parsed the head).
 */
function laterCharset(bytes: Uint8Array): string | null {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return null;
  } catch {
    const head = /<\/head\s*>|<body[\s>]/i.exec(Buffer.from(bytes).toString('latin1'));
    const upTo = head ? head.index : bytes.length;
    return META_CHARSET.exec(Buffer.from(bytes.subarray(0, upTo)).toString('latin1'))?.[1]?.toLowerCase() ?? null;
  }
}

/** Single-byte charsets a page may name while its bytes are UTF-8 (a server's stale header, a page saved again). */
const SINGLE_BYTE_CHARSET = /^(?:iso-?8859-\d{1,2}|latin-?1|l1|windows-125\d|cp125\d|us-ascii|ascii)$/;

/**
 * A page's text: in the charset its Content-Type or its <meta> names (`charsetOf`; a <meta> later in the head where
 * the bytes are not UTF-8, `laterCharset`), but UTF-8 where the page names a
 * single-byte charset and its bytes are valid UTF-8 holding letters beyond ASCII: text written in Latin-1 almost never is
 * ("é" is one byte there, two in UTF-8), so the bytes tell the charset the label got wrong. An unknown charset is read as
 * UTF-8.
 */
export function decodePage(bytes: Uint8Array, contentType: string | null): string {
  const charset = namedCharset(contentType, bytes) ?? laterCharset(bytes) ?? 'utf-8';
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
