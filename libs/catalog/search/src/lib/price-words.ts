/**
 * A price typed with the words, as shoppers bound what they will pay: "headphones under 100", "tv below $500", "laptop
 * less than 800 dollars", "earbuds up to 50€", "monitor over 300", "camera between 500 and 1,000", "mouse $50 or less",
 * "tv $500 and up". The words are
 * searched without it, and the products listed (and the similar ones) are those whose best price is within it.
 * A number followed by a unit is a size, not a price ("tv under 55 inches", "charger under 30w"), and words that are a
 * price alone ("under 100") are searched as typed.
 */
import type { SearchPriceRange } from '@pricehunt/contracts';

const CURRENCY_SIGNS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP' };
const CURRENCY_WORDS: Readonly<Record<string, string>> = { dollar: 'USD', dollars: 'USD', usd: 'USD', bucks: 'USD', euro: 'EUR', euros: 'EUR', eur: 'EUR', gbp: 'GBP' };

/** An amount: a currency sign before or after it, thousands with commas, cents, "k" for thousands, a currency word. */
const AMOUNT = String.raw`([$€£])?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(k)?\s*([$€£]|(?:dollars?|usd|bucks|euros?|eur|gbp)\b)?`;
/** The amount ends there: no letter or digit glued to it ("30w", "55in"), and no unit word after it ("55 inches"). */
const AMOUNT_END = String.raw`(?![\p{L}\p{N}])(?!\s*(?:inch(?:es)?|in\b|"|cm\b|mm\b|ft\b|feet\b|lbs?\b|pounds?\b|kg\b|oz\b|g\b|w\b|watts?\b|gb\b|tb\b|mb\b|hz\b|mah\b|v\b|qt\b|quarts?\b|cups?\b|mp\b|x\b|%))`;
/** Words that bound a price ("max" and "min" are not: "iPhone 16 Pro Max 256" names a model). */
const BELOW = String.raw`(?:under|below|less than|cheaper than|up to|at most|no more than|<=?|≤)`;
const ABOVE = String.raw`(?:over|above|more than|at least|>=?|≥)`;

/** Words after an amount that bound it: "$100 or less", "100 and under"; "$500 and up" (a lower bound needs a currency). */
const BELOW_AFTER = String.raw`(?:or less|or under|and under|or below|and below|or cheaper)`;
const ABOVE_AFTER = String.raw`(?:or more|and up|and above|or above)`;

const BETWEEN_RE = new RegExp(String.raw`(?:^|\s)between\s+${AMOUNT}\s+and\s+${AMOUNT}${AMOUNT_END}`, 'iu');
const BOUND_RE = new RegExp(String.raw`(?:^|\s)(${BELOW}|${ABOVE})\s*${AMOUNT}${AMOUNT_END}`, 'iu');
const AFTER_RE = new RegExp(String.raw`(?:^|\s)${AMOUNT}${AMOUNT_END}\s+(${BELOW_AFTER}|${ABOVE_AFTER})(?![\p{L}\p{N}])`, 'iu');
const ABOVE_RE = new RegExp(String.raw`^(?:${ABOVE}|${ABOVE_AFTER})$`, 'iu');

interface Amount {
  cents: number;
  currency: string | null;
}

/** The amount of one AMOUNT match's groups: sign, whole, cents, thousands, sign or word after. */
function amountOf(groups: readonly (string | undefined)[]): Amount | null {
  const [before, whole, cents, thousands, after] = groups;
  if (whole === undefined) return null;
  const major = Number(whole.replace(/,/g, '')) * (thousands ? 1000 : 1);
  const value = Math.round(major * 100 + (cents ? Number(cents.padEnd(2, '0')) : 0));
  const currencyOf = (mark: string | undefined) => (mark === undefined ? null : (CURRENCY_SIGNS[mark] ?? CURRENCY_WORDS[mark.toLowerCase()] ?? null));
  return Number.isSafeInteger(value) && value > 0 ? { cents: value, currency: currencyOf(before) ?? currencyOf(after) } : null;
}

/** The typed words without their price, and the price range, or null when the words bound no price (or are one alone). */
export function readPriceWords(text: string): { words: string; range: SearchPriceRange } | null {
  const between = BETWEEN_RE.exec(text);
  const bound = between ? null : BOUND_RE.exec(text);
  const after = between || bound ? null : AFTER_RE.exec(text);
  let range: SearchPriceRange | null = null;
  if (between) {
    const low = amountOf(between.slice(1, 6));
    const high = amountOf(between.slice(6, 11));
    if (low && high && low.cents <= high.cents) range = { minCents: low.cents, maxCents: high.cents, currency: low.currency ?? high.currency };
  } else if (bound || after) {
    const [amount, words] = bound ? [amountOf(bound.slice(2, 7)), bound[1]] : [amountOf((after as RegExpExecArray).slice(1, 6)), after?.[6]];
    const above = ABOVE_RE.test(words ?? '');
    // "15 or more" is as likely a count as a price: a lower bound written after its amount needs a currency.
    if (amount && !(after && above && amount.currency === null)) range = { minCents: above ? amount.cents : null, maxCents: above ? null : amount.cents, currency: amount.currency };
  }
  const match = between ?? bound ?? after;
  if (!range || !match) return null;
  const words = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(words) ? { words, range } : null;
}
