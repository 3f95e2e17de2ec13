import { apiRequest } from '@pricehunt/api-client';
import { dealsResponseSchema, type DealsResponse } from '@pricehunt/contracts';

/** GET /api/deals: a page of deals, biggest drop first, of a category (a slug) or of all; `cursor` continues a list. */
export function getDeals(query: { category?: string; limit: number; cursor?: string | null }, signal?: AbortSignal): Promise<DealsResponse> {
  return apiRequest('/api/deals', {
    query: { category: query.category, limit: query.limit, cursor: query.cursor ?? undefined },
    schema: dealsResponseSchema,
    signal,
    errorMessage: 'The deals could not be loaded',
  });
}
