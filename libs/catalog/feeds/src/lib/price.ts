/**
 * The one price reader of pages and feeds: a price text into an amount and an ISO 4217 currency.
 *
 * Numbers: `1,299.99`, `1.299,99`, `1 299,99` (any space), Swiss `1'049,95`, Indian `1,23,456`, `31.500` and
 * `12,000` (a lone separator followed by three digits groups thousands, but for currencies written with three
 * decimals, such as KWD), `50,-`, `119. 95`. Currencies: codes, signs and names before or after the figure
 * (`currency.ts`), else the caller's hint (the page's markup or locale, the feed's currency).
 *
 * Two modes of the same reading:
 * - `page` (lenient) finds the price in a shop's text: `From $29.99`, `Was $40 Now $30` (the first figure next to a
 *   currency, else the first figure), `$29.99 – $74.99` (the range's start), `Free!`, words around it; the amount may
 *   carry more decimals than the currency's minor unit.
 * - `feed` (exact) takes a text that is one price and nothing else; it needs a current ISO currency (from the text or
 *   the feed's default), no more decimals than the currency's minor unit, no negative amount, well-grouped
 *   thousands, and refuses a figure two readings fit (`1.500 KWD` once the currency writes three decimals).
 */
import {
  type CurrencyMention,
  codeOf,
  currencyMentions,
  currencyMinorUnits,
  isIsoCurrency,
  readCurrency,
  standsAlone,
  writtenDecimals,
} from './currency';

export { currencyMinorUnits, currencyOfLocale, isIsoCurrency, readCurrency, writtenDecimals } from './currency';

export type PriceMode = 'page' | 'feed';

export interface ReadPriceOptions {
  /** `page` (default) reads shop text leniently; `feed` reads one exact price. */
  mode?: PriceMode;
  /**
   * The currency the context states (ISO code): a page's `priceCurrency` or locale, a feed's default. It is the
   * currency of a price written without one, and settles shared signs (`$` with `CAD`, `kr` with `NOK`).
   */
  currency?: string | null;
  /** Text of a separate currency element beside the price (`<span>€</span><span>12,50</span>`), page mode. */
  currencyText?: string | null;
}

export interface PriceReading {
  /** The amount in major units (12.5). */
  amount: number;
  /** The amount as an exact decimal text without needless zeros (`12.5`, `1049.95`, `3500`). */
  decimal: string;
  /** ISO 4217 code, or null when neither the text nor the hint names one (page mode only). */
  currency: string | null;
  /** The amount in the currency's minor unit (cents for USD, yen for JPY), rounded in page mode; null without a currency. */
  minor: number | null;
}

export type ReadPriceResult = { ok: true; value: PriceReading } | { ok: false; reason: string };

const NOT_A_PRICE = (input: string) => `"${input}" is not a price (expected e.g. "15.00 USD")`;

/** Spaces that group digits or separate a sign: no-break, narrow and thin spaces among them. */
const SPACE = /[\s\u00a0\u2007\u2009\u202f]/g;

/** Reads a price; see the file's comment for what each mode accepts. Numbers are taken as they are. */
export function readPrice(input: string | number, options: ReadPriceOptions = {}): ReadPriceResult {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: `${input} is not a price` };
    if (input < 0) return { ok: false, reason: 'must not be negative' };
    return finish(String(input).includes('e') ? input.toFixed(10) : String(input), options.currency ?? null, options.mode ?? 'page', String(input));
  }
  return options.mode === 'feed' ? readFeedPrice(input, options.currency ?? undefined) : readPagePrice(input, options);
}

// ---------- numbers ----------

interface Figure {
  integer: string;
  fraction: string;
}

/**
 * A figure's digits and separators (spaces and apostrophes already gone) into integer and fraction. `currency`
 * decides a lone separator before three digits; `exact` refuses what a feed must not write.
 */
function interpret(number: string, currency: string | null, exact: boolean): Figure | string {
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  let integer = number;
  let fraction = '';
  let grouping: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    grouping = lastDot > lastComma ? ',' : '.';
    integer = number.slice(0, decimalAt);
    fraction = number.slice(decimalAt + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = number.split(separator);
    const tail = parts[parts.length - 1] ?? '';
    const head = parts[0] ?? '';
    if (parts.length > 2) {
      grouping = separator;
    } else if (tail.length !== 3 || /^0*$/.test(head) || head.length > 3) {
      // Four digits or more before it ("3200.065", a shop's price to three decimals): no group of thousands is that long.
      [integer, fraction] = [head, tail];
    } else {
      // One separator before three digits: thousands, unless the currency writes three decimals. A feed reads a
      // lone dot as the decimal point of a two-decimal currency (Google's own form), as it always has.
      const digits = currency ? writtenDecimals(currency) : 2;
      const decimal = digits === 3 || (exact && digits === 2 && separator === '.' && currency !== null);
      if (decimal) {
        if (exact && digits === 3 && separator === ',') return `is ambiguous: "${number}" may be thousands or three decimals`;
        [integer, fraction] = [head, tail];
      } else {
        grouping = separator;
      }
    }
  }
  if (grouping) {
    const groups = integer.split(grouping);
    const [head = '', ...rest] = groups;
    const last = rest.length > 0 ? rest[rest.length - 1] : undefined;
    const western = head.length >= 1 && head.length <= 3 && rest.every((g) => g.length === 3);
    // Indian grouping: 1,23,45,678 (pairs, then the last three).
    const indian = head.length >= 1 && head.length <= 2 && last?.length === 3 && rest.slice(0, -1).every((g) => g.length === 2) && rest.length > 1;
    // A page's figure may group loosely, but a group of four or more digits after the first is no grouping at all:
    // it is a phone number ("844.481.8630") or a date, not an amount.
    if (!western && !indian && (exact || rest.some((g) => g === '' || g.length > 3) || head === '')) return 'has badly grouped thousands';
    integer = groups.join('');
  }
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer + fraction === '') return 'is not a price';
  return { integer, fraction };
}

function decimalText(figure: Figure): string {
  const integer = figure.integer.replace(/^0+(?=\d)/, '') || '0';
  const fraction = figure.fraction.replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

function finish(decimal: string, currency: string | null, mode: PriceMode, input: string): ReadPriceResult {
  const [integer = '0', fraction = ''] = decimal.split('.');
  let minor: number | null = null;
  if (currency) {
    const units = currencyMinorUnits(currency);
    if (fraction.length > units) {
      if (mode === 'feed') return { ok: false, reason: `"${input}" has more decimals than ${currency} allows (${units})` };
      minor = Math.round(Number(decimal) * 10 ** units);
    } else {
      minor = Number(integer) * 10 ** units + (units > 0 ? Number(fraction.padEnd(units, '0')) : 0);
    }
    if (!Number.isSafeInteger(minor)) return { ok: false, reason: `"${input}" is too large` };
  }
  const amount = Number(decimal);
  if (!Number.isFinite(amount)) return { ok: false, reason: `"${input}" is too large` };
  return { ok: true, value: { amount, decimal, currency, minor } };
}

// ---------- feeds ----------

function readFeedPrice(input: string, defaultCurrency: string | undefined): ReadPriceResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'is empty' };
  // The currency may stand before or after the figure, nothing else may.
  const mentions = currencyMentions(text, true);
  const lead = mentions.find((m) => m.start === 0);
  const trail = [...mentions].reverse().find((m) => m.end === text.length && m !== lead);
  let body = text.slice(lead ? lead.end : 0, trail ? trail.start : text.length).trim();
  if (!lead && !trail) {
    const code = /^([A-Za-z]{3})\s*[-\d.,]|[\d.,]\s*([A-Za-z]{3})$/.exec(text);
    const unknown = code?.[1] ?? code?.[2];
    if (unknown) return { ok: false, reason: `has an unknown currency "${unknown.toUpperCase()}"` };
  }
  // "CHF 12.50", "SGD$4.90": a second sign beside the first says the same currency.
  const inner = currencyMentions(body, true);
  const extra = inner.find((m) => m.start === 0 || m.end === body.length);
  if (extra) body = (extra.start === 0 ? body.slice(extra.end) : body.slice(0, extra.start)).trim();
  const named = [lead, trail, extra].filter((m): m is CurrencyMention => m !== undefined);
  const exactOne = named.find((m) => m.exact);
  const mention = exactOne ?? named[0];
  if (named.some((m) => m.exact && exactOne && m.codes[0] !== exactOne.codes[0])) {
    return { ok: false, reason: `"${input}" names two currencies` };
  }
  if (body.startsWith('-')) return { ok: false, reason: 'must not be negative' };
  const number = body.replace(SPACE, '').replace(/(?<=\d)['’](?=\d)/g, '');
  if (!/^\d[\d.,]*$/.test(number) || /[.,]$/.test(number) || /[.,]{2}/.test(number)) return { ok: false, reason: NOT_A_PRICE(input) };
  const currency = mention ? codeOf(mention, defaultCurrency) : defaultCurrency;
  if (!currency) return { ok: false, reason: `"${input}" has no currency (expected e.g. "15.00 USD")` };
  if (!isIsoCurrency(currency)) return { ok: false, reason: `has an unknown currency "${currency}"` };
  const figure = interpret(number, currency, true);
  if (typeof figure === 'string') return { ok: false, reason: `"${input}" ${figure}` };
  return finish(decimalText(figure), currency, 'feed', input);
}

// ---------- pages ----------

/** A figure as shops print it: digits grouped by separators or spaces, "119. 95", ".75". */
const FIGURE = /\.{0,2}\d(?:\d|[.,'’](?=\d)|[ \u00a0\u2007\u2009\u202f](?=\d{3}(?![\d]))|[.,][ \u00a0](?=\d{2}(?![\d.,]))|[.,](?=[^\d]|$))*/g;
/** What joins a range's two figures: a dash or a word ("to", "bis", "à", "до"). */
const RANGE = /^\s*(?:-|–|—|to|bis|à|a|até|до|~)\s*$/i;
const FREE = /^\s*(?:free|gratis|kostenlos|gratuit|gratuito)\s*!?\s*$/i;

interface Candidate {
  start: number;
  end: number;
  text: string;
  mention?: CurrencyMention;
}

function readPagePrice(input: string, options: ReadPriceOptions): ReadPriceResult {
  const hint = options.currency ?? null;
  if (FREE.test(input)) return finish('0', hint ?? readCurrency(options.currencyText, hint), 'page', input);
  // "35€ 99": the euro sign written as the decimal point.
  const text = input.replace(/(^|[^\d.,])(\d+)\s?€\s?(\d{2})(?![\d.,])/g, '$1$2,$3 €');
  const mentions = currencyMentions(text, true);
  const candidates: Candidate[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const end = start + raw.length;
    if (/^\s*%/.test(text.slice(end))) continue; // "40% OFF"
    let before = mentions.find((m) => m.end <= start && /^[\s:]*$/.test(text.slice(m.end, start)));
    // "SGD$4.90", "NZD $100.70": a code just before a shared sign says which of its currencies it is.
    const shared = before && !before.exact ? before : undefined;
    const code = shared ? mentions.find((m) => m.exact && m.end <= shared.start && /^\s*$/.test(text.slice(m.end, shared.start))) : undefined;
    before = code ?? before;
    const after = mentions.find((m) => m.start >= end && /^[\s*]*$/.test(text.slice(end, m.start)));
    // "$1,190.00 AUD", "SGD4.90 $": of two signs around a figure the one that names one currency counts.
    const mention = before && after && !before.exact && after.exact ? after : (before ?? after);
    candidates.push({ start, end, text: raw, mention });
  }
  let chosen = candidates.find((c) => c.mention) ?? candidates[0];
  // "From 26 to 50 €", "$29.99 - 74.99": a range's first figure, in the currency written at its end.
  const index = chosen ? candidates.indexOf(chosen) : -1;
  const previous = index > 0 ? candidates[index - 1] : undefined;
  if (chosen && previous && RANGE.test(text.slice(previous.end, chosen.start))) chosen = { ...previous, mention: chosen.mention };
  if (!chosen) return { ok: false, reason: NOT_A_PRICE(input) };
  const standing = mentions.filter(standsAlone);
  const mention = chosen.mention ?? standing.find((m) => m.exact) ?? standing[0];
  const currency = mention ? codeOf(mention, hint) : (readCurrency(options.currencyText, hint) ?? hint);
  const number = normaliseFigure(chosen.text);
  if (!number) return { ok: false, reason: NOT_A_PRICE(input) };
  const figure = interpret(number, currency && isIsoCurrency(currency) ? currency : null, false);
  if (typeof figure === 'string') return { ok: false, reason: `"${input}" ${figure}` };
  return finish(decimalText(figure), currency, 'page', input);
}

/** "1 298,00" → "1298,00"; "119. 95" → "119.95"; "1.899," → "1.899"; ".75" → "0.75"; "..75,333" → "75,333". */
function normaliseFigure(raw: string): string {
  let figure = raw.replace(/([.,])[ \u00a0](?=\d{2}$)/, '$1').replace(SPACE, '').replace(/['’]/g, '');
  figure = figure.replace(/[.,]+$/, '');
  const leading = /^[.,]+/.exec(figure)?.[0];
  if (leading) {
    const rest = figure.slice(leading.length);
    figure = /[.,]/.test(rest) ? rest : `0.${rest}`;
  }
  return figure;
}

// ---------- the feed readers' form ----------

export interface ParsedPrice {
  /** Amount in the currency's minor unit: cents for USD and EUR, yen for JPY. */
  cents: number;
  currency: string;
}

export type PriceResult = { ok: true; value: ParsedPrice } | { ok: false; reason: string };

/**
 * A feed's price (`readPrice` in `feed` mode) in minor units: "15.00 USD", "USD 15", "$15", "1.299,99 EUR",
 * "171900 руб.", "80 Kč", "12,000원", "3,500円", "CHF 1'049.95". A text without a currency takes `defaultCurrency`;
 * without one either, it is an error.
 */
export function parsePrice(input: string, defaultCurrency?: string): PriceResult {
  const read = readPrice(input, { mode: 'feed', currency: defaultCurrency });
  if (!read.ok) return read;
  const { minor, currency } = read.value;
  if (minor === null || currency === null) return { ok: false, reason: `"${input}" has no currency (expected e.g. "15.00 USD")` };
  return { ok: true, value: { cents: minor, currency } };
}
