import { apiRequest } from '@pricehunt/api-client';
import {
  browseResponseSchema,
  matchReportResponseSchema,
  categoriesResponseSchema,
  productDetailResponseSchema,
  searchResultSchema,
  type BrowseQuery,
  type BrowseResponse,
  type CategoriesResponse,
  type MatchReportBody,
  type ProductDetailResponse,
  type SearchResult,
} from '@pricehunt/contracts';
import type { ProductRequestRecord } from '@pricehunt/direct-url';
import { getSessionId } from '@pricehunt/tracking';

/** POST /api/search: runs (or, for a request id already answered, returns) the search of a stored request. */
export function runSearch(requestId: string, record: ProductRequestRecord, signal?: AbortSignal): Promise<SearchResult> {
  const input = 'url' in record ? { url: record.url } : { query: record.query };
  return apiRequest('/api/search', {
    method: 'POST',
    body: { requestId, ...input, sessionId: getSessionId() },
    schema: searchResultSchema,
    signal,
    errorMessage: 'The search failed',
  });
}

/** GET /api/search/:requestId: the stored answer of an earlier search (reload, shared link, history). */
export function getSearch(requestId: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest(`/api/search/${encodeURIComponent(requestId)}`, { schema: searchResultSchema, signal, errorMessage: 'The search could not be loaded' });
}

export function getProduct(productId: number, signal?: AbortSignal): Promise<ProductDetailResponse> {
  return apiRequest(`/api/products/${productId}`, { schema: productDetailResponseSchema, signal });
}

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return apiRequest('/api/categories', { schema: categoriesResponseSchema, signal });
}

export function browse(query: Partial<BrowseQuery>, signal?: AbortSignal): Promise<BrowseResponse> {
  return apiRequest('/api/browse', { query: { ...query }, schema: browseResponseSchema, signal });
}

/** POST /api/match-reports: tells PriceHunt that a comparison shows the wrong product. */
export function reportMatch(body: MatchReportBody): Promise<string> {
  return apiRequest('/api/match-reports', { method: 'POST', body, schema: matchReportResponseSchema, errorMessage: 'The report could not be sent' }).then(
    (answer) => answer.reportId,
  );
}
