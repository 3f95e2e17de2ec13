/**
 * The labels pages write before a value, in the languages of the shops read (a brand: "Marke", "Hersteller",
 * "Fabricant"; the maker's part number: "Hersteller-Nr.", "Herstellernummer", "Réf. fabricant"; a barcode: "EAN",
 * "GTIN/EAN"; the shop's own item number: "Artikelnummer", "Art.-Nr.", "SKU"), and the label–value pairs pages write
 * outside tables: "Label: value" in one element ("Hersteller-Nr.: <span>UM.QB2EE.E01</span>", "Art.-Nr.: 1 | EAN: 2"),
 * or a label element with its value beside it ("<b>Hersteller</b> NEC", "<div>Marke</div><div>Acer</div>").
 */
import { attr, cleanText, isBlock, textOf, type HtmlElement } from '../html';
import { parentOf, shownForItem } from './markup';

const GTIN_WORDS = String.raw`upc|upc-?a|ean|ean-?13|gtin(?:-?1[234]|-?8)?|isbn(?:-?13)?|jan|barcode|item upc|upc code|code ean|código ean|kod ean|codice ean|(?:gtin|ean|upc|isbn|jan)(?:\s*/\s*(?:gtin|ean|upc|isbn|jan))+|(?:ean|isbn|upc)[\s-]?(?:code|nummer|number|nr\.?|no\.?|kód|kod|koodi)|код ean|isbn-?10|vonalkód|barkod|čiarový kód|čárový kód|svītrkods|brūkšninis kodas|ribakood|cod de bare|stregkode|strekkode|gtin[\s-]?(?:code|nummer|number)|code[\s-]barres?|código de barras|codice a barre|штрих-?код|streckkod|viivakoodi|kod kreskowy|janコード|jan ?code`;
const MPN_WORDS = String.raw`mpn|model|model (?:number|no\.?|#)|modell|modèle|mfr|p/n|han|man\.? ref\.?|manufacturer style (?:no\.?|number|#)|herst\.?[\s-]*artikel[\s-]?(?:nummer|nr\.?)|tillverkarens artikelnr\.?|код производителя|артикул производителя|парт-?номер|код виробника|model name/number|item model number|modellnummer|modellbezeichnung|manufacturer'?s? part (?:number|no\.?|#)|manufacturer (?:number|no\.?|#|reference|code|sku)|mfr\.? ?(?:part)? ?(?:number|no\.?|#)|mfg\.? ?part ?(?:number|no\.?|#)?|part (?:number|no\.?|#)|hersteller[\s-]?(?:nr\.?|nummer|nr\.?|teilenummer|referenz|produktnummer|artikelnummer|artikel[\s-]?nr\.?|art\.?[\s-]?nr\.?|artnr\.?|typ)|hersteller-artikel-nr\.?|herstellernr\.?|herstellerartikelnummer|herst\.?[\s-]*(?:art\.?[\s-]*)?nr\.?|hst\.?[\s-]?nr\.?|artikelnummer des herstellers|teilenummer|numéro du modèle de l'article|référence (?:fabricant|constructeur)|numéro de pièce (?:du )?fabricant|número de pieza (?:del )?fabricante|réf\.? (?:fabricant|constructeur)|numero modello articolo|codice (?:produttore|costruttore)|cod\.? produttore|número de modelo del producto|referencia del fabricante|ref\.? fabricante|número de (?:pieza|parte)|refer[eê]ncia d(?:e|o|el) modelo|référence du modèle|número do modelo|código do fabricante|referência do fabricante|referência|fabrikantnummer|fabrikantcode|modelnummer|model-?nr\.?|artikelnummer fabrikant|tillverkarens artikelnummer|valmistajan tuotekoodi|numer katalogowy producenta|kod producenta|modelo|ražotāja kods|gamintojo kodas|tootja kood|kód výrobce|kód výrobcu|cod producător|cod producator|šifra proizvođača|gyártói cikkszám|κωδικός κατασκευαστή|üretici kodu|producentens varenummer|produsentens varenummer|style code|modelnummer artikel|artikelns modellnummer|numer modelu(?: produktu)?|(?:ürün )?model numarası|número de modelo|numero (?:del )?modello|onderdeelnummer|numer części|parça numarası|üretici referansı|型番|規格番号|メーカー品番|メーカー型番|型号|型號|모델명|모델번호|דגם|رقم الموديل|الموديل|رقم الطراز|الطراز|رقم موديل السلعة|رقم القطعة|หมายเลขรุ่น|รุ่น`;
const BRAND_WORDS = String.raw`brand|brand name|maker|marketer|marketed by|manufactured by|marke|marque|marca|marchio|merk|märke|varumärke|mærke|merke|marka|merkki|márka|značka|znamka|brend|zīmols|prekės ženklas|kaubamärk|tuotemerkki|marcă|μάρκα|марка|бренд|производитель|производители|виробник|производител|hersteller|manufacturer|fabricant|fabricante|produttore|producent|producător|fabrikant|tillverkare|valmistaja|tootja|gamintojas|ražotājs|proizvajalec|výrobce|výrobca|gyártó|üretici|proizvođač|κατασκευαστής|ブランド|メーカー|品牌|브랜드|제조사|thương hiệu|merek|ยี่ห้อ|แบรนด์|الماركة|العلامة التجارية|الشركة المصنعة|מותג|יצרן`;
const SKU_WORDS = String.raw`sku|sku ?#|internet ?#|internet number|store sku ?#?|walmart ?#|walmart (?:item )?number|tcin|web code|web id|item|item (?:number|no\.?|#|id|code)|item#|product (?:code|id|number|no\.?|sku|reference)|product ?#|référence interne|nr\.? ref\.?|indeks|numer oferty|id produs|kód|produkta kods|referência (?:do )?produto|article (?:number|no\.?)|artikel[\s-]?(?:nr\.?|nummer|no\.?)|artikelnr\.?|art\.?[\s-]?nr\.?|artnr\.?|bestell[\s-]?(?:nummer|nr\.?)|best\.?[\s-]?nr\.?|produkt[\s-]?(?:nummer|nr\.?)|référence|réf\.?|codice (?:articolo|prodotto)|cod\.? articolo|referencia|ref\.?|ref\.? ?#|c[oó]d\.? ?ref\.?|número de (?:item|artículo|articulo)|style ?#|código (?:de|del) producto|numer katalogowy|kod produktu|kod systemowy|código|codigo|tuotenumero|varenummer|varenr\.?|id (?:do )?produto|código do produto|c[oó]d\.? item|артикул|код(?: товара| товару)?|tootekood|tuotekoodi|kod towaru|numer artykułu|code produit|preces kods|prekės kodas|kód (?:produktu|tovaru|zboží)|katalogové číslo|katalógové číslo|cikkszám|termékkód|ürün kodu|stok kodu|κωδικός(?: προϊόντος)?|šifra(?: artikla| proizvoda)?|商品番号|商品コード|注文コード|货号|商品编号|상품번호|mã sản phẩm|kode produk|รหัสสินค้า|رقم المنتج|קוד מוצר|מק"ט|מק״ט`;

const whole = (words: string) => new RegExp(`^(?:${words})$`, 'i');
export const GTIN_LABEL = whole(GTIN_WORDS);
export const MPN_LABEL = whole(MPN_WORDS);
export const BRAND_LABEL = whole(BRAND_WORDS);
/**
 * A brand's label written into its value: any brand label with its colon ("Hersteller: Bosch", "Brand: Acme"), and
 * without one the words no maker's name is ("Marca Motorola", "Производители Orac decor"), as a word of its own: not
 * the start of a name ("Marcato", "Marquee").
 */
export const BRAND_LABEL_BEFORE = new RegExp(String.raw`^(?:(?:${BRAND_WORDS})\s*[:：]|(?:marke|marque|marca|marka|производитель|производители)(?=\s))\s*(?=\S)`, 'i');
/**
 * The brand labels that name the maker as a manufacturer ("Hersteller", "Производитель"), under which some shops write
 * the country the item is made in ("Производитель: Италия"), with the languages each is written in.
 */
const MANUFACTURER_LABELS: Readonly<Record<string, readonly string[]>> = {
  manufacturer: ['en'], 'manufactured by': ['en'], producător: ['ro'], tootja: ['et'], hersteller: ['de'], производитель: ['ru'], виробник: ['uk'], fabricant: ['fr', 'ro'], fabricante: ['es', 'pt'],
  produttore: ['it'], producent: ['pl', 'da', 'cs'], fabrikant: ['nl', 'sv'], tillverkare: ['sv'], valmistaja: ['fi'], výrobce: ['cs'],
  výrobca: ['sk'], gyártó: ['hu'], üretici: ['tr'], proizvođač: ['hr', 'sr'], производител: ['bg'], κατασκευαστής: ['el'], メーカー: ['ja'],
  제조사: ['ko'], יצרן: ['he'], 'الشركة المصنعة': ['ar'],
};

/** The languages a manufacturer label is written in; null for a label that is not one ("Brand", "Marke"). */
export const manufacturerLanguages = (label: string): readonly string[] | null => MANUFACTURER_LABELS[label.toLowerCase()] ?? null;
export const SKU_LABEL = whole(SKU_WORDS);
/**
 * The shop's item-number label a value begins with ("SKU: 123", "Cód. Item 462100", "mpn:A 773701"): before a colon,
 * a hash or a point, or before one word with a digit that ends the value.
 */
export const SKU_LABEL_BEFORE = new RegExp(`^(?:mpn|${SKU_WORDS}|código|c[oó]d\\.?|kód)(?:\\s*[:：#.]\\s*|\\s+(?=\\S*\\d\\S*$))(?=\\S)`, 'iu');

/**
 * Any of the labels at the start of a text, then a colon, a spaced dash ("Product Code - 38711848") or the end; a label
 * ending in a hash or an abbreviation's point needs no colon ("Model # 6202-22-00", "Item No. PU_106160/01", "Art.-Nr.
 * 374837"): the longest label that fits.
 */
const LABEL_FIRST = new RegExp(`^(${[MPN_WORDS, GTIN_WORDS, SKU_WORDS, BRAND_WORDS].join('|')})(?:\\s*[:：]|\\s+[-–—](?=\\s|$)|(?<=[#.])(?=\\s*[\\p{L}\\p{N}])|\\s*$)\\s*`, 'iu');
/** Pairs several to a line: "Artikel-Nr.: AGX1634723 | Herstellernr.: 60005830 | EAN: 5028695125438". */
const SEGMENTS = /\s+[|•·]\s+|\s*;\s+/;
/** Where pairs are written outside tables. */
export const PAIR_HOLDERS = new Set(['span', 'div', 'p', 'b', 'strong', 'small', 'label', 'font', 'em', 'i', 'dd', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** The text a shopper reads as one label–value item, at most. */
const PAIR_TEXT_MAX = 180;
const VALUE_MAX = 120;
/** Wrappers climbed from a label element to the element its value stands beside. */
const LABEL_WRAPPERS = 3;

/** The label a text starts with (lower-cased, spaces collapsed) and the rest after it, or null. */
export function splitLabel(text: string): { label: string; rest: string } | null {
  const m = LABEL_FIRST.exec(text);
  if (!m) return null;
  return { label: (m[1] as string).toLowerCase().replace(/\s+/g, ' '), rest: text.slice(m[0].length).trim() };
}

/** The text written directly in an element, not in its children. */
export function ownText(el: HtmlElement): string {
  let out = '';
  for (const c of el.childNodes) if (c.nodeName === '#text') out += (c as { value: string }).value;
  return cleanText(out);
}

/**
 * What is written after a node among its siblings, up to a line break: texts and elements' texts ("by" and the
 * link after it are one value), or null when that is longer than a value.
 */
function textAfter(node: HtmlElement): string | null {
  const siblings = parentOf(node)?.childNodes ?? [];
  let out = '';
  for (let i = siblings.indexOf(node) + 1; i < siblings.length && out.length <= VALUE_MAX; i++) {
    const s = siblings[i] as HtmlElement | { nodeName: string; value?: string };
    if ('tagName' in s && s.tagName === 'br') {
      if (out.trim()) break;
      continue;
    }
    out += ` ${'tagName' in s ? textOf(s, undefined, VALUE_MAX + 1) : s.nodeName === '#text' ? (s as { value: string }).value : ''}`;
  }
  const t = cleanText(out);
  return t && t.length <= VALUE_MAX ? t : null;
}

/** A control the label names (a button, a tab: "Бренд" beside the tab "Дополнительная информация"), not a value's label. */
const isControl = (el: HtmlElement) => el.tagName === 'button' || /^(?:tab|button|menuitem|option)$/i.test(attr(el, 'role') ?? '');

/** A label element's value: what stands after it, or after the wrappers holding nothing but the label. */
function valueBeside(el: HtmlElement, labelText: string): string | null {
  let n: HtmlElement | null = el;
  for (let i = 0; n && i <= LABEL_WRAPPERS; i++) {
    if (isControl(n)) return null;
    const after = textAfter(n);
    if (after) return after;
    const up: HtmlElement | null = parentOf(n);
    if (!up || textOf(up, undefined, labelText.length + 2) !== labelText) return null;
    n = up;
  }
  return null;
}

/** Pairs of "label: value" segments in one line of text, the first label already split off. */
function pairsInLine(first: { label: string; rest: string }): [string, string][] {
  const [value, ...more] = first.rest.split(SEGMENTS);
  const out: [string, string][] = value ? [[first.label, value.trim()]] : [];
  for (const segment of more) {
    const next = splitLabel(segment.trim());
    if (next?.rest) out.push([next.label, next.rest]);
  }
  return out;
}

const isLineBreak = (node: { nodeName: string }) => node.nodeName === 'br';

/**
 * The pairs of an element whose lines its line breaks part ("Código: 434531<br>Marca: <a>ALCATEL</a>"): each line, its
 * texts and inline elements, read as one "Label: value" line. A block among them is a line of its own, left out.
 */
function linePairs(el: HtmlElement): [string, string][] {
  const out: [string, string][] = [];
  let line = '';
  const read = () => {
    const text = cleanText(line);
    const pair = text.length <= PAIR_TEXT_MAX ? splitLabel(text) : null;
    if (pair?.rest) out.push(...pairsInLine(pair));
    line = '';
  };
  for (const node of el.childNodes) {
    if (isLineBreak(node)) read();
    else if (!('tagName' in node)) line += node.nodeName === '#text' ? (node as { value: string }).value : '';
    else if (isBlock(node)) read();
    else line += ` ${textOf(node, undefined, PAIR_TEXT_MAX + 1)} `;
  }
  read();
  return out;
}

/**
 * The label–value pairs an element writes outside tables: its own text starts with a known label, and the value
 * follows in the same element or stands beside it. Elements the shopper does not see as the item's are skipped.
 */
export function labelledPairs(el: HtmlElement): [string, string][] {
  const own = ownText(el);
  if (!own || own.length > PAIR_TEXT_MAX) return [];
  const first = splitLabel(own);
  if (!first) return [];
  if (el.childNodes.some(isLineBreak)) return shownForItem(el) ? linePairs(el) : [];
  const full = textOf(el, undefined, PAIR_TEXT_MAX + 1);
  if (full.length > PAIR_TEXT_MAX || !shownForItem(el)) return [];
  const inFull = splitLabel(full);
  if (inFull?.rest) return pairsInLine(inFull);
  // A label and value the element writes itself, after a child that only decorates ("<span>|</span>kod producenta: X"):
  // what stands beside the element is the next pair's.
  if (first.rest) return pairsInLine(first);
  // The colon may stand after the label's element ("<strong>EAN</strong>: 0195122235390"); with nothing beside it, the
  // value may be the element's child after the label it writes itself ("<span>SKU <span itemprop="sku">108000</span></span>").
  const value = (valueBeside(el, full) ?? valueWithin(own, full))?.replace(/^[:：]\s*/, '');
  return value ? [[first.label, value]] : [];
}

/** What an element's text holds after the label it writes itself, in its children: the value, or null. */
function valueWithin(own: string, full: string): string | null {
  const rest = full.startsWith(own) ? full.slice(own.length).trim() : '';
  return rest.length > 0 && rest.length <= VALUE_MAX ? rest : null;
}
