/*
 * The writer thread of `createThreadBulkWriter` (bulk-writer.ts). Started from the built `bulk-writer-worker.js` beside
 * the API bundle, or from this source through tsx's require hook (tsx, Jest); see db/worker-thread.ts.
 *
 * Its own connection has the settings every connection has (WAL, synchronous=FULL) and a large page cache. Each
 * message `{ type: 'batch', ops }` is one batch: one transaction, all or nothing, answered `{ ok: true }` once committed
 * or `{ ok: false, message, code }` with the database's error; answers come in the order the batches came. Its commits
 * copy the WAL into the database file whenever the WAL has grown by `checkpointPages` pages, so the WAL stays bounded
 * (a million-offer import left to checkpoint once at its end had grown a WAL of 11 GB beside a 1 GB database).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { openSqlite } from '../db/connection';
import { describeError } from '../db/write-batch';
import { runBulkBatch, type BulkOp } from './bulk-batch';

/** What the thread is started with. */
export interface BulkWriterData {
  file: string;
  /** WAL size, in pages, at which a commit checkpoints (SQLite's wal_autocheckpoint; 0 never does). */
  checkpointPages: number;
}
/** What the importer hands over: a batch to commit, or the word to finish and close. */
export type BulkWriterMessage = { type: 'batch'; ops: readonly BulkOp[] } | { type: 'close' };
/** The outcome of the oldest batch not answered yet. */
export type BulkWriterAnswer = { ok: true } | { ok: false; message: string; code?: string };

function startWriter(port: NonNullable<typeof parentPort>, data: BulkWriterData): void {
  const sqlite = openSqlite(data.file);
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma(`wal_autocheckpoint = ${data.checkpointPages}`);
  const statements = new Map<string, Database.Statement>();
  port.on('message', (message: BulkWriterMessage) => {
    if (message.type === 'close') {
      sqlite.close();
      port.close();
      return;
    }
    let answer: BulkWriterAnswer;
    try {
      runBulkBatch(sqlite, statements, message.ops);
      answer = { ok: true };
    } catch (error) {
      const [text, code] = describeError(error);
      answer = { ok: false, message: text, code };
    }
    port.postMessage(answer);
  });
}

if (parentPort) startWriter(parentPort, workerData as BulkWriterData);
