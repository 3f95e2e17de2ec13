/**
 * Words that say how a shopper wants to buy, not what: a condition ("used macbook", "refurbished iphone", "pre-owned
 * camera", "open box tv"), a wish to pay little ("cheap tv", "cheapest laptop", "budget headphones", "affordable 4k
 * tv") and the asking of a price ("iphone 16 price", "ps5 deals"). The words are searched without them; the products listed (and the similar ones) are those with an offer in that
 * condition one can buy now, and cheapest first. A price typed with them is read by `price-words.ts`.
 * "Used" followed by a joining word is a verb of a listing's description ("cartridge used with FL511 fax machines"), and
 * "no open box returns" is a shop's policy: neither is read. "New" is no condition here: "new iphone" asks for the
 * latest model as much as for an unused one.
 */
import type { SearchCondition } from '@pricehunt/contracts';
import { readPriceWords } from './price-words';

const USED = String.raw`used|pre-?owned|pre owned|second-?hand|second hand|open-?box|open box`;
const REFURBISHED = String.raw`refurbished|refurb|renewed|reconditioned|certified refurbished`;
/** A joining word after "used": a listing's description, not a condition. */
const VERB_AFTER = String.raw`(?!\s+(?:with|for|to|in|on|by|as|at|from|when|if)\b)`;
const CONDITION_RE = new RegExp(String.raw`(?<![\p{L}\p{N}-])(?<!\bno\s)(${REFURBISHED}|${USED})(?![\p{L}\p{N}-])${VERB_AFTER}`, 'iu');
const REFURBISHED_RE = new RegExp(String.raw`^(?:${REFURBISHED})$`, 'iu');

/** Words of a wish to pay little ("cheapest" of "cheaper than 100" is a price bound, read before). */
const CHEAP_RE = /(?<![\p{L}\p{N}-])(?:cheap|cheapest|budget|affordable|inexpensive|low[- ]cost|low[- ]priced|lowest price|best price)(?![\p{L}\p{N}-])/giu;

/**
 * Words that ask where and for how much to buy, which a comparison answers for every product ("iphone 16 price", "ps5
 * deals", "buy airpods pro", "compare prices"); "buy" after "best" names a shop.
 */
const ASKING_RE = /(?<![\p{L}\p{N}-])(?:compare prices|price comparison|where to buy|on sale|for sale|prices?|pricing|deals?|discounts?|(?<!best\s)buy)(?![\p{L}\p{N}-])/giu;

/** What the shopping words of a search say, and the words left to search. */
export interface ShoppingWords {
  words: string;
  /** The condition asked for, or null. */
  condition: SearchCondition | null;
  /** True when the words ask for the cheapest first. */
  cheapestFirst: boolean;
}

const without = (text: string, match: RegExpExecArray) => `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();

/** The typed words without their condition and wish to pay little, or null when they state neither (or nothing else). */
export function readShoppingWords(text: string): ShoppingWords | null {
  let words = text;
  let condition: SearchCondition | null = null;
  const stated = CONDITION_RE.exec(words);
  if (stated) {
    condition = REFURBISHED_RE.test(stated[1] ?? '') ? 'refurbished' : 'used';
    words = without(words, stated);
  }
  const unwished = words.replace(CHEAP_RE, ' ');
  const cheap = unwished !== words;
  if (cheap) words = unwished.replace(/\s+/g, ' ').trim();
  const unasked = words.replace(ASKING_RE, ' ');
  const asked = unasked !== words;
  if (asked) words = unasked.replace(/\s+/g, ' ').trim();
  if ((!stated && !cheap && !asked) || !/[\p{L}\p{N}]/u.test(words)) return null;
  return { words, condition, cheapestFirst: cheap };
}

/** Products cheapest best price first, those without one last, the order otherwise kept. */
export function cheapestFirst<T extends { bestPriceCents: number | null }>(products: readonly T[]): T[] {
  const price = (product: T) => product.bestPriceCents ?? Number.POSITIVE_INFINITY;
  return products.map((product, at) => ({ product, at })).sort((a, b) => price(a.product) - price(b.product) || a.at - b.at).map((entry) => entry.product);
}

/** The words a search looks for: the typed ones without a price, a condition and a wish to pay little ("cheap used mac" → "mac"). */
export function searchedWords(text: string): string {
  const priced = readPriceWords(text)?.words ?? text;
  return readShoppingWords(priced)?.words ?? priced;
}
