/**
 * A feed server for tests, on 127.0.0.1 (node:http only): it serves a set of files that the test changes as it goes,
 * with strong ETags and Last-Modified dates, answers conditional requests with 304, sends gzip to clients that accept
 * it (for the files marked so), and can be told to fail the next request: an error status, a body cut short after its
 * Content-Length was announced, a body that stalls half-way, or no answer at all.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface FeedFileOptions {
  /** Default: by the path's extension (`.csv` text/csv, `.tsv`, `.txt`, `.xml`, `.json`, `.gz` application/gzip). */
  contentType?: string;
  /** Send the file gzip-compressed (`Content-Encoding: gzip`) to clients whose Accept-Encoding names gzip. */
  gzip?: boolean;
  /** The file's Last-Modified (default: when it was set), to whole seconds as HTTP dates are. */
  lastModified?: Date;
}

/** How the next request fails. */
export type FeedFailure =
  /** An error status (500 unless `status` says otherwise) with a short text body. */
  | 'error'
  /** Headers with the full Content-Length, half the body, then the connection is destroyed. */
  | 'truncate'
  /** Headers and half the body, then nothing more until the client gives up or the server closes. */
  | 'stall'
  /** No answer at all, until the client gives up or the server closes. */
  | 'hang';

export interface FailOptions {
  /** Only a request for this path fails (default: the next request, whatever its path). */
  path?: string;
  /** The status of an `error` (default 500). */
  status?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path and query as requested. */
  path: string;
  /** Request headers by lower-case name. */
  headers: http.IncomingHttpHeaders;
  /** The status answered (0 when none was: a hung request). */
  status: number;
}

export interface FeedServer {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** `origin` + `path`. */
  url(path: string): string;
  /** Puts or replaces the file at `path` (a new ETag, and Last-Modified now unless given). */
  set(path: string, body: string | Uint8Array, options?: FeedFileOptions): void;
  /** Puts `text` as a gzip file (`/feed.csv.gz`: the bytes are gzip, served as `application/gzip`). */
  setGzipFile(path: string, text: string, options?: Omit<FeedFileOptions, 'gzip'>): void;
  /** Removes the file: the path answers 404. */
  remove(path: string): void;
  /** Answers `path` with a redirect to `location` (an absolute URL or a path), 302 unless `status` says otherwise. */
  redirect(path: string, location: string, status?: number): void;
  /** The strong ETag the file at `path` is served with (its gzip variant's ends in `-gzip"`). */
  etag(path: string, variant?: 'identity' | 'gzip'): string | undefined;
  /** The Last-Modified header of the file at `path`. */
  lastModified(path: string): string | undefined;
  /** Makes the next request (for `path`, when given) fail as `failure` says; several queued fail in turn. */
  failNext(failure: FeedFailure, options?: FailOptions): void;
  /** Every request so far, oldest first. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

interface StoredFile {
  body: Buffer;
  gzipped?: Buffer;
  contentType: string;
  lastModified: Date;
  etag: string;
  gzipEtag?: string;
}

const CONTENT_TYPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\.gz$/i, 'application/gzip'],
  [/\.csv$/i, 'text/csv; charset=utf-8'],
  [/\.tsv$/i, 'text/tab-separated-values; charset=utf-8'],
  [/\.txt$/i, 'text/plain; charset=utf-8'],
  [/\.(xml|rss)$/i, 'application/xml; charset=utf-8'],
  [/\.json$/i, 'application/json; charset=utf-8'],
];

function contentTypeOf(path: string): string {
  return CONTENT_TYPES.find(([pattern]) => pattern.test(path.split('?')[0] ?? path))?.[1] ?? 'application/octet-stream';
}

function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** ETags of an If-None-Match list, compared weakly (a `W/` prefix is ignored) as RFC 9110 asks for it. */
function matchesAny(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** Starts a feed server on 127.0.0.1 at a free port, serving `files` (path → text, bytes or `{ body, …options }`). */
export async function startFeedServer(files: Record<string, string | Uint8Array | ({ body: string | Uint8Array } & FeedFileOptions)> = {}): Promise<FeedServer> {
  const stored = new Map<string, StoredFile>();
  const redirects = new Map<string, { location: string; status: number }>();
  const failures: Array<{ failure: FeedFailure } & FailOptions> = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  function set(path: string, body: string | Uint8Array, options: FeedFileOptions = {}): void {
    const bytes = Buffer.from(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
    const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
    const file: StoredFile = {
      body: bytes,
      contentType: options.contentType ?? contentTypeOf(path),
      lastModified: wholeSeconds(options.lastModified ?? new Date()),
      etag: `"${hash}"`,
    };
    if (options.gzip) {
      file.gzipped = gzipSync(bytes);
      file.gzipEtag = `"${hash}-gzip"`;
    }
    stored.set(path, file);
    redirects.delete(path);
  }

  for (const [path, file] of Object.entries(files)) {
    if (typeof file === 'string' || file instanceof Uint8Array) set(path, file);
    else set(path, file.body, file);
  }

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const record: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, status: 0 };
    requests.push(record);
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body?: Buffer | string) => {
      record.status = status;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };

    const failureAt = failures.findIndex((f) => f.path === undefined || f.path === path);
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0] : undefined;
    if (failure?.failure === 'hang') return;
    if (failure?.failure === 'error') {
      answer(failure.status ?? 500, { 'content-type': 'text/plain; charset=utf-8' }, 'the feed server was told to fail this request');
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'method not allowed');
      return;
    }
    const redirect = redirects.get(path);
    if (redirect) {
      answer(redirect.status, { location: redirect.location, 'content-length': '0' });
      return;
    }
    const file = stored.get(path) ?? stored.get(path.split('?')[0] ?? path);
    if (!file) {
      answer(404, { 'content-type': 'text/plain; charset=utf-8' }, 'not found');
      return;
    }

    const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    const gzipped = file.gzipped && acceptsGzip;
    const body = gzipped ? (file.gzipped as Buffer) : file.body;
    const etag = gzipped ? (file.gzipEtag as string) : file.etag;
    const validators: http.OutgoingHttpHeaders = { etag, 'last-modified': file.lastModified.toUTCString() };
    if (file.gzipped) validators['vary'] = 'Accept-Encoding';

    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = req.headers['if-modified-since'];
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    const unchanged = ifNoneMatch !== undefined ? matchesAny(ifNoneMatch, etag) : Number.isFinite(since) && file.lastModified.getTime() <= since;
    if (unchanged) {
      answer(304, validators);
      return;
    }

    const headers: http.OutgoingHttpHeaders = {
      ...validators,
      'content-type': file.contentType,
      'content-length': String(body.length),
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    };
    if (failure?.failure === 'truncate' || failure?.failure === 'stall') {
      record.status = 200;
      res.writeHead(200, headers);
      const half = body.subarray(0, Math.floor(body.length / 2));
      if (failure.failure === 'truncate') res.write(half, () => req.socket.destroy());
      else res.write(half);
      return;
    }
    answer(200, headers, body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    url: (path) => `${origin}${path}`,
    set,
    setGzipFile: (path, text, options = {}) => set(path, gzipSync(Buffer.from(text, 'utf8')), { contentType: 'application/gzip', ...options }),
    remove: (path) => {
      stored.delete(path);
      redirects.delete(path);
    },
    redirect: (path, location, status = 302) => {
      stored.delete(path);
      redirects.set(path, { location, status });
    },
    etag: (path, variant = 'identity') => (variant === 'gzip' ? stored.get(path)?.gzipEtag : stored.get(path)?.etag),
    lastModified: (path) => stored.get(path)?.lastModified.toUTCString(),
    failNext: (failure, options = {}) => {
      failures.push({ failure, ...options });
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
