import { indexWords, textWords, type CatalogRepository, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { generationOf } from './generations';
import { namedBy } from './model-code';

/**
 * Model numbers typed loosely: "kxtg 6645 b", "sx 130", "c6656an" or "41u5254" for listings that write "KX-TG6645B",
 * "SX130IS", "C6656AN 140" or "41U5254". Typed words are read as a code by joining runs of them that mix letters and
 * digits; the catalog's offers split the same code wherever their listing put a dash or a space, so the code is looked
 * for in the full-text index as each way of splitting it once (or twice, for short codes) into adjacent words that the
 * index holds, the last one a prefix. An offer states the code when a run of its words, joined, is the code, or the code with a short
 * suffix of letters (a colour or region code), or the code without the letters the shopper typed after its last
 * digit ("SX110IS" for a listing of the "SX110"); never a code whose digits go on ("WH1000XM5" is no "WH1000XM52").
 */

/** Fewest letters and digits a typed code has. */
export const LOOSE_CODE_MIN = 5;
/**
 * Fewest characters of a code typed as one word of letters and digits ("zv1" for ZV-1, "g7x" for G7 X, "pt18" for
 * PT-18R): a listing must still state it, its words joined.
 */
export const GLUED_CODE_MIN = 3;
/** Most letters and digits a typed code has (longer runs are words, not a code). */
const LOOSE_CODE_MAX = 20;
/** A word of letters only this long or longer is a word of the name, not part of a code ("canon", "printer"). */
const NAME_WORD = 7;
/** Typed words a code may be joined from. */
const CODE_WORDS = 5;
/** Letters a listing's code may run on past the typed one, or the typed one past the listing's. */
const SUFFIX_LETTERS = 4;
/** The shortest last word of a code split into words (the one read as a prefix). */
const LAST_WORD_MIN = 2;
/** Codes up to this long are also looked for split into three words ("F3N401-06-ICE"). */
const TWO_SPLITS_MAX = 12;
/** The longest codes of the typed words that are looked for. */
const CODES_TRIED = 4;
/** Offers of each product read to check they state the code. */
const OFFERS_CHECKED = 16;
/**
 * Offers read for each product a code may name: the index answers the newest offers that carry a spelling, and a
 * model sold by many shops (the S24 Ultra's "SM-S928U" in each colour and size) has several offers per product.
 */
const OFFERS_PER_PRODUCT = 8;

const hasLetter = (text: string) => /\p{L}/u.test(text);
const hasDigit = (text: string) => /\p{N}/u.test(text);
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** A code read from typed words: the joined code (lower case), and the typed words outside it. */
export interface TypedCode {
  code: string;
  rest: string[];
}

/**
 * The codes typed words may be, longest first: every run of up to five adjacent words, none a long word of letters
 * only, that joined has letters and digits and five to twenty characters.
 */
export function typedCodes(query: string): TypedCode[] {
  const words = indexWords(query);
  const codes: TypedCode[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + CODE_WORDS); end++) {
      const run = words.slice(start, end);
      if (run.some((word) => !hasDigit(word) && word.length >= NAME_WORD)) break;
      const code = run.join('');
      // Digits alone are a code only as one typed word ("51644" for "51644C"): runs of numbers are sizes and counts.
      const mixed = hasLetter(code) && hasDigit(code);
      if (code.length < (run.length === 1 && mixed ? GLUED_CODE_MIN : LOOSE_CODE_MIN) || code.length > LOOSE_CODE_MAX || !(mixed || (run.length === 1 && /^\p{N}+$/u.test(code)))) continue;
      if (codes.some((entry) => entry.code === code)) continue;
      codes.push({ code, rest: [...words.slice(0, start), ...words.slice(end)] });
    }
  }
  return codes.sort((a, b) => b.code.length - a.code.length || a.code.localeCompare(b.code));
}

/**
 * The codes of the typed words looked for, in order: the longest few (`CODES_TRIED`), then each one typed as one word
 * that those leave out. Other words typed around a short code join it into longer runs that fill the few ("canon g7x
 * mark iii" reads "canong7xmarkiii", "canong7xmark", "g7xmarkiii" and "canong7x" first), while the word itself is the
 * code listings state.
 */
export function codesTried(query: string): TypedCode[] {
  const codes = typedCodes(query);
  const typedWords = indexWords(query).length;
  const longest = codes.slice(0, CODES_TRIED);
  return [...longest, ...codes.slice(CODES_TRIED).filter((entry) => entry.rest.length === typedWords - 1)];
}

/** The code without the letters after its last digit, when one to four follow it and five characters stay. */
export function withoutSuffix(code: string): string | null {
  const match = /^(.*\d)(\p{L}{1,4})$/u.exec(code);
  return match?.[1] && match[1].length >= LOOSE_CODE_MIN ? match[1] : null;
}

/**
 * The code as the index may hold it: whole, and split into two or (codes up to twelve long) three adjacent words, the
 * words before the last being words the index holds (`known`), the last of two characters or more (one in a code
 * shorter than `LOOSE_CODE_MIN`); words joined by spaces.
 */
export function codeSpellings(code: string, known: (word: string) => boolean): string[] {
  const spellings = [code];
  // The last word is read as a prefix: one character would match a great many words, unless the code is short and
  // the words before it narrow it ("zv 1" of "zv1").
  const last = code.length - (code.length < LOOSE_CODE_MIN ? 1 : LAST_WORD_MIN);
  for (let i = 1; i <= last; i++) {
    if (!known(code.slice(0, i))) continue;
    spellings.push(`${code.slice(0, i)} ${code.slice(i)}`);
    if (code.length > TWO_SPLITS_MAX) continue;
    for (let j = i + 1; j <= last; j++) if (known(code.slice(i, j))) spellings.push(`${code.slice(0, i)} ${code.slice(i, j)} ${code.slice(j)}`);
  }
  return spellings;
}

/** The words a spelling of the code may begin with or hold before its last word (`codeSpellings`). */
export function codeParts(code: string): string[] {
  const parts = new Set<string>();
  for (let i = 1; i < code.length; i++) {
    parts.add(code.slice(0, i));
    if (code.length <= TWO_SPLITS_MAX) for (let j = i + 1; j < code.length; j++) parts.add(code.slice(i, j));
  }
  return [...parts];
}

/**
 * Letters that make `shorter` (a code with a digit) another generation, not the same model with a colour or region
 * code: they go on with the Roman numeral it ends with ("Z6II" and "Z6III"), or are one of two letters or more after
 * its last digit ("Z6" and "Z6III").
 */
function anotherGeneration(shorter: string, extra: string): boolean {
  const tail = /(\d)(\p{L}*)$/u.exec(shorter)?.[2];
  if (tail === undefined) return false;
  return (/[ivx]$/.test(tail) && /^[ivx]/.test(extra)) || (tail === '' && extra.length >= 2 && generationOf(extra) !== null);
}

/**
 * True when `found` (a run of a listing's words, joined) is `code`, or it with a short suffix of letters or without one,
 * none of them another generation (`anotherGeneration`).
 */
function sameCode(found: string, code: string): boolean {
  if (found === code) return true;
  if (found.startsWith(code)) {
    const extra = found.slice(code.length);
    return extra.length <= SUFFIX_LETTERS && !(isDigit(code[code.length - 1]) && isDigit(extra[0])) && !anotherGeneration(code, extra);
  }
  if (code.startsWith(found)) {
    const extra = code.slice(found.length);
    return found.length >= LOOSE_CODE_MIN && isDigit(found[found.length - 1]) && /^\p{L}{1,4}$/u.test(extra) && !anotherGeneration(found, extra);
  }
  return false;
}

/**
 * True when some run of adjacent words of the text, joined, states the code (`sameCode`). Every word is read where the
 * text writes it, a word said before too: "Vaio CS110E/R Notebook VGNCS110E/R" states "vgncs110er".
 */
export function statesCode(text: string, code: string): boolean {
  const words = textWords(text);
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length && joined.length < code.length + SUFFIX_LETTERS; end++) {
      joined += words[end];
      if (sameCode(joined, code)) return true;
      if (!code.startsWith(joined) && !joined.startsWith(code)) break;
    }
  }
  return false;
}

/**
 * Finds the products whose offers state a loosely typed model number (see above), when the other typed words are all
 * in the product's name or brand (`namedBy`).
 */
export function createLooseCodeLookup(deps: {
  index: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems' | 'getProducts'>;
  limit: number;
}) {
  const { index, catalog, limit } = deps;

  /** Products with an offer whose words hold one spelling of the code (the last word as a prefix). */
  async function carrying(code: string): Promise<number[]> {
    const counts = await index.offerCounts(codeParts(code));
    const ids = new Set<number>();
    for (const spelling of codeSpellings(code, (word) => (counts.get(word) ?? 0) > 0)) {
      for (const found of await index.productsCarrying([], spelling, limit * OFFERS_PER_PRODUCT)) ids.add(found.productId);
      if (ids.size >= limit) break;
    }
    return [...ids];
  }

  /** The products among `ids` one of whose offers states the typed code, and whose name holds the other words. */
  async function stating(ids: readonly number[], typed: TypedCode): Promise<number[]> {
    if (ids.length === 0) return [];
    const refs = await catalog.offerRefsOfProducts(ids, OFFERS_CHECKED);
    const items = await catalog.offerItems([...refs.values()].flat().map((ref) => ref.id));
    const products = await catalog.getProducts(ids);
    return ids.filter((id) => {
      const product = products.get(id);
      if (!product) return false;
      if (!namedBy(typed.rest, product)) return false;
      return (refs.get(id) ?? []).some((ref) => {
        const item = items.get(ref.id);
        return item !== undefined && (statesCode(item.title, typed.code) || (item.model !== null && statesCode(item.model, typed.code)));
      });
    });
  }

  return {
    /** The products a code among the typed words names, from the longest code that names any; empty when none does. */
    async productsStating(query: string): Promise<number[]> {
      for (const typed of codesTried(query)) {
        // Looked for as typed, then without the letters after its last digit (listings that leave off a region code).
        for (const code of [typed.code, withoutSuffix(typed.code)]) {
          if (code === null) continue;
          const found = await stating(await carrying(code), typed);
          if (found.length > 0) return found.slice(0, limit);
        }
      }
      return [];
    },
  };
}

export type LooseCodeLookup = ReturnType<typeof createLooseCodeLookup>;
