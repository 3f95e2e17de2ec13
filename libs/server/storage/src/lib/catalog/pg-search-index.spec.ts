import type { Queryable } from './pg/queryable';
import { createPgSearchIndexRepository, REFRESH_SPACING } from './pg-search-index';

/** A pool whose vocabulary refresh takes `refreshMs` (of Jest's fake time), recording when each refresh began. */
function poolWithRefreshTaking(refreshMs: number) {
  const began: number[] = [];
  // Queries come as text or as { name, text, values }.
  const query = async (query: string | { text: string }) => {
    if ((typeof query === 'string' ? query : query.text).startsWith('REFRESH MATERIALIZED VIEW')) {
      began.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, refreshMs));
    }
    return { rows: [] };
  };
  return { pool: { query } as unknown as Queryable, began };
}

describe('the vocabulary refresh of the PostgreSQL search index', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  /** Changes every 50 ms for `spanMs`, as an import's units of work make them; answers when each refresh began. */
  async function refreshesDuringChanges(refreshMs: number, spanMs: number): Promise<number[]> {
    const { pool, began } = poolWithRefreshTaking(refreshMs);
    const index = createPgSearchIndexRepository({ pool }, { vocabularyDelayMs: 100 });
    for (let at = 0; at < spanMs; at += 50) {
      await index.changed();
      await jest.advanceTimersByTimeAsync(50);
    }
    await jest.advanceTimersByTimeAsync(spanMs);
    return began;
  }

  it('refreshes once for the changes of its wait when refreshing is quick', async () => {
    const began = await refreshesDuringChanges(10, 1_000);
    // A wait of 100 ms, a refresh of 10 ms: one every 110 ms while changes go on, then one for the last changes.
    expect(began.length).toBeGreaterThanOrEqual(8);
    expect(began.slice(0, 2)).toEqual([100, 210]);
  });

  it('waits REFRESH_SPACING times as long as the last refresh took, so that refreshing takes at most a fifth of a core', async () => {
    const began = await refreshesDuringChanges(1_000, 20_000);
    // The first waits 100 ms; each after it 4 s, after a refresh of 1 s.
    expect(began.slice(0, 3)).toEqual([100, 100 + 1_000 + REFRESH_SPACING * 1_000, 100 + 2 * (1_000 + REFRESH_SPACING * 1_000)]);
    const busy = (began.length * 1_000) / ((began.at(-1) ?? 0) + 1_000);
    expect(busy).toBeLessThanOrEqual(1 / (1 + REFRESH_SPACING) + 0.05);
  });

  it('sees the last changes in the vocabulary read after them', async () => {
    const { pool, began } = poolWithRefreshTaking(500);
    const index = createPgSearchIndexRepository({ pool }, { vocabularyDelayMs: 100 });
    await index.changed();
    await jest.advanceTimersByTimeAsync(700);
    await index.changed();
    const read = index.vocabulary('a', 'b');
    await jest.advanceTimersByTimeAsync(REFRESH_SPACING * 500 + 500);
    await read;
    expect(began).toEqual([100, 600 + REFRESH_SPACING * 500]);
  });
});
