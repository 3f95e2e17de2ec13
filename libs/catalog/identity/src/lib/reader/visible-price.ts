/**
 * The visible-price reader: among the elements whose attributes say "price", the one nearest the item's heading or
 * its add-to-cart control, struck-through, was and list prices and other products' prices skipped.
 */
import { readCurrency, readPrice } from '@pricehunt/catalog-feeds';
import { attr, elements, hiddenByAttribute, textOf, type HtmlElement } from '../html';
import type { Evidence } from './evidence';
import { blockDescribedAs, describedAs, hiddenByClass, shownCartControls, isStruckPrice, ITEM_CART_CONTROLS, LINE_BREAK, priceLineOf, priceTextOf, MAX_CLIMB, NOT_SHOWN, NOW_PRICE_WORDS, OTHER_PRODUCTS, parentOf, saysOldPrice, shownForItem, struckThrough, styledHidden } from './markup';
import type { Page } from './page';
import { ownText } from './labels';
import { regularBeside } from './regular-price';
import { headingElement } from './titles';

/** Steps from each ancestor of the anchors (themselves included) down to the nearest anchor. */
function anchorDistances(anchors: HtmlElement[]): Map<HtmlElement, number> {
  const up = new Map<HtmlElement, number>();
  for (const a of anchors) {
    let d = 0;
    for (let n: HtmlElement | null = a; n && d < MAX_CLIMB; n = parentOf(n), d++) {
      const known = up.get(n);
      if (known !== undefined && known <= d) break;
      up.set(n, d);
    }
  }
  return up;
}

interface ShownPrice {
  el: HtmlElement;
  amount: number;
  currency: string | null;
  /** 0: says sale/now/current, 1: says nothing more, 2: says regular (the price when nothing is on sale). */
  rank: number;
  distance: number;
  index: number;
}

/** The elements that hold the item's heading. */
function blocksHolding(heading: HtmlElement | null): Set<HtmlElement> {
  const out = new Set<HtmlElement>();
  for (let n = heading ? parentOf(heading) : null, i = 0; n && i < MAX_CLIMB; n = parentOf(n), i++) out.add(n);
  return out;
}

/**
 * Where a price element stands: skipped (header, footer, hidden, other products, was-price, inside a control but the
 * item's own add-to-cart button, "Add to cart – $29.95"), or its rank and distance.
 */
function placeOf(el: HtmlElement, near: Map<HtmlElement, number>, anchored: boolean, itemBlocks: ReadonlySet<HtmlElement>, cart: ReadonlySet<HtmlElement>): { rank: number; distance: number } | null {
  const own = describedAs(el);
  // A block's own name may say it prices other products ("fbt_price_block": a bundle's total).
  if (struckThrough(el) || saysOldPrice(own) || QUANTITY.test(own) || OTHER_PRODUCTS.test(own) || FINANCING.test(own) || ADD_ON_SERVICE.test(own) || REVIEWS.test(own) || SAVING.test(own)) return null;
  let rank = NOW_PRICE_WORDS.test(own) ? 0 : /regular/.test(own) ? 2 : 1;
  let distance = anchored ? Infinity : 0;
  let steps = 0;
  let inLink = false;
  for (let n: HtmlElement | null = el; n && steps < MAX_CLIMB; n = parentOf(n), steps++) {
    if (n !== el) {
      const tag = n.tagName;
      // A <header> that holds the item's heading heads the item, not the site (New Look's "product-heading").
      if ((tag === 'header' && !itemBlocks.has(n)) || tag === 'footer' || tag === 'nav' || tag === 'del' || tag === 's' || tag === 'strike' || (NOT_SHOWN.has(tag) && !(tag === 'button' && cart.has(n)))) return null;
      if (tag === 'a') inLink = true;
      const said = blockDescribedAs(n);
      if (said) {
        // A block that holds the item's heading is the item's own, whatever its name ("product-card container").
        if ((OTHER_PRODUCTS.test(said) && !itemBlocks.has(n)) || hiddenByClass(said) || (steps <= 3 && (FINANCING.test(said) || ADD_ON_SERVICE.test(said))) || (steps <= 1 && (REVIEWS.test(said) || (QUANTITY.test(said) && tag !== 'form'))) || (steps <= 2 && SAVING.test(said))) return null;
        if (steps <= 3 && rank === 1 && NOW_PRICE_WORDS.test(said)) rank = 0;
        if (steps <= 2 && rank !== 0 && saysOldPrice(said)) return null;
      }
    }
    if (hiddenByClass(` ${attr(n, 'class') ?? ''} `) || hiddenByAttribute(n) || styledHidden(n)) return null;
    const d = near.get(n);
    if (d !== undefined && steps + d < distance) distance = steps + d;
  }
  return { rank, distance: distance + (inLink ? 4 : 0) };
}

/**
 * Markup of a financing or pay-later offer ("affirm-as-low-as", "klarna-placement", "installment-price"): the amount
 * it shows is a monthly or split payment, not the item's price.
 */
const FINANCING = /affirm|klarna|afterpay|sezzle|install?ment|as-?low-?as|financ(?:e|ing)|monthly|per-?month|payment-?terms|pay-?later|split-?pay|parcel(?:a|ad|amento)|cuota|taksit|ratenzahl|mensualit/;
/**
 * Markup of a service sold with the item ("warranty_price", "protection-plan", "geek-squad", "versicherung"): an
 * extended warranty's or insurance's price stands in the buy box, but is not the item's.
 */
const ADD_ON_SERVICE = /(?<!(?:without|ohne|sans|sin|senza|excl(?:uding)?|no)[-_ ]?)warrant|garantieverl|protection[-_ ]?plan|insurance|versicherung|applecare|geek[-_ ]?squad|care[-_ ]?pack|service[-_ ]?plan/;
/**
 * A quantity control's blocks: its count ("- 1 +") is no amount, even in an element named "amount". A form so named is
 * the cart form itself (osCommerce's "cart_quantity"), whose price is the item's.
 */
const QUANTITY = /(?:^|[^a-z])(?:quantity|qty|stepper)(?:$|[^a-z])/;
/**
 * Markup of shoppers' reviews and ratings ("cr_histogram__amount", "starfilter-row-amount"): counts, not amounts.
 * Angular's "ng-star-inserted", which marks any element a template inserted, says nothing of stars.
 */
const REVIEWS = /review|rating|histogram|(?:^|[^a-z])(?<!ng-)stars?(?:$|[^a-z])|starfilter|star-?rating|votes?(?:$|[^a-z])/;

/**
 * Markup of the amount a sale takes off ("product-save-price", "you-save", "savings-amount"): a saving, not a price,
 * whether inside the price block or in a block of its own beside it ("Risparmi 150,00 €!").
 */
const SAVING = /(?:^|[^a-z])(?:save|saving|savings|yousave)(?:$|[^a-z])|save[-_]?price/;

/** Inside a price block, a price no longer paid, a saving, a payment plan's or a service's: none is the block's own price. */
function notThePrice(el: HtmlElement): boolean {
  if (isStruckPrice(el)) return true;
  const said = describedAs(el);
  return said !== '' && (FINANCING.test(said) || ADD_ON_SERVICE.test(said) || SAVING.test(said));
}

/**
 * Words right after an amount, or after its currency, that make it a payment per month ("$67/mo", "29 € mtl.", "por
 * mes", eMAG's "19,22 Lei / luna", "49 zł/mies.", "990 Kč měsíčně").
 */
const PER_MONTH_AFTER =
  /^\s*(?:[^\d\s/]{1,4}\.?\s*)?(?:\/\s*(?:mo|month|mth|mes|monat|mois|lun[aă]|mies|měs|mesec|mjesec|hó)(?![\p{L}])|per month|a month|mtl(?![\p{L}])|monatlich|par mois|al mes|por mes|pe lun[aă]|miesięcznie|měsíčně|mesečno|mjesečno|havonta|al mese|per maand)/iu;

/**
 * Words saying an amount is one of several payments ("4 payments starting at $15.00", "in 3 interest-free installments",
 * "12x de R$83,25").
 */
const SPLIT_PAYMENT = /\b\d{1,2}\s*(?:x\s*)?(?:(?:interest|fee)[- ]free\s+)?(?:payments|install?ments|mensualit[ée]s|raten|cuotas|rate|parcelas)\b|\b\d{1,2}\s*[x×]\s*de\b/i;

/**
 * A price per unit of measure after its amount ("10,00 €/1 Stück", "2,49 € / 100 g", "$0.25/oz", "3,99 € je kg"): the
 * base price shops show beside the item's (required in the EU), not what one item costs. Pieces count only with their
 * number ("/1 Stück"): "$3.98 /each" is what one item costs.
 */
const PER_UNIT = /\d\s*(?:[€$£]|eur|usd|gbp|chf)?\s*(?:\/|\bje\b|\bpro\b|\bper\b|\bpar\b)\s*(?:(?:\d+(?:[.,]\d+)?\s*)?(?:kg|g|mg|l|ml|cl|dl|m|cm|m²|m2|qm|lfm|lbs?|oz|fl\.?\s?oz|kilo|lit(?:er|re))|\d+\s*(?:stück|stk|st\.|pieces?|pcs?|units?|pièces?|unidad(?:es)?|pezz[io]))(?![\p{L}])/iu;

/**
 * Words right before an amount that make it one of several equal payments ("12x de R$83,25", "3 x 33,17 €"); "1 x" is
 * one item's price.
 */
const PARTS_BEFORE = /(?:^|[^\p{L}\d])(?:[2-9]|[1-9]\d)\s*[x×]\s*(?:de\s+|of\s+)?$/iu;

/** Whether the line an element stands in says its amount is paid per month, or in parts. */
function paidOverTime(el: HtmlElement, shown: string): boolean {
  const parent = parentOf(el);
  if (!parent || !shown) return false;
  const line = priceTextOf(parent, isStruckPrice, 200);
  const at = line.indexOf(shown);
  // The element may hold the whole line ("Rate de la 19,22 Lei / luna"): what follows its last figure counts too.
  const afterFigures = shown.slice(shown.search(/\d[^\d]*$/) + 1);
  return PER_MONTH_AFTER.test(afterFigures) || (at >= 0 && (PER_MONTH_AFTER.test(line.slice(at + shown.length)) || PARTS_BEFORE.test(line.slice(0, at))));
}

/**
 * Whether every figure in a text is part of a word: a model name ("Galaxy Tab S9 FE", "XZ2"), not an amount. A
 * currency code before a figure ("EUR21.86") leaves it an amount.
 */
function figuresInWords(text: string): boolean {
  const figures = [...text.matchAll(/\d[\d.,'\u00a0\u202f]*/g)];
  return figures.length > 0 && figures.every((m) => {
    const before = text.slice(0, m.index);
    return /\p{L}$/u.test(before) && !/(?:^|\P{L})[A-Z]{3}$/u.test(before);
  });
}

/**
 * A count written with a leading zero ("01" of a slideshow's "01 / 05", "007") is a position, not an amount: an amount
 * under one is written with its decimals ("0,99 €").
 */
function zeroLedCount(text: string): boolean {
  const figures = text.match(/\d[\d.,'\u00a0\u202f]*/g) ?? [];
  return figures.length > 0 && figures.every((f) => /^0\d+$/.test(f.trim()));
}

/**
 * Whether a text reads as an amount: it names a currency, or writes a figure with cents ("150,85"), or is a bare number
 * ("229"), also with a dash for no cents as Central European and Nordic shops write it ("20 890,-", "49.–", "9 690:-",
 * and bol.com's "279 -"). Other figures among words are a name's or a measure's ("ACER CB2 CB242YEbmiprx, 23.8\" von
 * Acer" in a block named "name-price-buy").
 */
function amountShaped(text: string): boolean {
  if (readCurrency(text, null) !== null) return true;
  // One figure and a currency written only beside figures ("63 lei"; "lei" alone in a sentence names none).
  if (PRICE_ALONE.test(text.trim())) {
    const read = readPrice(text);
    if (read.ok && read.value.currency !== null) return true;
  }
  if (/(?:^|[^\p{L}\d.,])\d{1,3}(?:[.,'\u00a0\u202f ]?\d{3})*[.,]\d{2}(?![\d\p{L}])/u.test(text)) return true;
  return /^\s*\d[\d.,'\u00a0\u202f ]*(?:[.,:]?\s?[-–])?\s*$/.test(text);
}

/**
 * An amount written with a sign before it, at the start, after a bracket or after a label's colon, is a difference, not a
 * price: an option's surcharge ("3XL (+US$ 1.00)") or a saving ("Outlet Savings: -$80.00"); a percentage ("-0%") is
 * neither.
 */
const SIGNED = /(?:^|\(|:)\s*[+\-−]\s?(?:\p{Sc}|[A-Z]{2,3}\s?\p{Sc}?)?\s?\d(?![\d.,]*\s?%)/u;

/** Words before a price that say it is the price paid now ("Now $52.00", "Sale 19,99 €", "You Pay: $3,299.00", "Jetzt 49,90 €"). */
const NOW_WORDED = /^(?:now|sale|today|you pay|your price|jetzt|nur|maintenant|ahora|ora|nu|teraz)\b/i;
/**
 * Words before a price that say it is no longer paid ("Was $64.95", "statt 79,90 €", "RRP £63.99", India's "MRP: ₹644",
 * Brazil's "De: R$ 699,00" before "Por: R$ 659,00").
 */
const WAS_WORDED = /^(?:was|before|reg\.?|regular|list|orig\.?|original|rrp|msrp|mrp|uvp|statt|vorher|avant|antes|prima)\b|^de\s*:/i;
/** Words before an amount that make it what a sale takes off ("You save $77.84 (24%)", "Sie sparen 14,00 €"). */
const SAVING_WORDED = /^\(?\s*(?:you\s+save|save|savings?|sie\s+sparen|sparen\s+sie|du\s+sparst|économisez|vous\s+économisez|ahorra[sn]?|risparmi|economize|bespaar|oszczędzasz|spara?)\b/i;

/**
 * The text a price element shows: all of it, or where it wraps more than a price (a rating widget inside the price
 * line) or holds several lines of figures, the words written directly in it when they say the price paid now ("Now
 * $52.00"), else its first line where that is one amount and its currency ("192,32 €" over notes on tax, "173.34 Lei"
 * over monthly payments); other words written directly in a long line may be the end of a range ("$12.97 - $24.99").
 */
function shownText(el: HtmlElement): string {
  const shown = priceTextOf(el, notThePrice, 160);
  if (shown.length <= 60 && !shown.includes(LINE_BREAK)) return shown;
  const own = ownText(el);
  if (NOW_WORDED.test(own)) return own;
  const line = priceLineOf(el, notThePrice, 160);
  return line.length <= 24 && AMOUNT_MARK.test(line.replace(/[\d.,'\u00a0\u202f ]+/g, '')) ? line : shown;
}

/**
 * A price spoken for screen readers, its cents in words ("De prijs van dit product is 22 euro en 99 cent.", "22 dollars
 * and 99 cents", "22 Euro und 99 Cent"): the amount with its cents, as figures.
 */
const SPOKEN_CENTS = /(\d+)\s+(euros?|dollars?|pounds?|francs?)\s+(?:and|en|und|et|e|y|con|och|og)\s+(\d{1,2})\s+(?:cents?|centimes?|céntimos?|centesimi|pence)\b/i;
const spokenCents = (text: string): string => text.replace(SPOKEN_CENTS, (_, units: string, currency: string, cents: string) => `${units}.${cents.padStart(2, '0')} ${currency}`);

/**
 * The amount and currency an element shows: its own text, else a currency written beside it; and whether its words
 * say it is the price paid now (`NOW_WORDED`).
 */
function amountOf(el: HtmlElement, page: Page): { amount: number; currency: string | null; nowWorded: boolean } | null {
  const shown = spokenCents(shownText(el));
  if (!/\d/.test(shown) || shown.length > 60 || SIGNED.test(shown) || WAS_WORDED.test(shown) || SAVING_WORDED.test(shown) || figuresInWords(shown) || zeroLedCount(shown) || SPLIT_PAYMENT.test(shown) || PER_UNIT.test(shown) || paidOverTime(el, shown)) return null;
  const figures = shown.match(/\d[\d.,'\u00a0\u202f ]*/g) ?? [];
  if (figures.length > 3) return null;
  if (!amountShaped(shown)) return null;
  const read = readPrice(shown, { currency: page.localeCurrency });
  if (!read.ok || read.value.amount <= 0) return null;
  let currency = read.value.currency;
  for (let n = parentOf(el), i = 0; !currency && n && i < 2; n = parentOf(n), i++) currency = readCurrency(textOf(n, isStruckPrice, 200), page.localeCurrency);
  return { amount: read.value.amount, currency, nowWorded: NOW_WORDED.test(shown) };
}

/**
 * A price before tax, marked so ("TaxExcluded", "price_tax_exclude", "net-price") or worded so on its line ("¥859
 * (税抜)", "ohne MwSt.", "excl. VAT", "HT"): where the page also shows the price with tax, the shopper pays that one.
 */
const TAX_EXCLUDED_MARK = /tax[-_]?excl|excl(?:uding|usive)?[-_]?(?:tax|vat|gst)|ex[-_]?(?:vat|gst)\b|net[-_]?price|price[-_]?net\b|netto/;
const TAX_EXCLUDED_WORDS = /税抜|税別|\bexcl\.?\s*(?:vat|tax|gst)|\bexclusive of (?:vat|tax|gst)|\bex\.?\s*(?:vat|gst)\b|\bohne\s+mwst|\bzzgl\.?\s*(?:mwst|ust)|\bnetto\b|\bht\b|hors taxes|\bsin iva\b|\bsem iva\b|\bexcl\.?\s*btw\b|\bexkl\.?\s*moms\b/i;
/** Steps climbed from a price to the element whose markup or line may say it is before tax. */
const TAX_CLIMB = 3;

function beforeTax(el: HtmlElement): boolean {
  for (let n: HtmlElement | null = el, i = 0; n && i <= TAX_CLIMB; n = parentOf(n), i++) {
    if (TAX_EXCLUDED_MARK.test(describedAs(n))) return true;
    // The words stand on the price's own line: one that holds no other amount (a row of both prices says both).
    // Read past the markup's indentation (which counts toward `textOf`'s limit) so that a long line is not cut short.
    const line = i > 0 ? textOf(n, undefined, 600) : '';
    if (line.length > 0 && line.length <= 120 && (line.match(/\d[\d.,'\u00a0\u202f]*/g) ?? []).length <= 1 && TAX_EXCLUDED_WORDS.test(line)) return true;
  }
  return false;
}

/**
 * The price the page shows for its own item: the one nearest the item's heading or its add-to-cart control; a sale,
 * now or current price before a plain one. Its currency is the one it writes, else one written beside it, else the
 * page's.
 */
function shownPrice(page: Page, heading: HtmlElement | null): ShownPrice | null {
  const anchors = [...(heading ? [heading] : []), ...page.cartEls.slice(0, ITEM_CART_CONTROLS)];
  const cart = new Set(shownCartControls(page.cartEls));
  const near = anchorDistances(anchors);
  const itemBlocks = blocksHolding(heading);
  const found: ShownPrice[] = [];
  page.priceEls.forEach((el, index) => {
    if (NOT_SHOWN.has(el.tagName) || found.length > 200) return;
    const place = placeOf(el, near, anchors.length > 0, itemBlocks, cart);
    const amount = place ? amountOf(el, page) : null;
    // A price before tax comes after every other the block shows: the price with tax, where there is one.
    if (place && amount) found.push({ el, amount: amount.amount, currency: amount.currency, ...place, rank: (amount.nowWorded ? 0 : place.rank) + (beforeTax(el) ? 3 : 0), index });
  });
  if (found.length === 0) return null;
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank || a.index - b.index);
  const nearest = found[0] as ShownPrice;
  // The price block the nearest price stands in: a sale price there beats a plain one.
  const block = found.filter((f) => f.distance <= nearest.distance + 2);
  block.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.index - b.index);
  return block[0] ?? nearest;
}

/** A currency's sign or code as prices write it beside their amount. */
const CURRENCY_MARK = String.raw`(?:[€$£¥₹₽₫₩₪₺₴₱₦]|R\$|đ|zł|kr\.?|kč|ft|lei|rp|rm|грн\.?|руб\.?|лв\.?|[a-z]{3})`;
/** What a line of one amount holds besides its figures: its currency's mark. */
const AMOUNT_MARK = new RegExp(`^${CURRENCY_MARK}$`, 'i');
const GROUPED_AMOUNT = String.raw`\d{1,3}(?:[.,'\u00a0\u202f ]?\d{3})*`;
/**
 * A text that is one price with its currency and nothing else: "227,70 €", "€210,87", "EUR 1.299,00", and amounts of
 * currencies written without cents ("13.790.000đ", "22 510 ₽", "₹2,640").
 */
const PRICE_ALONE = new RegExp(`^${CURRENCY_MARK}\\s?${GROUPED_AMOUNT}(?:[.,]\\d{2})?$|^${GROUPED_AMOUNT}(?:[.,]\\d{2})?\\s?${CURRENCY_MARK}$`, 'i');
/**
 * Beside a bare dollar, euro or pound sign a shop writes its price with cents: an amount without them there is more
 * often a payment in instalments or a saving ("每期 $98", "Save $20") than the item's price.
 */
const SIGN_OF_CENTS = /^[$€£]|[$€£]$/;
const CODE_OF_CENTS = /^(?:eur|usd|gbp|chf)|(?:eur|usd|gbp|chf)$/i;
/**
 * A price alone: with cents beside the dollar, euro, pound or franc (or without them, `whole`), else in a currency the
 * shared reader knows.
 */
function priceAlone(text: string, page: Page, whole: boolean): boolean {
  if (!PRICE_ALONE.test(text)) return false;
  const cents = /[.,]\d{2}(?!\d)/.test(text);
  if (SIGN_OF_CENTS.test(text)) return cents || whole;
  return (cents && CODE_OF_CENTS.test(text)) || readCurrency(text, page.localeCurrency) !== null;
}
const PRICE_HOLDERS = new Set(['td', 'div', 'span', 'p', 'b', 'strong', 'h2', 'h3', 'h4', 'h5', 'font']);
/** Elements looked at after the heading for a bare price: a price stands near its item's name. */
const BARE_PRICE_REACH = 400;
/**
 * Elements looked at after the heading for a whole amount beside a sign ("$110", "€85"), where no price with cents
 * stands after it: shops that price in whole units print the item's price right under its name.
 */
const WHOLE_PRICE_REACH = 40;
/** Words of a line that prices the delivery, not the item ("Ships from Germany: $795 Standard Parcel"). */
const DELIVERY_LINE = /\b(?:ships?|shipping|delivery|postage|parcel)\b|versand|lieferung|livraison|env[ií]o|spedizione|frete/i;

/**
 * Whether a whole amount's line says it is something else than the item's price: words before it ("每期 $98": each
 * instalment; "Save $20"), or a delivery's words anywhere on it.
 */
function saidOfOther(el: HtmlElement, shown: string): boolean {
  const parent = parentOf(el);
  if (!parent) return false;
  const line = priceTextOf(parent, isStruckPrice, 200);
  return /\p{L}/u.test(line.slice(0, Math.max(0, line.indexOf(shown)))) || DELIVERY_LINE.test(line);
}

/**
 * On a page whose markup names no price element (old table layouts, hand-written shops), the first element after the
 * item's heading that shows one price with its currency and nothing else, where the shopper sees it as the item's.
 */
function barePrice(page: Page, heading: HtmlElement | null, whole = false): { amount: number; currency: string | null; el: HtmlElement } | null {
  const reach = whole ? WHOLE_PRICE_REACH : BARE_PRICE_REACH;
  const cart = new Set(shownCartControls(page.cartEls));
  let after = heading === null;
  let seen = 0;
  const itemBlocks = blocksHolding(heading);
  for (const el of elements(page.root)) {
    if (el === heading) after = true;
    if (!after || !PRICE_HOLDERS.has(el.tagName)) continue;
    if (++seen > reach) return null;
    const shown = priceTextOf(el, notThePrice, 40);
    if (shown.length > 24 || !priceAlone(shown, page, whole) || !shownForItem(el) || placeOf(el, new Map(), false, itemBlocks, cart) === null || (whole && saidOfOther(el, shown))) continue;
    const found = amountOf(el, page);
    if (found) return { ...found, el };
  }
  return null;
}

export function fromVisiblePrice(page: Page): Evidence | null {
  const heading = headingElement(page)?.el ?? null;
  const shown = shownPrice(page, heading);
  if (shown) return { price: shown.amount, currency: shown.currency ?? page.localeCurrency, regularPrice: regularBeside(shown.el, shown.amount, page.localeCurrency) };
  const bare = barePrice(page, heading) ?? (heading ? barePrice(page, heading, true) : null);
  return bare ? { price: bare.amount, currency: bare.currency ?? page.localeCurrency, regularPrice: regularBeside(bare.el, bare.amount, page.localeCurrency) } : null;
}

/**
 * Whether an element marked as a price shows the item as free ("Free To Play", "Gratis", "0,00 €"): only then is a
 * structured price of 0 the item's; a template's 0 on a page that shows no price at all is a placeholder.
 */
export function showsZeroPrice(page: Page): boolean {
  return page.priceEls.some((el) => {
    if (NOT_SHOWN.has(el.tagName)) return false;
    const shown = priceTextOf(el, isStruckPrice, 60);
    if (shown.length === 0 || shown.length > 40) return false;
    if (FREE_ITEM.test(shown)) return true;
    const read = readPrice(shown);
    return read.ok && read.value.amount === 0;
  });
}

/** Words saying the item itself costs nothing ("Free To Play", "Gratis"), not its delivery ("Free shipping"). */
const FREE_ITEM = /^(?:free|gratis|kostenlos|gratuit[eo]?)\b(?!\s+(?:shipping|delivery|returns?|versand|lieferung|livraison|env[ií]o|spedizione))/i;
