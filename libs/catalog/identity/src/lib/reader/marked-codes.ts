/**
 * Codes an element's markup labels (its class, id or data attributes) where no words do: the item's model
 * ("product-page-model") and the shop's item number ("product-reference", "product-sku"), noted by the page walk
 * (./page) as labelled rows for the specification reader.
 */
import { attr, hasAttr, isElement, type HtmlElement } from '../html';
import { ownText } from './labels';

/** A link in a list of many (a menu of brands, an A–Z index) speaks of no one item. */
export function inLongList(el: HtmlElement): boolean {
  let n = el.parentNode as HtmlElement | null;
  for (let i = 0; n && 'tagName' in n && i < 3; n = n.parentNode as HtmlElement | null, i++) {
    if (n.tagName === 'ul' || n.tagName === 'ol') return n.childNodes.filter((c) => 'tagName' in c).length > 6;
  }
  return false;
}

/** A class or id marking an element as the item's model or maker's part number ("product-page-model", "mpn"); a spec cell's own label (`data-th="Model procesor"`) is the spec table's. */
const MODEL_MARK = /(?:^|[-_\s])(?:model|mpn|part-?number|partno)(?:$|[-_\s]|number|no|code|nr)/;
/** Marks of a model's year, a choice of models or a model's name rather than its code. */
const NOT_MODEL_CODE = /year|select|option|name|title|brand|image|link|nav|menu|filter/;
/** A code written alone: 3 to 40 letters, digits and ". / _ -", with a digit. */
const CODE_ALONE = /^[A-Za-z0-9][A-Za-z0-9./_-]{2,39}$/;

/** Whether words stand right before an element in its line ("(Art.Nr.: <span>…"): they, not its class, say what it is. */
function wordsBefore(el: HtmlElement): boolean {
  const siblings = el.parentNode?.childNodes ?? [];
  const before = siblings[siblings.indexOf(el) - 1];
  return before?.nodeName === '#text' && /\p{L}/u.test((before as { value: string }).value);
}

/**
 * The code an element marked as the item's model writes alone ('<div class="product-page-model">PRIME-RTX5070TI-O16G</div>'
 * under the heading): its class is its label. Not a block that holds more, nor a code other words introduce.
 */
export function markedModel(el: HtmlElement): string | null {
  const mark = `${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`.toLowerCase();
  if (!MODEL_MARK.test(mark) || NOT_MODEL_CODE.test(mark) || el.childNodes.some((c) => isElement(c)) || wordsBefore(el)) return null;
  const text = ownText(el);
  return CODE_ALONE.test(text) && /\d/.test(text) ? text : null;
}

/** Attributes marking an element as the shop's own item number ("product-reference", "product-sku", "item-number"). */
const ITEM_NUMBER_MARK = /(?:^|[-_\s])(?:sku|product-?(?:reference|ref|code|number)|item-?(?:number|code)|article-?number)(?:$|[-_\s])/;
/** Marks of a barcode, or of another item's number: a variant's row, a tile or card of a carousel, a basket's line. */
const NOT_ITEM_NUMBER = /ean|gtin|upc|barcode|variant|tile|card|carousel|related|recommend|cart|basket/;

/** Whether an element stands inside a link (a tile linking to another item) within a few levels. */
function insideLink(el: HtmlElement): boolean {
  let n = el.parentNode as HtmlElement | null;
  for (let i = 0; n && 'tagName' in n && i < 4; n = n.parentNode as HtmlElement | null, i++) if (n.tagName === 'a') return true;
  return false;
}

/**
 * The code an element marked as the item's number writes alone (Zara's `<span data-qa-qualifier="product-reference">1002/710</span>`
 * beside the colour): its markup is its label. Not in a list of many items, nor a block that holds more, nor a code
 * other words introduce, and not a microdata property, which the microdata reader reads.
 */
export function markedItemNumber(el: HtmlElement, said: string): string | null {
  if (!ITEM_NUMBER_MARK.test(said) || NOT_ITEM_NUMBER.test(said) || hasAttr(el, 'itemprop') || insideLink(el) || el.childNodes.some((c) => isElement(c)) || wordsBefore(el) || inLongList(el)) return null;
  const text = ownText(el);
  return CODE_ALONE.test(text) && /\d/.test(text) ? text : null;
}
