import type { ProductSummary } from '@pricehunt/contracts';
import { startTextSearch } from '@pricehunt/direct-url';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';
import { bestPriceConditionText } from './describe';
import { ProductImage } from './product-image';

/** Cards of a grid whose pictures are in the first screen: loaded at once, the others lazily. */
export const EAGER_CARDS = 4;

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The model number when the title does not say it: products of one name (a console in two bundles, say) differ only
 * there, so it is shown, and searched with the title to compare the right one.
 */
export function unstatedModel(product: Pick<ProductSummary, 'title' | 'model'>): string | null {
  const model = product.model?.trim();
  return model && compact(model).length >= 3 && !compact(product.title).includes(compact(model)) ? model : null;
}

/**
 * A product in a grid: image (`eager` for the first cards of a page), title (a link to the product's page), best price (a new offer's; "Used from …" or
 * "Refurbished from …" when the product has no new offer) and offer count, and a button that compares its prices.
 * `detailed` adds the brand and reads the price as a starting price ("from $…"), as the catalog pages do; those list
 * their cards right under the page's title, so a detailed card's title is a level-2 heading (level 3 under a section's).
 * `differences` are the words that tell it from the other cards of its grid (`titleDifferences`), which a clamped title
 * may hide.
 */
export function ProductCard({ product, detailed = false, eager = false, differences = '' }: { product: ProductSummary; detailed?: boolean; eager?: boolean; differences?: string }) {
  const navigate = useNavigate();
  const model = unstatedModel(product);
  const price =
    product.bestPriceCents !== null ? (
      <>
        <strong>{formatMoney(product.bestPriceCents, product.currency)}</strong>
        {product.bestPriceShippingKnown === false ? ' + shipping' : null}
      </>
    ) : null;
  // A product without a new offer: its price is a used or refurbished one's, and says so.
  const condition = bestPriceConditionText(product);
  const Title = detailed ? 'h2' : 'h3';
  return (
    <li className="ph-product-card">
      <ProductImage src={product.imageUrl} alt={product.title} size="sm" eager={eager} />
      <div className="ph-product-card__body">
        <Title className="ph-product-card__title">
          <Link to={paths.product(product.id, product.title)}>{product.title}</Link>
        </Title>
        {differences ? <p className="ph-product-card__differences">{differences}</p> : null}
        {detailed && product.brand ? <p className="ph-product-card__brand">{product.brand}</p> : null}
        {model ? <p className="ph-product-card__model">Model {model}</p> : null}
        <p className="ph-product-card__meta">
          {price ? condition ? <>{condition === 'used' ? 'Used' : 'Refurbished'} from {price}</> : detailed ? <>from {price}</> : price : product.offerCount > 0 ? 'Not available now' : 'No price yet'}
          {' · '}
          {product.offerCount === 1 ? '1 offer' : `${product.offerCount} offers`}
        </p>
        <button
          type="button"
          className="ph-text-button"
          aria-label={`Compare prices for ${product.title}`}
          onClick={() => startTextSearch(model ? `${product.title} ${model}` : product.title, (to, options) => { navigate(to, { state: options?.state }); })}
        >
          Compare prices
        </button>
      </div>
    </li>
  );
}
