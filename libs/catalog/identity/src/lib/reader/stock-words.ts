/**
 * The stock line a shopper reads beside the item, in the languages of the shops read: "Derzeit nicht auf Lager",
 * "kein Liefertermin", "zur Zeit nicht lieferbar", "We're sorry, this plant is out of stock" say it cannot be bought;
 * "in ca. 2-3 Werktagen versandbereit", "Sofort lieferbar", "In stock" that it can; "Nicht lagernd, ab Bestellung
 * versandfertig in 8 Tagen" that it is ordered in; "No Longer Available" that it is sold no more. Where these words and
 * the markup disagree, the words are what the shop tells its shopper (a template's schema.org value often stays the
 * same on every page).
 */
import { attr, cleanText, isElement, textOf, type HtmlElement } from '../html';
import { amongOtherProducts, describedAs, parentOf, shownForItem } from './markup';
import { currencyFromText, type StockState } from './values';

const OUT = new RegExp(
  [
    String.raw`\b(?:out of stock|sold out|(?:currently|temporar(?:il)?y) (?:unavailable|not available|out of stock)|not in stock)\b`,
    // "This item is not available" ("Product not available") alone on its line: not one way of getting it ("… for
    // shipping", "… in your area"), nor a theme's note on a choice of options ("this product is unavailable. Please
    // choose a different combination").
    String.raw`^(?:this (?:item|product) is|(?:item|product)(?: is)?) (?:not available|unavailable)\.?$`,
    String.raw`nicht (?:mehr )?(?:lieferbar|verfügbar|vorrätig|auf lager|bestellbar)|nicht (?:mehr |in der gewünschten menge )?zur verfügung|kein liefertermin|liefertermin unbekannt|artikel gesperrt|ausverkauft|vergriffen|bei verfügbarkeit benachrichtigen`,
    String.raw`épuisé|rupture de stock|plus en stock|indisponible|non disponible|agotado|sin stock|no disponible|esaurito|non disponibile|niet (?:op voorraad|leverbaar)|uitverkocht`,
    String.raw`niet (?:verkrijgbaar|beschikbaar)|en rupture\b|för närvarande (?:inte|ej) tillgänglig|tillfälligt slut|mevcut değil|(?:atualmente|temporariamente) (?:não disponível|indisponível)|brak w magazynie|niedostępn|loppuunmyyty|ei varastossa|slutsåld|udsolgt|utsolgt|ikke (?:på lager|tilgængelig|tilgjengelig)|(?:inte|ej) i lager|нет в наличии|немає в наявності`,
    String.raw`esgotado|fora de estoque|sem estoque|tükendi|stokta yok|vyprodáno|není skladem|nincs készleten|nu este în stoc|εξαντλήθηκε|אזל מהמלאי|نفدت الكمية|غير متوفر|hết hàng|สินค้าหมด`,
    // Serbian, Croatian, Bosnian and Slovene shops' words, in both Serbian scripts ("Trenutno nema na lageru",
    // "Rasprodato", "Nije dostupno", "Ni na zalogi", "Нема на стању"), Russian "Распродано" among them, and
    // Bulgarian ones ("Изчерпан").
    String.raw`rasproda[nt]|razprodan|nema na (?:lageru|stanju|zalihi|zalihama)|nije (?:dostupn|na stanju|na lageru)|nedostupn|ni na zalogi|распрода[нт]|нема на (?:стању|лагеру)|није доступн|недоступн|изчерпан|няма наличност`,
    // Slovak, Hungarian, Romanian, Baltic, Greek, Indonesian and Malay shops' words ("Vypredané", "Nincs raktáron",
    // "Stoc epuizat", "Išparduota", "Nav noliktavā", "Laost otsas", "Μη διαθέσιμο", "Stok habis"), and more of the
    // Russian, Ukrainian, Polish, Spanish, Swedish and Finnish ones ("Товар закончился", "Wyprzedany", "Sin existencias").
    String.raw`vypredan|nie je (?:na )?sklad|elfogyott|nincs raktáron|jelenleg nem elérhető|nu (?:mai )?este disponibil|epuizat|išparduot|nėra sandėlyje|izpārdot|nav (?:noliktavā|pieejam)|laost otsas|ei ole laos|välja müüdud|μη διαθέσιμ|εκτός αποθέματος|δεν είναι διαθέσιμ|stok (?:habis|kosong)|habis terjual|kehabisan stok|tidak tersedia|нет на складе|товар закончился|товар закінчився|немає на складі|wyprzedan|sin existencias|slut i lager|loppu varastosta|tilapäisesti loppu`,
    String.raw`欠品中|在庫切れ|在庫なし|品切れ|売り切れ|完売|缺货|缺貨|售罄|已售完|품절|재고 ?없음`,
    // A count of none ("0 auf Lager", "0 in stock", "0 Stück verfügbar"): the stock a shop counts is empty.
    String.raw`(?:^|[^\d.,'])0 (?:(?:items?|units?|pieces?|pcs\.?|stück|stk\.?|pièces?|unidades|шт\.?) )?(?:in stock|available|auf lager|verfügbar|vorrätig|en stock|disponibles?|op voorraad|på lager|na stanie|в наличии|на складе)`,
  ].join('|'),
);
/**
 * A line that says the shop no longer sells the item at all, alone on its line ("No Longer Available", "Not for sale",
 * "Discontinued") or sending the shopper elsewhere ("Available only at select retailers", a maker's shop that does not
 * sell it itself). Alone, because a spec row ("Is Discontinued By Manufacturer: No") names the word in passing.
 */
const GONE =
  /^(?:this (?:item|product|model) (?:is|has been) )?(?:no longer (?:available|sold)|discontinued|not for sale|nicht mehr erhältlich|plus disponible|wycofany(?: z (?:oferty|sprzedaży))?|wycofano z (?:oferty|sprzedaży)|fuori produzione|descatalogado|снят с производства|снят с продажи|знято з виробництва|utgått|udgået)\.?$|\b(?:available|sold) only (?:at|through|from) (?:select|participating|authori[sz]ed) (?:retailers|dealers|resellers)\b/;
const ORDERED_IN = /ab bestellung (?:versandfertig|lieferbar)|під замовлення|под заказ|nicht lagernd,? (?:ab|lieferbar|versandfertig)|\bback-?order(?:ed)?\b|\bships? (?:in|within) \d+ ?(?:-|to) ?\d+ weeks\b/;
const PRE = /\bpre-?order|vorbestell|précommande|\bpreordine\b|\bprecompra\b|\bpré-?venda\b|\bpreventa\b|передзамов|предзаказ|przedsprzedaż|předobjedn|verfügbar ab \d|available (?:from|on) \d|予約受付中|予約販売|预售|預購|예약 ?판매/;
const IN = new RegExp(
  [
    String.raw`\b(?:in stock|available to ship|ready to ship|usually ships|ships (?:today|tomorrow|in \d+ ?(?:-|to) ?\d+ (?:business )?days))\b`,
    String.raw`auf lager|lagernd|sofort (?:lieferbar|verfügbar|versandbereit|versandfertig)|versandbereit|versandfertig|\blieferbar|lieferzeit:? (?:ca\.? )?\d`,
    String.raw`en stock|disponible|disponibile|op voorraad|na stanie|varastossa|på lager|в наличии|в наявності`,
    String.raw`em estoque|(?<!não |in)disponível|stokta|skladem|készleten|în stoc|còn hàng|在庫あり|有货|有貨|재고 ?있음|متوفر`,
    // Swedish, Polish and Dutch shops' own words for it ("I lager", "Endast 2 kvar i lager", "Dostępny", "Beschikbaar").
    String.raw`(?:^|\s)i lager|^tillgänglig|^dostępn[ya]|zosta(?:ły|ło) tylko \d|^beschikbaar|残り\d+点`,
    // Serbian, Croatian and Slovene shops' ("Na stanju", "Ima na lageru", "Na zalogi", "Dostupno", "На стању"), Bulgarian ones ("В наличност").
    String.raw`na (?:stanju|lageru|zalogi)|^dostupn[oa]\b|на (?:стању|лагеру)|^доступн[оа](?![а-я])|в наличност`,
    // Slovak, Hungarian, Romanian, Baltic, Greek and Indonesian ("Skladom", "Raktáron", "Produs disponibil", "Yra sandėlyje", "Ir noliktavā", "Άμεσα διαθέσιμο", "Stok tersedia").
    String.raw`skladom|na sklade|raktáron|disponibil(?![a-zăâîșțşţ])|yra sandėlyje|ir noliktavā|διαθέσιμο|stok tersedia`,
    // The usual dispatch time of the item ("Usually dispatched within 3 to 4 days", "Habituellement expédié sous 3 à 4
    // jours", "Di solito spedito entro 1-2 mesi", "Gewoonlijk verzonden binnen 1 tot 2 maanden", "通常1～2日以内に発送"), not
    // a shop's policy for every order ("Orders dispatched within 24 hours").
    String.raw`\busually dispatched within \d|habituellement expédié sous \d|di solito spedito entro \d|gewoonlijk verzonden binnen \d|通常.{1,12}以内に発送`,
  ].join('|'),
);

/**
 * Lines that speak of something else than whether the item can be bought: a question or a condition ("Is an item out
 * of stock?", "If sold out, …", "notified if it comes back in stock"), a size, colour, image, information, store, pickup,
 * delivery or a service ("This size sold out", "Not available for in-store pickup", "Currently unavailable for Same-Day
 * service", "Information indisponible sur les pièces détachées"), a promise to tell when stock comes back.
 */
const NOT_ABOUT_ITEM = /\?|\b(?:if|when|wenn|falls|sobald|quand|cuando|se)\b|\b(?:size|sizes|colou?rs?|image|photo|immagine|bild|imagen|imagem|afbeelding|foto|information|informations|informazioni|información|informação|informationen|pickup|pick-up|store|stores|delivery|ship to|same[- ]day|service|page|option|variant|waitlist|e-?mail|größe|farbe|filiale|abholung|taille|couleur|talla|taglia|colore|retrait|magasin)\b|back in stock|let you know|notif|\bu (?:prodavnic|poslovnic|trgovin|radnj)/;

/** A stock line's words as a schema.org state: cannot be bought, ordered in, pre-order, in stock, or null when it says none. */
export function stockStateInWords(line: string): StockState | null {
  const t = line.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!t || t.length > STOCK_LINE_MAX || NOT_ABOUT_ITEM.test(t)) return null;
  if (GONE.test(t)) return 'Discontinued';
  if (ORDERED_IN.test(t)) return 'BackOrder';
  if (OUT.test(t)) return 'OutOfStock';
  if (PRE.test(t)) return 'PreOrder';
  return IN.test(t) ? 'InStock' : null;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** A stock line is short: a longer text is a description or terms that may name stock in passing. */
export const STOCK_LINE_MAX = 120;

/** A stock line the walk noted: the element, and how many of the page's h1 headings came before it. */
export interface StockLine {
  el: HtmlElement;
  headingsBefore: number;
}

/**
 * A link to another page: its words name where it leads ("품절도서 단독판매", a menu's sold-out books; "Sold out? Ask
 * us"), not the item's stock. A link to a place on the page or to a script is a control of the page.
 */
const linksAway = (el: HtmlElement) => el.tagName === 'a' && /^(?!#|javascript:)\S/i.test(attr(el, 'href') ?? '');

/** The text an element writes itself (not its children's), when it reads as a stock line. */
export function ownStockWords(el: HtmlElement): string | null {
  if (linksAway(el)) return null;
  let out = '';
  for (const c of el.childNodes) if (c.nodeName === '#text') out += (c as { value: string }).value;
  const t = cleanText(out);
  // Japanese, Chinese and Korean say it in two or three signs ("完売", "欠品中").
  const long = t.length >= 4 || (t.length >= 2 && CJK.test(t));
  return long && t.length <= STOCK_LINE_MAX && stockStateInWords(t) ? t : null;
}

/**
 * Markup naming a way to get the item, a variant, a delivery date, a panel the shopper opens (a drawer of stores' stock)
 * or a hidden message: its stock line is not the item's.
 */
const OTHER_MATTER = /fulfil|pickup|pick-up|store|method|drawer|swatch|variant|option|attribute|displaynone|tooltip|modal|popup|availabledate|nodates/;
/**
 * Markup naming the item's sizes: a stock line there is a size's, unless the same block is the item's price section
 * ("product-price-section product-size-selection", the buy box holding price, sizes and the item's "Udsolgt").
 * A type-size utility class ("is-size-7", "font-size-sm", Amazon's "a-size-medium") names no size of the item.
 */
const SIZES = /(?<!(?:font|text|is|has|a)-)size(?![-_]?\d)/;
/** Ancestors whose markup may say what a stock line is about. */
const MATTER_CLIMB = 5;

/**
 * Attributes that show an element only on a state the shopper sets (a size chosen, a form opened): Vue, Alpine,
 * Angular; and a back-in-stock app's block (`data-back-in-stock`), which a theme shows when the chosen size is sold out.
 */
const SHOWN_ON_STATE = ['v-show', 'v-if', 'x-show', 'x-if', 'ng-show', 'ng-if', 'data-back-in-stock'];
/** A class naming a hidden state by a suffix ("hi-oosn-hide", "notify_hidden"). */
const HIDING_CLASS = /(?:^|\s)[\w-]+[-_](?:hide|hidden)(?:$|\s)/;

/**
 * A block's part named after a stock state ("price__badge--sold-out"). A theme that writes it beside the same part
 * for other states ("price__badge--sale") writes them all on every page and shows each only where the block carries
 * its state too ("price price--sold-out"); a part written alone is written for the state the item is in.
 */
const STATE_PART = /(?:^|\s)(([a-z][\w-]*?)__[\w-]+)--(sold-?out|out-of-stock|unavailable)(?=$|\s)/;
/** Ancestors looked at for the block a state part belongs to. */
const BLOCK_CLIMB = 8;

/** Whether `el` is a block's part for a stock state, written beside the part for other states, in a block not in that state. */
function stateNotCarried(el: HtmlElement, cls: string): boolean {
  const part = STATE_PART.exec(cls);
  const parent = parentOf(el);
  if (!part || !parent) return false;
  const [, name, block, state] = part;
  const others = parent.childNodes.some((sibling) => sibling !== el && isElement(sibling) && (attr(sibling, 'class') ?? '').toLowerCase().split(/\s+/).some((c) => c.startsWith(`${name}--`)));
  if (!others) return false;
  const carried = `${block}--${state}`;
  for (let n: HtmlElement | null = parent, i = 0; n && i < BLOCK_CLIMB; n = parentOf(n), i++) {
    if ((attr(n, 'class') ?? '').toLowerCase().split(/\s+/).includes(carried)) return false;
  }
  return true;
}

/**
 * A stock notice the page keeps hidden until the shopper does something (an out-of-stock size's template, a
 * back-in-stock form) or until the item is in that state (a theme's "Sold out" badge): it says nothing of the item as
 * shown.
 */
export function shownOnlyOnState(el: HtmlElement): boolean {
  for (let n: HtmlElement | null = el, i = 0; n && i < MATTER_CLIMB; n = parentOf(n), i++) {
    if (n.attrs.some((a) => SHOWN_ON_STATE.includes(a.name))) return true;
    const cls = n.attrs.find((a) => a.name === 'class')?.value.toLowerCase();
    if (cls && (HIDING_CLASS.test(cls) || stateNotCarried(n, cls))) return true;
  }
  return false;
}

/** Whether the markup around a stock line says it is about a way of delivery, a store, a variant or a hidden message. */
export function aboutOtherMatter(el: HtmlElement): boolean {
  for (let n: HtmlElement | null = el, i = 0; n && i < MATTER_CLIMB; n = parentOf(n), i++) {
    const said = describedAs(n);
    if (OTHER_MATTER.test(said) || (SIZES.test(said) && !/price/.test(said))) return true;
  }
  return false;
}

/** A stock line's element and words, alike for every card of a grid ("div.card-status: Sold out"). */
const badgeKey = (el: HtmlElement) => `${el.tagName}.${attr(el, 'class') ?? ''}:${ownStockWords(el) ?? ''}`;
/**
 * How many lines alike make a grid's badges: the item's own line is written up to three times (for small screens, for
 * large ones, and in a buy bar that stays in view), a grid's badge once per card.
 */
const GRID_BADGES = 4;

/** The stock lines written alike four times or more on a page, as the cards of a grid of other products repeat their badges. */
function gridBadges(lines: readonly StockLine[]): Set<HtmlElement> {
  const keys = new Map(lines.map(({ el }) => [el, badgeKey(el)] as const));
  const counts = new Map<string, number>();
  for (const key of keys.values()) counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Set([...keys].filter(([, key]) => (counts.get(key) ?? 0) >= GRID_BADGES).map(([el]) => el));
}

/** A link's address that acts on the item (puts it in the cart, asks to be told) rather than opening another page. */
const ACTING_HREF = /^(?:#|javascript:)|cart|basket|checkout|warenkorb|panier|carrito|carrello|notify|alert/i;

/**
 * Whether a stock line is a menu's link to another page: a link in a list item beside other list items that hold links
 * (a shop's "Vorbestellen" category among "Games", "Konsolen", "Anime" in its menu or footer), not the item's state.
 */
export function menuLink(el: HtmlElement): boolean {
  const href = el.tagName === 'a' ? attr(el, 'href') : undefined;
  const item = parentOf(el);
  if (!href || ACTING_HREF.test(href) || item?.tagName !== 'li') return false;
  const siblings = parentOf(item)?.childNodes.filter((c): c is HtmlElement => isElement(c) && c.tagName === 'li' && c !== item) ?? [];
  return siblings.some((li) => li.childNodes.some((c) => isElement(c) && c.tagName === 'a'));
}

/** A link to one variant of the item: the address's query names a variant ("?variant=41620269629503", "&sku=…"). */
const VARIANT_HREF = /[?&](?:variant|variant_id|sku)=/i;
/** Ancestors of a stock line climbed to the link it stands in. */
const LINK_CLIMB = 2;

/**
 * Whether a stock line stands in a link to one variant of the item: a picker's "35 / Black (Sold out)" says that size
 * is gone, not the item, whose other sizes may be bought.
 */
export function variantLink(el: HtmlElement): boolean {
  let n: HtmlElement | null = el;
  for (let i = 0; n && i <= LINK_CLIMB; i++, n = parentOf(n)) {
    if (n.tagName === 'a') return VARIANT_HREF.test(attr(n, 'href') ?? '');
  }
  return false;
}

/** Ancestors of a stock line looked at for the table row it stands in. */
const ROW_CLIMB = 4;
/** The text of a row read for an amount: enough for a seller's name, stock and price. */
const ROW_TEXT = 400;

/** Whether a row shows an amount of money: a number and a currency. */
function showsAmount(row: HtmlElement): boolean {
  const t = textOf(row, undefined, ROW_TEXT);
  return /\d/.test(t) && currencyFromText(t, null) !== null;
}

/**
 * Whether a stock line stands in one of several priced rows of a table: a comparison of sellers' offers ("Amazon ₹2,900
 * Out of Stock", "Flipkart ₹2,749 In Stock"), each row one seller's stock, none the item's. A table of the item's own
 * details writes its stock in a row without a price.
 */
export function amongSellersOffers(el: HtmlElement): boolean {
  for (let n: HtmlElement | null = el, i = 0; n && i < ROW_CLIMB; n = parentOf(n), i++) {
    if (n.tagName !== 'tr') continue;
    const rows = parentOf(n)?.childNodes.filter((c): c is HtmlElement => isElement(c) && c.tagName === 'tr' && c !== n) ?? [];
    return showsAmount(n) && rows.some(showsAmount);
  }
  return false;
}

/**
 * A table column's heading that names stock or delivery ("Availability", "出荷目安", when it ships): its cells' words
 * are the stock of what the row is about.
 */
const STOCK_COLUMN = /availab|stock|verfügbar|lager|disponib|dispon[íi]vel|existencia|beschikbaar|voorraad|наличи|deliver|ship|dispatch|liefer|versand|livraison|expédi|env[íi]o|entrega|consegna|spedi|levering|доставк|在庫|库存|재고|出荷|発送|配送|納期|发货|배송/i;
/** Cells climbed to from a stock line, at most. */
const CELL_CLIMB = 3;

/**
 * Whether a stock line is a cell of a table column headed by something else ("Non disponibile" under "Garanzia cliente
 * eBay" in a table of payment methods): it says what that column says of the row, not the item's stock.
 */
function underOtherColumn(el: HtmlElement): boolean {
  let cell: HtmlElement | null = el;
  for (let i = 0; cell && cell.tagName !== 'td' && i < CELL_CLIMB; i++) cell = parentOf(cell);
  const row = cell?.tagName === 'td' ? parentOf(cell) : null;
  let table = row ? parentOf(row) : null;
  if (table && table.tagName !== 'table') table = parentOf(table);
  if (!cell || !row || !table || table.tagName !== 'table') return false;
  const index = row.childNodes.filter((c) => isElement(c) && (c.tagName === 'td' || c.tagName === 'th')).indexOf(cell);
  const head = table.childNodes.find((c): c is HtmlElement => isElement(c) && c.tagName === 'thead');
  const headRow = head?.childNodes.find((c): c is HtmlElement => isElement(c) && c.tagName === 'tr');
  const header = headRow?.childNodes.filter((c): c is HtmlElement => isElement(c) && c.tagName === 'th')[index];
  const named = header ? textOf(header, undefined, 100).trim() : '';
  return named !== '' && !STOCK_COLUMN.test(named);
}

/**
 * The labels of the line a shop writes the item's stock online under, in a list that goes on with its stores' stock
 * ("Versand: kein Liefertermin", then "Innsbruck: kein Liefertermin", "Klagenfurt: …").
 */
const ONLINE_CHANNEL = /^(?:versand|lieferung|online|online-?shop|webshop|internet|delivery|home delivery|shipping|livraison|envío|spedizione|verzending|levering)$/i;
/** Ancestors climbed from a stock line to the row that holds its label. */
const LABEL_CLIMB = 3;
/** A row's label is a word or two. */
const ROW_LABEL_MAX = 30;

/** Whether a stock line stands in a row labelled as the item's delivery online: the row's words, but the line's, name that channel. */
function labelledOnline(el: HtmlElement): boolean {
  const own = textOf(el, undefined, STOCK_LINE_MAX);
  for (let n = parentOf(el), i = 0; n && i < LABEL_CLIMB; n = parentOf(n), i++) {
    const row = textOf(n, undefined, STOCK_LINE_MAX + ROW_LABEL_MAX + 10);
    if (row.length === own.length) continue;
    const label = row.replace(own, '').replace(/[:：]/g, ' ').trim();
    return label.length <= ROW_LABEL_MAX && ONLINE_CHANNEL.test(label.replace(/\s+/g, ' '));
  }
  return false;
}

/**
 * The state the item's stock line says: the first stock line after the item's heading (the index among the page's h1
 * headings of the one naming the item; on a page without one, the first line at all) that a shopper sees as the
 * item's, not another product's, a variant's, a way of delivery's, a menu's or another table column's; a line written
 * alike four times is a grid's badge but where its row is labelled as the item's delivery online (`labelledOnline`).
 */
export function stockInWords(lines: readonly StockLine[], heading: number | null): StockState | null {
  const badges = gridBadges(lines);
  for (const { el } of heading === null ? lines : lines.filter((l) => l.headingsBefore > heading)) {
    if ((badges.has(el) && !labelledOnline(el)) || menuLink(el) || variantLink(el) || !shownForItem(el) || amongOtherProducts(el) || aboutOtherMatter(el) || shownOnlyOnState(el) || amongSellersOffers(el) || underOtherColumn(el)) continue;
    const words = ownStockWords(el);
    if (words) return stockStateInWords(words);
  }
  return null;
}
