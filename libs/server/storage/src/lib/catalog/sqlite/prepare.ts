import type Database from 'better-sqlite3';

/**
 * Prepares every statement of `sql` on the connection, once: the statements named in `plucked` answer their first
 * column alone (better-sqlite3's `pluck`).
 */
export function prepareAll<K extends string>(sqlite: Database.Database, sql: Record<K, string>, plucked: ReadonlyArray<NoInfer<K>> = []): Record<K, Database.Statement> {
  const statements = {} as Record<K, Database.Statement>;
  for (const key of Object.keys(sql) as K[]) {
    const statement = sqlite.prepare(sql[key]);
    statements[key] = plucked.includes(key) ? statement.pluck() : statement;
  }
  return statements;
}

/** The ids as SQLite's list parameter (a JSON array for `json_each`). */
export const idList = (ids: readonly number[]) => JSON.stringify(ids);
