import { randomUUID } from 'node:crypto';
import { searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { buildTestApp, type TestApp } from './test-app';

/** A test app whose catalog holds some feed offers, and a search of its API (a throw for any answer but a valid 200). */
export interface SearchTestApp extends TestApp {
  search(query: string): Promise<SearchResult>;
}

/** `buildTestApp` with `offers` imported (as a feed from `source`) and the words spelling correction knows read. */
export async function buildSearchTestApp(offers: readonly FeedOffer[], source: string): Promise<SearchTestApp> {
  const t = await buildTestApp();
  try {
    await t.app.catalog.ingestion.importOffers([...offers], { format: 'gmc', source });
    await t.app.catalog.spelling.ready();
  } catch (error) {
    await t.close();
    throw error;
  }
  return withSearch(t);
}

/** A test app with a search of its API (a throw for any answer but a valid 200). */
export function withSearch(t: TestApp): SearchTestApp {
  const search = async (query: string): Promise<SearchResult> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), query } });
    if (res.statusCode !== 200) throw new Error(`POST /api/search "${query}" answered ${res.statusCode}: ${res.body}`);
    return searchResultSchema.parse(res.json());
  };
  return { ...t, search };
}
