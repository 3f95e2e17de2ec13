import type { Deal, DealCategory } from '@pricehunt/contracts';
import { Button, EmptyState } from '@pricehunt/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { getDeals } from '../features/deals/api';
import { EAGER_CARDS } from '../features/search/product-card';
import { ProductImage } from '../features/search/product-image';
import { formatMoney } from '../lib/format';
import { errorMessage, useAsync } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

/** Deals per request: the first page, and each "Show more". */
export const DEALS_PAGE_SIZE = 12;

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

/**
 * /deals: products whose best price now is the furthest under their typical price (the median of their best price of
 * each day over the last 90 days), biggest drop first, by category (`?category=`), with "Show more".
 */
export default function DealsPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  usePageTitle('Deals');
  const first = useAsync(`deals:${category}`, (signal) => getDeals({ category: category || undefined, limit: DEALS_PAGE_SIZE }, signal));
  // Pages after the first, for the category they were loaded for.
  const [more, setMore] = useState<{ category: string; items: Deal[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const firstNew = useRef<HTMLAnchorElement | null>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);

  const loaded = first.status === 'success' ? first.data : null;
  const extra = more && more.category === category ? more : null;
  const items = loaded ? [...loaded.items, ...(extra?.items ?? [])] : [];
  const next = extra ? extra.next : (loaded?.nextCursor ?? null);

  // After "Show more", the keyboard goes on from the first deal it added.
  useEffect(() => {
    if (focusAt !== null) firstNew.current?.focus();
  }, [focusAt]);

  const choose = (slug: string) => {
    const updated = new URLSearchParams(params);
    if (slug) updated.set('category', slug);
    else updated.delete('category');
    setParams(updated);
    setMore(null);
    setMoreError(null);
  };

  const showMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getDeals({ category: category || undefined, limit: DEALS_PAGE_SIZE, cursor: next });
      setMore({ category, items: [...(extra?.items ?? []), ...page.items], next: page.nextCursor });
      setFocusAt(items.length);
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
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
      {loaded && items.length === 0 ? (
        <EmptyState
          title={category ? 'No deals in this category right now' : 'No deals right now'}
          description={
            category
              ? 'No product of this category sells well under its typical price today. Other categories may have some.'
              : 'No product sells well under its typical price today. Prices change several times a day: come back later.'
          }
          action={
            category ? (
              <Button variant="secondary" onClick={() => choose('')}>
                Show all categories
              </Button>
            ) : (
              <Link className="ph-link-button" to={paths.browse}>
                Browse categories
              </Link>
            )
          }
        />
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="ph-muted ph-deals-page__count" role="status">
            {items.length === 1 ? '1 deal' : `${items.length} deals`}, biggest drop first
          </p>
          <ul className="ph-deals" aria-label="Deals, biggest drop first">
            {items.map((deal, index) => (
              <DealItem
                key={deal.product.id}
                deal={deal}
                eager={index < EAGER_CARDS}
                focusRef={
                  index === focusAt
                    ? (link) => {
                        firstNew.current = link;
                      }
                    : undefined
                }
              />
            ))}
          </ul>
          {moreError ? (
            <div className="ph-alert ph-alert--error" role="alert">
              <p>{errorMessage(moreError, 'More deals could not be loaded.')}</p>
              <Button variant="secondary" onClick={() => void showMore()}>
                Try again
              </Button>
            </div>
          ) : null}
          {next && !moreError ? (
            <div className="ph-deals-page__more">
              <Button variant="secondary" onClick={() => void showMore()} disabled={loadingMore}>
                {loadingMore ? 'Loading more deals…' : 'Show more deals'}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
