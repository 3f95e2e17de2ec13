/**
 * The shopper server's composition root: its settings read once from the environment, and everything a request
 * needs built from them (the API proxy, the renderer with its page template, the built files). `main.ts` listens.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { createApiProxy, forwardedFor, trustedPeers } from '@pricehunt/forwarding';
import type { RenderOptions, RenderResult } from '../src/entry-server';
import { crawlerFile } from './crawler-files';
import { NOINDEX, pageHtml, shellHtml } from './html';
import { builtFiles, send, type SendFile } from './static-files';

type Render = (url: string, options: RenderOptions) => Promise<RenderResult>;
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export interface ShopperServerSettings {
  workspaceRoot: string;
  /** The sources through Vite (`--dev`) or the production build. */
  dev: boolean;
  port: number;
  host: string;
  apiUrl: URL;
  /** The proxies in front of this server (nginx): only their X-Forwarded-For is extended; a browser's is replaced. */
  trustProxy: ReturnType<typeof trustedPeers>;
  /** The site's public origin in canonical URLs; null: the address the request came to. */
  publicOrigin: string | null;
}

export function shopperServerSettings(env: Record<string, string | undefined>, argv: readonly string[], workspaceRoot: string): ShopperServerSettings {
  return {
    workspaceRoot,
    dev: argv.includes('--dev'),
    port: Number(env.PRICEHUNT_APP_PORT ?? 4200),
    host: env.HOST ?? '127.0.0.1',
    apiUrl: new URL(env.PRICEHUNT_API_URL ?? 'http://127.0.0.1:3000'),
    trustProxy: trustedPeers(env.TRUST_PROXY),
    publicOrigin: env.SHOPPER_APP_URL ? new URL(env.SHOPPER_APP_URL).origin : null,
  };
}

/** The API's session cookie (apps/api/src/plugins/sessions.ts): without it, nobody is signed in. */
const SESSION_COOKIE = 'pricehunt.sid';

function hasSessionCookie(header: string | undefined): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

interface Renderer {
  template: (url: string) => Promise<string>;
  loadRender: () => Promise<Render>;
  /** Vite's middlewares in development (the sources, reloaded as they change); the built files otherwise. */
  files: Middleware | null;
  sendFile: SendFile | null;
}

async function renderer({ workspaceRoot, dev }: ShopperServerSettings): Promise<Renderer> {
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ configFile: path.join(workspaceRoot, 'apps/shopper/vite.config.mts'), server: { middlewareMode: true }, appType: 'custom' });
    const indexFile = path.join(workspaceRoot, 'apps/shopper/index.html');
    return {
      template: async (url) => vite.transformIndexHtml(url, await fs.promises.readFile(indexFile, 'utf8')),
      loadRender: async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render,
      files: (req, res, next) => vite.middlewares(req, res, next),
      sendFile: null,
    };
  }
  const clientDir = path.join(workspaceRoot, 'dist/apps/shopper');
  const index = await fs.promises.readFile(path.join(clientDir, 'index.html'), 'utf8');
  const render = ((await import(path.join(workspaceRoot, 'dist/apps/shopper-server/entry-server.mjs'))) as { render: Render }).render;
  return { template: async () => index, loadRender: async () => render, files: null, sendFile: builtFiles(clientDir) };
}

/**
 * The API on behalf of the visitor whose request is being rendered: their address is passed on in X-Forwarded-For
 * (`forwardedFor`: after the incoming header only when a trusted proxy sent it), which the API believes when this
 * server's address is in its TRUST_PROXY.
 */
function apiFor({ apiUrl, trustProxy }: ShopperServerSettings, req: http.IncomingMessage): RenderOptions['api'] {
  return async (apiPath, init) => {
    const forwarded = forwardedFor(req, trustProxy);
    const headers: Record<string, string> = { 'x-forwarded-for': forwarded, 'user-agent': String(req.headers['user-agent'] ?? '') };
    if (!init) return fetch(new URL(apiPath, apiUrl), { headers });
    return fetch(new URL(apiPath, apiUrl), { method: init.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(init.body), signal: init.signal });
  };
}

/** A page rendered on the server, or the shell the browser renders when that fails. */
async function renderPage(settings: ShopperServerSettings, site: Renderer, req: http.IncomingMessage, res: http.ServerResponse, origin: string) {
  const url = req.url ?? '/';
  const { pathname } = new URL(url, 'http://server.invalid');
  const html = await site.template(url);
  let result: RenderResult;
  try {
    const render = await site.loadRender();
    result = await render(url, { api: apiFor(settings, req), origin, apiOrigin: settings.apiUrl.origin, hasSession: hasSessionCookie(req.headers.cookie) });
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
  if (result.kind === 'shell' && result.unavailable) headers['retry-after'] = String(result.unavailable.retryAfterSeconds);
  send(req, res, result.kind === 'page' ? result.status : result.unavailable ? 503 : 200, headers, body);
}

/** The server's request handler, built once. */
export async function composeShopperServer(settings: ShopperServerSettings): Promise<http.RequestListener> {
  const proxy = createApiProxy(settings.apiUrl, settings.trustProxy);
  const site = await renderer(settings);
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { pathname } = new URL(req.url ?? '/', 'http://server.invalid');
    if (pathname.startsWith('/api/') || pathname === '/t.js') return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (site.sendFile && (await site.sendFile(pathname, req, res))) return;
    const origin = settings.publicOrigin ?? `http://${req.headers.host ?? `${settings.host}:${settings.port}`}`;
    const text = await crawlerFile(pathname, origin, apiFor(settings, req));
    if (text) {
      send(req, res, text.status, { 'content-type': text.type, 'cache-control': 'public, max-age=3600' }, text.body);
      return;
    }
    await renderPage(settings, site, req, res, origin);
  }
  return (req, res) => {
    const fail = (error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The page could not be served');
    };
    if (site.files) site.files(req, res, () => void handle(req, res).catch(fail));
    else void handle(req, res).catch(fail);
  };
}
