import { sharedPostgresCluster } from '@pricehunt/postgres-harness';
import Database from 'better-sqlite3';
import { attributionWindowMs, insideAttributionWindow, insideAttributionWindowSql, type SqlEngine } from '@pricehunt/storage';

/** Evaluates the window's SQL form on an engine for one referral, order and window. */
const evaluate: Record<SqlEngine, (referredAt: number, occurredAt: number, windowMs: number) => Promise<boolean>> = {
  async sqlite(referredAt, occurredAt, windowMs) {
    const sqlite = new Database(':memory:');
    try {
      const sql = `SELECT ${insideAttributionWindowSql('@referredAt', '@occurredAt', '@windowMs')} AS inside`;
      const row = sqlite.prepare(sql).get({ referredAt, occurredAt, windowMs }) as { inside: number };
      return row.inside === 1;
    } finally {
      sqlite.close();
    }
  },
  async postgres(referredAt, occurredAt, windowMs) {
    const cluster = await sharedPostgresCluster();
    const sql = `SELECT ${insideAttributionWindowSql('$1', '$2', '$3', 'postgres')} AS inside`;
    const [row] = await cluster.query<{ inside: boolean }>(sql, [referredAt, occurredAt, windowMs]);
    return row?.inside === true;
  },
};

describe('attribution window', () => {
  const windowMs = attributionWindowMs(30);
  const referredAt = Date.UTC(2026, 0, 1);
  const cases: Array<[string, number, boolean]> = [
    ['an order before the referral', referredAt - 1, false],
    ['an order at the referral', referredAt, true],
    ['an order on the last moment of the window', referredAt + windowMs, true],
    ['an order just after the window', referredAt + windowMs + 1, false],
  ];

  it('is 30 days of milliseconds for 30 days', () => {
    expect(windowMs).toBe(30 * 86_400_000);
  });

  describe.each(['sqlite', 'postgres'] as const)('in SQL on %s', (engine) => {
    it.each(cases)('answers as TypeScript does for %s', async (_name, occurredAt, inside) => {
      expect(insideAttributionWindow(referredAt, occurredAt, windowMs)).toBe(inside);
      expect(await evaluate[engine](referredAt, occurredAt, windowMs)).toBe(inside);
    });

    it('answers for times whose difference is beyond a 64-bit integer, as TypeScript does', async () => {
      expect(insideAttributionWindow(-9e18, 9e18, windowMs)).toBe(false);
      expect(await evaluate[engine](-9e18, 9e18, windowMs)).toBe(false);
    });
  });
});
