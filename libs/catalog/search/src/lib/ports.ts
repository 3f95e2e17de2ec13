import type { IdentifiedBy, SearchResult } from '@pricehunt/contracts';

export interface StoredSearch {
  requestId: string;
  inputUrl: string | null;
  query: string | null;
  result: SearchResult;
}

/** A search answer to store under its request id. */
export interface NewStoredSearch {
  requestId: string;
  inputUrl: string | null;
  query: string | null;
  identifiedBy: IdentifiedBy;
  productId: number | null;
  sessionId: string | null;
  result: SearchResult;
}

/** Storage of search requests and their answers. */
export interface SearchRequestRepository {
  /** Stores the answer; false (nothing written) when the request id was taken meanwhile. */
  save(entry: NewStoredSearch): Promise<boolean>;
  /** The stored request and its answer (with the fields older answers lacked filled in), or null. */
  get(requestId: string): Promise<StoredSearch | null>;
}

/**
 * An answer as stored (JSON) read back. Answers stored before `matches` and `correctedQuery` existed had no list and
 * searched the words as typed.
 */
export function storedSearchResult(json: string): SearchResult {
  return { matches: [], correctedQuery: null, ...(JSON.parse(json) as Omit<SearchResult, 'matches' | 'correctedQuery'>) };
}
