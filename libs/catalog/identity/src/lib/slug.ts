/**
 * Slug fallback: when a product page cannot be read, the words in its URL path often name the
 * product ("/Sony-WH-1000XM5-Wireless-Headphones/dp/B09XS7JWHH"). This picks the most word-like
 * path segment (the last one on a tie), drops ids, file extensions and routing words, and returns
 * the words as a search query. Affiliate deep links are unwrapped to the shop page first, and the
 * retailer's own product id (as @pricehunt/marketplace reads it) never counts as a word.
 */
import { extractProductId, unwrapDeepLink } from '@pricehunt/marketplace';

/** Path words that route rather than describe. */
const ROUTE_WORDS = new Set([
  'dp', 'gp', 'product', 'products', 'ip', 'site', 'p', 'itm', 'item', 'items', 'shop', 'store', 'buy', 'en', 'us',
  'en-us', 'en-gb', 'www', 'html', 'htm', 'php', 'aspx', 'index', 'detail', 'details', 'pd', 'sku', 'catalog',
  'category', 'c', 'b', 'ref', 'collections', 'all', 'view', 'listing', 'offer', 'offers', 'prd', 'pdp', 'a', 'id',
]);
const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'of', 'in', 'on', 'to', 'by', 'a', 'an', 'or', 'new']);
/**
 * Words a path says of the page's state, not of a product ("/p/missing.html", "/404", "/product-removed"): a link to a
 * page that is gone often leads to one, whose words name nothing to search for.
 */
const STATE_WORDS = new Set(['missing', 'gone', 'removed', 'deleted', '404', 'notfound', 'error', 'unavailable', 'expired', 'archived']);
/** A segment that says the page was not found, in words of its own ("page-not-found", "not_found.html"). */
const NOT_FOUND_SEGMENT = /^(?:page[-_]?)?not[-_]?found(?:\.\w+)?$/i;
/**
 * Words a query keeps from a long slug: the first ones name the product, the last ones are most often its variant
 * (colour, size), which a slug cut after its first words would lose.
 */
const MAX_WORDS = 24;
const LAST_WORDS = 4;

function isIdLike(word: string, describedBy: number): boolean {
  // Long digit runs are ids. Among product words, 5 to 8 digits are as often part numbers ("Bose … 870639-0100",
  // "Logitech … 910-006130", "Nikon Z fc 33952"); in a segment of only a word or two they are ids again.
  if (/^\d{9,}$/.test(word)) return true;
  if (/^\d{5,8}$/.test(word)) return describedBy < 3;
  if (/^[a-z0-9]{10}$/i.test(word) && /^B0/i.test(word)) return true; // ASIN
  if (/^[0-9a-f]{12,}$/i.test(word)) return true; // hashes
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(word)) return true; // uuids
  if (word.length >= 12 && /\d/.test(word) && /[a-z]/i.test(word) && !/[aeiou]{1}/i.test(word.replace(/\d/g, ''))) return true;
  return false;
}

/** A model number of letters and digits, five characters or more ("wh1000xm5", "mx3s0"). */
const CODE = /^(?=.{5,}$)(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]+$/;

/**
 * A single letter after a model number is its variant's letter, written with a slash as the maker writes it: the slug
 * of "WH1000XM5/B" is "wh1000xm5_b", and the letter names the black pair among the model's colours.
 */
function withVariantLetters(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    if (last !== undefined && /^[a-z]$/.test(word) && CODE.test(last)) out[out.length - 1] = `${last}/${word}`;
    else out.push(word);
  }
  return out;
}

function segmentWords(segment: string, productId: string | null): string[] {
  let s = segment;
  try {
    s = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  if (NOT_FOUND_SEGMENT.test(s)) return [];
  s = s.replace(/\.(?:html?|php|aspx?|jsp|p|do|cfm)$/i, '').replace(/^ref=.*$/i, '');
  const words = withVariantLetters(
    s
      // Trademark signs part words as a space would ("PlayStation®5").
      .split(/[-_+\s.,;:!()[\]'"®™©℠]+/)
      .map((w) => w.toLowerCase()),
  ).filter((w) => w.length > 0 && w !== productId && !ROUTE_WORDS.has(w) && !STOP_WORDS.has(w) && !STATE_WORDS.has(w));
  const describedBy = words.filter((w) => /^[a-z]{2,}$/.test(w)).length;
  return words.filter((w) => !isIdLike(w, describedBy));
}

/**
 * Words from a product URL's path as a search query, or null when the path names nothing.
 * Throws a TypeError naming `url` when it is not an http(s) URL.
 */
export function slugQueryFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('url must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('url must be an absolute http(s) URL');
  const destination = unwrapDeepLink(parsed.href);
  if (destination && destination !== parsed.href) parsed = new URL(destination);
  const productId = extractProductId(parsed)?.id.toLowerCase() ?? null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  let best: string[] = [];
  let before: string[] = [];
  let previous: string[] = [];
  for (const segment of segments) {
    const words = segmentWords(segment, productId);
    const letters = words.filter((w) => /[a-z]/.test(w));
    // Prefer more words; a later segment wins a tie (closer to the product).
    if (letters.length >= best.filter((w) => /[a-z]/.test(w)).length && letters.length > 0) {
      best = words;
      before = previous;
    }
    previous = words;
  }
  if (best.length === 0) return null;
  // A configurator's page names the product in the segment before its options (`/iphone-15/6.1-inch-display-128gb-black`):
  // a short segment just before the best one that names a numbered model, and none of whose words the best one has, leads it.
  if (before.length > 0 && before.length <= 3 && before.some((w) => /\d/.test(w)) && before.some((w) => /^[a-z]{2,}$/.test(w)) && !before.some((w) => best.includes(w))) {
    best = [...before, ...best];
  }
  // A single routing-like leftover word ("electronics") is a category, not a product; still better than nothing.
  return (best.length > MAX_WORDS ? [...best.slice(0, MAX_WORDS - LAST_WORDS), ...best.slice(-LAST_WORDS)] : best).join(' ');
}
