import type pg from 'pg';
import { WriteError } from './write-queue';

/**
 * How a kind of write is committed on PostgreSQL: `write` stores the items given (one statement per kind of row,
 * multi-row, e.g. INSERT … SELECT FROM unnest(arrays)) inside the transaction the queue opened on `client`. It
 * must throw on any failure; the queue then finds the items that failed (see `createPgGroupCommit`).
 */
export type PgBatchWriter<T> = ((client: pg.PoolClient, items: readonly T[]) => Promise<void>) & {
  /**
   * True when `write` stores these items with a single statement: the batch then needs no BEGIN and COMMIT (the
   * statement is its own transaction, committed when it returns), one round trip instead of three.
   */
  oneStatement?(items: readonly T[]): boolean;
};

/** Writes handed to PostgreSQL, each resolving only once its transaction's COMMIT has returned. */
export interface PgWriteQueue<T> {
  run(item: T): Promise<void>;
  /** Resolves when every write handed over so far is settled. */
  drain(): Promise<void>;
  /** Settles every write handed over so far, then rejects any new one. */
  close(): Promise<void>;
  readonly kind: 'immediate' | 'group';
  /** Batches run and the writes they held (writes / batches = how many writes share a commit). */
  readonly stats: { batches: number; writes: number };
}

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's message and SQLSTATE (e.g. 23505, a unique violation) as a WriteError, like SQLite's failed writes. */
function writeError(error: unknown): WriteError {
  const e = error as { message?: string; code?: string } | null | undefined;
  return new WriteError(e?.message || String(error), e?.code);
}

/** Gives `client` back to the pool, destroying it when `error` left its state unknown (a failed ROLLBACK, a lost socket). */
function release(client: pg.PoolClient, error?: unknown): void {
  client.release(error === undefined ? undefined : error instanceof Error ? error : new Error('The connection failed with a value that is not an Error', { cause: error }));
}

/**
 * Commits `batch` in one transaction on one pooled connection and settles each write: all of them after COMMIT
 * returned; or, when a statement fails (one bad row aborts a PostgreSQL transaction, where SQLite undoes only the
 * failing statement), the transaction is rolled back and the rows are written again one by one, each under a
 * savepoint, in ONE transaction: the rows that fail again are rejected with their error, the others resolve after
 * that transaction's COMMIT (what the SQLite write queue does: a bad row fails alone). When COMMIT itself fails, or
 * the connection breaks, nothing can be claimed committed and every write of the batch is rejected.
 */
async function commitBatch<T>(pool: pg.Pool, write: PgBatchWriter<T>, batch: readonly Pending<T>[]): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    for (const pending of batch) pending.reject(writeError(error));
    return;
  }
  const items = batch.map((pending) => pending.item);
  if (write.oneStatement?.(items)) {
    try {
      await write(client, items);
    } catch (error) {
      // An ERROR from the server failed the statement alone (nothing of it committed) and left the session usable;
      // anything else (a lost connection, a FATAL) leaves the outcome unknown.
      const statementFailed = (error as { severity?: string }).severity === 'ERROR';
      release(client, statementFailed ? undefined : error);
      if (!statementFailed || batch.length === 1) {
        for (const pending of batch) pending.reject(writeError(error));
        return;
      }
      let retry: pg.PoolClient;
      try {
        retry = await pool.connect();
      } catch (connectError) {
        for (const pending of batch) pending.reject(writeError(connectError));
        return;
      }
      await commitOneByOne(retry, write, batch);
      return;
    }
    release(client);
    for (const pending of batch) pending.resolve();
    return;
  }
  let stage: 'write' | 'commit' = 'write';
  try {
    await client.query('BEGIN');
    await write(client, items);
    stage = 'commit';
    await client.query('COMMIT');
  } catch (error) {
    if (stage === 'commit' || batch.length === 1) {
      // A failed COMMIT ends the transaction (rolled back, or its outcome unknown on a lost connection); a lone
      // write's own failure is its answer.
      await client.query('ROLLBACK').then(
        () => release(client),
        (rollbackError: unknown) => release(client, rollbackError),
      );
      for (const pending of batch) pending.reject(writeError(error));
      return;
    }
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      release(client, rollbackError);
      for (const pending of batch) pending.reject(writeError(error));
      return;
    }
    await commitOneByOne(client, write, batch);
    return;
  }
  release(client);
  for (const pending of batch) pending.resolve();
}

/** The rows of a failed batch again, each under a savepoint, in one transaction (see commitBatch). */
async function commitOneByOne<T>(client: pg.PoolClient, write: PgBatchWriter<T>, batch: readonly Pending<T>[]): Promise<void> {
  const failures = new Map<Pending<T>, WriteError>();
  try {
    await client.query('BEGIN');
    for (const pending of batch) {
      await client.query('SAVEPOINT tracking_write');
      try {
        await write(client, [pending.item]);
        await client.query('RELEASE SAVEPOINT tracking_write');
      } catch (error) {
        failures.set(pending, writeError(error));
        await client.query('ROLLBACK TO SAVEPOINT tracking_write');
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').then(
      () => release(client),
      (rollbackError: unknown) => release(client, rollbackError),
    );
    for (const pending of batch) pending.reject(writeError(error));
    return;
  }
  release(client);
  for (const pending of batch) {
    const failure = failures.get(pending);
    if (failure) pending.reject(failure);
    else pending.resolve();
  }
}

/**
 * Group commit on PostgreSQL: the writes of one turn of the event loop start a transaction, and the writes that
 * arrive while it commits are gathered into the next one (one batch in flight at a time, at most `maxBatch`
 * writes each). Every write resolves only after its batch's COMMIT returned (synchronous_commit=on: its WAL is
 * flushed), so an acknowledged write survives kill -9 of the API and of the server.
 */
export function createPgGroupCommit<T>(pool: pg.Pool, write: PgBatchWriter<T>, options: { maxBatch?: number } = {}): PgWriteQueue<T> {
  const maxBatch = options.maxBatch ?? 2048;
  let pending: Pending<T>[] = [];
  let committing = false;
  let scheduled = false;
  let closed = false;
  const drainers: Array<() => void> = [];
  const stats = { batches: 0, writes: 0 };

  const idle = () => !committing && !scheduled && pending.length === 0;
  const pump = async () => {
    scheduled = false;
    committing = true;
    while (pending.length) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      await commitBatch(pool, write, batch);
      stats.batches++;
      stats.writes += batch.length;
    }
    committing = false;
    drainers.splice(0).forEach((resolve) => resolve());
  };

  return {
    kind: 'group',
    stats,
    run(item) {
      if (closed) return Promise.reject(new WriteError('write queue closed'));
      return new Promise<void>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        // While a batch commits, the loop in `pump` takes these next; otherwise the writes of this turn start one.
        if (!committing && !scheduled) {
          scheduled = true;
          setImmediate(() => void pump());
        }
      });
    },
    drain() {
      if (idle()) return Promise.resolve();
      return new Promise<void>((resolve) => drainers.push(resolve));
    },
    async close() {
      closed = true;
      await this.drain();
    },
  };
}

/** One transaction per write (each INSERT commits on its own): the comparison for group commit, and for callers that want no batching. */
export function createPgImmediateQueue<T>(pool: pg.Pool, write: PgBatchWriter<T>): PgWriteQueue<T> {
  let inFlight = 0;
  let closed = false;
  const drainers: Array<() => void> = [];
  const stats = { batches: 0, writes: 0 };
  const commitOne = async (item: T) => {
    const client = await pool.connect();
    try {
      // Outside BEGIN: the statement is its own transaction, committed when it returns.
      await write(client, [item]);
    } catch (error) {
      release(client, (error as { code?: string }).code ? undefined : error);
      throw writeError(error);
    }
    release(client);
  };
  return {
    kind: 'immediate',
    stats,
    run(item) {
      if (closed) return Promise.reject(new WriteError('write queue closed'));
      inFlight++;
      return commitOne(item).finally(() => {
        stats.batches++;
        stats.writes++;
        if (--inFlight === 0) drainers.splice(0).forEach((done) => done());
      });
    },
    drain() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => drainers.push(resolve));
    },
    async close() {
      closed = true;
      await this.drain();
    },
  };
}
