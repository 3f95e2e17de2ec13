import type { MatchedProduct } from '@pricehunt/contracts';
import { useId, useState } from 'react';
import { ProductCard } from './product-card';

type Order = 'match' | 'price';
const ORDER_LABELS: Record<Order, string> = { match: 'Best match', price: 'Lowest price' };

/** Cheapest first; products without a price last, in their match order. */
export function byLowestPrice(products: readonly MatchedProduct[]): MatchedProduct[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort((a, b) => (a.product.bestPriceCents ?? Infinity) - (b.product.bestPriceCents ?? Infinity) || a.index - b.index)
    .map((entry) => entry.product);
}

/**
 * Search words that fit several products ("apple watch"): the products, best match first or cheapest first, each
 * one click from its price comparison.
 */
export function QueryMatches({ query, products }: { query: string; products: MatchedProduct[] }) {
  const [order, setOrder] = useState<Order>('match');
  const orderId = useId();
  const shown = order === 'price' ? byLowestPrice(products) : products;
  return (
    <section className="ph-matches" aria-labelledby="matches-heading">
      <div className="ph-section-head">
        <h1 id="matches-heading">
          {products.length === 1 ? '1 product' : `${products.length} products`} match “{query}”
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
      <p className="ph-matches__hint">Your words fit more than one product. Choose one to compare its prices at every retailer, or add a model number, size or colour.</p>
      <ul className="ph-product-grid">
        {shown.map((product) => (
          <ProductCard key={product.id} product={product} detailed />
        ))}
      </ul>
    </section>
  );
}
