import type { Deal, DealCategory } from '@pricehunt/contracts';
import { Button, EmptyState } from '@pricehunt/ui';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { useDeals } from '../features/deals/use-deals';
import { EAGER_CARDS } from '../features/search/product-card';
import { ProductImage } from '../features/search/product-image';
import { formatMoney } from '../lib/format';
import { errorMessage } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

export { DEALS_PAGE_SIZE } from '../features/deals/use-deals';

const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** One deal: the product's picture and name (a link to its page), the best retailer, the price now and the drop. */
function DealItem({ deal, focusRef, eager = false }: { deal: Deal; focusRef?: (link: HTMLAnchorElement | null) => void; eager?: boolean }) {
  const { product } = deal;
  const titleId = `deal-${product.id}-title`;
  return (
    <li className="ph-deal">
      <ProductImage src={product.imageUrl} alt={product.title} size="md" eager={eager} />
      <div className="ph-deal__body">
        <h2 className="ph-deal__title" id={titleId}>
          <Link ref={focusRef} to={paths.product(product.id, product.title)}>
            {product.title}
          </Link>
        </h2>
        <p className="ph-deal__retailer">
          Best price at <strong>{deal.retailer.name}</strong>
        </p>
        <p className="ph-deal__prices">
          <span className="ph-deal__price">{formatMoney(deal.priceCents, deal.currency)}</span>
          <span className="ph-deal__typical">
            typical <s>{formatMoney(deal.typicalCents, deal.currency)}</s>
          </span>
        </p>
        <p className="ph-deal__drop">
          <span aria-hidden="true">▼ </span>
          {percent(deal.dropPercent)} under its typical price
          <span className="ph-deal__amount"> · {formatMoney(deal.dropCents, deal.currency)} less</span>
        </p>
      </div>
    </li>
  );
}

/** Placeholders with the shape of the loaded list: picture, title, retailer, prices. */
function DealsSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading deals">
      <ul className="ph-deals" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="ph-deal ph-deal--loading">
            <span className="ph-deal__placeholder ph-deal__placeholder--image" />
            <span className="ph-deal__body">
              <span className="ph-deal__placeholder" style={{ width: '85%', height: '1.1rem' }} />
              <span className="ph-deal__placeholder" style={{ width: '45%' }} />
              <span className="ph-deal__placeholder" style={{ width: '60%', height: '1.4rem' }} />
              <span className="ph-deal__placeholder" style={{ width: '50%' }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The category filter: the categories that have deals (the one in the address too, even without any). */
function CategoryFilter({ categories, value, onChange }: { categories: DealCategory[]; value: string; onChange: (slug: string) => void }) {
  const id = useId();
  return (
    <div className="ph-select">
      <label htmlFor={id}>Category</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All categories</option>
        {value && !categories.some((category) => category.slug === value) ? <option value={value}>{value}</option> : null}
        {categories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name} ({category.count})
          </option>
        ))}
      </select>
    </div>
  );
}

/** No deal: of the category (with a way back to all), or of any. */
function NoDeals({ category, showAll }: { category: string; showAll(): void }) {
  return (
    <EmptyState
      title={category ? 'No deals in this category right now' : 'No deals right now'}
      description={
        category
          ? 'No product of this category sells well under its typical price today. Other categories may have some.'
          : 'No product sells well under its typical price today. Prices change several times a day: come back later.'
      }
      action={
        category ? (
          <Button variant="secondary" onClick={showAll}>
            Show all categories
          </Button>
        ) : (
          <Link className="ph-link-button" to={paths.browse}>
            Browse categories
          </Link>
        )
      }
    />
  );
}

/**
 * How many deals the list holds: all of them once it is whole; while more follow, how many are shown, of how many when
 * the category chosen counts them.
 */
export function dealsCount(shown: number, more: boolean, total: number | null): string {
  const deals = (n: number) => (n === 1 ? '1 deal' : `${n} deals`);
  if (!more) return `${deals(shown)}, biggest drop first`;
  return total !== null && total > shown ? `${shown} of ${deals(total)}, biggest drop first` : `${deals(shown)} shown, biggest drop first`;
}

/** The deals loaded so far, biggest drop first, and "Show more deals" while there are more. */
function DealList({ deals, total }: { deals: ReturnType<typeof useDeals>; total: number | null }) {
  const { items } = deals;
  return (
    <>
      <p className="ph-muted ph-deals-page__count" role="status">
        {dealsCount(items.length, Boolean(deals.next), total)}
      </p>
      <ul className="ph-deals" aria-label="Deals, biggest drop first">
        {items.map((deal, index) => (
          <DealItem
            key={deal.product.id}
            deal={deal}
            eager={index < EAGER_CARDS}
            focusRef={
              index === deals.focusAt
                ? (link) => {
                    deals.firstNew.current = link;
                  }
                : undefined
            }
          />
        ))}
      </ul>
      {deals.moreError ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>{errorMessage(deals.moreError, 'More deals could not be loaded.')}</p>
          <Button variant="secondary" onClick={() => void deals.showMore()}>
            Try again
          </Button>
        </div>
      ) : null}
      {deals.next && !deals.moreError ? (
        <div className="ph-deals-page__more">
          <Button variant="secondary" onClick={() => void deals.showMore()} disabled={deals.loadingMore}>
            {deals.loadingMore ? 'Loading more deals…' : 'Show more deals'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * /deals: products whose best price now is the furthest under their typical price (the median of their best price of
 * each day over the last 90 days), biggest drop first, by category (`?category=`), with "Show more".
 */
export default function DealsPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  usePageTitle('Deals');
  const deals = useDeals(category);
  const { first, loaded, items } = deals;

  const choose = (slug: string) => {
    const updated = new URLSearchParams(params);
    if (slug) updated.set('category', slug);
    else updated.delete('category');
    setParams(updated);
    deals.resetMore();
  };

  const named = loaded?.categories.find((entry) => entry.slug === category);
  return (
    <div className="ph-page ph-deals-page">
      <div className="ph-section-head ph-deals-page__head">
        <div>
          <h1>Deals{named ? `: ${named.name}` : ''}</h1>
          <p className="ph-muted ph-deals-page__intro">
            Products whose best price today is well under their typical price: the median of their best price of each day over the last 90 days.
            Only prices in stock, of products we have followed for 30 days or more.
          </p>
        </div>
        {loaded ? <CategoryFilter categories={loaded.categories} value={category} onChange={choose} /> : null}
      </div>
      {first.status === 'loading' ? <DealsSkeleton count={6} /> : null}
      {first.status === 'error' ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>{errorMessage(first.error, 'The deals could not be loaded.')}</p>
          <Button onClick={first.reload}>Try again</Button>
        </div>
      ) : null}
      {loaded && items.length === 0 ? <NoDeals category={category} showAll={() => choose('')} /> : null}
      {items.length > 0 ? <DealList deals={deals} total={named?.count ?? null} /> : null}
    </div>
  );
}
