import type Database from 'better-sqlite3';
import { startWorkerThread } from '../db/worker-thread';
import { runBulkBatch, type BulkOp } from './bulk-batch';
import type { BulkWriterAnswer, BulkWriterData, BulkWriterMessage } from './bulk-writer-worker';

export type { BulkOp, BulkParams } from './bulk-batch';

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

/** Runs every batch at once on the caller's connection (in-memory databases, which no other thread can open). */
export function createInlineBulkWriter(sqlite: Database.Database): BulkWriter {
  const statements = new Map<string, Database.Statement>();
  return {
    pending: 0,
    write(ops) {
      try {
        runBulkBatch(sqlite, statements, ops);
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

/** WAL size, in pages (4 KB), at which the writer thread's commits checkpoint: about 256 MB (see bulk-writer-worker.ts). */
const CHECKPOINT_PAGES = 65_536;

/**
 * Hands batches to a thread that owns a second connection to the database file and commits them there, so the
 * importer decides the next batch while the disk works. Batches commit in the order they were handed over.
 */
export function createThreadBulkWriter(file: string, options: { checkpointPages?: number; busyTimeoutMs?: number } = {}): BulkWriter {
  const workerData: BulkWriterData = { file, checkpointPages: options.checkpointPages ?? CHECKPOINT_PAGES, busyTimeoutMs: options.busyTimeoutMs };
  // The thread's code is bulk-writer-worker.ts: built beside the API bundle, or run from source (see db/worker-thread.ts).
  const worker = startWorkerThread(__dirname, 'bulk-writer-worker', { workerData });
  const waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let failed: Error | null = null;
  const drainers: Array<() => void> = [];
  const settleDrainers = () => {
    if (waiting.length === 0) drainers.splice(0).forEach((resolve) => resolve());
  };
  worker.on('message', (message: BulkWriterAnswer) => {
    const batch = waiting.shift();
    if (message.ok) batch?.resolve();
    else batch?.reject(new BulkWriteError(message.message, message.code));
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
        worker.postMessage({ type: 'batch', ops } satisfies BulkWriterMessage);
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
      worker.postMessage({ type: 'close' } satisfies BulkWriterMessage);
      await exited;
    },
  };
}

/** A writer thread for a database file, the caller's connection for an in-memory database. */
export function createBulkWriter(sqlite: Database.Database): BulkWriter {
  return sqlite.memory || !sqlite.name || sqlite.name === ':memory:' ? createInlineBulkWriter(sqlite) : createThreadBulkWriter(sqlite.name);
}
