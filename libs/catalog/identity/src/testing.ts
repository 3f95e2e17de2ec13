/**
 * Test helpers for code that fetches and reads product pages: realistic fixture pages and a
 * product-page server on 127.0.0.1 (use it with createSafeFetcher({ allowLoopback: true }) in tests).
 * Not part of the main entry.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

export const PRODUCT_PAGE_FIXTURES = [
  'walmart-product',
  'bestbuy-product',
  'amazon-product',
  'broken-jsonld',
  'open-graph-product',
  'microdata-product',
] as const;
export type ProductPageFixture = (typeof PRODUCT_PAGE_FIXTURES)[number];

/** The HTML of a fixture page. */
export function readProductPageFixture(name: ProductPageFixture): string {
  if (!PRODUCT_PAGE_FIXTURES.includes(name)) throw new TypeError(`unknown fixture page "${String(name)}"`);
  return fs.readFileSync(path.join(__dirname, 'fixtures', `${name}.html`), 'utf8');
}

export interface PageRoute {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface PageServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering with `handler`, its port, and a close that cuts kept-alive connections too. */
export async function startHandlerServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<{ server: http.Server; port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = http.createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Serves the given routes (path → response) on 127.0.0.1; unknown paths answer 404. */
export async function startPageServer(routes: Record<string, PageRoute | string>): Promise<PageServer> {
  const requests: string[] = [];
  const { port, close } = await startHandlerServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const route = routes[url] ?? routes[url.split('?')[0] as string];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const r: PageRoute = typeof route === 'string' ? { body: route } : route;
    res.writeHead(r.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...r.headers });
    res.end(r.body ?? '');
  });
  return { origin: `http://127.0.0.1:${port}`, requests, close };
}

export {
  FIELDS as PAGE_CORPUS_FIELDS,
  binaryAvailability,
  binaryOfItem,
  foldIdentifier,
  metricCorpus,
  metricValues,
  type MetricReport,
  PAGE_CORPUS_DIR,
  loadPageCorpus,
  normaliseForCompare,
  readCorpusPage,
  scoreCorpus,
  scorePage,
  type CorpusPage,
  type CorpusScore,
  type Field as PageCorpusField,
  type FieldScore,
  type FieldVerdict,
  type ReadItem,
} from './lib/corpus/page-corpus';
export { METRIC_FIELDS, tallyMetric, type MetricField, type MetricScore, type MetricValues } from './lib/corpus/metric';
export { ANNOTATED_FIELDS, annotatedValues } from './lib/corpus/annotations';
export { measureSourceWeights, type SourceTally, type SourceWeights } from './lib/corpus/source-weights';
