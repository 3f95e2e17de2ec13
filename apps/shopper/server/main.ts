/**
 * The shopper site's server: the app's files, its pages rendered on the server (`src/entry-server.tsx`; for search
 * engines, link previews and a first paint that needs no script), and `/api` (and `/t.js`) passed on to the API at
 * PRICEHUNT_API_URL (a reverse proxy in front of it may take those instead).
 *   tsx --tsconfig apps/shopper/tsconfig.json apps/shopper/server/main.ts [--dev]
 * `--dev` serves the sources through Vite (modules reloaded as they change, `npm start`); otherwise the production
 * build: `dist/apps/shopper` (the browser's files) and `dist/apps/shopper-server` (the renderer).
 * Settings: PRICEHUNT_APP_PORT (4200), HOST (127.0.0.1), PRICEHUNT_API_URL (http://127.0.0.1:3000), SHOPPER_APP_URL
 * (the site's public origin in canonical URLs; by default the address the request came to), TRUST_PROXY (the
 * addresses of proxies in front of this server whose X-Forwarded-For it extends; none by default: see forwarding.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sitemapProductsResponseSchema, sitemapResponseSchema } from '@pricehunt/contracts';
import type { RenderOptions, RenderResult } from '../src/entry-server';
import { NOINDEX, pageHtml, shellHtml } from './html';
import { createApiProxy, forwardedFor, trustedPeers } from '@pricehunt/forwarding';
import { categoriesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './sitemap';

const workspaceRoot = path.resolve(__dirname, '../../..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PRICEHUNT_APP_PORT ?? 4200);
const host = process.env.HOST ?? '127.0.0.1';
const apiUrl = new URL(process.env.PRICEHUNT_API_URL ?? 'http://127.0.0.1:3000');
// The proxies in front of this server (nginx): only their X-Forwarded-For is extended; a browser's is replaced.
const trustProxy = trustedPeers(process.env.TRUST_PROXY);
const proxy = createApiProxy(apiUrl, trustProxy);
const publicOrigin = process.env.SHOPPER_APP_URL ? new URL(process.env.SHOPPER_APP_URL).origin : null;
const clientDir = path.join(workspaceRoot, 'dist/apps/shopper');
const serverDir = path.join(workspaceRoot, 'dist/apps/shopper-server');

/** The API's session cookie (apps/api/src/plugins/sessions.ts): without it, nobody is signed in. */
const SESSION_COOKIE = 'pricehunt.sid';

function hasSessionCookie(header: string | undefined): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

type Render = (url: string, options: RenderOptions) => Promise<RenderResult>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Text worth compressing (not images, already compressed). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript))|image\/svg\+xml/;

/** The encoding the client takes that compresses best: brotli, else gzip, else none. */
function encodingFor(req: http.IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** Built files, compressed once, take the best; pages, compressed on each request, a quick level. */
function compress(body: Buffer, encoding: 'br' | 'gzip', once: boolean): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: once ? 9 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: once ? 9 : 6 });
}

/** Sends a body, compressed when it is text and the client takes it (`vary: accept-encoding` either way). */
function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, text: string | Buffer, cached?: Map<string, Buffer>) {
  const body = typeof text === 'string' ? Buffer.from(text) : text;
  const encoding = COMPRESSIBLE.test(String(headers['content-type'] ?? '')) && body.length > 1024 ? encodingFor(req) : null;
  let out = body;
  if (encoding) {
    out = cached?.get(encoding) ?? compress(body, encoding, cached !== undefined);
    cached?.set(encoding, out);
  }
  res.writeHead(status, { ...headers, vary: 'accept-encoding', 'content-length': out.length, ...(encoding ? { 'content-encoding': encoding } : {}) });
  res.end(req.method === 'HEAD' ? undefined : out);
}

async function main() {
  let template: (url: string) => Promise<string>;
  let loadRender: () => Promise<Render>;
  let files: ((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void) | null = null;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(workspaceRoot, 'apps/shopper/vite.config.mts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    const indexFile = path.join(workspaceRoot, 'apps/shopper/index.html');
    template = async (url) => vite.transformIndexHtml(url, await fs.promises.readFile(indexFile, 'utf8'));
    loadRender = async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render;
    files = (req, res, next) => vite.middlewares(req, res, next);
  } else {
    const index = await fs.promises.readFile(path.join(clientDir, 'index.html'), 'utf8');
    template = async () => index;
    const entry = path.join(serverDir, 'entry-server.mjs');
    const render = ((await import(entry)) as { render: Render }).render;
    loadRender = async () => render;
  }

  // Built files compressed once, by path and encoding (the build does not change under a running server).
  const compressedFiles = new Map<string, Map<string, Buffer>>();

  /** A built file under dist/apps/shopper: hashed assets cached for a year, the rest revalidated. */
  async function sendFile(pathname: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    let file: string;
    try {
      file = path.join(clientDir, path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, ''));
    } catch {
      return false;
    }
    if (!file.startsWith(clientDir + path.sep) || path.basename(file) === 'index.html') return false;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return false;
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    if (COMPRESSIBLE.test(headers['content-type']) && stat.size < 5 * 1024 * 1024) {
      let cached = compressedFiles.get(file);
      if (!cached) compressedFiles.set(file, (cached = new Map()));
      send(req, res, 200, headers, await fs.promises.readFile(file), cached);
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    await pipeline(fs.createReadStream(file), res);
    return true;
  }

  /**
   * The API on behalf of the visitor whose request is being rendered: their address is passed on in X-Forwarded-For
   * (`forwardedFor`: after the incoming header only when a trusted proxy sent it), which the API believes when this
   * server's address is in its TRUST_PROXY.
   */
  const apiFor =
    (req: http.IncomingMessage): RenderOptions['api'] =>
    async (apiPath, init) => {
      const forwarded = forwardedFor(req, trustProxy);
      const headers: Record<string, string> = { 'x-forwarded-for': forwarded, 'user-agent': String(req.headers['user-agent'] ?? '') };
      if (!init) return fetch(new URL(apiPath, apiUrl), { headers });
      return fetch(new URL(apiPath, apiUrl), { method: init.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(init.body), signal: init.signal });
    };

  /** robots.txt and the sitemaps, from the catalog; null for any other path. */
  async function crawlerFile(pathname: string, origin: string, api: RenderOptions['api']): Promise<{ status: number; type: string; body: string } | null> {
    const xml = (body: string) => ({ status: 200, type: 'application/xml; charset=utf-8', body });
    if (pathname === '/robots.txt') return { status: 200, type: 'text/plain; charset=utf-8', body: robotsTxt(origin) };
    const unavailable = { status: 503, type: 'text/plain; charset=utf-8', body: 'The catalog could not be read; try again later' };
    if (pathname === '/sitemap.xml' || pathname === '/sitemaps/categories.xml') {
      const answer = await api('/api/sitemap');
      if (!answer.ok) return unavailable;
      const index = sitemapResponseSchema.parse(await answer.json());
      return xml(pathname === '/sitemap.xml' ? sitemapIndex(origin, index) : categoriesSitemap(origin, index));
    }
    const products = /^\/sitemaps\/products-(\d{1,6})\.xml$/.exec(pathname);
    if (products) {
      const answer = await api(`/api/sitemap/products?page=${Number(products[1])}`);
      if (answer.status === 404 || answer.status === 400) return { status: 404, type: 'text/plain; charset=utf-8', body: 'No such sitemap page' };
      if (!answer.ok) return unavailable;
      return xml(productsSitemap(origin, sitemapProductsResponseSchema.parse(await answer.json())));
    }
    return null;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = req.url ?? '/';
    const { pathname } = new URL(url, 'http://server.invalid');
    if (pathname.startsWith('/api/') || pathname === '/t.js') return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (!dev && (await sendFile(pathname, req, res))) return;
    const origin = publicOrigin ?? `http://${req.headers.host ?? `${host}:${port}`}`;
    const api = apiFor(req);
    const text = await crawlerFile(pathname, origin, api);
    if (text) {
      send(req, res, text.status, { 'content-type': text.type, 'cache-control': 'public, max-age=3600' }, text.body);
      return;
    }
    const html = await template(url);
    let result: RenderResult;
    try {
      const render = await loadRender();
      result = await render(url, { api, origin, apiOrigin: apiUrl.origin, hasSession: hasSessionCookie(req.headers.cookie) });
    } catch (error) {
      // The page still works: the browser renders it (and says what failed).
      console.error(`server rendering of ${pathname} failed:`, error);
      result = { kind: 'shell' };
    }
    if (result.kind === 'redirect') {
      res.writeHead(result.status, { location: result.location, 'cache-control': result.status === 301 ? 'public, max-age=3600' : 'no-store' }).end();
      return;
    }
    // Searches and a shopper's own pages say noindex, rendered or not.
    const body = result.kind === 'page' ? pageHtml(shellHtml(html, pathname), result) : shellHtml(html, pathname);
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
    if (NOINDEX.test(pathname)) headers['x-robots-tag'] = 'noindex';
    send(req, res, result.kind === 'page' ? result.status : 200, headers, body);
  }

  const server = http.createServer((req, res) => {
    const fail = (error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The page could not be served');
    };
    if (files) files(req, res, () => void handle(req, res).catch(fail));
    else void handle(req, res).catch(fail);
  });
  server.listen(port, host, () => console.log(`shopper site at http://${host}:${port}/ (${dev ? 'sources through Vite' : 'production build'})`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
