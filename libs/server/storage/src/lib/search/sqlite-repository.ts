import type { DatabaseHandle } from '../db/client';
import { type NewStoredSearch, type SearchRequestRepository, type StoredSearch, storedSearchResult } from '@pricehunt/catalog-search';

/** Search requests in the `search_requests` table. */
export function createSqliteSearchRequestRepository(handle: DatabaseHandle): SearchRequestRepository {
  const { sqlite } = handle;
  const insert = sqlite.prepare(`INSERT INTO search_requests (request_id, input_url, query, identified_by, product_id, result_json, session_id, created_at)
    VALUES (@requestId, @inputUrl, @query, @identifiedBy, @productId, @resultJson, @sessionId, @createdAt) ON CONFLICT(request_id) DO NOTHING`);
  const byId = sqlite.prepare('SELECT request_id AS requestId, input_url AS inputUrl, query, result_json AS resultJson FROM search_requests WHERE request_id = ?');
  return {
    async save(entry: NewStoredSearch): Promise<boolean> {
      const info = insert.run({ ...entry, resultJson: JSON.stringify(entry.result), createdAt: entry.result.createdAt });
      return info.changes === 1;
    },
    async get(requestId: string): Promise<StoredSearch | null> {
      const row = byId.get(requestId) as { requestId: string; inputUrl: string | null; query: string | null; resultJson: string } | undefined;
      if (!row) return null;
      return { requestId: row.requestId, inputUrl: row.inputUrl, query: row.query, result: storedSearchResult(row.resultJson) };
    },
  };
}
