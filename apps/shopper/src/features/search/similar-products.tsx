import type { MatchedProduct } from '@pricehunt/contracts';
import { LineCard } from './line-card';
import { groupLines } from './line-cards';
import { ProductCard } from './product-card';
import { titleDifferences } from './title-differences';

/** Weaker candidates of the search, a line's versions as one card; choosing one compares its prices. */
export function SimilarProducts({ products, title = 'Similar products' }: { products: MatchedProduct[]; title?: string }) {
  if (products.length === 0) return null;
  const entries = groupLines(products);
  const differences = titleDifferences(entries.map((entry) => ('product' in entry ? entry.product.title : entry.line.name)));
  return (
    <section className="ph-similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">{title}</h2>
      <ul className="ph-product-grid">
        {entries.map((entry, index) =>
          'product' in entry ? <ProductCard key={entry.product.id} product={entry.product} differences={differences[index]} /> : <LineCard key={entry.line.key} line={entry.line} />,
        )}
      </ul>
    </section>
  );
}
