/**
 * The database engines a benchmark measures side by side: BENCH_ENGINES, a comma-separated list of `sqlite` and
 * `postgres` (both by default, SQLite first: ratios are PostgreSQL's figure over SQLite's).
 */
export type Engine = 'sqlite' | 'postgres';

export const ENGINE_LABEL: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The engines BENCH_ENGINES names, in the order SQLite, PostgreSQL; an unknown name is an error. */
export function benchEngines(value = process.env.BENCH_ENGINES ?? 'sqlite,postgres'): Engine[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine "${name}" (sqlite, postgres)`);
  }
  const engines = (['sqlite', 'postgres'] as const).filter((engine) => names.includes(engine));
  if (engines.length === 0) throw new Error('BENCH_ENGINES names no engine (sqlite, postgres)');
  return engines;
}

/** ", ×1.23 of SQLite" after a PostgreSQL figure when SQLite's was measured too; nothing otherwise. */
export function ratioToSqlite(value: number, sqlite: number | undefined): string {
  if (sqlite === undefined || !Number.isFinite(value) || !Number.isFinite(sqlite) || sqlite === 0) return '';
  return `, ×${(value / sqlite).toFixed(2)} of SQLite`;
}
