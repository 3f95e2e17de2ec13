/*
 * The writer thread of `createThreadBulkWriter` (bulk-writer.ts). Started from the built `bulk-writer-worker.js` beside
 * the API bundle, or from this source through tsx's require hook (tsx, Jest); see db/worker-thread.ts.
 *
 * Its own connection has the settings every connection has (WAL, synchronous=FULL) and a large page cache. Each
 * message `{ type: 'batch', ops }` is one batch: one transaction, all or nothing, answered `{ ok: true }` once committed
 * or `{ ok: false, message, code }` with the database's error; answers come in the order the batches came. Its commits
 * copy the WAL into the database file whenever the WAL has grown by `checkpointPages` pages, so the WAL stays bounded
 * (a million-offer import left to checkpoint once at its end had grown a WAL of 11 GB beside a 1 GB database).
 *
 * A batch the database refused as busy (another connection held the write lock past the busy timeout: an API's commit,
 * a price-summary refresh) was rolled back before any of it ran, and runs again after a jittered wait, WRITER_BUSY_ATTEMPTS
 * times in all: an import is background work that waits for the lock rather than failing (a 20,000-row feed run failed
 * with "database is locked" while the API answered sign-ins on the same file).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { openSqlite } from '../db/connection';
import { busyWait, isBusyError } from '../db/busy';
import { describeError } from '../db/write-batch';
import { runBulkBatch, type BulkOp } from './bulk-batch';

/** Attempts at a batch the database refuses as busy: with the connection's 5 s busy timeout, about 40 s of waiting. */
const WRITER_BUSY_ATTEMPTS = 8;

/** What the thread is started with. */
export interface BulkWriterData {
  file: string;
  /** WAL size, in pages, at which a commit checkpoints (SQLite's wal_autocheckpoint; 0 never does). */
  checkpointPages: number;
  /** The connection's busy timeout, when not the one every connection has (tests shorten it). */
  busyTimeoutMs?: number;
}
/** What the importer hands over: a batch to commit, or the word to finish and close. */
export type BulkWriterMessage = { type: 'batch'; ops: readonly BulkOp[] } | { type: 'close' };
/** The outcome of the oldest batch not answered yet. */
export type BulkWriterAnswer = { ok: true } | { ok: false; message: string; code?: string };

function startWriter(port: NonNullable<typeof parentPort>, data: BulkWriterData): void {
  const sqlite = openSqlite(data.file);
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma(`wal_autocheckpoint = ${data.checkpointPages}`);
  if (data.busyTimeoutMs !== undefined) sqlite.pragma(`busy_timeout = ${Math.round(data.busyTimeoutMs)}`);
  const statements = new Map<string, Database.Statement>();
  port.on('message', (message: BulkWriterMessage) => {
    if (message.type === 'close') {
      sqlite.close();
      port.close();
      return;
    }
    let answer: BulkWriterAnswer;
    try {
      commitWhenFree(sqlite, statements, message.ops);
      answer = { ok: true };
    } catch (error) {
      const [text, code] = describeError(error);
      answer = { ok: false, message: text, code };
    }
    port.postMessage(answer);
  });
}

/** Runs a batch, again after a wait while the database refuses it as busy (the thread has nothing else to do meanwhile). */
function commitWhenFree(sqlite: Database.Database, statements: Map<string, Database.Statement>, ops: readonly BulkOp[]): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    try {
      runBulkBatch(sqlite, statements, ops);
      return;
    } catch (error) {
      if (!isBusyError(error) || attempt + 1 >= WRITER_BUSY_ATTEMPTS) throw error;
      Atomics.wait(pause, 0, 0, busyWait(attempt));
    }
  }
}

if (parentPort) startWriter(parentPort, workerData as BulkWriterData);
