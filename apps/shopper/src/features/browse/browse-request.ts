import { BROWSE_SORTS, type BrowseQuery } from '@pricehunt/contracts';

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
  return {
    key: `browse:${category ?? ''}:${sort}:${page}:${brand ?? ''}:${minPrice ?? ''}:${maxPrice ?? ''}`,
    query: { category, sort, page, pageSize: BROWSE_PAGE_SIZE, brand, minPrice, maxPrice },
    filtered: brand !== undefined || minPrice !== undefined || maxPrice !== undefined,
  };
}

/** The `useAsync` key of the category list. */
export const CATEGORIES_KEY = 'categories';
