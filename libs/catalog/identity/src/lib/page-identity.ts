/**
 * Product identity from a product page's HTML. The page is parsed by a real HTML parser (see ./html) and read from
 * every place a shop states its product, in order of trust:
 * schema.org Product JSON-LD, schema.org microdata (read as a tree of items), Open Graph / product meta tags,
 * Amazon's own page elements (Amazon is big and its pages carry almost no metadata), labelled specification rows
 * ("UPC", "Model number", "Brand"), the page's main heading and its <title>. Each field is taken from the most
 * trusted source that states it; the title is the best name the page gives the item, with the shop's own name
 * removed. GTINs are returned as 14 digits after check-digit validation; prices as cents, with their currency from
 * the markup or else from the page's locale.
 */
import type { Availability } from '@pricehunt/contracts';
import { currencyOfLocale, readCurrency, readPrice } from '@pricehunt/catalog-feeds';
import { normaliseGtin, type ItemIdentity } from '@pricehunt/catalog-matching';
import { extractProductId } from '@pricehunt/marketplace';
import { attr, cleanText, decodeEntities, elements, hasAttr, parseHtml, rawText, textOf, type HtmlElement } from './html';

/** Where the page's title came from: structured data, Amazon's page elements, the main heading, or only <title>. */
export type IdentitySource = 'json-ld' | 'microdata' | 'open-graph' | 'page-elements' | 'heading' | 'title-tag';
export type { Availability } from '@pricehunt/contracts';

/** What one source of a page says; prices in major units. */
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
/** What a page says of its item; `shopName`: the shop's own name as the page states it (`og:site_name`), if it does. */
export type PageItem = ItemIdentity & { title: string; source: IdentitySource; shopName?: string | null };

type Partial = { [K in keyof Found]?: Found[K] | null } & {
  /** Every price the source states for the item (one per offer: sizes, colours, sellers). */
  offerPrices?: number[];
  /** The regular price a source states beside its sale price. */
  regularPrice?: number | null;
};

export interface ExtractOptions {
  /** The page's URL: resolves relative image links, names the shop and its country. */
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

/** The currency a price text writes ("1.299,99 €", "CHF 49.–"); a shared sign ("$", "kr") is the page's when it can be. */
function currencyFromText(text: string, locale: string | null): string | null {
  const read = readPrice(text, { currency: locale });
  if (read.ok && read.value.currency && read.value.currency !== locale) return read.value.currency;
  return readCurrency(text, locale) ?? (read.ok ? read.value.currency : null);
}

const ISO_ALIASES: Record<string, string> = { RUR: 'RUB', NIS: 'ILS', UKL: 'GBP', YEN: 'JPY', RMB: 'CNY' };

/** An ISO 4217 code from a markup value ("USD", "usd", "RUR", "€", "$"). */
function currencyCode(input: unknown, locale: string | null): string | null {
  if (typeof input !== 'string') return null;
  const t = cleanText(input);
  if (/^[A-Za-z]{3}$/.test(t) && ISO_ALIASES[t.toUpperCase()]) return ISO_ALIASES[t.toUpperCase()] as string;
  return t ? readCurrency(t, locale) : null;
}

/** Country-code domains that shops all over the world use, which say nothing of the shop's country. */
const VANITY_TLDS = new Set(['co', 'io', 'me', 'tv', 'ai', 'fm', 'ly', 'to', 'cc', 'ws', 'la', 'gg', 'sh', 'so', 'st']);

/** The currency of the country a host's top-level domain names (`.de` EUR, `.co.uk` GBP, `.ch` CHF). */
function hostCurrency(host: string | null): string | null {
  const tld = host?.split('.').pop() ?? '';
  if (!/^[a-z]{2}$/.test(tld) || VANITY_TLDS.has(tld)) return null;
  return currencyOfLocale(`und-${tld.toUpperCase()}`) ?? MORE_TLD_CURRENCIES[tld] ?? null;
}
/** Countries the shared locale table does not name yet. */
const MORE_TLD_CURRENCIES: Record<string, string> = {
  kz: 'KZT', bd: 'BDT', lk: 'LKR', ma: 'MAD', qa: 'QAR', kw: 'KWD', bh: 'BHD', om: 'OMR', jo: 'JOD', uy: 'UYU', py: 'PYG', bo: 'BOB',
  ec: 'USD', ge: 'GEL', am: 'AMD', az: 'AZN', uz: 'UZS', md: 'MDL', mk: 'MKD', ba: 'BAM', al: 'ALL', np: 'NPR', mn: 'MNT',
};

/**
 * What a shop's stock line says, in the languages of the shops read most: out of stock ("currently unavailable",
 * "sold out", "derzeit nicht verfügbar", "épuisé", "agotado", "esaurito"), in stock, or nothing sure.
 */
export function stockWording(line: string): Availability | null {
  const t = line.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!t) return null;
  if (/\b(?:currently unavailable|out of stock|sold out|no longer available|temporarily unavailable)\b|nicht verfügbar|ausverkauft|épuisé|rupture de stock|non disponible|agotado|no disponible|esaurito|non disponibile|niet op voorraad|uitverkocht/.test(t)) return 'out_of_stock';
  if (/^(?:in stock|only \d+ left in stock|auf lager|en stock|disponible|disponibile|op voorraad)\b/.test(t)) return 'in_stock';
  return null;
}

/** A shop's own item id as a source states it, without the label some write into it ("sku:CAE5D4", "Item # 101095"). */
function cleanSku(value: string | null | undefined): string | null {
  const t = value?.replace(/^\s*(?:sku|item\s*(?:#|no\.?|number)|item|art(?:ikel|icle)?\.?\s*-?\s*nr\.?|product\s*code|código|kód)(?:\s*[:#.]\s*|\s+)(?=\S)/i, '').trim();
  return t ? t : null;
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

/** A GTIN from any of the values: 8/12/13/14 digits with a valid check digit, or a UPC that lost its leading zero. */
function gtinOf(...values: unknown[]): string | null {
  for (const v of values) {
    const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
    if (!raw) continue;
    const s = raw.trim().replace(/^(?:gtin(?:8|12|13|14)?|upc|ean|isbn(?:13)?)\s*:\s*/i, '').replace(/[\s-]/g, '');
    const g = normaliseGtin(s) ?? (/^\d{11}$/.test(s) ? normaliseGtin(`0${s}`) : null);
    if (g) return g;
  }
  return null;
}

/** A manufacturer part number: short, one token run, and not a bare URL. */
function mpnOf(...values: unknown[]): string | null {
  for (const v of values) {
    const t = text(v);
    if (!t) continue;
    const m = t.replace(/^mpn\s*:\s*/i, '');
    if (m.length <= 40 && !/^https?:/i.test(m) && /[A-Za-z0-9]/.test(m)) return m;
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

// ---------- the page ----------

/** Everything the sources read, gathered in one walk over the element tree. */
interface Page {
  url: string | undefined;
  host: string | null;
  /** The shop's name in its forms (og:site_name, application-name, the host's labels), compacted. */
  siteNames: string[];
  /** Currency of the page's country (html lang, og:locale, the host's country domain), if it says. */
  localeCurrency: string | null;
  meta: Map<string, string[]>;
  titleTag: string | null;
  headings: HtmlElement[];
  jsonLd: string[];
  scopes: HtmlElement[];
  byId: Map<string, HtmlElement>;
  /** Labelled values: spec tables and definition lists ("UPC" → "0123…"), label lower-cased. */
  labelled: [string, string][];
  /** Elements whose class, id, itemprop, aria or data attributes say they show a price, in document order. */
  priceEls: HtmlElement[];
  /** Add-to-cart buttons and forms: the buy box the page's own price stands in. */
  cartEls: HtmlElement[];
  /** The colours and sizes the markup names apart from the title (twitter:label "Colour", JSON-LD color/size). */
  variantNames: Set<string>;
  /** The page's addresses (its URL, canonical link, og:url), lower-cased, without a trailing slash. */
  addresses: string[];
  /** Elements whose own text names a barcode ("EAN: 0190198419941", "UPC 885909950805"). */
  barcodeEls: HtmlElement[];
  root: HtmlElement;
}

const compact = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^(?:the|www)\b/, '')
    .replace(/\b(?:com|co|net|org|shop|store|online|official|inc|llc)\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Labels of a colour or a size, in the languages of the shops we read. */
const VARIANT_LABEL = /^(?:colou?r|farbe|couleur|colore|kleur|färg|farve|farge|väri|kolor|barva|szín|culoare|цвет|size|größe|taille|taglia|talla|maat|storlek|koko|rozmiar)$/i;

function addVariantName(names: Set<string>, value: unknown): void {
  for (const v of Array.isArray(value) ? value : [value]) {
    const t = typeof v === 'string' ? cleanText(decodeEntities(v)) : null;
    if (t && t.length >= 2 && t.length <= 40) names.add(t.toLowerCase());
  }
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

const LABEL_MAX = 60;
/** Price elements looked at, and ancestors climbed from one: pathological pages nest tens of thousands deep. */
const MAX_PRICE_ELEMENTS = 1000;
const MAX_CLIMB = 80;

function readPage(html: string, url: string | undefined): Page {
  const doc = parseHtml(html);
  const meta = new Map<string, string[]>();
  const headings: HtmlElement[] = [];
  const jsonLd: string[] = [];
  const scopes: HtmlElement[] = [];
  const byId = new Map<string, HtmlElement>();
  const labelled: [string, string][] = [];
  const priceEls: HtmlElement[] = [];
  const cartEls: HtmlElement[] = [];
  const barcodeEls: HtmlElement[] = [];
  let titleTag: string | null = null;
  let lang: string | undefined;
  let canonical: string | undefined;
  for (const el of elements(doc)) {
    const tag = el.tagName;
    const id = attr(el, 'id');
    if (id && !byId.has(id)) byId.set(id, el);
    if (hasAttr(el, 'itemscope')) scopes.push(el);
    const said = describedAs(el);
    if (said && priceEls.length < MAX_PRICE_ELEMENTS && PRICE_WORDS.test(said)) priceEls.push(el);
    if (isCartControl(el, said)) cartEls.push(el);
    if (barcodeEls.length < 20 && TEXT_HOLDERS.has(tag) && el.childNodes.some((c) => c.nodeName === '#text' && BARCODE_WORD.test((c as { value: string }).value))) barcodeEls.push(el);
    switch (tag) {
      case 'html':
        lang = attr(el, 'lang') ?? attr(el, 'xml:lang');
        break;
      case 'meta': {
        const key = (attr(el, 'property') ?? attr(el, 'name') ?? '').toLowerCase().trim();
        const content = attr(el, 'content');
        if (key && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), content]);
        break;
      }
      case 'link':
        if ((attr(el, 'rel') ?? '').toLowerCase() === 'canonical') canonical ??= attr(el, 'href');
        break;
      case 'title':
        titleTag ??= cleanText(rawText(el));
        break;
      case 'h1':
        headings.push(el);
        break;
      case 'script':
        if ((attr(el, 'type') ?? '').toLowerCase().startsWith('application/ld+json')) jsonLd.push(rawText(el));
        break;
      case 'tr':
      case 'dt':
      case 'li':
        collectLabelled(el, labelled);
        break;
    }
  }
  const pageUrl = url ?? absoluteUrl(canonical ?? meta.get('og:url')?.[0] ?? null, undefined) ?? undefined;
  const host = hostOf(pageUrl);
  const siteNames = new Set<string>();
  for (const name of [...(meta.get('og:site_name') ?? []), ...(meta.get('application-name') ?? []), ...(meta.get('twitter:site') ?? [])]) {
    const c = compact(name.replace(/^@/, ''));
    if (c.length >= 2) siteNames.add(c);
  }
  if (host) {
    const labels = host.split('.').filter((l) => !/^(?:www\d?|m|shop|store|com|co|net|org|[a-z]{2})$/.test(l));
    for (const l of labels) if (l.length >= 3) siteNames.add(compact(l));
  }
  const addresses = [url, canonical, meta.get('og:url')?.[0]].filter((a): a is string => !!a).map((a) => a.toLowerCase().replace(/\/$/, ''));
  const variantNames = new Set<string>();
  for (let i = 1; i <= 4; i++) {
    const label = meta.get(`twitter:label${i}`)?.[0];
    const data = meta.get(`twitter:data${i}`)?.[0];
    if (label && data && VARIANT_LABEL.test(label.trim())) addVariantName(variantNames, data);
  }
  for (const key of ['product:color', 'og:color', 'product:size']) for (const v of meta.get(key) ?? []) addVariantName(variantNames, v);
  return {
    url: pageUrl,
    addresses,
    variantNames,
    host,
    siteNames: [...siteNames].filter(Boolean),
    localeCurrency: hostCurrency(host) ?? currencyOfLocale(meta.get('og:locale')?.[0]) ?? currencyOfLocale(lang),
    meta,
    titleTag,
    headings,
    jsonLd,
    scopes,
    byId,
    labelled,
    priceEls,
    cartEls,
    barcodeEls,
    root: doc as unknown as HtmlElement,
  };
}

/** "UPC" | "0123…" from a table row, a definition term and its description, or a "Label: value" list item. */
function collectLabelled(el: HtmlElement, out: [string, string][]): void {
  if (out.length > 400) return;
  let label: string | null = null;
  let value: string | null = null;
  if (el.tagName === 'tr') {
    const cells = el.childNodes.filter((c): c is HtmlElement => 'tagName' in c && (c.tagName === 'th' || c.tagName === 'td'));
    if (cells.length !== 2) return;
    label = textOf(cells[0] as HtmlElement, undefined, 200);
    value = textOf(cells[1] as HtmlElement, undefined, 300);
  } else if (el.tagName === 'dt') {
    const parent = el.parentNode as HtmlElement | null;
    const siblings = parent?.childNodes.filter((c): c is HtmlElement => 'tagName' in c) ?? [];
    const next = siblings[siblings.indexOf(el) + 1];
    if (!next || next.tagName !== 'dd') return;
    label = textOf(el, undefined, 200);
    value = textOf(next, undefined, 300);
  } else {
    const t = textOf(el, undefined, 300);
    const m = /^([^:：]{2,40})[:：]\s*(.{1,200})$/.exec(t);
    if (!m) return;
    label = m[1] as string;
    value = m[2] as string;
  }
  label = cleanText(label ?? '').replace(/[:：#]+$/, '').trim().toLowerCase();
  value = cleanText(value ?? '').replace(/^[:：]\s*/, '');
  if (label && value && label.length <= LABEL_MAX) out.push([label, value]);
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

function offerFields(v: Json | undefined, ids: Map<string, JsonObject>, locale: string | null, depth = 0): OfferFields | null {
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
      currency: currencyCode(o['priceCurrency'] ?? specObj?.['priceCurrency'], locale) ?? (typeof rawPrice === 'string' ? currencyFromText(rawPrice, locale) : null),
      availability: parseAvailability(o['availability']),
    };
    if ((price == null || fields.availability == null || fields.currency == null) && o['offers'] !== undefined) {
      const nested = offerFields(o['offers'], ids, locale, depth + 1);
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

const IDENTIFIER_KEYS = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'upc', 'ean', 'isbn', 'sku', 'productID', 'mpn'];

/** Whether the page's address names this product node: its URL, or one of its identifiers in the query or path. */
function isSelected(node: JsonObject, page: Page): boolean {
  const url = text(node['url']) ?? text(node['@id']);
  if (url && page.addresses.includes(url.toLowerCase().replace(/\/$/, ''))) return true;
  for (const key of IDENTIFIER_KEYS) {
    const id = text(first(node[key]))?.replace(/^\w+:/, '').toLowerCase();
    if (!id || id.length < 4) continue;
    const token = new RegExp(`(?:^|[^a-z0-9])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^a-z0-9])`);
    if (page.addresses.some((a) => token.test(a))) return true;
  }
  return false;
}

function fromProductNode(node: JsonObject, ids: Map<string, JsonObject>, page: Page): Partial {
  const locale = page.localeCurrency;
  const variants = (Array.isArray(node['hasVariant']) ? node['hasVariant'] : [node['hasVariant']]).map((v) => deref(v, ids)).filter(isObject);
  const variant = variants[0] ?? null;
  // A variant's own identifiers (its GTIN, SKU, MPN) are the page's only when the page has one variant or names it.
  const selected = variants.length === 1 ? variant : (variants.find((v) => isSelected(v, page)) ?? null);
  const offers = offerFields((selected ?? node)['offers'], ids, locale) ?? offerFields(node['offers'], ids, locale) ?? (variant ? offerFields(variant['offers'], ids, locale) : null);
  const pick = (key: string) => node[key] ?? (IDENTIFIER_KEYS.includes(key) ? selected : variant)?.[key];
  const productId = text(first(pick('productID')));
  const model = pick('model');
  return {
    title: text(node['name']) ?? (variant ? text(variant['name']) : null),
    brand: nameOf(node['brand'], ids) ?? nameOf(node['manufacturer'], ids) ?? (variant ? nameOf(variant['brand'], ids) : null),
    gtin: gtinOf(pick('gtin14'), pick('gtin13'), pick('gtin12'), pick('gtin8'), pick('gtin'), pick('upc'), pick('ean'), pick('isbn'), productId && /^(?:gtin|upc|ean|isbn)/i.test(productId) ? productId : null),
    mpn: mpnOf(pick('mpn'), productId && /^mpn:/i.test(productId) ? productId : null, isObject(model) ? null : model),
    sku: text(pick('sku')) ?? productId,
    price: offers?.price ?? null,
    currency: offers?.currency ?? null,
    image: imageOf(pick('image'), ids),
    availability: offers?.availability ?? null,
  };
}

function fromJsonLd(page: Page): Partial | null {
  const nodes: JsonObject[] = [];
  const ids = new Map<string, JsonObject>();
  for (const content of page.jsonLd) {
    const parsed = parseLenientJson(content);
    if (parsed !== undefined) collectNodes(parsed, nodes, ids);
  }
  const products = nodes.filter(isProduct).filter((n) => text(n['name']) !== null || isObject(first(n['hasVariant'])));
  if (products.length === 0) return null;
  // Prefer the product that carries offers (the page's own item, not a related one).
  const best = products.find((p) => p['offers'] !== undefined) ?? products[0];
  if (!best) return null;
  let own = best;
  // Several Products of the same name with their own GTINs (a size or colour each): the one the page's address names,
  // else none of their identifiers.
  const bestName = text(best['name'])?.toLowerCase();
  const gtinOfNode = (n: JsonObject) => gtinOf(...['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'upc', 'ean'].map((k) => n[k]));
  const variants = products.filter((p) => text(p['name'])?.toLowerCase() === bestName && gtinOfNode(p) !== null);
  const ambiguous = new Set(variants.map(gtinOfNode)).size > 1;
  if (ambiguous) own = variants.find((v) => isSelected(v, page)) ?? best;
  for (const node of [own, ...variants]) for (const key of ['color', 'size']) addVariantName(page.variantNames, node[key]);
  const found = fromProductNode(own, ids, page);
  if (ambiguous && !isSelected(own, page)) {
    found.gtin = null;
    found.sku = null;
  }
  found.offerPrices = offerPrices(best['offers'], ids);
  return found;
}

/** The prices of every offer of a product (nested offers and price specifications included). */
function offerPrices(v: Json | undefined, ids: Map<string, JsonObject>, depth = 0): number[] {
  if (depth > 4 || v === undefined) return [];
  const out: number[] = [];
  for (const o of (Array.isArray(v) ? v : [v]).map((x) => deref(x, ids)).filter(isObject)) {
    const spec = deref(first(o['priceSpecification']), ids);
    const price = parsePrice(o['price'] ?? o['lowPrice'] ?? (isObject(spec) ? spec['price'] : null) ?? null);
    if (price != null) out.push(price);
    out.push(...offerPrices(o['offers'], ids, depth + 1));
  }
  return out;
}

// ---------- microdata ----------

const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Book)\b/i;
const OFFER_TYPE = /schema\.org\/(?:Offer|AggregateOffer)\b/i;

/** A struck-through, "was" or list price inside a price element: not the price the shopper pays. */
function isOldPrice(el: HtmlElement): boolean {
  if (el.tagName === 'del' || el.tagName === 's' || el.tagName === 'strike') return true;
  const cls = `${attr(el, 'class') ?? ''} ${attr(el, 'data-test') ?? ''}`;
  return /(?:^|[\s_-])(?:old|was|regular|list|original|strike|crossed|compare|before|rrp|msrp)(?:$|[\s_-]|price)/i.test(cls);
}

interface MicroItem {
  el: HtmlElement;
  type: string;
  props: Map<string, (string | MicroItem)[]>;
}

/** The item an itemscope element holds: its own properties only (a nested item's properties stay in that item). */
function readItem(scope: HtmlElement, seen: Set<HtmlElement>, depth = 0): MicroItem {
  const item: MicroItem = { el: scope, type: attr(scope, 'itemtype') ?? '', props: new Map() };
  seen.add(scope);
  const stack = [...scope.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !('tagName' in node)) continue;
    const el = node as HtmlElement;
    const names = (attr(el, 'itemprop') ?? '').split(/\s+/).filter(Boolean);
    const isScope = hasAttr(el, 'itemscope');
    if (names.length > 0) {
      const value: string | MicroItem | null = isScope && depth < 6 ? readItem(el, seen, depth + 1) : propValue(el, names[0] as string);
      if (value !== null) for (const n of names) item.props.set(n, [...(item.props.get(n) ?? []), value]);
    }
    if (isScope) {
      if (names.length > 0) seen.add(el);
      continue; // its descendants belong to the nested item
    }
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i] as HtmlElement);
  }
  return item;
}

/** A property's value as microdata defines it; brand and name read as text, never as a link's address. */
function propValue(el: HtmlElement, name: string): string | null {
  const content = attr(el, 'content');
  if (content !== undefined) return text(content);
  const textual = /^(?:brand|name|manufacturer|model|mpn|sku|gtin\d*|productid|price|lowprice|pricecurrency)$/i.test(name);
  if (!textual) {
    if (el.tagName === 'a' || el.tagName === 'link' || el.tagName === 'area') return text(attr(el, 'href'));
    if (['img', 'source', 'audio', 'video', 'embed', 'iframe'].includes(el.tagName)) return text(attr(el, 'src'));
    if (el.tagName === 'meta') return null;
    if (el.tagName === 'data' || el.tagName === 'meter') return text(attr(el, 'value'));
    if (el.tagName === 'time') return text(attr(el, 'datetime'));
  }
  if (el.tagName === 'meta') return null;
  if (el.tagName === 'link') return text(attr(el, 'href'));
  if (el.tagName === 'img') return text(attr(el, 'alt'));
  if (el.tagName === 'data' || el.tagName === 'meter') return text(attr(el, 'value') ?? textOf(el));
  return text(textOf(el, /price/i.test(name) ? isOldPrice : undefined, 2000));
}

const firstText = (item: MicroItem, ...names: string[]): string | null => {
  for (const n of names) for (const v of item.props.get(n) ?? []) if (typeof v === 'string' && v) return v;
  return null;
};
const firstItem = (item: MicroItem, ...names: string[]): MicroItem | null => {
  for (const n of names) for (const v of item.props.get(n) ?? []) if (typeof v !== 'string') return v;
  return null;
};

function fromMicrodata(page: Page): Partial | null {
  const seen = new Set<HtmlElement>();
  const products: MicroItem[] = [];
  for (const scope of page.scopes) {
    if (!PRODUCT_TYPE.test(attr(scope, 'itemtype') ?? '')) continue;
    // A product that is a property of another item (a related product, an accessory) is not the page's own; an offer's
    // itemOffered and the page's mainEntity are.
    if (hasAttr(scope, 'itemprop') && !/itemoffered|mainentity/i.test(attr(scope, 'itemprop') ?? '') && insideItem(scope)) continue;
    if (seen.has(scope)) continue;
    products.push(readItem(scope, seen));
  }
  if (products.length === 0) return null;
  // The page's own item: the one holding the page's heading, else the first named one with an offer outside the blocks
  // of other products (related, recommended, carousels).
  const heading = headingElement(page)?.el;
  const holding = heading ? products.filter((p) => contains(p.el, heading)) : [];
  const own = products.filter((p) => !amongOtherProducts(p.el));
  const main =
    holding[holding.length - 1] ??
    own.find((p) => firstText(p, 'name') && (p.props.has('offers') || p.props.has('price'))) ??
    own.find((p) => firstText(p, 'name')) ??
    products.find((p) => firstText(p, 'name')) ??
    products[0];
  if (!main) return null;
  // A Product nested in the main one (or holding it) without an itemprop describes the same item: read on into it.
  const related = products.filter((p) => p !== main && (contains(main.el, p.el) || contains(p.el, main.el)));
  for (const key of ['color', 'size']) addVariantName(page.variantNames, firstText(main, key));
  const found = fromMicroProduct(main, page);
  for (const other of related) {
    const more = fromMicroProduct(other, page);
    for (const key of Object.keys(more) as (keyof Found)[]) if (found[key] == null && more[key] != null) (found as Record<string, unknown>)[key] = more[key];
  }
  if (found.price == null) {
    // A price marked up outside any item ("<span itemprop=price>" beside the product's block).
    const loose = [...elements(page.root)].find((el) => attr(el, 'itemprop') === 'price' && !insideItem(el));
    if (loose) {
      const raw = propValue(loose, 'price');
      found.price = raw ? lowestAmount(raw) : null;
      if (found.price != null) found.currency ??= raw ? currencyFromText(raw, page.localeCurrency) : null;
    }
  }
  return found;
}

function contains(outer: HtmlElement, inner: HtmlElement): boolean {
  for (let n: HtmlElement | null = inner; n; n = n.parentNode && 'tagName' in n.parentNode ? (n.parentNode as HtmlElement) : null) if (n === outer) return true;
  return false;
}

/** Whether an element stands in a block of other products (related, recommended, a carousel of product cards). */
function amongOtherProducts(el: HtmlElement): boolean {
  let steps = 0;
  for (let n: HtmlElement | null = el; n && steps < MAX_CLIMB; n = parentOf(n), steps++) {
    const said = describedAs(n);
    if (said && OTHER_PRODUCTS.test(said)) return true;
  }
  return false;
}

function insideItem(el: HtmlElement): boolean {
  for (let n = el.parentNode; n && 'tagName' in n; n = n.parentNode) if (hasAttr(n as HtmlElement, 'itemscope')) return true;
  return false;
}

/** The lowest amount an element shows: "$79.99 $39.99" (was, now) is 39.99. */
function lowestAmount(raw: string): number | null {
  const amounts = (raw.match(/\d(?:[\d.,'\u00a0\u202f ]*\d)?/g) ?? []).map((a) => parsePrice(a)).filter((n): n is number => n != null && n > 0);
  if (amounts.length === 0) return parsePrice(raw);
  return Math.min(...amounts);
}

function fromMicroProduct(product: MicroItem, page: Page): Partial {
  const offerItems = (product.props.get('offers') ?? []).filter((v): v is MicroItem => typeof v !== 'string' && (OFFER_TYPE.test(v.type) || v.props.has('price') || v.props.has('lowPrice')));
  const offer = offerItems.find((o) => firstText(o, 'price', 'lowPrice')) ?? offerItems[0] ?? null;
  const rawPrice = (offer && firstText(offer, 'price', 'lowPrice')) ?? firstText(product, 'price', 'lowPrice');
  const rawCurrency = (offer && firstText(offer, 'priceCurrency')) ?? firstText(product, 'priceCurrency');
  const brandItem = firstItem(product, 'brand', 'manufacturer');
  const brand = brandItem ? firstText(brandItem, 'name') ?? text(textOf(brandItem.el, undefined, 200)) : firstText(product, 'brand', 'manufacturer');
  const productId = firstText(product, 'productID');
  const price = rawPrice && /\d/.test(rawPrice) ? lowestAmount(rawPrice) : null;
  return {
    title: firstText(product, 'name'),
    brand,
    gtin: gtinOf(firstText(product, 'gtin14'), firstText(product, 'gtin13'), firstText(product, 'gtin12'), firstText(product, 'gtin8'), firstText(product, 'gtin'), firstText(product, 'upc'), firstText(product, 'ean'), firstText(product, 'isbn'), ...(product.props.get('productID') ?? []).filter((v): v is string => typeof v === 'string' && /^(?:gtin|upc|ean|isbn)/i.test(v))),
    mpn: mpnOf(firstText(product, 'mpn'), ...(product.props.get('productID') ?? []).filter((v): v is string => typeof v === 'string' && /^mpn:/i.test(v)), firstText(product, 'model')),
    sku: firstText(product, 'sku') ?? productId,
    price,
    currency: currencyCode(rawCurrency, page.localeCurrency) ?? (rawPrice ? currencyFromText(rawPrice, page.localeCurrency) : null),
    image: firstText(product, 'image'),
    availability: parseAvailability((offer && firstText(offer, 'availability')) ?? firstText(product, 'availability')),
  };
}

// ---------- meta tags ----------

function fromMetaTags(page: Page): Partial | null {
  const get = (...keys: string[]) => {
    for (const k of keys) for (const v of page.meta.get(k) ?? []) {
      const t = text(v);
      if (t) return t;
    }
    return null;
  };
  // The sale price where the page gives one besides the regular price.
  const rawPrice = get('product:sale_price:amount', 'og:sale_price:amount', 'product:price:amount', 'og:price:amount', 'product:price', 'og:price');
  const price = rawPrice && /\d/.test(rawPrice) ? parsePrice(rawPrice) : null;
  const sale = get('product:sale_price:amount', 'og:sale_price:amount');
  const rawRegular = get('og:price:standard_amount', 'product:original_price:amount', 'product:regular_price:amount', ...(sale ? ['product:price:amount', 'og:price:amount'] : []));
  const regular = rawRegular && /\d/.test(rawRegular) ? parsePrice(rawRegular) : null;
  const out: Partial = {
    regularPrice: regular != null && price != null && price < regular ? regular : null,
    title: get('og:title', 'twitter:title'),
    brand: get('product:brand', 'og:brand', 'brand'),
    gtin: gtinOf(get('product:gtin'), get('product:ean'), get('product:upc'), get('og:upc'), get('og:ean'), get('product:isbn'), get('og:gtin')),
    mpn: mpnOf(get('product:mfr_part_no', 'product:mpn', 'og:mpn')),
    sku: get('product:retailer_item_id', 'product:retailer_part_no', 'product:sku', 'og:sku'),
    price,
    currency: currencyCode(get('product:sale_price:currency', 'product:price:currency', 'og:price:currency', 'og:currency'), page.localeCurrency) ?? (rawPrice ? currencyFromText(rawPrice, page.localeCurrency) : null),
    image: get('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
    availability: parseAvailability(get('product:availability', 'og:availability')),
  };
  return Object.values(out).some((v) => v != null) ? out : null;
}

// ---------- labelled specification rows ----------

const GTIN_LABEL = /^(?:upc|upc-?a|ean|ean-?13|ean[\s-]?(?:code|nummer|number)|gtin(?:-?1[234]|-?8)?|isbn(?:-?13)?|barcode|item upc|upc code|code ean|código ean|kod ean)$/i;
const MPN_LABEL = /^(?:mpn|model|model (?:number|no\.?|#)|model name\/number|item model number|manufacturer part number|mfr(?:\.|) ?(?:part)? ?(?:number|no\.?|#)|part number|manufacturer reference|modellnummer|herstellernummer|numéro du modèle de l'article|référence fabricant|numero modello articolo|número de modelo del producto|referencia del fabricante)$/i;
const BRAND_LABEL = /^(?:brand|brand name|marke|marque|marca|merk|märke|marka|бренд|производитель)$/i;

const BARCODE_WORD = /\b(?:EAN|UPC|GTIN|JAN|ISBN)/i;
/** "EAN: 6935364088101.", "UPC # 885909950805", "GTIN-13 4006381333931", "ISBN 978-3-16-148410-0". */
const BARCODE_IN_TEXT = /\b(?:EAN|UPC|GTIN|JAN|ISBN)(?:[-\s]?(?:13|12|14|8|A))?(?:\s*(?:code|number|nummer|no\.?|kód|kod|código))?\s*[:：#]?\s*(\d[\d\s-]{6,20}\d)(?![\d-])/gi;
const TEXT_HOLDERS = new Set(['p', 'span', 'div', 'small', 'strong', 'b', 'em', 'i', 'td', 'dd', 'li', 'font', 'label', 'section']);

/** The first barcode the page's text states with its label and a valid check digit, outside other products' blocks. */
function barcodeInText(page: Page): string | null {
  for (const el of page.barcodeEls) {
    if (amongOtherProducts(el)) continue;
    for (const m of textOf(el, undefined, 400).matchAll(BARCODE_IN_TEXT)) {
      const gtin = gtinOf(m[1]);
      if (gtin) return gtin;
    }
  }
  return null;
}

function fromLabelled(page: Page): Partial | null {
  let gtin: string | null = null;
  let mpn: string | null = null;
  let brand: string | null = null;
  for (const [label, value] of page.labelled) {
    if (!gtin && GTIN_LABEL.test(label)) gtin = gtinOf(value.split(/[\s,;/]+/)[0]?.replace(/[.;,]+$/, ''));
    else if (!mpn && MPN_LABEL.test(label) && value.length <= 40 && /\d/.test(value)) mpn = mpnOf(value);
    else if (!brand && BRAND_LABEL.test(label) && value.length <= 40) brand = text(value);
  }
  gtin ??= barcodeInText(page);
  return gtin || mpn || brand ? { gtin, mpn, brand } : null;
}

// ---------- the visible price ----------

/** What an element's class, id, itemprop, aria-label and data attributes say it is, lower-cased. */
function describedAs(el: HtmlElement): string {
  let said = '';
  for (const a of el.attrs) {
    if (a.name === 'class' || a.name === 'id' || a.name === 'itemprop' || a.name === 'aria-label' || a.name === 'role') said += ` ${a.value}`;
    else if (a.name.startsWith('data-')) said += ` ${a.name.slice(5)}${a.value.length <= 60 ? ` ${a.value}` : ''}`;
  }
  return said.length > 0 ? said.toLowerCase() : '';
}

/** Words that name a price in attributes, in the languages of the shops we read. */
const PRICE_WORDS = /price|pricing|preis|prix|prezzo|precio|preço|preco|cena|hinta|prijs|fiyat|цена|ціна|価格|价格|가격|(?:^|[^a-z])(?:pris|sale|now|current|amount)(?:$|[^a-z])/;
/** A price the shopper no longer pays: was, list, original, compare-at, struck-through, recommended retail. */
const OLD_PRICE_WORDS = /(?:^|[^a-z])(?:old|was|list|listprice|original|orig|compare|compareat|strike|strikethrough|striked|crossed|crossout|before|rrp|msrp|uvp|retail|reference|previous|prev|instead|statt|barre|tachado|ex)(?:$|[^a-z])|(?:old|was|list|compare|strike|crossed|original|before)[-_]?price|price[-_]?(?:old|was|list|compare|strike|crossed|original|before|rrp|msrp)/;
const NOW_PRICE_WORDS = /(?:^|[^a-z])(?:sale|sales|now|current|special|final|actual|our|offer|deal|promo|reduced|discount(?:ed)?|selling|active)(?:$|[^a-z])|(?:sale|now|current|special|final|actual|our|offer|deal|promo|reduced)[-_]?price|price[-_]?(?:sale|now|current|special|final|actual|promo)/;
/** Blocks of other products: related, recommended, recently viewed, carousels and sliders of product cards. */
const OTHER_PRODUCTS = /related|recommend|carousel|comparison|upsell|up-sell|cross-?sell|similar|also[-_ ]?(?:bought|viewed|like|purchased)|recent|sponsor|suggest|you[-_ ]?may|complete[-_ ]?the[-_ ]?look|bundle|accessor|alternative|slider|swiper|slick|\bowl\b|\breco\b|product[-_]?(?:card|tile|grid|list)(?:$|[^a-z])|minicart|mini-cart/;
const HIDDEN_WORDS = /(?:^|\s)(?:hide|hidden|d-none|ng-hide|is-hidden|invisible|display-none)(?:$|\s)/;
const CART_WORDS = /add[\s_-]?to[\s_-]?(?:cart|bag|basket|trolley)|addtocart|addtobag|buy[\s_-]?now|in den warenkorb|in den einkaufswagen|ajouter au panier|aggiungi al carrello|añadir al carrito|adicionar ao carrinho|dodaj do koszyka|lisää ostoskoriin|do košíka|do košíku|в корзину|カートに入れる|加入购物车/i;
const NOT_SHOWN = new Set(['script', 'style', 'meta', 'link', 'input', 'option', 'select', 'template', 'noscript', 'head', 'title', 'img', 'svg', 'button', 'textarea']);

/** An add-to-cart button or form. */
function isCartControl(el: HtmlElement, said: string): boolean {
  const tag = el.tagName;
  if (tag === 'button' || (tag === 'input' && /^(?:submit|button|image)$/i.test(attr(el, 'type') ?? ''))) {
    return CART_WORDS.test(`${said} ${attr(el, 'name') ?? ''} ${attr(el, 'value') ?? ''} ${tag === 'button' ? textOf(el, undefined, 80) : ''}`);
  }
  if (tag === 'form') return CART_WORDS.test(`${said} ${attr(el, 'action') ?? ''} ${attr(el, 'name') ?? ''}`) || /\/cart\/add|addtocart|add-to-cart/i.test(attr(el, 'action') ?? '');
  return said !== '' && CART_WORDS.test(said);
}

/** A struck-through, was, list or compare-at price inside a price element (a "regular" price alone is the price). */
function isStruckPrice(el: HtmlElement): boolean {
  if (el.tagName === 'del' || el.tagName === 's' || el.tagName === 'strike') return true;
  const said = describedAs(el);
  return said !== '' && OLD_PRICE_WORDS.test(said) && !NOW_PRICE_WORDS.test(said);
}

const parentOf = (el: HtmlElement): HtmlElement | null => (el.parentNode && 'tagName' in el.parentNode ? (el.parentNode as HtmlElement) : null);

/** Steps from each ancestor of the anchors (themselves included) down to the nearest anchor. */
function anchorDistances(anchors: HtmlElement[]): Map<HtmlElement, number> {
  const up = new Map<HtmlElement, number>();
  for (const a of anchors) {
    let d = 0;
    for (let n: HtmlElement | null = a; n && d < MAX_CLIMB; n = parentOf(n), d++) {
      const known = up.get(n);
      if (known !== undefined && known <= d) break;
      up.set(n, d);
    }
  }
  return up;
}

interface ShownPrice {
  el: HtmlElement;
  amount: number;
  currency: string | null;
  /** 0: says sale/now/current, 1: says nothing more, 2: says regular (the price when nothing is on sale). */
  rank: number;
  distance: number;
  index: number;
}

/**
 * The price the page shows for its own item: among the elements whose attributes say "price", the one nearest the
 * item's heading or its add-to-cart control; struck-through, was, list and compare-at prices, prices of other products
 * (related, recommended, carousels), of the header, footer and navigation, and hidden ones skipped; a sale, now or
 * current price before a plain one. Its currency is the one it writes, else one written beside it, else the page's.
 */
function shownPrice(page: Page, heading: HtmlElement | null): ShownPrice | null {
  const anchors = [...(heading ? [heading] : []), ...page.cartEls.slice(0, 4)];
  const near = anchorDistances(anchors);
  const found: ShownPrice[] = [];
  page.priceEls.forEach((el, index) => {
    if (NOT_SHOWN.has(el.tagName) || found.length > 200) return;
    const own = describedAs(el);
    if (OLD_PRICE_WORDS.test(own) && !NOW_PRICE_WORDS.test(own)) return;
    let rank = NOW_PRICE_WORDS.test(own) ? 0 : /regular/.test(own) ? 2 : 1;
    let distance = anchors.length > 0 ? Infinity : 0;
    let steps = 0;
    let inLink = false;
    for (let n: HtmlElement | null = el; n && steps < MAX_CLIMB; n = parentOf(n), steps++) {
      if (n !== el) {
        const tag = n.tagName;
        if (tag === 'header' || tag === 'footer' || tag === 'nav' || tag === 'del' || tag === 's' || tag === 'strike' || NOT_SHOWN.has(tag)) return;
        if (tag === 'a') inLink = true;
        const said = describedAs(n);
        if (said) {
          if (OTHER_PRODUCTS.test(said) || HIDDEN_WORDS.test(said)) return;
          if (steps <= 3 && rank === 1 && NOW_PRICE_WORDS.test(said)) rank = 0;
          if (steps <= 2 && rank !== 0 && OLD_PRICE_WORDS.test(said) && !NOW_PRICE_WORDS.test(said)) return;
        }
      }
      if (HIDDEN_WORDS.test(` ${attr(n, 'class') ?? ''} `) || hasAttr(n, 'hidden') || /display\s*:\s*none/i.test(attr(n, 'style') ?? '')) return;
      const d = near.get(n);
      if (d !== undefined && steps + d < distance) distance = steps + d;
    }
    const shown = textOf(el, isStruckPrice, 160);
    if (!/\d/.test(shown) || shown.length > 60) return;
    const figures = shown.match(/\d[\d.,'\u00a0\u202f ]*/g) ?? [];
    if (figures.length > 3) return;
    const read = readPrice(shown, { currency: page.localeCurrency });
    if (!read.ok || read.value.amount <= 0) return;
    let currency = read.value.currency;
    for (let n = parentOf(el), i = 0; !currency && n && i < 2; n = parentOf(n), i++) currency = readCurrency(textOf(n, isStruckPrice, 200), page.localeCurrency);
    found.push({ el, amount: read.value.amount, currency, rank, distance: distance + (inLink ? 4 : 0), index });
  });
  if (found.length === 0) return null;
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank || a.index - b.index);
  const nearest = found[0] as ShownPrice;
  // The price block the nearest price stands in: a sale price there beats a plain one.
  const block = found.filter((f) => f.distance <= nearest.distance + 2);
  block.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.index - b.index);
  return block[0] ?? nearest;
}

function fromShownPrice(page: Page): Partial | null {
  const shown = shownPrice(page, headingElement(page)?.el ?? null);
  return shown ? { price: shown.amount, currency: shown.currency ?? page.localeCurrency } : null;
}

// ---------- Amazon's page elements ----------

const AMAZON_PRICE_IDS = ['priceblock_dealprice', 'priceblock_saleprice', 'priceblock_ourprice', 'corePrice_feature_div', 'corePriceDisplay_desktop_feature_div', 'corePrice_desktop', 'price_inside_buybox', 'newBuyBoxPrice', 'kindle-price', 'price'];

/** Amazon's byline: "Visit the Sony Store", "Brand: Sony", "Marke: Sony", "Visita la tienda de Sony"; an author's byline names no brand. */
function amazonBrand(byline: string): string | null {
  if (/\((?:author|autor|auteur|autore|著)\)/i.test(byline) || /^(?:by|von|de|di|par)\s/i.test(byline) && /\(/.test(byline)) return null;
  const t = byline
    .replace(/^(?:brand|marke|marque|marca|merk|märke|marka)\s*[:：]\s*/i, '')
    .replace(/^(?:visit the|besuchen sie den|visitez la boutique|visita lo store di|visita la tienda de|bezoek de)\s+/i, '')
    .replace(/[-\s]*(?:store|shop|boutique|tienda)$/i, '')
    .replace(/^(?:store|shop)\s+/i, '')
    .trim();
  return t.length > 0 && t.length <= 50 ? t : null;
}

function fromAmazon(page: Page): Partial | null {
  const isAmazon = page.host ? /(?:^|\.)amazon\.[a-z.]+$/.test(page.host) : false;
  const titleEl = page.byId.get('productTitle') ?? page.byId.get('ebooksProductTitle');
  if (!isAmazon || !titleEl) return null;
  let rawPrice: string | null = null;
  for (const id of AMAZON_PRICE_IDS) {
    const el = page.byId.get(id);
    if (!el) continue;
    // The price block's first visible amount that is not a struck-through list price.
    const off = [...elements(el)].find((x) => /\ba-offscreen\b/.test(attr(x, 'class') ?? '') && !isOldPrice(x.parentNode as HtmlElement) && !/a-text-price/.test(attr(x.parentNode as HtmlElement, 'class') ?? ''));
    const t = off ? textOf(off) : textOf(el, isOldPrice, 300);
    if (/\d/.test(t) && (id !== 'price' || /^[^\d]{0,12}\d[\d.,\s]*[^\d]{0,6}$/.test(t))) {
      rawPrice = t;
      break;
    }
  }
  if (!rawPrice) {
    // Older and simpler pages: the first shown price that is not a struck-through list price.
    const off = [...elements(page.root)].find((x) => /\ba-price\b/.test(attr(x, 'class') ?? '') && !/a-text-price/.test(attr(x, 'class') ?? '') && !amongOtherProducts(x));
    const t = off ? textOf(off) : '';
    if (/\d/.test(t)) rawPrice = t.split(/\s+(?=\D*\d)/)[0] ?? t;
  }
  const byline = page.byId.get('bylineInfo');
  // The buy box's stock line ("In Stock.", "Currently unavailable.", "Derzeit nicht verfügbar.") and the ASIN the
  // page carries in its own form fields.
  const stock = page.byId.get('availability') ?? page.byId.get('outOfStock');
  const asinField = [...elements(page.root)].find((x) => x.tagName === 'input' && /^(?:ASIN|asin)$/.test(attr(x, 'name') ?? '') && /^[A-Z0-9]{10}$/.test(attr(x, 'value') ?? ''));
  return {
    title: text(textOf(titleEl)),
    sku: asinField ? attr(asinField, 'value') : null,
    availability: stock ? stockWording(textOf(stock, undefined, 200)) : null,
    brand: byline ? amazonBrand(textOf(byline)) : null,
    price: rawPrice ? parsePrice(rawPrice) : null,
    currency: rawPrice ? currencyFromText(rawPrice, page.localeCurrency) ?? page.localeCurrency : null,
  };
}

// ---------- titles ----------

const SEPARATORS = /\s+[|\-–—:•·»]\s+|\s*[|•·»｜]\s*|\s+:\s*|:\s+/;

/** Whether a part of a title is only the shop's name ("Walmart.com", "The Home Depot", "Best Buy Canada"). */
function isSiteName(part: string, page: Page): boolean {
  // A bare domain name ("Amazon.com", "jumbo.ch") names a shop.
  if (/^[\p{L}\d-]+(?:\.[a-z]{2,3}){1,2}$/iu.test(part.trim())) return true;
  const c = compact(part);
  if (c.length < 2) return false;
  return page.siteNames.some((s) => c === s || (s.length >= 3 && c.includes(s) && c.length <= s.length + 12) || (c.length >= 4 && s.includes(c)));
}

/**
 * A title with the shop's name taken off wherever it is ("Amazon.com: …", "… - Walmart.com", "… | eBay",
 * "… at Crutchfield.com", "… from Lands' End"), Kindle bylines and prices removed.
 */
function cleanTitle(raw: string, page: Page): string {
  let t = cleanText(decodeEntities(raw));
  t = t.replace(/\s+-\s+Kindle edition by\s.*$/i, '').replace(/\s*[\s-]\s*(?:eBook|Kindle Edition)\s*$/i, '');
  t = t.replace(/^\s*\[[^\]]*\d[^\]]*\]\s*/, ''); // "[$8.99] …"
  let removedShop = false;
  for (let i = 0; i < 4; i++) {
    const parts = t.split(SEPARATORS);
    if (parts.length < 2) break;
    const last = parts[parts.length - 1] as string;
    const beforeLast = parts[parts.length - 2] as string;
    const firstPart = parts[0] as string;
    if (isSiteName(last, page) || (parts.length > 1 && page.siteNames.some((s) => compact(last).endsWith(s) && compact(last).length > s.length && last.split(' ').length <= 14))) {
      t = t.slice(0, t.lastIndexOf(last)).replace(/[\s|\-–—:•·»｜]+$/, '');
      removedShop = true;
      continue;
    }
    // "… : Amazon.com : Electronics": the shop's name and the department it files the item under.
    if (parts.length >= 3 && isSiteName(beforeLast, page) && isCategoryLike(last)) {
      t = t.slice(0, t.lastIndexOf(beforeLast)).replace(/[\s|\-–—:•·»｜]+$/, '');
      removedShop = true;
      continue;
    }
    if (isSiteName(firstPart, page)) {
      t = t.slice(t.indexOf(firstPart) + firstPart.length).replace(/^[\s|\-–—:•·»｜]+/, '');
      removedShop = true;
      continue;
    }
    break;
  }
  // "… - Välikausitakki - nautical yellow/keltainen": a colour or size the markup names apart is not part of the name.
  for (let i = 0; i < 2 && page.variantNames.size > 0; i++) {
    const parts = t.split(SEPARATORS);
    const last = (parts[parts.length - 1] as string).toLowerCase();
    if (parts.length < 2 || ![...page.variantNames].some((v) => last === v || last.startsWith(`${v}/`) || last.startsWith(`${v} /`) || last.startsWith(`${v} (`))) break;
    t = t.slice(0, t.toLowerCase().lastIndexOf(last)).replace(/[\s|\-–—:•·»｜/]+$/, '');
  }
  // "Amazon.com: Sony WH-1000XM5 Headphones, Black : Electronics": a title that named the shop ends with a department.
  const department = /\s:\s([^:]{2,40})$/.exec(t);
  if (removedShop && department && isCategoryLike(department[1] as string)) t = t.slice(0, department.index);
  // eBay's "Details about X - see original title", in the languages of its sites.
  t = t.replace(/^(?:details about|dettagli su|détails sur|details zu|detalles de|szczegóły dotyczące|details over)\s+/i, '');
  t = t.replace(/\s*-\s*(?:see original title|mostra il titolo originale|voir le titre d'origine|originaltitel anzeigen|ver título original|zobacz tytuł oryginalny|originele titel bekijken)\s*$/i, '');
  // "… Model: OPTIPLEX 9010 TOWER", "… דגם: X": the model number the shop appends.
  t = t.replace(/\s+(?:model|modell|modèle|modello|modelo|model no\.?|דגם|型号|型番|модель)\s*[:：]\s*[\p{L}\p{N}][\p{L}\p{N}./-]*(?:\s[\p{Lu}\p{N}][\p{Lu}\p{N}./-]*){0,3}$/u, '');
  // "… at Crutchfield.com", "… from Lands' End", "… by Office Depot & OfficeMax"
  const tail = /^(.{3,}?)\s+(?:at|from|by|on|bei|chez|su|en)\s+(.{2,60})$/i.exec(t);
  if (tail && isSiteName(tail[2] as string, page)) t = tail[1] as string;
  t = t.replace(/\s+(?:item|sku|art(?:icle)?\.?(?:-?nr\.?)?|código|kód)\s*(?:#|no\.?|nr\.?|:)\s*[\w-]+$/i, '');
  // A trailing price is not part of the name ("Bomber Jacket $24.99 $39.99").
  t = t.replace(/(?:\s+(?:[$€£¥₹]|[A-Z]{3}\s?)\s?\d[\d.,]*)+$/, '');
  return cleanText(t);
}

/** A department's name: one to three words, no figures ("Electronics", "Home & Kitchen", "Clothing, Shoes & Jewelry"). */
function isCategoryLike(part: string): boolean {
  const t = part.trim();
  return t.length >= 3 && t.length <= 40 && !/\d/.test(t) && t.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length <= 4 && /^\p{Lu}/u.test(t);
}

/** The retailer-name cleaning of a <title> alone, as before (kept for callers). */
export function cleanTitleTag(raw: string): string {
  const page = { siteNames: ['amazon', 'walmart', 'bestbuy', 'target', 'ebay', 'newegg', 'etsy', 'costco', 'homedepot'], variantNames: new Set<string>() } as Page;
  return cleanTitle(raw, page);
}

const words = (s: string) => new Set(s.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));

/** The share of a's words that b has too. */
function overlap(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0) return 0;
  let n = 0;
  for (const w of wa) if (wb.has(w)) n++;
  return n / wa.size;
}

const HEADINGS = new WeakMap<Page, { el: HtmlElement; text: string } | null>();

/** The main heading that names the item: the first h1 sharing most of its words with the page's <title>, else the first. */
function headingElement(page: Page): { el: HtmlElement; text: string } | null {
  if (HEADINGS.has(page)) return HEADINGS.get(page) ?? null;
  const found = findHeading(page);
  HEADINGS.set(page, found);
  return found;
}

function findHeading(page: Page): { el: HtmlElement; text: string } | null {
  const texts = page.headings
    .map((el) => ({ el, text: textOf(el, isOldPrice, 600) }))
    .filter((h) => h.text.length >= 3 && h.text.length <= 300 && !isSiteName(h.text, page));
  const title = page.titleTag ?? page.meta.get('og:title')?.[0] ?? '';
  return texts.find((h) => overlap(h.text, title) >= 0.5) ?? texts[0] ?? null;
}

function headingTitle(page: Page): string | null {
  return headingElement(page)?.text ?? null;
}

// ---------- brand ----------

const NO_BRAND = /^(?:unbranded|generic|no brand|n\/?a|none|null|undefined|does not apply|other|\$?metabrand|brand)$/i;

/** A brand as text, or null for junk: separators, "Shop all …", links, the shop's own name. */
function cleanBrand(raw: string | null | undefined, page: Page): string | null {
  if (!raw) return null;
  let b = cleanText(decodeEntities(raw)).replace(/^(?:brand|marke|marque|marca)\s*[:：]\s*/i, '');
  b = b.replace(/^(?:shop all|see all|more from|ver mais artigos da marca:?|visit the)\s+/i, '').trim();
  if (!b || b.length > 50 || /^[|:\-–—]/.test(b) || /https?:\/\//i.test(b) || NO_BRAND.test(b)) return null;
  if (isSiteName(b, page)) return null;
  return b;
}

// ---------- merge ----------

const FIELDS = ['brand', 'gtin', 'mpn', 'sku', 'price', 'currency', 'image', 'availability'] as const;

/**
 * The item a page names (prices in cents, as the catalog keeps them), or null when the page names no product at all.
 */
export function extractProductIdentity(html: string, options: ExtractOptions = {}): PageItem | null {
  if (typeof html !== 'string') throw new TypeError('html must be a string');
  const page = readPage(html, options.url);
  const sources: [IdentitySource, Partial | null][] = [
    ['json-ld', fromJsonLd(page)],
    ['microdata', fromMicrodata(page)],
    ['page-elements', fromAmazon(page)],
    ['open-graph', fromMetaTags(page)],
    ['page-elements', fromLabelled(page)],
    ['page-elements', fromShownPrice(page)],
  ];
  const merged: Partial = {};
  for (const [, found] of sources) {
    if (!found) continue;
    for (const key of FIELDS) {
      if (merged[key] != null || found[key] == null) continue;
      if (key === 'brand') merged.brand = cleanBrand(found.brand, page);
      else if (key === 'price' && merged.currency != null && found.currency != null && found.currency !== merged.currency) continue;
      else (merged as Record<string, unknown>)[key] = found[key];
    }
  }
  settlePrice(merged, sources);
  // A price whose source named no currency takes the page's.
  if (merged.price != null && merged.currency == null) merged.currency = page.localeCurrency;
  const named = chooseTitle(page, sources);
  if (!named) return null;
  return {
    title: named.title,
    brand: merged.brand ?? null,
    gtin: merged.gtin ?? null,
    model: merged.mpn ?? null,
    // The id the link itself carries at a marketplace the registry knows (an ASIN, an eBay item number) when the page
    // states none.
    sku: cleanSku(merged.sku) ?? (page.url ? (extractProductId(page.url)?.id ?? null) : null),
    priceCents: merged.price != null ? Math.round(merged.price * 100) : null,
    currency: merged.currency ?? page.localeCurrency ?? null,
    imageUrl: absoluteUrl(merged.image ?? null, page.url),
    availability: merged.availability ?? null,
    source: named.source,
    ...shopNameOf(page),
  };
}

/** The shop's own name as its page states it (og:site_name), when it does. */
function shopNameOf(page: Page): { shopName?: string } {
  const name = page.meta.get('og:site_name')?.[0]?.replace(/\s+/g, ' ').trim();
  return name ? { shopName: name } : {};
}

const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Prices the most trusted source cannot settle alone: a meta sale price beats a structured price equal to the regular
 * price beside it; of several offers at different prices (sizes, colours), the one the page shows is its item's.
 */
function settlePrice(merged: Partial, sources: [IdentitySource, Partial | null][]): void {
  if (merged.price == null) return;
  const price = merged.price;
  const agrees = (found: Partial) => found.currency == null || merged.currency == null || found.currency === merged.currency;
  for (const [source, found] of sources) {
    if (source === 'open-graph' && found?.price != null && found.regularPrice != null && agrees(found) && samePrice(price, found.regularPrice)) {
      merged.price = found.price;
      return;
    }
  }
  const offers = sources.find(([source]) => source === 'json-ld')?.[1]?.offerPrices ?? [];
  const shown = sources[sources.length - 1]?.[1];
  if (shown?.price != null && agrees(shown) && new Set(offers).size > 1 && offers.some((p) => samePrice(p, shown.price as number))) merged.price = shown.price;
}

/** The best name the page gives its item: structured data first, a site-wide og:title losing to the heading. */
function chooseTitle(page: Page, sources: [IdentitySource, Partial | null][]): { title: string; source: IdentitySource } | null {
  const heading = headingTitle(page);
  const candidates: { title: string; source: IdentitySource }[] = [];
  for (const [source, found] of sources) {
    if (!found?.title) continue;
    const t = cleanTitle(found.title, page);
    if (t.length < 1 || isSiteName(t, page)) continue;
    candidates.push({ title: t, source });
  }
  const best = candidates[0];
  if (best) {
    // The name the page shows its shopper (its heading, the first part of its <title>) where the structured one
    // extends it by a variant ("Dress Robe - Free size / Blue") or leads it with the shop's name ("H&M Bomber Jacket").
    const tagName = page.titleTag ? cleanTitle(page.titleTag, page).split(SEPARATORS)[0] : undefined;
    const shown = heading ? cleanTitle(heading, page) : undefined;
    const lower = best.title.toLowerCase();
    if (shown && shown.length >= 3 && lower.startsWith(shown.toLowerCase()) && shown.length >= 0.4 * best.title.length && /^\s*[-–—|/,]/.test(best.title.slice(shown.length))) {
      return { title: shown, source: best.source };
    }
    for (const name of [shown, tagName]) {
      if (name && name.length >= 3 && lower.endsWith(name.toLowerCase()) && lower !== name.toLowerCase() && page.siteNames.includes(compact(best.title.slice(0, best.title.length - name.length)))) return { title: name, source: best.source };
    }
    // "Details about X" / "X - see original title" around another source's "X": that source's bare name.
    const inner = candidates.find((c) => {
      const at = best.title.toLowerCase().indexOf(c.title.toLowerCase());
      if (c === best || at <= 0 || c.title.length < 0.5 * best.title.length) return false;
      const prefix = best.title.slice(0, at).trim().split(/\s+/);
      return prefix.length <= 3;
    });
    return inner ?? best;
  }
  if (heading) return { title: cleanTitle(heading, page), source: 'heading' };
  const fromTag = page.titleTag ? cleanTitle(page.titleTag, page) : '';
  return fromTag ? { title: fromTag, source: 'title-tag' } : null;
}
