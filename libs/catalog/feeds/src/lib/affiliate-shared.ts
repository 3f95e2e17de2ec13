import type { Column } from './column-feed';
import { normaliseCondition } from './normalise';
import type { RowError, StreamOptions } from './offer';
import { parsePrice } from './price';

/** Options of the affiliate networks' feed readers. */
export interface AffiliateFeedOptions extends StreamOptions {
  /** Retailer id stamped on every offer. */
  retailer?: string;
  /** Currency for prices when the feed has no currency column (or leaves it empty in a row). */
  defaultCurrency?: string;
}

/**
 * A price that only adds to an offer (a recommended or earlier price, a delivery cost): its text when it reads as a
 * price in the offer's currency, else undefined with a warning. Such a value never costs the row its offer.
 * `free` (any case, "Free delivery") reads as 0.
 */
export function optionalPrice(
  found: { value: string; column: Column } | undefined,
  currency: string | undefined,
  line: number,
  warnings: RowError[],
): { text: string; cents: number } | undefined {
  if (!found) return undefined;
  if (/^free\b/i.test(found.value)) return { text: '0', cents: 0 };
  const parsed = parsePrice(found.value, currency);
  if (!parsed.ok) {
    warnings.push({ line, field: found.column.name, reason: `"${found.value}" left out: ${parsed.reason}` });
    return undefined;
  }
  if (currency && parsed.value.currency !== currency) {
    warnings.push({ line, field: found.column.name, reason: `"${found.value}" left out: it is in ${parsed.value.currency} but the price is in ${currency}` });
    return undefined;
  }
  return { text: found.value, cents: parsed.value.cents };
}

/**
 * A condition as the offer's word (`new`, `refurbished`, `used`), reading the first word of a longer text
 * ("Used - very good"); the text itself when neither reads, so that the offer builder rejects it by name.
 */
export function conditionWord(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const firstWord = value.split(/[\s,;:/()–-]+/).find(Boolean);
  return normaliseCondition(value) ?? (firstWord ? normaliseCondition(firstWord) : undefined) ?? value;
}

/** The currency code of a currency column's value, upper-cased ("gbp" is GBP). */
export function currencyCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code ? code : undefined;
}
