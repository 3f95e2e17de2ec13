import type { MatchedProduct } from '@pricehunt/contracts';
import { ProductCard } from './product-card';

/** Weaker candidates of the search; choosing one compares its prices. */
export function SimilarProducts({ products, title = 'Similar products' }: { products: MatchedProduct[]; title?: string }) {
  if (products.length === 0) return null;
  return (
    <section className="ph-similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">{title}</h2>
      <ul className="ph-product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}
