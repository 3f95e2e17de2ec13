/**
 * The own-name reader: a maker's own shop names its items after itself ("Logitech MX Vertical Ergonomic Mouse" at
 * logitech.com, "Williams Sonoma Oven Mitt" at williams-sonoma.com, "TEMPUR Deluxe-HD Mattress" at tempur.co.uk). An
 * item's name that begins with the shop's own name gives the maker, which markup naming the site (og:site_name, a
 * title's " | Shop" suffix, the logo) never does (brand.ts). So does a line marked as the item's brand or vendor right by
 * its heading that writes the shop's name ("ProsourceFit" over "Extra Thick Yoga and Pilates Mat" at prosourcefit.com).
 */
import { cleanText } from '../html';
import type { Evidence } from './evidence';
import { compact, type Page } from './page';
import { headingElement, headingTitle, SEPARATORS } from './titles';
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
  for (const name of [headingTitle(page), page.meta.get('og:title')?.[0], page.titleTag?.split(SEPARATORS)[0]]) {
    const brand = name ? leadingShopName(name, page) : null;
    if (brand) return { brand };
  }
  const own = brandBesideHeading(page, headingElement(page)?.el ?? null, true);
  return own ? { brand: own } : null;
}
