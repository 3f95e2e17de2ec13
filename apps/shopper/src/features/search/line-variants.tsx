import type { ProductDetailResponse } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';

/**
 * The product's line, as its page offers it: every size and colour (the API's `variants`, smallest first), each a link
 * to its own page with its best price, the product itself marked as the one shown. Nothing for a product of no line.
 */
export function LineVariants({ variants, currentId }: { variants: ProductDetailResponse['variants']; currentId: number }) {
  if (variants.length < 2) return null;
  return (
    <nav className="ph-variants" aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="ph-variants__heading">
        {variants.length} versions
      </h2>
      <ul className="ph-variants__list">
        {variants.map(({ product, variant }) => {
          const price =
            product.bestPriceCents !== null
              ? `${formatMoney(product.bestPriceCents, product.currency)}${product.bestPriceShippingKnown === false ? ' + shipping' : ''}`
              : product.offerCount > 0
                ? 'Not available now'
                : 'No price yet';
          const body = (
            <>
              <span className="ph-variants__name">{variant}</span>
              <span className="ph-variants__price">{price}</span>
            </>
          );
          return (
            <li key={product.id}>
              {product.id === currentId ? (
                <span className="ph-variants__item ph-variants__item--current" aria-current="page">
                  {body}
                </span>
              ) : (
                <Link className="ph-variants__item" to={paths.product(product.id, product.title)} aria-label={`${product.title}, ${price}`}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
