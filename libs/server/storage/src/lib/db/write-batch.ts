import type Database from 'better-sqlite3';

/** One write: a statement with positional parameters (plain data, so it can cross to the writer thread). */
export interface WriteOp {
  sql: string;
  params: ReadonlyArray<string | number | bigint | null>;
}

/** A write that failed alone: its position in the batch, SQLite's message and code (e.g. SQLITE_CONSTRAINT_UNIQUE). */
export type WriteFailure = [position: number, message: string, code?: string];

/** SQLite's message and code of an error. */
export function describeError(error: unknown): [message: string, code?: string] {
  const e = error as { message?: string; code?: string } | null | undefined;
  return [e?.message || String(error), e?.code];
}

/**
 * Runs a batch of `count` writes in one transaction; COMMIT is the one fsync of the batch. A write that fails (e.g. a
 * constraint) is undone by SQLite on its own (statement-level rollback) and the others go on, so no savepoint per
 * write is needed: it is answered among the failures. Should an error end the whole transaction (disk full, I/O
 * error), the batch throws and none of it counts as committed. Used on the calling thread and by the writer thread.
 */
export function commitBatch(sqlite: Database.Database, count: number, write: (position: number) => void): WriteFailure[] {
  const failures: WriteFailure[] = [];
  sqlite.transaction(() => {
    for (let position = 0; position < count; position++) {
      try {
        write(position);
      } catch (error) {
        if (!sqlite.inTransaction) throw error;
        failures.push([position, ...describeError(error)]);
      }
    }
  })();
  return failures;
}
