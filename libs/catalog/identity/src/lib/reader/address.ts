/**
 * The address reader: the shop's item id that a product page's own address carries, where the page states none
 * ("/CE5145.html", "…-cardigan-12185160.html", "/product/8958197", "prodid-937363", "?productId=70682436",
 * "…-p400105394.html"). Marketplaces the registry knows read their ids exactly (`url` reader); this one reads any shop.
 */
import { extractProductId } from '@pricehunt/marketplace';
import type { Evidence } from './evidence';
import type { Page } from './page';

/** Query keys that name the item. */
const ID_KEYS = /^(?:id|pid|productid|product_id|prodid|itemid|item|item_id|sku|article|articleid|art)$/i;
/** Words in a path that say the token after them is the item's id ("prodid-937363", "pid-11071203"). */
const ID_WORDS = /^(?:id|pid|prodid|productid|sku|item|itemid|art|article)$/i;

/** An id-like token: 4 to 24 letters, digits and dashes with at least four digits; no year, no dimensions. */
function idLike(token: string): boolean {
  if (token.length < 4 || token.length > 24 || (token.match(/\d/g) ?? []).length < 4) return false;
  return !/^(?:19|20)\d\d$/.test(token) && !/^\d+x\d+$/i.test(token) && !/^\d+(?:px|mm|cm|ml|gb|tb|w)$/i.test(token);
}

/** A code of capitals and digits ("MOBE4G6GTH2QDACF"): an id under a query key that names the item, with fewer digits than `idLike` asks of a token of the path. */
const CAPITALS_AND_DIGITS = /^(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{8,24}$/;

/** A product number marked with a "p" ("p400105394"): the number. */
const unmarked = (token: string) => (/^p\d{5,}$/.test(token) ? token.slice(1) : token);

/** A path segment with its escapes decoded; one with an escape that is not UTF-8 (`%B2`, Latin-1) stays as written. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const CODE_GROUP = /^[A-Za-z0-9]+$/;
/** A measure in a name's slug ("128gb", "5g", "55in"): a figure of the item, not of a code. */
const MEASURE = /^\d+(?:gb|tb|mb|g|mm|cm|m|kg|ml|l|w|v|mah|hz|in|inch|k|p)$/i;
/**
 * A code written in groups joined by dashes, three or more of them and most of them holding a digit that is no
 * measure: a UUID ("45553530-ecaa-45a5-84bd-b54ac0272472"), a house code ("b12-0804-273-CHARTIL-063"). The code is the
 * whole run; one group of it ("b54ac0272472", "0804") is no id. A name's slug has words and measures between its
 * figures ("samsung-galaxy-a26-5g-8gb-128gb", "iphone-13-128gb-trang-73239368").
 */
function codeRun(text: string): string | null {
  const groups = text.split('-');
  if (groups.length < 3 || text.length > 48 || !groups.every((g) => CODE_GROUP.test(g))) return null;
  const figures = groups.filter((g) => /\d/.test(g) && !MEASURE.test(g)).length;
  return figures >= 3 && figures * 2 > groups.length ? text : null;
}

/** A word of a name in a slug: two letters or more. */
const isWord = (token: string) => /^\p{L}{2,}$/u.test(token);

/** The id a query names, else the path's id after an id word, else the rightmost id-like token of the path. */
export function idInAddress(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  for (const [key, value] of url.searchParams) if (ID_KEYS.test(key) && (idLike(value) || CAPITALS_AND_DIGITS.test(value)) && /^[\w-]+$/.test(value)) return value;
  const segments = url.pathname.split('/').map((s) => decodedSegment(s).replace(/\.(?:html?|aspx?|php|jsp|prod)$/i, ''));
  const tokens = segments.flatMap((s) => s.split(/[-_~.,+]+/)).filter(Boolean);
  for (let i = 0; i < tokens.length - 1; i++) if (ID_WORDS.test(tokens[i] as string) && idLike(tokens[i + 1] as string)) return tokens[i + 1] as string;
  // Whole segments first ("CE5145", "prod201700132"), then their parts ("…-12185160").
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] as string;
    if (idLike(segment) && /^[A-Za-z0-9]+$/.test(segment)) return unmarked(segment);
    const code = codeRun(segment.split('_').pop() as string);
    if (code) return code;
    // The slug's last id-like token that is not a number inside a name, words on both sides of it ("…-248407-01",
    // "37219-12_wege_zu_guter_pflege"; not "hp-officejet-pro-6830-e-all-in-one-printer").
    const words = segment.split(/[-_~.,+]+/).filter(Boolean);
    const inName = (i: number) => words.slice(0, i).some(isWord) && words.slice(i + 1).some(isWord);
    const last = words.filter((w, i) => idLike(w) && !inName(i)).pop();
    if (last && /^[A-Za-z0-9]+$/.test(last)) return unmarked(last);
  }
  return null;
}

/** The id a marketplace's link carries (an ASIN, an eBay item number), for marketplaces the registry knows. */
export function fromMarketplaceUrl(page: Page): Evidence | null {
  const id = page.url ? (extractProductId(page.url)?.id ?? null) : null;
  return id ? { sku: id } : null;
}

/** Query keys of a shop's item number too short to tell from other numbers alone ("products_id=935"). */
const SHORT_ID_KEYS = /^(?:products?_?id|p_?id|item_?id|id|art|article|sku)$/i;

/**
 * A short item number ("products_id=935", "…-series-2-w-key-751.htm") that the page's own forms post back: a number
 * the address and a hidden cart field agree on names the item, where three digits alone might be anything.
 */
export function agreedIdInAddress(address: string, formValues: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(address.replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  const agrees = (token: string) => token.length >= 2 && token.length <= 24 && /\d/.test(token) && formValues.has(token.toLowerCase());
  for (const [key, value] of url.searchParams) if (SHORT_ID_KEYS.test(key) && agrees(value)) return value;
  const segments = url.pathname.split('/').map((s) => decodedSegment(s).replace(/\.(?:html?|aspx?|php|jsp)$/i, ''));
  for (const segment of segments.reverse()) {
    const found = segment.split(/[-_~.,+]+/).reverse().find(agrees);
    if (found) return found;
  }
  return null;
}

export function fromAddress(page: Page): Evidence | null {
  const id = page.url ? (idInAddress(page.url) ?? agreedIdInAddress(page.url, page.formValues)) : null;
  return id ? { sku: id } : null;
}
