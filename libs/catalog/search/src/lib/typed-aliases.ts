/**
 * What shoppers type for what listings write: a brand's other name ("hewlett packard" for HP, `brandAliasSpellings`),
 * the short name of a product line ("ps5" for PlayStation 5), another word for a kind ("television" for TV) and the
 * initials of a feature ("anc" for noise cancelling). Typed
 * words holding a name the catalog's offers never carry are searched with the spelling of that name its offers carry
 * most; a name the catalog carries is meant as typed.
 */
import { brandAliasSpellings } from '@pricehunt/catalog-matching';
import { indexWords, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { JOINING_WORDS } from './unknown-words';

/**
 * Short names shoppers type for a line's name, alone or glued to a model's number: "ps5" and "ps 5" for PlayStation
 * 5, "qc45" for QuietComfort 45, "qc ultra", "fr965" for Garmin's Forerunner 965.
 */
export const LINE_PREFIXES: Readonly<Record<string, string>> = {
  ps: 'playstation',
  qc: 'quietcomfort',
  fr: 'forerunner',
};

/**
 * Letters shoppers glue to a model's number for a line whose listings write its name ("a7 iv", "a7c ii", "a6400" for
 * Sony's Alpha 7 IV, Alpha 7C II, Alpha 6400), read only so glued: alone, "a" is a word.
 */
export const NUMBER_PREFIXES: Readonly<Record<string, string>> = {
  a: 'alpha',
};

/** Short names shoppers type for product lines whose listings write them out. */
export const LINE_SHORT_NAMES: Readonly<Record<string, string>> = {
  psvr2: 'playstation vr2',
  xsx: 'xbox series x',
  xss: 'xbox series s',
  mba: 'macbook air',
  mbp: 'macbook pro',
};

/**
 * Other words shoppers type for a kind of product, where listings write the first: "television" for TV, "cellphone"
 * for smartphone, "earphones" and "in-ear headphones" for earbuds, "vacuum cleaner" for vacuum, "ebook reader" for
 * e-reader, "external ssd" for portable SSD. Each name of a group is one kind, in either number.
 */
export const KIND_NAMES: ReadonlyArray<readonly string[]> = [
  ['tv', 'television', 'televisions'],
  ['vacuum', 'vacuum cleaner', 'vacuum cleaners'],
  ['smartphone', 'cellphone', 'cellphones'],
  ['earbuds', 'earphones', 'earphone', 'in ear headphones', 'in ear headphone', 'in ear earphones'],
  ['refrigerator', 'fridge', 'fridges'],
  ['e reader', 'e readers', 'ereader', 'ereaders', 'ebook reader', 'ebook readers', 'e book reader'],
  ['portable ssd', 'portable ssds', 'external ssd', 'external ssds'],
  ['portable hard drive', 'portable hard drives', 'external hard drive', 'external hard drives'],
];

/**
 * Initials shoppers type for a feature whose listings write it out: "anc" for active noise cancelling, which listings
 * write "Noise Cancelling" or "Noise Canceling", some with "Active" or "Adaptive" before it.
 */
export const FEATURE_NAMES: ReadonlyArray<readonly string[]> = [['anc', 'noise cancelling', 'noise canceling']];

/** The most typed words one name takes ("black and decker"). */
const MAX_NAME_WORDS = 3;

/**
 * Each group of spellings of one name (a brand and its aliases, a line and its short name, that written with a space
 * before its number: "ps 5"), as index words.
 */
function nameGroups(): string[][] {
  const groups = [...brandAliasSpellings()].map(([brand, aliases]) => [brand, ...aliases]);
  for (const [short, name] of Object.entries(LINE_SHORT_NAMES)) groups.push([short, short.replace(/^(\p{L}+)(\p{N}+)$/u, '$1 $2'), name]);
  for (const [short, name] of Object.entries(LINE_PREFIXES)) groups.push([short, name]);
  groups.push(...[...KIND_NAMES, ...FEATURE_NAMES].map((group) => [...group]));
  return groups.map((group) => [...new Set(group.map((spelling) => indexWords(spelling).join(' ')).filter(Boolean))]);
}

/** A name found among typed words: where it stands and its other spellings. */
interface TypedName {
  start: number;
  end: number;
  spellings: readonly string[];
}

/** The names among typed words, left to right, the longest at each place. */
function namesIn(words: readonly string[], groupOf: ReadonlyMap<string, readonly string[]>): TypedName[] {
  const names: TypedName[] = [];
  for (let start = 0; start < words.length; ) {
    let found: TypedName | null = null;
    for (let end = Math.min(words.length, start + MAX_NAME_WORDS); end > start && !found; end--) {
      const spellings = groupOf.get(words.slice(start, end).join(' '));
      if (spellings) found = { start, end, spellings };
    }
    if (found) names.push(found);
    start = found ? found.end : start + 1;
  }
  return names;
}

/** A generation in Roman numerals at the end of a model's name glued to its number ("a7iv", "a7cii", "a7rv"). */
const ROMAN_END = /^(\p{L}*?)(iii|ii|iv|vi|v)$/u;
/** A generation glued after the letters as a digit ("a7c2", "a7r5"), in the Roman numerals listings write it in. */
const ROMAN_OF: Readonly<Record<string, string>> = { '2': 'ii', '3': 'iii', '4': 'iv', '5': 'v', '6': 'vi' };

/**
 * The groups of spellings with those of each typed word that glues a model's number to a line's short name ("qc45":
 * "qc 45", "quietcomfort 45"; "a7c": "alpha 7c"), a generation glued after it written apart ("a7iv": "alpha 7 iv").
 */
function withPrefixedNumbers(words: readonly string[], groupOf: ReadonlyMap<string, readonly string[]>): ReadonlyMap<string, readonly string[]> {
  const glued = words.flatMap((word) => {
    const [, short = '', number, rest = '', digit] = /^(\p{L}+)(\p{N}+)(\p{L}*)(?:(?<=\p{L})([2-6]))?$/u.exec(word) ?? [];
    const line = LINE_PREFIXES[short];
    const name = line ?? NUMBER_PREFIXES[short];
    if (name === undefined || groupOf.has(word) || (line !== undefined && (rest !== '' || digit !== undefined))) return [];
    const [, letters = rest, generation = digit === undefined ? undefined : ROMAN_OF[digit]] = ROMAN_END.exec(rest) ?? [];
    const model = `${number}${letters}${generation ? ` ${generation}` : ''}`;
    // Letters read only glued to a number are written out alone: "a 7" would be read as the word "a".
    return [line === undefined ? [word, `${name} ${model}`] : [word, `${short} ${model}`, `${name} ${model}`]];
  });
  if (glued.length === 0) return groupOf;
  const all = new Map(groupOf);
  for (const group of glued) for (const spelling of group) all.set(spelling, group);
  return all;
}

export function createTypedAliases(index: Pick<SearchIndexRepository, 'offerCounts' | 'productsCarrying'>) {
  const groupOf = new Map<string, readonly string[]>();
  for (const group of nameGroups()) for (const spelling of group) groupOf.set(spelling, group);

  return {
    /**
     * The typed words with each name the catalog's offers never carry written as they carry it most (lower case, as
     * index words), or null when no such name is typed or none of its spellings is carried.
     */
    rewrite: (text: string) => rewriteNames(text, () => true),
    /**
     * As `rewrite`, for the names only that hold a word searches read as nothing alone ("in" of "in ear headphones",
     * which "on-ear headphones" hold but for it): such a name is read before the words are searched at all.
     */
    rewriteUnread: (text: string) => rewriteNames(text, (typed) => typed.some((word) => JOINING_WORDS.has(word))),
  };

  /**
   * The typed words with each name that `which` takes and the offers never carry (`typedCarried`) written as they
   * carry it most, or null when none is.
   */
  async function rewriteNames(text: string, which: (typed: readonly string[]) => boolean): Promise<string | null> {
    const words = indexWords(text);
    const names = namesIn(words, withPrefixedNumbers(words, groupOf)).filter((name) => which(words.slice(name.start, name.end)));
    if (names.length === 0) return null;
    const counts = await index.offerCounts([...new Set(names.flatMap((name) => name.spellings.flatMap((spelling) => spelling.split(' '))))]);
    // Offers carrying a spelling: at most as many as carry its rarest word.
    const carried = (spelling: string) => Math.min(...spelling.split(' ').map((word) => counts.get(word) ?? 0));
    // A name of several words is carried where a listing says it, its words together and in order (the last as the
    // start of a word, as the index reads it): "vacuum cleaner" is not carried because vacuums say "vacuum" and a
    // carpet cleaner "cleaner", nor "in ear headphones" because on-ear headphones say "ear headphones" and "in" elsewhere.
    const saidTogether = async (spelling: string) => !spelling.includes(' ') || (await index.productsCarrying([], spelling, 1)).length > 0;
    const typedCarried = async (typed: string) => carried(typed) > 0 && (await saidTogether(typed));
    const out: string[] = [];
    let from = 0;
    let changed = false;
    for (const name of names) {
      out.push(...words.slice(from, name.start));
      const typed = words.slice(name.start, name.end).join(' ');
      const best = (await mostCarried(name.spellings, carried, saidTogether)) ?? lineWrittenOut(name.spellings, typed, carried);
      const rewritten = best !== null && best !== typed && !(await typedCarried(typed));
      out.push(rewritten ? best : typed);
      changed ||= rewritten;
      from = name.end;
    }
    out.push(...words.slice(from));
    return changed ? out.join(' ') : null;
  }
}

/**
 * A line's short name glued to a number the catalog sells no model of ("ps4", "qc35"): written out where offers carry
 * the line's name ("playstation 4"), so that the line's other models stand as similar products; null otherwise.
 */
function lineWrittenOut(spellings: readonly string[], typed: string, carried: (spelling: string) => number): string | null {
  return spellings.find((spelling) => spelling !== typed && Object.values(LINE_PREFIXES).some((line) => spelling.startsWith(`${line} `) && carried(line) > 0)) ?? null;
}

/** The spelling of a name the most offers carry (said together, where it has several words), or null when none is carried. */
async function mostCarried(spellings: readonly string[], carried: (spelling: string) => number, saidTogether: (spelling: string) => Promise<boolean>): Promise<string | null> {
  const ranked = spellings
    .map((spelling) => ({ spelling, offers: carried(spelling) }))
    .filter((entry) => entry.offers > 0)
    .sort((a, b) => b.offers - a.offers || a.spelling.localeCompare(b.spelling));
  for (const { spelling } of ranked) if (await saidTogether(spelling)) return spelling;
  return null;
}

export type TypedAliases = ReturnType<typeof createTypedAliases>;
