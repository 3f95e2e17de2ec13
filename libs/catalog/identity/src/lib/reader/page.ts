/**
 * A product page read once: the parsed element tree walked a single time, gathering what every reader needs (meta
 * tags, JSON-LD and state scripts, microdata scopes, headings, labelled rows, price, stock and cart elements), and
 * what the page's address says (its shop's names, its country's currency).
 */
import { currencyOfLocale } from '@pricehunt/catalog-feeds';
import { noteTagIds, type TagIds } from './tag-ids';
import { attr, cleanText, decodeEntities, elements, hasAttr, parseHtml, rawText, textBefore, type HtmlElement } from '../html';
import { labelledPairs, ownText, PAIR_HOLDERS } from './labels';
import { inLongList, markedItemNumber, markedModel } from './marked-codes';
import { collectColumns, collectLabelled, MAX_LABELLED } from './labelled-rows';
import { describedAs, insideItem, isCartControl, PRICE_WORDS, priceLabelValue } from './markup';
import { noteCartVariant, noteFormSku, noteFormValue } from './form-fields';
import { noteShopVariants, type ShopVariant } from './shop-variants';
import { MAX_STATE_SCRIPT, stateScript } from './state-scripts';
import { ownStockWords, type StockLine } from './stock-words';
import { absoluteUrl, hostCurrency } from './values';
import { checkAddress, literalAddress } from '../ip-guard';

/** Everything the sources read, gathered in one walk over the element tree. */
export interface Page {
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
  /** Elements whose attributes say they show the stock state ("availability", "stock-status"), in document order. */
  stockEls: HtmlElement[];
  /** Elements whose own words read as a stock line ("Derzeit nicht auf Lager", "Sofort lieferbar"), in document order. */
  stockLines: StockLine[];
  /** Elements whose attributes say they show delivery costs or the item's condition. */
  shippingEls: HtmlElement[];
  /** Elements whose own words name delivery ("Gratis Versand", "FREE Delivery", "<b>Shipping:</b>"), in document order. */
  shippingLines: HtmlElement[];
  conditionEls: HtmlElement[];
  /** Breadcrumb trails (elements whose markup says breadcrumb), in document order. */
  crumbEls: HtmlElement[];
  /** Links to a brand's page, links after a trail's separator ("» MSI") and logos marked as the maker's, in document order. */
  brandEls: HtmlElement[];
  /** Elements marked `itemprop="brand"` outside any item (the first `MAX_BRAND_ELEMENTS`), in document order. */
  looseBrandMarks: HtmlElement[];
  /** The makers that links to all of a maker's items name ("Shop all Sally Hansen", "More from Vince Camuto"), in document order. */
  makerLinks: string[];
  /** Blocks whose markup says they show brands: the item's brand line, a menu of the shop's brands, a maker's box, in document order. */
  brandBlocks: HtmlElement[];
  /** Barcodes that scripts' data (analytics data layers, a store's JSON) or data attributes write under a GTIN key. */
  scriptBarcodes: string[];
  /** The variants a shop platform's product record in the page's scripts lists (Shopify's), each once. */
  shopVariants: ShopVariant[];
  /** The variant ids the page's cart forms post, in document order. */
  cartVariantIds: string[];
  /** Scripts holding a page framework's state (__NEXT_DATA__, window.__INITIAL_STATE__ = {…}), as their raw text. */
  stateScripts: string[];
  /**
   * The data Next.js's app router streams into the page (`self.__next_f.push([1, "…"])`): its chunks decoded, in order,
   * and their length.
   */
  flight: { chunks: string[]; size: number };
  /** The item ids the page's scripts hand the ad tags (remarketing, the store platform's analytics). */
  tagIds: TagIds;
  /** The values of the page's hidden form fields that hold a digit (a cart form's product id), lower-cased. */
  formValues: Set<string>;
  /** The values of the hidden form fields a cart form names the sku by (`<input type="hidden" name="sku" value="JJIP-BK">`), each once. */
  formSkus: string[];
  root: HtmlElement;
}


export const compact = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^(?:the|www)\b/, '')
    .replace(/\b(?:com|co|net|org|shop|store|online|official|inc|llc)\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Labels of a colour or a size, in the languages of the shops we read. */
export const VARIANT_LABEL = /^(?:colou?r|farbe|couleur|colore|kleur|färg|farve|farge|väri|kolor|barva|szín|culoare|цвет|size|größe|taille|taglia|talla|maat|storlek|koko|rozmiar)$/i;

export function addVariantName(names: Set<string>, value: unknown): void {
  for (const v of Array.isArray(value) ? value : [value]) {
    const t = typeof v === 'string' ? cleanText(decodeEntities(v)) : null;
    if (t && t.length >= 2 && t.length <= 40) names.add(t.toLowerCase());
  }
}

export function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Price elements looked at: pathological pages hold tens of thousands. */
const MAX_PRICE_ELEMENTS = 1000;
const MAX_STOCK_ELEMENTS = 40;
/** A menu's and a footer's "Shipping & Returns" links come before the buy box on many pages. */
const MAX_SHIPPING_LINES = 80;

/** Words that name a barcode in a text ("EAN: 0190198419941", "UPC 885909950805"). */
export const BARCODE_WORD = /\b(?:EAN|UPC|GTIN|JAN|ISBN)/i;
const TEXT_HOLDERS = new Set(['p', 'span', 'div', 'small', 'strong', 'b', 'em', 'i', 'td', 'dd', 'li', 'font', 'label', 'section']);
const STOCK_LINE_HOLDERS = new Set([...TEXT_HOLDERS, 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'button']);
const STOCK_WORDS = /(?:^|[^a-z])(?:availability|stock|in-?stock|out-?of-?stock|stock-?status|inventory|verfügbarkeit|disponibilit[éa]|lieferbarkeit)(?:$|[^a-z])/;
const SHIPPING_WORDS = /(?:^|[^a-z])(?:shipping|delivery|versand|livraison|envio|envío|spedizione|lieferung|verzending)(?:$|[^a-z])/;
/** Words that name delivery in a page's text. */
const SHIPPING_TEXT = /\b(?:shipping|delivery|postage|versand|versandkosten|lieferung|livraison|env[ií]o|spedizione|verzending|frete)\b|versandkostenfrei/i;
const CONDITION_WORDS = /(?:^|[^a-z])(?:condition|itemcondition|item-condition|zustand)(?:$|[^a-z])/;
/** A link to a brand's or maker's page ("/brand/skechers", "/marken/acer", "?manufacturer=12", a Shopify theme's "/collections/vendors?q=Nomad"). */
export const BRAND_LINK = /[/?&](?:brands?|marken?|hersteller|manufacturers?|marques?|marcas?|vendors\?q)(?:[/=]|\.html)/i;
const MAKER_WORDS = /brand|manufacturer|hersteller|marke|marque|vendor/;
/** A breadcrumb trail's mark, not a layout's note that the page has none ("no-breadcrumbs" on the main column). */
const CRUMB_MARK = /(?<!(?:^|[\s_-])(?:no|without|hide|hidden|disable[ds]?)[-_]?)breadcrumb/;
const MAX_BRAND_ELEMENTS = 40;
/** A game store's link to the studio that made or published a game ("More from Dota" at /developer/Dota/): a studio, not a brand. */
const STUDIO_LINK = /\/(?:developer|publisher)s?\//i;
/**
 * A link's words leading to all of one maker's items, and the maker they name: "Shop all Sally Hansen", "More from
 * Vince Camuto", "View all products by Satco", also where the link holds only the maker ("View All <a>Alterna</a>").
 * A menu's "Shop all Dresses" names a kind of item, which no item's name begins with and goes on from (brand-hints.ts).
 */
const ALL_FROM_MAKER = /^(?:(?:shop|view|see|browse)\s+all\s+(?:(?:products|items)\s+(?:from|by)\s+)?|more\s+(?:from|by)\s+)(\S.{1,39})$/i;
/** A block's mark that it shows brands or makers ("product-brand", "brandName", "mega-brands", "product__vendor", "TblProdForkMfgGuarranty", "designer-name"). */
const BRAND_BLOCK = /brand(?!ing)|vendor|designer|hersteller|marque|(?:^|[^a-z])mfg/;
/** Elements too wide to be one block of brands (a theme's "brand-2020" on the body). */
const NOT_BRAND_BLOCK = new Set(['html', 'body', 'header', 'main', 'footer', 'form', 'meta', 'script', 'style']);
const MAX_BRAND_BLOCKS = 60;
/**
 * A barcode under a GTIN key in a script's data: "productEAN":"4711121604867", "ean":{"data":"5028695125438"}, a
 * script's object literal (upc:'3605975092790') or JSON written as a string (\"ean\":\"…\"); under "barcode" (a
 * Shopify variant's, a store's state) only an EAN's or UPC's 12 to 14 digits: a marketplace's 8-digit "barcode" is its
 * own number.
 */
const SCRIPT_BARCODE = /(?:\\?["']|(?<![\w$.-]))(?:(?:ean|ean13|ean_?code|gtin|gtin1[234]|gtin8|upc|product_?ean|product_?gtin)(?:\\?["'])?\s*:\s*(?:\{\s*\\?["']\w+\\?["']\s*:\s*)?(?:\\?["'])?(\d{8,14})|barcode(?:\\?["'])?\s*:\s*(?:\\?["'])?(\d{12,14}))\b/gi;
/** A tag manager's variable set to the item's barcode: TagCommander's `tc_vars["pr_ean"]="6942138953008"`. */
const TAG_BARCODE = /\[\s*["'](?:pr|prod|product)_(?:ean(?:13)?|gtin|upc)["']\s*\]\s*=\s*["'](\d{8,14})["']/gi;
/**
 * A data attribute that holds a barcode: "data-ean", "data-gtin13", "data-product-ean", Unieuro's
 * "data-productdetail-productean"; the last part of its name says which.
 */
const BARCODE_ATTR = /^data-(?:[a-z0-9]+-)*(?:product_?)?(?:ean(?:13)?|gtin(?:1[234]|8)?|upc)$/;
const MAX_BARCODES = 20;

type Walked = Omit<Page, 'url' | 'addresses' | 'variantNames' | 'host' | 'siteNames' | 'localeCurrency' | 'root'> & {
  lang: string | undefined;
  canonical: string | undefined;
};

function noteHeadElement(el: HtmlElement, out: Walked): void {
  switch (el.tagName) {
    case 'html':
      out.lang = attr(el, 'lang') ?? attr(el, 'xml:lang');
      break;
    case 'meta': {
      const key = (attr(el, 'property') ?? attr(el, 'name') ?? '').toLowerCase().trim();
      const content = attr(el, 'content');
      if (key && content !== undefined) out.meta.set(key, [...(out.meta.get(key) ?? []), content]);
      break;
    }
    case 'link':
      if ((attr(el, 'rel') ?? '').toLowerCase() === 'canonical') out.canonical ??= attr(el, 'href');
      break;
    case 'title':
      out.titleTag ??= cleanText(rawText(el));
      break;
    case 'h1':
      out.headings.push(el);
      break;
    case 'script': {
      const code = rawText(el);
      if ((attr(el, 'type') ?? '').toLowerCase().startsWith('application/ld+json')) {
        out.jsonLd.push(code);
        break;
      }
      noteScriptBarcodes(code, out.scriptBarcodes);
      noteTagIds(code, out.tagIds);
      if (out.stateScripts.length < 4) {
        const state = stateScript(el);
        if (state) out.stateScripts.push(state);
      }
      noteFlight(code, out.flight);
      noteShopVariants(code, out.shopVariants);
      break;
    }
    case 'input':
      noteFormValue(el, out.formValues);
      noteFormSku(el, out.formSkus);
      noteCartVariant(el, out.cartVariantIds);
      break;
    case 'option':
      noteCartVariant(el, out.cartVariantIds);
      break;
    case 'table':
      collectColumns(el, out.labelled);
      break;
    case 'tr':
    case 'dt':
      collectLabelled(el, out.labelled);
      break;
    case 'li': {
      // A list item is a row of label and value cells, or one line that writes both ("SKU #2381366").
      const before = out.labelled.length;
      collectLabelled(el, out.labelled);
      if (out.labelled.length === before && out.labelled.length <= MAX_LABELLED) out.labelled.push(...labelledPairs(el));
      break;
    }
    default:
      if (PAIR_HOLDERS.has(el.tagName) && out.labelled.length <= MAX_LABELLED) out.labelled.push(...labelledPairs(el));
  }
}

function noteScriptBarcodes(code: string, out: string[]): void {
  if (out.length >= MAX_BARCODES || code.length > MAX_STATE_SCRIPT) return;
  for (const m of code.matchAll(SCRIPT_BARCODE)) if (out.length < MAX_BARCODES) out.push((m[1] ?? m[2]) as string);
  for (const m of code.matchAll(TAG_BARCODE)) if (out.length < MAX_BARCODES) out.push(m[1] as string);
}

/** One chunk of Next.js's streamed data: a script that pushes a string ("1" marks data; "0" and "2" bootstrap). */
const FLIGHT_PUSH = /^\s*self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)\s*;?\s*$/s;

/** A chunk of the app router's streamed data, decoded, while the chunks kept stay within a state script's size. */
function noteFlight(code: string, flight: Page['flight']): void {
  const m = code.length <= MAX_STATE_SCRIPT - flight.size ? FLIGHT_PUSH.exec(code) : null;
  if (!m) return;
  let chunk: unknown;
  try {
    chunk = JSON.parse(m[1] as string);
  } catch {
    return;
  }
  if (typeof chunk !== 'string') return;
  flight.chunks.push(chunk);
  flight.size += chunk.length;
}

/** A link to a brand's page, a link right after a trail's separator, or an image marked as the maker's logo. */
function namesMaker(el: HtmlElement, said: string, before: string): boolean {
  if (el.tagName === 'img') return !!said && MAKER_WORDS.test(said) && !!attr(el, 'alt');
  if (el.tagName !== 'a') return false;
  if (BRAND_LINK.test(attr(el, 'href') ?? '')) return !inLongList(el);
  return /[»›]\s*$/.test(before);
}

/** Whether an element's own text, a line's worth, names delivery. */
function namesDelivery(el: HtmlElement): boolean {
  const own = ownText(el);
  return own.length <= 400 && SHIPPING_TEXT.test(own);
}

function walk(root: HtmlElement): Walked {
  const out: Walked = { meta: new Map(), titleTag: null, headings: [], jsonLd: [], scopes: [], byId: new Map(), labelled: [], priceEls: [], cartEls: [], barcodeEls: [], stockEls: [], stockLines: [], shippingEls: [], shippingLines: [], conditionEls: [], crumbEls: [], brandEls: [], looseBrandMarks: [], makerLinks: [], brandBlocks: [], scriptBarcodes: [], shopVariants: [], cartVariantIds: [], stateScripts: [], flight: { chunks: [], size: 0 }, tagIds: { remarketing: [], platformSku: null, platformVendor: null, brands: [], detail: null }, formValues: new Set(), formSkus: [], lang: undefined, canonical: undefined };
  for (const el of elements(root)) {
    const id = attr(el, 'id');
    if (id && !out.byId.has(id)) out.byId.set(id, el);
    if (hasAttr(el, 'itemscope')) out.scopes.push(el);
    if (out.looseBrandMarks.length < MAX_BRAND_ELEMENTS && /(?:^|\s)brand(?:\s|$)/.test(attr(el, 'itemprop') ?? '') && !hasAttr(el, 'itemscope') && !insideItem(el)) out.looseBrandMarks.push(el);
    const said = describedAs(el);
    if (said && out.priceEls.length < MAX_PRICE_ELEMENTS && PRICE_WORDS.test(said)) out.priceEls.push(el);
    // A price the page labels in its words ("Our Price: £579.00") where its markup names none.
    const labelledPrice = out.priceEls.length < MAX_PRICE_ELEMENTS ? priceLabelValue(el) : null;
    if (labelledPrice) out.priceEls.push(labelledPrice);
    if (said && out.stockEls.length < MAX_STOCK_ELEMENTS && STOCK_WORDS.test(said)) out.stockEls.push(el);
    if (said && out.shippingEls.length < MAX_STOCK_ELEMENTS && SHIPPING_WORDS.test(said)) out.shippingEls.push(el);
    if (out.shippingLines.length < MAX_SHIPPING_LINES && STOCK_LINE_HOLDERS.has(el.tagName) && namesDelivery(el)) out.shippingLines.push(el);
    if (said && out.conditionEls.length < MAX_STOCK_ELEMENTS && CONDITION_WORDS.test(said)) out.conditionEls.push(el);
    if (isCartControl(el, said)) out.cartEls.push(el);
    if (out.stockLines.length < MAX_STOCK_ELEMENTS && STOCK_LINE_HOLDERS.has(el.tagName) && ownStockWords(el)) out.stockLines.push({ el, headingsBefore: out.headings.length });
    if (said && out.crumbEls.length < 10 && CRUMB_MARK.test(said)) out.crumbEls.push(el);
    const model = markedModel(el);
    if (model && out.labelled.length <= MAX_LABELLED) out.labelled.push(['model', model]);
    const itemNumber = said ? markedItemNumber(el, said) : null;
    if (itemNumber && out.labelled.length <= MAX_LABELLED) out.labelled.push(['sku', itemNumber]);
    // A menu of every brand the shop sells may fill the quota before the item's heading: the item's own brand
    // link or logo stands after it, so the heading opens a second quota.
    const before = el.tagName === 'a' ? textBefore(el) : '';
    if (out.brandEls.length < MAX_BRAND_ELEMENTS * (out.headings.length > 0 ? 2 : 1) && namesMaker(el, said, before)) out.brandEls.push(el);
    if (el.tagName === 'a' && out.makerLinks.length < MAX_BRAND_ELEMENTS && !STUDIO_LINK.test(attr(el, 'href') ?? '')) {
      const linked = ownText(el);
      const maker = ALL_FROM_MAKER.exec(linked)?.[1] ?? ALL_FROM_MAKER.exec(`${cleanText(before)} ${linked}`)?.[1];
      if (maker) out.makerLinks.push(maker);
    }
    if (said && out.brandBlocks.length < MAX_BRAND_BLOCKS && BRAND_BLOCK.test(said) && !NOT_BRAND_BLOCK.has(el.tagName)) out.brandBlocks.push(el);
    if (said && out.scriptBarcodes.length < MAX_BARCODES) out.scriptBarcodes.push(...el.attrs.filter((a) => BARCODE_ATTR.test(a.name) && a.value).map((a) => a.value));
    if (out.barcodeEls.length < 20 && TEXT_HOLDERS.has(el.tagName) && el.childNodes.some((c) => c.nodeName === '#text' && BARCODE_WORD.test((c as { value: string }).value))) out.barcodeEls.push(el);
    noteHeadElement(el, out);
  }
  return out;
}

/** The shop's name in its forms: og:site_name, application-name, twitter:site, the host's own labels; compacted. */
function siteNamesOf(meta: Map<string, string[]>, host: string | null, titleTag: string | null): string[] {
  const siteNames = new Set<string>();
  // A template writing the item's own title as the site's name names no site.
  const itemTitles = new Set([...(meta.get('og:title') ?? []), titleTag ?? ''].map(compact));
  for (const name of [...(meta.get('og:site_name') ?? []), ...(meta.get('application-name') ?? []), ...(meta.get('twitter:site') ?? [])]) {
    const c = compact(name.replace(/^@/, ''));
    if (c.length >= 2 && !itemTitles.has(c)) siteNames.add(c);
  }
  if (host) {
    const labels = host.split('.').filter((l) => !/^(?:www\d?|m|shop|store|com|co|net|org|[a-z]{2})$/.test(l));
    for (const l of labels) if (l.length >= 3) siteNames.add(compact(l));
  }
  return [...siteNames].filter(Boolean);
}

/** The colours and sizes the meta tags name apart from the title (twitter:label "Colour", product:color). */
function metaVariantNames(meta: Map<string, string[]>): Set<string> {
  const variantNames = new Set<string>();
  for (let i = 1; i <= 4; i++) {
    const label = meta.get(`twitter:label${i}`)?.[0];
    const data = meta.get(`twitter:data${i}`)?.[0];
    if (label && data && VARIANT_LABEL.test(label.trim())) addVariantName(variantNames, data);
  }
  for (const key of ['product:color', 'og:color', 'product:size']) for (const v of meta.get(key) ?? []) addVariantName(variantNames, v);
  return variantNames;
}

/**
 * "localhost", or an IP address no public server has (loopback, private, link-local: the fetcher's guard): a shop's
 * page served from there is a saved copy, and names its shop by the address it states.
 */
export function isLocalHost(host: string | null): boolean {
  if (!host) return false;
  const literal = literalAddress(host);
  return host === 'localhost' || (literal !== null && !checkAddress(literal.address).allowed);
}

export function readPage(html: string, url: string | undefined): Page {
  const doc = parseHtml(html) as unknown as HtmlElement;
  const { lang, canonical, ...walked } = walk(doc);
  const meta = walked.meta;
  // Read without an address, or from a copy on this machine, the page is where its canonical link or og:url says.
  const stated = absoluteUrl(canonical ?? meta.get('og:url')?.[0] ?? null, url) ?? undefined;
  const pageUrl = !url || (isLocalHost(hostOf(url)) && stated && !isLocalHost(hostOf(stated))) ? (stated ?? url) : url;
  const host = hostOf(pageUrl);
  const addresses = [url, canonical, meta.get('og:url')?.[0]].filter((a): a is string => !!a).map((a) => a.toLowerCase().replace(/\/$/, ''));
  return {
    ...walked,
    url: pageUrl,
    addresses,
    variantNames: metaVariantNames(meta),
    host,
    siteNames: siteNamesOf(meta, host, walked.titleTag),
    localeCurrency: hostCurrency(host) ?? currencyOfLocale(meta.get('og:locale')?.[0]) ?? currencyOfLocale(lang),
    root: doc,
  };
}
