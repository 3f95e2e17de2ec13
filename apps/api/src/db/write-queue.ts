import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** One write: a statement with positional parameters (plain data, so it can cross to the writer thread). */
export interface WriteOp {
  sql: string;
  params: ReadonlyArray<string | number | bigint | null>;
}

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
type Outcome = { ok: true } | { ok: false; message: string; code?: string };
const OK: Outcome = { ok: true };

/**
 * Runs a batch in one transaction; COMMIT is the one fsync of the batch. A write that fails (e.g. a
 * constraint) is undone by SQLite on its own (statement-level rollback) and the others go on, so no savepoint
 * per write is needed. Should an error end the whole transaction (disk full, I/O error), the batch throws and
 * none of it counts as committed. (The writer thread runs the same steps, see WRITER_SOURCE.)
 */
function commitBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly WriteOp[]): Outcome[] {
  const outcomes: Outcome[] = [];
  sqlite.transaction(() => {
    for (const op of ops) {
      try {
        let statement = statements.get(op.sql);
        if (!statement) {
          statement = sqlite.prepare(op.sql);
          statements.set(op.sql, statement);
        }
        statement.run(...op.params);
        outcomes.push(OK);
      } catch (error) {
        if (!sqlite.inTransaction) throw error;
        const e = error as { message?: string; code?: string };
        outcomes.push({ ok: false, message: e.message ?? String(error), code: e.code });
      }
    }
  })();
  return outcomes;
}

function inlineTransaction<T>(sqlite: Database.Database, work: () => T): Promise<T> {
  try {
    return Promise.resolve(sqlite.transaction(work)());
  } catch (error) {
    return Promise.reject(error);
  }
}

function settle(batch: Pending[], outcomes: Outcome[]): void {
  batch.forEach((item, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) item.resolve();
    else item.reject(new WriteError(outcome?.message ?? 'write failed', outcome?.code));
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
          const outcomes = commitBatch(sqlite, statements, [op]);
          stats.batches++;
          stats.writes++;
          settle([{ op, resolve, reject }], outcomes);
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
      const outcomes = commitBatch(sqlite, statements, batch.map((item) => item.op));
      stats.batches++;
      stats.writes += batch.length;
      settle(batch, outcomes);
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

/*
 * The writer thread. Plain CommonJS evaluated in a worker so it runs the same under tsx, Jest and the
 * bundle. It opens its own connection with the pragmas every connection has and commits batches.
 *
 * Protocol: the event loop posts a message `{ newSql, ops }` (ops are [statement index, params]) with the
 * writes gathered so far, but only once the thread has taken every earlier message into a commit: the thread
 * counts the messages it takes in a shared Int32 (`taken`) and wakes the event loop if it waits
 * (Atomics.notify). The thread commits, syncs and answers in turn, taking new messages straight from the
 * port: while it works, the next message waits on the port and the writes after it gather in the event loop,
 * so each commit and each sync serves every write that arrived during the previous ones (instead of one
 * message, commit and sync per turn of the event loop). The thread answers `{ count, batches, failures }`
 * covering the next `count` writes in the order they were posted (failures: [position, message, code] of the
 * writes that failed alone; a failed transaction fails each of its writes).
 *
 * Durability (what synchronous=FULL gives, with the sync moved out of the write lock): COMMIT runs with
 * synchronous=NORMAL, which writes the WAL frames without waiting for the disk, and the thread then syncs
 * the WAL file itself (fdatasync) and answers the batch only once that sync has returned. So every
 * acknowledged write is on disk (the WAL's checksummed frames up to its commit frame are replayed on
 * recovery), and no other connection waits for the disk: the write lock is free during the sync. NORMAL
 * still syncs around checkpoints and when the WAL is reused.
 */
const WRITER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.sqliteModule);
const sqlite = new Database(workerData.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
const MAX_BATCH = workerData.maxBatch;
const taken = new Int32Array(workerData.taken);
const statements = [];
const describe = (error) => [error && error.message ? error.message : String(error), error && error.code];
// Same as commitBatch in write-queue.ts, in plain JavaScript.
function commitBatch(messages) {
  const failures = [];
  let position = 0;
  sqlite.transaction(() => {
    for (const message of messages) {
      for (const [index, params] of message.ops) {
        const statement = statements[index];
        try {
          if (statement.failed) throw statement.failed;
          statement.run(...params);
        } catch (error) {
          if (!sqlite.inTransaction) throw error;
          failures.push([position, ...describe(error)]);
        }
        position++;
      }
    }
  })();
  return failures;
}

let closing = false;
let walFd = null;
// Messages received and not committed yet, oldest first.
const inbox = [];
function receive(message) {
  if (message.type === 'close') closing = true;
  else inbox.push(message);
}
parentPort.on('message', (message) => {
  receive(message);
  pump();
});
// Commits what has arrived, syncs the WAL, answers; again while messages keep coming (taken straight from the
// port, without a turn of the event loop). Writes that arrive during a commit or a sync join the next commit.
function pump() {
  for (;;) {
    for (let next = receiveMessageOnPort(parentPort); next; next = receiveMessageOnPort(parentPort)) receive(next.message);
    if (!inbox.length) break;
    const messages = [];
    let count = 0;
    while (inbox.length && count < MAX_BATCH) {
      const message = inbox.shift();
      for (const sql of message.newSql) {
        try { statements.push(sqlite.prepare(sql)); } catch (error) { statements.push({ failed: error }); }
      }
      messages.push(message);
      count += message.ops.length;
    }
    // The event loop may now post the writes that gathered meanwhile; they wait for the next commit.
    Atomics.add(taken, 0, messages.length);
    Atomics.notify(taken, 0);
    let failures;
    let committed = true;
    try {
      failures = commitBatch(messages);
    } catch (error) {
      const [text, code] = describe(error);
      failures = Array.from({ length: count }, (_, position) => [position, text, code]);
      committed = false;
    }
    if (committed) {
      // On disk before anyone hears of it. A failing sync throws: the thread ends and the event loop rejects
      // every write still waiting (nothing since the last good sync may be claimed durable).
      if (walFd === null) walFd = fs.openSync(workerData.file + '-wal', 'r+');
      fs.fdatasyncSync(walFd);
    }
    parentPort.postMessage({ count, batches: 1, failures });
  }
  if (closing) {
    if (walFd !== null) fs.closeSync(walFd);
    sqlite.close();
    parentPort.close();
  }
}
`;

/**
 * Group commit on a writer thread: the event loop hands the writes gathered since the thread last took any to
 * a thread that owns a second connection and commits them, so request handling goes on while the disk works.
 * The thread commits whatever has arrived as soon as its last sync is done, then syncs the WAL (see
 * WRITER_SOURCE). Each promise resolves only once its write is committed and on disk.
 */
export function createWriterThreadQueue(
  file: string,
  options: { maxBatch?: number; connection?: Database.Database } = {},
): WriteQueue {
  // Messages the thread has taken so far (it counts them; see WRITER_SOURCE).
  const taken = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WRITER_SOURCE, {
    eval: true,
    workerData: {
      file,
      sqliteModule: require.resolve('better-sqlite3'),
      maxBatch: options.maxBatch ?? 2048,
      taken: taken.buffer,
    },
  });
  worker.unref();
  /** Writes of this turn, not posted yet. */
  let waiting: Pending[] = [];
  /** Posted writes in posting order, from `head` on (the thread answers them in this order). */
  let posted: Pending[] = [];
  let head = 0;
  let failed: Error | null = null;
  let scheduled = false;
  const stats = { batches: 0, writes: 0 };
  const drainers: Array<() => void> = [];
  // Statements travel as an index into this list; the thread keeps the same list.
  const sqlIndex = new Map<string, number>();

  const idle = () => waiting.length === 0 && head === posted.length;
  const notifyDrained = () => {
    if (idle()) drainers.splice(0).forEach((resolve) => resolve());
  };
  let sentMessages = 0;
  /** True while the event loop waits for the thread to take its last message. */
  let awaitingTake = false;
  const send = () => {
    scheduled = false;
    if (failed || waiting.length === 0) return;
    const seen = Atomics.load(taken, 0);
    if (seen < sentMessages) {
      // The thread has not taken the last message yet (it is committing): gather until it does.
      if (!awaitingTake) {
        awaitingTake = true;
        // The timeout only guards against a missed wake-up; the thread notifies as it takes messages.
        const wait = waitAsync(taken, 0, seen, 100);
        const retry = () => {
          awaitingTake = false;
          send();
        };
        if (wait.async) void (wait.value as Promise<unknown>).then(retry);
        else setImmediate(retry);
      }
      return;
    }
    const batch = waiting;
    waiting = [];
    const newSql: string[] = [];
    const ops: Array<[number, WriteOp['params']]> = [];
    for (const item of batch) {
      const { sql, params } = item.op;
      let index = sqlIndex.get(sql);
      if (index === undefined) {
        index = sqlIndex.size;
        sqlIndex.set(sql, index);
        newSql.push(sql);
      }
      ops.push([index, params]);
      posted.push(item);
    }
    sentMessages++;
    worker.postMessage({ newSql, ops });
  };
  worker.on('message', (message: { count: number; batches: number; failures: Array<[number, string, string?]> }) => {
    const end = Math.min(head + message.count, posted.length);
    const batch = posted.slice(head, end);
    head = end;
    if (head === posted.length) {
      posted = [];
      head = 0;
    }
    stats.batches += message.batches;
    stats.writes += batch.length;
    let next = 0;
    batch.forEach((item, position) => {
      const failure = message.failures[next];
      if (failure && failure[0] === position) {
        next++;
        item.reject(new WriteError(failure[1] ?? 'write failed', failure[2]));
      } else item.resolve();
    });
    notifyDrained();
  });
  const fail = (error: Error) => {
    failed = error;
    for (const item of [...posted.slice(head), ...waiting]) item.reject(error);
    posted = [];
    head = 0;
    waiting = [];
    notifyDrained();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!failed) fail(new WriteError(`writer thread exited (${code})`));
  });

  return {
    kind: 'writer-thread',
    stats,
    transaction(work) {
      if (!options.connection) return Promise.reject(new WriteError('this write queue has no connection for transactions'));
      // SQLite serialises it with the thread's commits (busy timeout); it commits before the promise resolves.
      return inlineTransaction(options.connection, work);
    },
    run(op) {
      if (failed) return Promise.reject(failed);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ op, resolve, reject });
        // The writes of one turn travel together; the thread adds them to its next commit.
        if (!scheduled) {
          scheduled = true;
          setImmediate(send);
        }
      });
    },
    drain() {
      if (idle()) return Promise.resolve();
      return new Promise<void>((resolve) => drainers.push(resolve));
    },
    async close() {
      await this.drain();
      if (failed) return;
      failed = new WriteError('write queue closed');
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' });
      await exited;
    },
  };
}
