import type { SearchCondition, SearchPriceRange, SearchResult } from '@pricehunt/contracts';
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

/** A typed condition in words, as a shop offers it. */
export const CONDITION_TEXT: Readonly<Record<SearchCondition, string>> = { used: 'Offered used', refurbished: 'Offered refurbished' };

/** A typed condition a named product has no offer in that one can buy: "Not offered used now". */
const notOffered = (result: Partial<Pick<SearchResult, 'product' | 'offers'>>, condition: SearchCondition) =>
  result.product != null && !(result.offers ?? []).some((offer) => offer.condition === condition && offer.availability !== 'out_of_stock');

/**
 * What a search was asked beyond its words: a condition (of a product named, whether it is offered in it now), the
 * cheapest first, a price.
 */
export function wantsOf(result: Pick<SearchResult, 'priceRange' | 'condition' | 'cheapestFirst'> & Partial<Pick<SearchResult, 'product' | 'offers'>>): { text: string[]; undo: string } | null {
  const { priceRange, condition, cheapestFirst } = result;
  const conditionText = condition ? [notOffered(result, condition) ? `Not offered ${condition} now` : CONDITION_TEXT[condition]] : [];
  const text = [...conditionText, ...(cheapestFirst ? ['Cheapest first'] : [])];
  const asked = text.length + (priceRange ? 1 : 0);
  if (asked === 0) return null;
  // One click searches the words alone, named by what it undoes when that is one thing.
  const undo = asked > 1 ? 'Search the words alone' : priceRange ? 'Show all prices' : condition ? 'Show every condition' : 'Show best matches first';
  return { text, undo };
}

/**
 * What typed words asked beyond what they name ("used macbook", "cheap tv", "headphones under 100"): what is listed is
 * offered in that condition, cheapest first, priced within the price; one click searches the words alone. A price is
 * written in the typed currency, else in the listed products'.
 */
export function WantsNote({ result }: { result: SearchResult }) {
  const wants = wantsOf(result);
  if (!wants || !result.input.query) return null;
  const range = result.priceRange;
  const currency = range?.currency ?? result.matches[0]?.currency ?? result.similarProducts[0]?.currency ?? result.product?.currency ?? null;
  const parts = [...wants.text, ...(range ? [priceRangeText(range, currency)] : [])];
  const words = result.correctedQuery ?? result.source.title;
  return (
    <p className="ph-results__wants">
      {parts.join(' · ')}
      {words ? (
        <>
          <span className="ph-muted"> · </span>
          <Link to={paths.querySearch(words)}>{wants.undo}</Link>
        </>
      ) : null}
    </p>
  );
}
