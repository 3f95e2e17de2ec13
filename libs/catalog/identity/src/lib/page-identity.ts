/**
 * Product identity from a product page's HTML, in order of trust:
 * schema.org Product JSON-LD, then Open Graph / product meta tags, then schema.org microdata,
 * then the <title> tag. The first source that names the product gives the title and `source`;
 * fields it lacks are filled from the later sources (a JSON-LD block without an image still gets
 * og:image). GTINs are returned as 14 digits after check-digit validation; prices as numbers in
 * major units (12.99), never as cents.
 */
import type { Availability } from '@pricehunt/contracts';
import { readCurrency, readPrice } from '@pricehunt/catalog-feeds';
import { normaliseGtin, type ItemIdentity } from '@pricehunt/catalog-matching';
import { cleanText, decodeEntities, elementText, scripts, startTags, stripComments, type Tag } from './html';

export type IdentitySource = 'json-ld' | 'open-graph' | 'microdata' | 'title-tag';
export type { Availability } from '@pricehunt/contracts';

/** What one source of a page (JSON-LD, meta tags, microdata, the title tag) says; prices in major units. */
interface Found {
  title: string;
  brand: string;
  gtin: string;
  mpn: string;
  sku: string;
  price: number;
  currency: string;
  image: string;
  availability: Availability;
}

/** A page's item, and the most trusted source that named it. */
export type PageItem = ItemIdentity & { title: string; source: IdentitySource };

type Partial = { [K in keyof Found]?: Found[K] | null };

export interface ExtractOptions {
  /** The page's URL, to resolve relative image links. */
  url?: string;
}

// ---------- values ----------

/**
 * "1,299.99", "$1 299,99", "1.299,99 €", "CHF 1'049,95", "Rp 31.500", "From $29.99", 12.5 → a number in major units;
 * anything unreadable → null. The shared price reader of catalog-feeds reads it (page mode).
 */
export function parsePrice(input: unknown): number | null {
  if (typeof input !== 'number' && typeof input !== 'string') return null;
  const read = readPrice(input);
  return read.ok ? read.value.amount : null;
}

/** The currency a markup value names (`USD`, `usd`, `€`), else the one the price text writes (`1.299,99 €`). */
function currencyOf(input: unknown, priceText?: unknown): string | null {
  const stated = typeof input === 'string' ? readCurrency(input) : null;
  if (stated) return stated;
  if (typeof priceText !== 'string') return null;
  const read = readPrice(priceText);
  return read.ok ? read.value.currency : null;
}

/** schema.org availability ("https://schema.org/InStock", "instock", "out of stock") → our enum. */
export function parseAvailability(input: unknown): Availability | null {
  if (typeof input !== 'string') return null;
  const s = input.toLowerCase().replace(/^.*[/:#]/, '').replace(/[\s_-]/g, '');
  if (['instock', 'instoreonly', 'onlineonly', 'available', 'in'].includes(s)) return 'in_stock';
  if (['outofstock', 'soldout', 'oos', 'unavailable'].includes(s)) return 'out_of_stock';
  if (['preorder', 'presale'].includes(s)) return 'preorder';
  if (s === 'backorder') return 'backorder';
  // Few left is in stock; discontinued cannot be bought (the feeds' readers say the same).
  if (s === 'limitedavailability') return 'in_stock';
  if (s === 'discontinued') return 'out_of_stock';
  return null;
}

function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = cleanText(decodeEntities(v));
  return t.length > 0 ? t : null;
}

function gtinOf(...values: unknown[]): string | null {
  for (const v of values) {
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
    if (!s) continue;
    const g = normaliseGtin(s.trim());
    if (g) return g;
  }
  return null;
}

function absoluteUrl(v: string | null, base: string | undefined): string | null {
  if (!v) return null;
  try {
    const u = new URL(v, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

// ---------- JSON-LD ----------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function stripControlChars(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20) out += ch;
    else if (ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
  }
  return out;
}

/** JSON.parse, then again after the repairs real pages need (comments, CDATA, trailing commas, raw newlines). */
export function parseLenientJson(raw: string): Json | undefined {
  const attempts = [raw.trim()];
  const repaired = raw
    .trim()
    .replace(/^<!\[CDATA\[|\]\]>$/g, '')
    .replace(/^\s*<!--|-->\s*$/g, '')
    .replace(/^\s*\/\/[^\n]*$/gm, '')
    .replace(/;\s*$/, '')
    .replace(/,\s*([}\]])/g, '$1')
    // Raw control characters inside strings are invalid JSON but common.
    .replace(/"(?:[^"\\]|\\.)*"/g, (s) => stripControlChars(s));
  attempts.push(repaired);
  for (const a of attempts) {
    try {
      return JSON.parse(a) as Json;
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

function types(node: JsonObject): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/:#]/, '').toLowerCase());
}

function isProduct(node: JsonObject): boolean {
  return types(node).some((t) => t === 'product' || t === 'productgroup' || t === 'individualproduct' || t === 'productmodel');
}

function collectNodes(root: Json, out: JsonObject[], ids: Map<string, JsonObject>, depth = 0): void {
  if (depth > 12 || root === null || typeof root !== 'object') return;
  if (Array.isArray(root)) {
    for (const x of root) collectNodes(x, out, ids, depth + 1);
    return;
  }
  out.push(root);
  const id = root['@id'];
  if (typeof id === 'string' && Object.keys(root).length > 1) ids.set(id, root);
  for (const [k, v] of Object.entries(root)) if (k !== '@context') collectNodes(v, out, ids, depth + 1);
}

function first(v: Json | undefined): Json | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function deref(v: Json | undefined, ids: Map<string, JsonObject>): Json | undefined {
  if (isObject(v) && typeof v['@id'] === 'string' && Object.keys(v).length === 1) return ids.get(v['@id']) ?? v;
  return v;
}

function nameOf(v: Json | undefined, ids: Map<string, JsonObject>): string | null {
  const x = deref(first(v), ids);
  if (isObject(x)) return text(x['name']);
  return text(x);
}

function imageOf(v: Json | undefined, ids: Map<string, JsonObject>): string | null {
  const x = deref(first(v), ids);
  if (isObject(x)) return text(x['url']) ?? text(x['contentUrl']) ?? text(x['@id']);
  return text(x);
}

interface OfferFields {
  price: number | null;
  currency: string | null;
  availability: Availability | null;
}

function offerFields(v: Json | undefined, ids: Map<string, JsonObject>, depth = 0): OfferFields | null {
  if (depth > 4) return null;
  const list = (Array.isArray(v) ? v : [v]).map((x) => deref(x, ids)).filter(isObject);
  let fallback: OfferFields | null = null;
  for (const o of list) {
    const spec = deref(first(o['priceSpecification']), ids);
    const specObj = isObject(spec) ? spec : null;
    const rawPrice = o['price'] ?? o['lowPrice'] ?? specObj?.['price'] ?? specObj?.['minPrice'] ?? null;
    const price = parsePrice(rawPrice);
    const fields: OfferFields = {
      price,
      currency: currencyOf(o['priceCurrency'] ?? specObj?.['priceCurrency'], rawPrice),
      availability: parseAvailability(o['availability']),
    };
    if ((price == null || fields.availability == null || fields.currency == null) && o['offers'] !== undefined) {
      const nested = offerFields(o['offers'], ids, depth + 1);
      if (nested) {
        fields.price ??= nested.price;
        fields.currency ??= nested.currency;
        fields.availability ??= nested.availability;
      }
    }
    if (fields.price != null) return fields;
    fallback ??= fields;
  }
  return fallback;
}

function fromProductNode(node: JsonObject, ids: Map<string, JsonObject>): Partial {
  const variant = isObject(first(node['hasVariant'])) ? (first(node['hasVariant']) as JsonObject) : null;
  const offers = offerFields(node['offers'], ids) ?? (variant ? offerFields(variant['offers'], ids) : null);
  const pick = (key: string) => node[key] ?? variant?.[key];
  return {
    title: text(node['name']) ?? (variant ? text(variant['name']) : null),
    brand: nameOf(node['brand'], ids) ?? nameOf(node['manufacturer'], ids) ?? (variant ? nameOf(variant['brand'], ids) : null),
    gtin: gtinOf(pick('gtin14'), pick('gtin13'), pick('gtin12'), pick('gtin8'), pick('gtin'), pick('isbn')),
    mpn: text(pick('mpn')),
    sku: text(pick('sku')) ?? text(pick('productID')),
    price: offers?.price ?? null,
    currency: offers?.currency ?? null,
    image: imageOf(pick('image'), ids),
    availability: offers?.availability ?? null,
  };
}

function fromJsonLd(html: string): Partial | null {
  const nodes: JsonObject[] = [];
  const ids = new Map<string, JsonObject>();
  for (const s of scripts(html)) {
    const type = (s.attrs['type'] ?? '').toLowerCase();
    if (!type.startsWith('application/ld+json')) continue;
    const parsed = parseLenientJson(s.content);
    if (parsed !== undefined) collectNodes(parsed, nodes, ids);
  }
  const products = nodes.filter(isProduct).filter((n) => text(n['name']) !== null || isObject(first(n['hasVariant'])));
  if (products.length === 0) return null;
  // Prefer the product that carries offers (the page's own item, not a related one).
  const best = products.find((p) => p['offers'] !== undefined) ?? products[0];
  return best ? fromProductNode(best, ids) : null;
}

// ---------- meta tags ----------

function fromMetaTags(html: string): Partial | null {
  const meta = new Map<string, string>();
  for (const tag of startTags(html, new Set(['meta']))) {
    const key = (tag.attrs['property'] ?? tag.attrs['name'] ?? tag.attrs['itemprop'] ?? '').toLowerCase();
    const content = tag.attrs['content'];
    if (!key || content === undefined || meta.has(key)) continue;
    meta.set(key, content);
  }
  const get = (...keys: string[]) => {
    for (const k of keys) {
      const v = text(meta.get(k));
      if (v) return v;
    }
    return null;
  };
  const rawPrice = get('product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'twitter:data1');
  const price = rawPrice && /\d/.test(rawPrice) ? parsePrice(rawPrice) : null;
  const out: Partial = {
    title: get('og:title', 'twitter:title'),
    brand: get('product:brand', 'og:brand', 'brand'),
    gtin: gtinOf(get('product:gtin'), get('product:ean'), get('product:upc'), get('og:upc'), get('og:ean'), get('product:isbn')),
    mpn: get('product:mfr_part_no', 'product:mpn', 'og:mpn'),
    sku: get('product:retailer_item_id', 'product:retailer_part_no', 'product:sku', 'og:sku'),
    price,
    currency: currencyOf(get('product:price:currency', 'og:price:currency', 'product:sale_price:currency'), rawPrice),
    image: get('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
    availability: parseAvailability(get('product:availability', 'og:availability')),
  };
  return Object.values(out).some((v) => v != null) ? out : null;
}

// ---------- microdata ----------

const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct|ProductModel)\b/i;

function itemValue(html: string, tag: Tag): string | null {
  const a = tag.attrs;
  if (a['content'] !== undefined) return text(a['content']);
  if (tag.name === 'link' || tag.name === 'a') return text(a['href']);
  if (tag.name === 'img' || tag.name === 'source') return text(a['src']);
  if (tag.name === 'meta') return null;
  if (tag.name === 'data' || tag.name === 'meter') return text(a['value']);
  if (tag.name === 'time') return text(a['datetime']);
  return text(elementText(html, tag));
}

function fromMicrodata(html: string): Partial | null {
  let inProduct = false;
  const props = new Map<string, string>();
  let nestedScopeProp: string | null = null;
  let brand: string | null = null;
  for (const tag of startTags(html)) {
    const a = tag.attrs;
    const isScope = 'itemscope' in a;
    if (isScope && PRODUCT_TYPE.test(a['itemtype'] ?? '') && !('itemprop' in a)) {
      if (inProduct) break; // a second product: stop at the first one's end
      inProduct = true;
      continue;
    }
    if (!inProduct) continue;
    const prop = (a['itemprop'] ?? '').split(/\s+/)[0];
    if (!prop) continue;
    if (isScope) {
      // Names inside a nested item (brand, review author, seller) belong to that item.
      nestedScopeProp = prop === 'offers' || prop === 'aggregateoffer' ? null : prop;
      if (prop === 'brand' && a['content']) brand ??= text(a['content']);
      continue;
    }
    if (prop === 'name' && nestedScopeProp) {
      if (nestedScopeProp === 'brand' || nestedScopeProp === 'manufacturer') brand ??= itemValue(html, tag);
      nestedScopeProp = null;
      continue;
    }
    if (props.has(prop)) continue;
    const value = itemValue(html, tag);
    if (value) props.set(prop, value);
  }
  if (!inProduct) return null;
  const rawPrice = props.get('price') ?? props.get('lowPrice') ?? null;
  return {
    title: props.get('name') ?? null,
    brand: brand ?? props.get('brand') ?? props.get('manufacturer') ?? null,
    gtin: gtinOf(props.get('gtin14'), props.get('gtin13'), props.get('gtin12'), props.get('gtin8'), props.get('gtin')),
    mpn: props.get('mpn') ?? null,
    sku: props.get('sku') ?? props.get('productID') ?? null,
    price: parsePrice(rawPrice),
    currency: currencyOf(props.get('priceCurrency'), rawPrice),
    image: props.get('image') ?? null,
    availability: parseAvailability(props.get('availability')),
  };
}

// ---------- <title> ----------

const SITE_WORDS = /(amazon|walmart|best ?buy|target|ebay|newegg|etsy|aliexpress|alibaba|costco|home depot|lowe'?s|\.com|\.co\.uk|shop|store)/i;

/** The <title>, with the retailer's name and category around it removed. */
export function cleanTitleTag(raw: string): string {
  let t = cleanText(decodeEntities(raw));
  // "Amazon.com: Sony WH-1000XM5 …: Electronics"
  const amazon = /^amazon\.[a-z.]+\s*:\s*(.+?)(?:\s*:\s*[^:]{1,40})?$/i.exec(t);
  if (amazon?.[1]) return amazon[1].trim();
  for (;;) {
    const m = /^(.*\S)\s+[|\-–—:]\s+([^|\-–—:]+)$/.exec(t);
    if (!m || !SITE_WORDS.test(m[2] as string) || (m[2] as string).split(' ').length > 5) break;
    t = m[1] as string;
  }
  return t;
}

function fromTitleTag(html: string): Partial | null {
  const m = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  const title = m?.[1] ? cleanTitleTag(m[1]) : '';
  return title ? { title } : null;
}

// ---------- merge ----------

const FIELDS = ['brand', 'gtin', 'mpn', 'sku', 'price', 'currency', 'image', 'availability'] as const;

/**
 * The item a page names (prices in cents, as the catalog keeps them), or null when the page names no product at all.
 */
export function extractProductIdentity(html: string, options: ExtractOptions = {}): PageItem | null {
  if (typeof html !== 'string') throw new TypeError('html must be a string');
  const withScripts = stripComments(html);
  const page = stripComments(html, true);
  const sources: [IdentitySource, () => Partial | null][] = [
    ['json-ld', () => fromJsonLd(withScripts)],
    ['open-graph', () => fromMetaTags(page)],
    ['microdata', () => fromMicrodata(page)],
    ['title-tag', () => fromTitleTag(page)],
  ];
  let named: { title: string; source: IdentitySource } | null = null;
  const merged: Partial = {};
  for (const [source, read] of sources) {
    const found = read();
    if (!found) continue;
    if (!named && found.title) named = { title: found.title, source };
    for (const key of FIELDS) {
      if (merged[key] == null && found[key] != null) (merged as Record<string, unknown>)[key] = found[key];
    }
  }
  if (!named) return null;
  return {
    title: named.title,
    brand: merged.brand ?? null,
    gtin: merged.gtin ?? null,
    model: merged.mpn ?? null,
    sku: merged.sku ?? null,
    priceCents: merged.price != null ? Math.round(merged.price * 100) : null,
    currency: merged.currency ?? null,
    imageUrl: absoluteUrl(merged.image ?? null, options.url),
    availability: merged.availability ?? null,
    source: named.source,
  };
}
