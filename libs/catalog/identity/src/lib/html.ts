/**
 * Small, forgiving HTML reading helpers: entity decoding, tag attribute parsing, element text.
 * Not a DOM: enough to read the metadata a product page carries in its tags.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™',
  hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', bull: '•',
  middot: '·', deg: '°', euro: '€', pound: '£', yen: '¥', cent: '¢', times: '×', frac12: '½',
  frac14: '¼', frac34: '¾', eacute: 'é', egrave: 'è', aacute: 'á', agrave: 'à', oacute: 'ó',
  uacute: 'ú', iacute: 'í', ntilde: 'ñ', ouml: 'ö', uuml: 'ü', auml: 'ä', szlig: 'ß', ccedil: 'ç',
  prime: '′', Prime: '″', laquo: '«', raquo: '»', sup2: '²', sup3: '³', micro: 'µ', plusmn: '±',
};

/** Decode named (common set), decimal and hexadecimal character references. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()];
    return named ?? whole;
  });
}

/** Collapse whitespace (including no-break spaces) and trim. */
export function cleanText(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

export interface Tag {
  name: string;
  attrs: Record<string, string>;
  /** Index of "<" in the page. */
  start: number;
  /** Index just after ">". */
  end: number;
}

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes of a tag's inner text (after the name). Names lower-cased, values entity-decoded. */
export function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR_RE)) {
    const name = (m[1] as string).toLowerCase();
    if (name in attrs) continue;
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * Page with comments blanked out (same length, so indexes stay valid). Script and style contents
 * are kept as they are, or blanked too when `blankCode` is set (for reading tags and text).
 */
export function stripComments(html: string, blankCode = false): string {
  return html.replace(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<!--[\s\S]*?(?:-->|$)/gi, (whole, tag?: string, attrs?: string, body?: string) => {
    if (!tag) return ' '.repeat(whole.length);
    if (!blankCode) return whole;
    return `<${tag}${attrs}>${' '.repeat((body ?? '').length)}</${tag}>`.padEnd(whole.length, ' ');
  });
}

const TAG_RE = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+(?:[^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;

/** Every start tag, optionally only those with the given (lower-case) names. */
export function* startTags(html: string, names?: ReadonlySet<string>): Generator<Tag> {
  TAG_RE.lastIndex = 0;
  for (const m of html.matchAll(TAG_RE)) {
    const name = (m[1] as string).toLowerCase();
    if (names && !names.has(name)) continue;
    const start = m.index ?? 0;
    yield { name, attrs: parseAttributes(m[2] ?? ''), start, end: start + m[0].length };
  }
}

/** Raw contents of every <script> element with its attributes. */
export function* scripts(html: string): Generator<{ attrs: Record<string, string>; content: string }> {
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    yield { attrs: parseAttributes(m[1] ?? ''), content: m[2] ?? '' };
  }
}

const VOID = new Set(['meta', 'link', 'img', 'br', 'hr', 'input', 'source', 'area', 'base', 'col', 'embed', 'wbr']);

/** Visible text of the element whose start tag is given (to its matching close tag, nesting aware). */
export function elementText(html: string, tag: Tag): string {
  if (VOID.has(tag.name)) return '';
  const re = new RegExp(`<(/?)${tag.name}\\b[^>]*>`, 'gi');
  re.lastIndex = tag.end;
  let depth = 1;
  let close = html.length;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (depth === 0) {
      close = m.index;
      break;
    }
  }
  const inner = html.slice(tag.end, Math.min(close, tag.end + 20000));
  return cleanText(decodeEntities(inner.replace(/<script[\s\S]*?<\/script\s*>|<style[\s\S]*?<\/style\s*>/gi, ' ').replace(/<[^>]*>/g, ' ')));
}
