/** Price strings to integer minor units (cents) plus an ISO 4217 currency. */

export interface ParsedPrice {
  /** Amount in the currency's minor unit: cents for USD and EUR, yen for JPY. */
  cents: number;
  currency: string;
}

export type PriceResult = { ok: true; value: ParsedPrice } | { ok: false; reason: string };

const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['CHF', 'CHF'],
  ['zł', 'PLN'],
  ['kr', 'SEK'],
];

const MINOR_UNITS: Readonly<Record<string, number>> = {
  JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, PYG: 0, UGX: 0, XAF: 0, XOF: 0,
  BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3,
};

let knownCurrencies: Set<string> | undefined;

/** True when `code` is an ISO 4217 currency code the runtime knows. */
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!knownCurrencies) {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    knownCurrencies = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('currency') : []);
  }
  // A runtime without the list accepts any well-formed code.
  return knownCurrencies.size === 0 || knownCurrencies.has(code);
}

export function currencyMinorUnits(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

const SPACES = /[\s\u00a0\u202f\u2009]+/g;

/**
 * Reads "15.00 USD", "15 USD", "1,299.99 USD", "USD 15", "$15", "€15,00", "15,00 EUR", "1.299,99 EUR".
 * A string without a currency takes `defaultCurrency`; without one either, it is an error.
 * The decimal separator is the last `.` or `,` when both occur; a lone `,` followed by exactly three digits
 * is a thousands separator ("1,299"), otherwise a decimal comma. More decimals than the currency has is an error.
 */
export function parsePrice(input: string, defaultCurrency?: string): PriceResult {
  let text = input.trim();
  if (text === '') return { ok: false, reason: 'is empty' };
  let currency: string | undefined;

  const leading = /^([A-Za-z]{3})\s*([-\d$€£¥.,].*)$/.exec(text);
  const trailing = leading ? null : (/^(.*\S)\s+([A-Za-z]{3})$/.exec(text) ?? /^(.*[^A-Za-z\s])([A-Za-z]{3})$/.exec(text));
  if (leading || trailing) {
    const code = ((leading ? leading[1] : trailing?.[2]) ?? '').toUpperCase();
    if (!isIsoCurrency(code)) return { ok: false, reason: `has an unknown currency "${code}"` };
    currency = code;
    text = ((leading ? leading[2] : trailing?.[1]) ?? '').trim();
  }
  for (const [symbol, code] of SYMBOLS) {
    if (text.startsWith(symbol)) {
      currency ??= code;
      text = text.slice(symbol.length).trim();
      break;
    }
    if (text.endsWith(symbol)) {
      currency ??= code;
      text = text.slice(0, -symbol.length).trim();
      break;
    }
  }
  if (text.startsWith('-')) return { ok: false, reason: 'must not be negative' };

  const number = text.replace(SPACES, '');
  if (!/^[0-9][0-9.,]*$/.test(number) || /[.,]$/.test(number) || /[.,]{2}/.test(number)) {
    return { ok: false, reason: `"${input}" is not a price (expected e.g. "15.00 USD")` };
  }
  currency ??= defaultCurrency;
  if (!currency) return { ok: false, reason: `"${input}" has no currency (expected e.g. "15.00 USD")` };
  if (!isIsoCurrency(currency)) return { ok: false, reason: `has an unknown currency "${currency}"` };
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  let integer: string;
  let fraction = '';
  let thousands: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    thousands = lastDot > lastComma ? ',' : '.';
    integer = number.slice(0, decimalAt);
    fraction = number.slice(decimalAt + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = number.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    if (parts.length > 2 || (sep === ',' && tail.length === 3)) {
      thousands = sep;
      integer = number;
    } else {
      integer = parts[0] ?? '';
      fraction = tail;
    }
  } else {
    integer = number;
  }
  if (thousands) {
    const groups = integer.split(thousands);
    const [head, ...rest] = groups;
    if (!head || head.length > 3 || rest.some((g) => g.length !== 3)) {
      return { ok: false, reason: `"${input}" has badly grouped thousands` };
    }
    integer = groups.join('');
  }
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return { ok: false, reason: `"${input}" is not a price` };
  const units = currencyMinorUnits(currency);
  const trimmedFraction = fraction.replace(/0+$/, '');
  if (trimmedFraction.length > units) {
    return { ok: false, reason: `"${input}" has more decimals than ${currency} allows (${units})` };
  }
  const cents = Number(integer) * 10 ** units + (units > 0 ? Number(trimmedFraction.padEnd(units, '0')) : 0);
  if (!Number.isSafeInteger(cents)) return { ok: false, reason: `"${input}" is too large` };
  return { ok: true, value: { cents, currency } };
}
