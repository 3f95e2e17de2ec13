/**
 * The brand candidates of a page: the shop's own name counts as the brand only where the product's own markup names
 * it the maker (a Product's JSON-LD or microdata brand, a brand row of the specification table, Amazon's byline),
 * never where it comes from places that name the site (og:site_name, a title's " | Shop" suffix, the logo, a
 * breadcrumb). Where no source names a brand and the page names no maker at all, the shop is the maker's own
 * (`makersOwnShop`).
 */
import { cleanText, isElement, textOf, type HtmlElement } from '../html';
import type { Evidence, ReaderName } from './evidence';
import { candidatesOf, type Candidate } from './judge';
import { compact, type Page } from './page';
import { describedAs } from './markup';
import { hostMaker } from './known-makers';
import { makersOwnShop } from './own-name';
import { cleanBrand, headingElement } from './titles';

/**
 * The readers whose brand is the product's own statement of its maker (its markup, its record's vendor on the shop's
 * platform, its name: `own-name`, or Amazon's byline, where the shop's own brands are "AmazonBasics", "Amazon
 * Essentials").
 */
const PRODUCT_MARKUP: ReadonlySet<ReaderName> = new Set(['json-ld', 'microdata', 'spec-table', 'platform', 'own-name', 'amazon']);

/**
 * Readers heard on the brand only where no other names one: a platform's vendor is filled in by the merchant, often
 * as the shop sorts its products ("The Ridge Wallet" for Ridge, "BODE New York" for BODE), so any other source's
 * brand comes first. The well-known maker an item's name opens with (`known-makers.ts`) is heard last too: the page's
 * own statement of its maker outranks it.
 */
const HEARD_LAST: ReadonlySet<ReaderName> = new Set(['platform', 'known-maker']);

/**
 * The readers whose brand a page states as its item's maker; on a well-known maker's own site (`hostMaker`: apple.com,
 * toryburch.com) the brand others read (a breadcrumb's "iPhone 8", a line by the heading naming the range, "Britten")
 * is a range of that maker's, and the maker is the brand. What these readers state stays (lenovo.com's JSON-LD
 * "ThinkPad" too: a maker's site sells other makers' items, and their markup names them).
 */
const MAKER_STATED: ReadonlySet<ReaderName> = new Set(['json-ld', 'microdata', 'spec-table', 'amazon', 'meta-tags', 'ad-tags', 'platform']);

/** Whether a reader's brand may be the shop's own name. */
export const statesMaker = (reader: ReaderName): boolean => PRODUCT_MARKUP.has(reader);

/** Parts joined by spaced dashes: an item, its model and its finish ("Modern Case - iPhone - Ecco Leather"). */
const ITEM_PARTS = /\S\s+[-–—]\s+\S.*\s+[-–—]\s+\S/;

/**
 * Whether a brand is the item's own name, as templates that fill the brand with the product's title write it
 * ("Parallels Desktop 15 for Mac" for Parallels Desktop 15 for Mac), or a name of parts naming the item and its variant.
 */
function namesTheItem(brand: string, itemNames: ReadonlySet<string>): boolean {
  return ITEM_PARTS.test(brand) || (brand.includes(' ') && itemNames.has(compact(brand)));
}

/**
 * A heading marked as the brand's own (`<h1 itemprop="brand">`, `<h1 class="product-brand">`), or whose one element
 * holding all its text is (`<h1><a class="designer-link">Paul Andrew</a></h1>` over the item's name), names the maker,
 * not the item.
 */
const BRAND_HEADING = /brand|designer/;
function brandHeading(el: HtmlElement, text: string): boolean {
  if (BRAND_HEADING.test(describedAs(el))) return true;
  const children = el.childNodes.filter(isElement);
  const only = children.length === 1 ? children[0] : undefined;
  return only !== undefined && cleanText(textOf(only, undefined, text.length + 2)) === text && BRAND_HEADING.test(describedAs(only));
}

/** The heading's text where it names the item. */
function headingNamesItem(page: Page): string | null {
  const heading = headingElement(page);
  return heading && !brandHeading(heading.el, heading.text) ? heading.text : null;
}

const withoutHyphens = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '');
/** Whether `titled` is `brand` with a hyphen for each of some of its spaces, or between two of its letters ("TPLink" → "TP-Link"). */
const spacedAsHyphened = (brand: string, titled: string) => {
  const b = brand.toLowerCase();
  const t = titled.toLowerCase();
  return t.includes('-') && (t.replace(/-/g, ' ') === b.replace(/\s+/g, ' ') || t.replace(/-/g, '') === b);
};
const edgesTrimmed = (s: string) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The brand as the item's name writes it with a hyphen where the source that names the brand writes a space or
 * nothing ("TP Link" in a shop's data for "TP-Link Tapo C200 …", "Coca Cola" for "Coca-Cola …"): the maker's own
 * spelling, which its titles keep.
 */
export function brandAsTitled(brand: string, page: Page, evidence: [ReaderName, Evidence][]): string {
  if (brand.includes('-')) return brand;
  const key = withoutHyphens(brand);
  const names = [headingElement(page)?.text, ...evidence.map(([, found]) => found.title)].filter((t): t is string => !!t);
  for (const name of names) {
    const words = name.split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      let joined = '';
      for (let j = i; j < Math.min(words.length, i + 4); j++) {
        joined = edgesTrimmed(j === i ? (words[j] as string) : `${joined} ${words[j]}`);
        const folded = withoutHyphens(joined);
        if (folded === key) return spacedAsHyphened(brand, joined) ? joined : brand;
        if (!key.startsWith(folded)) break;
      }
    }
  }
  return brand;
}

export function brandCandidates(page: Page, evidence: [ReaderName, Evidence][]): Candidate<string>[] {
  const named = [headingNamesItem(page), page.meta.get('og:title')?.[0], ...evidence.map(([, found]) => found.title)]
    .filter((t): t is string => typeof t === 'string' && t.length > 0)
    .map(compact);
  // A name another begins with and goes on from is the brand's line above the item's name ("Too Faced" over "Too Faced Born This Way …").
  const itemNames = new Set(named.filter((n) => !named.some((m) => m.length > n.length && m.startsWith(n))));
  const clean = (reader: ReaderName) => (b: string) => {
    const brand = cleanBrand(b, page, statesMaker(reader));
    return brand && !namesTheItem(brand, itemNames) ? brand : null;
  };
  const all = evidence.flatMap(([reader, found]) => candidatesOf([[reader, found]], 'brand', clean(reader)));
  const ownMaker = hostMaker(page);
  if (ownMaker && !all.some((c) => MAKER_STATED.has(c.reader))) {
    // The maker as the page writes its name ("TEMPUR" at tempur.com), else as the list does.
    const written = all.filter((c) => compact(c.value) === compact(ownMaker));
    return written.length > 0 ? written : [{ value: ownMaker, reader: 'known-maker' }];
  }
  const firm = all.filter((c) => !HEARD_LAST.has(c.reader));
  if (firm.length > 0) return firm;
  if (all.length > 0) return all;
  const own = makersOwnShop(page);
  return own ? [{ value: own, reader: 'own-name' }] : [];
}
