/**
 * A thread of the page-reading pool (./read-pool): reads the pages it is sent, one at a time, and answers each with
 * the item it names. It says `ready` once its reader is loaded, so a page's time cap counts reading alone,
 * with its kernel thread id, so the pool can count the CPU time the thread spends on a page. Started
 * from the built `page-read-worker.js` beside the API's and the feed worker's bundles, or from this file through tsx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { extractProductIdentity } from '../page-identity';
import type { ReadAnswer, ReadRequest } from './protocol';

/** This thread's id in the kernel (Linux: /proc/thread-self names it), or undefined elsewhere. */
function kernelThreadId(): number | undefined {
  try {
    const tid = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The thread yields the CPU to the process's event loop: on Linux a thread has a nice value of its own
 * (setpriority on its thread id), so with every core busy reading pages the loop still answers requests at once.
 * Elsewhere, or where that is not allowed, the thread keeps its priority.
 */
function yieldToEventLoop(tid: number | undefined): void {
  try {
    if (tid) os.setPriority(tid, 10);
  } catch {
    // Not allowed: the thread reads at the process's priority.
  }
}

const port = parentPort;
if (port) {
  const tid = kernelThreadId();
  yieldToEventLoop(tid);
  port.on('message', (request: ReadRequest) => {
    let answer: ReadAnswer;
    try {
      answer = { id: request.id, item: extractProductIdentity(request.html, request.url ? { url: request.url } : {}) };
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage((tid ? { ready: true, tid } : { ready: true }) satisfies ReadAnswer);
}
