/**
 * The page-reading pool's part of `npm run bench:extraction`:
 * - per-page reading time on the corpus, read in the pool's thread (the caller's whole wait: the page sent, read and
 *   answered) against read on this thread, alternating page by page in the same run;
 * - the real API (`buildApp` on a temporary SQLite file, listening on 127.0.0.1) answering GET /api/health while
 *   `heavy` pages of `heavyMb` MB (corpus pages padded with product-tile markup) are read: first in the app's own
 *   pool (`app.pageReadPool`), then on the API's event loop, one page after another. /api/health is asked, one
 *   request after another, by a client on a thread of its own, so its wait is the server's alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createPageReadPool, extractProductIdentity } from '@pricehunt/catalog-identity';
import { buildApp } from '../../apps/api/src/build-app';
import { loadConfig } from '../../apps/api/src/config';
import { formatTable } from '../eval/table';

export interface CorpusPage {
  html: string;
  options: { url?: string };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
const ms = (value: number) => value.toFixed(2);
const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.99)), ms(sorted[sorted.length - 1] ?? 0)];
};
const medianOf = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);

/** Per-page reading time in the pool's thread and on this one, the two alternating page by page. */
export async function poolReadingSection(pages: readonly CorpusPage[], rounds: number): Promise<void> {
  const pool = createPageReadPool({ size: 1, timeoutMs: 30_000 });
  try {
    for (const { html, options } of pages) await pool.read(html, options); // warm-up (the thread loads the reader)
    const inPool = pages.map(() => [] as number[]);
    const inThread = pages.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      for (const [p, { html, options }] of pages.entries()) {
        let start = performance.now();
        await pool.read(html, options);
        inPool[p]?.push(performance.now() - start);
        start = performance.now();
        extractProductIdentity(html, options);
        inThread[p]?.push(performance.now() - start);
      }
    }
    console.log(`\nReading time per page, in the page-reading pool (the caller's wait) and on the calling thread: ${pages.length} pages, ${rounds} rounds, median of rounds per page\n`);
    console.log(
      formatTable(
        ['read', 'median ms/page', 'p99 ms/page', 'max ms/page'],
        [
          ['in the pool (worker thread)', ...summary(inPool.map(medianOf))],
          ['on the calling thread', ...summary(inThread.map(medianOf))],
        ],
      ),
    );
  } finally {
    await pool.close();
  }
}

/** A corpus page padded to `mb` MB with product-tile markup before its `</body>`. */
function heavyPage(page: CorpusPage, mb: number): CorpusPage {
  const tile = '<div class="tile"><a href="/p/1"><img src="/i/1.jpg" alt="Other item"></a><span class="price">$12.99</span><span>In stock</span></div>\n';
  const missing = Math.max(0, mb * 1024 * 1024 - Buffer.byteLength(page.html));
  const padding = tile.repeat(Math.ceil(missing / tile.length));
  const at = page.html.lastIndexOf('</body>');
  return { html: at < 0 ? page.html + padding : page.html.slice(0, at) + padding + page.html.slice(at), options: page.options };
}

/** A client on a thread of its own asking GET `url` one request after another until told to stop: each wait in ms. */
function startHealthClient(url: string): { stop: () => Promise<number[]> } {
  const code = `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = [];
    let stopping = false;
    parentPort.on('message', () => { stopping = true; });
    const ask = () => {
      const start = performance.now();
      http.get(workerData, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) throw new Error('health answered ' + res.statusCode);
          times.push(performance.now() - start);
          if (stopping) { agent.destroy(); parentPort.postMessage(times); } else setTimeout(ask, 5);
        });
      }).on('error', (error) => { throw error; });
    };
    ask();`;
  const worker = new Worker(code, { eval: true, workerData: url });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (times: number[]) => resolve(times));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

/** /api/health's waits while `read` reads every page; and how long the pages took. */
async function healthWhile(url: string, read: () => Promise<{ read: number; failed: number }>) {
  const client = startHealthClient(url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const outcome = await read();
  const seconds = (performance.now() - started) / 1000;
  const times = await client.stop();
  const sorted = [...times].sort((a, b) => a - b);
  return { ...outcome, seconds, requests: times.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
}

/** The real API's /api/health while heavy pages are read in its pool, then on its event loop. */
export async function healthUnderLoadSection(corpus: readonly CorpusPage[], heavy: number, heavyMb: number): Promise<void> {
  const pages = Array.from({ length: heavy }, (_, i) => heavyPage(corpus[i % corpus.length] as CorpusPage, heavyMb));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-bench-reader-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    IMAGE_CACHE_DIR: path.join(dir, 'images'),
    // Every heavy page is read to its end (a 5 MB page takes longer than the 2 s cap pasted pages have).
    PAGE_READ_TIMEOUT_MS: '30000',
  });
  const app = await buildApp(config);
  try {
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/health`;
    const pool = app.pageReadPool;
    await Promise.all(Array.from({ length: pool.size }, () => pool.read(corpus[0]?.html ?? '', corpus[0]?.options))); // threads loaded
    const inPool = await healthWhile(url, async () => {
      const results = await Promise.allSettled(pages.map(({ html, options }) => pool.read(html, options)));
      return { read: results.filter((r) => r.status === 'fulfilled').length, failed: results.filter((r) => r.status === 'rejected').length };
    });
    const onLoop = await healthWhile(url, async () => {
      for (const { html, options } of pages) {
        extractProductIdentity(html, options);
        // The loop turns between pages, as it would between two requests' readings.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { read: pages.length, failed: 0 };
    });
    console.log(
      `\nGET /api/health (real API on 127.0.0.1, asked one request after another by a client thread) while ${heavy} pages of ${heavyMb} MB are read; ${os.availableParallelism()} cores, pool of ${pool.size} threads\n`,
    );
    console.log(
      formatTable(
        ['read', 'pages read (failed)', 'seconds', 'health requests', 'health p50 ms', 'health p99 ms', 'health max ms'],
        [
          ['in the pool', `${inPool.read} (${inPool.failed})`, inPool.seconds.toFixed(1), String(inPool.requests), ms(inPool.p50), ms(inPool.p99), ms(inPool.max)],
          ['on the event loop', `${onLoop.read} (${onLoop.failed})`, onLoop.seconds.toFixed(1), String(onLoop.requests), ms(onLoop.p50), ms(onLoop.p99), ms(onLoop.max)],
        ],
      ),
    );
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
