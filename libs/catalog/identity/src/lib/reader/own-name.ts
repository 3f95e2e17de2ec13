/**
 * The own-name reader: a maker's own shop names its items after itself ("Logitech MX Vertical Ergonomic Mouse" at
 * logitech.com, "Williams Sonoma Oven Mitt" at williams-sonoma.com, "TEMPUR Deluxe-HD Mattress" at tempur.co.uk). An
 * item's name that begins with the shop's own name gives the maker, which markup naming the site (og:site_name, a
 * title's " | Shop" suffix, the logo) never does (brand.ts). So does a line marked as the item's brand or vendor right by
 * its heading that writes the shop's name ("ProsourceFit" over "Extra Thick Yoga and Pilates Mat" at prosourcefit.com).
 * And a shop that names no maker anywhere on the page is the maker of its items (`makersOwnShop`).
 */
import { hostMatchesDomain, knownMarketplaceFor, stripWww } from '@pricehunt/marketplace';
import { attr, cleanText, type HtmlElement } from '../html';
import type { Evidence } from './evidence';
import { BRAND_LINK, compact, type Page } from './page';
import { headingElement, isDomainName, itemNamesFirstToLast, SEPARATORS } from './titles';
import { brandBesideHeading } from './brand-hints';

/** Words a shop's name may take at the start of an item's name ("Sleep Number", "Nörd Republic"). */
const MAX_NAME_WORDS = 3;

/**
 * The words `name` begins with that are the shop's name, as written, with at least one word of the item after them.
 * Not the site's name set before a title ("GagGifts.com: Glow in the Dark Toilet Paper", "Shop | Item").
 */
export function leadingShopName(name: string, page: Page): string | null {
  const words = cleanText(name).split(/\s+/).filter(Boolean);
  for (let n = 1; n <= Math.min(MAX_NAME_WORDS, words.length - 1); n++) {
    const raw = words.slice(0, n).join(' ');
    if (/[.:|]/.test(raw) || /^[|\-–—:•·»]$/u.test(words[n] ?? '')) break;
    const lead = raw.replace(/[®™©,]+$/u, '');
    const c = compact(lead);
    if (c.length >= 3 && page.siteNames.includes(c)) return lead;
  }
  return null;
}

/** The shop's name the item's heading, else its og:title, else its title tag's first part, begins with; else the shop's name on the brand line by the heading. */
export function fromOwnName(page: Page): Evidence | null {
  for (const name of itemNamesFirstToLast(page)) {
    const brand = leadingShopName(name, page);
    if (brand) return { brand };
  }
  const own = brandBesideHeading(page, headingElement(page)?.el ?? null, true);
  return own ? { brand: own } : null;
}

/**
 * Words by which a page names an item's maker, or a work's publisher or developer, in the shops' languages: a shop of
 * many makers says them on every page (its filters, its menu of brands, the item's "Brand:" line, its descriptions).
 */
const MAKER_WORD =
  /(?<![\p{L}\p{N}])(?:brands?|manufacturers?|makers?|vendors?|designers?|developers?|publishers?|isbn|marken?|hersteller|verlag|marques?|fabricant|éditeur|marcas?|fabricante|editora|merken?|märken|tillverkare|merkki|valmistaja|marka|producent|značka|výrobce|gamintojas|бренды?|марки?|производитель|издательство|thương hiệu)(?![\p{L}\p{N}])|ブランド|メーカー|出版社|品牌|브랜드|제조사|מותג|العلامة التجارية/iu;
/**
 * Elements whose text no shopper reads. Unlike `textOf`'s, a form's options count: a list of brands to filter by is a
 * `<select>` on many shops.
 */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
/** A shop's name as written: letters and digits, with spaces, "&", apostrophes, points or dashes between them. */
const WRITTEN_NAME = /^[\p{L}\p{N}](?:[\p{L}\p{N}&'’ .-]*[\p{L}\p{N}])?$/u;

/** Whether a link leads to a brand's page of the shop itself (not another site's form that names the shop's brand). */
function linksBrandPage(el: HtmlElement, page: Page): boolean {
  const href = attr(el, 'href') ?? '';
  if (!BRAND_LINK.test(href)) return false;
  const host = /^(?:https?:)?\/\/([^/?#:]+)/i.exec(href)?.[1]?.toLowerCase();
  return !host || !page.host || hostMatchesDomain(stripWww(host), stripWww(page.host));
}

/** Whether the page names a maker: a word for one in the text a shopper reads, or a link to one of its brand pages. */
function namesAnyMaker(page: Page): boolean {
  const stack: HtmlElement[] = [page.root];
  while (stack.length > 0) {
    const el = stack.pop() as HtmlElement;
    if (el.tagName === 'a' && linksBrandPage(el, page)) return true;
    for (const child of el.childNodes ?? []) {
      if (child.nodeName === '#text') {
        if (MAKER_WORD.test((child as { value: string }).value)) return true;
      } else if ('tagName' in child && !UNSEEN.has(child.tagName)) stack.push(child);
    }
  }
  return false;
}

/**
 * Words after a maker's name that say which of its shops it is: a country's or region's, "Official Store", "Online"
 * (not "International": a company's name).
 */
const SHOP_OF_MAKER = /^(?:(?:us|usa|uk|eu|europe|ca|canada|au|australia|nz|in|india|de|fr|it|es|nl|be|ch|at|se|dk|no|fi|pl|ie|jp|kr|sg|my|hk|tw|br|mx|levant|official|online|store)\b\s*)+$/i;

/**
 * The shop's own name as its og:site_name or its title tag's closing part writes it, where that is the name its address
 * gives ("Sleep Number" at sleepnumber.com, "Ironmaster" at ironmaster.com), or that name and words that say which of
 * the maker's shops it is ("Uniqlo US", "Samsung Levant", "Frederic Malle Online"); not a domain name ("Shiseido.com").
 */
function shopsWrittenName(page: Page): string | null {
  const labels = (page.host ?? '').split('.').map(compact).filter((label) => label.length >= 3);
  const written = [...(page.meta.get('og:site_name') ?? []), ...(page.titleTag?.split(SEPARATORS).slice(1) ?? [])];
  for (const part of written) {
    const name = cleanText(part).replace(/[®™]+$/u, '').trim();
    if (!WRITTEN_NAME.test(name) || isDomainName(name) || /\.[a-z]{2,3}$/i.test(name)) continue;
    const words = name.split(' ');
    for (let n = words.length; n >= 1; n--) {
      if (n < words.length && !SHOP_OF_MAKER.test(words.slice(n).join(' '))) break;
      const lead = words.slice(0, n).join(' ');
      const c = compact(lead);
      if (c.length >= 3 && labels.includes(c)) return lead;
    }
  }
  return null;
}

/**
 * A maker's own shop, where no source names the item's brand: the shop's written name when the page names no maker at
 * all, neither by a word for one nor by a link to a brand's page (iRobot's, Bose's, a brewery's shop). A shop of many
 * makers names them; a marketplace (eBay, Amazon, Etsy …) is none, a store on Shopify may be.
 */
export function makersOwnShop(page: Page): string | null {
  // A marketplace's sellers sell every maker's goods (eBay's listing without item specifics names none).
  const marketplace = page.host ? knownMarketplaceFor(page.host) : null;
  if (marketplace && marketplace.name !== 'Shopify') return null;
  const name = shopsWrittenName(page);
  return name && !namesAnyMaker(page) ? name : null;
}
