import type { ProductDetailResponse, ProductSummary } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { versionPriceOrWhyNot } from './describe';
import { variantRows, type VariantRow } from './variant-choices';

/** A choice: the shown one marked and not a link, the others links to their version's page with its price. */
function Choice({ product, name, current }: { product: ProductSummary; name: string; current: boolean }) {
  const price = versionPriceOrWhyNot(product);
  const body = (
    <>
      <span className="ph-variants__name">{name}</span>
      <span className="ph-variants__price">{price}</span>
    </>
  );
  return current ? (
    <span className="ph-variants__item ph-variants__item--current" aria-current="page">
      {body}
    </span>
  ) : (
    <Link className="ph-variants__item" to={paths.product(product.id, product.title)} aria-label={`${product.title}, ${price}`}>
      {body}
    </Link>
  );
}

/** The versions as rows of their parts' values (storage, colour), each a choice with the shown version's other parts. */
function Rows({ rows }: { rows: VariantRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <div key={row.label} className="ph-variants__row" role="group" aria-label={row.label}>
          <p className="ph-variants__label">{row.label}</p>
          <ul className="ph-variants__list">
            {row.options.map((option) => (
              <li key={option.value}>
                <Choice product={option.target} name={option.value} current={option.current} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The product's line, as its page offers it: every size and colour (the API's `variants`, smallest first), with their
 * best prices, the product itself marked as the one shown. Versions written in parts ("128GB, Black Titanium") are
 * chosen part by part, a row of storage and a row of colours (`variantRows`); others each as a choice of its own.
 * Nothing for a product of no line.
 */
export function LineVariants({ variants, currentId }: { variants: ProductDetailResponse['variants']; currentId: number }) {
  if (variants.length < 2) return null;
  const rows = variantRows(variants, currentId);
  return (
    <nav className="ph-variants" aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="ph-variants__heading">
        {variants.length} versions
      </h2>
      {rows ? (
        <Rows rows={rows} />
      ) : (
        <ul className="ph-variants__list">
          {variants.map(({ product, variant }) => (
            <li key={product.id}>
              <Choice product={product} name={variant} current={product.id === currentId} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
