import type Database from 'better-sqlite3';
import { writeProductFiguresSqlite } from './sqlite-product-figures';

/** Parameters of one statement run: positional (an array) or named (an object); plain data only. */
export type BulkParams = ReadonlyArray<string | number | null> | Readonly<Record<string, string | number | null>>;

/** One statement and the parameters of each of its runs, in order; or the products whose figures are written again. */
export type BulkOp = { sql: string; rows: BulkParams[] } | { productFigures: { ids: number[]; now: string } };

/**
 * Runs one batch of a bulk import in one transaction, all or nothing (an error rolls it back and is thrown), preparing
 * each statement once per connection. Used on the caller's connection and by the writer thread (bulk-writer-worker.ts).
 * The transaction takes the write lock at its start: a database busy with another connection's write refuses the
 * batch before any of it ran (SQLITE_BUSY), so it can run again whole.
 */
export function runBulkBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly BulkOp[]): void {
  sqlite.transaction(() => {
    for (const op of ops) {
      if ('productFigures' in op) {
        writeProductFiguresSqlite(sqlite, op.productFigures.ids, op.productFigures.now);
        continue;
      }
      let statement = statements.get(op.sql);
      if (!statement) statements.set(op.sql, (statement = sqlite.prepare(op.sql)));
      for (const params of op.rows) statement.run(params);
    }
  }).immediate();
}
