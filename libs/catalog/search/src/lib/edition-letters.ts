/**
 * An edition shoppers glue to a model's number as its first letters, which listings write out: "galaxy s24u" for the
 * Galaxy S24 Ultra, "iphone 16pm" for the iPhone 16 Pro Max, "iphone 15p" for the 15 Pro. Tried whatever the words as
 * typed find, and kept only when what it finds holds every word (`typed-rewrites.ts`).
 */

/** The letters, and the edition's words they stand for. */
const EDITIONS: Readonly<Record<string, string>> = { u: 'ultra', pm: 'pro max', p: 'pro' };

/**
 * A model's number with an edition's letters glued on: a line's letters and its number for "u" ("s24u"; a number
 * alone with a "u" is a rack's height, "12u"), a number of one or two digits for "p" and "pm" ("16pm"; "1080p" is a
 * screen's resolution), its letters before it or not ("s24p").
 */
const GLUED = /^(\p{L}{1,3}\d{1,3}|\d{1,2})(pm|p|u)$/iu;

/** The typed words with each edition glued to a number written out ("s24 ultra"), or null when none is. */
export function editionsWrittenOut(text: string): string | null {
  let changed = false;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [, number = '', letters = ''] = GLUED.exec(word) ?? [];
      const edition = EDITIONS[letters.toLowerCase()];
      if (edition === undefined || (letters.toLowerCase() === 'u' && !/\p{L}/u.test(number))) return word;
      changed = true;
      return `${number} ${edition}`;
    });
  return changed ? words.join(' ') : null;
}
