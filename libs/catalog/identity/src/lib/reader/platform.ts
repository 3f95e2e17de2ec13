/**
 * The platform reader: what a shop's e-commerce platform writes of the item in the analytics object it puts on every
 * product page. Shopify's (`var meta = {"product":{…,"vendor":"Canopy Beer Co",…}}`) names the product's vendor, the
 * field of the product's record its themes show as the brand and its feeds hand on as the brand: the maker, or on a
 * maker's own shop the shop itself. Merchants fill it by hand, sometimes with a storefront's name ("Skullcandy US") or
 * a season ("STAUD SUMMER 2025"), so it weighs less than the product's markup (./weights). A platform's cart form also
 * names the item's sku in a hidden field (`<input type="hidden" name="sku" value="JJIP-BK">`); a form of several such
 * fields, one per variant or per related item, names none of them. Shopify's product record names the shown
 * variant's sku, barcode, price and stock (./shop-variants), which speak for the variant where the vendor and the
 * form's field speak for the product.
 */
import { attr, elements, hasAttr, type HtmlElement } from '../html';
import type { Evidence } from './evidence';
import { jsonStringText } from './json';
import { shownCartControls } from './markup';
import type { Page } from './page';
import { shownVariant, shownVariantEvidence } from './shop-variants';

/**
 * A vendor that names a season, a sale or a trade storefront rather than a maker ("STAUD SUMMER 2025", "HR24 NOVEMBER
 * SALE", "zebronicsb2b"): a merchant's way of sorting products, not whose they are.
 */
const NOT_A_MAKER = /\b(?:19|20)\d{2}\b|\b(?:spring|summer|autumn|fall|winter|sale|clearance|outlet)\b|b2b/i;

/** A button that submits its form: a `<button>` of no other type, an `<input type="submit">`. */
const submits = (el: HtmlElement) => (el.tagName === 'button' && /^(?:submit)?$/i.test(attr(el, 'type') ?? '')) || (el.tagName === 'input' && (attr(el, 'type') ?? '').toLowerCase() === 'submit');

/** The item's add-to-cart buttons are there and every one is disabled: the page waits for a size or colour to be picked. */
function waitsForChoice(page: Page): boolean {
  const buttons = shownCartControls(page.cartEls)
    .flatMap((control) => (control.tagName === 'form' ? [...elements(control)] : [control]))
    .filter(submits);
  return buttons.length > 0 && buttons.every((el) => hasAttr(el, 'disabled'));
}

export function fromPlatform(page: Page): Evidence | null {
  const vendor = page.tagIds.platformVendor;
  const named = vendor ? jsonStringText(vendor) : null;
  const brand = named && !NOT_A_MAKER.test(named) ? named : null;
  const variant = shownVariantEvidence(shownVariant(page.shopVariants, { ids: page.cartVariantIds, unchosen: () => waitsForChoice(page) }, page.url));
  const sku = variant?.sku ?? (page.formSkus.length === 1 ? page.formSkus[0] : null);
  return variant || brand || sku ? { ...variant, brand, sku } : null;
}
