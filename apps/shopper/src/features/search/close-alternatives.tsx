import type { MatchedProduct, SearchResult } from '@pricehunt/contracts';
import { ProductCard } from './product-card';

/** How much lower than the product shown another may score and still fit the link's words "about as well". */
const CLOSE_MARGIN = 0.1;
const CLOSE_LIMIT = 4;

/**
 * Products a link's words fit about as well as the one shown. An address cut short before the colour or the size
 * names several variants alike, and nothing else in it tells them apart.
 */
export function closeAlternatives(result: SearchResult): MatchedProduct[] {
  const product = result.product;
  if (!product || result.identifiedBy !== 'url-slug') return [];
  return result.similarProducts.filter((candidate) => candidate.confidence >= product.confidence - CLOSE_MARGIN).slice(0, CLOSE_LIMIT);
}

/** "Not the one you pasted?": the close alternatives, each one click from its own comparison. */
export function CloseAlternatives({ products }: { products: MatchedProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className="ph-close" aria-labelledby="close-heading">
      <h2 id="close-heading" className="ph-close__title">
        Not the one you pasted?
      </h2>
      <p className="ph-close__text">
        The link&apos;s address fits {products.length === 1 ? 'another product' : `${products.length} other products`} about as well, such as another colour or
        size:
      </p>
      <ul className="ph-product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}
