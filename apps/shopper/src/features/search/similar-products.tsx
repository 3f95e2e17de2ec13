import type { MatchedProduct } from '@pricehunt/contracts';
import { ProductCard } from './product-card';
import { titleDifferences } from './title-differences';

/** Weaker candidates of the search; choosing one compares its prices. */
export function SimilarProducts({ products, title = 'Similar products' }: { products: MatchedProduct[]; title?: string }) {
  if (products.length === 0) return null;
  const differences = titleDifferences(products.map((product) => product.title));
  return (
    <section className="ph-similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">{title}</h2>
      <ul className="ph-product-grid">
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} differences={differences[index]} />
        ))}
      </ul>
    </section>
  );
}
