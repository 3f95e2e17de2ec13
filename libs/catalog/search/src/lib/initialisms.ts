/**
 * A name typed as its initials, which listings write out: "airpods 4 anc" for the AirPods 4 "with Active Noise
 * Cancellation". A typed word of three or four letters that no offer carries is read as the run of words, in the
 * titles of the products the words rank best, whose first letters spell it; tried when the words find little, and
 * kept only when what the words so written find holds every one of them (`typed-rewrites.ts`).
 */

/** Letters of a word read as initials. */
const INITIALS = /^\p{L}{3,4}$/u;
/** Titles of the best-ranked products the written-out words are looked for in. */
const TITLES_READ = 12;

/** The words of `title` (letters and digits) in order, lower case. */
const titleWords = (title: string) => title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The run of a title's words whose first letters spell `initials`, each a word of letters of two or more, with the
 * "with" before it that makes it a feature of the item ("with Active Noise Cancellation", not noise cancellation for
 * AirPods); or null.
 */
function spelledOut(title: string, initials: string): string | null {
  const words = titleWords(title);
  for (let at = 0; at + initials.length <= words.length; at++) {
    const run = words.slice(at, at + initials.length);
    if (run.every((word, i) => word.length >= 2 && /^\p{L}+$/u.test(word) && word[0] === initials[i])) return [...(words[at - 1] === 'with' ? ['with'] : []), ...run].join(' ');
  }
  return null;
}

/** What the reading looks in: which words offers carry, and the titles of the products the words rank best. */
export interface InitialsReads {
  offerCounts: (words: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  rankedTitles: (limit: number) => Promise<string[]>;
}

/** The typed words with each word that no offer carries written out as the ranked titles spell it, or null when none is. */
export async function initialismsWrittenOut(reads: InitialsReads, text: string): Promise<string | null> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const candidates = [...new Set(words.filter((word) => INITIALS.test(word)))];
  if (candidates.length === 0) return null;
  const counts = await reads.offerCounts(candidates);
  const unknown = candidates.filter((word) => (counts.get(word) ?? 0) === 0);
  if (unknown.length === 0) return null;
  const titles = await reads.rankedTitles(TITLES_READ);
  const written = new Map<string, string>();
  for (const initials of unknown) {
    // The spelling most titles give.
    const spellings = new Map<string, number>();
    for (const title of titles) {
      const run = spelledOut(title, initials);
      if (run !== null) spellings.set(run, (spellings.get(run) ?? 0) + 1);
    }
    const best = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (best) written.set(initials, best[0]);
  }
  if (written.size === 0) return null;
  return words.map((word) => written.get(word) ?? word).join(' ');
}
