import type { SearchResult } from '@pricehunt/contracts';
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

/** Typed words that no product fits: what left products out, and the search without the price or condition typed. */
export function NoProductMatches({ result, words }: { result: SearchResult; words: string }) {
  const narrowed = narrowedBy(result);
  const wider = unnarrowed(result);
  return (
    <section className="ph-empty ph-results__no-match" aria-labelledby="no-match-heading">
      <h1 id="no-match-heading" className="ph-empty__title">
        No product matches “{words}”
      </h1>
      <p className="ph-empty__description">
        No product in the catalog we compare fits these words closely enough{narrowed}.{' '}
        {result.similarProducts.length > 0 ? 'Products that share some of them are below. ' : ''}
        {noMatchAdvice(result)}
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
