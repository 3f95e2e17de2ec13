/**
 * The microdata reader: schema.org Product items read as a tree (a nested brand item, a nested Product, offers as
 * items), the page's own item being the one holding its heading, else the first outside blocks of other products.
 */
import { attr, elements, hasAttr, isBlock, textOf, type HtmlElement } from '../html';
import type { Evidence } from './evidence';
import { amongOtherProducts, contains, insideItem, isOldPrice, priceTextOf } from './markup';
import { addVariantName, compact, type Page } from './page';
import { headingElement, isSiteName } from './titles';
import { currencyCode, currencyFromText, gtinOf, idKey, mpnOf, parseCondition, parsePrice, parseStockState, text } from './values';

const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Book)\b/i;
const OFFER_TYPE = /schema\.org\/(?:Offer|AggregateOffer)\b/i;

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
    const el = node;
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

/**
 * An item number the element shows as the page writes it, where its `content` states the same letters and digits
 * without the separators (`<span itemprop="sku" content="4667999">466/7999</span>`): a shopper reads, and searches
 * by, the shown form.
 */
function shownId(el: HtmlElement, name: string, content: string | null): string | null {
  if (!content || !/^(?:sku|mpn|productid)$/i.test(name) || el.tagName === 'meta') return null;
  const shown = text(textOf(el, undefined, 60));
  return shown && shown !== content && /[./-]/.test(shown) && idKey(shown) === idKey(content) ? shown : null;
}

/** A rating summary a template put inside the item's heading ("Overall rating 3 / 5", "Write the first review"). */
const ratingInHeading = (el: HtmlElement): boolean => isBlock(el) && /review|rating/i.test(`${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`);

/** A property's value as microdata defines it; brand and name read as text, never as a link's address. */
function propValue(el: HtmlElement, name: string): string | null {
  const content = attr(el, 'content');
  if (content !== undefined) return shownId(el, name, text(content)) ?? text(content);
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
  if (/price/i.test(name)) return text(priceTextOf(el, isOldPrice, 2000));
  return text(textOf(el, name === 'name' && /^h[1-6]$/.test(el.tagName) ? ratingInHeading : undefined, 2000));
}

const firstText = (item: MicroItem, ...names: string[]): string | null => {
  for (const n of names) for (const v of item.props.get(n) ?? []) if (typeof v === 'string' && v) return v;
  return null;
};
const firstItem = (item: MicroItem, ...names: string[]): MicroItem | null => {
  for (const n of names) for (const v of item.props.get(n) ?? []) if (typeof v !== 'string') return v;
  return null;
};


const allText = (item: MicroItem, name: string): string[] => (item.props.get(name) ?? []).filter((v): v is string => typeof v === 'string' && v.length > 0);

/** The lowest amount an element shows: "$79.99 $39.99" (was, now) is 39.99. */
function lowestAmount(raw: string): number | null {
  const amounts = (raw.match(/\d(?:[\d.,'\u00a0\u202f ]*\d)?/g) ?? []).map((a) => parsePrice(a)).filter((n): n is number => n != null && n > 0);
  if (amounts.length === 0) return parsePrice(raw);
  return Math.min(...amounts);
}

/** An offer's shippingDetails item: its shippingRate's value, 0 when free. */
function microShipping(offer: MicroItem | null, page: Page): Evidence['shipping'] {
  const details = offer ? firstItem(offer, 'shippingDetails') : null;
  const rate = details ? (firstItem(details, 'shippingRate') ?? details) : null;
  const amount = rate ? parsePrice(firstText(rate, 'value', 'price')) : null;
  return rate && amount != null ? { amount, currency: currencyCode(firstText(rate, 'currency', 'priceCurrency'), page.localeCurrency) } : null;
}

function microAttributes(product: MicroItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['color', 'size', 'material', 'pattern']) {
    const v = firstText(product, key);
    if (v && v.length <= 80) out[key] = v;
  }
  return out;
}

function fromMicroProduct(product: MicroItem, page: Page): Evidence {
  const offerItems = (product.props.get('offers') ?? []).filter((v): v is MicroItem => typeof v !== 'string' && (OFFER_TYPE.test(v.type) || v.props.has('price') || v.props.has('lowPrice')));
  const offer = offerItems.find((o) => firstText(o, 'price', 'lowPrice')) ?? offerItems[0] ?? null;
  const rawPrice = (offer && firstText(offer, 'price', 'lowPrice')) ?? firstText(product, 'price', 'lowPrice');
  const rawCurrency = (offer && firstText(offer, 'priceCurrency')) ?? firstText(product, 'priceCurrency');
  const brandItem = firstItem(product, 'brand', 'manufacturer');
  const brand = brandItem ? (firstText(brandItem, 'name') ?? text(textOf(brandItem.el, undefined, 200))) : firstText(product, 'brand', 'manufacturer');
  const productIds = allText(product, 'productID');
  const price = rawPrice && /\d/.test(rawPrice) ? lowestAmount(rawPrice) : null;
  const gtinKeys = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'upc', 'ean', 'isbn'];
  // schema.org lets an Offer carry the item's barcode, part number and sku too: the product's own come first.
  const own = (...names: string[]) => firstText(product, ...names) ?? (offer && offerItems.length === 1 ? firstText(offer, ...names) : null);
  return {
    title: firstText(product, 'name'),
    brand,
    gtin: gtinOf(...gtinKeys.map((k) => own(k)), ...productIds.filter((v) => /^(?:gtin|upc|ean|isbn)/i.test(v))),
    mpn: mpnOf(own('mpn'), ...productIds.filter((v) => /^mpn:/i.test(v)), firstText(product, 'model')),
    sku: own('sku') ?? productIds[0] ?? null,
    price,
    currency: currencyCode(rawCurrency, page.localeCurrency) ?? (rawPrice ? currencyFromText(rawPrice, page.localeCurrency) : null),
    images: allText(product, 'image'),
    availability: parseStockState((offer && firstText(offer, 'availability')) ?? firstText(product, 'availability')),
    condition: parseCondition((offer && firstText(offer, 'itemCondition')) ?? firstText(product, 'itemCondition')),
    shipping: microShipping(offer, page),
    attributes: microAttributes(product),
  };
}

const sameName = (item: MicroItem) => firstText(item, 'name')?.replace(/\s+/g, ' ').trim().toLowerCase() ?? null;

/** The page's own product item: the one holding its heading, else the first named one with an offer outside other products' blocks. */
function mainProduct(page: Page): { main: MicroItem; related: MicroItem[] } | null {
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
  // A Product nested in the main one (or holding it) without an itemprop describes the same item: read on into it; so
  // does a Product of the same name or none outside other products' blocks (a page writing its item in two scopes: the
  // heading's, and the details' with the offer, named again or not at all).
  const name = sameName(main);
  const sameItem = (p: MicroItem) => contains(main.el, p.el) || contains(p.el, main.el) || (name !== null && (sameName(p) ?? name) === name && own.includes(p));
  return { main, related: products.filter((p) => p !== main && sameItem(p)) };
}

const isEmpty = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && Object.keys(v).length === 0);

/**
 * The brand marked up outside any item (`<span itemprop="brand">Nike</span>` on a page without an itemscope) where every
 * such mark writes the same name and it is not the shop's own (a marketplace marks its own name so).
 */
function looseBrand(page: Page): string | null {
  const said = new Map<string, string>();
  for (const el of page.looseBrandMarks) {
    const value = propValue(el, 'brand');
    if (value) said.set(compact(value), value);
    if (said.size > 1) return null;
  }
  const [brand] = [...said.values()];
  return brand && !isSiteName(brand, page) ? brand : null;
}

/**
 * The offer a template marks up without the product around it (`<div itemprop="offers" itemscope
 * itemtype="…/Offer">` alone, its Product scope left out): the one Offer scope on the page outside any other item and
 * outside other products' blocks. Several speak of several items.
 */
function loneOffer(page: Page): Evidence | null {
  const offers = page.scopes.filter((scope) => OFFER_TYPE.test(attr(scope, 'itemtype') ?? '') && !insideItem(scope) && !amongOtherProducts(scope));
  if (offers.length !== 1) return null;
  const offer = readItem(offers[0] as HtmlElement, new Set());
  const rawPrice = firstText(offer, 'price', 'lowPrice');
  const price = rawPrice && /\d/.test(rawPrice) ? lowestAmount(rawPrice) : null;
  if (price == null) return null;
  return {
    price,
    currency: currencyCode(firstText(offer, 'priceCurrency'), page.localeCurrency) ?? currencyFromText(rawPrice as string, page.localeCurrency),
    availability: parseStockState(firstText(offer, 'availability')),
    condition: parseCondition(firstText(offer, 'itemCondition')),
  };
}

/** Fills the fields `found` leaves empty with those `more` states. */
function fillGaps(found: Evidence, more: Evidence | null): void {
  if (!more) return;
  for (const key of Object.keys(more) as (keyof Evidence)[]) if (isEmpty(found[key]) && !isEmpty(more[key])) (found as Record<string, unknown>)[key] = more[key];
}

/** The first price marked up outside any item, with the currency its text writes. */
function loosePrice(page: Page): Evidence | null {
  const loose = [...elements(page.root)].find((el) => attr(el, 'itemprop') === 'price' && !insideItem(el));
  const raw = loose ? propValue(loose, 'price') : null;
  const price = raw ? lowestAmount(raw) : null;
  return raw && price != null ? { price, currency: currencyFromText(raw, page.localeCurrency) } : null;
}

export function fromMicrodata(page: Page): Evidence | null {
  const chosen = mainProduct(page);
  if (!chosen) {
    const brand = looseBrand(page);
    const offer = loneOffer(page);
    return brand || offer ? { ...offer, brand } : null;
  }
  const { main, related } = chosen;
  for (const key of ['color', 'size']) addVariantName(page.variantNames, firstText(main, key));
  const found = fromMicroProduct(main, page);
  for (const other of related) fillGaps(found, fromMicroProduct(other, page));
  // A product scope without a price: the offer marked up apart from it, else a price marked up outside any item
  // ("<span itemprop=price>" beside the product's block). A lone Offer scope comes first, as a pay-later line's
  // amount ("4 payments of <span itemprop=price>$10.25</span>") is as loose as the item's own.
  if (found.price == null) fillGaps(found, loneOffer(page) ?? loosePrice(page));
  found.brand ??= looseBrand(page);
  return found;
}
