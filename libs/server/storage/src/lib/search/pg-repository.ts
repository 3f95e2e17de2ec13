import type { PostgresHandle } from '../db/pg-client';
import { type NewStoredSearch, type SearchRequestRepository, type StoredSearch, storedSearchResult } from '@pricehunt/catalog-search';

/**
 * Search requests in the `search_requests` table. `result_json` is json (not jsonb): read as text, the answer comes
 * back with its keys in the order it was stored, as from SQLite. A taken request id is refused by the primary key in
 * the one INSERT … ON CONFLICT DO NOTHING statement: of two concurrent saves under one id, exactly one writes.
 */
export function createPgSearchRequestRepository({ pool }: PostgresHandle): SearchRequestRepository {
  return {
    async save(entry: NewStoredSearch): Promise<boolean> {
      const result = await pool.query({
        name: 'search/requests-save',
        text: `INSERT INTO search_requests (request_id, input_url, query, identified_by, product_id, result_json, session_id, created_at)
          VALUES ($1, $2, $3, $4, $5, $6::json, $7, $8) ON CONFLICT (request_id) DO NOTHING`,
        values: [entry.requestId, entry.inputUrl, entry.query, entry.identifiedBy, entry.productId, JSON.stringify(entry.result), entry.sessionId, entry.result.createdAt],
      });
      return result.rowCount === 1;
    },
    async get(requestId: string): Promise<StoredSearch | null> {
      const { rows } = await pool.query<{ requestId: string; inputUrl: string | null; query: string | null; resultJson: string }>({
        name: 'search/requests-get',
        text: 'SELECT request_id AS "requestId", input_url AS "inputUrl", query, result_json::text AS "resultJson" FROM search_requests WHERE request_id = $1',
        values: [requestId],
      });
      const row = rows[0];
      if (!row) return null;
      return { requestId: row.requestId, inputUrl: row.inputUrl, query: row.query, result: storedSearchResult(row.resultJson) };
    },
  };
}
