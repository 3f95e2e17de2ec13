/**
 * Words only (a URL's slug or typed words): how much of the words' weight each product's offers hold, model numbers
 * split into words joined again, and which of a product's offers the words of a retailer's URL are compared with.
 */
import { joinedModelSpans, restoreDecimals } from '@pricehunt/catalog-matching';
import { present } from '@pricehunt/contracts';
import type { OfferRef } from '../ports';
import { indexWords, withLeftOutUnit } from '../words';
import type { OfferCache } from './offer-cache';
import { read, type MatcherStep } from './reads';

/** A word this long, of letters and digits, is a model number that `CODE_SUFFIX` may extend ("SD1100" of "SD1100ISP"). */
const MODEL_CODE_MIN = 5;
/** What a listing's model number may add to one the words state and still be it: a colour or region code of letters. */
const CODE_SUFFIX = /^\p{L}{1,4}$/u;
/** Most typed words a model number split by spaces is joined from. */
const SPLIT_CODE_WORDS = 5;

/** The share of the words' weight a product's members hold together, and whether they hold every word. */
export type Coverage = { share: number; all: boolean };

/**
 * Per product: the share of the words' weight (log inverse document frequency) its members' texts hold together,
 * and whether they hold every word.
 */
export function* wordCoverage(cache: OfferCache, text: string, byProduct: ReadonlyMap<number, readonly OfferRef[]>, typed: boolean): MatcherStep<Map<number, Coverage>> {
  const documents = Math.max(1, yield* read('documentCount'));
  const words = indexWords(text);
  const frequencies = yield* read('documentFrequencies', words);
  const weights = new Map<string, number>();
  for (const word of words) {
    const df = frequencies.get(word) ?? 0;
    if (df > 0) weights.set(word, Math.log(1 + documents / df));
  }
  const known = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  // Typed words no offer carries ("instant pot" where the catalog has only "Instant Ink" printers) weigh as much as
  // an average known word, so that no candidate covers the words by carrying the others.
  const unknown = typed && weights.size > 0 ? (words.length - weights.size) * (known / weights.size) : 0;
  const total = known + unknown;
  const result = new Map<number, Coverage>();
  if (total === 0) return result;
  const entryOf = yield* cache.entriesOf([...byProduct.values()].flat());
  // Model numbers among the words are held too by a longer one that only adds a colour or region code of letters.
  const codes = [...weights.keys()].filter(isCode);
  const runs = splitCodes(words);
  // A number typed without its unit is held by a listing's number with it ("ipad pro 256" by "256GB"); one digit is a
  // piece of a code or a line's number, not a size.
  const numbers = typed ? words.filter((word) => /^\d{2,}$/.test(word)) : [];
  // A word no offer carries weighs as much as an average known one (see `unknown`).
  const weightOf = (word: string) => weights.get(word) ?? (typed ? known / weights.size : 0);
  for (const [productId, members] of byProduct) {
    const seen = new Set<string>();
    for (const member of members) {
      const entry = entryOf(member);
      if (!entry) continue;
      for (const word of cache.wordsOf(entry)) {
        if (weights.has(word)) seen.add(word);
        else for (const code of codes) if (statesCode(word, code)) seen.add(code);
        if (runs.size > 0) for (const code of codesWithin(word)) for (const part of runs.get(code) ?? []) seen.add(part);
        for (const number of numbers) if (withLeftOutUnit(word, number)) seen.add(number);
      }
    }
    let covered = 0;
    for (const word of seen) covered += weightOf(word);
    // Words the catalog does not know at all weigh nothing, but a product never holds them all.
    result.set(productId, { share: covered / total, all: seen.size === words.length });
  }
  return result;
}

const isCode = (word: string) => word.length >= MODEL_CODE_MIN && /\p{L}/u.test(word) && /\p{N}/u.test(word);

/** True when a listing's word is the code, or the code with a colour or region code of letters after it. */
const statesCode = (word: string, code: string) => word === code || (word.length > code.length && word.startsWith(code) && CODE_SUFFIX.test(word.slice(code.length)));

/**
 * Runs of adjacent words that joined read as a model number (letters and digits, five characters or more): a model
 * number typed with spaces ("adtva 133", "kdl 40 v 5100") is held by a listing that writes it as one word.
 */
function splitCodes(words: readonly string[]): Map<string, string[]> {
  const runs = new Map<string, string[]>();
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 2; end <= Math.min(words.length, start + SPLIT_CODE_WORDS); end++) {
      const run = words.slice(start, end);
      const code = run.join('');
      if (isCode(code)) runs.set(code, [...(runs.get(code) ?? []), ...run]);
    }
  }
  return runs;
}

/** The codes a listing's word states (`statesCode`): itself, and itself without one to four letters at its end. */
function codesWithin(word: string): string[] {
  const codes = [word];
  for (let cut = 1; cut <= 4 && cut < word.length && /\p{L}/u.test(word.charAt(word.length - cut)); cut++) codes.push(word.slice(0, -cut));
  return codes;
}

/**
 * Words lose the punctuation inside model numbers ("870639-0100" arrives as "870639 0100"): runs of adjacent
 * words that the catalog knows as the start of a model key are joined again with dashes. Returns the rewritten
 * words and the keys found.
 */
export function* rejoinModelWords(text: string): MatcherStep<{ text: string; keys: string[] }> {
  const words = restoreDecimals(text.split(/\s+/).filter(Boolean));
  const joined = new Map<number, number>();
  const taken = new Set<number>();
  const keys: string[] = [];
  for (const span of joinedModelSpans(words)) {
    let free = true;
    for (let i = span.start; i < span.start + span.length; i++) if (taken.has(i)) free = false;
    if (!free || (yield* read('offersWithModelKey', span.key, 1)).length === 0) continue;
    for (let i = span.start; i < span.start + span.length; i++) taken.add(i);
    joined.set(span.start, span.length);
    keys.push(span.key);
  }
  if (keys.length === 0) return { text: words.join(' '), keys };
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const length = joined.get(i);
    if (length) {
      out.push(words.slice(i, i + length).join('-'));
      i += length - 1;
    } else out.push(present(words[i]));
  }
  return { text: out.join(' '), keys };
}

/**
 * Words of a retailer's URL are compared with each product's offers at other retailers (all of them when it has no
 * other): the retailer's own listings of other products share its title style ("Industry Leading Noise Canceling,
 * Hi-Res Audio"), which tells nothing of the product, while the product the URL names has most often no listing
 * there yet.
 */
export function* elsewhereThan(retailerId: string | undefined, byProduct: ReadonlyMap<number, readonly OfferRef[]>): MatcherStep<ReadonlyMap<number, readonly OfferRef[]>> {
  if (!retailerId) return byProduct;
  const at = yield* read('offersAtAmong', retailerId, [...byProduct.values()].flatMap((refs) => refs.map((ref) => ref.id)));
  const result = new Map<number, readonly OfferRef[]>();
  for (const [productId, refs] of byProduct) {
    const others = at.size > 0 ? refs.filter((ref) => !at.has(ref.id)) : refs;
    result.set(productId, others.length > 0 ? others : refs);
  }
  return result;
}
