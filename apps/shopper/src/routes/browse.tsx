import { BROWSE_SORTS, type BrowseQuery, type BrowseResponse, type CategoriesResponse } from '@pricehunt/contracts';
import { Button, EmptyState, Pager, Skeleton } from '@pricehunt/ui';
import { useId, useMemo, useState } from 'react';
import { Link, NavLink, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { BrowseFilters, type QueryChange } from '../features/browse/browse-filters';
import { browse, getCategories } from '../features/search/api';
import { BROWSE_FILTER_PARAMS, browseRequestOf, CATEGORIES_KEY } from '../features/browse/browse-request';
import { LineCard } from '../features/search/line-card';
import { groupLines } from '../features/search/line-cards';
import { EAGER_CARDS, ProductCard } from '../features/search/product-card';
import { titleDifferences } from '../features/search/title-differences';
import { errorMessage, useAsync, type AsyncState } from '../lib/use-async';
import { useAddressParams } from '../lib/use-address-params';
import { usePageTitle } from '../lib/use-page-title';

type Sort = BrowseQuery['sort'];
const SORT_LABELS: Record<Sort, string> = {
  offers: 'Most offers',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
};

/** Categories shown before "Show all": the largest ones (the API lists them largest first). */
const TOP_CATEGORIES = 16;

interface CategoryItem {
  name: string;
  slug: string;
  /** Its products as a browse of it counts them: a line's versions one. */
  entryCount: number;
}

/**
 * The category chips: the largest categories and the one open, and on request every category with a field that
 * narrows them by name (a catalog of real feeds has hundreds).
 */
function CategoryChips({ categories, current }: { categories: readonly CategoryItem[]; current: string | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const listId = useId();
  const many = categories.length > TOP_CATEGORIES;
  const words = filter.trim().toLowerCase();
  const shown = !many
    ? categories
    : expanded
      ? categories.filter((c) => c.name.toLowerCase().includes(words))
      : categories.filter((c, index) => index < TOP_CATEGORIES || c.slug === current);
  return (
    <>
      {many && expanded ? (
        <div className="ph-select ph-browse__category-filter">
          <label htmlFor={filterId}>Find a category</label>
          <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} aria-controls={listId} />
        </div>
      ) : null}
      <ul className="ph-chips" id={listId}>
        <li>
          <NavLink end to={paths.browse} className="ph-chip">
            All
          </NavLink>
        </li>
        {shown.map((c) => (
          <li key={c.slug}>
            <NavLink to={paths.browseCategory(c.slug)} className="ph-chip">
              {c.name} <span className="ph-chip__count">{c.entryCount}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {many && expanded && shown.length === 0 ? <p className="ph-muted">No category is called anything like “{filter.trim()}”.</p> : null}
      {many ? (
        <button
          type="button"
          className="ph-text-button ph-browse__more-categories"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => {
            setExpanded(!expanded);
            setFilter('');
          }}
        >
          {expanded ? 'Show the largest categories only' : `Show all ${categories.length} categories`}
        </button>
      ) : null}
    </>
  );
}

/** The categories beside the products, as they load. */
function BrowseCategories({ categories, current }: { categories: AsyncState<CategoriesResponse> & { reload(): void }; current: string | undefined }) {
  return (
    <nav className="ph-browse__categories" aria-label="Categories">
      <h2 className="ph-browse__categories-title">Categories</h2>
      {categories.status === 'loading' ? <p className="ph-muted">Loading categories…</p> : null}
      {categories.status === 'error' ? (
        <p className="ph-muted">
          Categories could not be loaded.{' '}
          <button type="button" className="ph-text-button" onClick={categories.reload}>
            Try again
          </button>
        </p>
      ) : null}
      {categories.status === 'success' ? <CategoryChips categories={categories.data.categories} current={current} /> : null}
    </nav>
  );
}

/**
 * A page of cards, a line's versions one card (`LineCard`), each with the words that tell it from the others where its
 * clamped title cannot: a laptop in two colours, the same 8GB RAM and 512GB SSD in both titles' first lines.
 */
function BrowseGrid({ items }: { items: BrowseResponse['items'] }) {
  const entries = useMemo(() => groupLines(items), [items]);
  const differences = useMemo(() => titleDifferences(entries.map((entry) => ('product' in entry ? entry.product.title : entry.line.name))), [entries]);
  return (
    <ul className="ph-product-grid">
      {entries.map((entry, index) =>
        'product' in entry ? (
          <ProductCard detailed key={entry.product.id} product={entry.product} eager={index < EAGER_CARDS} differences={differences[index]} />
        ) : (
          <LineCard key={entry.line.key} line={entry.line} detailed eager={index < EAGER_CARDS} />
        ),
      )}
    </ul>
  );
}

/** How many products the filters leave, and how many versions they come in where lines hold several. */
function countText({ total, productCount }: Pick<BrowseResponse, 'total' | 'productCount'>): string {
  const products = `${total} ${total === 1 ? 'product' : 'products'}`;
  return productCount > total ? `${products} · ${productCount} versions` : products;
}

interface BrowseResultsProps {
  products: AsyncState<BrowseResponse> & { reload(): void };
  filtered: boolean;
  page: number;
  clearFilters(): void;
  setPage(page: number): void;
}

/** The products as they load: a page of cards with the pager, or why there are none. */
function BrowseResults({ products, filtered, page, clearFilters, setPage }: BrowseResultsProps) {
  const totalPages = products.status === 'success' ? Math.max(1, Math.ceil(products.data.total / products.data.pageSize)) : 1;
  return (
    <>
      {products.status === 'loading' ? <Skeleton label="Loading products" /> : null}
      {products.status === 'error' ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>{errorMessage(products.error, 'The products could not be loaded.')}</p>
          <Button onClick={products.reload}>Try again</Button>
        </div>
      ) : null}
      {products.status === 'success' && products.data.items.length === 0 && filtered ? (
        <EmptyState
          title="No products match these filters"
          description="Try another brand, store or attribute, any condition, or a wider price range."
          action={
            <Button variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : null}
      {products.status === 'success' && products.data.items.length === 0 && !filtered ? (
        <EmptyState
          title="No products here yet"
          description="This part of the catalog is empty. Try another category or search for a product."
          action={
            <Link className="ph-link-button" to={paths.home}>
              Search for a product
            </Link>
          }
        />
      ) : null}
      {products.status === 'success' && products.data.items.length > 0 ? (
        <>
          <p className="ph-muted ph-browse__count">{countText(products.data)}</p>
          <BrowseGrid items={products.data.items} />
          <Pager className="ph-pagination" size="md" page={page} pages={totalPages} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}

/** The address with `change` made to it: a filter of null, false or empty is taken out, page 1 is no page. */
function queryChanged(params: URLSearchParams, next: QueryChange): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (next.sort) updated.set('sort', next.sort);
  for (const key of BROWSE_FILTER_PARAMS) {
    const value = next[key];
    if (value === null || value === false || value === '') updated.delete(key);
    else if (value === true) updated.set(key, '1');
    else if (value !== undefined) updated.set(key, String(value));
  }
  if (next.page !== undefined) {
    if (next.page <= 1) updated.delete('page');
    else updated.set('page', String(next.page));
  }
  return updated;
}

/** /browse and /browse/:category: categories, then products with their best price and number of offers. */
export default function BrowsePage() {
  const { category } = useParams();
  const [params, setParams] = useAddressParams();
  const sortId = useId();
  const request = browseRequestOf(category, params);
  const { sort, page } = request.query;
  const filtered = request.filtered;

  const categories = useAsync(CATEGORIES_KEY, (signal) => getCategories(signal));
  const products = useAsync(request.key, (signal) => browse(request.query, signal));
  const current = categories.status === 'success' ? categories.data.categories.find((c) => c.slug === category) : undefined;
  const heading = category ? (current?.name ?? (products.status === 'success' ? products.data.category?.name : undefined) ?? 'Category') : 'Browse all products';
  usePageTitle(heading);

  const setQuery = (next: QueryChange) => {
    setParams(queryChanged(params, next));
    window.scrollTo({ top: 0 });
  };
  const clearFilters = () => setQuery({ ...Object.fromEntries(BROWSE_FILTER_PARAMS.map((name) => [name, null])), page: 1 });
  const answer = products.status === 'success' ? products.data : undefined;

  return (
    <div className="ph-page ph-browse">
      <BrowseCategories categories={categories} current={category} />

      <section className="ph-browse__products" aria-labelledby="browse-heading">
        <div className="ph-section-head ph-browse__head">
          <h1 id="browse-heading">{heading}</h1>
          <div className="ph-select">
            <label htmlFor={sortId}>Sort by</label>
            <select id={sortId} value={sort} onChange={(event) => setQuery({ sort: event.target.value as Sort, page: 1 })}>
              {BROWSE_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <BrowseFilters query={request.query} filtered={filtered} answer={answer} setQuery={setQuery} clearFilters={clearFilters} />
        <BrowseResults products={products} filtered={filtered} page={page} clearFilters={clearFilters} setPage={(next) => setQuery({ page: next })} />
      </section>
    </div>
  );
}
