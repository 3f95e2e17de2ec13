import type { SearchPriceRange, SearchResult } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';

/** The typed price in words: "Priced up to $100", "Priced from £500", "Priced $800 – $1,500". */
export function priceRangeText(range: SearchPriceRange, currency: string | null): string {
  // Whole amounts as typed: "$100", not "$100.00".
  const money = (cents: number) => formatMoney(cents, currency).replace(/\.00$/, '');
  if (range.minCents !== null && range.maxCents !== null) return `Priced ${money(range.minCents)} – ${money(range.maxCents)}`;
  if (range.maxCents !== null) return `Priced up to ${money(range.maxCents)}`;
  return `Priced from ${money(range.minCents ?? 0)}`;
}

/**
 * A price typed with the words ("headphones under 100"): what is listed is priced within it, and one click searches
 * the words at any price. The amount is written in the typed currency, else in the listed products'.
 */
export function PriceRangeNote({ result }: { result: SearchResult }) {
  const range = result.priceRange;
  if (!range || !result.input.query) return null;
  const currency = range.currency ?? result.matches[0]?.currency ?? result.similarProducts[0]?.currency ?? result.product?.currency ?? null;
  const words = result.correctedQuery ?? result.source.title;
  return (
    <p className="ph-results__price-range">
      {priceRangeText(range, currency)}
      {words ? (
        <>
          <span className="ph-muted"> · </span>
          <Link to={paths.querySearch(words)}>Show all prices</Link>
        </>
      ) : null}
    </p>
  );
}
