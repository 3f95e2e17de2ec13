/**
 * Values as pages write them, read into the catalog's terms: prices, currencies, stock states, conditions, GTINs,
 * part numbers, the shop's own item ids and links.
 */
import type { Availability, ItemCondition } from '@pricehunt/contracts';
import { currencyOfLocale, readCurrency, readPrice } from '@pricehunt/catalog-feeds';
import { normaliseGtin } from '@pricehunt/catalog-matching';
import { cleanText, decodeEntities } from '../html';
import { SKU_LABEL_BEFORE } from './labels';

/**
 * "1,299.99", "$1 299,99", "1.299,99 €", "CHF 1'049,95", "Rp 31.500", "From $29.99", 12.5 → a number in major units;
 * anything unreadable → null. The shared price reader of catalog-feeds reads it (page mode).
 */
export function parsePrice(input: unknown): number | null {
  if (typeof input !== 'number' && typeof input !== 'string') return null;
  const read = readPrice(input);
  return read.ok ? read.value.amount : null;
}

/** The currency a price text writes ("1.299,99 €", "CHF 49.–"); a shared sign ("$", "kr") is the page's when it can be. */
export function currencyFromText(text: string, locale: string | null): string | null {
  const read = readPrice(text, { currency: locale });
  if (read.ok && read.value.currency && read.value.currency !== locale) return read.value.currency;
  return readCurrency(text, locale) ?? (read.ok ? read.value.currency : null);
}

const ISO_ALIASES: Record<string, string> = { RUR: 'RUB', NIS: 'ILS', UKL: 'GBP', YEN: 'JPY', RMB: 'CNY' };

/** An ISO 4217 code from a markup value ("USD", "usd", "RUR", "€", "$"). */
export function currencyCode(input: unknown, locale: string | null): string | null {
  if (typeof input !== 'string') return null;
  const t = cleanText(input);
  if (/^[A-Za-z]{3}$/.test(t) && ISO_ALIASES[t.toUpperCase()]) return ISO_ALIASES[t.toUpperCase()] as string;
  return t ? readCurrency(t, locale) : null;
}

/** Country-code domains that shops all over the world use, which say nothing of the shop's country. */
const VANITY_TLDS = new Set(['co', 'io', 'me', 'tv', 'ai', 'fm', 'ly', 'to', 'cc', 'ws', 'la', 'gg', 'sh', 'so', 'st']);

/** The currency of the country a host's top-level domain names (`.de` EUR, `.co.uk` GBP, `.ch` CHF). */
export function hostCurrency(host: string | null): string | null {
  const tld = host?.split('.').pop() ?? '';
  if (!/^[a-z]{2}$/.test(tld) || VANITY_TLDS.has(tld)) return null;
  return currencyOfLocale(`und-${tld.toUpperCase()}`) ?? MORE_TLD_CURRENCIES[tld] ?? null;
}
/** Countries the shared locale table does not name yet. */
const MORE_TLD_CURRENCIES: Record<string, string> = {
  kz: 'KZT', bd: 'BDT', lk: 'LKR', ma: 'MAD', qa: 'QAR', kw: 'KWD', bh: 'BHD', om: 'OMR', jo: 'JOD', uy: 'UYU', py: 'PYG', bo: 'BOB',
  ec: 'USD', ge: 'GEL', am: 'AMD', az: 'AZN', uz: 'UZS', md: 'MDL', mk: 'MKD', ba: 'BAM', al: 'ALL', np: 'NPR', mn: 'MNT',
};

/** schema.org's ItemAvailability names a page may state of its item. */
export type StockState = 'InStock' | 'OutOfStock' | 'PreOrder' | 'BackOrder' | 'Discontinued' | 'LimitedAvailability';
/** schema.org's OfferItemCondition names. */
export type { ItemCondition };

const STOCK_NAMES: Record<string, StockState> = {
  instock: 'InStock',
  instoreonly: 'InStock',
  onlineonly: 'InStock',
  available: 'InStock',
  in: 'InStock',
  outofstock: 'OutOfStock',
  soldout: 'OutOfStock',
  oos: 'OutOfStock',
  unavailable: 'OutOfStock',
  preorder: 'PreOrder',
  presale: 'PreOrder',
  backorder: 'BackOrder',
  discontinued: 'Discontinued',
  limitedavailability: 'LimitedAvailability',
};

/** schema.org availability ("https://schema.org/InStock", "instock", "out of stock", "PreOrder") → its schema.org name. */
export function parseStockState(input: unknown): StockState | null {
  if (typeof input !== 'string') return null;
  const s = input.toLowerCase().replace(/^.*[/:#]/, '').replace(/[\s_-]/g, '');
  return STOCK_NAMES[s] ?? null;
}

/** The catalog's stock value of a schema.org state: few left is in stock; discontinued cannot be bought (as the feeds read them). */
export function availabilityOf(state: StockState | null): Availability | null {
  switch (state) {
    case 'InStock':
    case 'LimitedAvailability':
      return 'in_stock';
    case 'OutOfStock':
    case 'Discontinued':
      return 'out_of_stock';
    case 'PreOrder':
      return 'preorder';
    case 'BackOrder':
      return 'backorder';
    default:
      return null;
  }
}

/** schema.org availability ("https://schema.org/InStock", "instock", "out of stock") → the catalog's value. */
export function parseAvailability(input: unknown): Availability | null {
  return availabilityOf(parseStockState(input));
}

const OUT_WORDING = /\b(?:currently unavailable(?! for)|out of stock|sold out|temporarily unavailable(?! for))\b|nicht verfügbar|ausverkauft|épuisé|rupture de stock|non disponible|agotado|no disponible|esaurito|non disponibile|niet op voorraad|uitverkocht/;
// "No longer available for waitlist / for delivery" speaks of a service, not the item.
const DISCONTINUED_WORDING = /\b(?:no longer available(?! for)|discontinued|no longer (?:sold|carried|made))\b|nicht mehr (?:verfügbar|lieferbar|erhältlich)|plus disponible|ya no está disponible|fuori produzione/;
const PREORDER_WORDING = /\bpre-?orders?\b|\bvorbestell|précommande|\bprecompra\b|\bpreordine\b|\breserva\b/;
const BACKORDER_WORDING = /\bback-?order(?:ed|s)?\b|\bnachbestellt\b/;
const LIMITED_WORDING = /^(?:only \d+ left|limited (?:stock|availability|quantities)|low stock|few left|nur noch \d+|plus que \d+)/;
const IN_WORDING = /^(?:in stock|auf lager|en stock|disponible|disponibile|op voorraad|lagernd|available|verfügbar)\b/;

/**
 * What a shop's stock line says as a schema.org state, in the languages of the shops read most: discontinued, out of
 * stock ("currently unavailable", "sold out", "derzeit nicht verfügbar", "épuisé", "agotado"), pre-order, backorder,
 * few left, in stock, or nothing sure.
 */
export function stockStateOfWording(line: string): StockState | null {
  const t = line.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!t) return null;
  if (DISCONTINUED_WORDING.test(t)) return 'Discontinued';
  if (OUT_WORDING.test(t)) return 'OutOfStock';
  if (PREORDER_WORDING.test(t)) return 'PreOrder';
  if (BACKORDER_WORDING.test(t)) return 'BackOrder';
  if (LIMITED_WORDING.test(t)) return 'LimitedAvailability';
  if (IN_WORDING.test(t) || /^only \d+ left in stock/.test(t)) return 'InStock';
  return null;
}

/** What a shop's stock line says, as the catalog's value (see stockStateOfWording). */
export function stockWording(line: string): Availability | null {
  return availabilityOf(stockStateOfWording(line));
}

const CONDITION_NAMES: [RegExp, ItemCondition][] = [
  [/refurb|renewed|recondition|remanufactur|generalüberholt|reconditionn|ricondizionat|reacondicionad|recondicionad|odnowion/, 'RefurbishedCondition'],
  [/damaged|beschädigt|endommag|danneggiat|dañad/, 'DamagedCondition'],
  [/\bused\b|pre-?owned|second-?hand|gebraucht|d'occasion|\boccasion\b|usato|usado|\bopen[- ]box\b/, 'UsedCondition'],
  [/^(?:new|brand new|neu|neuf|nuevo|nuovo|nieuw|novo|nowy)\b|^newcondition$/, 'NewCondition'],
];

/** schema.org itemCondition ("https://schema.org/UsedCondition", "used", "Refurbished", "Neu") → its schema.org name. */
export function parseCondition(input: unknown): ItemCondition | null {
  if (typeof input !== 'string') return null;
  const s = cleanText(input).toLowerCase().replace(/^.*schema\.org[/:#]?/, '');
  if (!s || s.length > 60) return null;
  const named = /^(new|used|refurbished|damaged)condition$/.exec(s.replace(/[\s_-]/g, ''));
  if (named) return `${(named[1] as string).charAt(0).toUpperCase()}${(named[1] as string).slice(1)}Condition` as ItemCondition;
  for (const [pattern, condition] of CONDITION_NAMES) if (pattern.test(s)) return condition;
  return null;
}

/** A shop's own item id as a source states it, without the label some write into it ("sku:CAE5D4", "Item # 101095"). */
/**
 * The identifiers of the Product example in schema.org's and search engines' structured-data documentation (the
 * "Executive Anvil": sku 0446310786, mpn 925872), which templates copy onto every product: no item's own.
 */
const DOCUMENTATION_IDS = new Set(['0446310786', '925872']);

/**
 * A value the page writes in brackets, whole ("[24512506]", "(Cód. Item 462100)", "(7456(3))", whose own brackets stay),
 * without them; a value whose first bracket closes before its end ("(A) B (C)") is left as it is.
 */
export function unbracket(s: string): string {
  const close = s.startsWith('[') ? ']' : s.startsWith('(') ? ')' : null;
  if (close === null || !s.endsWith(close) || s.length < 3) return s;
  const open = s[0] as string;
  let depth = 0;
  for (let at = 0; at < s.length; at++) {
    if (s[at] === open) depth++;
    else if (s[at] === close) depth--;
    if (depth === 0 && at < s.length - 1) return s;
  }
  const inner = s.slice(1, -1).trim();
  return depth === 0 && inner.length > 0 ? inner : s;
}

/** A value without the closing brackets its end has beyond those it opens ("7456(3))" of a row's "(7456(3))"), and a trailing stop or comma. */
export function withoutStrayClose(s: string): string {
  let out = s.replace(/[.;,]+$/, '');
  while (out.endsWith(')') && (out.match(/\)/g) ?? []).length > (out.match(/\(/g) ?? []).length) out = out.slice(0, -1).replace(/[.;,]+$/, '');
  return out;
}

/** An identifier's letters and digits alone, upper-cased: "466/7999" is "4667999", "gv-n5050" is "GVN5050". */
export const idKey = (v: string) => v.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');

export function cleanSku(value: string | null | undefined): string | null {
  if (value && DOCUMENTATION_IDS.has(value.trim())) return null;
  // A label before it or around it: "Varenr.: [24512506]", "(Cód. Item 462100)".
  const t = value == null ? '' : unbracket(unbracket(value.trim()).replace(SKU_LABEL_BEFORE, '').trim());
  // Words without a digit are a name (a company's, "주식회사 위캔드기어컴퍼니"), not an item number.
  return t && !(/\s/.test(t) && !/\d/.test(t)) ? t : null;
}

/** A value as clean text (entities decoded, whitespace collapsed), or null when empty or no text. */
export function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = cleanText(decodeEntities(v));
  return t.length > 0 ? t : null;
}

/** A GTIN from any of the values: 8/12/13/14 digits with a valid check digit, or a UPC that lost its leading zero. */
export function gtinOf(...values: unknown[]): string | null {
  for (const v of values) {
    const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
    if (!raw) continue;
    const s = raw.trim().replace(/^(?:gtin(?:8|12|13|14)?|upc|ean|isbn(?:13)?)\s*:\s*/i, '').replace(/[\s-]/g, '');
    const g = normaliseGtin(s) ?? (/^\d{11}$/.test(s) ? normaliseGtin(`0${s}`) : null);
    if (g) return g;
  }
  return null;
}

/**
 * A number in GS1's ranges for restricted circulation, which a shop or a country numbers its own items with and no
 * maker's barcode holds: GS1 prefixes 020–029, 040–049 and 200–299, so 12-digit UPCs starting 2 (weighed goods) or 4
 * (in-store numbers). Such a number is an item's GTIN only where a page labels it so.
 */
export function restrictedCirculation(digits: string): boolean {
  const gtin13 = digits.length === 12 ? `0${digits}` : digits;
  return gtin13.length === 13 && /^(?:0[24]|2)/.test(gtin13);
}

/** A word as a name writes it: letters only, four or more, some lower-case ("iPhone", "ThinkPad", "Xperia", "Nano"). */
const NAME_WORD = /^(?=\p{L}*\p{Ll})\p{L}{4,}$/u;

/**
 * Letters of a script without capitals (Hangul, Chinese, Japanese, Hebrew, Arabic, Thai): part numbers are written in
 * Latin letters and digits, so a model field that holds such words names the model ("갤럭시S9 64G[자급제(공기계)]",
 * "OPTIPLEX 9010 TOWER מחודש", refurbished in Hebrew).
 */
const CASELESS_WORD = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Thai}]{2}/u;

/**
 * A model's name in a model number's field ("iPhone 16 Pro Max", "Lenovo ThinkPad X1 Nano", "Xperia 1 III 5G"): words,
 * one of them a name's, or words of a script without capitals. A part number is codes, even written in parts ("PBWR6
 * OP8V2 IN", "UL-KS01").
 */
const isModelName = (value: string) => {
  if (CASELESS_WORD.test(value)) return true;
  const words = value.split(/[\s,]+/).filter(Boolean);
  return words.length >= 2 && words.some((word) => NAME_WORD.test(word));
};

/** A manufacturer part number: short, one token run, not a bare URL nor a model's name. */
export function mpnOf(...values: unknown[]): string | null {
  for (const v of values) {
    const t = text(v);
    if (!t) continue;
    const m = t.replace(/^mpn\s*:\s*/i, '');
    if (m.length <= 40 && !/^https?:/i.test(m) && /[A-Za-z0-9]/.test(m) && !DOCUMENTATION_IDS.has(m) && !isModelName(m)) return m;
  }
  return null;
}

export function absoluteUrl(v: string | null, base: string | undefined): string | null {
  if (!v) return null;
  try {
    const u = new URL(v, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** ISO 3166 region codes of countries and territories (current and withdrawn), whose names pages write. */
const REGION_CODES = 'AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BU BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CS CU CV CW CX CY CZ DD DE DJ DK DM DO DY DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR FX GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU HV ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NH NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RH RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SU SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TP TR TT TV TW TZ UA UG UK UM US UY UZ VA VC VD VE VG VI VN VU WF WS YD YE YT YU ZA ZM ZR ZW'.split(' ');
/** The countries' names in each language asked for so far, lower-cased (a few milliseconds per language, once). */
const countryNames = new Map<string, Set<string>>();

function countryNamesIn(language: string): Set<string> {
  let names = countryNames.get(language);
  if (!names) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    names = new Set(REGION_CODES.map((code) => display.of(code)?.toLowerCase()).filter((n): n is string => !!n));
    countryNames.set(language, names);
  }
  return names;
}

/** Whether a text is only a country's name in one of the languages given or in English ("Италия", "Deutschland"). */
export function isCountryName(text: string, languages: readonly string[]): boolean {
  const t = text.trim().toLowerCase();
  return [...languages, 'en'].some((language) => countryNamesIn(language).has(t));
}
