/*
 * The writer thread of `createWriterThreadQueue` (write-queue.ts). It opens its own connection with the pragmas every
 * connection has and commits batches. Started from the built `write-queue-worker.js` beside the API bundle, or from
 * this source through tsx's require hook (tsx, Jest); see worker-thread.ts.
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
import fs from 'node:fs';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { openSqlite } from './connection';
import { commitBatch, describeError, type WriteFailure, type WriteOp } from './write-batch';

/** What the thread is started with. */
export interface WriterData {
  file: string;
  maxBatch: number;
  /** SharedArrayBuffer of one Int32: the messages the thread has taken into a commit so far. */
  taken: SharedArrayBuffer;
}
/** Writes the event loop hands over: SQL not sent before (its index is the next one), then [statement index, params]. */
export interface WriterMessage {
  newSql: string[];
  ops: Array<[number, WriteOp['params']]>;
}
/** Tells the thread to finish what it has and close. */
export interface WriterClose {
  type: 'close';
}
/** The outcome of the next `count` writes in posting order. */
export interface WriterAnswer {
  count: number;
  batches: number;
  failures: WriteFailure[];
}

/** A statement as prepared, or the error preparing it gave (each write using it fails with that error). */
type Prepared = Database.Statement | { failed: unknown };

function startWriter(port: NonNullable<typeof parentPort>, data: WriterData): void {
  const sqlite = openSqlite(data.file, { synchronous: 'NORMAL' });
  const taken = new Int32Array(data.taken);
  const statements: Prepared[] = [];

  function commit(messages: readonly WriterMessage[], count: number): WriteFailure[] {
    const ops = messages.flatMap((message) => message.ops);
    return commitBatch(sqlite, count, (position) => {
      const [index, params] = ops[position] as [number, WriteOp['params']];
      const statement = statements[index];
      if (!statement || 'failed' in statement) throw statement ? statement.failed : new Error(`no statement ${index}`);
      statement.run(...params);
    });
  }

  let closing = false;
  let walFd: number | null = null;
  // Messages received and not committed yet, oldest first.
  const inbox: WriterMessage[] = [];
  const receive = (message: WriterMessage | WriterClose) => {
    if ('type' in message) closing = true;
    else inbox.push(message);
  };
  port.on('message', (message: WriterMessage | WriterClose) => {
    receive(message);
    pump();
  });

  // Commits what has arrived, syncs the WAL, answers; again while messages keep coming (taken straight from the
  // port, without a turn of the event loop). Writes that arrive during a commit or a sync join the next commit.
  function pump(): void {
    for (;;) {
      for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) receive(next.message as WriterMessage | WriterClose);
      if (!inbox.length) break;
      const messages: WriterMessage[] = [];
      let count = 0;
      while (inbox.length && count < data.maxBatch) {
        const message = inbox.shift() as WriterMessage;
        for (const sql of message.newSql) {
          try {
            statements.push(sqlite.prepare(sql));
          } catch (error) {
            statements.push({ failed: error });
          }
        }
        messages.push(message);
        count += message.ops.length;
      }
      // The event loop may now post the writes that gathered meanwhile; they wait for the next commit.
      Atomics.add(taken, 0, messages.length);
      Atomics.notify(taken, 0);
      let failures: WriteFailure[];
      let committed = true;
      try {
        failures = commit(messages, count);
      } catch (error) {
        const [text, code] = describeError(error);
        failures = Array.from({ length: count }, (_, position): WriteFailure => [position, text, code]);
        committed = false;
      }
      if (committed) {
        // On disk before anyone hears of it. A failing sync throws: the thread ends and the event loop rejects
        // every write still waiting (nothing since the last good sync may be claimed durable).
        if (walFd === null) walFd = fs.openSync(`${data.file}-wal`, 'r+');
        fs.fdatasyncSync(walFd);
      }
      const answer: WriterAnswer = { count, batches: 1, failures };
      port.postMessage(answer);
    }
    if (closing) {
      if (walFd !== null) fs.closeSync(walFd);
      sqlite.close();
      port.close();
    }
  }
}

if (parentPort) startWriter(parentPort, workerData as WriterData);
