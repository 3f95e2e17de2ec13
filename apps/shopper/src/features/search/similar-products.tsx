import type { MatchedProduct } from '@pricehunt/contracts';
import { startTextSearch } from '@pricehunt/direct-url';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { ProductImage } from './product-image';

/** Weaker candidates of the search; choosing one compares its prices. */
export function SimilarProducts({ products }: { products: MatchedProduct[] }) {
  const navigate = useNavigate();
  if (products.length === 0) return null;
  return (
    <section className="ph-similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">Similar products</h2>
      <ul className="ph-product-grid">
        {products.map((product) => (
          <li key={product.id} className="ph-product-card">
            <ProductImage src={product.imageUrl} alt="" size="sm" />
            <div className="ph-product-card__body">
              <h3 className="ph-product-card__title">{product.title}</h3>
              <p className="ph-product-card__meta">
                {product.bestPriceCents !== null ? <strong>{formatMoney(product.bestPriceCents, product.currency)}</strong> : 'No price yet'}
                {' · '}
                {product.offerCount === 1 ? '1 offer' : `${product.offerCount} offers`}
              </p>
              <button
                type="button"
                className="ph-text-button"
                aria-label={`Compare prices for ${product.title}`}
                onClick={() => startTextSearch(product.title, (to, options) => navigate(to, { state: options?.state }))}
              >
                Compare prices
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
