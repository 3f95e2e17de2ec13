import type Database from 'better-sqlite3';
import type { IdentifiedBy, SearchResult } from '@pricehunt/contracts';

export interface StoredSearch {
  requestId: string;
  inputUrl: string | null;
  query: string | null;
  result: SearchResult;
}

/** Storage of search requests and their answers. */
export function createSearchRequestRepository(sqlite: Database.Database) {
  const insert = sqlite.prepare(`INSERT INTO search_requests (request_id, input_url, query, identified_by, product_id, result_json, session_id, created_at)
    VALUES (@requestId, @inputUrl, @query, @identifiedBy, @productId, @resultJson, @sessionId, @createdAt) ON CONFLICT(request_id) DO NOTHING`);
  const byId = sqlite.prepare('SELECT request_id AS requestId, input_url AS inputUrl, query, result_json AS resultJson FROM search_requests WHERE request_id = ?');
  return {
    /** Stores the answer; false when the request id was taken meanwhile. */
    save(entry: { requestId: string; inputUrl: string | null; query: string | null; identifiedBy: IdentifiedBy; productId: number | null; sessionId: string | null; result: SearchResult }): boolean {
      const info = insert.run({ ...entry, resultJson: JSON.stringify(entry.result), createdAt: entry.result.createdAt });
      return info.changes === 1;
    },
    get(requestId: string): StoredSearch | null {
      const row = byId.get(requestId) as { requestId: string; inputUrl: string | null; query: string | null; resultJson: string } | undefined;
      if (!row) return null;
      // Answers stored before `matches` and `correctedQuery` existed had no list and searched the words as typed.
      const result = { matches: [], correctedQuery: null, ...(JSON.parse(row.resultJson) as Omit<SearchResult, 'matches' | 'correctedQuery'>) } as SearchResult;
      return { requestId: row.requestId, inputUrl: row.inputUrl, query: row.query, result };
    },
  };
}

export type SearchRequestRepository = ReturnType<typeof createSearchRequestRepository>;
