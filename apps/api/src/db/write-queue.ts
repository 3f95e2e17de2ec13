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

/**
 * Runs a batch in one transaction, each write in its own savepoint (a failing write does not undo the
 * others); COMMIT is the one fsync of the batch. (The writer thread runs the same steps, see WRITER_SOURCE.)
 */
function commitBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly WriteOp[]): Outcome[] {
  const outcomes: Outcome[] = [];
  sqlite.transaction(() => {
    for (const op of ops) {
      let statement = statements.get(op.sql);
      if (!statement) {
        statement = sqlite.prepare(op.sql);
        statements.set(op.sql, statement);
      }
      const prepared = statement;
      try {
        sqlite.transaction(() => prepared.run(...op.params))();
        outcomes.push({ ok: true });
      } catch (error) {
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

/*
 * The writer thread. Plain CommonJS evaluated in a worker so it runs the same under tsx, Jest and the
 * bundle. It opens its own connection with the pragmas every connection has and commits batches.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqliteModule);
const sqlite = new Database(workerData.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = FULL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
const statements = [];
// Same as commitBatch in write-queue.ts, in plain JavaScript; ops are [statement index, params].
function commitBatch(ops) {
  const outcomes = [];
  sqlite.transaction(() => {
    for (const [index, params] of ops) {
      const statement = statements[index];
      try {
        if (statement.failed) throw statement.failed;
        sqlite.transaction(() => statement.run(...params))();
        outcomes.push({ ok: true });
      } catch (error) {
        outcomes.push({ ok: false, message: error && error.message ? error.message : String(error), code: error && error.code });
      }
    }
  })();
  return outcomes;
}
parentPort.on('message', (message) => {
  if (message.type === 'close') { sqlite.close(); parentPort.close(); return; }
  try {
    for (const sql of message.newSql) {
      try { statements.push(sqlite.prepare(sql)); } catch (error) { statements.push({ failed: error }); }
    }
    parentPort.postMessage({ outcomes: commitBatch(message.ops) });
  } catch (error) {
    parentPort.postMessage({ error: { message: error && error.message ? error.message : String(error), code: error && error.code } });
  }
});
`;

/**
 * Group commit on a writer thread: the event loop hands batches to a thread that owns a second connection
 * and commits them (the fsync happens there), so request handling goes on while the disk works. While one
 * batch commits, the next one gathers every write that arrives meanwhile. Each promise resolves only after
 * the COMMIT of its batch returned.
 */
export function createWriterThreadQueue(
  file: string,
  options: { maxBatch?: number; maxInFlight?: number; connection?: Database.Database } = {},
): WriteQueue {
  const maxBatch = options.maxBatch ?? 1024;
  // Two batches in flight: the thread starts the next commit as soon as one ends, without waiting for a round trip.
  const maxInFlight = options.maxInFlight ?? 2;
  const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { file, sqliteModule: require.resolve('better-sqlite3') } });
  worker.unref();
  let waiting: Pending[] = [];
  const inFlight: Pending[][] = [];
  let failed: Error | null = null;
  let scheduled = false;
  const stats = { batches: 0, writes: 0 };
  const drainers: Array<() => void> = [];
  // Statements travel as an index into this list; the thread keeps the same list.
  const sqlIndex = new Map<string, number>();

  const notifyDrained = () => {
    if (inFlight.length === 0 && waiting.length === 0) drainers.splice(0).forEach((resolve) => resolve());
  };
  const send = () => {
    scheduled = false;
    while (inFlight.length < maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      inFlight.push(batch);
      const newSql: string[] = [];
      const ops = batch.map(({ op }) => {
        let index = sqlIndex.get(op.sql);
        if (index === undefined) {
          index = sqlIndex.size;
          sqlIndex.set(op.sql, index);
          newSql.push(op.sql);
        }
        return [index, op.params];
      });
      worker.postMessage({ type: 'batch', newSql, ops });
    }
    notifyDrained();
  };
  worker.on('message', (message: { outcomes?: Outcome[]; error?: { message: string; code?: string } }) => {
    const batch = inFlight.shift() ?? [];
    if (message.outcomes) {
      stats.batches++;
      stats.writes += batch.length;
      settle(batch, message.outcomes);
    } else for (const item of batch) item.reject(new WriteError(message.error?.message ?? 'commit failed', message.error?.code));
    send();
  });
  const fail = (error: Error) => {
    failed = error;
    for (const item of [...inFlight.flat(), ...waiting]) item.reject(error);
    inFlight.length = 0;
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
        // Writes of the same turn go together; while the thread is busy they gather for its next batch.
        if (inFlight.length < maxInFlight && !scheduled) {
          scheduled = true;
          setImmediate(send);
        }
      });
    },
    drain() {
      if (inFlight.length === 0 && waiting.length === 0) return Promise.resolve();
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
