/**
 * The Amazon reader: Amazon is a big shop whose pages carry almost no metadata, so its own page elements are read
 * (the title, the buy box's price and stock line, the byline's brand, the ASIN form field or its widgets' ASIN, the
 * condition of the offer).
 */
import { attr, elements, textOf, type HtmlElement } from '../html';
import type { Evidence } from './evidence';
import { amongOtherProducts, isOldPrice, priceTextOf } from './markup';
import type { Page } from './page';
import { STOCK_LINE_MAX, stockStateInWords } from './stock-words';
import { currencyFromText, parseCondition, parsePrice, stockStateOfWording, text, type StockState } from './values';

const AMAZON_PRICE_IDS = ['priceblock_dealprice', 'priceblock_saleprice', 'priceblock_ourprice', 'corePrice_feature_div', 'corePriceDisplay_desktop_feature_div', 'corePrice_desktop', 'price_inside_buybox', 'newBuyBoxPrice', 'buyNewSection', 'kindle-price', 'price'];

/**
 * Amazon's byline: "Visit the Sony Store", "Besuche den Sony-Store", "Visiter la boutique HP", "Brand: Sony", "Marke: Sony",
 * "Visita la tienda de Sony", "Visita il Sony Store", "Visite a loja WAP", "Odwiedź sklep Sony", "Besök Sony-butiken", "Sony
 * Mağazasını ziyaret edin", "زيارة متجر Sony", "Sonyのストアを表示", "ブランド: Sony", "by ACTIVISION"; an author's byline names
 * no brand.
 */
function amazonBrand(byline: string): string | null {
  if (/\((?:author|autor|auteur|autore|著)\)/i.test(byline) || /^(?:by|von|de|di|par)\s/i.test(byline) && /\(/.test(byline)) return null;
  const t = byline
    .replace(/^(?:brand|marke|marque|marca|merk|märke|marka|varumärke|ブランド|العلامة التجارية)\s*[:：]\s*/i, '')
    // A maker's byline ("by ACTIVISION"), as an author's without the role.
    .replace(/^(?:by|von|par)\s+/i, '')
    .replace(/^(?:visit the|besuchen? sie den|besuche den|visite[rz] la boutique(?: de)?|visita lo store di|visita il|visita la tienda de|bezoek de|visite a loja(?: d[aeo])?|odwiedź sklep|besök|زيارة متجر)\s+/i, '')
    .replace(/\s+(?:mağazasını|store['’]u) ziyaret edin$/i, '')
    .replace(/[-\s]*(?:store|shop|boutique|tienda|loja|winkel|butiken)$/i, '')
    .replace(/\s*のストアを表示$/u, '')
    .replace(/^(?:store|shop)\s+/i, '')
    .trim();
  return t.length > 0 && t.length <= 50 ? t : null;
}


/** The price written out for screen readers ("a-offscreen"), where the page was saved with it. */
const screenReaderPrice = (x: HtmlElement): boolean => /\ba-offscreen\b/.test(attr(x, 'class') ?? '') && /\d/.test(textOf(x, undefined, 40));

/** A price shown in parts ("21", ",", "75", "€" each in an element), not a struck-through list price. */
const shownInParts = (x: HtmlElement): boolean => /\ba-price\b/.test(attr(x, 'class') ?? '') && !/a-text-price/.test(attr(x, 'class') ?? '');

/** The buy box's price: the first visible amount of a price block that is not a struck-through list price. */
function amazonPrice(page: Page): string | null {
  for (const id of AMAZON_PRICE_IDS) {
    const el = page.byId.get(id);
    if (!el) continue;
    // The accordion's "Buy New" row of a book's page shows its price as an "offer-price". A page saved with the screen
    // readers' copy of a price left empty shows that price in parts only.
    const first = [...elements(el)].find((x) => (screenReaderPrice(x) && !isOldPrice(x.parentNode as HtmlElement) && !/a-text-price/.test(attr(x.parentNode as HtmlElement, 'class') ?? '')) || /\boffer-price\b/.test(attr(x, 'class') ?? '') || (shownInParts(x) && ![...elements(x)].some(screenReaderPrice)));
    // A price written in parts ("£", "34", "99" in superscript) is read with its cents.
    const t = first && !shownInParts(first) ? textOf(first) : priceTextOf(first ?? el, isOldPrice, 1000);
    if (/\d/.test(t) && (id !== 'price' || /^[^\d]{0,12}\d[\d.,\s]*[^\d]{0,6}$/.test(t))) return t;
  }
  // Older and simpler pages: the first shown price that is not a struck-through list price.
  const off = [...elements(page.root)].find((x) => shownInParts(x) && !amongOtherProducts(x));
  const t = off ? priceTextOf(off) : '';
  return /\d/.test(t) ? (t.split(/\s+(?=\D*\d)/)[0] ?? t) : null;
}

/** The images of the item's gallery (the landing image's high-resolution link, else its source). */
function amazonImages(page: Page): string[] {
  const img = page.byId.get('landingImage') ?? page.byId.get('imgBlkFront') ?? page.byId.get('ebooksImgBlkFront');
  const src = img ? (attr(img, 'data-old-hires') || attr(img, 'src')) : undefined;
  return src && !src.startsWith('data:') ? [src] : [];
}

/**
 * The ASIN most of the page's widgets report to Amazon's client-side analytics (`data-csa-c-asin`): the item's own, as
 * its buy box, gallery and detail widgets all carry it, where a page saved without its form fields has no other.
 */
function widgetAsin(page: Page): string | null {
  const counts = new Map<string, number>();
  for (const el of elements(page.root)) {
    const asin = attr(el, 'data-csa-c-asin');
    if (asin && /^[A-Z0-9]{10}$/.test(asin)) counts.set(asin, (counts.get(asin) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [asin, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = asin;
  return best;
}

/**
 * The buy box's stock line as a state: its English, German and Romance wording first, then its first sentence in the
 * words of any of the marketplaces' languages ("Momenteel niet verkrijgbaar.", "Şu anda mevcut değil.", "Usually
 * dispatched within 3 to 4 days.", "متوفر").
 */
function stockLine(wording: string): StockState | null {
  const first = wording.replace(/\s+/g, ' ').trim().split(/(?<=[.。!])\s/)[0] ?? '';
  // Amazon Brazil's "Não disponível." alone: in the buy box it speaks of the item, where elsewhere it fills a spec row.
  if (/^(?:não disponível|indisponível)\.?$/i.test(first)) return 'OutOfStock';
  return stockStateOfWording(wording) ?? stockStateInWords(first.slice(0, STOCK_LINE_MAX));
}

/**
 * The offers line of a buy box no seller has won (`unqualifiedBuyBox`, "1 Used from £442.62 See All Buying Options"):
 * used offers named and no new one ("2 new from $179.00") means the page sells its item used.
 */
const USED_FROM = /\b(?:used|gebraucht|d['’]occasion|usat[oi]|usados?|tweedehands|begagnade?)\s+(?:from|ab|à partir de|da|desde|vanaf|från)\b/i;
const NEW_FROM = /\b(?:new|neu|neufs?|nuov[oi]|nuevos?|nieuw|nya?)\s+(?:from|ab|à partir de|da|desde|vanaf|från)\b/i;

function offersUsedOnly(page: Page): boolean {
  if (page.byId.has('usedOnlyBuybox')) return true;
  const offers = page.byId.get('unqualifiedBuyBox');
  if (!offers) return false;
  const line = textOf(offers, undefined, 300);
  return USED_FROM.test(line) && !NEW_FROM.test(line);
}

export function fromAmazon(page: Page): Evidence | null {
  const titleEl = page.byId.get('productTitle') ?? page.byId.get('ebooksProductTitle');
  if (!titleEl) return null;
  // A page known by no address (saved without its head) is Amazon's when its widgets carry Amazon's analytics ASINs.
  const widgetId = page.host ? undefined : widgetAsin(page);
  const isAmazon = page.host ? /(?:^|\.)amazon\.[a-z.]+$/.test(page.host) : widgetId !== null;
  if (!isAmazon) return null;
  const rawPrice = amazonPrice(page);
  const byline = page.byId.get('bylineInfo');
  // The buy box's stock line ("In Stock.", "Currently unavailable.", "Derzeit nicht verfügbar.") and the ASIN the
  // page carries in its own form fields.
  const stock = page.byId.get('availability') ?? page.byId.get('outOfStock');
  const asinField = [...elements(page.root)].find((x) => x.tagName === 'input' && /^(?:ASIN|asin)$/.test(attr(x, 'name') ?? '') && /^[A-Z0-9]{10}$/.test(attr(x, 'value') ?? ''));
  const title = text(textOf(titleEl));
  // "(Renewed)" in the title, or the used/renewed buy box, says the offer's condition.
  const renewed = title && /\((?:renewed|refurbished|reconditionné|generalüberholt|ricondizionato|reacondicionado)\)/i.test(title);
  // A buy box of used offers alone, or a seller-less one that names used offers only: the page sells its item used.
  const usedOnly = offersUsedOnly(page);
  return {
    title,
    sku: asinField ? (attr(asinField, 'value') ?? null) : (widgetId ?? widgetAsin(page)),
    availability: stock ? stockLine(textOf(stock, undefined, 200)) : null,
    brand: byline ? amazonBrand(textOf(byline)) : null,
    price: rawPrice ? parsePrice(rawPrice) : null,
    currency: rawPrice ? (currencyFromText(rawPrice, page.localeCurrency) ?? page.localeCurrency) : null,
    images: amazonImages(page),
    condition: renewed ? parseCondition('refurbished') : usedOnly ? parseCondition('used') : null,
  };
}
