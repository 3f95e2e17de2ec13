import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** Parameters of one statement run: positional (an array) or named (an object); plain data only. */
export type BulkParams = ReadonlyArray<string | number | null> | Readonly<Record<string, string | number | null>>;

/** One statement and the parameters of each of its runs, in order. */
export interface BulkOp {
  sql: string;
  rows: BulkParams[];
}

/**
 * Writes the batches of a bulk import. Each batch runs in one transaction, all or nothing; `write` resolves once
 * the batch is committed (on disk: WAL with synchronous=FULL) and rejects with the database's error otherwise.
 */
export interface BulkWriter {
  write(ops: readonly BulkOp[]): Promise<void>;
  /** Batches handed over and not yet committed. */
  readonly pending: number;
  /** Resolves when every batch handed over so far is committed (or has failed). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export class BulkWriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BulkWriteError';
  }
}

function runBatch(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly BulkOp[]): void {
  sqlite.transaction(() => {
    for (const op of ops) {
      let statement = statements.get(op.sql);
      if (!statement) statements.set(op.sql, (statement = sqlite.prepare(op.sql)));
      for (const params of op.rows) statement.run(params);
    }
  })();
}

/** Runs every batch at once on the caller's connection (in-memory databases, which no other thread can open). */
export function createInlineBulkWriter(sqlite: Database.Database): BulkWriter {
  const statements = new Map<string, Database.Statement>();
  return {
    pending: 0,
    write(ops) {
      try {
        runBatch(sqlite, statements, ops);
        return Promise.resolve();
      } catch (error) {
        const e = error as { message?: string; code?: string };
        return Promise.reject(new BulkWriteError(e.message ?? String(error), e.code));
      }
    },
    drain: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/*
 * The writer thread: plain CommonJS evaluated in a worker, so it runs the same under tsx, Jest and the bundle.
 * Its own connection has the settings every connection has and a large page cache. Its commits copy the WAL into
 * the database file whenever the WAL has grown by CHECKPOINT_PAGES pages, so the WAL stays bounded (a million-offer
 * import left to checkpoint once at its end had grown a WAL of 11 GB beside a 1 GB database).
 */
/** WAL size, in pages (4 KB), at which the writer thread's commits checkpoint: about 256 MB. */
const CHECKPOINT_PAGES = 65_536;

const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqliteModule);
const sqlite = new Database(workerData.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = FULL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('cache_size = -262144');
sqlite.pragma('wal_autocheckpoint = ' + workerData.checkpointPages);
const statements = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'close') { sqlite.close(); parentPort.close(); return; }
  try {
    sqlite.transaction(() => {
      for (const op of message.ops) {
        let statement = statements.get(op.sql);
        if (!statement) { statement = sqlite.prepare(op.sql); statements.set(op.sql, statement); }
        for (const params of op.rows) statement.run(params);
      }
    })();
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error && error.message ? error.message : String(error), code: error && error.code });
  }
});
`;

/**
 * Hands batches to a thread that owns a second connection to the database file and commits them there, so the
 * importer decides the next batch while the disk works. Batches commit in the order they were handed over.
 */
export function createThreadBulkWriter(file: string, options: { checkpointPages?: number } = {}): BulkWriter {
  const checkpointPages = options.checkpointPages ?? CHECKPOINT_PAGES;
  const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { file, sqliteModule: require.resolve('better-sqlite3'), checkpointPages } });
  const waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let failed: Error | null = null;
  const drainers: Array<() => void> = [];
  const settleDrainers = () => {
    if (waiting.length === 0) drainers.splice(0).forEach((resolve) => resolve());
  };
  worker.on('message', (message: { ok: boolean; message?: string; code?: string }) => {
    const batch = waiting.shift();
    if (message.ok) batch?.resolve();
    else batch?.reject(new BulkWriteError(message.message ?? 'bulk write failed', message.code));
    settleDrainers();
  });
  const fail = (error: Error) => {
    failed = error;
    for (const batch of waiting.splice(0)) batch.reject(error);
    settleDrainers();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!failed) fail(new BulkWriteError(`bulk writer thread exited (${code})`));
  });
  return {
    get pending() {
      return waiting.length;
    },
    write(ops) {
      if (failed) return Promise.reject(failed);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage({ type: 'batch', ops });
      });
    },
    drain() {
      if (waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => drainers.push(resolve));
    },
    async close() {
      await this.drain();
      if (failed) return;
      failed = new BulkWriteError('bulk writer closed');
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' });
      await exited;
    },
  };
}

/** A writer thread for a database file, the caller's connection for an in-memory database. */
export function createBulkWriter(sqlite: Database.Database): BulkWriter {
  return sqlite.memory || !sqlite.name || sqlite.name === ':memory:' ? createInlineBulkWriter(sqlite) : createThreadBulkWriter(sqlite.name);
}
