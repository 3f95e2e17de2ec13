import type Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { commitBatch as commitWrites, type WriteFailure, type WriteOp } from './write-batch';
import { startWorkerThread } from './worker-thread';
import type { WriterAnswer, WriterClose, WriterData, WriterMessage } from './write-queue-worker';

export type { WriteOp } from './write-batch';

/** Runs writes and resolves each only once it is committed (on disk: WAL + synchronous=FULL). */
export interface WriteQueue {
  run(op: WriteOp): Promise<void>;
  /**
   * Runs work that needs the request's own connection (reads and writes in one transaction) as a transaction
   * of its own, committed before the promise resolves. For rare writes; the hot path uses `run`.
   */
  transaction<T>(work: () => T): Promise<T>;
  /** Resolves when every write handed over so far is committed. */
  drain(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'immediate' | 'group' | 'writer-thread';
  /** Committed batches and the writes they held (writes / batches = how many writes share an fsync). */
  readonly stats: { batches: number; writes: number };
}

/** A failed write; `code` is SQLite's (e.g. SQLITE_CONSTRAINT_UNIQUE). */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

interface Pending {
  op: WriteOp;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Runs a batch in one transaction on the calling thread (see write-batch.ts), preparing each statement once. */
function commitBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly WriteOp[]): WriteFailure[] {
  return commitWrites(sqlite, ops.length, (position) => {
    const op = ops[position] as WriteOp;
    let statement = statements.get(op.sql);
    if (!statement) {
      statement = sqlite.prepare(op.sql);
      statements.set(op.sql, statement);
    }
    statement.run(...op.params);
  });
}

function inlineTransaction<T>(sqlite: Database.Database, work: () => T): Promise<T> {
  try {
    return Promise.resolve(sqlite.transaction(work)());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Resolves each write of a committed batch, rejecting the ones among `failures` (sorted by position). */
function settle(batch: readonly Pending[], failures: readonly WriteFailure[]): void {
  let next = 0;
  batch.forEach((item, position) => {
    const failure = failures[next];
    if (failure && failure[0] === position) {
      next++;
      item.reject(new WriteError(failure[1] ?? 'write failed', failure[2]));
    } else item.resolve();
  });
}

/** One transaction (and one fsync) per write, on the calling thread. */
export function createImmediateQueue(sqlite: Database.Database): WriteQueue {
  const statements = new Map<string, Database.Statement>();
  const stats = { batches: 0, writes: 0 };
  return {
    kind: 'immediate',
    stats,
    transaction: (work) => inlineTransaction(sqlite, work),
    run(op) {
      return new Promise<void>((resolve, reject) => {
        try {
          const failures = commitBatch(sqlite, statements, [op]);
          stats.batches++;
          stats.writes++;
          settle([{ op, resolve, reject }], failures);
        } catch (error) {
          reject(error);
        }
      });
    },
    drain: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Group commit on the calling thread: the writes of one turn of the event loop share one transaction and
 * one fsync. Used for in-memory databases, which a writer thread cannot share.
 */
export function createGroupCommitQueue(sqlite: Database.Database, options: { maxBatch?: number } = {}): WriteQueue {
  const maxBatch = options.maxBatch ?? 512;
  const statements = new Map<string, Database.Statement>();
  let pending: Pending[] = [];
  let scheduled = false;
  const stats = { batches: 0, writes: 0 };
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    try {
      const failures = commitBatch(sqlite, statements, batch.map((item) => item.op));
      stats.batches++;
      stats.writes += batch.length;
      settle(batch, failures);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  };
  return {
    kind: 'group',
    stats,
    transaction: (work) => {
      // Keep order with the writes already gathered: they commit first.
      flush();
      return inlineTransaction(sqlite, work);
    },
    run(op) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ op, resolve, reject });
        if (pending.length >= maxBatch) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    drain: async () => flush(),
    close: async () => flush(),
  };
}

/** Atomics.waitAsync (ES2024, in Node since 16), typed here: the project's TypeScript lib predates it. */
const waitAsync = (
  Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number, timeoutMs?: number): { async: boolean; value: Promise<unknown> | string } }
).waitAsync;

/** The event loop's side of the writer thread: writes gathered per turn, posted, and settled as the thread answers. */
class WriterThreadQueue implements WriteQueue {
  readonly kind = 'writer-thread' as const;
  readonly stats = { batches: 0, writes: 0 };
  /** Messages the thread has taken so far (it counts them; see write-queue-worker.ts). */
  private readonly taken = new Int32Array(new SharedArrayBuffer(4));
  private readonly worker: Worker;
  /** Writes of this turn, not posted yet. */
  private waiting: Pending[] = [];
  /** Posted writes in posting order, from `head` on (the thread answers them in this order). */
  private posted: Pending[] = [];
  private head = 0;
  private failed: Error | null = null;
  private scheduled = false;
  private readonly drainers: Array<() => void> = [];
  /** Statements travel as an index into this list; the thread keeps the same list. */
  private readonly sqlIndex = new Map<string, number>();
  private sentMessages = 0;
  /** True while the event loop waits for the thread to take its last message. */
  private awaitingTake = false;

  constructor(
    file: string,
    private readonly options: { maxBatch?: number; connection?: Database.Database },
  ) {
    const workerData: WriterData = { file, maxBatch: options.maxBatch ?? 2048, taken: this.taken.buffer };
    // The thread's code is write-queue-worker.ts: built beside the API bundle, or run from source (see worker-thread.ts).
    this.worker = startWorkerThread(__dirname, 'write-queue-worker', { workerData });
    this.worker.unref();
    this.worker.on('message', (message: WriterAnswer) => this.answered(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      if (!this.failed) this.fail(new WriteError(`writer thread exited (${code})`));
    });
  }

  transaction<T>(work: () => T): Promise<T> {
    if (!this.options.connection) return Promise.reject(new WriteError('this write queue has no connection for transactions'));
    // SQLite serialises it with the thread's commits (busy timeout); it commits before the promise resolves.
    return inlineTransaction(this.options.connection, work);
  }

  run(op: WriteOp): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ op, resolve, reject });
      // The writes of one turn travel together; the thread adds them to its next commit.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  drain(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise<void>((resolve) => this.drainers.push(resolve));
  }

  async close(): Promise<void> {
    await this.drain();
    if (this.failed) return;
    this.failed = new WriteError('write queue closed');
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // The thread keeps the process alive until it has closed the file: a process with nothing else left to do
    // (a command) would otherwise end half-way through the close.
    this.worker.ref();
    this.worker.postMessage({ type: 'close' } satisfies WriterClose);
    await exited;
  }

  private idle(): boolean {
    return this.waiting.length === 0 && this.head === this.posted.length;
  }

  private notifyDrained(): void {
    if (this.idle()) this.drainers.splice(0).forEach((resolve) => resolve());
  }

  /** Posts the writes gathered so far, once the thread has taken the last message (until then they keep gathering). */
  private send(): void {
    this.scheduled = false;
    if (this.failed || this.waiting.length === 0) return;
    const seen = Atomics.load(this.taken, 0);
    if (seen < this.sentMessages) {
      // The thread has not taken the last message yet (it is committing): gather until it does.
      if (!this.awaitingTake) {
        this.awaitingTake = true;
        // The timeout only guards against a missed wake-up; the thread notifies as it takes messages.
        const wait = waitAsync(this.taken, 0, seen, 100);
        const retry = () => {
          this.awaitingTake = false;
          this.send();
        };
        if (wait.async) void (wait.value as Promise<unknown>).then(retry);
        else setImmediate(retry);
      }
      return;
    }
    const batch = this.waiting;
    this.waiting = [];
    const newSql: WriterMessage['newSql'] = [];
    const ops: WriterMessage['ops'] = [];
    for (const item of batch) {
      const { sql, params } = item.op;
      let index = this.sqlIndex.get(sql);
      if (index === undefined) {
        index = this.sqlIndex.size;
        this.sqlIndex.set(sql, index);
        newSql.push(sql);
      }
      ops.push([index, params]);
      this.posted.push(item);
    }
    this.sentMessages++;
    this.worker.postMessage({ newSql, ops } satisfies WriterMessage);
  }

  /** The thread committed `count` more of the posted writes (some may have failed). */
  private answered(message: WriterAnswer): void {
    const end = Math.min(this.head + message.count, this.posted.length);
    const batch = this.posted.slice(this.head, end);
    this.head = end;
    if (this.head === this.posted.length) {
      this.posted = [];
      this.head = 0;
    }
    this.stats.batches += message.batches;
    this.stats.writes += batch.length;
    settle(batch, message.failures);
    this.notifyDrained();
  }

  private fail(error: Error): void {
    this.failed = error;
    for (const item of [...this.posted.slice(this.head), ...this.waiting]) item.reject(error);
    this.posted = [];
    this.head = 0;
    this.waiting = [];
    this.notifyDrained();
  }
}

/**
 * Group commit on a writer thread: the event loop hands the writes gathered since the thread last took any to
 * a thread that owns a second connection and commits them, so request handling goes on while the disk works.
 * The thread commits whatever has arrived as soon as its last sync is done, then syncs the WAL (see
 * write-queue-worker.ts). Each promise resolves only once its write is committed and on disk.
 */
export function createWriterThreadQueue(file: string, options: { maxBatch?: number; connection?: Database.Database } = {}): WriteQueue {
  return new WriterThreadQueue(file, options);
}
