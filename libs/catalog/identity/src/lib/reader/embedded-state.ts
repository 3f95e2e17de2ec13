/**
 * The embedded-state reader: the state a page's framework ships with it (Next.js's __NEXT_DATA__ and the data its app
 * router streams, window.__INITIAL_STATE__ = {…} and its kin), searched for the object that describes the page's item:
 * one named like the page's heading that states identifiers, a price or stock.
 */
import type { Evidence } from './evidence';
import { isObject, type Json, type JsonObject } from './json';
import { fromJsonLd } from './json-ld';
import { fromMicrodata } from './microdata';
import type { Page } from './page';
import { parsedStates } from './state-scripts';
import { headingTitle } from './titles';
import { gtinOf, mpnOf, parsePrice, parseStockState, text, type StockState } from './values';

/** Objects looked at in one page's state: a page's store may hold every listing of a category. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 24;

const ID_KEYS = ['sku', 'skuId', 'gtin', 'gtin13', 'gtin12', 'gtin14', 'ean', 'upc', 'mpn', 'manufacturerPartNumber', 'modelNumber'];

/**
 * Target's product data, whose facts sit beside its item number (tcin) in two objects, `item` (the description's
 * title, the brand, the barcode) and `price` (current_retail), as an object of the names other states use.
 */
function targetProduct(node: JsonObject): JsonObject | null {
  const { item, price } = node;
  if (typeof node['tcin'] !== 'string' || !isObject(item) || !isObject(price)) return null;
  const description = item['product_description'];
  const brand = item['primary_brand'];
  return {
    name: isObject(description) ? (description['title'] ?? null) : null,
    sku: node['tcin'],
    brand: isObject(brand) ? (brand['name'] ?? null) : null,
    upc: item['primary_barcode'] ?? null,
    price: price['current_retail'] ?? null,
  };
}

/**
 * Whether an object's name is the item's as the page's heading writes it, also where the heading goes on with a number
 * of the shop's own set beside the name ("Amazon Echo Show 5 - Sandstone 134/4466").
 */
function namedAsHeading(name: string, heading: string | undefined): boolean {
  if (!heading || !name) return false;
  return name === heading || (heading.startsWith(`${name} `) && /^[\d\s/.#-]{3,16}$/.test(heading.slice(name.length + 1)));
}

/**
 * Objects that name an item and state at least two of its identifiers, price, brand or stock; one named as the page's
 * heading names its item needs one (a store's record of the item shown: name, item number and brand).
 */
function productLike(node: JsonObject, heading: string | undefined): boolean {
  const name = text(node['name']) ?? text(node['title']) ?? text(node['productName']);
  if (!name || name.length > 300) return false;
  let facts = 0;
  for (const k of [...ID_KEYS, 'price', 'brand', 'availability', 'inStock', 'isInStock', 'hasStock']) if (node[k] != null && node[k] !== '') facts++;
  return facts >= 2 || (facts === 1 && namedAsHeading(name.toLowerCase(), heading));
}

function productsIn(root: Json, heading: string | undefined): JsonObject[] {
  const out: JsonObject[] = [];
  const stack: [Json, number][] = [[root, 0]];
  let budget = MAX_NODES;
  while (stack.length > 0 && budget-- > 0 && out.length < 50) {
    const [node, depth] = stack.pop() as [Json, number];
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i] as Json, depth + 1]);
      continue;
    }
    const own = targetProduct(node) ?? node;
    if (productLike(own, heading)) out.push(own);
    for (const v of Object.values(node).reverse()) stack.push([v, depth + 1]);
  }
  return out;
}

const nameOf = (node: JsonObject) => (text(node['name']) ?? text(node['title']) ?? text(node['productName']) ?? '').toLowerCase();

/**
 * A price as a state writes it: a number or text, or an object holding its amount, or the prices of a price block
 * ("price": {"discountedPrice": {"value": 1199}, "sellingPrice": …, "originalPrice": …}), the one paid now first.
 */
function priceOf(v: Json | undefined, depth = 0): number | null {
  if (!isObject(v)) return parsePrice(v ?? null);
  const amount = parsePrice(v['value'] ?? v['amount'] ?? v['current'] ?? v['price'] ?? null);
  if (amount !== null || depth > 0) return amount;
  return priceOf(v['discountedPrice'] ?? v['salePrice'] ?? v['sellingPrice'] ?? v['finalPrice'] ?? v['currentPrice'], depth + 1);
}

function stockOf(node: JsonObject): StockState | null {
  const said = parseStockState(node['availability'] ?? node['stockStatus'] ?? null);
  if (said) return said;
  const flag = node['inStock'] ?? node['isInStock'] ?? node['hasStock'];
  return flag === true ? 'InStock' : flag === false ? 'OutOfStock' : null;
}

function fromStateNode(node: JsonObject): Evidence {
  const brand = node['brand'];
  const image = node['image'] ?? node['images'];
  const images = (Array.isArray(image) ? image : [image]).map((i) => (isObject(i) ? text(i['url']) : text(i))).filter((i): i is string => !!i && /^(?:https?:)?\/\//.test(i));
  return {
    brand: isObject(brand) ? text(brand['name']) : text(brand),
    gtin: gtinOf(node['gtin13'], node['gtin'], node['gtin12'], node['gtin14'], node['ean'], node['upc']),
    mpn: mpnOf(node['mpn'], node['manufacturerPartNumber']),
    sku: text(node['sku']) ?? text(node['skuId']),
    price: priceOf(node['price']),
    currency: text(node['currency']) ?? text(node['priceCurrency']),
    availability: stockOf(node),
    images,
  };
}

/** The one valid barcode the page's scripts and data attributes write (several different ones speak of several items). */
function scriptBarcode(page: Page): string | null {
  const valid = new Set(page.scriptBarcodes.map((b) => gtinOf(b)).filter((g): g is string => g !== null));
  return valid.size === 1 ? ([...valid][0] as string) : null;
}

export function fromEmbeddedState(page: Page): Evidence | null {
  const fromState = stateItem(page);
  const barcode = scriptBarcode(page);
  if (!barcode) return fromState;
  return fromState ? { ...fromState, gtin: fromState.gtin ?? barcode } : { gtin: barcode };
}

/**
 * The item's name as the page writes it: its heading, else, on a page without one (Argos writes none), the name its
 * microdata or JSON-LD gives the item.
 */
function itemName(page: Page): string | undefined {
  const heading = headingTitle(page);
  if (heading !== null) return heading.toLowerCase();
  // The structured readers run again only where there is a state to search.
  if (page.stateScripts.length === 0 && page.flight.chunks.length === 0) return undefined;
  return (fromMicrodata(page)?.title ?? fromJsonLd(page)?.title)?.toLowerCase();
}

function stateItem(page: Page): Evidence | null {
  const heading = itemName(page);
  for (const state of parsedStates(page.stateScripts)) {
    const products = productsIn(state, heading);
    // The item the page is about: named as its heading names it, else the only one.
    const own = products.find((p) => namedAsHeading(nameOf(p), heading)) ?? (products.length === 1 ? products[0] : undefined);
    if (own) return fromStateNode(own);
  }
  return heading ? flightItem(page, heading) : null;
}

/** Rows of streamed data read from one page, at most. */
const MAX_FLIGHT_ROWS = 5_000;

/** The index in `text` after `bytes` bytes of its UTF-8 encoding from `start`. */
function afterUtf8Bytes(text: string, start: number, bytes: number): number {
  let i = start;
  for (let n = 0; n < bytes && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      n += 4;
      i++;
    } else n += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return i;
}

/**
 * The rows of Next.js's streamed data, each "id:value" on a line of its own, but a text row ("id:T<length in hex>,")
 * whose text runs its length in UTF-8 bytes with no line end after it. The rows whose value is a JSON object or array
 * are parsed; others (text, module references, hints) are skipped.
 */
function flightRows(page: Page): Json[] {
  const data = page.flight.chunks.join('');
  const rows: Json[] = [];
  for (let i = 0, seen = 0; i < data.length && seen < MAX_FLIGHT_ROWS; seen++) {
    const head = /^([0-9a-f]{1,8}):(?:T([0-9a-f]{1,8}),)?/.exec(data.slice(i, i + 20));
    if (head?.[2] !== undefined) {
      i = afterUtf8Bytes(data, i + head[0].length, parseInt(head[2], 16));
      continue;
    }
    const lineEnd = data.indexOf('\n', i);
    const end = lineEnd < 0 ? data.length : lineEnd;
    const body = head ? data.slice(i + head[0].length, end) : '';
    if (body.startsWith('{') || body.startsWith('[')) {
      try {
        rows.push(JSON.parse(body) as Json);
      } catch {
        // A row cut off by the page's end, or written in a form of its own.
      }
    }
    i = end + 1;
  }
  return rows;
}

/** Identifiers an object states (a product rendered twice may name its sku once). */
const statedIds = (node: JsonObject) => ID_KEYS.filter((k) => text(node[k]) !== null).length;

/**
 * The item as Next.js's streamed data states it: the object named exactly as the page's heading names the item that
 * states the most identifiers. Streamed data holds every component's props, so an object named otherwise is another
 * item's (a menu's, a carousel's), and its brand field is as often a code or a reference ("MW", "$113") as the maker:
 * only identifiers, price, stock and images are taken.
 */
function flightItem(page: Page, heading: string): Evidence | null {
  if (page.flight.chunks.length === 0) return null;
  const named = flightRows(page).flatMap((row) => productsIn(row, heading).filter((p) => nameOf(p) === heading));
  const own = named.reduce<JsonObject | undefined>((best, p) => (!best || statedIds(p) > statedIds(best) ? p : best), undefined);
  return own ? { ...fromStateNode(own), brand: null } : null;
}
