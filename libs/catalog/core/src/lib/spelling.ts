import commonWordsJson from './common-words.json';
import type { SearchIndexRepository } from './ports';
import { foldText, indexWords } from './words';

/** Words shorter than this are never corrected: three letters are too few to tell a typo from another word. */
const MIN_LENGTH = 4;
/** Words of this length or more may be two edits away from what was meant; shorter ones one edit. */
export const TWO_EDITS_FROM = 7;

/**
 * Common English words (`common-words.json`, made by `scripts/common-words.ts` from a word-frequency list): a word
 * people use every day is meant as typed, even when the catalog lacks it and holds a word one edit away ("not a link"
 * is no "not a pink").
 */
const COMMON_WORDS: ReadonlySet<string> = new Set(commonWordsJson.words);

/** True for a common English word (folded: lower case, no accents), which spelling never corrects. */
export function isCommonWord(word: string): boolean {
  return COMMON_WORDS.has(foldText(word));
}

/**
 * Edit distance between two words counting an insertion, a deletion, a substitution or a swap of two neighbouring
 * letters as one edit (optimal string alignment). Stops early and answers `max + 1` once the distance exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The catalog word a misspelt word most likely meant: the fewest edits away (one, or two for long words), then the
 * word the most offers carry. Null when no catalog word is that close.
 */
export function closestWord(word: string, words: readonly string[], frequency: (word: string) => number): string | null {
  const max = word.length >= TWO_EDITS_FROM ? 2 : 1;
  let best: { word: string; distance: number; frequency: number } | null = null;
  for (const candidate of words) {
    const distance = editDistance(word, candidate, max);
    if (distance > max || (best && distance > best.distance)) continue;
    const count = frequency(candidate);
    if (!best || distance < best.distance || count > best.frequency || (count === best.frequency && candidate < best.word)) {
      best = { word: candidate, distance, frequency: count };
    }
  }
  return best?.word ?? null;
}

export interface SpellingCorrector {
  /**
   * The words with each misspelt one replaced by the catalog word it most likely meant, or null when every word is
   * one the catalog knows, a common English word (`isCommonWord`) or close to no catalog word. Only words of letters
   * are corrected: a model number the catalog lacks is not another model's typo. A piece of a model code the catalog
   * lacks ("sony xm5") is completed where one code of the catalog alone completes it (`completesCode`: "1000xm5"), and
   * a last word the catalog lacks that begins one of its words, where the shopper stopped typing ("apple airpo"), is
   * that word (`wordBegunBy`: the one most offers carry) before any word one edit away ("macb" is "macbook", not "mac").
   * Whether a correction finds more than the words as typed is for its caller to tell (a search compares both answers).
   */
  correct(text: string): Promise<string | null>;
  /**
   * The index's model codes that hold a typed piece of letters and digits between their joins (`holdsCode`): "qn90d" of
   * "qn65qn90d", the 65-inch set of the QN90D line. Empty while the words are being read for the first time.
   */
  codesHolding(piece: string): string[];
  /**
   * The index's words of letters that end with a typed word after an everyday one (`endsCompound`: "smartphone" and
   * "headphones" of "phone", "earbuds" of "buds"), those most offers carry first, at most `COMPOUNDS_MAX`. Empty while
   * the words are being read for the first time.
   */
  compoundsOf(word: string): string[];
  /**
   * The index's words of letters that a typed word begins before an everyday one (`beginsCompound`: "macbook" of
   * "mac"), those most offers carry first, at most `COMPOUNDS_MAX`. Empty while the words are being read for the first
   * time.
   */
  compoundsBegunBy(word: string): string[];
  /**
   * How many offers carry a word of letters of the index (four letters or more), as last read: 0 for a word it lacks
   * ("airpods" for "air pods" typed apart). 0 while the words are being read for the first time.
   */
  offersCarrying(word: string): number;
  /** Reads the catalog's words again (after an import), a little at a time so that requests keep being answered. */
  refresh(): void;
  /** Resolves once the words of the latest refresh are read. */
  ready(): Promise<void>;
  /** Stops reading (the database is closing). */
  stop(): void;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/**
 * The correction written the way the word was: "SAMSNG" → "SAMSUNG", "Appel" → "Apple", "appel" → "apple", and a word
 * with capitals inside it letter by letter where the lengths agree: "PlyaStation" → "PlayStation".
 */
const sameCase = (typed: string, word: string) => {
  if (typed.length > 1 && typed === typed.toUpperCase()) return word.toUpperCase();
  const upper = (letter: string) => letter !== letter.toLowerCase();
  if (typed.length === word.length && [...typed.slice(1)].some(upper)) {
    return [...word].map((letter, at) => (upper(typed.charAt(at)) ? letter.toUpperCase() : letter)).join('');
  }
  const first = typed.charAt(0);
  return first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
};
const isWord = (term: string) => term.length >= MIN_LENGTH && /^\p{L}+$/u.test(term);
/** A model code of the index: letters and digits in one word ("1000xm5", "qn90d"). */
const isCode = (term: string) => /^[\p{L}\p{N}]+$/u.test(term) && /\p{L}/u.test(term) && /\p{N}/u.test(term);
/** Typed pieces of a code shorter than this are not completed: a shorter one begins or ends too many codes. */
const CODE_PIECE_MIN = 3;
const isCodePiece = (term: string) => term.length >= CODE_PIECE_MIN && /^[\p{L}\p{N}]+$/u.test(term) && /\p{N}/u.test(term);
const isDigit = (character: string) => /\p{N}/u.test(character);
const isMixedPiece = (term: string) => isCodePiece(term) && /\p{L}/u.test(term);

/**
 * Whether a code of the index is the typed piece with more of it before or after, joined where its letters and digits
 * meet: "xm5" of "1000xm5" (the index holds WH-1000XM5 as "wh" and "1000xm5"), "1000x" of "1000xm5"; not "m5" of it.
 */
export function completesCode(piece: string, code: string): boolean {
  if (code.length <= piece.length) return false;
  if (code.startsWith(piece)) return isDigit(piece.charAt(piece.length - 1)) !== isDigit(code.charAt(piece.length));
  if (code.endsWith(piece)) return isDigit(piece.charAt(0)) !== isDigit(code.charAt(code.length - piece.length - 1));
  return false;
}

/**
 * Whether a code holds the piece where its letters and digits meet, at both ends of the piece or at an end of the code:
 * "qn90d", "qn90" and "65" of "qn65qn90d"; not "n90" of it (a letter before it), nor "6", nor the code itself.
 */
export function holdsAtJoins(code: string, piece: string): boolean {
  if (piece === '' || code.length <= piece.length) return false;
  for (let at = code.indexOf(piece); at >= 0; at = code.indexOf(piece, at + 1)) {
    const end = at + piece.length;
    const startsAtJoin = at === 0 || isDigit(code.charAt(at - 1)) !== isDigit(piece.charAt(0));
    const endsAtJoin = end === code.length || isDigit(code.charAt(end)) !== isDigit(piece.charAt(piece.length - 1));
    if (startsAtJoin && endsAtJoin) return true;
  }
  return false;
}

/**
 * Whether a code of the index holds a typed piece of a code (`holdsAtJoins`): "s90c" of "qn55s90c", the 55-inch set of
 * the S90C line. The piece holds a letter and a digit, three characters or more: a number alone is a size or a count
 * as often as part of a code.
 */
export const holdsCode = (code: string, piece: string) => isMixedPiece(piece) && holdsAtJoins(code, piece);

/**
 * The code that completions of a piece name when every other one is it written longer ("wh1000xm5" of "1000xm5"), or
 * null: none, or two codes. Sorted once, each completion is compared with the shortest alone.
 */
function onlyCode(completions: readonly string[]): string | null {
  const shortest = [...completions].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))[0];
  if (shortest === undefined) return null;
  return completions.every((code) => code === shortest || code.startsWith(shortest) || code.endsWith(shortest)) ? shortest : null;
}

/** A typed word shorter than this is not looked for at the end of compounds: it ends too many words. */
const COMPOUND_END_MIN = 3;
/** The most compounds named for one typed word. */
export const COMPOUNDS_MAX = 4;
/** A word without its plural's "s" ("phones", "buds"), but for a double "s" ("glass"). */
const singular = (word: string) => (word.length > COMPOUND_END_MIN && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** An everyday word with an ending of its own: "sealed" is "seal" and "-ed", "bookings" "book" and "-ings". */
const INFLECTED = /^(\p{L}{3,}?)e?(?:ed|ing|ings|er|ers)$/u;
const inflected = (word: string) => {
  const stem = INFLECTED.exec(word)?.[1];
  return stem !== undefined && (COMMON_WORDS.has(stem) || COMMON_WORDS.has(`${stem}e`));
};

/**
 * Whether a word of the index is a typed word with an everyday English word of three letters or more before it, either
 * in the singular or the plural: "smartphone", "smartphones" and "headphones" of "phone", "earbuds" of "bud". A name
 * before it is no everyday word ("iphone"), nor is a piece of a word ("microphone"), and an everyday word with an
 * ending of its own is no compound ("sealed" of "led").
 */
export function endsCompound(word: string, typed: string): boolean {
  const end = singular(typed);
  const whole = singular(word);
  if (end.length < COMPOUND_END_MIN || whole.length <= end.length || !whole.endsWith(end) || inflected(whole)) return false;
  const head = whole.slice(0, whole.length - end.length);
  return head.length >= COMPOUND_END_MIN && COMMON_WORDS.has(head);
}

/**
 * Whether a word of the index is a typed word with an everyday English word of three letters or more after it, either
 * in the singular or the plural: "macbook" of "mac", "playstation" of "play". A piece of a word after it is no everyday
 * word ("macro" of "mac").
 */
export function beginsCompound(word: string, typed: string): boolean {
  if (typed.length < COMPOUND_END_MIN || word.length <= typed.length || !word.startsWith(typed)) return false;
  const tail = singular(word.slice(typed.length));
  return tail.length >= COMPOUND_END_MIN && COMMON_WORDS.has(tail);
}

/**
 * The known words that make a compound with a typed word of letters (`endsCompound`: they end with it, `beginsCompound`:
 * they begin with it), those most offers carry first, at most `COMPOUNDS_MAX`.
 */
function compoundsAmong(known: ReadonlyMap<string, number>, word: string, compound: (term: string, typed: string) => boolean): string[] {
  const typed = foldText(word);
  if (!/^\p{L}+$/u.test(typed)) return [];
  return [...known]
    .filter(([term]) => compound(term, typed))
    .sort(([a, offersA], [b, offersB]) => offersB - offersA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, COMPOUNDS_MAX)
    .map(([term]) => term);
}

/**
 * The word of letters a typed start begins that most offers carry (the shorter, then the first in order, of those
 * carried alike), or null when no word of the index begins with it.
 */
function wordBegunBy({ known, byStart }: Pick<Vocabulary, 'known' | 'byStart'>, start: string): string | null {
  let best: string | null = null;
  let bestOffers = 0;
  for (const word of byStart.get(start.slice(0, 2)) ?? []) {
    if (word.length <= start.length || !word.startsWith(start)) continue;
    const offers = known.get(word) ?? 0;
    const better = best === null || offers > bestOffers || (offers === bestOffers && (word.length < best.length || (word.length === best.length && word < best)));
    if (better) {
      best = word;
      bestOffers = offers;
    }
  }
  return best;
}

/** The words of the index as last read: by length and by start, with how many offers carry each, and its model codes. */
interface Vocabulary {
  byLength: ReadonlyMap<number, readonly string[]>;
  /** The words by their first two letters, for a typed start to be completed without reading them all. */
  byStart: ReadonlyMap<string, readonly string[]>;
  known: ReadonlyMap<string, number>;
  codes: readonly string[];
}

/**
 * Letters of a unit after a number: a number typed alone ("256") is the size or capacity listings write with its unit
 * ("256GB"), which search reads as such, not a piece of a code to complete as "256G".
 */
const UNIT_AFTER_NUMBER = /^(?:g|gb|t|tb|m|mb|mm|cm|in|w|mp|hz|k|mah|l|ml|oz|qt)$/;

/** The catalog's word a typed one the catalog lacks most likely meant, or null (see `SpellingCorrector.correct`). */
function correctionOf(token: string, last: boolean, vocabulary: Vocabulary): string | null {
  const { byLength, known, codes } = vocabulary;
  if (!isWord(token)) {
    // A piece of a model code is completed where one code alone of the index completes it, that code written
    // with more letters or digits before or after it aside ("wh1000xm5" and "wf1000xm5" are "1000xm5" too).
    return onlyCode(codes.filter((code) => completesCode(token, code) && !UNIT_AFTER_NUMBER.test(code.slice(token.length))));
  }
  // The last word, cut short where the shopper stopped typing ("airpo", "macb"), is the word it begins.
  const begun = last ? wordBegunBy(vocabulary, token) : null;
  if (begun) return begun;
  const max = token.length >= TWO_EDITS_FROM ? 2 : 1;
  // Words of about the token's length (flatMap, not a spread: a big catalog has more words than a call takes arguments).
  const lengths = Array.from({ length: 2 * max + 1 }, (_, offset) => token.length - max + offset);
  return closestWord(token, lengths.flatMap((length) => byLength.get(length) ?? []), (candidate) => known.get(candidate) ?? 0);
}

/** Ranges of the vocabulary read one at a time: every two-letter prefix of a–z, each digit, then words that start elsewhere. */
const VOCABULARY_RANGES: ReadonlyArray<readonly [string, string]> = (() => {
  const list: Array<[string, string]> = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) list.push([`${first}${second}`, `${first}${String.fromCharCode(second.charCodeAt(0) + 1)}`]);
  }
  // Words beginning with a digit (model codes), a digit at a time, and with a letter outside a–z (accents are folded
  // by the tokenizer, other scripts are not).
  for (const digit of '0123456789') list.push([digit, String.fromCharCode(digit.charCodeAt(0) + 1)]);
  list.push(['{', '\u{10FFFF}']);
  return list;
})();

/** The list a map keeps under `key`, made empty the first time. */
function listIn<K>(lists: Map<K, string[]>, key: K): string[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}

/**
 * The index's words of letters, with how many offers carry each, grouped by length and by their first two letters, read
 * range by range and yielding to other work between ranges; null when stopped on the way.
 */
async function readVocabulary(index: Pick<SearchIndexRepository, 'vocabulary'>, stopped: () => boolean) {
  const byLength = new Map<number, string[]>();
  const byStart = new Map<string, string[]>();
  const known = new Map<string, number>();
  const codes: string[] = [];
  for (const [from, to] of VOCABULARY_RANGES) {
    if (stopped()) return null;
    for (const { word: term, offers } of await index.vocabulary(from, to)) {
      if (isCode(term)) codes.push(term);
      if (!isWord(term)) continue;
      known.set(term, offers);
      listIn(byLength, term.length).push(term);
      listIn(byStart, term.slice(0, 2)).push(term);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { byLength, byStart, known, codes };
}

/**
 * Spelling correction from the full-text index's own vocabulary: the words of letters it holds, with how many offers
 * carry each, read prefix by prefix between requests (a million offers hold about 150,000 terms, most of them model
 * numbers).
 */
export function createSpellingCorrector(index: Pick<SearchIndexRepository, 'vocabulary' | 'offerCounts'>): SpellingCorrector {
  /** Known words by length, for the candidates of a word to be those of about its length. */
  let byLength = new Map<number, string[]>();
  /** Known words by their first two letters, for a word cut short to be completed. */
  let byStart = new Map<string, string[]>();
  /** Known words and how many offers carried each when they were read. */
  let known = new Map<string, number>();
  /** The index's model codes, for a typed piece of one to be completed. */
  let codes: string[] = [];
  let building: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const build = async () => {
    do {
      again = false;
      const read = await readVocabulary(index, () => stopped);
      if (!read) return;
      ({ byLength, byStart, known, codes } = read);
    } while (again && !stopped);
  };

  const refresh = () => {
    if (stopped) return;
    if (building) {
      again = true;
      return;
    }
    building = build()
      // A read that failed (the database away, the app closing) leaves the words as they were; the next refresh reads again.
      .catch(() => undefined)
      .finally(() => {
        building = null;
      });
  };

  return {
    async correct(text: string): Promise<string | null> {
      const unread = indexWords(text).filter((token) => (isWord(token) && !known.has(token) && !COMMON_WORDS.has(token)) || isCodePiece(token));
      if (unread.length === 0) return null;
      // Words an import added since the words were read are known too.
      const counts = await index.offerCounts(unread);
      const unknown = unread.filter((token) => (counts.get(token) ?? 0) === 0);
      if (unknown.length === 0) return null;
      // The words are read on first need when nothing asked for them before (the command-line tools).
      if (!building && known.size === 0) refresh();
      const corrections = new Map<string, string>();
      const last = indexWords(text).at(-1);
      for (const token of unknown) {
        const word = correctionOf(token, token === last, { byLength, byStart, known, codes });
        if (word) corrections.set(token, word);
      }
      if (corrections.size === 0) return null;
      return text.replace(/[\p{L}\p{N}]+/gu, (token) => {
        const word = corrections.get(foldText(token));
        return word ? sameCase(token, word) : token;
      });
    },
    codesHolding(piece: string): string[] {
      const typed = foldText(piece);
      return isMixedPiece(typed) ? codes.filter((code) => holdsCode(code, typed)) : [];
    },
    compoundsOf: (word: string) => compoundsAmong(known, word, endsCompound),
    compoundsBegunBy: (word: string) => compoundsAmong(known, word, beginsCompound),
    offersCarrying: (word: string) => known.get(foldText(word)) ?? 0,
    refresh,
    async ready() {
      while (building) await building;
    },
    stop() {
      stopped = true;
    },
  };
}
