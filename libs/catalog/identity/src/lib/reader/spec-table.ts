/**
 * The specification reader: labelled rows of the visible page (tables, definition lists, "Label: value" items) and
 * barcodes written in its text ("EAN: 0190198419941").
 */
import { textOf } from '../html';
import type { Evidence } from './evidence';
import { LETTERS_CODE } from './form-fields';
import { BRAND_LABEL, GTIN_LABEL, manufacturerLanguages, MPN_LABEL, SKU_LABEL } from './labels';
import { amongOtherProducts } from './markup';
import type { Page } from './page';
import { stateSpecRows, withoutNote } from './state-specs';
import { parsedStates } from './state-scripts';
import { headingTitle } from './titles';
import { gtinOf, idKey, isCountryName, mpnOf, parseCondition, stockStateOfWording, text, unbracket, withoutStrayClose } from './values';

const CONDITION_LABEL = /^(?:condition|item condition|product condition|zustand|artikelzustand|état|condizione|estado|condición|stan)$/i;
const STOCK_LABEL = /^(?:availability|stock|in stock|stock status|verfügbarkeit|lieferbarkeit|disponibilité|disponibilità|disponibilidad)$/i;
/** "EAN: 6935364088101.", "UPC # 885909950805", "GTIN-13 4006381333931", "ISBN 978-3-16-148410-0". */
const BARCODE_IN_TEXT = /\b(?:EAN|UPC|GTIN|JAN|ISBN)(?:[-\s]?(?:13|12|14|8|A))?(?:\s*(?:code|number|nummer|no\.?|kód|kod|código))?\s*[:：#]?\s*(\d[\d\s-]{6,20}\d)(?![\d-])/gi;

/** The first barcode the page's text states with its label and a valid check digit, outside other products' blocks. */
function barcodeInText(page: Page): string | null {
  for (const el of page.barcodeEls) {
    if (amongOtherProducts(el)) continue;
    for (const m of textOf(el, undefined, 400).matchAll(BARCODE_IN_TEXT)) {
      const gtin = gtinOf(m[1]);
      if (gtin) return gtin;
    }
  }
  return null;
}


/**
 * A brand as a spec row writes it ("by Certified International", "mehr von Acer" name the brand), up to a next label in
 * the same line ("Huawei Seri: Mate"); a code is no brand.
 */
function brandOf(value: string): string | null {
  const named = value.replace(/^(?:(?:mehr|alles|alle produkte|more|all products|shop all|plus|voir plus|más|altri prodotti|meer)\s+(?:von|from|by|de|di|van)|by|von|par|di|de|da|door|av|przez)\s+/i, '');
  const t = text(named.replace(/\s+\p{Lu}\p{L}{1,20}\s?:\s.*$/u, ''));
  return t && /\p{L}{2}/u.test(t) && (t.match(/\d/g) ?? []).length < 3 ? t : null;
}

/** An item or part number of capitals alone, in two or more parts ("OLIVA-SG-ROBUSTO", "BLK_TEE_L", "LIV-PKG-US"). */
const CODE_IN_PARTS = /^[A-Z]{2,}(?:[-_][A-Z]+)+$/;
/** Words a model row holds where it names no code. */
const NO_CODE = /^(?:UNKNOWN|DEFAULT|STANDARD|GENERIC|VARIOUS|NONE|UNBRANDED|NOTAPPLICABLE)$/;

/**
 * A shop's item number as a spec row writes it: one short token holding a digit ("A-H1287174141", "mon-1764"), or
 * capitals in parts ("OLIVA-SG-ROBUSTO"), without the number sign some write before it ("SKU: #7189985"), and without
 * a word written straight after its digits ("558824Код скопійовано": a "Code copied" notice in the element after it).
 */
function shopItemId(value: string): string | null {
  const t = withoutStrayClose(value.trim().replace(/^[#№]\s*/u, '').split(/\s+/)[0] ?? '').replace(/^(.{2,}\d)\p{Lu}\p{Ll}{2,}$/u, '$1');
  return t.length >= 3 && t.length <= 30 && (/\d/.test(t) || CODE_IN_PARTS.test(t)) && !/^https?:/i.test(t) ? t : null;
}

/**
 * A model row's code where the row goes on with the item's name ("SM-A710F Galaxy A7 (2016)" under "Galaxy A7 (2016) -
 * 5.5\" Dual SIM"): the leading token holding letters and digits, the rest being words of the page's title.
 */
export function modelCode(value: string, page: Page): string {
  const [code, ...rest] = value.trim().split(/\s+/);
  if (!code || rest.length === 0 || code.length < 4 || !/\p{L}/u.test(code) || !/\d/.test(code)) return value;
  const title = `${headingTitle(page) ?? ''} ${page.titleTag ?? ''}`.toLowerCase();
  const words = rest.join(' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  return words.length > 0 && words.every((w) => title.includes(w)) ? code : value;
}

/** A manufacturer row that names a country in its label's language or in English ("Производитель: Италия"). */
function namesCountry(label: string, value: string): boolean {
  const languages = manufacturerLanguages(label);
  return languages !== null && isCountryName(value, languages);
}

/**
 * A row that says only "model" may give the model's name in a range ("Modelo A71"): a later row under a part
 * number's own label that writes it within a fuller code ("Referência SM-A715FZBJZTO") names the item's.
 */
const GENERIC_MODEL = /^(?:model|modelo|modell|modèle|modello)$/i;
/** A note of words in brackets: a model row naming the model in words ("SOYES XS11 (Minismartphone)"), not its code. */
const WORDS_NOTE = /\(\s*\p{L}[\p{L}\s-]*\)/u;

/**
 * Marketplaces of factories and wholesalers, whose attribute rows ("Brand Name", "Place of Origin", "Model Number")
 * each supplier fills in: its "Model Number" is the supplier's own code for what it makes to order, which no other
 * shop sells under, not a maker's part number.
 */
const SUPPLIERS_MARKET = /(?:^|\.)alibaba\.com$/;

/**
 * A code of capitals alone (`LETTERS_CODE`: Nintendo's "PMCAWNSAA", "HACPAUBQA"), taken under a label that names a
 * number or a code ("Model Number", "規格番号"), not under a bare "Model", where such a word is a range's ("DELUXE"), nor
 * where the page's cart form posts it as the shop's own item number ("Part Number: EMERMUS" at stupid.com).
 */
const lettersCode = (label: string, value: string, page: Page) =>
  !GENERIC_MODEL.test(label) && LETTERS_CODE.test(value) && !NO_CODE.test(value) && !page.formValues.has(value.toLowerCase());

export function fromSpecTable(page: Page): Evidence | null {
  const suppliersCode = page.host !== null && SUPPLIERS_MARKET.test(page.host);
  let gtin: string | null = null;
  let mpn: string | null = null;
  let brand: string | null = null;
  let sku: string | null = null;
  let mpnGeneric = false;
  const found: Evidence = {};
  // The rows the page shows, then those its state holds for its app to draw.
  for (const [written, raw] of [...page.labelled, ...stateSpecRows(parsedStates(page.stateScripts))]) {
    const label = withoutNote(written);
    // A label with its number sign ("Part #", "Product #") or without it ("Model", "Item") names its row alike.
    const bare = label.replace(/\s*#$/, '');
    const names = (re: RegExp) => re.test(label) || re.test(bare);
    // "Kod EAN: [5032037108652]": a value in brackets is the value; "Россия; ": a list's separator ends none.
    const value = unbracket(raw.trim().replace(/\s*[;,]$/, ''));
    if (!gtin && names(GTIN_LABEL)) gtin = gtinOf(value.split(/[\s,;/]+/)[0]?.replace(/[.;,]+$/, ''));
    // A row written as a sentence ends with its full stop ("Model number: H23K37."), which is no part of the code.
    else if ((!mpn || mpnGeneric) && !suppliersCode && names(MPN_LABEL) && value.length <= 40 && (/\d/.test(value) || CODE_IN_PARTS.test(value.trim()) || lettersCode(bare, value.trim(), page))) {
      const generic = GENERIC_MODEL.test(bare);
      const code = generic && WORDS_NOTE.test(value) ? null : mpnOf(modelCode(value.trim().replace(/(?<=[\p{L}\p{N}])\.$/u, ''), page));
      if (code && (!mpn || (!generic && idKey(code).includes(idKey(mpn))))) {
        mpn = code;
        mpnGeneric = generic;
      }
    }
    // A manufacturer row naming a country says where the item is made, not who makes it.
    else if (!brand && names(BRAND_LABEL) && value.length <= 40 && !namesCountry(bare, value)) brand = brandOf(value);
    else if (!sku && names(SKU_LABEL)) sku = shopItemId(value);
    else if (!found.condition && CONDITION_LABEL.test(label)) found.condition = parseCondition(value.split(/[:(–—-]/)[0]);
    else if (!found.availability && STOCK_LABEL.test(label) && value.length <= 60) found.availability = stockStateOfWording(value);
  }
  gtin ??= barcodeInText(page);
  const out: Evidence = { ...found, gtin, mpn, brand, sku };
  return Object.values(out).some((v) => v != null) ? out : null;
}
