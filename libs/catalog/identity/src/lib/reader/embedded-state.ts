/**
 * The embedded-state reader: the state a page's framework ships with it (Next.js's __NEXT_DATA__,
 * window.__INITIAL_STATE__ = {…} and its kin), searched for the object that describes the page's item: one named like
 * the page's heading that states identifiers, a price or stock.
 */
import type { Evidence } from './evidence';
import { isObject, parseLenientJson, type Json, type JsonObject } from './json';
import type { Page } from './page';
import { headingTitle } from './titles';
import { gtinOf, mpnOf, parsePrice, parseStockState, text, type StockState } from './values';

/** Objects looked at in one page's state: a page's store may hold every listing of a category. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 24;

const ID_KEYS = ['sku', 'skuId', 'gtin', 'gtin13', 'gtin12', 'gtin14', 'ean', 'upc', 'mpn', 'manufacturerPartNumber', 'modelNumber'];

function parseState(code: string): Json | undefined {
  const body = code.replace(/^\s*(?:window\.)?__[A-Z_]+__\s*=\s*/, '').replace(/;\s*$/, '');
  return parseLenientJson(body);
}

/** Objects that name an item and state at least two of its identifiers, price or stock. */
function productLike(node: JsonObject): boolean {
  const name = text(node['name']) ?? text(node['title']) ?? text(node['productName']);
  if (!name || name.length > 300) return false;
  let facts = 0;
  for (const k of [...ID_KEYS, 'price', 'brand', 'availability', 'inStock', 'isInStock']) if (node[k] != null && node[k] !== '') facts++;
  return facts >= 2;
}

function productsIn(root: Json): JsonObject[] {
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
    if (productLike(node)) out.push(node);
    for (const v of Object.values(node).reverse()) stack.push([v, depth + 1]);
  }
  return out;
}

const nameOf = (node: JsonObject) => (text(node['name']) ?? text(node['title']) ?? text(node['productName']) ?? '').toLowerCase();

function priceOf(v: Json | undefined): number | null {
  if (isObject(v)) return parsePrice(v['value'] ?? v['amount'] ?? v['current'] ?? v['price'] ?? null);
  return parsePrice(v ?? null);
}

function stockOf(node: JsonObject): StockState | null {
  const said = parseStockState(node['availability'] ?? node['stockStatus'] ?? null);
  if (said) return said;
  const flag = node['inStock'] ?? node['isInStock'];
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

function stateItem(page: Page): Evidence | null {
  const heading = headingTitle(page)?.toLowerCase();
  for (const code of page.stateScripts) {
    const state = parseState(code);
    if (state === undefined) continue;
    const products = productsIn(state);
    // The item the page is about: named as its heading names it, else the only one.
    const own = products.find((p) => heading && nameOf(p) === heading) ?? (products.length === 1 ? products[0] : undefined);
    if (own) return fromStateNode(own);
  }
  return null;
}
