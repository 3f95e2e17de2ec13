import type { MatchedProduct, SearchResult } from '@pricehunt/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LineCard } from './line-card';
import { groupLines, type ListEntry } from './line-cards';
import { EAGER_CARDS, ProductCard } from './product-card';
import { titleDifferences } from './title-differences';

type Order = 'match' | 'price';
const ORDER_LABELS: Record<Order, string> = { match: 'Best match', price: 'Lowest price' };

/** Cheapest first; products without a price last, in their match order. */
export function byLowestPrice(products: readonly MatchedProduct[]): MatchedProduct[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort((a, b) => (a.product.bestPriceCents ?? Infinity) - (b.product.bestPriceCents ?? Infinity) || a.index - b.index)
    .map((entry) => entry.product);
}

/** What typed words asked beyond what they name: a price, a condition, the cheapest first. */
type Wants = Pick<SearchResult, 'priceRange' | 'condition' | 'cheapestFirst'>;
const NO_WANTS: Wants = { priceRange: null, condition: null, cheapestFirst: false };

/**
 * Where to see more of what the list holds: the category most of the products share, narrowed to their brand when they
 * all have one and to the price and condition typed with the words, cheapest first when asked; null when the products
 * have no category in common.
 */
export function browseMore(products: readonly MatchedProduct[], wants: Wants = NO_WANTS): { to: string; label: string } | null {
  const range = wants.priceRange;
  const counts = new Map<string, { name: string; count: number }>();
  for (const product of products) {
    if (!product.categorySlug || !product.category) continue;
    const entry = counts.get(product.categorySlug) ?? { name: product.category, count: 0 };
    entry.count++;
    counts.set(product.categorySlug, entry);
  }
  const [slug, top] = [...counts].sort((a, b) => b[1].count - a[1].count)[0] ?? [];
  if (!slug || !top || top.count * 2 < products.length) return null;
  const brands = new Set(products.map((product) => product.brand));
  const brand = brands.size === 1 ? [...brands][0] : null;
  // "Laptops" reads "laptops" mid-sentence; "TVs" stays as written.
  const name = top.name
    .split(' ')
    .map((word) => (/^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word))
    .join(' ');
  const params = new URLSearchParams();
  if (brand) params.set('brand', brand);
  // The browse page's price filter is in the currency's units.
  if (range?.minCents != null) params.set('minPrice', String(range.minCents / 100));
  if (range?.maxCents != null) params.set('maxPrice', String(range.maxCents / 100));
  if (wants.condition) params.set('condition', wants.condition);
  if (wants.cheapestFirst) params.set('sort', 'price_asc');
  const query = params.toString();
  const what = [...(wants.condition ? [wants.condition] : []), ...(brand ? [brand] : []), name].join(' ');
  return { to: `${paths.browseCategory(slug)}${query ? `?${query}` : ''}`, label: `Browse all ${what}` };
}

/** What the list is, in words: the products the words fit, those offered in the condition and within the price typed. */
export function listHint(wants: Wants): string {
  const kept = [...(wants.condition ? [`offered ${wants.condition}`] : []), ...(wants.priceRange ? ['within your price'] : [])];
  return kept.length > 0 ? `Of the products your words fit, these are ${kept.join(' and ')}.` : 'Your words fit more than one product.';
}

/**
 * What a list of one line's card is, in words: every version fits the words, or the few that do come first, the line's
 * other versions after them. Null for any other list.
 */
function lineHint(entries: readonly ListEntry[]): string | null {
  const [only, ...rest] = entries;
  if (!only || rest.length > 0 || !('line' in only)) return null;
  const { fitting, versions } = only.line;
  if (fitting === versions.length) return 'Your words fit every version of one product. Choose a version to compare its prices at every retailer, or add a size or colour.';
  return `Your words fit ${fitting === 1 ? 'one' : fitting} of the ${versions.length} versions of one product, listed first; its other versions follow. Choose one to compare its prices at every retailer.`;
}

/**
 * Search words that fit several products ("apple watch"): the products, best match first or cheapest first, each
 * one click from its price comparison; a line's versions as one card (`joining`: versions listed past the list's
 * length join their line's card).
 */
export function QueryMatches({ query, products, joining = [], wants = NO_WANTS }: { query: string; products: MatchedProduct[]; joining?: MatchedProduct[]; wants?: Wants }) {
  const [order, setOrder] = useState<Order>(wants.cheapestFirst ? 'price' : 'match');
  const orderId = useId();
  const entries = groupLines(order === 'price' ? byLowestPrice(products) : products, joining);
  const more = browseMore(products, wants);
  // A line's card is one product, of versions the card counts.
  const count = entries.length;
  const differences = titleDifferences(entries.map((entry) => ('product' in entry ? entry.product.title : entry.line.name)));
  return (
    <section className="ph-matches" aria-labelledby="matches-heading">
      <div className="ph-section-head">
        <h1 id="matches-heading">
          {count === 1 ? '1 product matches' : `${count} products match`} “{query}”
        </h1>
        <div className="ph-select">
          <label htmlFor={orderId}>Sort by</label>
          <select id={orderId} value={order} onChange={(event) => setOrder(event.target.value as Order)}>
            {(Object.keys(ORDER_LABELS) as Order[]).map((value) => (
              <option key={value} value={value}>
                {ORDER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="ph-matches__hint">
        {lineHint(entries) ?? `${listHint(wants)} Choose one to compare its prices at every retailer, or add a model number, size or colour.`}
      </p>
      <ul className="ph-product-grid">
        {entries.map((entry, index) =>
          'product' in entry ? (
            <ProductCard key={entry.product.id} product={entry.product} detailed eager={index < EAGER_CARDS} differences={differences[index]} />
          ) : (
            <LineCard key={entry.line.key} line={entry.line} detailed eager={index < EAGER_CARDS} />
          ),
        )}
      </ul>
      {more ? (
        <p className="ph-matches__more">
          <Link to={more.to}>{more.label}</Link>, with filters for brand and price.
        </p>
      ) : null}
    </section>
  );
}
