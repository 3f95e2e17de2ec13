/**
 * What tells a product from the others of a grid where its card's title cannot: a card clamps its title to two lines,
 * and products of one name differ where the clamp cuts ("Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones
 * (Silver)" beside its Smoky Pink and Midnight Blue). So each card says, on a line of its own, the words of its title
 * past what two lines surely show that few other titles of the grid hold.
 */

/** Words a card's line of differences holds at most. */
export const MAX_DIFFERENCE_WORDS = 5;
/**
 * Characters of a title that a card's two lines surely show; words that begin later may be hidden. Measured in Chromium
 * on the demo's grids: a clamped title's first hidden character is at 38 or later on a phone and at 1280 pixels, but
 * from 25 (a tenth of them before 31) at 600 and 960 pixels, where three and two columns are narrowest.
 */
export const SHOWN_CHARACTERS = 30;

/** Words that join the others ("Case with Sport Band"): no difference a shopper reads, though some titles leave them out. */
const JOINING = new Set(['with', 'and', 'for', 'of', 'in', 'the', 'a', 'an', 'by', 'to', 'w', 'plus']);

/** Words that say nothing alone, only what the word before them is ("Body Only", "Creator Combo", "Disc Edition"). */
const QUALIFIERS = new Set(['only', 'edition', 'combo', 'bundle', 'kit', 'version', 'set']);

interface Word {
  /** As the title writes it, without the brackets and commas around it. */
  written: string;
  /** Lower case, letters and digits only: how words are compared. */
  key: string;
  /** Where the word begins in the title. */
  at: number;
  /** Where the part of brackets the word is in begins ("(Space Gray)", "Mecha Gray)" of "(16GB, Mecha Gray)"), or -1. */
  group: number;
}

/** A size in inches as titles write it, in brackets or not ("(32")", "27”,"): its number. */
const INCHES = /^[([{]*(\d+(?:\.\d+)?)["”][)\]},;:.]*$/u;

/** A word as the title writes it, without the brackets and punctuation around it; a size keeps its inch mark ("32""). */
function written(word: string): string {
  const inches = INCHES.exec(word);
  return inches ? `${inches[1]}"` : word.replace(/^[([{"'“]+|[)\]}"'”,;:.]+$/gu, '');
}

function wordsOf(title: string): Word[] {
  // A bracket's parts, which commas part ("(16GB RAM, 512GB SSD, Mecha Gray)"), are groups of their own.
  let group = -1;
  let partEnds = false;
  return [...title.matchAll(/\S+/g)]
    .map((match) => {
      const at = match.index ?? 0;
      if (match[0].startsWith('(') || (partEnds && group >= 0)) group = at;
      const word = { written: written(match[0]), key: match[0].toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''), at, group };
      if (match[0].includes(')')) group = -1;
      partEnds = match[0].endsWith(',');
      return word;
    })
    .filter((word) => word.key.length > 0 && !JOINING.has(word.key));
}

/** The words chosen, each with the other words of its brackets ("Gray" of "(Space Gray)" is shown as "Space Gray"). */
function withTheirBrackets(list: readonly Word[], chosen: ReadonlySet<Word>): Word[] {
  const groups = new Set([...chosen].filter((word) => word.group >= 0).map((word) => word.group));
  return list.filter((word) => chosen.has(word) || groups.has(word.group));
}

/** True when two words differ by one letter added, dropped or changed ("Canceling", "Cancelling"): a spelling, not a difference. */
function spelledAlike(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/**
 * For each title, its words that begin past `SHOWN_CHARACTERS` and that at most half the titles of the list hold (a
 * word spelled alike counts as held): the `MAX_DIFFERENCE_WORDS` held by the fewest, each once, with the other words
 * of their brackets and the word a qualifier is said of, in the title's order.
 * An empty string when it has none; fewer than two titles differ in nothing.
 */
export function titleDifferences(titles: readonly string[]): string[] {
  if (titles.length < 2) return titles.map(() => '');
  const words = titles.map(wordsOf);
  const keys = words.map((list) => list.map((word) => word.key));
  const holders = (key: string) => keys.filter((other) => other.some((held) => spelledAlike(held, key))).length;
  const few = Math.floor(titles.length / 2);
  return words.map((list) => {
    const seen = new Set<string>();
    const chosen = list
      .filter((word) => word.at >= SHOWN_CHARACTERS && !seen.has(word.key) && seen.add(word.key))
      .map((word, place) => ({ word, place, held: holders(word.key) }))
      .filter((entry) => entry.held <= few)
      .sort((a, b) => a.held - b.held || a.place - b.place)
      .slice(0, MAX_DIFFERENCE_WORDS)
      .map((entry) => entry.word);
    // A word that says only what the word before it is ("Body Only", "Creator Combo") is said with it.
    const qualified = chosen.flatMap((word) => {
      const before = list[list.indexOf(word) - 1];
      return QUALIFIERS.has(word.key) && before && before.group === word.group ? [before] : [];
    });
    return withTheirBrackets(list, new Set([...qualified, ...chosen]))
      .map((word) => word.written)
      .join(' ');
  });
}
