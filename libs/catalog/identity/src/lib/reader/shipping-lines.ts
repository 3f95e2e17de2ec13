/**
 * The delivery cost a page words by its buy box where no markup marks the line: "<b>Shipping:</b> £7 to mainland UK",
 * "zzgl. <a>Versand</a> 14,94 EUR", "<h6>£579.99 Free Delivery</h6>", "<span>Gratis Versand</span> für diesen Artikel".
 * Read only in the block of the item's add-to-cart control or heading, and only where the line says it of the item:
 * no threshold ("free delivery over £50"), no banner or menu.
 */
import { readPrice } from '@pricehunt/catalog-feeds';
import { textOf, type HtmlElement } from '../html';
import type { ShippingFound } from './evidence';
import { describedAs, parentOf, shownCartControls, shownForItem } from './markup';
import type { Page } from './page';
import { currencyFromText } from './values';

/** Delivery said to cost nothing. */
export const FREE_DELIVERY =
  /\bfree (?:uk |standard |next[- ]day )?(?:shipping|delivery|postage)\b|\b(?:shipping|delivery|postage)\s*[:：]?\s*free\b|kostenlose[rn]? (?:versand|lieferung)|gratis[- ](?:versand|lieferung)|versandkostenfrei|livraison (?:gratuite|offerte)|env[ií]o gratis|spedizione gratuita|gratis verzending|frete gr[aá]tis/i;
/**
 * A threshold or a condition: free delivery only on some orders, for members, on a subscription or in some places is
 * not this item's delivery cost ("over £50", "Sign in for FREE shipping", "pour les membres à partir de 20€", "€150+").
 */
export const CONDITIONAL =
  /\b(?:over|above|orders?|from|min(?:imum)?|spend|members?|membres|ab|dès|über|sobre|desde|oltre|with|sign in|trial|eligible|selected|thousands)\b|à partir|subscri|auto[- ]?(?:delivery|ship|replenish)|refills?\b|\d\+/i;
/** Site-wide promotions: a banner's "free shipping" is not said of the item. */
export const PROMOTION = /promo|banner|callout|announcement|top-?bar|marquee|ticker|header|masthead|flyout|menu|(?:^|[^a-z])nav/;

/** A delivery cost after its label ("Shipping: $5.99", "Versand: 4,90 €"), or added to the price ("zzgl. Versand 14,94 EUR"). */
const LABELLED_COST = [
  /^(?:shipping|delivery|postage|versand|versandkosten|livraison|frais de port|env[ií]o|spedizione)(?: cost| costs| fee)?\s*[:：]\s*(.{1,30})$/i,
  /^(?:zzgl\.?|plus|\+)\s*(?:shipping|delivery|postage|versand|versandkosten)\s*[:：]?\s*(.{1,20})$/i,
];
/** A cost before the word: "+ $4.95 shipping", "£3.99 delivery 17 January" on a line marked as delivery. */
const COST_BEFORE = /^\+?\s*(\D{0,4}\d[\d.,]*(?:\s?[^\s\d]{1,4})?)\s+(?:delivery|shipping|postage)\b/i;
/** The same where only the words say the line is delivery: added to the price ("+ $4.95 shipping"), or the whole line ("£5.99 delivery"). */
const COST_BEFORE_IN_WORDS = /^(?:\+\s*(\D{0,4}\d[\d.,]*(?:\s?[^\s\d]{1,4})?)\s+(?:delivery|shipping|postage)\b|(\D{0,4}\d[\d.,]*(?:\s?[^\s\d]{1,4})?)\s+(?:delivery|shipping|postage)$)/i;
/** The least a delivery may cost, not what it costs: "zzgl. Versand ab € 5,99", "shipping from $4.99". */
const STARTING_AT = /^(?:ab|from|starting(?: at)?|dès|à partir de|desde|da)\b/i;
/** Steps from a line up to the block it shares with the buy box (a footer's "Versandkosten" link is further). */
const BLOCK_CLIMB = 7;
/** Steps from the buy box's anchors up to the blocks a line may share with them. */
const ANCHOR_CLIMB = 5;
/** The longest text read as one line. */
const LINE_MAX = 100;

/**
 * Whether a line's figure is a cost: it names a currency (as the price reader reads one) or writes cents. A bare number
 * is a delivery time or a count ("2-Day Shipping", "Shipping: 3-5 business days").
 */
export function costShaped(text: string): boolean {
  return currencyFromText(text, null) !== null || /\d[.,]\d{2}(?!\d)/.test(text);
}

/**
 * The delivery cost a line states of the item, or null when it states none (or only under a condition). `inWords`: the
 * line is known as delivery by its words alone, not by its markup, so a figure before the word must be all the line
 * says ("$29.99 Shipping calculated at checkout" is the item's price by a note on delivery).
 */
export function deliveryCostOf(line: string, around: string, localeCurrency: string | null, inWords = false): ShippingFound | null {
  if (FREE_DELIVERY.test(line)) return !CONDITIONAL.test(line) && !CONDITIONAL.test(around) ? { amount: 0, currency: null } : null;
  const before = (inWords ? COST_BEFORE_IN_WORDS : COST_BEFORE).exec(line);
  for (const cost of [...LABELLED_COST.map((pattern) => pattern.exec(line)?.[1]), before?.[1] ?? before?.[2]]) {
    if (!cost || !costShaped(cost) || STARTING_AT.test(cost.trim())) continue;
    const read = readPrice(cost, { currency: localeCurrency });
    if (read.ok && read.value.amount >= 0) return { amount: read.value.amount, currency: read.value.currency ?? localeCurrency };
  }
  return null;
}

export function inPromotion(el: HtmlElement): boolean {
  for (let n: HtmlElement | null = el, i = 0; n && i < 12; n = parentOf(n), i++) {
    const said = describedAs(n);
    if (said && PROMOTION.test(said)) return true;
  }
  return false;
}

/** The blocks around the item's add-to-cart controls and its heading. */
function buyBoxBlocks(page: Page, heading: HtmlElement | null): Set<HtmlElement> {
  const out = new Set<HtmlElement>();
  for (const anchor of [...shownCartControls(page.cartEls), ...(heading ? [heading] : [])]) {
    for (let n: HtmlElement | null = anchor, i = 0; n && i <= ANCHOR_CLIMB && n.tagName !== 'body'; n = parentOf(n), i++) out.add(n);
  }
  return out;
}

/** An element's text as one line, read past the markup's indentation (which counts toward `textOf`'s limit). */
const lineText = (el: HtmlElement) => textOf(el, undefined, 600).replace(/\s+/g, ' ').trim();

/**
 * The lines a delivery word stands in, narrowest first: the element's text, then its parent's and grandparent's while
 * each is still one line ("Versand", "zzgl. Versand 14,94 EUR", "231,90 EUR inkl. MwSt. zzgl. Versand 14,94 EUR").
 */
function linesOf(el: HtmlElement): string[] {
  const lines = [lineText(el)];
  for (let n = parentOf(el), i = 0; n && i < 2; n = parentOf(n), i++) {
    const wider = lineText(n);
    if (wider.length > LINE_MAX) break;
    lines.push(wider);
  }
  return lines;
}

/** The delivery cost the first line by the buy box states, or null. */
export function deliveryInWords(page: Page, heading: HtmlElement | null): ShippingFound | null {
  if (page.shippingLines.length === 0) return null;
  const blocks = buyBoxBlocks(page, heading);
  if (blocks.size === 0) return null;
  for (const el of page.shippingLines) {
    let inBox = false;
    for (let n: HtmlElement | null = el, i = 0; n && i <= BLOCK_CLIMB && !inBox; n = parentOf(n), i++) inBox = blocks.has(n);
    if (!inBox || !shownForItem(el) || inPromotion(el)) continue;
    const around = parentOf(el);
    const aroundText = around ? lineText(around).slice(0, 160) : '';
    for (const line of linesOf(el)) {
      // A line listing several prices speaks of several items (a carousel's cards) or of several ways to send.
      if (line.length > LINE_MAX || ((line.match(/\d[.,]\d{2}\b/g) ?? []).length > 1 && !FREE_DELIVERY.test(line))) continue;
      const found = deliveryCostOf(line, aroundText, page.localeCurrency, true);
      if (found) return found;
    }
  }
  return null;
}
