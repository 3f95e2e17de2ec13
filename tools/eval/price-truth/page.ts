/**
 * What a server-rendered product page tells about its price and picture, read on parse5 (the tree a browser builds):
 * the schema.org `Product`'s `AggregateOffer.lowPrice` in its JSON-LD, the "Best price" fact of its header, and the
 * header's main picture.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface PageFacts {
  /** The page holds a JSON-LD `Product`. */
  hasProductJsonLd: boolean;
  /** `offers.lowPrice` of that `Product` as written (a string such as "391.00"); undefined when absent. */
  lowPrice: unknown;
  /** The text of the header's "Best price" fact (its `<dd>`), whitespace collapsed; null when the page has none. */
  bestPriceText: string | null;
  /** The amount the fact shows in bold ("$391.00"); null when it shows none. */
  bestPriceAmount: string | null;
  /** The header's main picture (the first `<img>` under the `<h1>`'s parent or grandparent) and its size attributes; null when it has none. */
  mainImage: { src: string | null; width: string | null; height: string | null } | null;
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function childrenOf(node: Node): Node[] {
  if (isElement(node) && node.tagName === 'template') return (node as DefaultTreeAdapterMap['template']).content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

/** Every element under `root`, in document order. */
function* elements(root: Node): Generator<Element> {
  const stack: Node[] = [...childrenOf(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!isElement(node)) continue;
    yield node;
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as Node);
  }
}

const attr = (el: Element, name: string): string | null => el.attrs.find((a) => a.name === name)?.value ?? null;

/** Every text under `root`, as written. */
function rawText(root: Node): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeName === '#text') out += (node as DefaultTreeAdapterMap['textNode']).value;
    else for (const kid of childrenOf(node)) walk(kid);
  };
  walk(root);
  return out;
}

/** The text under `root`, whitespace collapsed. */
const textOf = (root: Node): string => rawText(root).replace(/\s+/g, ' ').trim();

const typeIs = (value: unknown, type: string) => value === type || (Array.isArray(value) && value.includes(type));

/** The first schema.org `Product` in a JSON-LD value (an object, an array, or a `@graph`). */
export function findProduct(value: unknown): Record<string, unknown> | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findProduct(item);
      if (found) return found;
    }
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const object = value as Record<string, unknown>;
  if (typeIs(object['@type'], 'Product')) return object;
  return object['@graph'] !== undefined ? findProduct(object['@graph']) : null;
}

export function readProductPage(html: string): PageFacts {
  const document = parse(html);
  const all = [...elements(document)];
  let product: Record<string, unknown> | null = null;
  for (const el of all) {
    if (product || el.tagName !== 'script' || (attr(el, 'type') ?? '').toLowerCase() !== 'application/ld+json') continue;
    try {
      product = findProduct(JSON.parse(rawText(el)));
    } catch {
      // Not JSON: another script's business.
    }
  }
  const offers = product?.['offers'];
  const aggregate = Array.isArray(offers) ? offers[0] : offers;
  const lowPrice = aggregate && typeof aggregate === 'object' ? (aggregate as Record<string, unknown>)['lowPrice'] : undefined;

  let bestPriceText: string | null = null;
  let bestPriceAmount: string | null = null;
  const term = all.find((el) => el.tagName === 'dt' && textOf(el).toLowerCase() === 'best price');
  if (term?.parentNode) {
    const siblings = childrenOf(term.parentNode as Node).filter(isElement);
    const definition = siblings.slice(siblings.indexOf(term) + 1).find((el) => el.tagName === 'dd');
    if (definition) {
      bestPriceText = textOf(definition);
      const strong = [...elements(definition)].find((el) => el.tagName === 'strong' || el.tagName === 'b');
      bestPriceAmount = strong ? textOf(strong) : null;
    }
  }

  // The main picture: the first <img> in the closest of the <h1>'s two nearest ancestors that holds one (the header, not the offers).
  let mainImage: PageFacts['mainImage'] = null;
  let scope: Node | null = all.find((el) => el.tagName === 'h1') ?? null;
  for (let level = 0; scope && level < 2 && !mainImage; level++) {
    scope = (scope as Element).parentNode;
    if (!scope) break;
    const img = [...elements(scope)].find((el) => el.tagName === 'img');
    if (img) mainImage = { src: attr(img, 'src'), width: attr(img, 'width'), height: attr(img, 'height') };
  }

  return { hasProductJsonLd: product !== null, lowPrice, bestPriceText, bestPriceAmount, mainImage };
}
