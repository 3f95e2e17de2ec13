/**
 * A page's item from its readers' evidence: each field judged among the candidates (./judge), prices settled between
 * sale and regular prices and between offers, links made absolute; the shape the catalog and the API use.
 */
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import type { Evidence, ReaderName } from './evidence';
import { candidatesOf, judge, type Candidate } from './judge';
import type { Page } from './page';
import { shownCartControls } from './markup';
import { brandAsTitled, brandCandidates } from './brand';
import type { IdentitySource } from './titles';
import { showsZeroPrice } from './visible-price';
import { absoluteUrl, availabilityOf, cleanSku, gtinOf, idKey, restrictedCirculation, type ItemCondition, type StockState } from './values';

/** A delivery cost the page states for its item, in cents: 0 when delivery is free. */
export interface PageShipping {
  priceCents: number;
  currency: string | null;
}

/**
 * What a page says of its item. `shopName`: the shop's own name as the page states it (`og:site_name`), if it does;
 * `stockState`: the schema.org availability the page states (InStock, OutOfStock, PreOrder, BackOrder, Discontinued,
 * LimitedAvailability), InStock too where the page sells the item and states no stock (`offeredForSale`), of which
 * `availability` is the catalog's value; `condition`: schema.org's item condition;
 * `images`: every image of the item, absolute, the main one (`imageUrl`) first; `attributes`: the variant's colour,
 * size and the like.
 */
export type PageItem = ItemIdentity & {
  title: string;
  source: IdentitySource;
  shopName?: string | null;
  stockState?: StockState | null;
  condition?: ItemCondition | null;
  shipping?: PageShipping | null;
  images?: string[];
  attributes?: Record<string, string>;
};

type Judged = Omit<PageItem, 'title' | 'source' | 'shopName'>;

const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;
const evidenceOf = (evidence: [ReaderName, Evidence][], reader: ReaderName) => evidence.find(([r]) => r === reader)?.[1] ?? null;

/**
 * The price of the judged candidates, settled where the best reader cannot settle it alone: a sale price (in meta
 * tags, or shown beside a struck or old one) beats a structured price equal to the regular price beside it; of several
 * offers at different prices (sizes, colours: JSON-LD's offers, or a meta tag's price per variant), the one the page
 * shows is its item's; a price to fractions of a cent is paid as the page shows it rounded.
 */
function settlePrice(price: number, currency: string | null, evidence: [ReaderName, Evidence][]): number {
  const agrees = (found: Evidence) => found.currency == null || currency == null || found.currency === currency;
  const shown = evidenceOf(evidence, 'visible-price');
  // A sale price shown (or stated in meta tags) beside a regular price equal to the judged one.
  for (const sale of [evidenceOf(evidence, 'meta-tags'), shown]) {
    if (sale?.price != null && sale.regularPrice != null && agrees(sale) && samePrice(price, sale.regularPrice)) return sale.price;
  }
  const offers = [...(evidenceOf(evidence, 'json-ld')?.offerPrices ?? []), ...(evidenceOf(evidence, 'meta-tags')?.offerPrices ?? [])];
  if (shown?.price != null && agrees(shown) && new Set(offers).size > 1 && offers.some((p) => samePrice(p, shown.price as number))) return shown.price;
  // A structured price to fractions of a cent ("3200.065") that the page shows rounded ("3 200 грн"): the shown one is paid.
  if (shown?.price != null && agrees(shown) && finerThanCents(price) && Math.abs(price - shown.price) < 1) return shown.price;
  return price;
}

const finerThanCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) > 1e-6;

/**
 * The candidates without a price a thousand times another's: "188.904" (a price with three decimals) read with its
 * point as a thousands separator, where another source shows 188,90.
 */
function withoutMisreadThousands<T extends { amount: number }>(prices: Candidate<T>[]): Candidate<T>[] {
  return prices.filter((c) => !prices.some((o) => o !== c && o.value.amount > 0 && Math.abs(c.value.amount / 1000 - o.value.amount) < 0.01));
}

/** The price and its currency: the currency judged first, then the price among the candidates in that currency. */
function judgePrice(page: Page, evidence: [ReaderName, Evidence][]): { price: number | null; currency: string | null } {
  const currency = judge('currency', candidatesOf(evidence, 'currency'))?.value ?? null;
  const prices: Candidate<{ amount: number; currency: string | null }>[] = [];
  for (const [reader, found] of evidence) {
    if (found.price == null || (found.price === 0 && !showsZeroPrice(page))) continue;
    if (currency != null && found.currency != null && found.currency !== currency) continue;
    prices.push({ reader, value: { amount: found.price, currency: found.currency ?? null } });
  }
  const judged = judge('price', withoutMisreadThousands(prices), (p) => p.amount.toFixed(2));
  if (!judged) return { price: null, currency: currency ?? page.localeCurrency };
  // A price whose source named no currency takes the page's.
  const settled = settlePrice(judged.value.amount, currency, evidence);
  return { price: settled, currency: currency ?? judged.value.currency ?? page.localeCurrency };
}

/** Every image any reader names, absolute, in the readers' order, without repeats. */
function imagesOf(page: Page, evidence: [ReaderName, Evidence][]): string[] {
  const out: string[] = [];
  for (const [, found] of evidence) {
    for (const raw of found.images ?? []) {
      const url = absoluteUrl(raw, page.url);
      if (url && !out.includes(url) && out.length < 30) out.push(url);
    }
  }
  return out;
}

/** The variant's attributes: each reader's, the first to name one winning. */
function attributesOf(evidence: [ReaderName, Evidence][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, found] of evidence) for (const [k, v] of Object.entries(found.attributes ?? {})) out[k] ??= v;
  return out;
}

/**
 * A part number that is all a barcode's digits with its check digit: a page labelling its EAN as the maker's number.
 * A number of GS1's restricted ranges is a maker's reference, as the page says.
 */
const isBarcode = (v: string) => /^\d{12,14}$/.test(v.trim()) && !restrictedCirculation(v.trim()) && gtinOf(v) != null;

/**
 * A maker's code in parts: letters and digits joined by dashes, slashes or points ("GV-N5050WF2OC-8GD", "ALD-00601",
 * "SM-A035M/DS"). Stated as both the sku and the mpn, it is the maker's part number the shop sells the item under; a
 * shop's own number written twice is digits or one run of characters ("4711023", "LK7200"). On the corpus's pages
 * whose markup states such a code as both, it is the labelled part number (four pages of three shops, none otherwise).
 */
const makersCodeInParts = (v: string) => v.trim().length >= 6 && /^(?=.*\p{L})(?=.*\d)[\p{L}\d]+(?:[-/.][\p{L}\d]+)+$/u.test(v.trim());

/**
 * Part numbers that are not the shop's own item id: a "model" or "mpn" equal to the sku or productID the page's markup
 * states, or to it with a variant's suffix, is that id written twice by a template, not the maker's part number,
 * unless several sources state it as the part number or it is a maker's code in parts. (An id only the address carries
 * may be the maker's number too.) A specification row labelled as the model names one, whatever else the number is
 * ("Model # PSE25KYHFS" on a maker's own shop, whose sku it also is).
 */
function partNumbers(evidence: [ReaderName, Evidence][]): Candidate<string>[] {
  const shopIds = new Set(candidatesOf(evidence, 'sku', cleanSku).filter((c) => c.reader !== 'address' && c.reader !== 'url').map((c) => idKey(c.value)));
  const all = candidatesOf(evidence, 'mpn').filter((c) => !isBarcode(c.value));
  // Sources agreeing on it as the part number: a maker's code the shop also uses as its item number ("SM7dB" stated
  // as the mpn by the JSON-LD, the product:mfr_part_no tag and a spec row).
  const saidBy = (v: string) => new Set(all.filter((c) => idKey(c.value) === idKey(v)).map((c) => c.reader)).size;
  // The shop's id with a variant's suffix ("62320522213-00") is the shop's id too.
  const shopId = (v: string) => shopIds.has(idKey(v)) || shopIds.has(idKey(v.replace(/[-_./]\w{1,3}$/, '')));
  return all.filter((c) => c.reader === 'spec-table' || !shopId(c.value) || saidBy(c.value) >= 2 || makersCodeInParts(c.value));
}

/**
 * The item number the page shows under its label ("Product code 83810610", "Item # 1124604") is the one a shopper
 * reads and quotes; where the markup or the address names another id (a catalogue entry's, a style's), the shown one
 * is the item's. On the corpus's pages where the two differ, the shown one is the labelled item number but on Amazon,
 * whose detail rows show the maker's numbers beside the ASIN its reader states.
 */
function shownItemNumber(candidates: Candidate<string>[]): Candidate<string>[] {
  if (candidates.some((c) => c.reader === 'amazon')) return candidates;
  const shown = candidates.filter((c) => c.reader === 'spec-table');
  return shown.length > 0 ? shown : candidates;
}

const cannotBuy = (s: StockState) => s === 'OutOfStock' || s === 'Discontinued';

/**
 * The stock state: the readers' judged, unless the item's stock line says otherwise in words: whether it can be
 * bought at all, or that it is ordered in or pre-ordered where the markup says only in or out of stock.
 */
function stockOf(evidence: [ReaderName, Evidence][]): StockState | null {
  const judged = judge('availability', candidatesOf(evidence, 'availability'))?.value ?? null;
  const worded = evidenceOf(evidence, 'visible-page')?.wordedStock ?? null;
  if (!worded || !judged) return judged ?? worded;
  const finer = (worded === 'BackOrder' || worded === 'PreOrder') && (judged === 'InStock' || judged === 'OutOfStock');
  return cannotBuy(worded) !== cannotBuy(judged) || finer ? worded : judged;
}

/**
 * A page that sells its item, showing its price or an add-to-cart control for it, and says nothing of its stock
 * offers it now: in stock, as a shopper reads it. (A disabled control says nothing by itself: fashion shops disable
 * "Add to bag" until a size is picked.)
 */
function offeredForSale(page: Page, price: number | null): boolean {
  return price != null || shownCartControls(page.cartEls).length > 0;
}

function brandOf(page: Page, evidence: [ReaderName, Evidence][]): string | null {
  const brand = judge('brand', brandCandidates(page, evidence), (b) => b.toLowerCase())?.value ?? null;
  return brand && brandAsTitled(brand, page, evidence);
}

/** Each field of the page's item, judged among what the readers say. */
export function judgeItem(page: Page, evidence: [ReaderName, Evidence][]): Judged {
  const { price, currency } = judgePrice(page, evidence);
  const stockState = stockOf(evidence) ?? (offeredForSale(page, price) ? 'InStock' : null);
  const shipping = evidence.map(([, f]) => f.shipping).find((s) => s != null) ?? null;
  const images = imagesOf(page, evidence);
  return {
    brand: brandOf(page, evidence),
    gtin: judge('gtin', candidatesOf(evidence, 'gtin'))?.value ?? null,
    model: judge('mpn', partNumbers(evidence), (m) => m.toUpperCase().replace(/\s+/g, ''))?.value ?? null,
    sku: judge('sku', shownItemNumber(candidatesOf(evidence, 'sku', cleanSku)), (s) => s.toUpperCase().replace(/\s+/g, ''))?.value ?? null,
    priceCents: price != null ? Math.round(price * 100) : null,
    currency,
    imageUrl: images[0] ?? null,
    availability: availabilityOf(stockState),
    stockState,
    condition: judge('condition', candidatesOf(evidence, 'condition'))?.value ?? null,
    shipping: shipping ? { priceCents: Math.round(shipping.amount * 100), currency: shipping.currency ?? (shipping.amount === 0 ? null : currency) } : null,
    images,
    attributes: attributesOf(evidence),
  };
}
