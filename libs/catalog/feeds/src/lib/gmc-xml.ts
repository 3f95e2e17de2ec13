import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { withWarnings } from './column-feed';
import { GMC_ATTRIBUTES, GMC_REQUIRED, type GmcOptions, type ShippingEntry, currencyOf, pickShipping, splitShippingText } from './gmc-shared';
import { type FieldNames, type OfferDraft, buildOffer } from './normalise';
import type { FeedParseResult, FeedRow, RowError, StreamOptions } from './offer';
import { FeedFormatError, type TextSource, collectRows, textChunks, withProgress } from './stream';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** One `<item>` or `<entry>` element cut out of the document, with the line its opening tag is on. */
export interface XmlItem {
  line: number;
  xml: string;
}

/**
 * Cuts a feed document into its item elements as text arrives, so a large feed never sits in memory
 * whole. It skips comments, CDATA sections, processing instructions and the doctype, learns the root
 * element (`rss` or `feed`) and the prefix bound to Google's namespace from the tags outside items.
 */
export class XmlItemSplitter {
  root: string | undefined;
  /** Prefix declared for `http://base.google.com/ns/1.0` (without the colon); `g` until a declaration says otherwise. */
  googlePrefix = 'g';
  private buffer = '';
  private pos = 0;
  private line = 1;
  private itemStart = -1;
  private itemLine = 0;
  private itemTag = '';

  push(chunk: string): XmlItem[] {
    this.buffer = this.buffer.slice(this.itemStart >= 0 ? this.itemStart : this.pos) + chunk;
    if (this.itemStart >= 0) {
      this.pos -= this.itemStart;
      this.itemStart = 0;
    } else {
      this.pos = 0;
    }
    return this.scan(false);
  }

  end(): XmlItem[] {
    const items = this.scan(true);
    if (this.root === undefined) throw new FeedFormatError('The document has no root element', 'root', 1);
    if (this.itemStart >= 0) {
      throw new FeedFormatError(`The <${this.itemTag}> opened on line ${this.itemLine} is never closed`, this.itemTag, this.itemLine);
    }
    return items;
  }

  private advanceTo(index: number): void {
    for (let k = this.buffer.indexOf('\n', this.pos); k >= 0 && k < index; k = this.buffer.indexOf('\n', k + 1)) this.line++;
    this.pos = index;
  }

  private scan(final: boolean): XmlItem[] {
    const items: XmlItem[] = [];
    const buf = this.buffer;
    for (;;) {
      const lt = buf.indexOf('<', this.pos);
      if (lt < 0) {
        this.advanceTo(buf.length);
        return items;
      }
      this.advanceTo(lt);
      if (buf.length - lt < 10 && !final) return items;
      let close: number;
      if (buf.startsWith('<![CDATA[', lt)) close = endOf(buf, ']]>', lt + 9);
      else if (buf.startsWith('<!--', lt)) close = endOf(buf, '-->', lt + 4);
      else if (buf.startsWith('<?', lt)) close = endOf(buf, '?>', lt + 2);
      else if (buf.startsWith('<!', lt)) close = endOf(buf, '>', lt + 2);
      else {
        close = tagEnd(buf, lt + 1);
        if (close >= 0) this.onTag(buf.slice(lt, close), lt, close, items);
      }
      if (close < 0) {
        if (final) throw new FeedFormatError(`The document ends inside markup that starts on line ${this.line}`, 'document', this.line);
        return items;
      }
      this.advanceTo(close);
    }
  }

  private onTag(tag: string, start: number, end: number, items: XmlItem[]): void {
    const closing = tag.charCodeAt(1) === 47;
    const name = /^<\/?\s*([^\s/>]+)/.exec(tag)?.[1] ?? '';
    const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
    if (this.itemStart >= 0) {
      if (closing && name === this.itemTag) {
        items.push({ line: this.itemLine, xml: this.buffer.slice(this.itemStart, end) });
        this.itemStart = -1;
      }
      return;
    }
    if (closing) return;
    if (this.root === undefined) {
      this.root = local;
      if (local !== 'rss' && local !== 'feed') {
        throw new FeedFormatError(`The root element is <${name}>; expected an RSS 2.0 <rss> or an Atom <feed>`, 'root', this.line);
      }
    }
    const declaration = new RegExp(`xmlns:([\\w.-]+)\\s*=\\s*["']${GOOGLE_NAMESPACE.replace(/[.]/g, '\\.')}/?["']`).exec(tag);
    if (declaration?.[1]) this.googlePrefix = declaration[1];
    const itemName = this.root === 'rss' ? 'item' : 'entry';
    if (local === itemName) {
      if (tag.endsWith('/>')) {
        items.push({ line: this.line, xml: tag });
        return;
      }
      this.itemStart = start;
      this.itemLine = this.line;
      this.itemTag = name;
    }
  }
}

function endOf(buf: string, marker: string, from: number): number {
  const at = buf.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length;
}

/** Index just past the `>` that ends the tag starting before `from`, skipping quoted attribute values. */
function tagEnd(buf: string, from: number): number {
  let quote = 0;
  for (let i = from; i < buf.length; i++) {
    const c = buf.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return i + 1;
  }
  return -1;
}

const ITEM_PARSER = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  isArray: (name) => name.endsWith('shipping') || name === 'link' || name.endsWith(':link'),
});

type XmlNode = string | { [key: string]: XmlNode | XmlNode[] | undefined };

function textOf(node: XmlNode | XmlNode[] | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'string') return node;
  const text = node['#text'];
  return typeof text === 'string' ? text : (textOf(text) ?? '');
}

/**
 * Streams a Google Merchant Center XML feed: RSS 2.0 (`<rss><channel><item>`) or Atom 1.0
 * (`<feed><entry>`), with Google attributes in the namespace `http://base.google.com/ns/1.0` under
 * whatever prefix the document declares (`g` by convention). `title`, `description` and `link` may be
 * the plain RSS or Atom elements or the Google ones; Atom links are read from `href`, descriptions from
 * `summary` or `content`. Nested `g:shipping` groups (`g:country`, `g:service`, `g:price`) and the text
 * form are both read. Each row's `line` is the line of the item's opening tag in the document, and
 * field names in errors carry the document's prefix (`g:price`). A document that is not RSS or Atom, or
 * that ends inside an item, throws `FeedFormatError`.
 */
export async function* readGmcXml(source: TextSource, options: GmcOptions & StreamOptions = {}): AsyncGenerator<FeedRow> {
  yield* withProgress(gmcXmlRows(source, options), options);
}

async function* gmcXmlRows(source: TextSource, options: GmcOptions): AsyncGenerator<FeedRow> {
  const splitter = new XmlItemSplitter();
  const seen = new Map<string, number>();
  const handle = (item: XmlItem): FeedRow => {
    const row = itemToRow(item, splitter.googlePrefix, splitter.root === 'feed', options);
    if (!row.offer) return row;
    const first = seen.get(row.offer.externalId);
    if (first !== undefined) {
      return { line: item.line, errors: [{ line: item.line, field: `${splitter.googlePrefix}:id`, reason: `duplicates the id on line ${first}` }] };
    }
    seen.set(row.offer.externalId, item.line);
    return row;
  };
  for await (const chunk of textChunks(source)) {
    for (const item of splitter.push(chunk)) yield handle(item);
  }
  for (const item of splitter.end()) yield handle(item);
}

function itemToRow(item: XmlItem, prefix: string, atom: boolean, options: GmcOptions): FeedRow {
  const valid = XMLValidator.validate(item.xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    const line = item.line + valid.err.line - 1;
    return { line: item.line, errors: [{ line, field: 'item', reason: `is not well-formed XML: ${valid.err.msg}` }] };
  }
  const parsed = ITEM_PARSER.parse(item.xml) as Record<string, XmlNode>;
  const root = Object.values(parsed)[0];
  const node: Record<string, XmlNode | XmlNode[] | undefined> = typeof root === 'object' && root !== null && !Array.isArray(root) ? root : {};
  const g = (name: string) => `${prefix}:${name}`;
  const draft: OfferDraft = { retailer: options.retailer };
  const names: FieldNames = {};
  for (const [attribute, field] of Object.entries(GMC_ATTRIBUTES)) {
    if (field === 'shipping') continue;
    let key = g(attribute);
    if (node[key] === undefined && (attribute === 'title' || attribute === 'description' || attribute === 'link')) {
      if (attribute === 'description' && atom) key = node['summary'] !== undefined ? 'summary' : 'content';
      else key = attribute;
    }
    names[field] = key;
    if (attribute === 'link' && key === 'link') {
      draft.url = linkOf(node['link']);
      continue;
    }
    if (field === 'additionalImageUrls') {
      // Repeated once per image.
      const value = node[key];
      if (value !== undefined) draft.additionalImageUrls = (Array.isArray(value) ? value : [value]).map((one) => textOf(one) ?? '');
      continue;
    }
    draft[field] = textOf(node[key]);
  }
  const missing = GMC_REQUIRED.filter((attribute) => {
    const field = GMC_ATTRIBUTES[attribute] as keyof OfferDraft;
    return draft[field] === undefined;
  });
  const errors: RowError[] = missing.map((attribute) => ({
    line: item.line,
    field: names[GMC_ATTRIBUTES[attribute] as keyof OfferDraft] ?? g(attribute),
    reason: 'is required',
  }));

  names.shipping = g('shipping');
  const shippingWarnings: RowError[] = [];
  const shippingNodes = node[g('shipping')];
  if (shippingNodes !== undefined) {
    const entries: ShippingEntry[] = [];
    let malformed = false;
    for (const entry of Array.isArray(shippingNodes) ? shippingNodes : [shippingNodes]) {
      if (typeof entry === 'string') {
        const split = splitShippingText(entry);
        if (split) entries.push(...split);
        else malformed = true;
      } else {
        entries.push({ country: textOf(entry[g('country')]), price: textOf(entry[g('price')]) });
      }
    }
    if (malformed) shippingWarnings.push({ line: item.line, field: g('shipping'), reason: 'left out: is not country:region:service:price' });
    draft.shipping = pickShipping(entries, options.shippingCountry ?? 'US', currencyOf(draft.price, options.defaultCurrency));
  }

  // A bad optional value (a GTIN that is none, an image path) is left out with a warning: the row keeps its offer.
  const row = withWarnings(buildOffer(draft, item.line, names, { defaultCurrency: options.defaultCurrency }), shippingWarnings);
  const reported = new Set(errors.map((e) => e.field));
  const all = [...errors, ...(row.errors ?? []).filter((e) => !reported.has(e.field))];
  return all.length > 0 || !row.offer ? { line: item.line, errors: all } : row;
}

/** RSS `<link>text</link>` or the Atom `<link rel="alternate" href>` (a link without `rel` is alternate). */
function linkOf(node: XmlNode | XmlNode[] | undefined): string | undefined {
  const links = node === undefined ? [] : Array.isArray(node) ? node : [node];
  for (const link of links) {
    if (typeof link === 'string') return link;
    const rel = link['@_rel'];
    const href = link['@_href'];
    if (typeof href === 'string' && (rel === undefined || rel === 'alternate')) return href;
    const text = link['#text'];
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

/** Reads a whole Google Merchant Center XML feed (RSS 2.0 or Atom) into `{ offers, errors, total }`. */
export async function parseGmcXml(source: TextSource, options: GmcOptions & StreamOptions = {}): Promise<FeedParseResult> {
  return collectRows(readGmcXml(source, options));
}
