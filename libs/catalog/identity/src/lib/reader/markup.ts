/**
 * What the markup says an element is: a price (now, was, list), an add-to-cart control, a block of other products,
 * hidden; and where an element stands in the tree.
 */
import { attr, cleanText, elements, hasAttr, hiddenByAttribute, isBlock, isElement, parentElement, shownTextOf, textOf, type HtmlElement, type HtmlNode } from '../html';

/** Ancestors climbed from one element: pathological pages nest tens of thousands deep. */
export const MAX_CLIMB = 80;

/**
 * What a block's class, id and data attributes say it is (`describedAs`), for the climbs that ask whether an element
 * stands in a block of other products or a hidden one. The page's own \<body> and \<html> name the page's layout
 * ("layout-custom usp-carousel-pos-top"), no block within it, so they say nothing there.
 */
export function blockDescribedAs(el: HtmlElement): string {
  return el.tagName === 'body' || el.tagName === 'html' ? '' : describedAs(el);
}

/** What an element's class, id, itemprop, aria-label and data attributes say it is, lower-cased. */
export function describedAs(el: HtmlElement): string {
  let said = '';
  for (const a of el.attrs) {
    if (a.name === 'class' || a.name === 'id' || a.name === 'itemprop' || a.name === 'aria-label' || a.name === 'role') said += ` ${a.value}`;
    else if (a.name.startsWith('data-')) said += ` ${a.name.slice(5)}${a.value.length <= 60 ? ` ${a.value}` : ''}`;
  }
  return said.length > 0 ? said.toLowerCase() : '';
}

/** Words that name a price in attributes, in the languages of the shops we read. */
export const PRICE_WORDS = /price|pricing|preis|prix|prezzo|precio|preço|preco|cena|hinta|prijs|fiyat|цена|ціна|価格|价格|가격|(?:^|[^a-z])(?:pris|sale|now|current|amount)(?:$|[^a-z])/;
/** A price the shopper no longer pays: was, list, original, compare-at, struck-through, recommended retail. */
export const OLD_PRICE_WORDS = /(?:^|[^a-z])(?:old|was|listprice|original|orig|compare|compareat|strike|strikethrough|striked|crossed|crossout|before|former|rrp|msrp|uvp|retail|reference|previous|prev|anterior|instead|statt|barre|tachado|riscado|risco|ex)(?:$|[^a-z])|(?:^|[^a-z_-])list(?:$|[^a-z])|(?:old|was|list|compare|strike|crossed|original|before|former|previous)[-_]?price|(?:preco|precio)[-_]?de(?:value|valor)?(?:$|[^a-z])|price[-_]?(?:old|was|list|compare|strike|crossed|original|before|former|previous|rrp|msrp)/;
export const NOW_PRICE_WORDS = /(?:^|[^a-z])(?:sale|sales|now|current|special|final|actual|our|offer|deal|promo|reduced|discount(?:ed)?|selling|active)(?:$|[^a-z])|you[-_]?pay|your[-_]?price|(?:sale|now|current|special|final|actual|our|offer|deal|promo|reduced)[-_]?price|price[-_]?(?:sale|now|current|special|final|actual|promo)/;

/**
 * Whether what the markup says of a price element (`describedAs`) names a price no longer paid: words of a was or list
 * price and none of the price paid now; or a BEM class whose element (with its modifier) names one, whatever its block
 * is called ("sales-price__former" beside "sales-price__current", "PriceWithSchema10__previousPrice"; not
 * "pv-price__original--on-sale-bg", a theme's price paid).
 */
export function saysOldPrice(said: string): boolean {
  if (OLD_PRICE_WORDS.test(said) && !NOW_PRICE_WORDS.test(said)) return true;
  const parts = said.split(/\s+/).flatMap((token) => /__([a-z0-9-]+)$/.exec(token)?.[1] ?? []);
  return parts.some((part) => OLD_PRICE_WORDS.test(part)) && !parts.some((part) => NOW_PRICE_WORDS.test(part));
}
/**
 * A label a page writes before the price it charges, in its text rather than its markup ("Price:", "Our Price:", "Sale
 * price", "Preço a vista:", "Ihr Preis"); a was, list or regular price's label is not one.
 */
const PRICE_LABEL = /^(?:(?:our|sale|your|special|offer|deal|selling|ihr|unser|notre|onze|nuestro)\s+)?(?:price|preis|prix|precio|prezzo|preço|preco|prijs|cena|pris|hinta|fiyat[ıi]?|цена)(?:\s+(?:now|today|à vista|a vista|de venta|di vendita|de vente|oferta|offerta))?\s*[:：]?$|^(?:verkaufspreis|aktionspreis|angebotspreis|prix de vente|precio de venta|prezzo di vendita)\s*[:：]?$/iu;
/**
 * A price label of the shops of East Asia, at the end of the label's words ("一次付清特價", "판매가", "販売価格"): the
 * price, the selling price, the special or offer price, the cash price. Not a list price, though its words end the
 * same way (`LIST_PRICE_EAST_ASIA`).
 */
const PRICE_LABEL_EAST_ASIA = /(?:特價|特价|售價|售价|價格|价格|直購價|优惠价|優惠價|現金價|促銷價|促销价|網購價|网购价|販売価格|税込価格|価格|판매가|할인가|가격)\s*[:：]?$/u;
/**
 * Words of a list or reference price: 通常価格, 参考価格, メーカー希望小売価格, 定價, 原價, 建議售價, 市場價格, 정상가격,
 * 소비자가격, 권장가격.
 */
const LIST_PRICE_EAST_ASIA = /通常|参考|希望|定[價价]|原[價价]|建[議议]|市[場场價价]|정상|소비자|권장/u;
/** A discount written beside a price ("7 折", "-30%", "30% off"), which is no amount. */
const DISCOUNT = /^[-–]?\s*\d{1,2}(?:[.,]\d)?\s*(?:%|％|折|off)$/iu;
const PRICE_LABEL_HOLDERS = new Set(['td', 'th', 'dt', 'span', 'div', 'p', 'b', 'strong', 'label', 'em', 'small', 'font']);

/**
 * The element showing the amount a price label stands before: the first element inside the label's own element after
 * its words ("<p>Price: <b>£5.00</b></p>"), else the element right beside it ("<td>Price</td><td>£340.00</td>"), where
 * no other words come between.
 */
export function priceLabelValue(el: HtmlElement): HtmlElement | null {
  if (!PRICE_LABEL_HOLDERS.has(el.tagName)) return null;
  let own = '';
  let inner: HtmlElement | null = null;
  for (const c of el.childNodes) {
    if (c.nodeName === '#text') own += (c as { value: string }).value;
    else if ('tagName' in c && !inner && own.trim()) inner = c;
  }
  const label = cleanText(own);
  if (!PRICE_LABEL.test(label) && !(label.length <= 12 && PRICE_LABEL_EAST_ASIA.test(label) && !LIST_PRICE_EAST_ASIA.test(label))) return null;
  if (inner) return inner;
  const siblings = parentElement(el)?.childNodes ?? [];
  for (let i = siblings.indexOf(el) + 1; i < siblings.length; i++) {
    const s = siblings[i] as HtmlElement | { nodeName: string; value?: string };
    if ('tagName' in s && DISCOUNT.test(cleanText(textOf(s, undefined, 40)))) continue;
    if ('tagName' in s) return s;
    if (s.nodeName === '#text' && (s.value ?? '').trim()) return null;
  }
  return null;
}

/**
 * Blocks of other products: related, recommended, complementary, recently viewed, a newer model of the item ("There is
 * a newer model of this item", Amazon's newerVersion), carousels and sliders of product cards.
 */
export const OTHER_PRODUCTS = /related|newer[-_ ]?(?:version|model)|recommend|carousel|comparison|upsell|up-sell|cross-?sell|similar|also[-_ ]?(?:bought|viewed|like|purchased)|frequently[-_ ]?bought|bought[-_ ]?together|\bfbt(?:$|[^a-z])|recent|sponsor|suggest|you[-_ ]?may|complete[-_ ]?the[-_ ]?look|bundle|accessor|alternative|complimented|complemented|complementary[-_ ]?products?|slider|swiper|slick|\bowl\b|\breco\b|product[-_]?(?:card|tile|grid|list)(?:$|[^a-z])|minicart|mini-cart/;
/**
 * Classes that hide an element, also as a design system's prefixed utility ('pl_hidden' at otto.de, 'u-hidden',
 * 'a-hidden') or a modifier class ('-hide'); not 'visually-hidden' or 'sr-only', text kept for screen readers, nor
 * 'hidden-xs', hidden on phones only, nor 'o-hidden', a block that clips what overflows it.
 */
const HIDDEN_WORDS = /(?:^|\s)(?:[a-np-z][-_]|[a-z]{2,3}[-_]|-)?(?:hide|hidden|d-none|ng-hide|invisible|display-none)(?:$|\s)/;
/**
 * A class that shows an element again from a screen width on (Bootstrap's "d-none d-md-block", Tailwind's "hidden
 * lg:flex"): hidden on phones only, shown on the wide screen a page is read as.
 */
const SHOWN_FROM_WIDTH = /(?:^|\s)(?:d-(?:sm|md|lg|xl|xxl)-(?:block|flex|inline|inline-block|inline-flex|grid|table|table-cell)|(?:sm|md|lg|xl|2xl):(?:block|flex|inline|inline-block|inline-flex|grid|table|contents))(?=$|\s)/;

/** Whether what an element's markup says of it (`describedAs`, or its class) hides it on a wide screen. */
export const hiddenByClass = (said: string): boolean => HIDDEN_WORDS.test(said) && !SHOWN_FROM_WIDTH.test(said);
/**
 * An add-to-cart control, or the buy box that holds it (product-buy, buy-box): a shop that cannot sell the item puts its
 * stock wording there in the control's place ('Out of Stock' where the button would be).
 */
export const CART_WORDS = /add[\s_-]?to[\s_-]?(?:cart|bag|basket|trolley)|addtocart|addtobag|buy[\s_-]?now(?![\s_-]?pay)|product[\s_-]?buy|buy[\s_-]?box|in den warenkorb|in den einkaufswagen|ajouter au panier|aggiungi al carrello|añadir al carrito|adicionar ao carrinho|dodaj do koszyka|lisää ostoskoriin|do košíka|do košíku|в корзину|カートに入れる|加入购物车/i;
export const NOT_SHOWN = new Set(['script', 'style', 'meta', 'link', 'input', 'option', 'select', 'template', 'noscript', 'head', 'title', 'img', 'svg', 'button', 'textarea']);

/** How many of a page's add-to-cart controls are its item's at most: the first ones, before other items' cards. */
export const ITEM_CART_CONTROLS = 4;

/** The add-to-cart controls a shopper sees for the page's item: the first ones (`ITEM_CART_CONTROLS`), shown for the item. */
export const shownCartControls = (cartEls: readonly HtmlElement[]): HtmlElement[] => cartEls.slice(0, ITEM_CART_CONTROLS).filter((el) => shownForItem(el));

/** An add-to-cart button or form. */
export function isCartControl(el: HtmlElement, said: string): boolean {
  const tag = el.tagName;
  if (tag === 'button' || (tag === 'input' && /^(?:submit|button|image)$/i.test(attr(el, 'type') ?? ''))) {
    return CART_WORDS.test(`${said} ${attr(el, 'name') ?? ''} ${attr(el, 'value') ?? ''} ${tag === 'button' ? textOf(el, undefined, 80) : ''}`);
  }
  if (tag === 'form') return CART_WORDS.test(`${said} ${attr(el, 'action') ?? ''} ${attr(el, 'name') ?? ''}`) || /\/cart\/add|addtocart|add-to-cart/i.test(attr(el, 'action') ?? '');
  return said !== '' && CART_WORDS.test(said);
}

/** A class that draws a line through an element (Tailwind's "line-through"), or an empty child's that draws it over its parent. */
const LINE_THROUGH_CLASS = /(?:^|\s)(?:line-?through|strike-?through)(?:$|\s)/i;
const drawsLineOver = (child: HtmlNode): boolean => isElement(child) && LINE_THROUGH_CLASS.test(attr(child, 'class') ?? '') && textOf(child, undefined, 4).trim() === '';

/**
 * An element the page strikes through: \<del>, \<s>, \<strike>, an inline line-through, a class that draws one, or an
 * empty child classed so whose line CSS draws over the price ("$795<span class='line-through'></span>").
 */
export const struckThrough = (el: HtmlElement): boolean =>
  el.tagName === 'del' ||
  el.tagName === 's' ||
  el.tagName === 'strike' ||
  /line-through/i.test(attr(el, 'style') ?? '') ||
  LINE_THROUGH_CLASS.test(attr(el, 'class') ?? '') ||
  el.childNodes.some(drawsLineOver);

/** A struck-through, was, list or compare-at price inside a price element (a "regular" price alone is the price). */
export function isStruckPrice(el: HtmlElement): boolean {
  return struckThrough(el) || saysOldPrice(describedAs(el));
}

export const parentOf = (el: HtmlElement): HtmlElement | null => parentElement(el);

/** Inline elements a price sets its cents apart in ("$31<sup>57</sup>", "<span class="cents">57</span>"). */
const CENTS_HOLDERS = new Set(['sup', 'span', 'small', 'sub', 'b', 'strong', 'em', 'i', 'u', 'font', 'ins']);

/**
 * Where an element opens inside a price: a decimal separator before the two digits of cents a price writes in an
 * element of their own right after its whole units ("$229<span>99</span>", "216<sup>00</sup> €"), which the text
 * alone runs together as 22999. A comma after units grouped with points ("1.299<sup>00</sup>"), a point otherwise.
 * The markup's line breaks between the units' element and the cents' ("<span>499</span>\n<sup>99</sup>") are no gap
 * a shopper reads: the separator takes their place (`textOf` drops the spaces before an opening that starts with one).
 */
export function centsPoint(el: HtmlElement, before: string): string {
  // The cents as the markup indents them ("<span class="price-info-superscript">\n   99\n</span>").
  if (!CENTS_HOLDERS.has(el.tagName) || !/\d\s*$/.test(before) || !/^\d{2}$/.test(textOf(el, undefined, 40).trim())) return '';
  return /\d\.\d{3}\s*$/.test(before) ? ',' : '.';
}

/**
 * Where a block that begins with a figure opens right after one: a line break the text alone closes up, so that the
 * figures of a row of prices each on its own line ("<div>1699</div> <div>250</div> <div>1449</div>": was, saving,
 * now) do not read as one amount grouped with spaces (1 699 250).
 */
export const LINE_BREAK = ' | ';
function lineBreak(el: HtmlElement, before: string): string {
  return isBlock(el) && /\d\s*$/.test(before) && /^\d/.test(shownTextOf(el, undefined, 8)) ? LINE_BREAK : '';
}

/**
 * Units, a decimal separator and cents each in a block of their own ("<div>39</div><div>.</div><div>99</div>", as
 * Lidl writes its prices), which the text reads apart as "39 . 99", or cents indented in their element after the
 * separator ("34. 99"): one amount.
 */
const SEPARATED_CENTS = /(\d)(?:\s+([.,])\s*|([.,])\s+)(?=\d{2}(?!\d))/g;
const centsJoined = (text: string): string => text.replace(SEPARATED_CENTS, (_, units: string, point?: string, after?: string) => `${units}${point ?? after}`);

/**
 * The text a price element shows, its cents set apart in an element of their own read as cents (`centsPoint`), and
 * figures on lines of their own kept apart (`lineBreak`).
 */
export function priceTextOf(el: HtmlElement, skip?: (el: HtmlElement) => boolean, limit?: number): string {
  return centsJoined(shownTextOf(el, skip, limit, (inner, before) => centsPoint(inner, before) || lineBreak(inner, before)));
}

/** Where a block opens after a figure: the end of a price's first line (`priceLineOf`). */
const LINE_END = '\u0001';

/**
 * The first line of a price element's text that shows a figure: up to the first block that opens after it ("192,32 €"
 * before a block of tax notes; "173.34 Lei" before the block of monthly payments).
 */
export function priceLineOf(el: HtmlElement, skip?: (el: HtmlElement) => boolean, limit?: number): string {
  const text = shownTextOf(el, skip, limit, (inner, before) => centsPoint(inner, before) || (isBlock(inner) && /\d/.test(before) ? LINE_END : ''));
  const end = text.indexOf(LINE_END);
  return centsJoined(cleanText(end < 0 ? text : text.slice(0, end)));
}

/** A struck-through, "was" or list price inside a price element: not the price the shopper pays. */
export function isOldPrice(el: HtmlElement): boolean {
  if (el.tagName === 'del' || el.tagName === 's' || el.tagName === 'strike') return true;
  const cls = `${attr(el, 'class') ?? ''} ${attr(el, 'data-test') ?? ''}`;
  return /(?:^|[\s_-])(?:old|was|regular|list|original|strike|crossed|compare|before|rrp|msrp)(?:$|[\s_-]|price)/i.test(cls);
}

export function contains(outer: HtmlElement, inner: HtmlElement): boolean {
  for (let n: HtmlElement | null = inner; n; n = parentElement(n)) if (n === outer) return true;
  return false;
}

/**
 * Whether an element stands in a block of other products (related, recommended, a carousel of product cards). Unlike
 * `shownForItem`, the item's own card (`itemsOwnCard`) counts too: stock lines read from it said "out of stock" on two
 * pages of the corpus that can be bought (leroymerlin.pl, maelstromdirect).
 */
export function amongOtherProducts(el: HtmlElement): boolean {
  let steps = 0;
  for (let n: HtmlElement | null = el; n && steps < MAX_CLIMB; n = parentOf(n), steps++) {
    const said = blockDescribedAs(n);
    if (said && OTHER_PRODUCTS.test(said)) return true;
  }
  return false;
}

export function insideItem(el: HtmlElement): boolean {
  for (let n = el.parentNode; n && 'tagName' in n; n = n.parentNode) if (hasAttr(n, 'itemscope')) return true;
  return false;
}

/** An element its inline style hides ('style="display: none"'). */
export const styledHidden = (el: HtmlElement): boolean => /display\s*:\s*none/i.test(attr(el, 'style') ?? '');

/** Elements looked through for an h1 in a block marked as a product card. */
const CARD_READS = 2000;
const holdsH1 = new WeakMap<HtmlElement, boolean>();

/**
 * Whether a block holds an h1 within its first elements: a shop may mark its own item's block as a product card
 * ("<div class="product-card"><p>Артикул: 46678</p><h1>Крушовице Черне</h1>"); the cards of other products hold
 * lesser headings.
 */
function holdsHeading(block: HtmlElement): boolean {
  let found = holdsH1.get(block);
  if (found === undefined) {
    found = false;
    let reads = 0;
    for (const el of elements(block)) {
      if (el.tagName === 'h1') found = true;
      if (found || ++reads >= CARD_READS) break;
    }
    holdsH1.set(block, found);
  }
  return found;
}

/** Blocks climbed from a block marked as a product card's part ("product-card__header") to the card itself. */
const CARD_PARTS = 3;

/**
 * Whether a block marked as another product's is the item's own card or a part of it: it, or a card it stands in a
 * step or two up, holds an h1 (`holdsHeading`).
 */
function itemsOwnCard(block: HtmlElement): boolean {
  let steps = 0;
  for (let n: HtmlElement | null = block; n && steps < CARD_PARTS; n = parentOf(n), steps++) {
    const said = blockDescribedAs(n);
    if (said && OTHER_PRODUCTS.test(said) && holdsHeading(n)) return true;
  }
  return false;
}

/**
 * Whether a shopper sees an element as part of the page's own item: not hidden, not in the header, footer, navigation
 * or another product's block (but the item's own card: `itemsOwnCard`). With `within`, a block known to hold the
 * item (its heading's), only the elements up to that block count: a shop may mark its own item's block as a product
 * card. What an h1 writes inside a `<header>` is the header of the item's own page ("<header><h1><span>Galaxy
 * A01</span><span>Код: 01245</span></h1></header>"), not the site's.
 */
export function shownForItem(el: HtmlElement, within?: HtmlElement): boolean {
  let steps = 0;
  let inHeading = false;
  for (let n: HtmlElement | null = el; n && n !== within && steps < MAX_CLIMB; n = parentOf(n), steps++) {
    const tag = n.tagName;
    if (tag === 'h1') inHeading = true;
    if ((tag === 'header' && !inHeading) || tag === 'footer' || tag === 'nav' || tag === 'noscript' || tag === 'template' || hiddenByAttribute(n)) return false;
    const said = blockDescribedAs(n);
    if (said && ((OTHER_PRODUCTS.test(said) && !itemsOwnCard(n)) || hiddenByClass(said))) return false;
    if (styledHidden(n)) return false;
  }
  return true;
}
