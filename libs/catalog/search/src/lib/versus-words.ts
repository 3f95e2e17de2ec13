/**
 * Two things typed to be weighed against each other ("galaxy s24 vs s23", "airpods versus airpods pro"): each side is
 * searched as words of its own and the products of both are listed, the first side's first. A second side with fewer
 * words than the first names another model of the first's line ("s23" of "samsung galaxy s24"): it is searched with the
 * first side's leading words before it ("samsung galaxy s23"), as typed when those find nothing. Where neither side
 * finds anything, the words are searched whole.
 */
import type { Found } from './found';
import { MATCH_LIMIT } from './search-words';

/** The word between the two sides. */
const VERSUS = /\s+(?:vs\.?|versus)\s+/i;
/**
 * The word at the end of the words, the other side not typed (yet): "iphone vs", "ps5 or". One at their start may be a
 * name ("VS Sassoon").
 */
const DANGLING_VERSUS = /\s+(?:vs\.?|versus|or)$/i;

/** The words without a "vs" or an "or" at their end ("iphone vs" is "iphone"), or null when they have none. */
export function withoutDanglingVersus(text: string): string | null {
  const trimmed = text.trim();
  const kept = trimmed.replace(DANGLING_VERSUS, '').trim();
  return kept !== trimmed && kept !== '' ? kept : null;
}

/** Words typed with a "vs" or an "or" at their end, searched without it (`withoutDanglingVersus`: `words`) and said so. */
export async function withoutVersusFound(look: (words: string) => Promise<Found>, words: string): Promise<Found> {
  const found = await look(words);
  return { ...found, correctedQuery: found.correctedQuery ?? words };
}

/** Products listed of one side at most: both sides fit in the list. */
const SIDE_LIMIT = MATCH_LIMIT / 2;

/** The two sides of words typed around "vs" or "versus", or null when the words have not exactly two. */
export function versusSides(text: string): [string, string] | null {
  const sides = text.trim().split(VERSUS);
  if (sides.length !== 2) return null;
  const [first, second] = sides.map((side) => side.trim());
  return first && second ? [first, second] : null;
}

/** The second side after the first side's leading words, as many as the first has more ("s23" → "samsung galaxy s23"); null when it has as many. */
export function withLeadingWords(first: string, second: string): string | null {
  const lead = first.split(/\s+/);
  const own = second.split(/\s+/);
  return own.length < lead.length ? [...lead.slice(0, lead.length - own.length), ...own].join(' ') : null;
}

/** The products one side's answer names or lists. */
const sideIds = (found: Found) => (found.productId !== null ? [found.productId] : found.matchIds.slice(0, SIDE_LIMIT));

/**
 * What both sides find (`look` searches words as typed words are), listed together with the words searched as what was
 * searched when they differ from those typed (joined by `joining`, the word typed between them); null when neither
 * side finds a product.
 */
export async function versusFound(look: (words: string) => Promise<Found>, sides: readonly [string, string], joining = 'vs'): Promise<Found | null> {
  const [first, second] = sides;
  const a = await look(first);
  const fuller = withLeadingWords(first, second);
  const filled = fuller ? await look(fuller) : null;
  const [b, secondWords] = filled && filled.complete !== false && sideIds(filled).length > 0 ? [filled, fuller ?? second] : [await look(second), second];
  const ids = [...new Set([...sideIds(a), ...sideIds(b)])];
  if (ids.length === 0) return null;
  const searched = `${a.correctedQuery ?? first} ${joining} ${b.correctedQuery ?? secondWords}`;
  return {
    ...a,
    ranked: [...a.ranked, ...b.ranked],
    productId: null,
    confidence: 0,
    matchIds: ids,
    correctedQuery: searched === `${first} ${joining} ${second}` ? null : searched,
    lent: null,
    complete: true,
    ofKind: false,
  };
}

/** The word between two things typed as a choice between them ("ps5 or xbox"). */
const EITHER = /\s+or\s+/i;

/**
 * Words typed as a choice between two things ("ps5 or xbox", "kindle or kobo"): searched whole first, for "or" may be
 * part of what is sought ("black or white airpods" finds the AirPods in either); where the whole finds nothing, each
 * side is searched as `versusFound` searches them, and what both find is listed, said as "ps5 or xbox".
 */
export async function eitherFound(look: (words: string) => Promise<Found>, words: string): Promise<Found> {
  const whole = await look(words);
  const sides = words.trim().split(EITHER).map((side) => side.trim());
  const [first, second] = sides;
  if (whole.productId !== null || whole.matchIds.length > 0 || sides.length !== 2 || !first || !second) return whole;
  return (await versusFound(look, [first, second], 'or')) ?? whole;
}
