import { isApiError } from '@pricehunt/api-client';
import type { ProductDetailResponse, SearchOffer } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { FavoriteButton } from '../features/library/favorite-button';
import { useLibrary } from '../features/library/library-context';
import { PriceAlert } from '../features/library/price-alert';
import { WatchButton } from '../features/watches/watch-button';
import { getProduct } from '../features/search/api';
import { CopyLinkButton } from '../features/search/copy-link-button';
import { LineVariants } from '../features/search/line-variants';
import { OffersList, offersOrderText, useOfferFilters } from '../features/search/offers-list';
import { answerTime, PriceHistoryPanel } from '../features/search/price-history';
import { ProductImage } from '../features/search/product-image';
import { asSearchOffers } from '../features/search/product-offers';
import { formatMoney, productCurrency } from '../lib/format';
import { errorMessage, useAsync } from '../lib/use-async';
import { useHydrated } from '../lib/use-hydrated';
import { usePageTitle } from '../lib/use-page-title';
import { ProductNotReady, useNotReady } from './product-not-ready';

/** The product id in the address: digits naming a whole number above 0; null for anything else (not found). */
export function productIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,16}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The catalog has no such product (404), or the API does not take the id for one (400). */
const isUnknownProduct = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

const offerCountText = (offers: readonly SearchOffer[]) => {
  const retailers = new Set(offers.map((offer) => offer.retailer.id)).size;
  const count = offers.length === 1 ? '1 offer' : `${offers.length} offers`;
  return retailers > 0 && retailers < offers.length ? `${count} at ${retailers === 1 ? '1 retailer' : `${retailers} retailers`}` : count;
};

function ProductNotFound() {
  return (
    <div className="ph-page ph-not-found">
      <p className="ph-not-found__code" aria-hidden="true">
        404
      </p>
      <h1>This product is no longer in the catalog</h1>
      <p>No retailer we compare lists it any more, or the link to it is mistyped. Its category or a search may have others like it.</p>
      <p className="ph-not-found__actions">
        <Link className="ph-link-button" to={paths.browse}>
          Browse categories
        </Link>
        <Link to={paths.home}>Search for a product</Link>
      </p>
    </div>
  );
}

/** Words that hold a text's place while the page loads: a grey bar as long as they are, in the text's own font. */
function Ghost({ children }: { children: string }) {
  return <span className="ph-product-page__ghost">{children}</span>;
}

/**
 * Placeholders in the page's shape: the product's box (picture, title, brand, facts, actions) and offers, drawn with
 * the classes of the loaded page and words of a usual length, so that the page moves little when the data comes.
 */
function ProductSkeleton() {
  return (
    <div className="ph-product-page__loading" role="status" aria-label="Loading product">
      <div className="ph-product ph-product--full" aria-hidden="true">
        <span className="ph-product-image ph-product-image--lg ph-product-image--empty" />
        <div className="ph-product__body">
          <p className="ph-product__title ph-product-page__title">
            <Ghost>Brand product name with its model</Ghost>
          </p>
          <p className="ph-product__brand">
            <Ghost>Brand · MODEL</Ghost>
          </p>
          <dl className="ph-product__facts">
            {[
              { term: 'Best price', value: '$000.00 at Retailer' },
              { term: 'Offers', value: '0 offers' },
              { term: 'Category', value: 'Category' },
            ].map(({ term, value }) => (
              <div key={term}>
                <dt>
                  <Ghost>{term}</Ghost>
                </dt>
                <dd>
                  <Ghost>{value}</Ghost>
                </dd>
              </div>
            ))}
          </dl>
          <div className="ph-product__actions">
            <span className="ph-button ph-button--md ph-product-page__ghost">Add to favorites</span>
            <span className="ph-button ph-button--md ph-product-page__ghost">Watch price</span>
            <span className="ph-button ph-button--md ph-product-page__ghost">Copy link</span>
            <span className="ph-link-button ph-product-page__ghost">More of its kind</span>
          </div>
        </div>
      </div>
      <div className="ph-results__offers" aria-hidden="true">
        <div className="ph-section-head">
          <p className="ph-product-page__offers-title">
            <Ghost>0 offers · cheapest total first</Ghost>
          </p>
        </div>
        <ul className="ph-offers ph-offers--full">
          {[0, 1, 2].map((row) => (
            <li key={row} className="ph-offer">
              <div className="ph-offer__retailer">
                <Ghost>Retailer</Ghost>
              </div>
              <div className="ph-offer__title">
                <Ghost>Brand product name with its model</Ghost>
              </div>
              <div className="ph-offer__facts">
                <Ghost>In stock</Ghost>
                <Ghost>Free shipping</Ghost>
              </div>
              <div className="ph-offer__price">
                <span className="ph-offer__total">
                  <Ghost>$000.00</Ghost>
                </span>
              </div>
              <span className="ph-offer__go ph-product-page__ghost">Go to Retailer</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ProductHeader({ product, offers }: { product: ProductDetailResponse['product']; offers: SearchOffer[] }) {
  const { favorites } = useLibrary();
  // A favorite's price alert, set right here once the product is saved (favorites are the browser's: after hydration).
  const favorite = useHydrated() ? favorites.find((entry) => entry.productId === product.id) : undefined;
  const best = offers.find((offer) => offer.isBestPrice);
  const bestCents = best?.totalCents ?? product.bestPriceCents;
  const brandModel = [product.brand, product.model].filter(Boolean).join(' · ');
  return (
    <section className="ph-product ph-product--full" aria-labelledby="product-title">
      <ProductImage src={product.imageUrl} alt={product.title} size="lg" eager />
      <div className="ph-product__body">
        <h1 id="product-title" className="ph-product__title">
          {product.title}
        </h1>
        {brandModel ? <p className="ph-product__brand">{brandModel}</p> : null}
        <dl className="ph-product__facts">
          <div>
            <dt>Best price</dt>
            <dd>
              {bestCents !== null ? (
                <>
                  <strong>{formatMoney(bestCents, best?.currency ?? product.currency)}</strong>
                  {product.bestPriceShippingKnown === false ? ' + shipping' : null}
                  {product.bestPriceCondition && product.bestPriceCondition !== 'new' ? ` (${product.bestPriceCondition})` : null}
                  {best ? ` at ${best.retailer.name}` : null}
                </>
              ) : (
                offers.length > 0 ? 'Not available now' : 'No price yet'
              )}
            </dd>
          </div>
          <div>
            <dt>Offers</dt>
            <dd>{offerCountText(offers)}</dd>
          </div>
          {product.category ? (
            <div>
              <dt>Category</dt>
              <dd>{product.category}</dd>
            </div>
          ) : null}
        </dl>
        <div className="ph-product__actions">
          <FavoriteButton product={product} />
          <WatchButton product={{ id: product.id, title: product.title, bestPriceCents: bestCents, currency: best?.currency ?? productCurrency(product, offers) }} />
          <CopyLinkButton />
          {product.category && product.categorySlug ? (
            <Link className="ph-link-button ph-link-button--secondary" to={paths.browseCategory(product.categorySlug)}>
              More {product.category}
            </Link>
          ) : null}
        </div>
        {favorite ? <PriceAlert favorite={favorite} current={bestCents} /> : null}
      </div>
    </section>
  );
}

/**
 * One product: its best price and where, every offer cheapest total first, and its price history. Rendered alike on
 * the server and in the browser: the data comes from `useAsync` under `product-<id>` (the server's, when it rendered
 * the page), and what only the browser knows (favorites, the clock) shows once hydrated.
 */
function ProductView({ idParam }: { idParam: string | undefined }) {
  const id = productIdOf(idParam);
  const detail = useAsync(id === null ? null : `product-${id}`, (signal) => getProduct(id as number, signal));
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  // The server renders a product's page without its data when the API has no such product (and answers 404): the page
  // is its not-found state there and while the browser takes it over, until the browser's own request says otherwise.
  const [renderedUnknown] = useState(() => !hydrated && id !== null && detail.status === 'loading');
  const data = detail.status === 'success' ? detail.data : undefined;
  const offers = data ? asSearchOffers(data.offers) : [];
  const best = offers.find((offer) => offer.isBestPrice);
  const unknown = id === null || (detail.status === 'error' && isUnknownProduct(detail.error)) || (renderedUnknown && detail.status === 'loading');
  const notReady = useNotReady(detail);
  // The product's one best price (the API's), and the offer it is (the one the API marks).
  const bestCents = data?.product.bestPriceCents ?? null;
  const [filters, setFilters] = useOfferFilters();
  usePageTitle(
    unknown
      ? 'Product not found'
      : notReady
        ? 'This product is being updated'
        : data
        ? `${data.product.title}${bestCents !== null ? `, from ${formatMoney(bestCents, best?.currency ?? data.product.currency)}` : ''}`
        : detail.status === 'error'
          ? 'The product could not be loaded'
          : 'Loading product',
  );

  // One address per product: another slug (an old title, a typo) or a retired id is replaced by the current one.
  const canonical = data ? paths.product(data.product.id, data.product.title) : null;
  useEffect(() => {
    if (canonical && location.pathname !== canonical) navigate({ pathname: canonical, search: location.search, hash: location.hash }, { replace: true });
  }, [canonical, location.pathname, location.search, location.hash, navigate]);

  if (unknown) return <ProductNotFound />;
  if (notReady) {
    return (
      <div className="ph-page ph-results ph-product-page">
        <ProductNotReady error={notReady} asking={detail.status === 'loading'} onRetry={detail.reload} />
      </div>
    );
  }
  return (
    <div className="ph-page ph-results ph-product-page">
      {detail.status === 'loading' ? <ProductSkeleton /> : null}
      {detail.status === 'error' ? (
        <div className="ph-alert ph-alert--error ph-results__error" role="alert">
          <h1 className="ph-results__error-title">We could not load this product</h1>
          <p>{errorMessage(detail.error, 'The product could not be loaded. Please try again.')}</p>
          <Button onClick={detail.reload}>Try again</Button>
        </div>
      ) : null}
      {data ? (
        <>
          <ProductHeader product={data.product} offers={offers} />
          <LineVariants variants={data.variants} currentId={data.product.id} />
          <section className="ph-results__offers" aria-labelledby="offers-heading">
            <div className="ph-section-head">
              <h2 id="offers-heading">
                {offers.length === 1 ? '1 offer' : `${offers.length} offers`}
                <span className="ph-muted"> · {offersOrderText(offers, filters)}</span>
              </h2>
            </div>
            {offers.length > 0 ? (
              <OffersList offers={offers} productName={data.product.title} layout="full" filters={filters} onFiltersChange={setFilters} />
            ) : (
              <p className="ph-muted">No retailer offers it right now.</p>
            )}
          </section>
          {data.specs.length > 0 ? <Specifications specs={data.specs} /> : null}
        </>
      ) : null}
      {detail.status !== 'error' ? <PriceHistoryPanel detail={detail} now={hydrated || !data ? undefined : answerTime(data)} /> : null}
    </div>
  );
}

/** The product's specifications (the API's), one row each. */
function Specifications({ specs }: { specs: ReadonlyArray<{ name: string; value: string }> }) {
  return (
    <section className="ph-specs" aria-labelledby="specs-heading">
      <h2 id="specs-heading">Specifications</h2>
      <table className="ph-specs__table">
        <tbody>
          {specs.map((spec) => (
            <tr key={spec.name}>
              <th scope="row">{spec.name}</th>
              <td>{spec.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /product/:id/:slug: a product's own page, the address search engines and shared links know it by. */
export default function ProductPage() {
  const { id } = useParams();
  // Another product is another page: nothing of the one before (its data, a chosen filter) carries over.
  return <ProductView key={id} idParam={id} />;
}
