/**
 * A thread of the page-reading pool (./read-pool): reads the pages it is sent, one at a time, and answers each with
 * the item it names. It says `ready` once its reader is loaded, so a page's time cap counts reading alone. Started
 * from the built `page-read-worker.js` beside the API's and the feed worker's bundles, or from this file through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { extractProductIdentity } from '../page-identity';
import type { ReadAnswer, ReadRequest } from './protocol';

const port = parentPort;
if (port) {
  port.on('message', (request: ReadRequest) => {
    let answer: ReadAnswer;
    try {
      answer = { id: request.id, item: extractProductIdentity(request.html, request.url ? { url: request.url } : {}) };
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true } satisfies ReadAnswer);
}
