import Database from 'better-sqlite3';
import { attributionWindowMs, insideAttributionWindow, insideAttributionWindowSql } from './attribution-window';

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

  it.each(cases)('answers alike in TypeScript and SQL for %s', (_name, occurredAt, inside) => {
    const sqlite = new Database(':memory:');
    try {
      const sql = `SELECT ${insideAttributionWindowSql('@referredAt', '@occurredAt', '@windowMs')} AS inside`;
      const row = sqlite.prepare(sql).get({ referredAt, occurredAt, windowMs }) as { inside: number };
      expect(insideAttributionWindow(referredAt, occurredAt, windowMs)).toBe(inside);
      expect(row.inside === 1).toBe(inside);
    } finally {
      sqlite.close();
    }
  });
});
