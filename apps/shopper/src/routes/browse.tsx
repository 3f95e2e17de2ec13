import { BROWSE_CONDITIONS, BROWSE_SORTS, type BrowseCondition, type BrowseQuery, type BrowseResponse, type CategoriesResponse } from '@pricehunt/contracts';
import { Button, EmptyState, Pager, Skeleton } from '@pricehunt/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link, NavLink, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { browse, getCategories } from '../features/search/api';
import { BROWSE_FILTER_PARAMS, browseRequestOf, CATEGORIES_KEY, priceOf } from '../features/browse/browse-request';
import { EAGER_CARDS, ProductCard } from '../features/search/product-card';
import { errorMessage, useAsync, type AsyncState } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

type Sort = BrowseQuery['sort'];
const SORT_LABELS: Record<Sort, string> = {
  offers: 'Most offers',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
};

const CONDITION_LABELS: Record<BrowseCondition, string> = { new: 'New', used: 'Used', refurbished: 'Refurbished' };

type FilterName = (typeof BROWSE_FILTER_PARAMS)[number];
type QueryChange = { sort?: Sort; page?: number } & { [name in FilterName]?: string | number | boolean | null };

/** A yes/no filter as a checkbox: on puts `name=1` in the address, off takes it out. */
function FilterCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ph-browse__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/**
 * A filter as a menu: "any" first, then the values the products take with their counts; a value the address asks for
 * that the list lacks is kept, so the menu shows what filters the page.
 */
function FilterSelect({ label, any, value, options, onChange }: { label: string; any: string; value: string | null; options: ReadonlyArray<{ value: string; label: string }>; onChange: (value: string | null) => void }) {
  const id = useId();
  return (
    <div className="ph-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{any}</option>
        {value && !options.some((option) => option.value === value) ? <option value={value}>{value}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Categories shown before "Show all": the largest ones (the API lists them largest first). */
const TOP_CATEGORIES = 16;

interface CategoryItem {
  name: string;
  slug: string;
  productCount: number;
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
              {c.name} <span className="ph-chip__count">{c.productCount}</span>
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


/** The price range form: both ends optional, checked here before the address changes. */
function PriceRange({ min, max, onApply }: { min?: number; max?: number; onApply: (range: { min?: number; max?: number }) => void }) {
  const id = useId();
  const [low, setLow] = useState(min === undefined ? '' : String(min));
  const [high, setHigh] = useState(max === undefined ? '' : String(max));
  const [error, setError] = useState<{ field: 'min' | 'max'; message: string } | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const from = priceOf(low);
    const to = priceOf(high);
    if (low.trim() !== '' && from === undefined) return setError({ field: 'min', message: 'Min price must be a number of at least 0.' });
    if (high.trim() !== '' && to === undefined) return setError({ field: 'max', message: 'Max price must be a number of at least 0.' });
    if (from !== undefined && to !== undefined && to < from) return setError({ field: 'max', message: 'Max price must be at least the min price.' });
    setError(null);
    onApply({ min: from, max: to });
  };
  return (
    <form className="ph-price-range" onSubmit={submit} noValidate aria-label="Price range">
      <label htmlFor={`${id}-min`}>Min $</label>
      <input id={`${id}-min`} inputMode="decimal" value={low} onChange={(event) => setLow(event.target.value)} aria-invalid={error?.field === 'min' ? true : undefined} size={7} />
      <label htmlFor={`${id}-max`}>Max $</label>
      <input id={`${id}-max`} inputMode="decimal" value={high} onChange={(event) => setHigh(event.target.value)} aria-invalid={error?.field === 'max' ? true : undefined} size={7} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {error ? (
        <p className="ph-field-error" role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

/** /browse and /browse/:category: categories, then products with their best price and number of offers. */
export default function BrowsePage() {
  const { category } = useParams();
  const [params, setParams] = useSearchParams();
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
    setParams(updated);
    window.scrollTo({ top: 0 });
  };

  const clearFilters = () => setQuery({ ...Object.fromEntries(BROWSE_FILTER_PARAMS.map((name) => [name, null])), page: 1 });

  const totalPages = products.status === 'success' ? Math.max(1, Math.ceil(products.data.total / products.data.pageSize)) : 1;

  return (
    <div className="ph-page ph-browse">
      <CategoriesNav categories={categories} current={category} />

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
        <BrowseFilters query={request.query} facets={products.status === 'success' ? products.data : null} filtered={filtered} setQuery={setQuery} onClear={clearFilters} />
        {products.status === 'loading' ? <Skeleton label="Loading products" /> : null}
        {products.status === 'error' ? (
          <div className="ph-alert ph-alert--error" role="alert">
            <p>{errorMessage(products.error, 'The products could not be loaded.')}</p>
            <Button onClick={products.reload}>Try again</Button>
          </div>
        ) : null}
        {products.status === 'success' && products.data.items.length === 0 ? <NoProducts filtered={filtered} onClear={clearFilters} /> : null}
        {products.status === 'success' && products.data.items.length > 0 ? (
          <>
            <p className="ph-muted ph-browse__count">
              {products.data.total} {products.data.total === 1 ? 'product' : 'products'}
            </p>
            <ul className="ph-product-grid">
              {products.data.items.map((product, index) => (
                <ProductCard detailed key={product.id} product={product} eager={index < EAGER_CARDS} />
              ))}
            </ul>
            <Pager className="ph-pagination" size="md" page={page} pages={totalPages} onPage={(next) => setQuery({ page: next })} />
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The categories to browse, the current one marked; a failure to load them says so with a retry. */
function CategoriesNav({ categories, current }: { categories: AsyncState<CategoriesResponse> & { reload: () => void }; current: string | undefined }) {
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

/** No product to show: none matches the filters (clear them), or the category is empty (search instead). */
function NoProducts({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return filtered ? (
    <EmptyState
      title="No products match these filters"
      description="Try another brand, store or attribute, any condition, or a wider price range."
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      title="No products here yet"
      description="This part of the catalog is empty. Try another category or search for a product."
      action={
        <Link className="ph-link-button" to={paths.home}>
          Search for a product
        </Link>
      }
    />
  );
}

/** The filters of the products shown: brand, store, condition, the category's attributes, stock, shipping, price. */
function BrowseFilters(props: { query: BrowseQuery; facets: BrowseResponse | null; filtered: boolean; setQuery(change: QueryChange): void; onClear(): void }) {
  const { query, facets, filtered, setQuery, onClear } = props;
  const { brand, store, condition, inStock, freeShipping, minPrice, maxPrice } = query;
  const brands = facets?.brands ?? [];
  const stores = facets?.stores ?? [];
  const attributes = facets?.attributes ?? [];
  // The brand as the catalog spells it (the address may say "sony" for "Sony").
  const selectedBrand = (facets ? facets.brand : brand) ?? '';
  return (
    <div className="ph-browse__filters">
      <FilterSelect label="Brand" any="All brands" value={selectedBrand || null} options={brands.map((b) => ({ value: b.name, label: `${b.name} (${b.count})` }))} onChange={(value) => setQuery({ brand: value, page: 1 })} />
      <FilterSelect label="Store" any="All stores" value={store ?? null} options={stores.map((entry) => ({ value: entry.id, label: `${entry.name} (${entry.count})` }))} onChange={(value) => setQuery({ store: value, page: 1 })} />
      <FilterSelect label="Condition" any="Any condition" value={condition ?? null} options={BROWSE_CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }))} onChange={(value) => setQuery({ condition: value, page: 1 })} />
      {attributes.map((attribute) => (
        <FilterSelect
          key={attribute.key}
          label={attribute.name}
          any={`Any ${attribute.name.toLowerCase()}`}
          value={query[attribute.key] ?? null}
          options={attribute.values.map((entry) => ({ value: entry.value, label: `${entry.value} (${entry.count})` }))}
          onChange={(value) => setQuery({ [attribute.key]: value, page: 1 })}
        />
      ))}
      <FilterCheck label="In stock" checked={inStock === true} onChange={(checked) => setQuery({ inStock: checked, page: 1 })} />
      <FilterCheck label="Free shipping" checked={freeShipping === true} onChange={(checked) => setQuery({ freeShipping: checked, page: 1 })} />
      <PriceRange key={`${minPrice ?? ''}-${maxPrice ?? ''}`} min={minPrice} max={maxPrice} onApply={({ min, max }) => setQuery({ minPrice: min ?? null, maxPrice: max ?? null, page: 1 })} />
      {filtered ? (
        <button type="button" className="ph-text-button" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
