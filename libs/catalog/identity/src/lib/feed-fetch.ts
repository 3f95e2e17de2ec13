/**
 * Conditional, polite downloads of product feeds through the SSRF-safe fetcher: the validators of the last download
 * are sent (`If-None-Match`, `If-Modified-Since`) so that an unchanged feed costs a 304; bodies come gzip-compressed
 * when the server will (`Accept-Encoding: gzip`), and feeds that are gzip files themselves (`feed.csv.gz`) are
 * unpacked too. The size cap holds for what is unpacked, so a gzip bomb stops at the cap. A body cut short is an
 * error, never a shorter feed.
 */
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { FeedHttpError, FeedTruncatedError, FetchFailedError, FetchTooLargeError, SafeFetchError } from './errors';
import { type Resolver, type SafeResponse, createSafeFetcher } from './safe-fetch';

/** Largest feed accepted by default, unpacked: 200 MB. */
export const FEED_MAX_BYTES = 200 * 1024 * 1024;
/** Deadline of a whole feed download by default, redirects and body included: 120 s. */
export const FEED_TIMEOUT_MS = 120_000;

const FEED_ACCEPT = 'text/csv, text/tab-separated-values, application/xml, text/xml, application/rss+xml, application/json, text/plain;q=0.9, */*;q=0.5';

export interface FeedFetchOptions {
  /** The ETag of the last download, sent as `If-None-Match`. */
  etag?: string | null;
  /** The Last-Modified of the last download, sent as `If-Modified-Since`. */
  lastModified?: string | null;
  /** Largest body accepted, unpacked (default `FEED_MAX_BYTES`). */
  maxBytes?: number;
  /** Deadline for the whole download (default `FEED_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** Reach servers on this machine (tests, local runs): see `createSafeFetcher`. */
  allowLoopback?: boolean;
  userAgent?: string;
  /** Redirects followed (default 5), each hop checked again. */
  maxRedirects?: number;
  /** Replace DNS resolution (tests). */
  resolve?: Resolver;
}

/** The feed has not changed since the validators sent; the validators to send next time. */
export interface FeedNotModified {
  status: 'not-modified';
  etag: string | null;
  lastModified: string | null;
}

export interface FeedFetched {
  status: 'ok';
  /** The whole feed as text (unpacked, decoded in its charset, UTF-8 unless the Content-Type names another). */
  body: string;
  /** Validators to send next time (null when the server gave none). */
  etag: string | null;
  lastModified: string | null;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  contentType: string | null;
  /** Size of the feed unpacked, in bytes. */
  bytes: number;
  /** Bytes that came over the wire. */
  transferredBytes: number;
}

export type FeedFetchResult = FeedNotModified | FeedFetched;

/** The safe fetcher of a feed download: the feed's size cap and deadline, the caller's redirects, loopback and agent. */
function feedFetcher(options: FeedFetchOptions, maxBytes: number) {
  return createSafeFetcher({
    maxBytes,
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    maxRedirects: options.maxRedirects,
    allowLoopback: options.allowLoopback,
    userAgent: options.userAgent,
    resolve: options.resolve,
  });
}

/**
 * Downloads a feed unless it is unchanged. Answers `{ status: 'not-modified' }` for a 304 and `{ status: 'ok', body, … }`
 * for a 2xx; throws `FeedHttpError` (`.status`) for any other status, `FeedTruncatedError` for a body cut short,
 * `FetchTooLargeError` past the cap (unpacked), `FetchTimeoutError` past the deadline, and the safe fetcher's errors
 * (`SsrfBlockedError`, `InvalidUrlError`, …) as it does.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions = {}): Promise<FeedFetchResult> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const fetcher = feedFetcher(options, maxBytes);
  const headers: Record<string, string> = { accept: FEED_ACCEPT, 'accept-encoding': 'gzip' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  return fetcher.request(url, {
    headers,
    read: async (response): Promise<FeedFetchResult> => {
      if (response.status === 304) {
        return {
          status: 'not-modified',
          etag: response.headers['etag'] ?? options.etag ?? null,
          lastModified: response.headers['last-modified'] ?? options.lastModified ?? null,
        };
      }
      if (response.status < 200 || response.status > 299) throw new FeedHttpError(response.finalUrl, response.status);
      const { bytes, transferredBytes } = await readFeedBody(response, maxBytes);
      return {
        status: 'ok',
        body: decodeText(bytes, response.contentType),
        etag: response.headers['etag'] ?? null,
        lastModified: response.headers['last-modified'] ?? null,
        finalUrl: response.finalUrl,
        contentType: response.contentType,
        bytes: bytes.length,
        transferredBytes,
      };
    },
  });
}

/**
 * A response body whole: its Content-Encoding undone (gzip, deflate, br), then unpacked again if it is a gzip file
 * (it begins with 1f 8b), at most `maxBytes` unpacked (`FetchTooLargeError`). A body that ends before the
 * Content-Length announced, a connection that breaks mid-body or a gzip stream that stops early throws
 * `FeedTruncatedError`.
 */
export async function readFeedBody(response: SafeResponse, maxBytes: number): Promise<{ bytes: Buffer; transferredBytes: number }> {
  const url = response.finalUrl;
  let received = 0;
  async function* raw(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of response.body) {
        received += chunk.length;
        yield chunk;
      }
    } catch (err) {
      if (err instanceof SafeFetchError || response.signal.aborted) throw err;
      throw new FeedTruncatedError(url, received, response.declaredLength, `the connection broke after ${received} bytes`, err);
    }
    if (response.declaredLength !== null && received < response.declaredLength) {
      throw new FeedTruncatedError(url, received, response.declaredLength, `${received} of the ${response.declaredLength} bytes announced arrived`);
    }
  }

  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let stream: AsyncIterable<Buffer> = raw();
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = unpack(stream, zlib.createGunzip(), url, () => received, response.declaredLength);
  else if (encoding === 'deflate') stream = unpack(stream, zlib.createInflate(), url, () => received, response.declaredLength);
  else if (encoding === 'br') stream = unpack(stream, zlib.createBrotliDecompress(), url, () => received, response.declaredLength);
  else if (encoding !== 'identity' && encoding !== '') throw new FetchFailedError(url, `the body is in an encoding this client does not read (${encoding})`);
  stream = gunzipIfGzipFile(stream, url, () => received, response.declaredLength);

  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > maxBytes) throw new FetchTooLargeError(url, maxBytes);
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, total), transferredBytes: received };
}

/**
 * `input` through a decompressor, with backpressure (a gzip bomb is unpacked only as fast as it is read, and stops
 * when reading stops). A stream that ends early is `FeedTruncatedError`; one that is not compressed data a failure.
 */
async function* unpack(
  input: AsyncIterable<Buffer>,
  decompressor: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress,
  url: string,
  received: () => number,
  expected: number | null,
): AsyncGenerator<Buffer> {
  let empty = true;
  async function* watched(): AsyncGenerator<Buffer> {
    for await (const chunk of input) {
      if (chunk.length > 0) empty = false;
      yield chunk;
    }
  }
  const output = pipeline(Readable.from(watched()), decompressor, () => undefined);
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    const code = (err as { code?: string }).code;
    // An empty body marked as compressed is an empty body.
    if (empty && code === 'Z_BUF_ERROR') return;
    if (code === 'Z_BUF_ERROR') {
      throw new FeedTruncatedError(url, received(), expected, 'the compressed stream stops before its end', err);
    }
    throw new FetchFailedError(url, `the body does not unpack: ${(err as Error).message}`, err);
  } finally {
    output.destroy();
  }
}

/** The stream unpacked when it is a gzip file (its first bytes are 1f 8b), else as it is. */
async function* gunzipIfGzipFile(input: AsyncIterable<Buffer>, url: string, received: () => number, expected: number | null): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < 2) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  async function* whole(): AsyncGenerator<Buffer> {
    try {
      yield* head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  const first = Buffer.concat(head, headLength);
  if (first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b) yield* unpack(whole(), zlib.createGunzip(), url, received, expected);
  else yield* whole();
}

/**
 * The body as text in the charset its Content-Type names, else the encoding an XML declaration names, else UTF-8
 * (a byte-order mark is dropped).
 */
function decodeText(bytes: Buffer, contentType: string | null): string {
  const charset =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)/i.exec(bytes.subarray(0, 256).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The answer of a `FetchLike` client: what `fetchShopifyPages` of `@pricehunt/catalog-feeds` reads. */
export interface FetchLikeAnswer {
  status: number;
  text(): Promise<string>;
}

/** An HTTP client of the `FetchLike` shape (`(url, { headers }) => { status, text() }`). */
export type SafeFetchLike = (url: string, init?: { headers?: Record<string, string> }) => Promise<FetchLikeAnswer>;

/**
 * The safe fetcher as the `FetchLike` client that `fetchShopifyPages` pages through a store with: every call is one
 * guarded GET (addresses checked at each hop, redirects checked, one deadline of `timeoutMs` per call), gzip
 * accepted, the body read whole (at most `maxBytes` unpacked, `FeedTruncatedError` when cut short) whatever the
 * status, which the caller judges.
 */
export function createSafeFetchLike(options: Omit<FeedFetchOptions, 'etag' | 'lastModified'> = {}): SafeFetchLike {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const fetcher = feedFetcher(options, maxBytes);
  return async (url, init) => {
    const answer = await fetcher.request(url, {
      headers: { ...init?.headers, 'accept-encoding': 'gzip' },
      read: async (response) => ({ status: response.status, bytes: (await readFeedBody(response, maxBytes)).bytes, contentType: response.contentType }),
    });
    return { status: answer.status, text: async () => decodeText(answer.bytes, answer.contentType) };
  };
}
