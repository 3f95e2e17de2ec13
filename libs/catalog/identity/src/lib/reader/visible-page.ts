/**
 * The visible-page reader: what the page shows its shopper in words, where no markup states it: the stock line
 * ("In stock", "Sold out", "Pre-order", "Only 3 left"), the add-to-cart control ("Sold out", "Pre-order now"), the
 * item's condition ("Condition: Refurbished") and its delivery ("Free shipping").
 */
import { attr, textOf, type HtmlElement } from '../html';
import type { Evidence, ShippingFound } from './evidence';
import { CART_WORDS, parentOf, shownCartControls, shownForItem, styledHidden } from './markup';
import type { Page } from './page';
import { brandBesideHeading, brandFromHints, brandNamedInBlocks } from './brand-hints';
import { CONDITIONAL, deliveryCostOf, deliveryInWords, inPromotion } from './shipping-lines';
import { aboutOtherMatter, shownOnlyOnState, stockInWords, stockStateInWords } from './stock-words';
import { headingElement, itemHeadingIndex } from './titles';
import { parseCondition, stockStateOfWording, type ItemCondition, type StockState } from './values';

const LABEL = /^(?:availability|stock|condition|zustand|état|shipping|delivery|versand|livraison|envío|spedizione)\s*[:：]\s*/i;

/** A message about the size or colour a shopper picks ("Sorry, this size is now out of stock"), not the item. */
const CHOSEN_VARIANT = /\b(?:this|selected|chosen) (?:size|colou?r|variant|option)\b|diese größe|cette taille|esta talla|questa taglia/i;

function stockLine(el: HtmlElement): StockState | null {
  const t = textOf(el, undefined, 160);
  if (CHOSEN_VARIANT.test(t)) return null;
  return t.length > 0 && t.length <= 150 ? stockStateOfWording(t.replace(LABEL, '')) : null;
}

/** The stock line of the item's own block, else what a disabled or worded add-to-cart control says. */
function visibleStock(page: Page): StockState | null {
  for (const el of page.stockEls) {
    if (el.tagName === 'script' || el.tagName === 'meta' || el.tagName === 'link') continue;
    // A store's or a pickup's availability ('Non disponible en magasin') is not the item's stock online.
    const state = shownForItem(el) && !shownOnlyOnState(el) && !aboutOtherMatter(el) ? stockLine(el) : null;
    if (state) return state;
  }
  for (const el of shownCartControls(page.cartEls)) {
    // A notice the control holds hidden ('<div style="display: none">Out of Stock …</div>' in an add-to-bag form) is not its wording.
    // Its words in the languages of the stock lines too ("PRODUKT NIEDOSTĘPNY" on a disabled button), where it offers
    // no add-to-cart beside them ("Dodaj do koszyka … Produkt niedostępny" holds a variant's notice).
    // An input button's words are its value ('<input type="submit" class="js-addtocart" value="Esgotado">').
    const wording = el.tagName === 'input' ? (attr(el, 'value') ?? '').trim() : textOf(el, styledHidden, 80);
    const state = stockStateOfWording(wording) ?? (CART_WORDS.test(wording) ? null : stockStateInWords(wording));
    if (state && state !== 'InStock') return state;
  }
  return null;
}

function visibleCondition(page: Page): ItemCondition | null {
  for (const el of page.conditionEls) {
    const t = textOf(el, undefined, 80).replace(LABEL, '');
    if (t.length > 0 && t.length <= 40 && shownForItem(el)) {
      const condition = parseCondition(t);
      if (condition) return condition;
    }
  }
  return null;
}

/**
 * "Free shipping" said of the item (no threshold), or a delivery cost the shipping line states ("Shipping: $5.99"):
 * lines whose markup says they show delivery, else a delivery table's row, else a line whose words name delivery by
 * the buy box (`deliveryInWords`).
 */
function visibleShipping(page: Page): ShippingFound | null {
  for (const el of page.shippingEls) {
    const t = textOf(el, undefined, 120);
    // A line listing several prices speaks of several items (a carousel's cards).
    if (t.length === 0 || t.length > 100 || (t.match(/\d[.,]\d{2}\b/g) ?? []).length > 1 || !shownForItem(el) || inPromotion(el)) continue;
    const around = parentOf(el);
    const found = deliveryCostOf(t, around ? textOf(around, undefined, 160) : '', page.localeCurrency);
    if (found) return found;
  }
  for (const [label, value] of page.labelled) {
    if (!/^(?:shipping|delivery|shipping cost|versand|versandkosten|livraison|frais de port|envío|spedizione)$/.test(label)) continue;
    if (/^(?:free|gratis|kostenlos|gratuit[e]?|gratuita)\b/i.test(value) && !CONDITIONAL.test(value)) return { amount: 0, currency: null };
  }
  return deliveryInWords(page, headingElement(page)?.el ?? null);
}

export function fromVisiblePage(page: Page): Evidence | null {
  const out: Evidence = { brand: brandFromHints(page) ?? brandBesideHeading(page, headingElement(page)?.el ?? null) ?? brandNamedInBlocks(page), availability: visibleStock(page), wordedStock: stockInWords(page.stockLines, itemHeadingIndex(page)), condition: visibleCondition(page), shipping: visibleShipping(page) };
  return out.brand || out.availability || out.wordedStock || out.condition || out.shipping ? out : null;
}
