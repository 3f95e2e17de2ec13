import { priceOutside, type SearchResult } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** What a typed price and condition left out, in words: " at that price", " and is offered used", both. */
function narrowedBy(result: SearchResult): string {
  return `${result.priceRange ? ' at that price' : ''}${result.condition ? ` and is offered ${result.condition}` : ''}`;
}

/** What to try when words find nothing: the words without the price or condition typed with them, or other words. */
function noMatchAdvice(result: SearchResult): string {
  if (result.priceRange && result.condition) return 'Widen the price, or search the words alone.';
  if (result.priceRange) return 'Widen the price, or show the words at any price.';
  if (result.condition) return 'Search the words in every condition, or try another product.';
  return 'Check the spelling, use fewer words, or search by brand and model number.';
}

/** The search of the words without the price or condition typed with them, named by what it drops; null when neither was typed. */
function unnarrowed(result: SearchResult): { label: string; to: string } | null {
  const words = result.correctedQuery ?? result.source.title;
  if (!words || (!result.priceRange && !result.condition)) return null;
  const label = result.priceRange && result.condition ? `Search “${words}” alone` : result.priceRange ? `Show “${words}” at any price` : `Show “${words}” in every condition`;
  return { label, to: paths.querySearch(words) };
}

/**
 * Words as runs of letters or of digits, lower-cased: '16GB' and '16 gb' are both '16' and 'gb'. A decimal number and
 * an ordinal are one word each: '10.9"' holds no 9, and '10th' no 'th' of a '9th'.
 */
const wordRuns = (text: string): string[] => text.toLowerCase().match(/\p{N}+(?:\.\p{N}+)?(?:st|nd|rd|th)?(?![\p{L}\p{N}])|\p{L}+|\p{N}+/gu) ?? [];

/**
 * Every similar product's name holds every typed word: the words name what these products have ('16gb ram' of a
 * laptop), not what they are. Their list is then named for that, not for sharing some of the words.
 */
function similarMentionEveryWord(result: SearchResult, words: string): boolean {
  const typed = wordRuns(words);
  return (
    typed.length > 0 &&
    result.similarProducts.length > 0 &&
    result.similarProducts.every((product) => {
      const held = new Set(wordRuns(product.title));
      return typed.every((word) => held.has(word));
    })
  );
}

/**
 * A price typed, and every product shown priced outside it: none the words fit is priced within it, and these are the
 * nearest it (the cheapest earbuds for "earbuds under 100").
 */
function nearestThePrice(result: SearchResult): boolean {
  const range = result.priceRange;
  if (!range || result.similarProducts.length === 0) return false;
  return result.similarProducts.every((product) => (priceOutside(range, product) ?? 0) > 0);
}

/** The heading of the products shown under words no product matches. */
export function similarProductsTitle(result: SearchResult, words: string): string {
  if (nearestThePrice(result)) return 'Nearest your price';
  return similarMentionEveryWord(result, words) ? 'Products that mention these words' : 'Products that share some of the words';
}

/** What the similar products below are, in the sentence under the heading. */
function similarSentence(result: SearchResult, words: string): string {
  if (result.similarProducts.length === 0) return '';
  if (nearestThePrice(result)) return 'The products they fit that are priced nearest it are below. ';
  return similarMentionEveryWord(result, words) ? 'The products below mention them in their names, as something they have or fit. ' : 'Products that share some of them are below. ';
}

/**
 * Words the similar products all mention, searched with the kind most of them are ('laptops 16gb ram'); null when
 * they do not all mention them or none has a category.
 */
function withTheirKind(result: SearchResult, words: string): { label: string; to: string } | null {
  if (!similarMentionEveryWord(result, words)) return null;
  const counts = new Map<string, number>();
  for (const { category } of result.similarProducts) if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
  const [kind] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!kind) return null;
  const query = `${kind.toLowerCase()} ${words}`;
  return { label: `Search “${query}”`, to: paths.querySearch(query) };
}

/** Typed words that no product fits: what left products out, and the search without the price or condition typed. */
export function NoProductMatches({ result, words }: { result: SearchResult; words: string }) {
  const narrowed = narrowedBy(result);
  const wider = unnarrowed(result) ?? withTheirKind(result, words);
  return (
    <section className="ph-empty ph-results__no-match" aria-labelledby="no-match-heading">
      <h1 id="no-match-heading" className="ph-empty__title">
        No product matches “{words}”
      </h1>
      <p className="ph-empty__description">
        No product in the catalog we compare fits these words closely enough{narrowed}.{' '}
        {similarSentence(result, words)}
        {similarMentionEveryWord(result, words) && !result.priceRange && !result.condition ? 'Name the kind of product you want with them, or search by brand and model number.' : noMatchAdvice(result)}
      </p>
      <div className="ph-empty__action">
        {wider ? (
          <Link className="ph-link-button" to={wider.to}>
            {wider.label}
          </Link>
        ) : null}
        <Link className={wider ? 'ph-link-button ph-link-button--secondary' : 'ph-link-button'} to={paths.browse}>
          Browse categories
        </Link>
      </div>
    </section>
  );
}
