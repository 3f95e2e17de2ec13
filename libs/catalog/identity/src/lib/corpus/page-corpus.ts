/**
 * The corpus of real saved product pages (src/fixtures/pages/corpus.json) and how a reader's answers are scored
 * against what each page shows. Test and evaluation code only: exported from the `testing` entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { normaliseGtin } from '@pricehunt/catalog-matching';
import { decodePage } from '../charset';
import { type MetricField, type MetricScore, type MetricValues, tallyMetric } from './metric';

export const PAGE_CORPUS_DIR = path.join(__dirname, '..', '..', 'fixtures', 'pages');

export interface CorpusPage {
  file: string;
  shop: string;
  url: string | null;
  source: { repository: string; path: string; commit: string; licence?: string };
  expected: {
    title: string;
    titleAlternatives: string[];
    brand: string | null;
    price: number | null;
    currency: string | null;
    gtin: string | null;
    mpn: string | null;
    /** The shop's own identifier of the item (SKU, item number, ASIN, listing id), as the page gives it. */
    sku: string | null;
    /** Other identifiers the page gives the same item, equally right. */
    skuAlternatives: string[];
    /** schema.org ItemAvailability name: InStock, OutOfStock, PreOrder, BackOrder, Discontinued, LimitedAvailability. */
    availability: string;
    /**
     * Fields labelled where the page states them; a field left out is not labelled on that page. `condition`:
     * schema.org's name (NewCondition, UsedCondition, RefurbishedCondition, DamagedCondition); `shipping`: the
     * delivery cost in major units (0: free); `image`: the item's main image, absolute; `attributes`: the variant's
     * colour, size and the like, names lower-cased.
     */
    condition?: string | null;
    shipping?: { amount: number; currency: string | null } | null;
    image?: string | null;
    attributes?: Record<string, string>;
  };
  markupStates: { gtin: boolean; mpn: boolean; brand: boolean; price: boolean };
  /**
   * The values the source's own annotators published for the page, each field a list of right answers as they wrote
   * them (Zyte's product-extraction benchmark: its `dataset/ground-truth.json`); scored by `annotatedValues`.
   */
  annotations?: Partial<Record<'price' | 'sku' | 'availability' | 'brand' | 'gtin' | 'mpn', string[]>>;
  /**
   * Pages added after the reader's targets were set (2: public shop fixtures, computer-screen offers; 3: the remaining
   * computer-screen offers and the parser fixtures of mathagmann/computerscreen-spec-extraction, four more shops' pages;
   * 4: scrapely's test samples and AmazonParser's archived amazon.ae pages; 5: Portia's Egyptian and Gulf shop samples,
   * shop pages of trafilatura's and a 2026 content-extraction benchmark's test sets; 6: more of that benchmark's shop
   * pages, its successor's (WCXB) shop pages stored without their scripts, Zalando and H&M pages of green-db's tests and
   * a publisher's book page from htmldate's tests; 7: more of WCXB's shop pages, makers' own shops and pages out of
   * stock among them; 8: otto.de and amazon.de pages of green-db's tests, the 2026 benchmark's and WCXB's last usable
   * shop pages and a maker's page from go-trafilatura's tests; 9: shop pages saved as test fixtures by price trackers
   * and scrapers (Amazon in 2020, 2022 and 2026, amazon.in, Best Buy, Micro Center, eMAG, a Paris bookshop), a few
   * more of WCXB's and the 2026 benchmark's pages and a Jumia page of Portia's; 10: pages that stock checkers, price
   * trackers and shop scrapers keep (Adorama, PlayStation Direct, DigiKey, LEGO, Flipkart, Ajio, Amul, Gold Apple, Sendo,
   * Flanco, two Tunisian shops, a Swedish book marketplace, a parts shop) and two shops' pages of the SWDE crawl; 11:
   * one scraper's saved pages of shops in Japan, Australia, Turkey and Germany (MonotaRO, MUJI, Trendyol, pharmacies),
   * Sainsbury's, MediaMarkt Spain, Jumia Kenya, a Brazilian perfumery and a Japanese music shop; 12: test fixtures of
   * price trackers, stock checkers and parsers from shops in the USA, Britain, Germany, Brazil, Ukraine, Taiwan,
   * Singapore, India, Australia and Tunisia (Mouser, JLCPCB, Macy's, Toys"R"Us, MediaMarkt, Saturn, GameStop, buecher.de,
   * Americanas, Submarino, Shopee, book shops); 13: a price parser's saved pages of European and Australian shops of
   * 2019–2020 (bol.com, Coolblue, Cdiscount, Fnac, La Redoute, Euronics, MediaWorld, ePRICE, vidaXL, notebooksbilliger,
   * wehkamp, Zavvi, Debenhams, New Look, Harvey Norman, Kogan, Big W, Auchan, de Bijenkorf, bonprix) and stock bots'
   * Nordic baby shops; 14: scrapers' saved pages of a Canadian liquor board, three Brazilian department stores, World of
   * Books, Sony's Thai store, GE Appliances' own store and a print-on-demand shop; 15: two Russian shops' pages that
   * scrapers saved while debugging; 16: scrapers' saved pages of a Ukrainian electronics shop, an Israeli hardware shop,
   * a trading-card marketplace, a Spanish furniture maker and an Indian children's clothing maker; 17: a German grocer's
   * page from a shopping client's fixtures; 18: price trackers', stock monitors' and link-preview tests' saved pages of
   * frisco.pl, Michael Kors, ThinkGeek, Lowe's, Konsum Leipzig, Doctor Holland, Chef'Store, Myntra, Casemod, Neobyte,
   * LDLC (pre-order), Pokémon Center and Titolo (out of stock), Farmatodo, AliExpress in Hebrew and a football-kit shop;
   * 19: a release monitor's saved pages of solebox and Supreme's Japanese shop; 20: price trackers' and scrapers' saved
   * pages of Polish, Brazilian, Portuguese and Swedish shops (x-kom, morele, Komputronik, Botland, Magalu, Mercado Livre,
   * Amazon Brazil, Casas Bahia, KaBuM, Worten, Fnac Portugal, Cash Converters, Elgiganten, NetOnNet, Komplett,
   * Webhallen); 21: a price tracker's test pages of shops in Portugal, Spain, the Netherlands, Britain, Germany, Turkey,
   * Australia and the USA (HSN, Ulabox, 101gigas, MediaMarkt, Currys, Teknosa, Hepsiburada, n11, Lidl, Rakuten,
   * Bonanza, GittiGidiyor, bonprix, Zalando, Amazon and eBay Australia) and scrapers' saved pages of Indian shops (Tata
   * 1mg, bigbasket, Zebronics), a Swedish book shop and a Naver smart store; 22: the same tracker's Lidl, Zalando, Amazon
   * Turkey, eBay Spain and bonprix France pages, a crawler's browser-saved pages of Vietnamese shops and fashion houses
   * (Mr Porter, Shopbop, Mytheresa, Hermès, Zara Home, Farfetch, Sézane, COS, Quince), Finnish children's shops, and
   * scrapers' pages of Brazilian, Greek, Indian, Bangladeshi and Russian shops (Extra, Saraiva, Girafa, Carrefour,
   * Nagem, Kokotas, Decathlon India, Bewakoof, Pickaboo, Ozon); 23: more of that crawler's browser-saved pages of
   * fashion and design shops (SSENSE, 1stdibs, Moda Operandi, Revolve, ferm LIVING, Visual Comfort, Diptyque, J.Crew,
   * Madewell and makers' own Shopify stores); 24: price trackers' and sneaker bots' saved pages of Japanese and Korean
   * shops (Suruga-ya, NetOff, Musinsa), Slam Jam, Naked Copenhagen, Pro:Direct Basketball, and the price tracker's
   * Zalando Spain, Lidl Spain, Rakuten France, bonprix Italy and Amazon Netherlands pages; 25: the rest of the crawler's
   * browser-saved pages of makers' own fashion, beauty and design stores (House of Leon, Khaite, Rhode, Dôen, The Frankie
   * Shop, Staud, & Other Stories, Aligne, Bode and others); 26: scrapers' pages of Stadium Finland, MediaMarkt Sweden and
   * a Ukrainian décor maker's dealer; 27: a parser library's and price trackers' pages of Alternate, Conrad, Cyberport,
   * Lidl France and Netherlands, eBay Canada and Netherlands, Amazon Canada, The Good Guys, The Outnet and Frédéric
   * Malle; 28: scrapers' pages of British hardware, pet and grocery shops (Screwfix, Toolstation, Wickes, B&Q, Homebase,
   * Robert Dyas, The Range, Euro Car Parts, zooplus, Pets at Home, Lily's Kitchen, Ocado), Coles, Woolworths, a dumbbell
   * maker's store and a Chilean game shop; 29: a 2015–2016 crawl's pages of American and British department stores,
   * fashion sites and beauty shops (Saks, Bloomingdale's, Belk, Dillard's, Selfridges, Harrods, Net-a-Porter, YOOX, Ulta,
   * Rite Aid and others); 30: restock bots' and wish-list tools' pages of independent shops (a camera dealer, a tea
   * shop, a cigar shop, a card shop, a furniture maker's dealer, a maker's Shopify store) and a Tokopedia listing; 31:
   * more of the 2015–2016 crawl, fashion and beauty makers' own stores and sellers (Kate Spade, Tory Burch, Chanel, NARS,
   * Shiseido, The RealReal, Matches, LN-CC, Beautylish and others); 32: a bike price model's saved pages of bicycle
   * shops and makers (Backcountry, Competitive Cyclist, Wiggle, Canyon, Giant, Specialized and small shops); 33: stock
   * trackers', scrapers' and a wrapper library's pages of Media Expert, Allegro, a Greek air-conditioning shop, Reima,
   * ASOS, bonprix UK, GO Outdoors, Vet Shop, GSF Car Parts, a German whisky shop and Icône; 34: price models' and an
   * image extractor's pages of Trek, a Giant dealer, Jumia Nigeria and a Russian yarn shop; 35: price trackers' test
   * pages and recorded responses of Moldovan and Serbian shops (Darwin, Sony Center, Elefant, Makeup, rcshop and
   * others), Cult Beauty, Back Market Spain, GAME, Alza and Primark; 37 (36 was withdrawn: pages a parser had
   * re-serialised, and pages without one price or a way to buy online): price trackers' and shop drivers' test pages
   * (Book Depository, bike-components, PriceSmart, Tesco, Waitrose, Target Australia, Wildberries, fonQ, a
   * Russian plumbing shop) and a beer tracker's cached pages of ten breweries' own shops; 38: scrapers' saved pages of
   * METRO Cash and Carry Moscow, 1688.com, e2e4 Novosibirsk, DollarDays and Backpacks USA; 39: pages kept in price
   * trackers' and parsers' histories, archives and tests (G마켓, Stuart Weitzman, Express, HSN, a dance-wear shop, a
   * Russian door shop, a refurbished-computer shop); 40: a price tracker's and a reseller tool's fixtures of two
   * Moldovan shops, a Finnish auction site and two Australian computer shops (Scorptec, Umart); 41: a crawler's saved
   * pages of seven Brazilian shops on Magento, Shopify, Nuvemshop, Tray, Loja Integrada and Next.js, Carrefour UAE and
   * Lamoda; 42: a price parser's 2019 test pages of big shops (Walmart, Best Buy and Best Buy Canada, Rakuten Germany and
   * France, Zalando UK) and a price tracker's Wayfair page; 43: scrapers', stock bots' and metadata tests' saved pages of
   * Swatch, Massimo Dutti, Bose, Holland & Barrett, GameStop (out of stock), Coolmod, OLX Brazil, YES24, Aladin and
   * Amazon Japan; 44: stock checkers', monitors' and parsers' saved pages of Target, Home Depot, John Lewis, Zara,
   * H&M (US and Vietnam), Amazon (US and Germany) and eBay (US and UK); 45: a price bot's, a price API's and
   * crawlers' saved pages of origin.md (Moldova), Primor (Portugal), Fast Shop (Brazil) and GSA Advantage; 46: a price
   * parser's 2019-2020 test pages of Argos, Currys, Cdiscount, Fnac, bol.com, Trendyol, MediaMarkt Germany and Zalando
   * Germany, and a Korean Cafe24 shop; 47: the same parser's pages of eighteen more shops (Big W, Harvey Norman,
   * Kogan, notebooksbilliger, Coolblue, de Bijenkorf, Wehkamp, Auchan, ePrice, Euronics Italy, MediaWorld, vidaXL,
   * Ulabox, Electroking, 101gigas, Teknosa, n11 and Zavvi, a pre-order); 48: the same parser's Amazon (US, UK,
   * Germany, France, Italy, Spain: a pre-order, refurbished items, a CD) and eBay pages (US, UK, Germany, France, Italy,
   * Spain: an auction); 49: the same parser's pages of Etsy, Bonanza (a used item), ASOS, Debenhams, New Look,
   * bonprix Italy, Zalando France, Zavvi and Apple's UK store; 50: a crawler's saved pages of used and refurbished
   * computers at German, Polish and Ukrainian shops (JTL-Shop, WooCommerce, OpenCart and their own), Unieuro (out of
   * stock) and Galaxus, a price parser's second pages of Amazon and eBay Australia and The Good Guys, B&Q, a 2016
   * crawl's Dermstore, NARS and Kate Spade pages, two bookshops of the SWDE crawl, Brazilian shops' phone pages
   * (Americanas, Colombo, Magalu, Submarino, Amazon Brazil, Ricardo Eletro, Shoptime) and Mytek; 51: a stock
   * checker's saved pages of sold-out and back-ordered graphics cards and consoles at Best Buy, B&H, Micro Center and
   * Newegg (2020) and a price parser's MediaMarkt Spain pages not sold online; 52: a crawler's saved pages of eight
   * Ukrainian shops (Comtrade, AS-IT, Lapstore, Allo, MOYO, MTA, KTC, Telemart; three out of stock), a publisher's
   * pre-order page, Taobao and Tmall pages (a GBK page whose charset is named after its scripts), Tiki, Saraiva and a
   * Norwegian toy shop; 53: a product-summary tool's saved pages of fashion and drugstore shops (Revolve, Nordstrom,
   * out of stock, Harrods, JCPenney, Moda Operandi, SSENSE, THE OUTNET, Neiman Marcus, CVS, Zappos); 54: the same
   * crawler's pages of six more Ukrainian shops (one to order) and a stock checker's Micro Center page sold only in a
   * store; 55: extraction libraries' test pages of O'Reilly (US and Japan), HP's store (one out of stock), Vann's (a
   * discontinued camera) and an OLX Portugal ad; each scored before any rule was written for them),
   * scored by `eval:extraction`, not yet by the spec's targets.
   */
  batch?: number;
}

/** What a reader said about a page (the shape extractProductIdentity answers). */
export interface ReadItem {
  title: string;
  brand?: string | null;
  gtin?: string | null;
  model?: string | null;
  priceCents?: number | null;
  currency?: string | null;
  sku?: string | null;
  /** The catalog's availability value (in_stock, out_of_stock, preorder, backorder, unknown). */
  availability?: string | null;
  /** schema.org's availability and condition names, the delivery cost (cents, 0 free), the main image, the variant. */
  stockState?: string | null;
  condition?: string | null;
  shipping?: { priceCents: number; currency: string | null } | null;
  imageUrl?: string | null;
  attributes?: Record<string, string>;
}

export function loadPageCorpus(): CorpusPage[] {
  const doc = JSON.parse(fs.readFileSync(path.join(PAGE_CORPUS_DIR, 'corpus.json'), 'utf8')) as { pages: CorpusPage[] };
  return doc.pages;
}

/** A corpus page's HTML (stored gzip-compressed), decoded as a fetched page is (`decodePage`: the charset its <meta> names). */
export function readCorpusPage(page: Pick<CorpusPage, 'file'>): string {
  const raw = fs.readFileSync(path.join(PAGE_CORPUS_DIR, page.file));
  return decodePage(page.file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw, null);
}

/** Case, accents kept; punctuation, symbols (™ ®) and spacing ignored. */
export function normaliseForCompare(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const normaliseMpn = (text: string) => text.toUpperCase().replace(/[\s\u00a0]+/g, '');

export type Field = 'title' | 'brand' | 'price' | 'currency' | 'gtin' | 'mpn';
export const FIELDS: readonly Field[] = ['title', 'brand', 'price', 'currency', 'gtin', 'mpn'];

export interface FieldVerdict {
  /** Whether the page counts for this field (price, GTIN and MPN count where the page shows one). */
  counted: boolean;
  correct: boolean;
  expected: string;
  got: string;
}

const show = (v: unknown) => (v == null ? '∅' : typeof v === 'string' ? v : JSON.stringify(v));

/** Scores one page. A title is right when it names the item as the page does (its brand before it allowed), nothing more. */
export function scorePage(page: CorpusPage, item: ReadItem | null): Record<Field, FieldVerdict> {
  const e = page.expected;
  // The brand may lead the name or stand apart from it (a shop shows "Sony" above "WH-1000XM5"): both are the item's name.
  const brand = e.brand ? normaliseForCompare(e.brand) : null;
  const titles = [e.title, ...e.titleAlternatives]
    .map(normaliseForCompare)
    .flatMap((t) => (brand ? [t, `${brand} ${t}`, ...(t.startsWith(`${brand} `) ? [t.slice(brand.length + 1)] : [])] : [t]));
  const gotTitle = item ? normaliseForCompare(item.title) : '';
  void brand;
  const gotPrice = item?.priceCents != null ? item.priceCents / 100 : null;
  const gotGtin = item?.gtin ?? null;
  const wantGtin = e.gtin ? normaliseGtin(e.gtin) ?? normaliseGtin(e.gtin.padStart(12, '0')) : null;
  return {
    title: { counted: true, correct: gotTitle !== '' && titles.includes(gotTitle), expected: e.title, got: show(item?.title) },
    brand: {
      counted: true,
      correct: (e.brand == null && item?.brand == null) || (e.brand != null && item?.brand != null && normaliseForCompare(e.brand) === normaliseForCompare(item.brand)),
      expected: show(e.brand),
      got: show(item?.brand),
    },
    price: {
      counted: e.price != null,
      correct: e.price != null && gotPrice != null && Math.abs(gotPrice - e.price) < 0.005 && item?.currency === e.currency,
      expected: `${show(e.price)} ${show(e.currency)}`,
      got: `${show(gotPrice)} ${show(item?.currency)}`,
    },
    currency: { counted: e.currency != null, correct: e.currency != null && item?.currency === e.currency, expected: show(e.currency), got: show(item?.currency) },
    gtin: { counted: e.gtin != null, correct: wantGtin != null && gotGtin === wantGtin, expected: show(e.gtin), got: show(gotGtin) },
    mpn: {
      counted: e.mpn != null,
      correct: e.mpn != null && item?.model != null && normaliseMpn(item.model) === normaliseMpn(e.mpn),
      expected: show(e.mpn),
      got: show(item?.model),
    },
  };
}

export interface FieldScore {
  n: number;
  correct: number;
  /** Pages whose markup states the value (brand, price, GTIN, MPN). */
  markupN?: number;
  markupCorrect?: number;
}

export interface CorpusScore {
  pages: number;
  fields: Record<Field, FieldScore>;
  failures: { page: CorpusPage; field: Field; verdict: FieldVerdict }[];
}

const MARKUP_FIELD: Partial<Record<Field, keyof CorpusPage['markupStates']>> = { brand: 'brand', price: 'price', gtin: 'gtin', mpn: 'mpn' };

/** Runs `read` over every page and scores the answers. */
export function scoreCorpus(pages: readonly CorpusPage[], read: (html: string, page: CorpusPage) => ReadItem | null): CorpusScore {
  const fields = Object.fromEntries(FIELDS.map((f) => [f, MARKUP_FIELD[f] ? { n: 0, correct: 0, markupN: 0, markupCorrect: 0 } : { n: 0, correct: 0 }])) as Record<Field, FieldScore>;
  const failures: CorpusScore['failures'] = [];
  for (const page of pages) {
    const verdicts = scorePage(page, read(readCorpusPage(page), page));
    for (const field of FIELDS) {
      const v = verdicts[field];
      if (!v.counted) continue;
      const score = fields[field];
      score.n++;
      if (v.correct) score.correct++;
      else failures.push({ page, field, verdict: v });
      const markupKey = MARKUP_FIELD[field];
      if (markupKey && page.markupStates[markupKey]) {
        score.markupN = (score.markupN ?? 0) + 1;
        if (v.correct) score.markupCorrect = (score.markupCorrect ?? 0) + 1;
      }
    }
  }
  return { pages: pages.length, fields, failures };
}

// ---------- the public product-extraction benchmark's metric (./metric) ----------

export interface MetricReport {
  pages: number;
  fields: Record<MetricField, MetricScore>;
  /** Pages where a field was not a true positive alone: expected values, prediction. */
  errors: { page: CorpusPage; field: MetricField; expected: string[]; got: string | null }[];
}

/** Case and every kind of space folded away ("mmef2am/a" is "MMEF2AM/A", "002 937 72" is "00293772"). */
export const foldIdentifier = (text: string) => text.normalize('NFKC').toUpperCase().replace(/[\s\u00a0\u200b-\u200f]+/g, '');

const OUT_OF_STOCK = new Set(['OutOfStock', 'SoldOut', 'Discontinued']);

/** A schema.org availability name as the benchmark's two values. */
export function binaryAvailability(schemaName: string | null | undefined): 'InStock' | 'OutOfStock' {
  return schemaName && OUT_OF_STOCK.has(schemaName) ? 'OutOfStock' : 'InStock';
}

/** The catalog's availability value as the benchmark's two values; no answer stays none. */
export function binaryOfItem(value: string | null | undefined): 'InStock' | 'OutOfStock' | null {
  if (value == null) return null;
  return value === 'out_of_stock' ? 'OutOfStock' : 'InStock';
}



/** An image link without its scheme and with its character references read ("&amp;" is "&"). */
const imageKey = (url: string) => url.replace(/^https?:/i, '').replace(/&amp;/g, '&');
const shippingKey = (amount: number, currency: string | null) => `${(Math.round(amount * 100) / 100).toFixed(2)}${amount === 0 ? '' : ` ${currency ?? ''}`}`;
const attributesKey = (a: Record<string, string>) => Object.entries(a).map(([k, v]) => `${k.toLowerCase()}=${normaliseForCompare(v)}`).sort().join('; ');

/** The fields read by hand on some pages only: a page without the label is not counted (undefined). */
function handReadValues(page: CorpusPage, item: ReadItem | null): MetricValues {
  const e = page.expected;
  const out: MetricValues = {};
  if (e.condition !== undefined) out.condition = { expected: e.condition ? [e.condition] : [], got: item?.condition ?? null };
  if (e.shipping !== undefined) out.shipping = { expected: e.shipping ? [shippingKey(e.shipping.amount, e.shipping.currency)] : [], got: item?.shipping ? shippingKey(item.shipping.priceCents / 100, item.shipping.currency) : null };
  if (e.image !== undefined) out.image = { expected: e.image ? [imageKey(e.image)] : [], got: item?.imageUrl ? imageKey(item.imageUrl) : null };
  if (e.attributes !== undefined) {
    // The labelled attributes, compared with the reader's of the same names.
    const got = item?.attributes ? Object.fromEntries(Object.keys(e.attributes).filter((k) => item.attributes?.[k]).map((k) => [k, item.attributes?.[k] as string])) : {};
    out.attributes = { expected: [attributesKey(e.attributes)], got: Object.keys(got).length > 0 ? attributesKey(got) : null };
  }
  return out;
}

/** What one page expects and what the reader said, per metric field, as the metric compares them (hand-read fields only where labelled). */
export function metricValues(page: CorpusPage, item: ReadItem | null): MetricValues {
  const e = page.expected;
  const decimal = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
  const ids = (values: (string | null | undefined)[]) => values.filter((v): v is string => !!v).map(foldIdentifier);
  const gtin = (v: string | null | undefined) => (v ? normaliseGtin(v) ?? normaliseGtin(v.padStart(12, '0')) ?? foldIdentifier(v) : null);
  const wantAvailability = binaryAvailability(e.availability);
  const gotAvailability = binaryOfItem(item?.availability);
  return {
    price: { expected: e.price != null ? [decimal(e.price)] : [], got: item?.priceCents != null ? decimal(item.priceCents / 100) : null },
    sku: { expected: ids([e.sku, ...(e.skuAlternatives ?? [])]), got: item?.sku ? foldIdentifier(item.sku) : null },
    availability: { expected: [wantAvailability], got: gotAvailability },
    InStock: { expected: wantAvailability === 'InStock' ? ['InStock'] : [], got: gotAvailability === 'InStock' ? 'InStock' : null },
    OutOfStock: { expected: wantAvailability === 'OutOfStock' ? ['OutOfStock'] : [], got: gotAvailability === 'OutOfStock' ? 'OutOfStock' : null },
    brand: { expected: e.brand ? [normaliseForCompare(e.brand)] : [], got: item?.brand ? normaliseForCompare(item.brand) : null },
    gtin: { expected: e.gtin ? [gtin(e.gtin) as string] : [], got: gtin(item?.gtin) },
    mpn: { expected: ids([e.mpn]), got: item?.model ? foldIdentifier(item.model) : null },
    stockState: { expected: [e.availability], got: item?.stockState ?? null },
    ...handReadValues(page, item),
  };
}


/** Runs `read` over every page and scores it with the benchmark's metric, against the corpus's labels or those `valuesOf` gives (none: the page is not scored). */
export function metricCorpus(pages: readonly CorpusPage[], read: (html: string, page: CorpusPage) => ReadItem | null, valuesOf: (page: CorpusPage, item: ReadItem | null) => MetricValues | null = metricValues): MetricReport {
  const { fields, errors } = tallyMetric(pages.map((page) => [page, valuesOf(page, read(readCorpusPage(page), page))] as const));
  return { pages: pages.length, fields, errors };
}
