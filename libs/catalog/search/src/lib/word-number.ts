/**
 * Words typed in the other number than listings write them: a shopper looks for "laptops", "tvs" or "cameras", and a
 * listing names the one item it sells ("Laptop", "Smart TV", "Mirrorless Camera"); "earbud" is typed for what listings
 * call "Earbuds". Words that find little as typed are searched with each word of letters written in the other number
 * that offers carry (the form most offers carry); the answer is for the words as typed, as they mean the same. A word's
 * own count tells nothing here: the index holds the listings' categories too ("Computers > Laptops").
 */

const LETTERS = /^\p{L}+$/u;
/** A word shorter than this is left as typed: "tvs" is the shortest plural read. */
const NUMBER_MIN = 3;

/** Plurals not made with an "s", both ways. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['mice', 'mouse'],
  ['mouse', 'mice'],
  ['knives', 'knife'],
  ['knife', 'knives'],
  ['shelves', 'shelf'],
  ['shelf', 'shelves'],
]);

/**
 * Words whose plural adds "es" ("box", "watch", "brush", "hero"), and such plurals: "games" is "game" and no "gam",
 * which, read as the start of a word, would be "gaming" too.
 */
const ES_SINGULAR = /(?:x|z|ch|sh|o)$/;
const ES_PLURAL = /(?:s|x|z|ch|sh|o)es$/;

/** The other numbers a word may be written in: "laptops" → "laptop", "watches" → "watch", "batteries" → "battery"; "earbud" → "earbuds"; "mice" → "mouse". */
export function otherNumbers(word: string): string[] {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return [irregular];
  const forms: string[] = [];
  if (word.endsWith('ies') && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  if (ES_PLURAL.test(word) && word.length > 4) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && word.length >= NUMBER_MIN) forms.push(word.slice(0, -1));
  if (!word.endsWith('s')) forms.push(`${word}s`, ...(ES_SINGULAR.test(word) ? [`${word}es`] : []));
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

/**
 * The typed words with each word of letters written in the other number that offers carry, or null when no word has
 * one. `offerCounts` says how many offers carry each word (the search index's, lower case).
 */
export async function inListingsNumber(text: string, offerCounts: (words: readonly string[]) => Promise<Map<string, number>>): Promise<string | null> {
  const words = text.split(/\s+/).filter(Boolean);
  const read = words.map((word) => word.toLowerCase()).filter((word) => word.length >= NUMBER_MIN && LETTERS.test(word));
  if (read.length === 0) return null;
  const counts = await offerCounts([...new Set(read.flatMap((word) => [word, ...otherNumbers(word)]))]);
  const carried = (word: string) => counts.get(word) ?? 0;
  let changed = false;
  const written = words.map((typed) => {
    const word = typed.toLowerCase();
    if (word.length < NUMBER_MIN || !LETTERS.test(word)) return typed;
    const [best] = otherNumbers(word)
      .filter((form) => carried(form) > 0)
      .sort((a, b) => carried(b) - carried(a));
    if (best === undefined) return typed;
    changed = true;
    return best;
  });
  return changed ? written.join(' ') : null;
}
