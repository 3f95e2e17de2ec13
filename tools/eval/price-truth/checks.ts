/**
 * The checks of `npm run eval:prices` on what a running PriceHunt said about one product: its API detail, a search for
 * one of its offers' links, its browse summary, its deal, its server-rendered page. Each check passes, fails with a
 * short reason, or does not apply to the product.
 */
import {
  productDetailResponseSchema,
  searchResultSchema,
  type Availability,
  type Condition,
  type OfferSection,
  type OfferView,
  type SearchOffer,
} from '@pricehunt/contracts';
import type { PageFacts } from './page';

/** One offer as an answer listed it. */
export interface OfferFacts {
  id: number;
  title: string;
  url: string;
  retailerId: string;
  totalCents: number;
  shippingCents: number | null;
  currency: string;
  availability: Availability;
  condition: Condition;
  isBundle: boolean;
  /** Null when the answer does not tell sections. */
  section: OfferSection | null;
  /** Null when the answer does not mark the best price. */
  isBestPrice: boolean | null;
  /** Search answers only. */
  savingsCents?: number | null;
}

export interface ProductFacts {
  id: number;
  title: string;
  imageUrl: string | null;
  bestPriceCents: number | null;
  currency: string | null;
  /** In the order the answer lists them. */
  offers: OfferFacts[];
}

export interface SearchFacts {
  productId: number | null;
  bestPriceCents: number | null;
  offers: OfferFacts[];
}

/** Everything read about one product; an absent part was not read (its checks do not apply). */
export interface Evidence {
  product: ProductFacts;
  /** The search for the link of one of its offers. */
  search?: { pastedOfferId: number; answer: SearchFacts } | { pastedOfferId: number; error: string };
  /** The browse listing's summary of it: `listed: false` when the listing lacks it. */
  browse?: { listed: true; bestPriceCents: number | null } | { listed: false };
  /** Its deal, when the deals list has it. */
  deal?: { priceCents: number; productBestPriceCents: number | null };
  /** Its server-rendered page. */
  page?: { facts: PageFacts } | { error: string };
}

const has = (object: unknown, key: string) => typeof object === 'object' && object !== null && key in object;

function offerFacts(offer: OfferView | SearchOffer, raw: unknown): OfferFacts {
  return {
    id: offer.id,
    title: offer.title,
    url: offer.url,
    retailerId: offer.retailer.id,
    totalCents: offer.totalCents,
    shippingCents: offer.shippingCents,
    currency: offer.currency,
    availability: offer.availability,
    condition: offer.condition,
    isBundle: offer.isBundle,
    section: has(raw, 'section') ? offer.section : null,
    isBestPrice: has(raw, 'isBestPrice') ? offer.isBestPrice : null,
    ...('savingsCents' in offer ? { savingsCents: offer.savingsCents } : {}),
  };
}

const rawOffers = (raw: unknown): unknown[] => (has(raw, 'offers') && Array.isArray((raw as { offers: unknown }).offers) ? (raw as { offers: unknown[] }).offers : []);

function contractError(what: string, issues: readonly { path: PropertyKey[]; message: string }[]): Error {
  const first = issues[0];
  return new Error(`${what} does not match the contract${first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : ''}`);
}

/** The facts of a `GET /api/products/:id` answer; throws when it is no such answer. */
export function readProductDetail(raw: unknown): ProductFacts {
  const parsed = productDetailResponseSchema.safeParse(raw);
  if (!parsed.success) throw contractError('product answer', parsed.error.issues);
  const { product, offers } = parsed.data;
  const raws = rawOffers(raw);
  return {
    id: product.id,
    title: product.title,
    imageUrl: product.imageUrl,
    bestPriceCents: product.bestPriceCents,
    currency: product.currency,
    offers: offers.map((offer, index) => offerFacts(offer, raws[index])),
  };
}

/** The facts of a `POST /api/search` answer; throws when it is no such answer. */
export function readSearchResult(raw: unknown): SearchFacts {
  const parsed = searchResultSchema.safeParse(raw);
  if (!parsed.success) throw contractError('search answer', parsed.error.issues);
  const raws = rawOffers(raw);
  return {
    productId: parsed.data.product?.id ?? null,
    bestPriceCents: parsed.data.product?.bestPriceCents ?? null,
    offers: parsed.data.offers.map((offer, index) => offerFacts(offer, raws[index])),
  };
}

/** Pass, fail with a reason, or null: the check does not apply to this product. */
export type Outcome = { pass: true } | { pass: false; reason: string } | null;
const PASS: Outcome = { pass: true };
const fail = (reason: string): Outcome => ({ pass: false, reason });

export interface Check {
  id: string;
  /** What passing means, as the table prints it. */
  label: string;
  /** The share of the products checked that may fail it (the promise is about most products, not each); 0 unless told. */
  tolerance?: number;
  run(evidence: Evidence): Outcome;
}

const cents = (value: number | null | undefined) => (value === null || value === undefined ? 'none' : (value / 100).toFixed(2));
const ids = (offers: readonly OfferFacts[]) => offers.map((offer) => `#${offer.id}`).join(', ');
const marked = (offers: readonly OfferFacts[]) => offers.filter((offer) => offer.isBestPrice === true);

/** Money as the shopper site writes it: "$391.00". */
export function formatMoney(amountCents: number, currency: string | null): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(amountCents / 100);
  } catch {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amountCents / 100);
  }
}

/** The offer is new and the product alone (its section, or else its condition and bundle flag, says so). */
const newAlone = (offer: OfferFacts) => (offer.section !== null ? offer.section === 'new' : offer.condition === 'new' && !offer.isBundle);
/** In stock, new, the product alone, with its shipping stated: what the best price is made of whenever there is one. */
export const eligibleForBestPrice = (offer: OfferFacts) => newAlone(offer) && offer.availability === 'in_stock' && offer.shippingCents !== null;

/** What keeps an offer from making the best price: "bundle", "out of stock", "shipping unknown"… */
function unlike(offer: OfferFacts): string {
  // An out-of-stock offer's section hides its group: its condition and bundle flag tell it.
  const group = offer.section !== null && offer.section !== 'out_of_stock' ? offer.section : offer.isBundle ? 'bundle' : offer.condition;
  const kind = group === 'new' ? null : group;
  const stock = offer.availability !== 'in_stock' ? offer.availability : null;
  const shipping = offer.shippingCents === null ? 'shipping unknown' : null;
  return [kind, stock, shipping]
    .filter((why): why is string => why !== null)
    .map((why) => why.replace(/_/g, ' '))
    .join(', ');
}

/** The first out-of-stock offer listed above one that can be bought, as "#out above #buyable"; null when none is. */
export function outOfStockAbove(offers: readonly OfferFacts[]): string | null {
  const firstOut = offers.findIndex((offer) => offer.availability === 'out_of_stock');
  if (firstOut < 0) return null;
  const later = offers.slice(firstOut + 1).find((offer) => offer.availability !== 'out_of_stock');
  return later ? `out-of-stock #${offers[firstOut]?.id} above ${later.availability.replace(/_/g, ' ')} #${later.id}` : null;
}

/** The product's best price against its one marked offer (or none marked and no price). */
function markedAgrees(bestPriceCents: number | null, offers: readonly OfferFacts[], where: string): string | null {
  const marks = marked(offers);
  if (marks.length > 1) return `${where} marks ${marks.length} offers (${ids(marks)})`;
  const [mark] = marks;
  if (mark) return mark.totalCents === bestPriceCents ? null : `${where} best price ${cents(bestPriceCents)}, marked #${mark.id} totals ${cents(mark.totalCents)}`;
  if (bestPriceCents === null) return null;
  return `${where} best price ${cents(bestPriceCents)}, no offer marked${offers.some((offer) => offer.isBestPrice === null) ? ' (offers carry no isBestPrice)' : ''}`;
}

export const CHECKS: readonly Check[] = [
  {
    id: 'best.detail',
    label: '1 product API: bestPriceCents = total of the one offer marked isBestPrice',
    run: ({ product }) => {
      const problem = markedAgrees(product.bestPriceCents, product.offers, 'product API');
      return problem ? fail(problem) : PASS;
    },
  },
  {
    id: 'best.search',
    label: '1 search of an offer\'s link: same product, best price, marked offer',
    run: ({ product, search }) => {
      if (!search) return null;
      if ('error' in search) return fail(`search for #${search.pastedOfferId}'s link: ${search.error}`);
      const { answer } = search;
      if (answer.productId !== product.id) return fail(`search for #${search.pastedOfferId}'s link matched ${answer.productId === null ? 'no product' : `product ${answer.productId}`}`);
      if (answer.bestPriceCents !== product.bestPriceCents) return fail(`search best price ${cents(answer.bestPriceCents)}, product API ${cents(product.bestPriceCents)}`);
      const problem = markedAgrees(answer.bestPriceCents, answer.offers, 'search');
      if (problem) return fail(problem);
      const here = ids(marked(answer.offers));
      const there = ids(marked(product.offers));
      return here === there ? PASS : fail(`search marks ${here || 'none'}, product API ${there || 'none'}`);
    },
  },
  {
    id: 'best.browse',
    label: '1 browse listing: same bestPriceCents',
    run: ({ product, browse }) => {
      if (!browse) return null;
      if (!browse.listed) return fail('not in the browse listing');
      return browse.bestPriceCents === product.bestPriceCents ? PASS : fail(`browse ${cents(browse.bestPriceCents)}, product API ${cents(product.bestPriceCents)}`);
    },
  },
  {
    id: 'best.deals',
    label: '1 deals (products listed): same price',
    run: ({ product, deal }) => {
      if (!deal) return null;
      if (deal.priceCents !== product.bestPriceCents) return fail(`deal price ${cents(deal.priceCents)}, product API ${cents(product.bestPriceCents)}`);
      if (deal.productBestPriceCents !== product.bestPriceCents) return fail(`deal's product best price ${cents(deal.productBestPriceCents)}, product API ${cents(product.bestPriceCents)}`);
      return PASS;
    },
  },
  {
    id: 'best.page-jsonld',
    label: '1 product page: JSON-LD lowPrice = best price',
    run: ({ product, page }) => {
      if (!page) return null;
      if ('error' in page) return fail(page.error);
      if (!page.facts.hasProductJsonLd) return fail('no JSON-LD Product');
      const expected = product.bestPriceCents === null ? undefined : cents(product.bestPriceCents);
      const actual = page.facts.lowPrice;
      if (actual === expected) return PASS;
      return fail(`lowPrice ${actual === undefined ? 'absent' : JSON.stringify(actual)}, best price ${expected ?? 'none'}`);
    },
  },
  {
    id: 'best.page-header',
    label: '1 product page: header\'s "Best price" shows it',
    run: ({ product, page }) => {
      if (!page) return null;
      if ('error' in page) return fail(page.error);
      if (page.facts.bestPriceText === null) return fail('no "Best price" fact');
      const expected = product.bestPriceCents === null ? null : formatMoney(product.bestPriceCents, product.currency);
      if (page.facts.bestPriceAmount === expected) return PASS;
      return fail(`header shows "${page.facts.bestPriceText}", best price ${expected ?? 'none'}`);
    },
  },
  {
    id: 'best.kind',
    label: '2 best price = cheapest in-stock new single unit, known shipping',
    run: ({ product }) => {
      const eligible = product.offers.filter(eligibleForBestPrice);
      if (eligible.length === 0) return null;
      const cheapest = Math.min(...eligible.map((offer) => offer.totalCents));
      const marks = marked(product.offers);
      const wrong = marks.find((offer) => !eligibleForBestPrice(offer));
      if (wrong) return fail(`marked #${wrong.id} is ${unlike(wrong)} though ${eligible.length} eligible`);
      if (product.bestPriceCents === cheapest) return PASS;
      // Unmarked, the price is likely that of an offer with its total.
      const source = product.offers.find((offer) => offer.totalCents === product.bestPriceCents && !eligibleForBestPrice(offer));
      return fail(
        `best price ${cents(product.bestPriceCents)}${source ? ` (#${source.id}: ${unlike(source)})` : ''}, cheapest eligible ${cents(cheapest)} (${ids(eligible.filter((offer) => offer.totalCents === cheapest))})`,
      );
    },
  },
  {
    id: 'stock.order',
    label: '3 no out-of-stock offer above a buyable one (API, search)',
    run: ({ product, search }) => {
      const inDetail = outOfStockAbove(product.offers);
      if (inDetail) return fail(`product API: ${inDetail}`);
      const inSearch = search && 'answer' in search ? outOfStockAbove(search.answer.offers) : null;
      return inSearch ? fail(`search: ${inSearch}`) : PASS;
    },
  },
  {
    id: 'stock.saving',
    label: '3 no out-of-stock offer with a saving (search)',
    run: ({ search }) => {
      if (!search || !('answer' in search)) return null;
      const saved = search.answer.offers.filter((offer) => offer.availability === 'out_of_stock' && offer.savingsCents !== null && offer.savingsCents !== undefined);
      return saved.length ? fail(`out-of-stock ${ids(saved)} with savings ${saved.map((offer) => cents(offer.savingsCents)).join(', ')}`) : PASS;
    },
  },
  {
    id: 'image.url',
    label: '4 product has an imageUrl (95%)',
    tolerance: 0.05,
    run: ({ product }) => (product.imageUrl ? PASS : fail('no imageUrl')),
  },
  {
    id: 'image.size',
    label: "4 product page's main <img> has width and height",
    run: ({ product, page }) => {
      if (!page || 'error' in page) return null;
      const image = page.facts.mainImage;
      if (!image) return product.imageUrl ? fail('imageUrl but no <img> in the header') : null;
      const missing = [image.width ? null : 'width', image.height ? null : 'height'].filter(Boolean);
      return missing.length ? fail(`<img> without ${missing.join(' and ')}`) : PASS;
    },
  },
  {
    id: 'naming',
    label: "5 named by its offers, not as one listing (2+ retailers, 90%)",
    tolerance: 0.1,
    run: ({ product }) => {
      if (new Set(product.offers.map((offer) => offer.retailerId)).size < 2) return null;
      const key = (title: string) => title.trim().toLowerCase();
      const copied = product.offers.find((offer) => key(offer.title) === key(product.title));
      return copied ? fail(`"${product.title}" is the listing of offer #${copied.id}`) : PASS;
    },
  },
];

/** Whether a check failed more products than it allows (`Check.tolerance`). */
export const exceedsTolerance = (tally: Pick<CheckTally, 'check' | 'checked' | 'failing'>): boolean =>
  tally.failing > (tally.check.tolerance ?? 0) * tally.checked;

/** How one check fared over the products. */
export interface CheckTally {
  check: Check;
  checked: number;
  passing: number;
  failing: number;
  /** The failures of the lowest product ids. */
  firstFailures: { productId: number; reason: string }[];
}

export const FAILURES_SHOWN = 5;

export function newTallies(checks: readonly Check[] = CHECKS): CheckTally[] {
  return checks.map((check) => ({ check, checked: 0, passing: 0, failing: 0, firstFailures: [] }));
}

/** Runs every check on one product's evidence and counts the outcomes. */
export function checkProduct(tallies: CheckTally[], evidence: Evidence): void {
  for (const tally of tallies) {
    let outcome: Outcome;
    try {
      outcome = tally.check.run(evidence);
    } catch (error) {
      outcome = fail(`check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (outcome === null) continue;
    tally.checked++;
    if (outcome.pass) tally.passing++;
    else {
      tally.failing++;
      // The lowest product ids, whatever order the answers came in.
      tally.firstFailures.push({ productId: evidence.product.id, reason: outcome.reason });
      tally.firstFailures.sort((a, b) => a.productId - b.productId);
      tally.firstFailures.length = Math.min(tally.firstFailures.length, FAILURES_SHOWN);
    }
  }
}

export const share = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–');

/** The table's rows: check, products checked, passing, failing, share passing, first failing product ids. */
export function tallyRows(tallies: readonly CheckTally[]): string[][] {
  return tallies.map((tally) => [
    tally.check.label,
    String(tally.checked),
    String(tally.passing),
    String(tally.failing),
    share(tally.passing, tally.checked),
    tally.firstFailures.map((failure) => failure.productId).join(' ') || '–',
  ]);
}

export const TALLY_HEADER = ['check', 'checked', 'passing', 'failing', 'share', `first ${FAILURES_SHOWN} failing`] as const;
