/**
 * Names and brands: the page's main heading, titles with the shop's own name, departments, variants and bylines
 * taken off, brands cleaned of junk, and the best name among those the sources give.
 */
import { cleanText, decodeEntities, textOf, type HtmlElement } from '../html';
import { BRAND_LABEL_BEFORE } from './labels';
import { isOldPrice } from './markup';
import { compact, type Page } from './page';

/** Where the page's title came from: structured data, Amazon's page elements, the main heading, or only <title>. */
export type IdentitySource = 'json-ld' | 'microdata' | 'open-graph' | 'page-elements' | 'heading' | 'title-tag';

export const SEPARATORS = /\s+[|\-–—:•·»]\s+|\s*[|•·»｜]\s*|\s+:\s*|:\s+/;

/** A bare domain name ("Amazon.com", "jumbo.ch"): a shop's name, never a maker's. */
export const isDomainName = (part: string) => /^[\p{L}\d-]+(?:\.[a-z]{2,3}){1,2}$/iu.test(part.trim());

/** Whether a part of a title is only the shop's name ("Walmart.com", "The Home Depot", "Best Buy Canada"). */
export function isSiteName(part: string, page: Page): boolean {
  if (isDomainName(part)) return true;
  const c = compact(part);
  if (c.length < 2) return false;
  return page.siteNames.some((s) => c === s || (s.length >= 3 && c.includes(s) && c.length <= s.length + 12) || (c.length >= 4 && s.includes(c)));
}

/**
 * A title with the shop's name taken off wherever it is ("Amazon.com: …", "… - Walmart.com", "… | eBay",
 * "… at Crutchfield.com", "… from Lands' End"), Kindle bylines and prices removed.
 */
export function cleanTitle(raw: string, page: Page): string {
  let t = cleanText(decodeEntities(raw));
  t = t.replace(/\s+-\s+Kindle edition by\s.*$/i, '').replace(/\s*[\s-]\s*(?:eBook|Kindle Edition)\s*$/i, '');
  t = t.replace(/^\s*\[[^\]]*\d[^\]]*\]\s*/, ''); // "[$8.99] …"
  let removedShop = false;
  for (let i = 0; i < 4; i++) {
    const parts = t.split(SEPARATORS);
    if (parts.length < 2) break;
    const last = parts[parts.length - 1] as string;
    const beforeLast = parts[parts.length - 2] as string;
    const firstPart = parts[0] as string;
    if (isSiteName(last, page) || (parts.length > 1 && page.siteNames.some((s) => compact(last).endsWith(s) && compact(last).length > s.length && last.split(' ').length <= 14))) {
      t = t.slice(0, t.lastIndexOf(last)).replace(/[\s|\-–—:•·»｜]+$/, '');
      removedShop = true;
      continue;
    }
    // "… : Amazon.com : Electronics": the shop's name and the department it files the item under.
    if (parts.length >= 3 && isSiteName(beforeLast, page) && isCategoryLike(last)) {
      t = t.slice(0, t.lastIndexOf(beforeLast)).replace(/[\s|\-–—:•·»｜]+$/, '');
      removedShop = true;
      continue;
    }
    if (isSiteName(firstPart, page)) {
      t = t.slice(t.indexOf(firstPart) + firstPart.length).replace(/^[\s|\-–—:•·»｜]+/, '');
      removedShop = true;
      continue;
    }
    break;
  }
  // "… - Välikausitakki - nautical yellow/keltainen": a colour or size the markup names apart is not part of the name.
  for (let i = 0; i < 2 && page.variantNames.size > 0; i++) {
    const parts = t.split(SEPARATORS);
    const last = (parts[parts.length - 1] as string).toLowerCase();
    if (parts.length < 2 || ![...page.variantNames].some((v) => last === v || last.startsWith(`${v}/`) || last.startsWith(`${v} /`) || last.startsWith(`${v} (`))) break;
    t = t.slice(0, t.toLowerCase().lastIndexOf(last)).replace(/[\s|\-–—:•·»｜/]+$/, '');
  }
  // "Amazon.com: Sony WH-1000XM5 Headphones, Black : Electronics": a title that named the shop ends with a department.
  const department = /\s:\s([^:]{2,40})$/.exec(t);
  if (removedShop && department && isCategoryLike(department[1] as string)) t = t.slice(0, department.index);
  // eBay's "Details about X - see original title", in the languages of its sites.
  t = t.replace(/^(?:details about|dettagli su|détails sur|details zu|detalles de|szczegóły dotyczące|details over)\s+/i, '');
  t = t.replace(/\s*-\s*(?:see original title|mostra il titolo originale|voir le titre d'origine|originaltitel anzeigen|ver título original|zobacz tytuł oryginalny|originele titel bekijken)\s*$/i, '');
  // "… Model: OPTIPLEX 9010 TOWER", "… דגם: X": the model number the shop appends.
  t = t.replace(/\s+(?:model|modell|modèle|modello|modelo|model no\.?|דגם|型号|型番|модель)\s*[:：]\s*[\p{L}\p{N}][\p{L}\p{N}./-]*(?:\s[\p{Lu}\p{N}][\p{Lu}\p{N}./-]*){0,3}$/u, '');
  // "… at Crutchfield.com", "… from Lands' End", "… by Office Depot & OfficeMax"
  const tail = /^(.{3,}?)\s+(?:at|from|by|on|bei|chez|su|en)\s+(.{2,60})$/i.exec(t);
  if (tail && isSiteName(tail[2] as string, page)) t = tail[1] as string;
  t = t.replace(/\s+(?:item|sku|art(?:icle)?\.?(?:-?nr\.?)?|código|kód)\s*(?:#|no\.?|nr\.?|:)\s*[\w-]+$/i, '');
  // A trailing price is not part of the name ("Bomber Jacket $24.99 $39.99").
  t = t.replace(/(?:\s+(?:[$€£¥₹]|[A-Z]{3}\s?)\s?\d[\d.,]*)+$/, '');
  return cleanText(t);
}

/** A department's name: one to three words, no figures ("Electronics", "Home & Kitchen", "Clothing, Shoes & Jewelry"). */
function isCategoryLike(part: string): boolean {
  const t = part.trim();
  return t.length >= 3 && t.length <= 40 && !/\d/.test(t) && t.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length <= 4 && /^\p{Lu}/u.test(t);
}

/** The retailer-name cleaning of a <title> alone, as before (kept for callers). */
export function cleanTitleTag(raw: string): string {
  const page = { siteNames: ['amazon', 'walmart', 'bestbuy', 'target', 'ebay', 'newegg', 'etsy', 'costco', 'homedepot'], variantNames: new Set<string>() } as Page;
  return cleanTitle(raw, page);
}

const words = (s: string) => new Set(s.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));

/** The share of a's words that b has too. */
function overlap(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0) return 0;
  let n = 0;
  for (const w of wa) if (wb.has(w)) n++;
  return n / wa.size;
}

const HEADINGS = new WeakMap<Page, { el: HtmlElement; text: string } | null>();

/** The main heading that names the item: the first h1 sharing most of its words with the page's <title>, else the first. */
export function headingElement(page: Page): { el: HtmlElement; text: string } | null {
  if (HEADINGS.has(page)) return HEADINGS.get(page) ?? null;
  const found = findHeading(page);
  HEADINGS.set(page, found);
  return found;
}

/**
 * An old price inside a heading ("Desk Lamp <s>$40</s>"): an element marked or struck as one that writes a figure. A
 * link whose generated class only happens to hold such a word ("action_view_regular") is the heading's own text.
 */
const oldPriceIn = (el: HtmlElement) => isOldPrice(el) && /\d/.test(textOf(el, undefined, 60));

/**
 * A heading's parts written in elements of their own one right after the other ("<a class="brand">Maison Francis
 * Kurkdjian</a><span class="name">Gentle Fluidity Gold</span>") stand on lines of their own or apart as the shop styles
 * them: a word ending where an element begins is kept apart from that element's.
 */
const apart = (_el: HtmlElement, before: string) => (/\p{L}$/u.test(before) ? ' ' : '');

function findHeading(page: Page): { el: HtmlElement; text: string } | null {
  const texts = page.headings
    .map((el) => ({ el, text: textOf(el, oldPriceIn, 600, apart) }))
    .filter((h) => h.text.length >= 3 && h.text.length <= 300 && !isSiteName(h.text, page));
  const title = page.titleTag ?? page.meta.get('og:title')?.[0] ?? '';
  return texts.find((h) => overlap(h.text, title) >= 0.5) ?? texts[0] ?? null;
}

/**
 * The index among the page's h1 headings of the one naming the item, or null when none does: a page whose only h1
 * heads another section ("Herstellerinformationen zu Acer", a footer's "Customer service") names its item elsewhere.
 */
export function itemHeadingIndex(page: Page): number | null {
  const found = headingElement(page);
  if (!found) return null;
  const title = page.titleTag ?? page.meta.get('og:title')?.[0] ?? '';
  return title && overlap(found.text, title) < 0.5 ? null : page.headings.indexOf(found.el);
}

export function headingTitle(page: Page): string | null {
  return headingElement(page)?.text ?? null;
}

/** The item's names in the order a maker's name is looked for at their start: its heading, its og:title, its title tag's first part. */
export function itemNamesFirstToLast(page: Page): string[] {
  return [headingTitle(page), page.meta.get('og:title')?.[0], page.titleTag?.split(SEPARATORS)[0]].filter((name): name is string => !!name);
}


/**
 * Words a brand field holds where the maker is not named: "Generic", "Other" and its like in the shops' languages
 * ("Diğer", "Outros", "Sonstige"), "no brand" ("Sem marca", "Sin marca", "Ohne Marke", "Не указан", "Não informado").
 */
const NO_BRAND =
  /^(?:unbranded|non-?branded|generic|no brand|oem|n\/?a|none|null|undefined|does not apply|other|others|\$?metabrand|brand|di[gğ]er|outros?|outras?|otros?|otras?|sonstiges?|andere|autres?|altr[oaie]|inne|ostatní|övrigt|muut|другое|другие|інше|sem marca|sin marca|senza marca|sans marque|ohne marke|bez marki|marca gen[eé]rica|gen[eé]ric[oa]|não informad[oa]|no informad[oa]|не указан[оа]?|без бренда)$/iu;
/** A promotion or an assortment a template puts in the brand field ("HR24 NOVEMBER SALE", "Bundles", "Gift Cards"). */
const PROMOTION = /\b(?:sale|clearance|black friday|cyber monday|bundles|gift ?cards?)\b/i;

/**
 * A country or region after the maker's name: the shop's regional store or the maker's seat ("Skullcandy US", "Philips,
 * Netherlands"), not part of the maker's name. Codes count only in capitals, so a word such as "us" in a name stays.
 */
const REGION_CODE = /(?:,\s*|\s+[-–—]\s+|\s+)(?:US|USA|UK|EU)$/;
const REGION_NAME = /(?:,\s*|\s+[-–—]\s+|\s+)(?:europe|deutschland|germany|netherlands|nederland|france|italia|italy|españa|spain|canada|australia|österreich|austria|schweiz|switzerland)$/iu;
const withoutRegion = (b: string) => {
  const cut = b.replace(REGION_CODE, '').replace(REGION_NAME, '').trim();
  return cut.length >= 2 ? cut : b;
};

/** A season's collection ending a brand field: "Summer 2025", "Pre-Fall 2024", "FW24", "SS 25". */
const SEASON = /\s+(?:(?:spring|summer|fall|autumn|winter|resort|pre-?fall|holiday|cruise)(?:\s*\/\s*(?:spring|summer|fall|autumn|winter))?\s+(?:19|20)\d\d|(?:ss|aw|fw)\s?\d\d)$/i;

/** A maker's own store named as such: "Sony Store Thailand", "Apple Official Store". */
const MAKERS_STORE = /^(.+?)\s+(?:official\s+)?(?:online\s+)?(?:store|shop)(?:\s.*)?$/i;

/**
 * A brand as text, or null for junk: separators, "Shop all …", links, the shop's own name. `ownName` keeps the shop's
 * name where the product's own markup states it as the maker (an own-brand shop: IKEA at ikea.com).
 */
export function cleanBrand(raw: string | null | undefined, page: Page, ownName = false): string | null {
  if (!raw) return null;
  // A label before the name, with its colon ("Brand: Acme") or without ("Marca Motorola").
  let b = cleanText(decodeEntities(raw)).replace(BRAND_LABEL_BEFORE, '');
  b = withoutRegion(b.replace(/^(?:shop all|see all|more from|ver mais artigos da marca:?|visit the)\s+/i, '').trim());
  // A reseller's title after the name ("Gree Official Reseller", "Gree Επίσημος Μεταπωλητής"), a second name after a
  // comma ("T-Lovendo, TLV").
  b = b.replace(/\s+(?:(?:official|authori[sz]ed)\s+(?:reseller|dealer|distributor|retailer|partner)|επίσημος\s+(?:μεταπωλητής|αντιπρόσωπος|διανομέας))$/iu, '').replace(/^([^,]{2,}),\s.*$/u, '$1');
  // A registered mark ends the maker's name: the words after it are a line ("Cranberry® Compac", "LEGO® Star Wars").
  // A mark after the whole name stays as the page writes it ("Room Essentials™").
  b = b.replace(/^(\S.*?)\s*[®™]\s+\S.*$/u, '$1');
  // A season's collection after the maker's name ("STAUD SUMMER 2025", "Ganni FW24") is no part of it.
  b = b.replace(SEASON, '').trim() || b;
  if (!b || b.length > 50 || !/\p{L}/u.test(b) || /^[|:\-–—]/.test(b) || /https?:\/\//i.test(b) || NO_BRAND.test(b) || PROMOTION.test(b) || isDomainName(b)) return null;
  // A maker's own store, named as such ("Sony Store Thailand", "Apple Official Store") or with its country's code
  // ("Sklum ES"), names the maker by its name.
  const store = MAKERS_STORE.exec(b) ?? /^(.+?)\s+[A-Z]{2}$/.exec(b);
  // Not a shop whose whole name holds the word ("The Frankie Shop" at thefrankieshop.com).
  if (store && isSiteName(store[1] as string, page) && !page.siteNames.includes(compact(b))) b = store[1] as string;
  if (!isSiteName(b, page)) return b;
  if (!ownName) return null;
  // "Gymshark | We Do Gym": the shop's name with its slogan names the maker by its first part.
  const parts = b.split(SEPARATORS);
  return parts.length > 1 && isSiteName(parts[0] as string, page) ? (parts[0] as string) : b;
}


type NamedTitle = { title: string; source: IdentitySource };

/** The best name the page gives its item: structured data first, a site-wide og:title losing to the heading. */
export function chooseTitle(page: Page, titles: NamedTitle[]): NamedTitle | null {
  const heading = headingTitle(page);
  const candidates: NamedTitle[] = [];
  for (const { title, source } of titles) {
    const t = cleanTitle(title, page);
    if (t.length < 1 || isSiteName(t, page)) continue;
    candidates.push({ title: t, source });
  }
  const best = candidates[0];
  if (best) return preferShown(page, heading, best, candidates);
  if (heading) return { title: cleanTitle(heading, page), source: 'heading' };
  const fromTag = page.titleTag ? cleanTitle(page.titleTag, page) : '';
  return fromTag ? { title: fromTag, source: 'title-tag' } : null;
}

/**
 * The name the page shows its shopper (its heading, the first part of its <title>) where the structured one extends it
 * by a variant ("Dress Robe - Free size / Blue") or leads it with the shop's name ("H&M Bomber Jacket").
 */
function preferShown(page: Page, heading: string | null, best: NamedTitle, candidates: NamedTitle[]): NamedTitle {
  const tagName = page.titleTag ? cleanTitle(page.titleTag, page).split(SEPARATORS)[0] : undefined;
  const shown = heading ? cleanTitle(heading, page) : undefined;
  const lower = best.title.toLowerCase();
  if (shown && shown.length >= 3 && lower.startsWith(shown.toLowerCase()) && shown.length >= 0.4 * best.title.length && /^\s*[-–—|/,]/.test(best.title.slice(shown.length))) {
    return { title: shown, source: best.source };
  }
  for (const name of [shown, tagName]) {
    if (name && name.length >= 3 && lower.endsWith(name.toLowerCase()) && lower !== name.toLowerCase() && page.siteNames.includes(compact(best.title.slice(0, best.title.length - name.length)))) return { title: name, source: best.source };
  }
  // "Materiais de Construção e Ferramentas Online | Furadeira Makita …": a page title that ends with the heading after a
  // separator leads it with the shop's slogan or department; the heading is the item's name.
  if (shown && shown.length >= 3 && best.source === 'open-graph' && lower.endsWith(shown.toLowerCase()) && /[|\-–—:•·»｜]\s*$/.test(best.title.slice(0, best.title.length - shown.length))) {
    return { title: shown, source: best.source };
  }
  // "Details about X" / "X - see original title" around another source's "X": that source's bare name.
  const inner = candidates.find((c) => {
    const at = best.title.toLowerCase().indexOf(c.title.toLowerCase());
    if (c === best || at <= 0 || c.title.length < 0.5 * best.title.length) return false;
    const prefix = best.title.slice(0, at).trim().split(/\s+/);
    return prefix.length <= 3;
  });
  return inner ?? best;
}
