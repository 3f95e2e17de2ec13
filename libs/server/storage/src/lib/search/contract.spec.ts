import type { SearchResult } from '@pricehunt/contracts';
import { ENGINES, openPortEngine, type EngineConnection, type EngineName, type PortEngine } from '../../testing/port-engines';
import { createPgMatchReportRepository, createPgSearchRequestRepository, createSqliteMatchReportRepository, createSqliteSearchRequestRepository, type MatchReportRepository } from '../../index';
import { type NewStoredSearch, type SearchRequestRepository, storedSearchResult } from '@pricehunt/catalog-search';
import { present } from '@pricehunt/contracts';

interface Ports {
  searches: SearchRequestRepository;
  reports: MatchReportRepository;
}
interface Subject extends Ports {
  db: PortEngine;
  /** The ports on another connection (pool) to the same database, as another API process has them. */
  another(): Promise<Ports>;
}

const ports = (connection: EngineConnection): Ports =>
  connection.engine === 'sqlite'
    ? { searches: createSqliteSearchRequestRepository(connection.handle), reports: createSqliteMatchReportRepository(connection.handle) }
    : { searches: createPgSearchRequestRepository(connection.handle), reports: createPgMatchReportRepository(connection.handle) };

async function open(engine: EngineName): Promise<Subject> {
  const db = await openPortEngine(engine);
  return { db, ...ports(db), another: async () => ports(await db.connect()) };
}

/** Equal, and with the keys in the same order: the API answers these objects as JSON. */
function expectExactly(actual: unknown, expected: unknown) {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute, 0, 0)).toISOString();

// Keys deliberately not in alphabetical (nor jsonb's length-first) order: the answer must come back as written.
const result = (requestId: string) =>
  ({
    requestId,
    status: 'matched',
    identifiedBy: 'query',
    product: { title: 'Sony WH-1000XM5', id: 7, brand: 'Sony' },
    offers: [{ retailerName: 'Amazon', priceCents: 27_999, id: 11 }],
    matches: [],
    correctedQuery: null,
    createdAt: at(5),
  }) as unknown as SearchResult;

const entry = (requestId: string, overrides: Partial<NewStoredSearch> = {}): NewStoredSearch => ({
  requestId,
  inputUrl: null,
  query: 'sony xm5',
  identifiedBy: 'query',
  productId: 7,
  sessionId: 's1',
  result: result(requestId),
  ...overrides,
});

describe.each(ENGINES)('search request and match report ports on %s', (engine) => {
  let s: Subject;
  beforeAll(async () => {
    s = await open(engine);
  });
  afterAll(async () => s.db.close());

  it('stores an answer once per request id and reads it back with its keys in the order written', async () => {
    expect(await s.searches.save(entry('r1'))).toBe(true);
    expect(await s.searches.save(entry('r1', { query: 'other' }))).toBe(false);
    const stored = await s.searches.get('r1');
    // storedSearchResult puts `matches` and `correctedQuery` first; the stored answer's own keys follow as written.
    expectExactly(stored, { requestId: 'r1', inputUrl: null, query: 'sony xm5', result: storedSearchResult(JSON.stringify(result('r1'))) });
    expect(await s.searches.get('missing')).toBeNull();
  });

  it('fills in what answers stored before `matches` and `correctedQuery` lacked', async () => {
    await s.db.query(
      `INSERT INTO search_requests (request_id, input_url, query, identified_by, product_id, result_json, created_at) VALUES ('old', 'https://example.com/p', NULL, 'url-slug', NULL, ?, ?)`,
      ['{"requestId":"old","status":"not_found","createdAt":"2026-11-23T10:00:00.000Z"}', at(0)],
    );
    expectExactly(await s.searches.get('old'), {
      requestId: 'old',
      inputUrl: 'https://example.com/p',
      query: null,
      result: { matches: [], correctedQuery: null, requestId: 'old', status: 'not_found', createdAt: at(0) },
    });
  });

  it('of concurrent saves under one request id from two processes, exactly one writes', async () => {
    const other = await s.another();
    const outcomes = await Promise.all([s.searches.save(entry('race', { query: 'a' })), other.searches.save(entry('race', { query: 'b' }))]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(present(await s.searches.get('race')).query).toBe(outcomes[0] ? 'a' : 'b');
  });

  it('adds, lists (newest first, ties by id), gets and resolves match reports', async () => {
    await s.reports.add({ id: 'm1', createdAt: at(1), requestId: 'r1', productId: 7, reason: 'different_product', note: null });
    await s.reports.add({ id: 'm3', createdAt: at(2), requestId: 'r1', productId: 7, reason: 'wrong_price', note: 'costs more' });
    await s.reports.add({ id: 'm2', createdAt: at(2), requestId: 'r1', productId: 8, reason: 'other', note: 'é ✓' });
    const listed = await s.reports.list('open', 10);
    expect(listed.open).toBe(3);
    expect(listed.items.map((item) => item.id)).toEqual(['m3', 'm2', 'm1']);
    expectExactly(listed.items[2], {
      id: 'm1',
      createdAt: at(1),
      requestId: 'r1',
      productId: 7,
      reason: 'different_product',
      note: null,
      status: 'open',
      resolvedAt: null,
    });
    expect((await s.reports.list('open', 1)).items.map((item) => item.id)).toEqual(['m3']);
    expect(await s.reports.get('nope')).toBeNull();

    expect(await s.reports.resolve('m2', 'admin-1', at(9))).toBe(true);
    expect(await s.reports.resolve('m2', 'admin-2', at(10))).toBe(false);
    expectExactly(await s.reports.get('m2'), {
      id: 'm2',
      createdAt: at(2),
      requestId: 'r1',
      productId: 8,
      reason: 'other',
      note: 'é ✓',
      status: 'resolved',
      resolvedAt: at(9),
    });
    expect(await s.db.query('SELECT resolved_by AS "by" FROM match_reports WHERE id = ?', ['m2'])).toEqual([{ by: 'admin-1' }]);
    const after = await s.reports.list('resolved', 10);
    expect(after).toEqual({ items: [expect.objectContaining({ id: 'm2' })], open: 2 });
  });

  it('of concurrent resolutions of one report from two processes, exactly one succeeds', async () => {
    await s.reports.add({ id: 'race', createdAt: at(3), requestId: 'r1', productId: 7, reason: 'other', note: null });
    const other = await s.another();
    const outcomes = await Promise.all([s.reports.resolve('race', 'a', at(4)), other.reports.resolve('race', 'b', at(5))]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });
});
