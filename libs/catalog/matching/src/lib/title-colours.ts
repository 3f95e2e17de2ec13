/**
 * The colour of a product's name: where a listing names it (its last part, or the colour other shops end theirs with),
 * the words that name one, and a colour one shop writes short ("Titanium" where most write "Titanium Gray").
 */
import { canonicalColour, colourSpellings, extractColours } from './extract';
import { foldedTokens, PUNCTUATION, wordsOf, type Word } from './title-words';

/** What a listing's colour is read with: which words most shops say, and the colour words of the listing. */
export interface ColourReading {
  agreed: (token: string) => boolean;
  colours: ReadonlySet<string>;
}

/** A word that tells one variant or model from another: it holds a figure. */
const FIGURE = /\d/;

/** Nouns that make a colour before them a feature, not the item's colour: "Low Blue Light", "White Noise". */
const FEATURE_AFTER_COLOUR = /^(?:light|noise|dot|tooth)s?\b/i;

/** Whether the word after a colour word makes it a feature's ("Blue Light"). */
export const featureFollows = (words: readonly Word[], index: number) => FEATURE_AFTER_COLOUR.test(words[index + 1]?.text ?? '');

const flat = (list: readonly Word[]) => list.map((word) => word.tokens.join(' ')).join(' ');

/** A colour tail of the listings: its words as written, how many words, whether a list of colours names one, and how many listings end so. */
interface ColourTail {
  words: readonly Word[];
  named: boolean;
  listings: number;
}

/** The colours listings end with (`colourTailStart`), by their folded words. */
function colourTails(listings: readonly string[], reading: ColourReading): Map<string, ColourTail> {
  const tails = new Map<string, ColourTail>();
  for (const listing of listings) {
    const theirs = wordsOf(listing);
    const colours = colourTokens(listing);
    const start = colourTailStart(theirs, { ...reading, colours });
    if (start === null) continue;
    const tail = theirs.slice(start);
    const named = tail.some((word) => word.tokens.some((token) => colours.has(token)));
    const seen = tails.get(flat(tail));
    tails.set(flat(tail), { words: seen?.words ?? tail, named, listings: (seen?.listings ?? 0) + 1 });
  }
  return tails;
}

/**
 * Where the listing's colour starts when its last part names one ("…, Smoky Pink") or is one word most shops say
 * ("… - Sandstone"); null when it does not (the colour words are then found one by one).
 */
export function colourTailStart(words: readonly Word[], reading: ColourReading): number | null {
  let lastPart = 0;
  words.forEach((word, index) => {
    // Punctuation parts a listing ("… - Sandstone", "…, Black"); a joining word ("for", "with") does not.
    if (PUNCTUATION.test(word.text) || /,$/.test(word.text)) lastPart = index + 1;
  });
  const tail = words.slice(lastPart);
  const [only] = tail.length === 1 ? tail : [];
  const tailIsColour =
    lastPart > 1 &&
    !FEATURE_AFTER_COLOUR.test(tail[tail.length - 1]?.text ?? '') &&
    tail.length > 0 &&
    ((tail.length <= 3 && tail.some((word) => word.tokens.some((token) => reading.colours.has(token)))) ||
      (only !== undefined && only.tokens.length === 1 && !FIGURE.test(only.text) && only.tokens.every(reading.agreed)));
  if (!tailIsColour) return null;
  // "Black & Brass", "Black / Red": a sign between a colour and the colour tail joins them into one colour.
  const sign = words[lastPart - 1]?.text ?? '';
  const before = words[lastPart - 2];
  const joined = /^[&/+]$/.test(sign) && lastPart > 3 && before !== undefined && !/,$/.test(before.text) && before.tokens.some((token) => reading.colours.has(token));
  return joined ? lastPart - 2 : lastPart;
}

/** A colour word as a name shows it: a shop's short form spelled out ("Blk" → "Black"), any other as written. */
export function spelledColour(text: string): string {
  const [token] = foldedTokens(text);
  const [colour] = token !== undefined && token.length <= 3 ? extractColours(token) : [];
  const abbreviates = colour !== undefined && colour !== token && new RegExp(`^${[...(token ?? '')].join('.*')}`).test(colour);
  return abbreviates ? text.replace(/\p{L}+/u, colour.replace(/^\p{L}/u, (first) => first.toUpperCase())) : text;
}

/** The folded words of a title that name a colour, as written and canonical ("grey" and "gray", the words of "space gray"). */
export function colourTokens(title: string): Set<string> {
  const spellings = colourSpellings(title);
  return new Set([...spellings, ...spellings.map(canonicalColour)].flatMap((colour) => colour.split(' ')));
}

/**
 * Where the listing names its colour: its own last part when that is one (`colourTailStart`), otherwise the longest
 * colour another shop ends its listing with, wherever this listing writes it ("Laptop Ice Blue" where another shop
 * writes "Laptop - Ice Blue"; "E-Reader Raspberry" where two write "E-Reader, Raspberry"); empty when neither is found.
 */
export function colourPlaces(words: readonly Word[], listings: readonly string[], reading: ColourReading): Set<number> {
  const own = colourTailStart(words, reading);
  if (own !== null) return new Set(words.map((_, index) => index).filter((index) => index >= own));
  const tails = colourTails(listings, reading);
  let best = new Set<number>();
  for (const [phrase, tail] of tails) {
    // A word no list of colours holds ("Raspberry", "Jade") is a colour where two listings end with it alone.
    if ((!tail.named && tail.listings < 2) || tail.words.length <= best.size) continue;
    const at = words.findIndex((_, index) => flat(words.slice(index, index + tail.words.length)) === phrase);
    if (at >= 0) best = new Set(Array.from({ length: tail.words.length }, (_, offset) => at + offset));
  }
  return best;
}

/**
 * The colour most listings end with that goes on from the one a name took from its listing ("Titanium Gray", ended so
 * by two listings, for the "Titanium" of a third: a shop that writes the colour short), written as a name shows it; null
 * when none does, or fewer than two listings end so, or no more than end with the name's own.
 */
export function fullerColour(colour: string, listings: readonly string[], reading: ColourReading): string | null {
  const said = foldedTokens(colour).join(' ');
  const tails = colourTails(listings, reading);
  const own = tails.get(said)?.listings ?? 0;
  let best: ColourTail | null = null;
  for (const [phrase, tail] of tails) {
    if (!phrase.startsWith(`${said} `) || !tail.named || tail.listings < 2 || tail.listings <= own) continue;
    if (best === null || tail.listings > best.listings) best = tail;
  }
  return best === null ? null : best.words.map((word) => spelledColour(word.text.replace(/,$/, ''))).join(' ');
}
