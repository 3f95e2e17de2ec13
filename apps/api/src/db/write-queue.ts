import type Database from 'better-sqlite3';

/** Runs write work against the database and resolves only once the work is committed (on disk). */
export interface WriteQueue {
  run<T>(work: () => T): Promise<T>;
  /** Commits whatever is waiting now (used at shutdown). */
  flush(): void;
  readonly pending: number;
}

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Writes from requests that arrive in the same turn of the event loop are executed in one
 * transaction, each inside its own savepoint (one failing write does not undo the others), and committed
 * together: with WAL and synchronous=FULL the commit is one fsync for the whole group instead of one per
 * request. Every promise settles only after COMMIT returned, so a reply sent after `await run(...)` is
 * never ahead of the disk.
 */
export function createGroupCommitQueue(sqlite: Database.Database, options: { maxBatch?: number } = {}): WriteQueue {
  const maxBatch = options.maxBatch ?? 256;
  let jobs: Job[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (jobs.length === 0) return;
    const batch = jobs;
    jobs = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      sqlite.transaction(() => {
        for (const job of batch) {
          try {
            outcomes.push({ ok: true, value: sqlite.transaction(job.work)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (commitError) {
      for (const job of batch) job.reject(commitError);
      return;
    }
    batch.forEach((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        jobs.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (jobs.length >= maxBatch) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
    get pending() {
      return jobs.length;
    },
  };
}

/** One transaction (and one fsync) per write, committed before the promise resolves. */
export function createImmediateQueue(sqlite: Database.Database): WriteQueue {
  return {
    run<T>(work: () => T): Promise<T> {
      try {
        return Promise.resolve(sqlite.transaction(work)());
      } catch (error) {
        return Promise.reject(error);
      }
    },
    flush: () => undefined,
    pending: 0,
  };
}
