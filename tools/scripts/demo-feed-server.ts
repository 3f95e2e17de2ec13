/**
 * The demo feed server `npm start` runs beside the API: the demo catalog's Best Buy feed as a Google Merchant Center
 * TSV at http://127.0.0.1:<DEMO_FEED_PORT>/feeds/bestbuy.tsv, whose prices move every five minutes (a few offers on a
 * flash price each period: `demoFeedOffers`). The seed registers it as a feed source; the worker refreshes it, so the
 * catalog's prices change while one watches. Answers conditional requests: within a period, a 304.
 */
import http from 'node:http';
import { DEMO_SEED, DEMO_HISTORY_DAYS } from '@pricehunt/catalog-core';
import { DEMO_FEED_PERIOD_MS, DEMO_FEED_RETAILER, demoFeedBase, demoFeedOffers, gmcTsvOf } from '@pricehunt/catalog-feeds';

const port = Number(process.env.DEMO_FEED_PORT ?? 4510);
const path = `/feeds/${DEMO_FEED_RETAILER.id}.tsv`;
const base = demoFeedBase({ seed: DEMO_SEED, days: DEMO_HISTORY_DAYS });
let cached: { tick: number; body: string; flashed: number } | null = null;

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== path || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the demo feed is at ${path}\n`);
    return;
  }
  const tick = Math.floor(Date.now() / DEMO_FEED_PERIOD_MS);
  if (cached?.tick !== tick) {
    const feed = demoFeedOffers(base, tick);
    cached = { tick, body: gmcTsvOf(feed.offers), flashed: feed.flashed };
  }
  const etag = `"demo-${tick}"`;
  const lastModified = new Date(tick * DEMO_FEED_PERIOD_MS).toUTCString();
  const headers = { etag, 'last-modified': lastModified, 'cache-control': 'no-cache' };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': 'text/tab-separated-values; charset=utf-8', 'content-length': Buffer.byteLength(cached.body) });
  response.end(request.method === 'HEAD' ? undefined : cached.body);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`demo feed of ${base.length} ${DEMO_FEED_RETAILER.name} offers at http://127.0.0.1:${port}${path} (prices move every ${DEMO_FEED_PERIOD_MS / 60_000} minutes)`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
