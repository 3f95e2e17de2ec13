import { apiRequest } from '@pricehunt/api-client';
import { suggestResponseSchema, type ProductSummary } from '@pricehunt/contracts';

/** GET /api/suggest: products whose words begin like the typed ones, best first. */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<ProductSummary[]> {
  const answer = await apiRequest('/api/suggest', { query: { q, limit: 6 }, schema: suggestResponseSchema, signal });
  return answer.suggestions;
}
