/**
 * The JSON-LD reader: schema.org Product, ProductGroup (with hasVariant), IndividualProduct and ProductModel nodes in
 * any shape pages write them (one object, arrays, @graph, @id references), their Offers and AggregateOffers (nested
 * ones, price specifications, shipping details), and the variant the page's address names.
 */
import type { Evidence, ShippingFound } from './evidence';
import { collectNodes, deref, first, isObject, isProduct, objectsOf, parseLenientJson, type Json, type JsonObject } from './json';
import { addVariantName, type Page } from './page';
import { currencyCode, currencyFromText, gtinOf, mpnOf, parseCondition, parsePrice, parseStockState, text, type ItemCondition, type StockState } from './values';

type Ids = Map<string, JsonObject>;

function nameOf(v: Json | undefined, ids: Ids): string | null {
  const x = deref(first(v), ids);
  if (isObject(x)) return text(x['name']);
  return text(x);
}

function imagesOf(v: Json | undefined, ids: Ids): string[] {
  const out: string[] = [];
  for (const raw of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
    const x = deref(raw, ids);
    const url = isObject(x) ? (text(x['url']) ?? text(x['contentUrl']) ?? text(x['@id'])) : text(x);
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

interface OfferFields {
  price: number | null;
  currency: string | null;
  availability: StockState | null;
  condition: ItemCondition | null;
  shipping: ShippingFound | null;
}

/** An OfferShippingDetails' rate (or a DeliveryChargeSpecification): 0 when free. */
function shippingOf(offer: JsonObject, ids: Ids, locale: string | null): ShippingFound | null {
  const details = [...objectsOf(offer['shippingDetails'], ids), ...objectsOf(offer['priceSpecification'], ids).filter((s) => /deliverycharge/i.test(JSON.stringify(s['@type'] ?? '')))];
  for (const d of details) {
    if (d['doesNotShip'] === true) continue;
    const rate = deref(first(d['shippingRate']), ids);
    const source = isObject(rate) ? rate : d;
    const amount = parsePrice(source['value'] ?? source['price'] ?? null);
    if (amount == null) continue;
    return { amount, currency: currencyCode(source['currency'] ?? source['priceCurrency'], locale) };
  }
  return null;
}

/** An offer's price specification, also under a key a template writes with a capital ("PriceSpecification"). */
const priceSpecOf = (o: JsonObject, ids: Ids) => deref(first(o['priceSpecification'] ?? o['PriceSpecification']), ids);

function oneOffer(o: JsonObject, ids: Ids, locale: string | null): OfferFields {
  const spec = priceSpecOf(o, ids);
  const specObj = isObject(spec) ? spec : null;
  const rawPrice = o['price'] ?? o['lowPrice'] ?? specObj?.['price'] ?? specObj?.['minPrice'] ?? null;
  return {
    price: parsePrice(rawPrice),
    currency: currencyCode(o['priceCurrency'] ?? specObj?.['priceCurrency'], locale) ?? (typeof rawPrice === 'string' ? currencyFromText(rawPrice, locale) : null),
    availability: parseStockState(o['availability']),
    condition: parseCondition(o['itemCondition']),
    shipping: shippingOf(o, ids, locale),
  };
}

/** The first offer with a price (nested offers of an AggregateOffer filling what the outer one leaves out). */
function offerFields(v: Json | undefined, ids: Ids, locale: string | null, depth = 0): OfferFields | null {
  if (depth > 4) return null;
  let fallback: OfferFields | null = null;
  for (const o of objectsOf(v, ids)) {
    const fields = oneOffer(o, ids, locale);
    if (Object.values(fields).some((x) => x == null) && o['offers'] !== undefined) {
      const nested = offerFields(o['offers'], ids, locale, depth + 1);
      if (nested) for (const key of Object.keys(fields) as (keyof OfferFields)[]) (fields as unknown as Record<string, unknown>)[key] ??= nested[key];
    }
    if (fields.price != null) return fields;
    fallback ??= fields;
  }
  return fallback;
}

const IDENTIFIER_KEYS = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'upc', 'ean', 'isbn', 'sku', 'productID', 'mpn'];
const GTIN_KEYS = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'upc', 'ean'];
const OFFER_ID_KEYS = [...GTIN_KEYS, 'isbn', 'mpn'];
/** Properties a variant differs by, as schema.org names them. */
const VARIANT_KEYS = ['color', 'size', 'material', 'pattern', 'suggestedGender', 'suggestedAge'];

/** Whether the page's address names this product node: its URL, or one of its identifiers in the query or path. */
export function isSelected(node: JsonObject, page: Page): boolean {
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

/** A variant's attributes: its colour, size and the like, and its additionalProperty name/value pairs. */
function attributesOf(node: JsonObject | null, ids: Ids): Record<string, string> {
  const out: Record<string, string> = {};
  if (!node) return out;
  for (const key of VARIANT_KEYS) {
    const v = nameOf(node[key], ids);
    if (v && v.length <= 80) out[key.toLowerCase()] = v;
  }
  for (const p of objectsOf(node['additionalProperty'], ids)) {
    const name = text(p['name'])?.toLowerCase();
    const value = text(first(p['value']));
    if (name && value && name.length <= 40 && value.length <= 80) out[name] ??= value;
  }
  return out;
}

/**
 * Of a product's several offers, the one its page shows chosen: the one the address names, else the first in stock,
 * else the first. A shop that lists each size or voltage as an offer with its own barcode ("gtin13" on each) opens the
 * page on the first one a shopper can buy, as Shopify's themes do.
 */
function shownOffer(offers: JsonObject[], page: Page): JsonObject | null {
  if (offers.length < 2) return null;
  const inStock = (o: JsonObject) => parseStockState(text(o['availability'])) === 'InStock';
  return offers.find((o) => isSelected(o, page)) ?? offers.find(inStock) ?? offers[0] ?? null;
}

function fromProductNode(node: JsonObject, ids: Ids, page: Page): Evidence {
  const locale = page.localeCurrency;
  const variants = objectsOf(node['hasVariant'], ids);
  const variant = variants[0] ?? null;
  // A variant's own identifiers (its GTIN, SKU, MPN) are the page's only when the page has one variant or names it;
  // an address several variants claim (a template writing the page's own URL into each) names none of them.
  const named = variants.length === 1 ? [] : variants.filter((v) => isSelected(v, page));
  const selected = variants.length === 1 ? variant : named.length === 1 ? (named[0] as JsonObject) : null;
  const offers = offerFields((selected ?? node)['offers'], ids, locale) ?? offerFields(node['offers'], ids, locale) ?? (variant ? offerFields(variant['offers'], ids, locale) : null);
  // A barcode or part number the product leaves out may stand on its one offer (schema.org lets an Offer carry them).
  // So may its sku (Squarespace writes it there alone), read after the product's own; of several offers, a sku is a
  // size's or a seller's, not the item's.
  const offerNodes = objectsOf(node['offers'], ids);
  const soleOffer = offerNodes.length === 1 ? (offerNodes[0] as JsonObject) : null;
  const shown = shownOffer(offerNodes, page);
  const pick = (key: string) =>
    node[key] ?? (IDENTIFIER_KEYS.includes(key) ? selected : variant)?.[key] ?? (OFFER_ID_KEYS.includes(key) ? soleOffer?.[key] : undefined) ?? (GTIN_KEYS.includes(key) ? shown?.[key] : undefined);
  const productId = text(first(pick('productID')));
  const model = pick('model');
  const images = imagesOf(selected?.['image'], ids);
  for (const url of imagesOf(pick('image'), ids)) if (!images.includes(url)) images.push(url);
  return {
    title: text(node['name']) ?? (variant ? text(variant['name']) : null),
    brand: nameOf(node['brand'], ids) ?? nameOf(node['manufacturer'], ids) ?? (variant ? nameOf(variant['brand'], ids) : null),
    gtin: gtinOf(...GTIN_KEYS.map(pick), pick('isbn'), productId && /^(?:gtin|upc|ean|isbn)/i.test(productId) ? productId : null),
    mpn: mpnOf(pick('mpn'), productId && /^mpn:/i.test(productId) ? productId : null, isObject(model) ? null : model),
    sku: text(pick('sku')) ?? productId ?? text(soleOffer?.['sku']),
    price: offers?.price ?? null,
    currency: offers?.currency ?? null,
    images,
    // Of several offers (a size or a seller each), the one the page shows: the one the address names, else one a
    // shopper can buy ("M" sold out, "S" and "L" not).
    availability: (shown ? parseStockState(shown['availability']) : null) ?? offers?.availability ?? null,
    condition: offers?.condition ?? parseCondition(node['itemCondition']),
    shipping: offers?.shipping ?? null,
    attributes: selected ? attributesOf(selected, ids) : variants.length === 0 ? attributesOf(node, ids) : {},
  };
}

/** The prices of every offer of a product (nested offers and price specifications included). */
function offerPrices(v: Json | undefined, ids: Ids, depth = 0): number[] {
  if (depth > 4 || v === undefined) return [];
  const out: number[] = [];
  for (const o of objectsOf(v, ids)) {
    const spec = priceSpecOf(o, ids);
    const price = parsePrice(o['price'] ?? o['lowPrice'] ?? (isObject(spec) ? spec['price'] : null) ?? null);
    if (price != null) out.push(price);
    out.push(...offerPrices(o['offers'], ids, depth + 1));
  }
  return out;
}

/** Properties that name other products than the one a node describes: ones like it, sold with it, or used with it. */
const OTHER_PRODUCT_KEYS = ['isSimilarTo', 'isRelatedTo', 'isAccessoryOrSparePartFor', 'isConsumableFor', 'isBasedOn', 'isBasedOnUrl'];

/**
 * The page's Product nodes: named ones (a product an Offer sells under `itemOffered` may leave its name to the Offer),
 * not the products another names as like it or sold with it, which are no item of this page.
 */
function productNodes(page: Page): { products: JsonObject[]; ids: Ids } {
  const nodes: JsonObject[] = [];
  const ids: Ids = new Map();
  for (const content of page.jsonLd) {
    const parsed = parseLenientJson(content);
    if (parsed !== undefined) collectNodes(parsed, nodes, ids);
  }
  const others = new Set<JsonObject>();
  const offeredName = new Map<JsonObject, string>();
  for (const node of nodes) {
    for (const key of OTHER_PRODUCT_KEYS) for (const other of objectsOf(node[key], ids)) others.add(other);
    const name = text(node['name']);
    if (name) for (const item of objectsOf(node['itemOffered'], ids)) if (text(item['name']) === null) offeredName.set(item, name);
  }
  const products = nodes
    .filter((n) => isProduct(n) && !others.has(n))
    .map((n) => (offeredName.has(n) ? { ...n, name: offeredName.get(n) as string } : n))
    .filter((n) => text(n['name']) !== null || isObject(first(n['hasVariant'])));
  return { products, ids };
}

export function fromJsonLd(page: Page): Evidence | null {
  const { products, ids } = productNodes(page);
  // Prefer the product that carries offers (the page's own item, not a related one); a variant that carries them
  // stands for its group (ProductGroup's hasVariant), whose brand, name and id are the page's when no variant is chosen.
  const withOffers = products.find((p) => p['offers'] !== undefined) ?? products[0];
  const best = products.find((p) => p !== withOffers && objectsOf(p['hasVariant'], ids).includes(withOffers as JsonObject)) ?? withOffers;
  if (!best) return null;
  let own = best;
  // Several Products of the same name with their own GTINs or SKUs (a size or colour each): the one the page's address
  // names, else none of their identifiers, and in stock when any of them is (a shopper can buy some size).
  const bestName = text(best['name'])?.toLowerCase();
  const idOfNode = (n: JsonObject) => gtinOf(...GTIN_KEYS.map((k) => n[k])) ?? text(first(n['sku']));
  const variants = products.filter((p) => text(p['name'])?.toLowerCase() === bestName && idOfNode(p) !== null);
  const ambiguous = new Set(variants.map(idOfNode)).size > 1;
  if (ambiguous) own = variants.find((v) => isSelected(v, page)) ?? best;
  for (const node of [own, ...variants]) for (const key of ['color', 'size']) addVariantName(page.variantNames, node[key]);
  const found = fromProductNode(own, ids, page);
  if (ambiguous && !isSelected(own, page)) {
    found.gtin = null;
    found.sku = null;
    found.mpn = null;
    found.attributes = {};
    if (found.availability !== 'InStock' && variants.some((v) => offerFields(v['offers'], ids, page.localeCurrency)?.availability === 'InStock')) found.availability = 'InStock';
  }
  found.offerPrices = offerPrices(best['offers'], ids);
  return found;
}
