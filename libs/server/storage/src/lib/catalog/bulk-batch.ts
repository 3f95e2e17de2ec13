import type Database from 'better-sqlite3';

/** Parameters of one statement run: positional (an array) or named (an object); plain data only. */
export type BulkParams = ReadonlyArray<string | number | null> | Readonly<Record<string, string | number | null>>;

/** One statement and the parameters of each of its runs, in order. */
export interface BulkOp {
  sql: string;
  rows: BulkParams[];
}

/**
 * Runs one batch of a bulk import in one transaction, all or nothing (an error rolls it back and is thrown), preparing
 * each statement once per connection. Used on the caller's connection and by the writer thread (bulk-writer-worker.ts).
 */
export function runBulkBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly BulkOp[]): void {
  sqlite.transaction(() => {
    for (const op of ops) {
      let statement = statements.get(op.sql);
      if (!statement) statements.set(op.sql, (statement = sqlite.prepare(op.sql)));
      for (const params of op.rows) statement.run(params);
    }
  })();
}
