import { BROWSE_CONDITIONS, BROWSE_SORTS, type BrowseCondition, type BrowseQuery } from '@pricehunt/contracts';

export type BrowseSort = (typeof BROWSE_SORTS)[number];

/** Products per page of browse and a category. */
export const BROWSE_PAGE_SIZE = 24;

function isSort(value: string | null): value is BrowseSort {
  return value !== null && (BROWSE_SORTS as readonly string[]).includes(value);
}

/** A price from the address or a field: a number of at least 0, else none. */
export function priceOf(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

const isCondition = (value: string | null): value is BrowseCondition => value !== null && (BROWSE_CONDITIONS as readonly string[]).includes(value);
/** A yes/no filter of the address: on for `1` or `true`. */
const flagOf = (value: string | null): boolean | undefined => (value === '1' || value === 'true' ? true : undefined);
/** A store id as the address may carry it (the API refuses anything else). */
const storeOf = (value: string | null): string | undefined => {
  const store = value?.trim().toLowerCase();
  return store && /^[a-z0-9][a-z0-9._-]{0,99}$/.test(store) ? store : undefined;
};

/** The address's filters, in the order a page lists them. */
export const BROWSE_FILTER_PARAMS = ['brand', 'store', 'condition', 'inStock', 'freeShipping', 'colour', 'storage', 'size', 'minPrice', 'maxPrice'] as const;

export interface BrowseRequest {
  /** The `useAsync` key of the answer (the server renders a category page with the answer under it). */
  key: string;
  query: Partial<BrowseQuery> & { sort: BrowseSort; page: number; pageSize: number };
  filtered: boolean;
}

/** What a browse or category address asks for: its category, order, page and filters, read as the page reads them. */
export function browseRequestOf(category: string | undefined, params: URLSearchParams): BrowseRequest {
  const sortParam = params.get('sort');
  const sort: BrowseSort = isSort(sortParam) ? sortParam : 'offers';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const brand = params.get('brand')?.trim() || undefined;
  const minPrice = priceOf(params.get('minPrice'));
  const maxPrice = priceOf(params.get('maxPrice'));
  const conditionParam = params.get('condition');
  const condition = isCondition(conditionParam) ? conditionParam : undefined;
  const store = storeOf(params.get('store'));
  const inStock = flagOf(params.get('inStock'));
  const freeShipping = flagOf(params.get('freeShipping'));
  const attribute = (name: string) => params.get(name)?.trim().slice(0, 60) || undefined;
  const filters = { brand, store, condition, inStock, freeShipping, colour: attribute('colour'), storage: attribute('storage'), size: attribute('size'), minPrice, maxPrice };
  return {
    key: `browse:${category ?? ''}:${sort}:${page}:${BROWSE_FILTER_PARAMS.map((name) => filters[name] ?? '').join(':')}`,
    query: { category, sort, page, pageSize: BROWSE_PAGE_SIZE, ...filters },
    filtered: Object.values(filters).some((value) => value !== undefined),
  };
}

/** The `useAsync` key of the category list. */
export const CATEGORIES_KEY = 'categories';
