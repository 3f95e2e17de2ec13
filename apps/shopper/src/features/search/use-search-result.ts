import type { SearchResult } from '@pricehunt/contracts';
import { readProductRequest, type ProductRequestRecord } from '@pricehunt/direct-url';
import { useAsync } from '../../lib/use-async';
import { getSearch, runSearch } from './api';

/** The request record handed over in navigation state, when the search form or detector passed one. */
export function recordFromState(state: unknown): ProductRequestRecord | null {
  if (!state || typeof state !== 'object') return null;
  const record = (state as { productRequest?: unknown }).productRequest;
  if (!record || typeof record !== 'object') return null;
  const { url, query, timestamp } = record as { url?: unknown; query?: unknown; timestamp?: unknown };
  if (typeof timestamp !== 'number') return null;
  if (typeof url === 'string' && url) return { url, timestamp };
  if (typeof query === 'string' && query) return { query, timestamp };
  return null;
}

/**
 * The result of one search. With the request record (session storage or navigation state) the API is asked to run it
 * (asking again with the same id answers the stored result); without one, e.g. after a reload in a new tab or from a
 * shared link, the stored result is loaded by request id.
 */
// One request per search id while it is in flight: a remount (or a strict-mode double effect) reuses it rather than
// asking the API to run the same search twice at once.
const inFlight = new Map<string, Promise<SearchResult>>();

function loadSearch(requestId: string, navigationState: unknown): Promise<SearchResult> {
  const running = inFlight.get(requestId);
  if (running) return running;
  const record = readProductRequest(requestId) ?? recordFromState(navigationState);
  const request = (record ? runSearch(requestId, record) : getSearch(requestId)).finally(() => inFlight.delete(requestId));
  inFlight.set(requestId, request);
  return request;
}

/** The words of a text search, known before its result arrives (session storage or navigation state); null for a link. */
export function askedQuery(requestId: string, navigationState: unknown): string | null {
  const record = readProductRequest(requestId) ?? recordFromState(navigationState);
  return record && 'query' in record ? record.query : null;
}

export function useSearchResult(requestId: string, navigationState: unknown) {
  return useAsync(requestId, () => loadSearch(requestId, navigationState));
}
