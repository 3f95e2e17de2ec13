import { type Availability, type Condition, type FeedOffer, type FeedRow, LIMITS, type RowError, feedOfferSchema, isHttpUrl } from './offer';
import { parsePrice } from './price';

const AVAILABILITY_WORDS: Readonly<Record<string, Availability>> = {
  in_stock: 'in_stock',
  instock: 'in_stock',
  available: 'in_stock',
  in_store_only: 'in_stock',
  online_only: 'in_stock',
  limited_availability: 'in_stock',
  out_of_stock: 'out_of_stock',
  outofstock: 'out_of_stock',
  sold_out: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  unavailable: 'out_of_stock',
  not_available: 'out_of_stock',
  preorder: 'preorder',
  pre_order: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
  back_order: 'backorder',
  backordered: 'backorder',
  unknown: 'unknown',
};

/** A vocabulary word as a key: schema.org's prefix dropped, camel case and spaces or dashes to snake case, lower case. */
function vocabularyKey(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * Normalises the spellings feeds use ("in stock", "in_stock", "InStock", "https://schema.org/InStock",
 * "pre-order", "available for order"…). Empty means unknown; an unrecognised word is `undefined`.
 */
export function normaliseAvailability(value: string | undefined): Availability | undefined {
  if (value === undefined) return 'unknown';
  const word = vocabularyKey(value);
  if (word === '') return 'unknown';
  if (word === 'available_for_order') return 'backorder';
  return AVAILABILITY_WORDS[word];
}

const CONDITION_WORDS: Readonly<Record<string, Condition>> = {
  new: 'new',
  new_condition: 'new',
  brand_new: 'new',
  refurbished: 'refurbished',
  refurbished_condition: 'refurbished',
  renewed: 'refurbished',
  remanufactured: 'refurbished',
  used: 'used',
  used_condition: 'used',
  pre_owned: 'used',
  damaged: 'used',
  damaged_condition: 'used',
};

/** Empty means new (Google's default); an unrecognised word is `undefined`. */
export function normaliseCondition(value: string | undefined): Condition | undefined {
  if (value === undefined) return 'new';
  const word = vocabularyKey(value);
  if (word === '') return 'new';
  return CONDITION_WORDS[word];
}

/** Collapses whitespace; empty becomes undefined. */
export function clean(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/** Raw text of one source row, keyed by offer field. Every value is the source's own text. */
export interface OfferDraft {
  externalId?: string;
  retailer?: string;
  url?: string;
  title?: string;
  description?: string;
  brand?: string;
  mpn?: string;
  gtin?: string;
  price?: string;
  salePrice?: string;
  shipping?: string;
  compareAtPrice?: string;
  availability?: string;
  condition?: string;
  imageUrl?: string;
  /** Further image links: a list, or one text of links separated by commas (Google's text feeds) or pipes. */
  additionalImageUrls?: string | readonly string[];
  category?: string;
  sku?: string;
}

/** The source's name for each draft field, used in error messages (`g:price`, `variants[0].price`…). */
export type FieldNames = Partial<Record<keyof OfferDraft, string>>;

export interface BuildOptions {
  /** Currency for prices written without one. */
  defaultCurrency?: string;
}

/**
 * The fields an offer can do without. A bad value of one (a GTIN with a bad check digit, an internal code in the
 * GTIN column, an image path that is no URL, an over-long brand or description, a delivery cost that is no price)
 * is left out and reported as a warning of its row; the row keeps its offer. The title, link, id and price make the
 * offer, and the condition says what is sold (a used item must not be shown as new), so those stay errors.
 */
const OPTIONAL_TEXT = ['retailer', 'description', 'brand', 'mpn', 'gtin', 'imageUrl', 'category', 'sku'] as const;

const DRAFT_FOR_OFFER: Readonly<Record<string, keyof OfferDraft>> = {
  priceCents: 'price',
  currency: 'price',
  salePriceCents: 'salePrice',
  shippingCents: 'shipping',
  compareAtPriceCents: 'compareAtPrice',
};

/** A value quoted in a warning, cut to a readable length. */
function shorten(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}

/** An offer being built from a draft: what is taken so far, the row's errors and its warnings. */
interface Building {
  draft: OfferDraft;
  line: number;
  names: FieldNames;
  candidate: Record<string, unknown>;
  errors: RowError[];
  warnings: RowError[];
}

/** A field's name in the source's vocabulary, else the offer field's own. */
const nameOf = (b: Building, field: keyof OfferDraft): string => b.names[field] ?? field;
/** An error: the row is refused. */
const fail = (b: Building, field: keyof OfferDraft, reason: string) => b.errors.push({ line: b.line, field: nameOf(b, field), reason });
/** A warning: the value is left out, the row is kept. */
const leaveOut = (b: Building, field: keyof OfferDraft, value: string, reason: string) =>
  b.warnings.push({ line: b.line, field: nameOf(b, field), reason: `"${shorten(value)}" left out: ${reason}` });

/** The texts of the draft, trimmed; an optional one that is not valid is left out with a warning. */
function takeTexts(b: Building): void {
  const { draft, candidate } = b;
  const text = (field: Exclude<keyof OfferDraft & keyof FeedOffer, 'additionalImageUrls'>) => {
    const value = clean(draft[field]);
    if (value !== undefined) candidate[field] = value;
  };
  for (const field of ['externalId', 'retailer', 'title', 'brand', 'mpn', 'category', 'sku'] as const) text(field);
  for (const field of ['description', 'url', 'imageUrl'] as const) {
    const value = draft[field]?.trim();
    if (value) candidate[field] = value;
  }
  const gtinText = draft.gtin?.replace(/\s+/g, '');
  if (gtinText) candidate['gtin'] = gtinText;
  for (const field of OPTIONAL_TEXT) {
    const value = candidate[field];
    if (typeof value !== 'string') continue;
    const checked = feedOfferSchema.shape[field].safeParse(value);
    if (!checked.success) {
      delete candidate[field];
      leaveOut(b, field, value, checked.error.issues[0]?.message ?? 'not valid');
    }
  }
}

/** The main image and the further ones, each once; a feed that names further images but no main one: the first. */
function takeImages(b: Building): void {
  const { candidate } = b;
  const additional = additionalImages(b.draft.additionalImageUrls, (value, reason) => leaveOut(b, 'additionalImageUrls', value, reason));
  if (candidate['imageUrl'] === undefined && additional.length > 0) candidate['imageUrl'] = additional.shift();
  const main = candidate['imageUrl'];
  const further = [...new Set(additional.filter((url) => url !== main))].slice(0, LIMITS.additionalImages);
  if (further.length > 0) candidate['additionalImageUrls'] = further;
}

/**
 * The price (required) and its currency, then the sale price, shipping and list price in the same currency (each
 * left out with a warning when it cannot be read, is in another currency or is out of range; a sale price above the
 * price too).
 */
function takePrices(b: Building, options: BuildOptions): void {
  const { draft, candidate } = b;
  let currency: string | undefined;
  const priceText = draft.price?.trim();
  if (!priceText) {
    fail(b, 'price', 'is required');
  } else {
    const parsed = parsePrice(priceText, options.defaultCurrency);
    if (parsed.ok) {
      candidate['priceCents'] = parsed.value.cents;
      candidate['currency'] = currency = parsed.value.currency;
    } else {
      fail(b, 'price', parsed.reason);
    }
  }
  const secondary = (field: 'salePrice' | 'shipping' | 'compareAtPrice', target: keyof FeedOffer) => {
    const value = draft[field]?.trim();
    if (!value) return;
    const parsed = parsePrice(value, currency ?? options.defaultCurrency);
    if (!parsed.ok) return leaveOut(b, field, value, parsed.reason);
    if (currency && parsed.value.currency !== currency) return leaveOut(b, field, value, `is in ${parsed.value.currency} but the price is in ${currency}`);
    const checked = feedOfferSchema.shape[target].safeParse(parsed.value.cents);
    if (!checked.success) return leaveOut(b, field, value, checked.error.issues[0]?.message ?? 'not valid');
    candidate[target] = parsed.value.cents;
  };
  secondary('salePrice', 'salePriceCents');
  secondary('shipping', 'shippingCents');
  secondary('compareAtPrice', 'compareAtPriceCents');
  const sale = candidate['salePriceCents'];
  if (typeof sale === 'number' && typeof candidate['priceCents'] === 'number' && sale > candidate['priceCents']) {
    delete candidate['salePriceCents'];
    leaveOut(b, 'salePrice', draft.salePrice?.trim() ?? '', 'must not be higher than the price');
  }
}

/** Availability (an unknown word: unknown, with a warning) and condition (an unknown word refuses the row). */
function takeStates(b: Building): void {
  const { draft, candidate } = b;
  const availability = normaliseAvailability(draft.availability);
  candidate['availability'] = availability ?? 'unknown';
  if (!availability) leaveOut(b, 'availability', draft.availability ?? '', 'is not one of in stock, out of stock, preorder, backorder: availability unknown');
  const condition = normaliseCondition(draft.condition);
  if (condition) candidate['condition'] = condition;
  else fail(b, 'condition', `"${draft.condition}" is not one of new, refurbished, used`);
}

/** The offer as the schema checks it, or every error of the row (one per field, the first said). */
function checked(b: Building): FeedRow {
  const { line, candidate, errors, warnings } = b;
  const parsed = feedOfferSchema.safeParse(candidate);
  if (!parsed.success) {
    const reported = new Set(errors.map((e) => e.field));
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'row');
      const field = nameOf(b, (DRAFT_FOR_OFFER[key] ?? key) as keyof OfferDraft);
      if (reported.has(field)) continue;
      reported.add(field);
      const reason = issue.code === 'invalid_type' && candidate[key] === undefined ? 'is required' : issue.message;
      errors.push({ line, field, reason });
    }
  }
  if (errors.length > 0 || !parsed.success) return { line, errors };
  return warnings.length > 0 ? { line, offer: parsed.data, warnings } : { line, offer: parsed.data };
}

/**
 * Turns a draft into a validated offer, or into every error of the row at once. Each error names the
 * field in the source's vocabulary (`names`), falling back to the offer field name.
 */
export function buildOffer(draft: OfferDraft, line: number, names: FieldNames = {}, options: BuildOptions = {}): FeedRow {
  const b: Building = { draft, line, names, candidate: {}, errors: [], warnings: [] };
  takeTexts(b);
  takeImages(b);
  takePrices(b, options);
  takeStates(b);
  return checked(b);
}

/**
 * The further image links of a draft, each checked as a URL: a list, or a text of links separated by commas (only a
 * comma before `http…` separates: image services put commas inside their links) or pipes. Each bad link is reported
 * through `leaveOut` and left out.
 */
export function additionalImages(value: string | readonly string[] | undefined, leaveOut: (value: string, reason: string) => void): string[] {
  if (value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(/\s*,\s*(?=https?:\/\/)|\s*\|\s*/i) : value.flatMap((item) => item.split(/\s*,\s*(?=https?:\/\/)/i));
  const out: string[] = [];
  for (const raw of parts) {
    const url = raw.trim();
    if (!url) continue;
    if (url.length > LIMITS.url) leaveOut(url, `must be at most ${LIMITS.url} characters`);
    else if (!isHttpUrl(url)) leaveOut(url, 'must be an absolute http(s) URL');
    else out.push(url);
  }
  return out;
}
