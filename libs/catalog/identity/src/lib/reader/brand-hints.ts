/**
 * The brand a page names outside any brand markup: a breadcrumb ("Monitore › Lenovo", "TFT-Monitore » MSI"), a link to
 * the brand's page, one to all of the maker's items ("Shop all Sally Hansen") or one the item's heading begins with, or
 * the maker's logo, when the item's own name begins with it ("Lenovo L24i-40 …"); else a line marked as the brand, or a
 * lone link above the item's heading to the page its own words name, right by that heading (`brandBesideHeading`); else
 * the opening words of the item's name that a block marked as showing brands writes alone (`brandNamedInBlocks`).
 */
import { attr, elements, isElement, parentElement, textOf, type HtmlElement } from '../html';
import { leadingKnownMaker } from './known-makers';
import { collectNodes, isObject, objectsOf, parseLenientJson, types, type JsonObject } from './json';
import { BRAND_LABEL, splitLabel } from './labels';
import { CART_WORDS, shownForItem } from './markup';
import { compact, type Page } from './page';
import { headingElement, headingTitle, isDomainName, isSiteName } from './titles';
import { text } from './values';

const HOME = /^(?:home|homepage|startseite|start|accueil|inicio|início|home page|shop|store|alle|all)$/i;
/** Who an item is for, the first word of many names ("Women's Supima Cardigan"), names no brand. */
const AUDIENCE = /^(?:wom[ae]n|men|ladies|kids|boys|girls|bab(?:y|ies)|toddlers?|unisex|damen|herren|kinder|femmes?|hommes?|enfants?|mujer|hombre|donna|uomo|bambin[io])(?:'?s)?\b/i;
const MAX_HINT = 40;
/** Elements read under one breadcrumb trail. */
const MAX_CRUMBS = 30;

/** The names of a JSON-LD BreadcrumbList's items. */
function jsonLdCrumbs(page: Page): string[] {
  const out: string[] = [];
  for (const content of page.jsonLd) {
    if (!/breadcrumblist/i.test(content)) continue;
    const parsed = parseLenientJson(content);
    if (parsed === undefined) continue;
    const nodes: JsonObject[] = [];
    collectNodes(parsed, nodes, new Map());
    for (const list of nodes.filter((n) => types(n).includes('breadcrumblist'))) {
      // The trail's last item is the page's own item, whose name may begin like its title.
      for (const item of objectsOf(list['itemListElement'], new Map()).slice(0, -1)) {
        const inner = item['item'];
        const name = text(item['name']) ?? (isObject(inner) ? text(inner['name']) : null);
        if (name) out.push(name);
      }
    }
  }
  return out;
}

/** A visible trail's crumbs but its last (the page's own item). */
function trailTexts(trail: HtmlElement): string[] {
  const out: string[] = [];
  for (const el of elements(trail)) {
    if (out.length >= MAX_CRUMBS) break;
    if (el.tagName === 'a' || el.tagName === 'li') out.push(textOf(el, undefined, 80));
  }
  return out.slice(0, -1);
}

/**
 * The link a heading begins with, when words of the item follow it in the heading ("<h1><a href="/shop/vince-camuto">Vince
 * Camuto</a> <span>Vince Camuto Woven Floppy Panama Hat</span></h1>", Sephora's, Zappos', Farfetch's): shops link the
 * maker's name to its page there. Not a heading that is one link, nor a link of many words.
 */
function headingLeadLink(page: Page): string | null {
  const heading = headingElement(page)?.el;
  if (!heading) return null;
  const parts = heading.childNodes.filter((n) => !(n.nodeName === '#text' && !(n as { value: string }).value.trim()) && n.nodeName !== '#comment');
  const [first, ...rest] = parts;
  if (!first || rest.length === 0 || !isElement(first) || first.tagName !== 'a') return null;
  const linked = textOf(first, undefined, 60).trim();
  const after = rest.map((n) => (isElement(n) ? textOf(n, undefined, 200) : (n as { value: string }).value)).join(' ').trim();
  return linked && after && linked.split(/\s+/).length <= 4 ? linked : null;
}

/**
 * A maker's logo names the maker by its alt text, or by the title of the link it stands in, where the alt text says
 * more (`<a href="/cam-cam-copenhagen-c-5627.html" title="Cam Cam"><img class="manufacturerImage" alt="Cam Cam
 * Copenhagen møbler til børn"></a>`).
 */
function logoNames(img: HtmlElement): string[] {
  const link = parentElement(img);
  return [attr(img, 'alt') ?? '', ...(link?.tagName === 'a' ? [attr(link, 'title') ?? ''] : [])];
}

/** The hints, each with whether it names a brand outright (a brand page's link, a maker's logo) or is a crumb. */
function hintTexts(page: Page): { hint: string; outright: boolean }[] {
  const lead = headingLeadLink(page);
  const outright = [
    ...page.brandEls.filter((el) => shownForItem(el)).flatMap((el) => (el.tagName === 'img' ? logoNames(el) : [textOf(el, undefined, 80) || (attr(el, 'title') ?? '')])),
    ...(lead ? [lead] : []),
    ...page.makerLinks,
  ];
  const crumbs = [...jsonLdCrumbs(page), ...page.crumbEls.flatMap(trailTexts)];
  return [...crumbs.map((hint) => ({ hint, outright: false })), ...outright.map((hint) => ({ hint, outright: true }))];
}

/** Where the item's name has the hint as its own words: at its start, or (for a brand named outright) after a word or two ("Neuheit Lenovo L24i", "Monitor MSI MAG 274"). */
function placeIn(named: string, hint: string, outright: boolean): number {
  const lower = named.toLowerCase();
  const want = hint.toLowerCase();
  if (lower.startsWith(want)) return 0;
  if (!outright) return -1;
  const words = named.split(' ');
  for (let i = 1, at = (words[0] as string).length + 1; i <= 2 && i < words.length; at += (words[i] as string).length + 1, i++) if (lower.startsWith(`${want} `, at)) return at;
  return -1;
}

/** The longest hint the item's name begins with (not the whole name, not the shop's name, not "Home"). */
export function brandFromHints(page: Page): string | null {
  const title = headingTitle(page) ?? page.meta.get('og:title')?.[0] ?? page.titleTag;
  if (!title) return null;
  const named = title.replace(/\s+/g, ' ').trim();
  let best: string | null = null;
  for (const found of hintTexts(page)) {
    const written = found.hint.replace(/\s+/g, ' ').trim();
    // A crumb of a maker's range ("Samsung Galaxy", "Apple MacBook Pro") names the maker its first words are.
    const hint = found.outright ? written : (leadingKnownMaker(written) ?? written);
    if (hint.length < 2 || hint.length > MAX_HINT || HOME.test(hint) || AUDIENCE.test(hint) || (best && hint.length <= best.length)) continue;
    const at = placeIn(named, hint, found.outright);
    if (at < 0 || isSiteName(hint, page)) continue;
    // A brand goes on into the model's name ("Lenovo L24i-40"); the item's own name goes on into a comma, a price or nothing.
    const rest = named.slice(at + hint.length);
    if (!/^ [^,;:|(\s$€£¥]/.test(rest) || /^\s*[$€£¥]?\s?\d[\d.,]*\s*[$€£¥]?$/.test(rest)) continue;
    // A crumb in another script than the Latin words that follow it in the name is the item's kind, not its maker
    // ("Кошки" over "Кошки GRIVEL AIR TECH GSB").
    if (!found.outright && !/[A-Za-z]/.test(hint) && /^ \S*[A-Za-z]/.test(rest)) continue;
    best = hint;
  }
  return best;
}

/** Elements read under the blocks marked as showing brands (an A–Z menu of a shop's brands holds hundreds). */
const MAX_BLOCK_READS = 6000;

/** What the blocks marked as showing brands write in short, compacted: a brand line's "Patagonia", each link of a menu of brands. */
function brandBlockTexts(page: Page): Set<string> {
  const out = new Set<string>();
  const seen = new Set<HtmlElement>();
  for (const block of page.brandBlocks) {
    // A block inside one already read (a menu's items, each marked "brand-item") is read with it.
    if (seen.has(block)) continue;
    for (const el of [block, ...elements(block)]) {
      if (seen.size >= MAX_BLOCK_READS) return out;
      seen.add(el);
      const shown = el.tagName === 'img' ? (attr(el, 'alt') ?? '') : textOf(el, undefined, MAX_HINT + 1);
      if (shown.length <= MAX_HINT && compact(shown).length >= 2) out.add(compact(shown));
    }
  }
  return out;
}

/**
 * The opening words of the item's name (up to four, the most first) that a block marked as showing brands writes alone:
 * "Patagonia Men's Nano Puff Jacket" where a "product-col-brand" line says "Patagonia", "Too Faced Born This Way" where
 * the shop's menu of brands lists "Too Faced". Not the shop's own name, not "Home" nor who the item is for.
 */
export function brandNamedInBlocks(page: Page): string | null {
  if (page.brandBlocks.length === 0) return null;
  const texts = brandBlockTexts(page);
  // The heading may be the brand's own line ("<h1 class="product-brand">A. Testoni</h1>"): the item's whole name is then the page's title.
  for (const title of [headingTitle(page), page.meta.get('og:title')?.[0], page.titleTag]) {
    const words = title?.replace(/\s+/g, ' ').trim().split(' ') ?? [];
    for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
      const lead = words.slice(0, k).join(' ').replace(/[,;:|–-]+$/, '');
      if (texts.has(compact(lead)) && !HOME.test(lead) && !AUDIENCE.test(lead) && !isSiteName(lead, page)) return lead;
    }
  }
  return null;
}

/**
 * A class or id that marks an element as the item's brand or vendor, as a whole word ("product-brand", "brand-marker",
 * "product-single__vendor", "hersteller", in camel case "productBrand", "brandName"), not a utility that only begins so
 * ("brand-title-case").
 */
const BRAND_MARK = /^(?:[a-z0-9]+[-_]{1,2})*(?:product|item|pdp)?(?:brand|vendor|manufacturer|hersteller|marke|marque|marca)(?:[-_]{0,2}(?:name|marker|title|link|label|info|value|text))?$/;
/** Elements looked at around the item's heading, in its block (the heading's parent, and that one's parent). */
const BESIDE_REACH = 60;
/** A link to a site's home page. */
const HOME_LINK = /^(?:\/|(?:https?:)?\/\/[^/]+\/?)$/i;
/** A byline's word before the maker's name ("by Bose", "von Kärcher"). */
const BYLINE = /^(?:by|von)\s+/i;

/**
 * A line that is the shop's name, or a part of it ("Birkenstock" of SimplyBirkenstock), and nothing more: not a seller's
 * line that holds it ("Sold by Walmart.com"), not a domain name.
 */
function namesShopAlone(shown: string, page: Page): boolean {
  const c = compact(shown);
  return !isDomainName(shown) && page.siteNames.some((s) => c === s || (c.length >= 4 && s.includes(c)));
}

/** A link's words that name the index of a shop's brands or designers, not one of them. */
const BRAND_INDEX = /^(?:all\s+)?(?:brands?|marken|marques|marcas|marche|merken|märken|designers?|hersteller|manufacturers?|vendors?)$/i;

/** The words of a name as an address writes them: "Armed Angels" and "armed-angels", "ARMEDANGELS" and "armedangels". */
const slugOf = (words: string) => words.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * A link to a page named by its own words, above the item's heading (Zalando's "<a href="/armedangels/">ARMEDANGELS</a>"
 * over the item's name): the maker's page of the shop, whatever the link's classes say.
 */
function linksToItsName(el: HtmlElement): boolean {
  if (el.tagName !== 'a') return false;
  const shown = textOf(el, undefined, 60).trim();
  // The index of the shop's brands ("/brands/": "Brands") names none of them.
  if (BRAND_INDEX.test(shown) || BRAND_LABEL.test(shown)) return false;
  const path = (attr(el, 'href') ?? '').replace(/[?#].*$/, '').replace(/\/$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1).replace(/\.html?$/i, '');
  return shown.length >= 2 && slugOf(shown).length >= 2 && slugOf(shown) === slugOf(decodedPart(last)) && aloneAmongLinks(el);
}

/** Markup of a breadcrumb trail or a category link ("breadcrumb", "bc", schema.org's ListItem, "sub-category"). */
const TRAIL_MARK = /crumb|(?:^|[^a-z])bc(?:$|[^a-z])|listitem|categor|(?:^|[^a-z])nav(?:$|[^a-z])|menu/i;
/** Steps climbed from a link to the blocks whose markup may say it is a trail's. */
const TRAIL_CLIMB = 4;

/**
 * Whether a link stands alone, outside a breadcrumb trail or a menu: the trail's links ("Damen › Sweatshirts", a category
 * above the heading) stand in list items, among other links, or in blocks marked as a trail.
 */
function aloneAmongLinks(el: HtmlElement): boolean {
  const parent = parentElement(el);
  if (!parent) return false;
  let links = 0;
  for (const inner of elements(parent)) if (inner.tagName === 'a' && ++links > 1) return false;
  let block: HtmlElement | null = el;
  for (let i = 0; i <= TRAIL_CLIMB && block; i++, block = parentElement(block)) {
    if ((i <= 2 && block.tagName === 'li') || block.tagName === 'nav') return false;
    if (block.attrs.some((a) => a.name !== 'href' && TRAIL_MARK.test(a.value))) return false;
  }
  return true;
}

/** A part of an address with its escapes decoded, as it was where one is malformed ("%E9" of Latin-1). */
function decodedPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The brand an element marked as the item's brand shows right by the item's heading ("<a id="brand-marker">NEC</a>
 * <h1>E274F-BK 27IN LCD LED</h1>", a Shopify theme's "product__vendor" line above its title), or a link above the
 * heading to the page its own words name (`linksToItsName`): within the block that holds the heading, short words, not
 * the shop's name. With `shopsOwn`, the first such line only where it is the shop's
 * name (a maker's own shop: "ProsourceFit" above the heading at prosourcefit.com, "Birkenstock" at simplybirkenstock.com).
 */
export function brandBesideHeading(page: Page, heading: HtmlElement | null, shopsOwn = false): string | null {
  const parent = heading?.parentNode && 'tagName' in heading.parentNode ? heading.parentNode : null;
  if (!heading || !parent) return null;
  for (const block of [parent, parent.parentNode && 'tagName' in parent.parentNode ? parent.parentNode : null]) {
    if (!block) continue;
    let seen = 0;
    let above = true;
    for (const el of elements(block)) {
      if (++seen > BESIDE_REACH) break;
      if (el === heading) above = false;
      if (el === heading || el === block || el.tagName === 'button') continue;
      const marks = `${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`.toLowerCase().split(/\s+/);
      // The heading's own block is the item's, also where the shop marks it as a product card ("j-productCard").
      if (!(marks.some((mark) => BRAND_MARK.test(mark)) || (above && linksToItsName(el))) || !shownForItem(el, block)) continue;
      const written = el.tagName === 'img' ? (attr(el, 'alt') ?? '') : textOf(el, undefined, 60);
      // "Marke: NEC" gives NEC; a line labelled as something else (an item number) gives no brand.
      const labelled = splitLabel(written);
      const shown = (labelled ? (BRAND_LABEL.test(labelled.label) ? labelled.rest : '') : written.replace(BYLINE, '')).trim();
      if (shown.length < 2 || shown.length > 40 || !/\p{L}/u.test(shown) || /\d{3}/.test(shown) || shown.split(/\s+/).length > 3 || HOME.test(shown) || CART_WORDS.test(shown)) continue;
      // The shop's logo links to its home page: it names the shop, not the item's maker.
      if (shopsOwn) return namesShopAlone(shown, page) && !HOME_LINK.test(attr(el, 'href') ?? '') ? shown : null;
      if (!isSiteName(shown, page)) return shown;
    }
  }
  return null;
}
