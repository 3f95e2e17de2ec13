/** The shopper server's answers with a body: compressed when worth it, and the built files of the site. */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

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
export function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, text: string | Buffer, cached?: Map<string, Buffer>) {
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

export type SendFile = (pathname: string, req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;

/** The built files under `clientDir`: hashed assets cached for a year, the rest revalidated; false when there is none. */
export function builtFiles(clientDir: string): SendFile {
  // Built files compressed once, by path and encoding (the build does not change under a running server).
  const compressedFiles = new Map<string, Map<string, Buffer>>();
  return async (pathname, req, res) => {
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
  };
}
