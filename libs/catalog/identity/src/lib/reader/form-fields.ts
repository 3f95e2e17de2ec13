/**
 * What a page's form fields say of its item, noted while the page is walked (./page): hidden fields' values that may be
 * its id, a cart form's sku field, and the variant a cart form posts.
 */
import { attr, hasAttr, parentElement, type HtmlElement } from '../html';

/** Hidden fields' values kept from one page. */
const MAX_FORM_VALUES = 200;
/** Variant ids a page's cart forms name, kept in document order. */
const MAX_CART_VARIANT_IDS = 20;

/** A code of capitals alone ("EMERMUS", "PMCAWNSAA"): a shop's item number or a maker's part number without a digit. */
export const LETTERS_CODE = /^[A-Z]{6,20}$/;

/** A hidden form field's value that may be an item's id: short, holding a digit, or a code of capitals (`LETTERS_CODE`). */
export function noteFormValue(el: HtmlElement, out: Set<string>): void {
  const value = attr(el, 'value')?.trim();
  if (out.size < MAX_FORM_VALUES && value && value.length <= 40 && (/\d/.test(value) || LETTERS_CODE.test(value)) && (attr(el, 'type') ?? '').toLowerCase() === 'hidden') out.add(value.toLowerCase());
}

/**
 * The variant a cart form posts (Shopify's field `id`): a hidden field's value, a checked choice's, or the selected
 * option of the form's `id` menu.
 */
export function noteCartVariant(el: HtmlElement, out: string[]): void {
  if (out.length >= MAX_CART_VARIANT_IDS) return;
  let posted: boolean;
  if (el.tagName === 'option') {
    const up = parentElement(el);
    const menu = up?.tagName === 'optgroup' ? parentElement(up) : up;
    posted = hasAttr(el, 'selected') && !!menu && attr(menu, 'name') === 'id';
  } else {
    const type = (attr(el, 'type') ?? '').toLowerCase();
    posted = attr(el, 'name') === 'id' && (type === 'hidden' || (type === 'radio' && hasAttr(el, 'checked')));
  }
  const value = posted ? attr(el, 'value')?.trim() : undefined;
  if (value && /^\d{6,20}$/.test(value)) out.push(value);
}

/** A hidden field's name or id that says it holds the item's sku. */
const SKU_FIELD = /^(?:product|item)?[_-]?sku$/i;
/** Sku fields kept from one page: enough to see that a form names several. */
const MAX_FORM_SKUS = 8;

export function noteFormSku(el: HtmlElement, out: string[]): void {
  if ((attr(el, 'type') ?? '').toLowerCase() !== 'hidden' || !(SKU_FIELD.test(attr(el, 'name') ?? '') || SKU_FIELD.test(attr(el, 'id') ?? ''))) return;
  const value = attr(el, 'value')?.trim();
  // A template's placeholder ("<%= pz.addToCart.atcskuVal %>", "{{ sku }}") is no value.
  if (value && value.length <= 40 && /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u.test(value) && !out.includes(value) && out.length < MAX_FORM_SKUS) out.push(value);
}
